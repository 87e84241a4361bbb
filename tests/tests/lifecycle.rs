//! A match's life as stored: a match whose log ended it is finished after any restart, one
//! server per database, late acts told why, matches left alone abandoned, and replays that do
//! not rebuild rooms.

use crate::common;

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{Client, Db, PATIENCE, Picker, Server, free_port};
use serde_json::{Value, json};
use xenotable_server::store::MatchStatus;

async fn wait_status(server: &Server, id: &str, wanted: &str) -> Value {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (status, summary) = server.get(&format!("/api/matches/{id}")).await;
        assert_eq!(status, 200, "{summary}");
        if summary["status"] == wanted {
            return summary;
        }
        assert!(tokio::time::Instant::now() < deadline, "{summary}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The value of the `xenotable_live_rooms` gauge.
async fn live_rooms(server: &Server) -> f64 {
    let (_, text) = server.get("/metrics").await;
    let text = text.as_str().unwrap_or_default().to_owned();
    text.lines()
        .find_map(|l| l.strip_prefix("xenotable_live_rooms "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0.0)
}

async fn a_match_whose_log_ended_it_is_finished_after_a_restart(db: Db) {
    let mut server = Server::start(&db).await;
    let (id, _) = server
        .create(json!({"game": "artemia", "seed": 3, "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "bot": true}]}))
        .await;
    let finished = wait_status(&server, &id, "finished").await;
    server.kill();

    // What a SIGKILL between storing the last command and writing the status leaves behind.
    let store = db.store().await;
    let uuid = id.parse().expect("a uuid");
    store
        .set_status(uuid, MatchStatus::Live, None)
        .await
        .expect("rewound");
    store.close().await;

    let server = Server::start(&db).await;
    let summary = wait_status(&server, &id, "finished").await;
    assert_eq!(summary["outcome"], finished["outcome"], "{summary}");
    let (_, live) = server.get("/api/matches?status=live").await;
    assert_eq!(live, json!([]));
    let (status, replay) = server.get(&format!("/api/matches/{id}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    assert_eq!(
        live_rooms(&server).await,
        0.0,
        "no room for a finished match"
    );
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_a_match_whose_log_ended_it_is_finished_after_a_restart() {
    a_match_whose_log_ended_it_is_finished_after_a_restart(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_a_match_whose_log_ended_it_is_finished_after_a_restart() {
    a_match_whose_log_ended_it_is_finished_after_a_restart(Db::postgres().await).await;
}

/// The room is the only writer of a match's status: a match created with every seat taken is
/// live as soon as its creation is answered, and one whose last seat was claimed just before a
/// SIGKILL (status still `open`) is live again after the restart.
#[tokio::test]
async fn a_match_with_every_seat_taken_is_live_even_after_a_restart() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let (full, _) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"}]}))
        .await;
    let (_, summary) = server.get(&format!("/api/matches/{full}")).await;
    assert_eq!(summary["status"], "live", "{summary}");

    let (joined, _) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1"}]}))
        .await;
    let (_, summary) = server.get(&format!("/api/matches/{joined}")).await;
    assert_eq!(summary["status"], "open", "{summary}");
    let (status, body) = server
        .post(
            &format!("/api/matches/{joined}/join"),
            json!({"seat": "hunted-1", "name": "Bo"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    wait_status(&server, &joined, "live").await;
    server.kill();

    let store = db.store().await;
    store
        .set_status(joined.parse().expect("a uuid"), MatchStatus::Open, None)
        .await
        .expect("rewound");
    store.close().await;
    let server = Server::start(&db).await;
    wait_status(&server, &joined, "live").await;
    drop(server);
    db.drop_db().await;
}

/// Runs a server that should stop by itself; fails (instead of hanging) if it serves on.
fn run_to_exit(cmd: &mut Command) -> Output {
    let mut child = cmd
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let started = Instant::now();
    while child.try_wait().expect("a status").is_none() {
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("the second server kept running");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("its output")
}

async fn a_second_server_on_the_same_database_exits_and_writes_nothing(db: Db) {
    let server = Server::start(&db).await;
    // Open (a seat is free): nothing moves in it but what the second server might do.
    let (id, _) = server
        .create(json!({"game": "artemia", "seed": 3, "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1"}]}))
        .await;
    let store = db.store().await;
    let uuid = id.parse().expect("a uuid");
    let before = store.get_match(uuid).await.expect("read").expect("stored");

    let output = run_to_exit(Server::command(&db, free_port()).arg("--allow-client-seeds"));
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("another Xenotable server is using this database"),
        "{stderr}"
    );
    assert_eq!(store.get_match(uuid).await.expect("read"), Some(before));
    assert!(store.commands(uuid).await.expect("read").is_empty());
    store.close().await;

    // The first one never noticed.
    let mut player = server.connect(&id, None).await;
    player.assert_alive().await;
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_a_second_server_on_the_same_database_exits_and_writes_nothing() {
    a_second_server_on_the_same_database_exits_and_writes_nothing(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_a_second_server_on_the_same_database_exits_and_writes_nothing() {
    a_second_server_on_the_same_database_exits_and_writes_nothing(Db::postgres().await).await;
}

#[tokio::test]
async fn a_server_that_cannot_listen_never_opens_its_database() {
    let first = Db::sqlite();
    let server = Server::start(&first).await;
    let second = Db::sqlite();
    let output = run_to_exit(&mut Server::command(&second, server.port));
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot listen"), "{stderr}");
    let Db::Sqlite { dir } = &second else {
        unreachable!("a SQLite database")
    };
    let files: Vec<_> = std::fs::read_dir(dir).expect("the directory").collect();
    assert!(files.is_empty(), "nothing created: {files:?}");
    drop(server);
    first.drop_db().await;
    second.drop_db().await;
}

/// Plays random legal moves for every client until the match ends; returns the last frame
/// each client saw.
async fn play_to_the_end(clients: &mut [Client], pick: &mut Picker) -> Vec<Value> {
    let mut last: Vec<Value> = Vec::new();
    for client in clients.iter_mut() {
        last.push(client.recv_type("welcome").await);
    }
    loop {
        if last.iter().all(|f| !f["view"]["outcome"].is_null()) {
            return last;
        }
        let mut acted = false;
        for (k, client) in clients.iter_mut().enumerate() {
            let legal = last[k]["view"]["legal"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if legal.is_empty() || !last[k]["view"]["outcome"].is_null() {
                continue;
            }
            let action = legal[pick.below(legal.len())].clone();
            client
                .send(json!({"t": "act", "seq": last[k]["seq"], "action": action}))
                .await;
            acted = true;
            break;
        }
        assert!(acted, "somebody may act while the match runs");
        // Every client hears of the accepted move (or the actor of its refusal).
        for (k, client) in clients.iter_mut().enumerate() {
            let frame = client.recv().await;
            if frame["t"] == "update" {
                last[k] = frame;
            }
        }
    }
}

#[tokio::test]
async fn a_late_act_after_the_end_is_told_game_over() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let (id, tokens) = server
        .create(json!({"game": "artemia", "seed": 11, "seats": [
            {"seat": "creature", "name": "Cy"}, {"seat": "hunted-1", "name": "Ann"}]}))
        .await;
    let mut clients = Vec::new();
    for (_, token) in &tokens {
        clients.push(server.connect(&id, Some(token)).await);
    }
    let mut pick = Picker(5);
    let last = play_to_the_end(&mut clients, &mut pick).await;
    for (k, client) in clients.iter_mut().enumerate() {
        // An act the client had every reason to send, with the seq it has seen.
        let act = json!({"t": "act", "seq": last[k]["seq"], "action": {"type": "give-up"}});
        client.send(act).await;
        let refused = client.recv_type("error").await;
        assert_eq!(refused["code"], "game_over", "{refused}");
        client.assert_alive().await;
    }
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn an_open_match_nobody_joins_is_abandoned_and_not_rebuilt() {
    let db = Db::sqlite();
    let mut server = Server::start_with(&db, &["--abandon-open-after", "2"]).await;
    let (id, _) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1"}]}))
        .await;
    let mut spectator = server.connect(&id, None).await;
    spectator.recv_type("welcome").await;
    let told = spectator.recv_type("error").await;
    assert_eq!(told["code"], "match_abandoned", "{told}");
    let summary = wait_status(&server, &id, "abandoned").await;
    assert_eq!(summary["outcome"], Value::Null);
    let (status, body) = server
        .post(
            &format!("/api/matches/{id}/join"),
            json!({"seat": "hunted-1", "name": "Late"}),
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("match_over")));
    let (_, listed) = server.get("/api/matches?status=abandoned").await;
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");

    server.kill();
    let server = Server::start(&db).await;
    assert_eq!(
        live_rooms(&server).await,
        0.0,
        "an abandoned match is not rebuilt"
    );
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn a_live_match_is_abandoned_only_when_nobody_is_at_the_table() {
    let db = Db::sqlite();
    let server = Server::start_with(&db, &["--abandon-idle-after", "2"]).await;
    let seats = json!([{"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"}]);
    let (watched, tokens) = server
        .create(json!({"game": "artemia", "seats": seats}))
        .await;
    let (left, _) = server
        .create(json!({"game": "artemia", "seats": seats}))
        .await;
    let mut player = server.connect(&watched, Some(&tokens[0].1)).await;
    player.recv_type("welcome").await;

    wait_status(&server, &left, "abandoned").await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (_, summary) = server.get(&format!("/api/matches/{watched}")).await;
    assert_eq!(
        summary["status"], "live",
        "a player is connected: {summary}"
    );
    player.assert_alive().await;

    player.close().await;
    let summary = wait_status(&server, &watched, "abandoned").await;
    assert_eq!(summary["outcome"], Value::Null);
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn a_wrong_token_on_a_finished_match_does_not_rebuild_it() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let (id, _) = server
        .create(json!({"game": "artemia", "seed": 3, "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "bot": true}]}))
        .await;
    wait_status(&server, &id, "finished").await;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while live_rooms(&server).await > 0.0 {
        assert!(tokio::time::Instant::now() < deadline, "the room closes");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for _ in 0..5 {
        let status = server
            .refused_upgrade(&format!("/ws/matches/{id}?token=wrong"))
            .await;
        assert_eq!(status, 401);
    }
    assert_eq!(live_rooms(&server).await, 0.0);
    drop(server);
    db.drop_db().await;
}
