//! Crash consistency under fire: short all-bot matches end continuously while the server is
//! killed with SIGKILL five times, on SQLite and then PostgreSQL (when `TEST_DATABASE_URL` is
//! set). A spectator follows every match and keeps the seq of every update it is told. Prints,
//! per backend, after each restart and at the end: matches whose stored status is still `live`
//! although their log holds an outcome, and announced moves missing from the log (both must be
//! 0: a command is stored before anyone hears of it).
//!
//! Run with `cargo bench -p xenotable-tests --bench crash`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{Db, Server};
use serde_json::json;
use xenotable_server::ids::MatchId;
use xenotable_server::room::load::replay_log;
use xenotable_server::store::MatchStatus;

const KILLS: usize = 5;
/// Matches created per round, between two kills.
const PER_ROUND: usize = 40;

/// Every seq each match's spectator was told, by match.
type Announced = Arc<Mutex<BTreeMap<MatchId, Vec<u64>>>>;

fn short_match(k: usize) -> serde_json::Value {
    json!({"game": "artemia", "seed": k, "seats": [
        {"seat": "creature", "bot": true}, {"seat": "hunted-1", "bot": true}]})
}

/// Follows a match as a spectator until the match ends or the server dies.
fn follow(server: &Server, id: MatchId, announced: Announced) {
    let url = format!("ws://127.0.0.1:{}/ws/matches/{id}", server.port);
    tokio::spawn(async move {
        use futures_util::StreamExt;
        let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url).await else {
            return;
        };
        while let Some(Ok(message)) = ws.next().await {
            let Ok(text) = message.to_text() else {
                continue;
            };
            let Ok(frame) = serde_json::from_str::<serde_json::Value>(text) else {
                continue;
            };
            if frame["t"] == "update"
                && let Some(seq) = frame["seq"].as_u64()
            {
                let mut announced = announced.lock().unwrap_or_else(|e| e.into_inner());
                announced.entry(id).or_default().push(seq);
            }
            if !frame["view"]["outcome"].is_null() {
                return;
            }
        }
    });
}

/// What the store says against what the log says and what was announced: how many matches,
/// how many finished, the matches still `live` whose log holds an outcome, and how many
/// announced moves are missing from the logs.
async fn audit(db: &Db, announced: &Announced) -> (usize, usize, Vec<MatchId>, usize) {
    let store = db.store().await;
    let all = store
        .list_matches(None, 100_000)
        .await
        .expect("the matches");
    let (mut live_with_outcome, mut missing, mut finished) = (Vec::new(), 0, 0);
    let announced = announced.lock().unwrap_or_else(|e| e.into_inner()).clone();
    for record in &all {
        let log = store.commands(record.id).await.expect("the log");
        let (game, _) = replay_log(record, &log).expect("the log replays");
        if game.outcome().is_some() && !record.status.is_over() {
            live_with_outcome.push(record.id);
        }
        if record.status == MatchStatus::Finished {
            finished += 1;
        }
        let stored: Vec<u64> = log.iter().map(|c| c.seq as u64).collect();
        for seq in announced.get(&record.id).into_iter().flatten() {
            if !stored.contains(seq) {
                missing += 1;
            }
        }
    }
    store.close().await;
    (all.len(), finished, live_with_outcome, missing)
}

async fn run(name: &str, db: Db) {
    let announced: Announced = Arc::default();
    let mut server = Server::start(&db).await;
    let mut created = 0;
    for kill in 1..=KILLS {
        for _ in 0..PER_ROUND {
            let (id, _) = server.create(short_match(created)).await;
            created += 1;
            follow(&server, id.parse().expect("a match id"), announced.clone());
        }
        // Kill while matches are ending: once the first of this round has finished.
        let target = (kill - 1) * PER_ROUND + PER_ROUND / 4;
        loop {
            let (_, done) = server.get("/api/matches?status=finished").await;
            if done.as_array().map_or(0, Vec::len) >= target {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        server.kill();
        let (total, finished, caught, missing) = audit(&db, &announced).await;
        server = Server::start(&db).await;
        // The matches the kill caught between their last command and their status: the
        // restart must have settled them (others may be in that window now, live, not stuck).
        let store = db.store().await;
        let mut left = 0;
        for id in &caught {
            let record = store.get_match(*id).await.expect("read").expect("stored");
            if record.status != MatchStatus::Finished {
                left += 1;
            }
        }
        store.close().await;
        println!(
            "crash/{name}: kill {kill}: {total} matches, {finished} finished as stored, {} left \
             live with an outcome by the kill, {left} of them still live after the restart; \
             announced moves missing from the log: {missing}",
            caught.len()
        );
        // Follow the unfinished matches again.
        let store = db.store().await;
        for record in store.unfinished_matches().await.expect("the matches") {
            follow(&server, record.id, announced.clone());
        }
        store.close().await;
    }
    loop {
        let (_, done) = server.get("/api/matches?status=finished").await;
        if done.as_array().map_or(0, Vec::len) >= created {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (total, finished, live_with_outcome, missing) = audit(&db, &announced).await;
    let live_with_outcome = live_with_outcome.len();
    let told: usize = announced
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .values()
        .map(Vec::len)
        .sum();
    println!(
        "crash/{name}: end: {total} matches, {finished} finished, {KILLS} SIGKILLs, {told} \
         announced moves; live with an outcome: {live_with_outcome}; announced moves missing \
         from the log: {missing}"
    );
    drop(server);
    db.drop_db().await;
}

#[tokio::main]
async fn main() {
    run("sqlite", Db::sqlite()).await;
    if Db::postgres_configured() {
        run("postgres", Db::postgres().await).await;
    }
}
