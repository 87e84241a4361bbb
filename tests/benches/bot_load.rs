//! Thinking bots do not stall live play: 20 all-bot Derelict matches, `strong` on both sides,
//! think at once (each at its default budget, on the blocking pool) while a person pings their
//! own match's room. Prints the ping round-trip p50/p99/max, and the server's CPU over the pings
//! (cores busy) to show the bots were thinking meanwhile.
//!
//! Run with `cargo bench -p xenotable-tests --bench bot_load`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{Db, Server};
use serde_json::json;
use xenotable_server::loadgen::proc;

const THINKING_MATCHES: usize = 20;
const PINGS: usize = 1_000;

#[tokio::main]
async fn main() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let strong = |seat: &str| json!({"seat": seat, "bot": true, "level": "strong"});
    for seed in 0..THINKING_MATCHES as u64 {
        server
            .create(
                json!({"game": "derelict", "scenario": "corridor-run", "seed": seed,
                "seats": [strong("marines"), strong("aliens")]}),
            )
            .await;
    }
    let (live, tokens) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"}]}))
        .await;
    let mut player = server.connect(&live, Some(&tokens[0].1)).await;
    player.recv_type("welcome").await;
    // The first decisions are under way once every room has had a second to start thinking.
    tokio::time::sleep(Duration::from_secs(1)).await;

    let (cpu_before, wall) = (cpu_seconds(server.pid()), Instant::now());
    let [p50, p99, max] = player.ping_rtts(PINGS).await;
    let busy = (cpu_seconds(server.pid()) - cpu_before) / wall.elapsed().as_secs_f64();
    println!(
        "bot_load: {THINKING_MATCHES} all-strong-bot Derelict matches thinking (server CPU over \
         the pings: {busy:.2} cores busy); another match's ping RTT over {PINGS} pings: p50 \
         {p50:.2} ms, p99 {p99:.2} ms, max {max:.2} ms"
    );
    drop(player);
    drop(server);
    db.drop_db().await;
}

/// The CPU seconds (user and system) process `pid` has used.
fn cpu_seconds(pid: u32) -> f64 {
    proc::sample(pid).expect("the server's /proc").cpu_s
}
