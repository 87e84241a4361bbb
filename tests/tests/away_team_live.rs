//! Away Team over WebSocket: a person commands the Away Team against the automatic Aliens,
//! whose d6 method enters the log as ordinary commands, with a spectator watching.

mod common;

use std::collections::HashSet;

use common::{Client, Db, Server};
use serde_json::{Value, json};

fn to_act(view: &Value, seat: &str) -> bool {
    view["to_act"]
        .as_array()
        .is_some_and(|s| s.iter().any(|x| x == seat))
}

/// Commands the Away Team from its legal list until the match ends: each round every crew
/// member fires (kill) at the first target offered, then the orders are locked. Returns the
/// final view.
async fn command_the_away_team(client: &mut Client) -> Value {
    let mut ordered: HashSet<(Value, Value)> = HashSet::new();
    loop {
        let frame = client.recv().await;
        if !["welcome", "update"].contains(&frame["t"].as_str().unwrap_or("")) {
            continue;
        }
        let view = &frame["view"];
        if !view["outcome"].is_null() {
            return view.clone();
        }
        if !to_act(view, "away-team") {
            continue;
        }
        let legal = view["legal"].as_array().cloned().unwrap_or_default();
        let fire = legal.iter().find(|a| {
            a["type"] == "order"
                && a["order"]["order"] == "fire"
                && a["order"]["mode"] == "kill"
                && !ordered.contains(&(view["round"].clone(), a["crew"].clone()))
        });
        let action = fire
            .or_else(|| legal.iter().find(|a| a["type"] == "lock"))
            .cloned()
            .expect("an order or the lock is always legal for the side to act");
        if action["type"] == "order" {
            ordered.insert((view["round"].clone(), action["crew"].clone()));
        }
        client
            .send(json!({"t": "act", "seq": frame["seq"], "action": action}))
            .await;
    }
}

async fn a_match_plays_to_its_end_against_the_automatic_aliens(db: Db) {
    let mut server = Server::start(&db).await;
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, 200);
    let away_team = games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == "away-team"))
        .expect("away-team is listed");
    assert!(
        away_team["scenarios"]
            .as_array()
            .is_some_and(|s| s.iter().any(|s| s["id"] == "crystal-spires")),
        "the shipped encounters are listed: {away_team}"
    );
    let (match_id, tokens) = server
        .create(json!({
            "game": "away-team",
            "scenario": "crystal-spires",
            "seed": 2_024,
            "seats": [{"seat": "away-team", "name": "Kirk"}, {"seat": "aliens", "bot": true}],
        }))
        .await;
    let mut spectator = server.connect(&match_id, None).await;
    let mut player = server.connect(&match_id, Some(&tokens[0].1)).await;
    let last = command_the_away_team(&mut player).await;
    let outcome = &last["outcome"];
    assert!(outcome["reason"].is_string(), "{outcome}");

    let watched = loop {
        let frame = spectator.recv().await;
        if !frame["view"]["outcome"].is_null() {
            break frame["view"].clone();
        }
    };
    assert_eq!(&watched["outcome"], outcome);
    assert!(watched["legal"].as_array().is_some_and(Vec::is_empty));

    let (status, summary) = server.get(&format!("/api/matches/{match_id}")).await;
    assert_eq!(status, 200);
    assert_eq!(summary["status"], "finished", "{summary}");
    let (status, replay) = server.get(&format!("/api/matches/{match_id}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    let steps = replay["steps"].as_array().expect("steps");
    assert!(
        steps
            .iter()
            .any(|s| s["seat"] == "aliens" && s["action"]["type"] == "roll-targets"),
        "the automatic Aliens' d6 method is in the log as their own command"
    );
    server.kill();
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_a_match_plays_to_its_end_against_the_automatic_aliens() {
    a_match_plays_to_its_end_against_the_automatic_aliens(Db::sqlite()).await;
}

#[tokio::test]
async fn postgres_a_match_plays_to_its_end_against_the_automatic_aliens() {
    if let Some(db) = Db::postgres().await {
        a_match_plays_to_its_end_against_the_automatic_aliens(db).await;
    }
}
