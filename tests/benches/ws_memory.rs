//! Memory per idle WebSocket: the server's resident memory (VmRSS of its process) before and
//! after 2,000 spectators connect to one match and sit idle, divided by 2,000. Fails above
//! 16 KiB per socket.
//!
//! Run with `cargo bench -p xenotable-tests --bench ws_memory`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Duration;

use common::{Client, Db, Server};
use serde_json::json;

const SOCKETS: usize = 2_000;
/// Sockets opened and closed first, so the allocator's arenas and the runtime's pools are
/// already grown when the measure starts.
const WARM_UP: usize = 200;
const LIMIT_KIB: f64 = 16.0;

/// Resident memory of process `pid`, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc is there");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a VmRSS line")
}

async fn spectators(server: &Server, id: &str, n: usize) -> Vec<Client> {
    let mut clients = Vec::with_capacity(n);
    for _ in 0..n {
        let mut client = server.connect(id, None).await;
        client.recv_type("welcome").await;
        clients.push(client);
    }
    clients
}

#[tokio::main]
async fn main() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let (id, _) = server
        .create(json!({"game": "artemia", "seats": [
            {"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"}]}))
        .await;
    for client in spectators(&server, &id, WARM_UP).await {
        client.close().await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = rss_kib(server.pid());
    let held = spectators(&server, &id, SOCKETS).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let after = rss_kib(server.pid());
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(
        summary["spectators"], SOCKETS,
        "every socket is still there"
    );
    let per_socket = (after.saturating_sub(before)) as f64 / SOCKETS as f64;
    println!(
        "ws_memory: {SOCKETS} idle spectator sockets: server RSS {before} KiB -> {after} KiB, \
         {per_socket:.1} KiB per socket (limit {LIMIT_KIB} KiB)"
    );
    drop(held);
    drop(server);
    db.drop_db().await;
    assert!(
        per_socket <= LIMIT_KIB,
        "{per_socket:.1} KiB per idle socket"
    );
}
