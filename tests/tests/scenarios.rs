//! Scenario files over HTTP: listing, checking, and the admin's uploads and deletions.

use crate::common;

use common::{ADMIN_TOKEN, Db, Server};

const BEARER: &str = "Bearer test-admin-token";

#[tokio::test]
async fn the_admin_api_needs_the_admin_token() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    assert_eq!(format!("Bearer {ADMIN_TOKEN}"), BEARER);
    let file = b"DERELICT 1\n";
    for headers in [
        vec![],
        vec![("Authorization", "Bearer wrong")],
        vec![("Authorization", ADMIN_TOKEN)],
    ] {
        let (status, body) = server
            .raw("POST", "/api/admin/scenarios", &headers, file)
            .await;
        assert_eq!(status, 401, "{headers:?}: {body}");
        assert_eq!(body["code"], "unauthorized");
        let (status, body) = server
            .raw(
                "DELETE",
                "/api/admin/scenarios/chapel-crossing",
                &headers,
                b"",
            )
            .await;
        assert_eq!(status, 401, "{body}");
    }
    server.kill();
    db.drop_db().await;
}

#[tokio::test]
async fn a_file_of_no_game_is_refused_with_its_position() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    for path in ["/api/scenarios/check", "/api/admin/scenarios"] {
        let (status, body) = server
            .raw("POST", path, &[("Authorization", BEARER)], b"hello\n")
            .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["code"], "scenario_invalid");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(message.starts_with("line 1, column 1: "), "{message}");
    }
    let (status, body) = server
        .raw("POST", "/api/scenarios/check?game=chess", &[], b"hello\n")
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "unknown_game");
    let (status, body) = server.get("/api/scenarios/no-such-scenario").await;
    assert_eq!(status, 404, "{body}");
    server.kill();
    db.drop_db().await;
}

const CHAPEL_CROSSING: &str = include_str!("../../scenarios/derelict/chapel-crossing.txt");
const CRYSTAL_SPIRES: &str = include_str!("../../scenarios/away-team/crystal-spires.toml");

fn ids(list: &serde_json::Value) -> Vec<String> {
    list.as_array()
        .map(|l| {
            l.iter()
                .filter_map(|s| s["id"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn shipped_scenarios_are_listed_at_start() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let (status, list) = server.get("/api/scenarios?game=derelict").await;
    assert_eq!(status, 200);
    let derelict = ids(&list);
    assert!(derelict.len() >= 3, "{list}");
    assert!(derelict.contains(&"chapel-crossing".to_owned()));
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .all(|s| s["shipped"] == true)
    );
    let (status, one) = server.get("/api/scenarios/chapel-crossing").await;
    assert_eq!(status, 200);
    assert_eq!(one["text"], CHAPEL_CROSSING);
    assert_eq!(one["name"], "Chapel Crossing");
    let (_, list) = server.get("/api/scenarios?game=away-team").await;
    assert!(ids(&list).contains(&"crystal-spires".to_owned()), "{list}");
    server.kill();
    db.drop_db().await;
}

#[tokio::test]
async fn an_uploaded_scenario_is_listed_and_playable_at_once() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let file = CHAPEL_CROSSING.replace("Chapel Crossing", "Chapel Revisited");
    let id = server.upload_scenario(&file).await;
    assert_eq!(id, "chapel-revisited", "the id comes from the title");

    let (_, games) = server.get("/api/games").await;
    let derelict = games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == "derelict"))
        .expect("derelict is listed");
    assert!(ids(&derelict["scenarios"]).contains(&id), "{derelict}");
    let (status, list) = server.get("/api/scenarios?game=derelict").await;
    assert_eq!(status, 200);
    let uploaded = list
        .as_array()
        .and_then(|l| l.iter().find(|s| s["id"] == id.as_str()))
        .expect("listed");
    assert_eq!(uploaded["shipped"], false);

    let (match_id, _) = server
        .create(serde_json::json!({
            "game": "derelict",
            "scenario": id,
            "seats": [{"seat": "marines", "bot": true}, {"seat": "aliens", "bot": true}],
        }))
        .await;
    let (_, summary) = server.get(&format!("/api/matches/{match_id}")).await;
    assert_eq!(summary["scenario"], "chapel-revisited");
    let mut spectator = server.connect(&match_id, None).await;
    let welcome = spectator.recv_type("welcome").await;
    assert_eq!(welcome["view"]["title"], "Chapel Revisited");

    // Replacing or deleting the file later does not touch the match: it kept its own copy.
    let auth = [("Authorization", BEARER)];
    let (status, _) = server
        .raw("DELETE", &format!("/api/admin/scenarios/{id}"), &auth, b"")
        .await;
    assert_eq!(status, 204);
    let (status, _) = server.get(&format!("/api/scenarios/{id}")).await;
    assert_eq!(status, 404);
    server.kill();
    let mut server = Server::start(&db).await;
    let (_, summary) = server.get(&format!("/api/matches/{match_id}")).await;
    assert_eq!(summary["scenario"], "chapel-revisited", "{summary}");
    let mut spectator = server.connect(&match_id, None).await;
    let welcome = spectator.recv_type("welcome").await;
    assert_eq!(welcome["view"]["title"], "Chapel Revisited");
    server.kill();
    db.drop_db().await;
}

