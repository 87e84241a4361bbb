//! Several nodes on one PostgreSQL (`--nats-url`): a match runs on the node that holds its
//! lease. Kill that node (SIGKILL) and another takes the match over from its log within a few
//! seconds; the players reconnect and finish it, with nothing acknowledged lost, nothing stored
//! twice or out of order, and a final state equal to an offline replay of the stored log. A node
//! paused past its lease (SIGSTOP) stores nothing once it wakes.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::{
    Client, Db, PATIENCE, Picker, Seen, Server, UNLIMITED, artemia_with_humans, assert_replays,
    run_players,
};
use serde_json::json;
use xenotable_server::ids::MatchId;
use xenotable_server::store::Store;

/// A short lease, so a dead node's matches move within about a second and a half.
const LEASE_MS: &str = "1000";

/// The seed of every match here: its log is long enough for five kills.
const SEED: u64 = 4_321;

/// Starts node `node` of the cluster on `db`.
async fn node(db: &Db, node: &str) -> Server {
    let mut args = UNLIMITED.to_vec();
    args.extend([
        "--nats-url",
        "nats://127.0.0.1:4222",
        "--node-id",
        node,
        "--lease-ms",
        LEASE_MS,
    ]);
    Server::start_with(db, &args).await
}

fn socket_path(id: &str, token: Option<&str>) -> String {
    match token {
        Some(token) => format!("/ws/matches/{id}?token={token}"),
        None => format!("/ws/matches/{id}"),
    }
}

/// A connection to match `id` on whichever of `nodes` runs it, once one does (the others
/// refuse the upgrade with 503 `owned_elsewhere` meanwhile), and the index of that node. Its
/// `welcome` is the first frame it will read.
async fn connect_anywhere(nodes: &[Server], id: &str, token: Option<&str>) -> (Client, usize) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        for (k, node) in nodes.iter().enumerate() {
            if let Ok(client) = node
                .try_socket(&socket_path(id, token), None, &[], None)
                .await
            {
                return (client, k);
            }
        }
        assert!(Instant::now() < deadline, "no node ever ran the match");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The stored log is whole: seqs 1, 2, 3, ... with no gap or repeat, every command stamped
