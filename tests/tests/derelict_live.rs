//! Derelict over WebSocket: the marine clock as the room runs it, seen by every viewer, expiring
//! into a logged `TimeUp`, and resuming after a restart with the time that was left.

use crate::common;

use std::collections::HashSet;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::{Client, Db, Server};
use serde_json::{Value, json};
use sqlx::Connection;
use xenotable_protocol::Seat;
use xenotable_server::store::Author;

/// Two marines (a sergeant) against reinforcements; the marine turn lasts `base` seconds.
fn scenario(title: &str, base: u32) -> String {
    format!(
        "DERELICT 1\ntitle: {title}\nsquad: 1 sergeant, 1 soldier\nreinforcements: 1\n\
         alien-pool: 3\ntimer: {base}+0\nmap:\n#########\n#MM....X#\n#.......#\n#......E#\n\
         #########\n"
    )
}

/// A match on scenario `id` between two people, Ann (marines) and Bo (aliens), both connected.
async fn two_players(server: &Server, id: &str) -> (String, Client, Client) {
    let (match_id, tokens) = server
        .create(json!({
            "game": "derelict",
            "scenario": id,
            "seats": [{"seat": "marines", "name": "Ann"}, {"seat": "aliens", "name": "Bo"}],
        }))
        .await;
    let token = |seat: &str| {
        tokens
            .iter()
            .find(|(s, _)| s == seat)
            .map(|(_, t)| t.as_str())
    };
    let marine = server.connect(&match_id, token("marines")).await;
    let alien = server.connect(&match_id, token("aliens")).await;
    (match_id, marine, alien)
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn to_act(view: &Value, seat: &str) -> bool {
    view["to_act"]
        .as_array()
        .is_some_and(|s| s.iter().any(|x| x == seat))
}

/// Plays `seat`'s deployment from its legal list (each of its models on the first free square,
/// then confirm) until the marine turn's clock shows; returns that view.
async fn deploy_until_the_clock(client: &mut Client, seat: &str) -> Value {
    let mut placed = HashSet::new();
    loop {
        let frame = client.recv().await;
        if !["welcome", "update"].contains(&frame["t"].as_str().unwrap_or("")) {
            continue;
        }
        let view = &frame["view"];
        if view["clock"].is_object() {
            return view.clone();
        }
        if !to_act(view, seat) {
            continue;
        }
        let legal = view["legal"].as_array().cloned().unwrap_or_default();
        let action = legal
            .iter()
            .find(|a| a["type"] == "confirm")
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| a["type"] == "deploy" && !placed.contains(&a["model"]))
            })
            .or_else(|| legal.iter().find(|a| a["type"] == "face"));
        if let Some(action) = action {
            placed.insert(action["model"].clone());
            client
                .send(json!({"t": "act", "seq": frame["seq"], "action": action}))
                .await;
        }
    }
}

/// Reads frames until one whose view shows a running clock.
async fn until_clock(client: &mut Client) -> Value {
    loop {
        let frame = client.recv().await;
        if frame["view"]["clock"].is_object() {
            return frame["view"]["clock"].clone();
        }
    }
}

fn assert_marine_clock(clock: &Value, seconds: u64) {
    assert_eq!(clock["seat"], "marines", "{clock}");
    assert_eq!(clock["seconds"], seconds, "{clock}");
    let remaining = clock["remaining_ms"].as_u64().expect("remaining_ms");
    let deadline = clock["deadline_ms"].as_u64().expect("deadline_ms");
    assert!(remaining <= seconds * 1000, "{clock}");
    let now = unix_ms();
    assert!(
        deadline + 1_000 >= now + remaining && deadline <= now + remaining + 1_000,
        "the deadline is now + remaining: {clock} at {now}"
    );
}

