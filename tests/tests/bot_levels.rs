//! Bot levels over REST: chosen per seat at creation, listed per game, kept with the match
//! across a restart, and refused with stable codes when unknown or not offered.

use crate::common;

use common::{Db, Server};
use serde_json::json;

#[tokio::test]
async fn a_bot_keeps_its_level_in_the_summary_and_across_a_restart() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let (_, games) = server.get("/api/games").await;
    let derelict = games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == "derelict"))
        .expect("derelict is listed");
    assert_eq!(
        derelict["bots"]["aliens"],
        json!(["random", "normal", "strong"]),
        "{derelict}"
    );
    let (id, _) = server
        .create(
            json!({"game": "derelict", "scenario": "corridor-run", "seats": [
            {"seat": "marines", "name": "Ann"},
            {"seat": "aliens", "bot": true, "level": "strong"}]}),
        )
        .await;
    let path = format!("/api/matches/{id}");
    let (status, summary) = server.get(&path).await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["seats"][0]["level"], json!(null), "{summary}");
    assert_eq!(summary["seats"][1]["bot"], true, "{summary}");
    assert_eq!(summary["seats"][1]["level"], "strong", "{summary}");

    server.kill();
    let server = Server::start(&db).await;
    let (_, summary) = server.get(&path).await;
    assert_eq!(summary["seats"][1]["level"], "strong", "kept: {summary}");
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn a_bot_without_a_level_plays_at_random_and_a_person_has_no_level() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let (id, _) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"}]}))
        .await;
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["seats"][0]["level"], "random", "{summary}");
    for (body, code) in [
        (
            json!({"game": "artemia", "seats": [
                {"seat": "creature", "bot": true, "level": "hard"}, {"seat": "hunted-1", "name": "Ann"}]}),
            "unknown_bot_level",
        ),
        (
            json!({"game": "artemia", "seats": [
                {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann", "level": "strong"}]}),
            "bad_seats",
        ),
        (
            json!({"game": "intruder", "scenario": "science-officer", "seats": [
                {"seat": "science", "bot": true, "level": "strong"}, {"seat": "command", "bot": true}]}),
            "bot_level_unavailable",
        ),
    ] {
        let (status, answer) = server.post("/api/matches", body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["code"], code, "{body}: {answer}");
    }
    drop(server);
    db.drop_db().await;
}
