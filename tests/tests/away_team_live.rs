//! Away Team over WebSocket: a person commands the Away Team against the automatic Aliens,
//! whose d6 method enters the log as ordinary commands, with a spectator watching.

use crate::common;

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
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_a_match_plays_to_its_end_against_the_automatic_aliens() {
    a_match_plays_to_its_end_against_the_automatic_aliens(Db::postgres().await).await;
}

/// Sends `action` for a seat that has seen `seq` and returns the update that answers it.
async fn act(client: &mut Client, seq: &Value, action: Value) -> Value {
    client
        .send(json!({"t": "act", "seq": seq, "ref": "mine", "action": action}))
        .await;
    let update = client.recv_type("update").await;
    assert_eq!(update["ref"], "mine", "{update}");
    update
}

fn seq(frame: &Value) -> u64 {
    frame["seq"].as_u64().expect("a seq")
}

fn event_types(frame: &Value) -> Vec<String> {
    frame["events"]
        .as_array()
        .map(|e| {
            e.iter()
                .filter_map(|e| e["type"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Erratum 16: an order edit is told to its own side only. The other side and spectators get
/// no update for it and no number either: the seq each viewer sees counts only the commands it
/// was told of, so its next update follows on from its last, and its acts are never stale for an
/// edit it could not see. A restarted server numbers every viewer's updates as before.
#[tokio::test]
async fn erratum_16_order_edits_reach_only_their_own_side_not_even_as_a_seq() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let (match_id, tokens) = server
        .create(json!({
            "game": "away-team",
            "scenario": "crystal-spires",
            "seed": 16,
            "seats": [{"seat": "away-team", "name": "Kirk"}, {"seat": "aliens", "name": "Gorn"}],
        }))
        .await;
    let token = |seat: &str| {
        tokens
            .iter()
            .find(|(s, _)| s == seat)
            .map(|(_, t)| t.clone())
            .expect("a token")
    };
    let mut kirk = server.connect(&match_id, Some(&token("away-team"))).await;
    let mut gorn = server.connect(&match_id, Some(&token("aliens"))).await;
    let mut spectator = server.connect(&match_id, None).await;
    let start = seq(&kirk.recv_type("welcome").await);
    assert_eq!(seq(&gorn.recv_type("welcome").await), start);
    assert_eq!(seq(&spectator.recv_type("welcome").await), start);

    // Four edits of the Away Team, each answered to its own seat with its whole edit.
    let edits = [
        json!({"type": "order", "crew": "sec", "order": {"order": "fire", "target": "raiders-1", "mode": "kill"}}),
        json!({"type": "retreat"}),
        json!({"type": "cancel-retreat"}),
        json!({"type": "order", "crew": "sci", "order": {"order": "hold"}}),
    ];
    let mut kirk_seq = start;
    for edit in edits {
        let update = act(&mut kirk, &json!(kirk_seq), edit).await;
        assert_eq!(seq(&update), kirk_seq + 1);
        assert_eq!(event_types(&update), ["edited"]);
        assert!(update["events"][0]["edit"].is_object(), "{update}");
        kirk_seq += 1;
    }
    let locked = act(&mut kirk, &json!(kirk_seq), json!({"type": "lock"})).await;
    kirk_seq = seq(&locked);

    // The Aliens and the spectator learn of the lock alone, numbered next after their welcome.
    for watcher in [&mut gorn, &mut spectator] {
        let update = watcher.recv_type("update").await;
        assert_eq!(seq(&update), start + 1, "{update}");
        assert_eq!(
            update["events"],
            json!([{"type": "locked", "seat": "away-team"}])
        );
        assert!(update["view"]["away_team_orders"].is_null(), "{update}");
    }

    // The Aliens' targets, sent on what they have seen: never stale, told to them alone.
    let mut gorn_seq = start + 1;
    for alien in ["raiders-1", "raiders-2", "raiders-3"] {
        let target = json!({"type": "target", "alien": alien, "crew": "sec"});
        let update = act(&mut gorn, &json!(gorn_seq), target).await;
        assert_eq!(seq(&update), gorn_seq + 1);
        assert_eq!(event_types(&update), ["edited"]);
        gorn_seq += 1;
    }
    let revealed = act(&mut gorn, &json!(gorn_seq), json!({"type": "lock"})).await;
    gorn_seq = seq(&revealed);
    let kirk_reveal = kirk.recv_type("update").await;
    assert_eq!(seq(&kirk_reveal), kirk_seq + 1);
    kirk_seq += 1;
    let watched = spectator.recv_type("update").await;
    assert_eq!(seq(&watched), start + 2);
    for update in [&kirk_reveal, &watched] {
        let types = event_types(update);
        assert_eq!(types[..2], ["locked", "revealed"], "{update}");
        assert!(!types.contains(&"edited".to_owned()), "{update}");
    }
    // Nobody received an edit of the other side, whole or hidden.
    for (client, other) in [(&kirk, "aliens"), (&gorn, "away-team"), (&spectator, "")] {
        for frame in &client.frames {
            let frame: Value = serde_json::from_str(frame).expect("JSON");
            for event in frame["events"].as_array().into_iter().flatten() {
                assert!(
                    event["type"] != "edited" || (!other.is_empty() && event["seat"] != other),
                    "{frame}"
                );
            }
        }
    }

    // After a restart every viewer is numbered as before.
    server.kill();
    let mut server = Server::start(&db).await;
    for (token, expected) in [
        (Some(token("away-team")), kirk_seq),
        (Some(token("aliens")), gorn_seq),
        (None, start + 2),
    ] {
        let mut client = server.connect(&match_id, token.as_deref()).await;
        assert_eq!(seq(&client.recv_type("welcome").await), expected);
    }
    server.kill();
    db.drop_db().await;
}
