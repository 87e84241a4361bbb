//! What relaying costs in a cluster: one node runs every match (the owner, where they are
//! created and their seats play), up to three other nodes relay them over NATS. The load
//! generator plays 100 Artemia matches (3 Hunted) in a closed loop, each watched by spectators:
//! 1,000 spectator sockets on the owner itself, then spread over one edge node, then over three;
//! 300 and 3,000 over three; and once with no spectator but every seat relayed through an edge.
//! Prints, per run, the owner's CPU per move, each edge's CPU per move and per relayed socket,
//! and moves/s.
//! The owner's CPU per move must not grow with the spectators on edges: it sends each update
//! once per edge node, whatever the number of sockets there.
//!
//! Needs PostgreSQL (`TEST_DATABASE_URL`) and NATS (`TEST_NATS_URL`, default
//! `nats://127.0.0.1:4222`). Run with `cargo bench -p xenotable-tests --bench cluster_relay`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::process::Command;

use common::{Db, Server, UNLIMITED};
use serde_json::Value;
use xenotable_server::loadgen::proc;

const MATCHES: &str = "100";
const SECONDS: &str = "15";

/// One run: what it is, spectators per match, where they watch (else the owner), where the
/// seats play (else the owner), and how many edges relay.
type Run<'a> = (&'a str, u32, Option<&'a str>, Option<&'a str>, usize);

async fn node(db: &Db, name: &str) -> Server {
    let nats = std::env::var("TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let mut args = UNLIMITED.to_vec();
    args.extend(["--nats-url", &nats, "--node-id", name]);
    Server::start_with(db, &args).await
}

fn url(server: &Server) -> String {
    format!("http://127.0.0.1:{}", server.port)
}

fn cpu_seconds(server: &Server) -> f64 {
    proc::sample(server.pid()).expect("the node's /proc").cpu_s
}

/// One load generator run against `owner` with `extra` arguments; its JSON report.
fn loadgen(owner: &Server, extra: &[String]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_xenotable-under-test"))
        .args(["loadgen", "--json", "--continuous", "--game", "artemia"])
        .args(["--hunted", "3", "--matches", MATCHES, "--duration", SECONDS])
        .args(["--url", &url(owner), "--pid", &owner.pid().to_string()])
        .args(extra)
        .output()
        .expect("the load generator runs");
    assert!(
        output.status.success(),
        "loadgen failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON report")
}

#[tokio::main]
async fn main() {
    if !Db::postgres_configured() {
        println!("cluster_relay: skipped (set TEST_DATABASE_URL; NATS on TEST_NATS_URL)");
        return;
    }
    let db = Db::postgres().await;
    let owner = node(&db, "owner").await;
    let edges = [
        node(&db, "edge-1").await,
        node(&db, "edge-2").await,
        node(&db, "edge-3").await,
    ];
    let edge_urls: Vec<String> = edges.iter().map(url).collect();
    let all_edges = edge_urls.join(",");
    let runs: [Run; 7] = [
        ("no spectator, seats on the owner", 0, None, None, 0),
        ("1,000 spectators on the owner", 10, None, None, 0),
        (
            "1,000 spectators on 1 edge",
            10,
            Some(&edge_urls[0]),
            None,
            1,
        ),
        ("1,000 spectators on 3 edges", 10, Some(&all_edges), None, 3),
        ("300 spectators on 3 edges", 3, Some(&all_edges), None, 3),
        ("3,000 spectators on 3 edges", 30, Some(&all_edges), None, 3),
        (
            "no spectator, every seat relayed by 1 edge",
            0,
            None,
            Some(&edge_urls[0]),
            1,
        ),
    ];
    for (name, per_match, watch, seats, used) in runs {
        let mut extra = vec!["--spectators".to_owned(), per_match.to_string()];
        if let Some(urls) = watch {
            extra.extend(["--watch-url".to_owned(), urls.to_owned()]);
        }
        if let Some(url) = seats {
            extra.extend(["--seat-url".to_owned(), url.to_owned()]);
        }
        let before: Vec<f64> = edges.iter().map(cpu_seconds).collect();
        let report = loadgen(&owner, &extra);
        let spent: Vec<f64> = edges
            .iter()
            .zip(&before)
            .map(|(e, b)| cpu_seconds(e) - b)
            .collect();
        let moves = report["moves"].as_f64().unwrap_or(0.0).max(1.0);
        let matches: f64 = MATCHES.parse().expect("a count");
        // The sockets each edge in use relays: the spectators spread over them, or every seat.
        let relayed = match (seats, used) {
            (_, 0) => 0.0,
            (Some(_), _) => matches * 4.0,
            (None, used) => matches * f64::from(per_match) / used as f64,
        };
        let per_edge: Vec<String> = spent[..used]
            .iter()
            .map(|s| {
                format!(
                    "{:.1} µs/move ({:.3} µs/move per relayed socket)",
                    s * 1e6 / moves,
                    s * 1e6 / moves / relayed
                )
            })
            .collect();
        println!(
            "cluster_relay: {name}: {:.0} moves/s, owner {:.1} µs/move, p99 {:.1} ms; edges: {}",
            report["moves_per_s"].as_f64().unwrap_or(0.0),
            report["server_cpu_us_per_move"].as_f64().unwrap_or(0.0),
            report["latency_ms"]["p99"].as_f64().unwrap_or(0.0),
            if per_edge.is_empty() {
                "none".to_owned()
            } else {
                per_edge.join("; ")
            },
        );
    }
    drop(edges);
    drop(owner);
    db.drop_db().await;
}