#[tokio::test]
async fn bad_uploads_are_refused_with_their_position_and_store_nothing() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let auth = [("Authorization", BEARER)];
    // Example 12 of the Derelict rules: the `A` on (7, 4) replaced by `Z`.
    let lines: Vec<String> = CHAPEL_CROSSING
        .lines()
        .enumerate()
        .map(|(k, l)| {
            if k == 17 {
                l.replacen("A", "Z", 1)
            } else {
                l.to_owned()
            }
        })
        .collect();
    let bad = lines.join("\n") + "\n";
    let (status, body) = server
        .raw("POST", "/api/admin/scenarios?id=zed", &auth, bad.as_bytes())
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "scenario_invalid");
    assert_eq!(body["message"], "line 18, column 8: invalid cell 'Z'");
    let (status, body) = server
        .raw("POST", "/api/scenarios/check", &[], bad.as_bytes())
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["message"], "line 18, column 8: invalid cell 'Z'");

    let encounter = CRYSTAL_SPIRES.replacen("count = 3", "count = 7", 1);
    let (status, body) = server
        .raw("POST", "/api/admin/scenarios", &auth, encounter.as_bytes())
        .await;
    assert_eq!(status, 400, "{body}");
    let message = body["message"].as_str().unwrap_or_default();
    assert!(message.contains("alien[0].count"), "{message}");

    let binary = b"DERELICT 1\ntitle: \xff\xfe\n";
    let (status, body) = server
        .raw("POST", "/api/admin/scenarios", &auth, binary)
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("line 2, column 8: ")),
        "{body}"
    );

    let (status, body) = server
        .raw(
            "POST",
            "/api/admin/scenarios?id=Bad/Id",
            &auth,
            CHAPEL_CROSSING.as_bytes(),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "bad_scenario_id");
    let (status, body) = server
        .raw(
            "POST",
            "/api/admin/scenarios?id=chapel-crossing",
            &auth,
            CHAPEL_CROSSING.as_bytes(),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "scenario_shipped");
    let (status, body) = server
        .raw("DELETE", "/api/admin/scenarios/chapel-crossing", &auth, b"")
        .await;
    assert_eq!(status, 409, "{body}");

    let (_, list) = server.get("/api/scenarios").await;
    assert!(
        list.as_array()
            .is_some_and(|l| l.iter().all(|s| s["shipped"] == true)),
        "nothing refused was stored: {list}"
    );

    // A good encounter goes in, and away-team matches can be made on it.
    let good = CRYSTAL_SPIRES.replace("Ambush at the Crystal Spires", "Second Ambush");
    let (status, body) = server
        .raw("POST", "/api/admin/scenarios", &auth, good.as_bytes())
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["game"], "away-team");
    assert_eq!(body["id"], "second-ambush");
    server.kill();
    db.drop_db().await;
}

#[tokio::test]
async fn malformed_requests_get_a_code_and_a_message() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let (status, body) = server.get("/api/scenarios?gmae=derelict").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "bad_query");
    let (status, body) = server.get("/api/matches?status=open&x=1").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "bad_query");
    let huge = vec![b'#'; 3 * 1024 * 1024];
    let (status, body) = server
        .raw(
            "POST",
            "/api/admin/scenarios",
            &[("Authorization", BEARER)],
            &huge,
        )
        .await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["code"], "body_too_large");
    let (status, body) = server
        .raw("POST", "/api/scenarios/check", &[], &huge[..70_000])
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("line 1, column 1: ")),
        "{body}"
    );
    server.kill();
    db.drop_db().await;
}
