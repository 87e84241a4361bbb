//! Replays do not stall live play: 8 clients fetch a long finished match's replay in a loop
//! while another client pings its own match's room. Prints the ping round-trip p50/p99/max and
//! how the replay requests were answered.
//!
//! Run with `cargo bench -p xenotable-tests --bench replay_load`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::{Db, Server};
use serde_json::json;

const FETCHERS: usize = 8;
const PINGS: usize = 1_000;

#[tokio::main]
async fn main() {
    let db = Db::sqlite();
    let server = Arc::new(Server::start(&db).await);
    // A long finished match: all-bot Derelict on the largest shipped map.
    let (long, _) = server
        .create(
            json!({"game": "derelict", "scenario": "corridor-run", "seed": 1, "seats": [
            {"seat": "marines", "bot": true}, {"seat": "aliens", "bot": true}]}),
        )
        .await;
    let steps = loop {
        let (status, replay) = server.get(&format!("/api/matches/{long}/replay")).await;
        if status == 200 {
            break replay["steps"].as_array().map_or(0, Vec::len);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let (live, tokens) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"}]}))
        .await;
    let mut player = server.connect(&live, Some(&tokens[0].1)).await;
    player.recv_type("welcome").await;

    let stop = Arc::new(AtomicBool::new(false));
    let mut fetchers = Vec::new();
    for _ in 0..FETCHERS {
        let (port, stop, long) = (server.port, stop.clone(), long.clone());
        fetchers.push(tokio::spawn(async move {
            let mut answers = std::collections::BTreeMap::<u16, usize>::new();
            while !stop.load(Ordering::Relaxed) {
                let status = fetch(port, &format!("/api/matches/{long}/replay")).await;
                *answers.entry(status).or_default() += 1;
            }
            answers
        }));
    }
    let [p50, p99, max] = player.ping_rtts(PINGS).await;
    stop.store(true, Ordering::Relaxed);
    let mut answers = std::collections::BTreeMap::<u16, usize>::new();
    for fetcher in fetchers {
        for (status, n) in fetcher.await.expect("a fetcher") {
            *answers.entry(status).or_default() += n;
        }
    }
    println!(
        "replay_load: {FETCHERS} clients fetching a {steps}-step replay in a loop (answers by \
         status: {answers:?}); another match's ping RTT over {PINGS} pings: p50 {p50:.2} ms, \
         p99 {p99:.2} ms, max {max:.2} ms"
    );
    drop(player);
    drop(server);
    db.drop_db().await;
}

/// A GET whose body is read and thrown away: the fetchers share the machine with the server, so
/// they must not spend its CPU parsing what they fetch. Returns the status (0: no answer).
async fn fetch(port: u16, path: &str) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Ok(mut stream) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await else {
        return 0;
    };
    let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).await.is_err() {
        return 0;
    }
    let mut head = [0u8; 12];
    if stream.read_exact(&mut head).await.is_err() {
        return 0;
    }
    let mut sink = vec![0u8; 64 * 1024];
    while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
    std::str::from_utf8(&head[9..12])
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}