#[tokio::test]
async fn an_idle_marine_player_loses_the_turn_to_time_up_and_everyone_sees_the_clock() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let id = server.upload_scenario(&scenario("Quick Clock", 2)).await;
    let (match_id, mut marine, mut alien) = two_players(&server, &id).await;
    let mut spectator = server.connect(&match_id, None).await;

    // The alien player deploys, then stays idle: the marines' late move meets his turn.
    let (view, _) = tokio::join!(
        deploy_until_the_clock(&mut marine, "marines"),
        deploy_until_the_clock(&mut alien, "aliens"),
    );
    let clock_seen = Instant::now();
    assert_marine_clock(&view["clock"], 2);
    assert_marine_clock(&until_clock(&mut spectator).await, 2);

    // The marine player does nothing: the room ends his turn when the 2 s are up.
    let time_up = loop {
        let frame = marine.recv().await;
        let events = frame["events"].as_array().cloned().unwrap_or_default();
        if events.iter().any(|e| e["type"] == "time-up") {
            break frame;
        }
    };
    let waited = clock_seen.elapsed();
    assert!(
        waited >= Duration::from_millis(1_500),
        "time up after {waited:?}"
    );
    assert!(to_act(&time_up["view"], "aliens"), "{}", time_up["view"]);

    let store = db.store().await;
    let uuid = match_id.parse().expect("a uuid");
    let log = store.commands(uuid).await.expect("the log");
    assert!(
        log.iter()
            .any(|c| c.author == Author::Clock && c.action == json!("TimeUp")),
        "the log holds the room's TimeUp: {log:?}"
    );
    store.close().await;

    // A move sent before the marine saw his time run out is told so.
    let before = time_up["seq"].as_u64().expect("a seq") - 1;
    marine
        .send(json!({"t": "act", "seq": before, "action": {"type": "end-turn"}}))
        .await;
    let refused = marine.recv_type("error").await;
    assert_eq!(refused["code"], "time_up", "{refused}");

    // A move sent after the room played the TimeUp is refused: the turn is the aliens'.
    marine
        .send(json!({"t": "act", "seq": time_up["seq"], "action": {"type": "end-turn"}}))
        .await;
    let refused = marine.recv_type("error").await;
    assert_eq!(refused["code"], "not_your_turn", "{refused}");
    server.kill();
    db.drop_db().await;
}

/// Erratum 21: an act of the marines that reaches the room after their deadline, before the
/// room has played the `TimeUp` on its own, is refused with `time_up`: the expiry comes first and
/// the act is not logged. To hold the room busy past the deadline with the act queued behind, a
/// chat message is sent first while the test holds the database's write lock.
#[tokio::test]
async fn an_act_that_reaches_the_room_after_the_deadline_is_refused_with_time_up() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let id = server.upload_scenario(&scenario("Late Move", 1)).await;
    let (match_id, tokens) = server
        .create(json!({
            "game": "derelict",
            "scenario": id,
            "seed": 21,
            "seats": [{"seat": "marines", "name": "Ann"}, {"seat": "aliens", "bot": true}],
        }))
        .await;
    let mut marine = server.connect(&match_id, Some(&tokens[0].1)).await;
    let view = deploy_until_the_clock(&mut marine, "marines").await;
    let last: Value = serde_json::from_str(marine.frames.last().expect("a frame")).expect("JSON");
    let remaining = view["clock"]["remaining_ms"].as_u64().expect("remaining");

    let Db::Sqlite { dir } = &db else {
        unreachable!("a SQLite database")
    };
    let url = format!("sqlite://{}", dir.join("xenotable.db").display());
    let mut lock = sqlx::SqliteConnection::connect(&url)
        .await
        .expect("the server's database opens");
    sqlx::raw_sql("BEGIN IMMEDIATE")
        .execute(&mut lock)
        .await
        .expect("the write lock");
    marine.send(json!({"t": "chat", "text": "hold on"})).await;
    marine
        .send(
            json!({"t": "act", "seq": last["seq"], "ref": "late", "action": {"type": "end-turn"}}),
        )
        .await;
    tokio::time::sleep(Duration::from_millis(remaining + 700)).await;
    sqlx::raw_sql("ROLLBACK")
        .execute(&mut lock)
        .await
        .expect("the lock is released");

    let refused = marine.recv_type("error").await;
    assert_eq!(refused["code"], "time_up", "{refused}");
    assert_eq!(refused["ref"], "late");
    let store = db.store().await;
    let log = store
        .commands(match_id.parse().expect("a uuid"))
        .await
        .expect("the log");
    assert!(
        log.iter()
            .any(|c| c.author == Author::Clock && c.action == json!("TimeUp")),
        "{log:?}"
    );
    assert!(
        !log.iter()
            .any(|c| c.author == Author::Seat(Seat::Marines) && c.action["type"] == "end-turn"),
        "the late move is not logged: {log:?}"
    );
    store.close().await;
    server.kill();
    db.drop_db().await;
}

