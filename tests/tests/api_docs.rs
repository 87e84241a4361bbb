//! The API's own description against the real server: every refusal a bad request meets is
//! declared, with its code, for its route in `/api/openapi.json`; the schemas the checks of
//! every other test rely on do fail a frame that drifted from them.

use crate::common;

use common::{ADMIN_TOKEN, Db, Server};
use serde_json::{Value, json};

/// A bad request: method, path, extra headers, body; the status and code it must meet.
struct Bad {
    method: &'static str,
    path: String,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
    status: u16,
    code: &'static str,
}

fn bad(method: &'static str, path: &str, body: &str, status: u16, code: &'static str) -> Bad {
    Bad {
        method,
        path: path.to_owned(),
        headers: vec![("Content-Type", "application/json".to_owned())],
        body: body.as_bytes().to_vec(),
        status,
        code,
    }
}

impl Bad {
    fn with(mut self, name: &'static str, value: &str) -> Bad {
        self.headers.push((name, value.to_owned()));
        self
    }
}

const NO_MATCH: &str = "00000000-0000-4000-8000-000000000000";

#[tokio::test]
async fn every_refusal_of_a_bad_request_is_declared_for_its_route() {
    let db = Db::sqlite();
    let server = Server::start_with(
        &db,
        &["--max-body-bytes", "4096", "--creations-per-minute", "1000"],
    )
    .await;
    let api = server.api.clone().expect("the API description");
    let (open, _) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"},
            {"seat": "hunted-2"}]}))
        .await;
    let (live, tokens) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"}]}))
        .await;
    let token = &tokens[0].1;
    let seats = r#""seats":[{"seat":"creature","bot":true},{"seat":"hunted-1","name":"Ann"}]"#;
    let create = |body: String, status, code| bad("POST", "/api/matches", &body, status, code);
    let join = format!("/api/matches/{open}/join");
    let big = "x".repeat(5000);
    let map = "DERELICT 1\ntitle: Bad\nmap:\n#\n";
    let bearer = format!("Bearer {ADMIN_TOKEN}");
    let cases = vec![
        // Creating a match.
        create("not json".into(), 400, "bad_json"),
        create("{\"game\":".into(), 400, "bad_json"),
        create("[1,2".into(), 400, "bad_json"),
        create("".into(), 400, "bad_json"),
        create(format!(r#"{{"game":"artemia",{seats},"colour":"red"}}"#), 400, "bad_request"),
        create(format!(r#"{{"game":7,{seats}}}"#), 400, "bad_request"),
        create(r#"{"game":"artemia","seats":"creature"}"#.into(), 400, "bad_request"),
        create(format!(r#"{{{seats}}}"#), 400, "bad_request"),
        create(format!(r#"{{"game":"chess",{seats}}}"#), 400, "unknown_game"),
        create(format!(r#"{{"game":"artemia",{seats},"seed":1}}"#), 400, "seed_not_allowed"),
        create(r#"{"game":"artemia","seats":[]}"#.into(), 400, "bad_seats"),
        create(
            r#"{"game":"artemia","seats":[{"seat":"creature","bot":true},{"seat":"creature","bot":true},{"seat":"hunted-1","name":"A"}]}"#.into(),
            400,
            "duplicate_seat",
        ),
        create(
            r#"{"game":"artemia","seats":[{"seat":"creature","bot":true},{"seat":"marines","name":"A"}]}"#.into(),
            400,
            "unknown_seat",
        ),
        create(
            format!(r#"{{"game":"artemia",{seats},"options":{{"speed":9}}}}"#),
            400,
            "bad_options",
        ),
        create(
            r#"{"game":"artemia","seats":[{"seat":"creature","bot":true},{"seat":"hunted-1","name":""}]}"#.into(),
            400,
            "bad_name",
        ),
        create(
            r#"{"game":"derelict","seats":[{"seat":"marines","bot":true},{"seat":"aliens","bot":true}]}"#.into(),
            400,
            "scenario_required",
        ),
        create(
            r#"{"game":"derelict","scenario":"nowhere","seats":[{"seat":"marines","bot":true},{"seat":"aliens","bot":true}]}"#.into(),
            400,
            "unknown_scenario",
        ),
        create(
            r#"{"game":"artemia","seats":[{"seat":"creature","bot":true,"level":"hard"},{"seat":"hunted-1","name":"A"}]}"#.into(),
            400,
            "unknown_bot_level",
        ),
        create(
            r#"{"game":"intruder","scenario":"science-officer","seats":[{"seat":"science","bot":true,"level":"strong"},{"seat":"command","bot":true}]}"#.into(),
            400,
            "bot_level_unavailable",
        ),
        create(format!(r#"{{"game":"artemia",{seats},"x":"{big}"}}"#), 413, "body_too_large"),
        // Joining.
        bad("POST", &join, "{", 400, "bad_json"),
        bad("POST", &join, r#"{"seat":"hunted-2"}"#, 400, "bad_request"),
        bad("POST", &join, r#"{"seat":"hunted-2","name":"\u0007"}"#, 400, "bad_name"),
        bad("POST", &join, r#"{"seat":"hunted-1","name":"Bo"}"#, 409, "seat_taken"),
        bad("POST", &join, r#"{"seat":"hunted-5","name":"Bo"}"#, 404, "not_found"),
        bad(
            "POST",
            &format!("/api/matches/{NO_MATCH}/join"),
            r#"{"seat":"hunted-2","name":"Bo"}"#,
            404,
            "not_found",
        ),
        bad("POST", "/api/matches/nope/join", r#"{"seat":"hunted-2","name":"Bo"}"#, 404, "not_found"),
        // Reading matches.
        bad("GET", "/api/matches?status=done", "", 400, "bad_status"),
        bad("GET", "/api/matches?colour=red", "", 400, "bad_query"),
        bad("GET", &format!("/api/matches/{NO_MATCH}"), "", 404, "not_found"),
        bad("GET", "/api/matches/not-a-uuid", "", 404, "not_found"),
        bad("GET", &format!("/api/matches/{live}/replay"), "", 409, "not_finished"),
        bad("GET", &format!("/api/matches/{NO_MATCH}/replay"), "", 404, "not_found"),
        // Scenarios.
        bad("GET", "/api/scenarios?game=chess", "", 400, "unknown_game"),
        bad("GET", "/api/scenarios?colour=red", "", 400, "bad_query"),
        bad("GET", "/api/scenarios/no-such-map", "", 404, "not_found"),
        bad("POST", "/api/scenarios/check", map, 400, "scenario_invalid"),
        bad("POST", "/api/scenarios/check?game=chess", map, 400, "unknown_game"),
        bad("POST", "/api/scenarios/check", &big, 413, "body_too_large"),
        bad("POST", "/api/admin/scenarios", map, 401, "unauthorized"),
        bad("POST", "/api/admin/scenarios", map, 401, "unauthorized").with("Authorization", "Bearer wrong"),
        bad("POST", "/api/admin/scenarios", map, 400, "scenario_invalid").with("Authorization", &bearer),
        bad("POST", "/api/admin/scenarios?id=A%20B", &std::fs::read_to_string("../scenarios/derelict/corridor-run.txt").expect("a shipped map"), 400, "bad_scenario_id")
            .with("Authorization", &bearer),
        bad("DELETE", "/api/admin/scenarios/corridor-run", "", 409, "scenario_shipped").with("Authorization", &bearer),
        bad("DELETE", "/api/admin/scenarios/no-such-map", "", 404, "not_found").with("Authorization", &bearer),
        bad("DELETE", "/api/admin/scenarios/no-such-map", "", 401, "unauthorized"),
        // The match WebSocket, asked without an upgrade or with a wrong token.
        bad("GET", &format!("/ws/matches/{live}"), "", 400, "not_websocket"),
        bad("GET", &format!("/ws/matches/{live}?colour=red"), "", 400, "bad_query"),
        // The schemas.
        bad("GET", "/api/schema/chess", "", 404, "not_found"),
    ];
    assert!(cases.len() >= 45, "{} cases", cases.len());
    for case in &cases {
        let headers: Vec<(&str, &str)> = case
            .headers
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        // `raw` checks the answer against the document too (`common/api.rs`).
        let (status, body) = server
            .raw(case.method, &case.path, &headers, &case.body)
            .await;
        let what = format!("{} {}", case.method, case.path);
        assert_eq!(
            (status, body["code"].as_str()),
            (case.status, Some(case.code)),
            "{what}: {body}"
        );
        let declared = api
            .declared_codes(case.method, &case.path, status)
            .unwrap_or_else(|| panic!("{what} is not in the document"));
        assert!(
            declared.iter().any(|c| c == case.code),
            "{what}: {status} {} is not declared ({declared:?})",
            case.code
        );
    }
    // A wrong token on a real upgrade: refused before the socket opens.
    let wrong = format!("/ws/matches/{live}?token=nope");
    assert_eq!(server.refused_upgrade(&wrong).await, 401);
    let right = server.connect(&live, Some(token)).await;
    right.close().await;
    db.drop_db().await;
}

/// The checks every test runs on its frames can fail: a view or an action that drifted from
/// its served schema (a field renamed on one side, a variant dropped) is refused by it.
#[tokio::test]
async fn a_frame_that_drifted_from_its_served_schema_is_caught() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let (id, tokens) = server
        .create(json!({"game": "artemia", "seed": 5, "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"}]}))
        .await;
    let mut ann = server.connect(&id, Some(&tokens[0].1)).await;
    // The Creature's bot may not have moved yet: the view where Ann has something to send.
    let mut frame = ann.recv_type("welcome").await;
    while frame["view"]["legal"]
        .as_array()
        .is_none_or(|legal| legal.is_empty())
    {
        frame = ann.recv().await;
    }
    let (_, schemas) = server.get("/api/schema/artemia").await;
    let view_schema = jsonschema::validator_for(&schemas["view"]).expect("a schema");
    let view = &frame["view"];
    assert!(view_schema.is_valid(view), "the real view fits");

    // A field renamed in the view: the wire's name is refused, the schema's is missing.
    let mut renamed = view.clone();
    let object = renamed.as_object_mut().expect("a view object");
    let to_act = object.remove("to_act").expect("to_act");
    object.insert("to-act".into(), to_act);
    assert!(!view_schema.is_valid(&renamed), "a renamed field is caught");

    // An action of a kind the schema does not know (a variant dropped from it).
    let action_schema = jsonschema::validator_for(&schemas["action"]).expect("a schema");
    let legal = view["legal"][0].clone();
    assert!(action_schema.is_valid(&legal), "{legal}");
    let mut unknown = legal.clone();
    unknown["type"] = Value::from("teleport");
    assert!(
        !action_schema.is_valid(&unknown),
        "an unknown action is caught"
    );

    // An unknown frame type, and a known one with a field too many.
    let (_, frames) = server.get("/api/schema/frames").await;
    let client = jsonschema::validator_for(&frames["client"]).expect("a schema");
    assert!(client.is_valid(&json!({"t": "ping"})));
    assert!(!client.is_valid(&json!({"t": "shout", "text": "hi"})));
    assert!(!client.is_valid(&json!({"t": "chat", "text": "hi", "loud": true})));
    ann.close().await;
    db.drop_db().await;
}
