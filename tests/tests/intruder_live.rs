//! Intruder over the network: a solitaire match created over HTTP and played over WebSocket by
//! the crew seat against the automatic Intruder, watched by a spectator to whom no face-down
//! counter is ever named; a bot crew plays a match to its end and its replay rebuilds it.

use crate::common;

use std::collections::HashSet;

use common::intruder::{assert_no_face_down_identity, events_of, next_view};
use common::{Client, Db, Server};
use serde_json::{Value, json};

/// Sends `action` on the view of `frame` and returns the refusal the server answers with.
async fn refused(client: &mut Client, frame: &Value, action: Value) -> Value {
    // Unchecked: some of these actions break the served schema on purpose.
    let act = json!({"t": "act", "seq": frame["seq"], "action": action});
    client.send_text(act.to_string()).await;
    client.recv_type("error").await
}

/// The rooms holding a counter whose identity the viewer does not know (face down).
fn face_down_rooms(view: &Value) -> HashSet<String> {
    view["counters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["identity"].is_null())
        .filter_map(|c| c["room"].as_str().map(str::to_owned))
        .collect()
}

/// The crew's choice while driving towards an interaction: a move into a room with a face-down
/// counter when one is legal, else whatever closes the current step.
fn towards_a_reveal(view: &Value) -> Value {
    let legal = view["legal"].as_array().cloned().unwrap_or_default();
    let hidden = face_down_rooms(view);
    let step = |t: &str| legal.iter().find(|a| a["type"] == t).cloned();
    legal
        .iter()
        .find(|a| a["type"] == "move" && hidden.contains(a["to"].as_str().unwrap_or("")))
        .cloned()
        .or_else(|| step("end-movement"))
        .or_else(|| step("no-defence"))
        .or_else(|| step("end-actions"))
        .unwrap_or_else(|| legal[0].clone())
}

async fn a_solitaire_crew_plays_over_websocket_and_nothing_hidden_leaks(db: Db) {
    let mut server = Server::start(&db).await;
    let (match_id, tokens) = server
        .create(json!({
            "game": "intruder",
            "scenario": "solitaire",
            "seed": 4_004,
            "seats": [{"seat": "crew", "name": "Ripley"}],
        }))
        .await;
    let (_, summary) = server.get(&format!("/api/matches/{match_id}")).await;
    assert_eq!(summary["scenario"], "solitaire", "{summary}");
    assert_eq!(summary["status"], "live", "{summary}");
    let token = tokens[0].1.clone();
    let mut spectator = server.connect(&match_id, None).await;
    let mut crew = server.connect(&match_id, Some(&token)).await;

    let welcome = next_view(&mut crew).await;
    let view = welcome["view"].clone();
    assert_eq!(view["prompt"]["type"], "crew-movement", "{view}");
    // What the set-up played (the first turn's phase 1 and First Interaction) is told.
    assert_eq!(welcome["seq"], 0);
    assert!(
        view["set_up"]
            .as_array()
            .is_some_and(|told| told.iter().any(|e| e["type"] == "counter-moved")),
        "{view}"
    );
    assert_eq!(view["to_act"], json!(["crew"]));

    // Malformed, illegal and out-of-phase intents: each refused with its code, nothing changes.
    let c1 = view["crew"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["crewman"] == "c1"))
        .cloned()
        .expect("C1 is aboard");
    assert_eq!(c1["room"], "cm", "the crew starts in the Command Module");
    for (action, code) in [
        (json!({"type": "move", "crewman": "c1"}), "bad_action"),
        (json!({"type": "teleport", "crewman": "c1"}), "bad_action"),
        (
            json!({"type": "move", "crewman": "c1", "to": "hall"}),
            "bad_action",
        ),
        (
            json!({"type": "move", "crewman": "c1", "to": "dk2"}),
            "not_adjacent",
        ),
        (json!({"type": "end-actions"}), "wrong_phase"),
        (json!({"type": "no-defence"}), "wrong_phase"),
    ] {
        let error = refused(&mut crew, &welcome, action.clone()).await;
        assert_eq!(error["code"], code, "{action}: {error}");
        assert!(error["message"].is_string(), "{error}");
    }
    let spectator_welcome = next_view(&mut spectator).await;
    let error = refused(
        &mut spectator,
        &spectator_welcome,
        json!({"type": "end-movement"}),
    )
    .await;
    assert_eq!(error["code"], "spectator_cannot_act", "{error}");
    let mut again = server.connect(&match_id, Some(&token)).await;
    assert_eq!(
        next_view(&mut again).await["view"],
        view,
        "the refusals changed nothing"
    );
    again.close().await;

    // The crew moves a crewman: the move is one of the legal list, its MP are spent.
    let step = json!({"type": "move", "crewman": "c1", "to": "a1"});
    assert!(view["legal"].as_array().is_some_and(|l| l.contains(&step)));
    crew.send(json!({"t": "act", "seq": welcome["seq"], "action": step}))
        .await;
    let moved = next_view(&mut crew).await;
    let told = events_of(&moved);
    assert!(
        told.iter()
            .any(|e| e["type"] == "crew-moved" && e["crewman"] == "c1" && e["to"] == "a1"),
        "{moved}"
    );
    let c1_now = moved["view"]["crew"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["crewman"] == "c1"))
        .cloned()
        .expect("C1");
    assert_eq!(c1_now["room"], "a1");
    assert!(c1_now["mp"].as_u64() < c1["mp"].as_u64(), "{c1_now}");

    // Ending the movement (and every later step, moving into hidden counters) reaches an
    // interaction: the counter is turned face up.
    let mut frame = moved;
    let mut ended_movement = false;
    let revealed = loop {
        if let Some(reveal) = events_of(&frame)
            .into_iter()
            .find(|e| e["type"] == "revealed")
        {
            break reveal;
        }
        assert!(
            frame["view"]["outcome"].is_null(),
            "over before any reveal: {frame}"
        );
        let action = towards_a_reveal(&frame["view"]);
        ended_movement |= action["type"] == "end-movement";
        crew.send(json!({"t": "act", "seq": frame["seq"], "action": action}))
            .await;
        frame = next_view(&mut crew).await;
    };
    assert!(ended_movement);
    assert!(
        ["intruder", "lab-animal", "dummy"].contains(&revealed["identity"].as_str().unwrap_or("")),
        "{revealed}"
    );

    // A reconnect's snapshot is the live view.
    let mut back = server.connect(&match_id, Some(&token)).await;
    assert_eq!(next_view(&mut back).await["view"], frame["view"]);
    back.close().await;

    // The spectator saw the same reveal, and neither stream ever named a face-down counter.
    loop {
        let seen = next_view(&mut spectator).await;
        if seen["seq"] == frame["seq"] {
            assert_eq!(seen["view"]["counters"], frame["view"]["counters"]);
            assert_eq!(seen["view"]["legal"], json!([]));
            break;
        }
    }
    assert_no_face_down_identity(&spectator.frames, None);
    assert_no_face_down_identity(&crew.frames, None);
    server.kill();
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_a_solitaire_crew_plays_over_websocket_and_nothing_hidden_leaks() {
    a_solitaire_crew_plays_over_websocket_and_nothing_hidden_leaks(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_a_solitaire_crew_plays_over_websocket_and_nothing_hidden_leaks() {
    a_solitaire_crew_plays_over_websocket_and_nothing_hidden_leaks(Db::postgres().await).await;
}

#[tokio::test]
async fn intruder_is_listed_with_its_built_in_scenario_and_unknown_ones_are_refused() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, 200);
    let intruder = games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == "intruder"))
        .expect("intruder is listed");
    assert_eq!(intruder["name"], "Intruder");
    assert_eq!(
        intruder["scenarios"][0],
        json!({"id": "solitaire", "name": "Solitaire", "seats": ["crew"]})
    );
    assert_eq!(intruder["options"]["turn-limit"]["default"], 100);

    let crew = json!([{"seat": "crew", "name": "Ripley"}]);
    for (scenario, seats, code) in [
        (
            json!("return-of-the-thing"),
            crew.clone(),
            "unknown_scenario",
        ),
        // An uploaded file's id is no Intruder scenario.
        (json!("crystal-spires"), crew.clone(), "unknown_scenario"),
        (
            json!("solitaire"),
            json!([{"seat": "marines", "name": "Hicks"}]),
            "unknown_seat",
        ),
    ] {
        let (status, body) = server
            .post(
                "/api/matches",
                json!({"game": "intruder", "scenario": scenario, "seats": seats}),
            )
            .await;
        assert_eq!((status, body["code"].as_str()), (400, Some(code)), "{body}");
    }
    // Without a scenario a match is the default one, solitaire.
    let (id, _) = server
        .create(json!({"game": "intruder", "seats": crew}))
        .await;
    let mut spectator = server.connect(&id, None).await;
    assert_eq!(
        next_view(&mut spectator).await["view"]["scenario"],
        "solitaire"
    );
    drop(server);
    db.drop_db().await;
}