#[tokio::test]
async fn the_alien_player_sees_the_marine_clock() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    let id = server.upload_scenario(&scenario("Shared Clock", 60)).await;
    let (_, mut marine, mut alien) = two_players(&server, &id).await;
    let (marines, aliens) = tokio::join!(
        deploy_until_the_clock(&mut marine, "marines"),
        deploy_until_the_clock(&mut alien, "aliens"),
    );
    assert_marine_clock(&marines["clock"], 60);
    assert_marine_clock(&aliens["clock"], 60);
    server.kill();
    db.drop_db().await;
}

async fn a_restarted_server_resumes_the_clock_with_the_time_left(db: Db) {
    let mut server = Server::start(&db).await;
    let id = server.upload_scenario(&scenario("Slow Clock", 40)).await;
    let (match_id, tokens) = server
        .create(json!({
            "game": "derelict",
            "scenario": id,
            "seats": [{"seat": "marines", "name": "Ann"}, {"seat": "aliens", "bot": true}],
        }))
        .await;
    let mut marine = server.connect(&match_id, Some(&tokens[0].1)).await;
    let view = deploy_until_the_clock(&mut marine, "marines").await;
    let started = Instant::now();
    let full = view["clock"]["remaining_ms"].as_u64().expect("remaining");
    tokio::time::sleep(Duration::from_millis(3_000)).await;
    let left_at_kill = full.saturating_sub(started.elapsed().as_millis() as u64);
    server.kill();
    // Five seconds of downtime that must not count against the marines.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let mut server = Server::start(&db).await;
    let mut marine = server.connect(&match_id, Some(&tokens[0].1)).await;
    let welcome = marine.recv_type("welcome").await;
    let clock = &welcome["view"]["clock"];
    assert_marine_clock(clock, 40);
    let resumed = clock["remaining_ms"].as_u64().expect("remaining");
    assert!(
        resumed < 38_000,
        "not a fresh clock: {resumed} ms left (was {left_at_kill})"
    );
    assert!(
        resumed + 2_000 >= left_at_kill,
        "the downtime was not counted: {resumed} ms left, {left_at_kill} at the kill"
    );
    server.kill();
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_a_restarted_server_resumes_the_clock_with_the_time_left() {
    a_restarted_server_resumes_the_clock_with_the_time_left(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_a_restarted_server_resumes_the_clock_with_the_time_left() {
    a_restarted_server_resumes_the_clock_with_the_time_left(Db::postgres().await).await;
}

/// Erratum 18: a match of a game played on scenario files, asked for without one, is refused
/// with the scenarios to choose from.
#[tokio::test]
async fn erratum_18_a_match_without_a_scenario_is_refused_with_the_scenarios_to_choose_from() {
    let db = Db::sqlite();
    let mut server = Server::start(&db).await;
    for (game, seats, shipped) in [
        ("derelict", ["marines", "aliens"], "chapel-crossing"),
        ("away-team", ["away-team", "aliens"], "crystal-spires"),
    ] {
        let seats: Vec<Value> = seats.map(|s| json!({"seat": s, "bot": true})).to_vec();
        let (status, body) = server
            .post("/api/matches", json!({"game": game, "seats": seats}))
            .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["code"], "scenario_required", "{body}");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(
            message.starts_with(&format!(
                "a {game} match is played on a scenario; choose one of: "
            )),
            "{message}"
        );
        assert!(message.contains(shipped), "{message}");
    }
    let (_, list) = server.get("/api/matches").await;
    assert_eq!(list, json!([]), "nothing was created");
    server.kill();
    db.drop_db().await;
}
