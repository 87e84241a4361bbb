//! A whole Artemia match over the network, on each backend: three human Hunted play random
//! legal moves read from their own views against a bot Creature, a spectator watches, and no
//! one ever receives another Hunted's face-down card before the reveal.

use crate::common;

use common::{Client, Db, Picker, Server, artemia_with_humans};
use serde_json::{Value, json};

/// Plays as one seat: answers every view that offers it something with a random legal move.
/// Returns when the match is over, with the last view.
async fn play_seat(mut client: Client, seed: u64) -> (Client, Value) {
    let mut pick = Picker(seed);
    let mut sent = 0u64;
    loop {
        let frame = client.recv().await;
        match frame["t"].as_str() {
            Some("welcome" | "update") => {
                let view = &frame["view"];
                if !view["outcome"].is_null() {
                    return (client, view.clone());
                }
                let legal = view["legal"].as_array().cloned().unwrap_or_default();
                if !legal.is_empty() {
                    let action = legal[pick.below(legal.len())].clone();
                    sent += 1;
                    let act = json!({"t": "act", "seq": frame["seq"], "ref": format!("m{sent}"), "action": action});
                    client.send(act).await;
                }
            }
            // A move sent on a view that a simultaneous update had made stale: the next
            // update brings a fresh one.
            Some("error") => assert_eq!(frame["code"], "stale_seq", "{frame}"),
            _ => {}
        }
    }
}

/// Watches until the match is over.
async fn watch(mut client: Client) -> (Client, Value) {
    loop {
        let frame = client.recv().await;
        if matches!(frame["t"].as_str(), Some("welcome" | "update"))
            && !frame["view"]["outcome"].is_null()
        {
            return (client, frame["view"].clone());
        }
    }
}

/// No frame shows `me` (a Hunted index, or none for a spectator) another Hunted's
/// face-down card: `in_play` of the others is hidden until the reveal, and so are the
/// cards of their commits and River choices.
fn assert_no_face_down_card_leaked(frames: &[String], me: Option<usize>) {
    let mut checked = 0;
    for raw in frames {
        let frame: Value = serde_json::from_str(raw).expect("JSON");
        if let Some(view) = frame.get("view") {
            let revealed = matches!(
                view["phase"].as_str(),
                Some("reckoning" | "end-of-turn" | "over")
            ) && view["decision"]["kind"] != "river-choice";
            for (j, h) in view["hunted"]
                .as_array()
                .expect("hunted")
                .iter()
                .enumerate()
            {
                if Some(j) != me && !h["in_play"].is_null() {
                    assert!(revealed, "face-down card of hunted-{} leaked: {raw}", j + 1);
                }
                checked += 1;
            }
        }
        for event in frame["events"].as_array().into_iter().flatten() {
            let whose = event["hunted"]
                .as_str()
                .and_then(|s| s.strip_prefix("hunted-"));
            let theirs = whose.and_then(|n| n.parse::<usize>().ok()).map(|n| n - 1) != me;
            match event["type"].as_str() {
                Some("committed") if theirs => assert!(event["cards"].is_null(), "{raw}"),
                Some("river-choice") if theirs => {
                    assert!(
                        event["kept"].is_null() && event["returned"].is_null(),
                        "{raw}"
                    )
                }
                _ => {}
            }
        }
    }
    assert!(checked > 100, "too few views checked: {checked}");
}

async fn a_match_with_three_humans_and_a_bot_creature_plays_to_the_end(db: Db) {
    let server = Server::start(&db).await;
    let (id, tokens) = server.create(artemia_with_humans(3, 2024)).await;
    assert_eq!(tokens.len(), 3);
    let spectator = server.connect(&id, None).await;
    let mut players = Vec::new();
    for (k, (seat, token)) in tokens.iter().enumerate() {
        let client = server.connect(&id, Some(token)).await;
        players.push(tokio::spawn(play_seat(client, 100 + k as u64)));
        assert_eq!(seat, &format!("hunted-{}", k + 1));
    }
    let watching = tokio::spawn(watch(spectator));
    let mut finals = Vec::new();
    for (k, player) in players.into_iter().enumerate() {
        let (client, view) = player.await.expect("the player finishes");
        assert_no_face_down_card_leaked(&client.frames, Some(k));
        finals.push(view);
    }
    let (spectator, seen) = watching.await.expect("the spectator finishes");
    assert_no_face_down_card_leaked(&spectator.frames, None);
    let outcome = &seen["outcome"];
    assert!(["rescue", "assimilation"].contains(&outcome["reason"].as_str().unwrap_or("")));
    for view in &finals {
        assert_eq!(&view["outcome"], outcome);
    }
    let (status, finished) = server.get("/api/matches?status=finished").await;
    assert_eq!(status, 200);
    let listed = finished
        .as_array()
        .expect("a list")
        .iter()
        .find(|m| m["id"] == id.as_str())
        .expect("the match is listed as finished");
    assert_eq!(&listed["outcome"], outcome);
    assert_eq!(listed["status"], "finished");
    let (status, replay) = server.get(&format!("/api/matches/{id}/replay")).await;
    assert_eq!(status, 200);
    let last = replay["steps"]
        .as_array()
        .and_then(|s| s.last())
        .expect("steps");
    assert_eq!(&last["view"]["outcome"], outcome);
    drop(server);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_a_match_with_three_humans_and_a_bot_creature_plays_to_the_end() {
    a_match_with_three_humans_and_a_bot_creature_plays_to_the_end(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_a_match_with_three_humans_and_a_bot_creature_plays_to_the_end() {
    a_match_with_three_humans_and_a_bot_creature_plays_to_the_end(Db::postgres().await).await;
}

#[tokio::test]
async fn an_all_bot_match_plays_to_its_end_by_itself() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let (id, tokens) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true},
            {"seat": "hunted-1", "bot": true},
            {"seat": "hunted-2", "bot": true},
        ]}))
        .await;
    assert!(tokens.is_empty());
    let deadline = tokio::time::Instant::now() + common::PATIENCE;
    loop {
        let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
        if summary["status"] == "finished" {
            assert!(!summary["outcome"].is_null());
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bots never finished"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    drop(server);
    db.drop_db().await;
}