async fn a_bot_crew_plays_to_the_end_and_the_replay_rebuilds_the_match(db: Db) {
    let server = Server::start(&db).await;
    let (id, tokens) = server
        .create(json!({
            "game": "intruder",
            "scenario": "solitaire",
            "seed": 77,
            "options": {"turn-limit": 6},
            "seats": [{"seat": "crew", "bot": true}],
        }))
        .await;
    assert!(tokens.is_empty());
    let mut spectator = server.connect(&id, None).await;
    let last = loop {
        let frame = next_view(&mut spectator).await;
        if !frame["view"]["outcome"].is_null() {
            break frame["view"].clone();
        }
    };
    assert!(last["turn"].as_u64() <= Some(6), "{last}");
    let deadline = tokio::time::Instant::now() + common::PATIENCE;
    let summary = loop {
        let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
        if summary["status"] == "finished" {
            break summary;
        }
        assert!(tokio::time::Instant::now() < deadline, "never finished");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert_eq!(summary["outcome"], last["outcome"]);

    let (status, replay) = server.get(&format!("/api/matches/{id}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    let steps = replay["steps"].as_array().expect("steps");
    assert!(steps.iter().all(|s| s["seat"] == "crew"), "{replay}");
    let rebuilt = &steps.last().expect("a step")["view"];
    for key in [
        "outcome", "turn", "phase", "score", "crew", "objects", "stage",
    ] {
        assert_eq!(rebuilt[key], last[key], "{key}");
    }
    assert_eq!(replay["initial"]["turn"], 1);
    // The set-up's dice are in the replay: the first turn's phase 1 at least.
    let set_up = replay["initial"]["set_up"]
        .as_array()
        .expect("the set-up's events");
    assert_eq!(
        set_up[0],
        json!({"type": "phase-begun", "turn": 1, "phase": "movement"})
    );
    assert!(
        set_up
            .iter()
            .any(|e| e["type"] == "counter-moved" && e["roll"].as_u64() > Some(0))
    );
    assert_no_face_down_identity(&spectator.frames, Some(&replay));
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_a_bot_crew_plays_to_the_end_and_the_replay_rebuilds_the_match() {
    a_bot_crew_plays_to_the_end_and_the_replay_rebuilds_the_match(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_a_bot_crew_plays_to_the_end_and_the_replay_rebuilds_the_match() {
    a_bot_crew_plays_to_the_end_and_the_replay_rebuilds_the_match(Db::postgres().await).await;
}
