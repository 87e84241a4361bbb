//! A live match's dice are unknowable: nobody but an admin (or a development server) chooses a
//! seed, a chosen seed is public knowledge, and the seed itself is told only once the match is
//! over.

use crate::common;

use std::time::Duration;

use common::{ADMIN_TOKEN, Db, PATIENCE, Server};
use serde_json::{Value, json};

fn all_bots(seed: Option<u64>) -> Value {
    let mut body = json!({
        "game": "artemia",
        "seats": [{"seat": "creature", "bot": true}, {"seat": "hunted-1", "bot": true}],
    });
    if let Some(seed) = seed {
        body["seed"] = json!(seed);
    }
    body
}

async fn create_as(server: &Server, body: &Value, token: Option<&str>) -> (u16, Value) {
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(auth) = &auth {
        headers.push(("Authorization", auth.as_str()));
    }
    server
        .raw(
            "POST",
            "/api/matches",
            &headers,
            body.to_string().as_bytes(),
        )
        .await
}

async fn wait_finished(server: &Server, id: &str) -> Value {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (status, summary) = server.get(&format!("/api/matches/{id}")).await;
        assert_eq!(status, 200, "{summary}");
        if summary["status"] == "finished" {
            return summary;
        }
        assert!(tokio::time::Instant::now() < deadline, "{summary}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn a_chosen_seed_needs_the_admin_token_and_is_public(db: Db) {
    let server = Server::start_with(&db, &[]).await;

    for token in [None, Some("not-the-admin-token")] {
        let (status, body) = create_as(&server, &all_bots(Some(7)), token).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["code"], "seed_not_allowed", "{body}");
    }
    let (_, listed) = server.get("/api/matches").await;
    assert_eq!(listed, json!([]), "a refused creation stores nothing");

    let (status, chosen) = create_as(&server, &all_bots(Some(7)), Some(ADMIN_TOKEN)).await;
    assert_eq!(status, 201, "{chosen}");
    let (status, drawn) = create_as(&server, &all_bots(None), None).await;
    assert_eq!(status, 201, "{drawn}");
    let chosen = chosen["id"].as_str().expect("an id");
    let drawn = drawn["id"].as_str().expect("an id");

    let (_, summary) = server.get(&format!("/api/matches/{chosen}")).await;
    assert_eq!(summary["seeded"], true, "{summary}");
    assert!(summary.get("seed").is_none(), "{summary}");
    let (_, summary) = server.get(&format!("/api/matches/{drawn}")).await;
    assert_eq!(summary["seeded"], false, "{summary}");
    let (_, listed) = server.get("/api/matches").await;
    let seeded: Vec<&Value> = listed
        .as_array()
        .expect("a list")
        .iter()
        .map(|m| &m["seeded"])
        .collect();
    assert_eq!(seeded, [&json!(false), &json!(true)], "newest first");
    assert!(!listed.to_string().contains("\"seed\""), "{listed}");

    // The seed is told by the replay, once nothing is left to roll.
    wait_finished(&server, chosen).await;
    wait_finished(&server, drawn).await;
    let (_, replay) = server.get(&format!("/api/matches/{chosen}/replay")).await;
    assert_eq!(replay["seed"], 7);
    let (_, replay) = server.get(&format!("/api/matches/{drawn}/replay")).await;
    assert!(replay["seed"].is_u64(), "{}", replay["seed"]);
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_a_chosen_seed_needs_the_admin_token_and_is_public() {
    a_chosen_seed_needs_the_admin_token_and_is_public(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_a_chosen_seed_needs_the_admin_token_and_is_public() {
    a_chosen_seed_needs_the_admin_token_and_is_public(Db::postgres().await).await;
}

#[tokio::test]
async fn a_development_server_lets_anyone_choose_a_seed_and_says_so() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let (status, created) = create_as(&server, &all_bots(Some(9)), None).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("an id");
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["seeded"], true, "{summary}");
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn matches_without_a_chosen_seed_get_different_dice() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let mut seeds = Vec::new();
    for _ in 0..3 {
        let (status, created) = create_as(&server, &all_bots(None), None).await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().expect("an id").to_owned();
        wait_finished(&server, &id).await;
        let (_, replay) = server.get(&format!("/api/matches/{id}/replay")).await;
        seeds.push(replay["seed"].as_u64().expect("a seed"));
    }
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 3, "drawn from the OS: {seeds:?}");
    drop(server);
    db.drop_db().await;
}