/// with a lease epoch, and the epochs never going back.
async fn assert_log_whole(store: &dyn Store, id: MatchId) -> Vec<(i64, Option<i64>)> {
    let log = store.commands(id).await.expect("the log");
    let stamps: Vec<(i64, Option<i64>)> = log.iter().map(|c| (c.seq, c.epoch)).collect();
    for (k, (seq, epoch)) in stamps.iter().enumerate() {
        assert_eq!(*seq, k as i64 + 1, "seqs follow each other: {stamps:?}");
        assert!(epoch.is_some(), "a node of a cluster stamps its epoch");
        if k > 0 {
            assert!(
                stamps[k - 1].1 <= *epoch,
                "epochs never go back: {stamps:?}"
            );
        }
    }
    stamps
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn a_match_outlives_five_killed_nodes_and_ends_as_its_log_replays() {
    let db = Db::postgres().await;
    let store = db.store().await;
    let mut nodes = vec![
        node(&db, "n0").await,
        node(&db, "n1").await,
        node(&db, "n2").await,
    ];
    let (id, tokens) = nodes[0].create(artemia_with_humans(3, SEED)).await;
    let match_id: MatchId = id.parse().expect("a match id");
    let mut picks: Vec<Picker> = (0..3).map(|k| Picker(900 + k)).collect();
    let mut seen: Vec<Seen> = (0..3).map(|_| Seen::default()).collect();
    let mut failovers = Vec::new();

    let mut killed_at: Option<Instant> = None;
    for kill in 0..5 {
        let (mut spectator, owner) = connect_anywhere(&nodes, &id, None).await;
        let welcome = spectator.recv_type("welcome").await;
        failovers.extend(killed_at.map(|t| t.elapsed()));
        assert!(
            welcome["view"]["outcome"].is_null(),
            "the match goes on after kill {kill}"
        );
        let from = welcome["seq"].as_u64().expect("a seq");
        let mut clients = Vec::new();
        for (_, token) in &tokens {
            let (client, at) = connect_anywhere(&nodes, &id, Some(token)).await;
            assert_eq!(at, owner, "one node runs the match");
            clients.push(client);
        }
        let players = run_players(clients, &mut picks, &mut seen);
        let killer = async {
            while spectator.recv().await["seq"].as_u64().unwrap_or(0) < from + 10 {}
            nodes[owner].kill();
            killed_at = Some(Instant::now());
        };
        tokio::join!(players, killer);
        // Another node in place of the dead one, under a new name, as an operator would.
        nodes[owner] = node(&db, &format!("n{}", 3 + kill)).await;
    }

    let (mut spectator, owner) = connect_anywhere(&nodes, &id, None).await;
    spectator.recv_type("welcome").await;
    failovers.extend(killed_at.map(|t| t.elapsed()));
    drop(spectator);
    let mut clients = Vec::new();
    for (_, token) in &tokens {
        clients.push(connect_anywhere(&nodes, &id, Some(token)).await.0);
    }
    run_players(clients, &mut picks, &mut seen).await;

    let stamps = assert_log_whole(store.as_ref(), match_id).await;
    let epochs: std::collections::BTreeSet<i64> = stamps.iter().filter_map(|s| s.1).collect();
    assert!(
        epochs.len() >= 6,
        "six owners in turn stored moves: {epochs:?}"
    );
    let (status, replay) = nodes[owner].get(&format!("/api/matches/{id}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    assert_replays(&replay, &seen, SEED);
    let ms: Vec<u128> = failovers.iter().map(Duration::as_millis).collect();
    eprintln!("failover ms (SIGKILL to a welcome from the node that took over): {ms:?}");
    assert_eq!(failovers.len(), 5);
    assert!(
        failovers.iter().all(|f| *f < Duration::from_secs(10)),
        "{ms:?}"
    );
    drop(nodes);
    db.drop_db().await;
}

fn signal(server: &Server, name: &str) {
    let status = Command::new("kill")
        .arg(format!("-{name}"))
        .arg(server.pid().to_string())
        .status()
        .expect("kill runs");
    assert!(status.success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn a_paused_node_that_lost_its_lease_stores_nothing_when_it_wakes() {
    let db = Db::postgres().await;
    let store = db.store().await;
    let paused = node(&db, "paused").await;
    let (id, tokens) = paused.create(artemia_with_humans(3, SEED)).await;
    let match_id: MatchId = id.parse().expect("a match id");
    // Each Hunted sees its first view on the node that runs the match, and will play from it.
    let mut stale = Vec::new();
    for (_, token) in &tokens {
        let mut client = paused.connect(&id, Some(token)).await;
        let welcome = client.recv_type("welcome").await;
        stale.push((client, welcome));
    }

    signal(&paused, "STOP");
    let other = node(&db, "other").await;
    let (mut watcher, _) = connect_anywhere(std::slice::from_ref(&other), &id, None).await;
    let taken = watcher.recv_type("welcome").await;
    let taken_at = taken["seq"].as_u64().expect("a seq");
    // Moves sent to the paused node, from views it gave before it lost the match.
    let mut sent = 0;
    for (k, (client, welcome)) in stale.iter_mut().enumerate() {
        let legal = welcome["view"]["legal"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if let Some(action) = legal.first() {
            let act = json!({"t": "act", "seq": welcome["seq"], "ref": format!("stale{k}"), "action": action});
            sent += usize::from(client.try_send(act).await);
        }
    }
    assert!(sent > 0, "some Hunted had a move to send");
    signal(&paused, "CONT");

    // The woken node hangs up on its players (1012) without acknowledging anything.
    for (client, _) in &mut stale {
        while let Some(frame) = client.recv_or_closed().await {
            assert!(
                frame["ref"].is_null(),
                "a stale move was acknowledged: {frame}"
            );
        }
    }
    // The node that runs the match now goes on, and the log holds only its commands.
    let mut clients = Vec::new();
    for (_, token) in &tokens {
        clients.push(
            connect_anywhere(std::slice::from_ref(&other), &id, Some(token))
                .await
                .0,
        );
    }
    let mut picks: Vec<Picker> = (0..3).map(|k| Picker(700 + k)).collect();
    let mut seen: Vec<Seen> = (0..3).map(|_| Seen::default()).collect();
    run_players(clients, &mut picks, &mut seen).await;
    drop(watcher);
    let stamps = assert_log_whole(store.as_ref(), match_id).await;
    let lease = store
        .lease(match_id)
        .await
        .expect("the lease")
        .expect("a lease");
    for (seq, epoch) in &stamps {
        let by_the_taker = *epoch == Some(lease.epoch);
        assert_eq!(
            by_the_taker,
            *seq as u64 > taken_at,
            "seq {seq} stored by epoch {epoch:?}; taken over at seq {taken_at}: {stamps:?}"
        );
    }
    let (status, replay) = other.get(&format!("/api/matches/{id}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    assert_replays(&replay, &seen, SEED);
    signal(&paused, "KILL");
    db.drop_db().await;
}
