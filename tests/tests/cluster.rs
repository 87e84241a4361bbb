//! Several nodes on one PostgreSQL and the local NATS (`--nats-url`): a match runs on the node
//! that holds its lease, and the other nodes relay their sockets to it, so every player and
//! spectator sees what a single node would have shown them. Kill that node (SIGKILL) and
//! another takes the match over from its log within a few seconds; the players reconnect and
//! finish it, with nothing acknowledged lost, nothing stored twice or out of order, and a final
//! state equal to an offline replay of the stored log. A node paused past its lease (SIGSTOP)
//! stores nothing once it wakes.

use crate::common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::{
    Client, Db, PATIENCE, Picker, Seen, Server, UNLIMITED, artemia_with_humans, assert_replays,
    run_players,
};
use serde_json::{Value, json};
use xenotable_server::ids::MatchId;
use xenotable_server::store::Store;

/// A short lease, so a dead node's matches move within about a second and a half.
const LEASE_MS: &str = "1000";

/// The seed of every match here: its log is long enough for five kills.
const SEED: u64 = 4_321;

/// Starts node `node` of the cluster on `db` and the NATS of `TEST_NATS_URL` (default: the
/// local one, `nats://127.0.0.1:4222`).
async fn node(db: &Db, node: &str) -> Server {
    let nats = std::env::var("TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let mut args = UNLIMITED.to_vec();
    args.extend([
        "--nats-url",
        &nats,
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

/// A connection to match `id` on the first of `nodes` that takes it, once one does (each node
/// relays it to the node that runs the match, and refuses the upgrade with 503
/// `owned_elsewhere` while none does), and the index of that node. Its `welcome` is the first
/// frame it will read.
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

/// The index in `names` of the node that holds match `id`'s lease (its name before the `#`).
async fn owner(store: &dyn Store, id: MatchId, names: &[String]) -> usize {
    let lease = store.lease(id).await.expect("the lease").expect("a lease");
    let name = lease.node.split('#').next().unwrap_or_default();
    names
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("{} is none of {names:?}", lease.node))
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
    let mut names: Vec<String> = (0..3).map(|k| format!("n{k}")).collect();
    let mut nodes = Vec::new();
    for name in &names {
        nodes.push(node(&db, name).await);
    }
    let (id, tokens) = nodes[0].create(artemia_with_humans(3, SEED)).await;
    let match_id: MatchId = id.parse().expect("a match id");
    let mut picks: Vec<Picker> = (0..3).map(|k| Picker(900 + k)).collect();
    let mut seen: Vec<Seen> = (0..3).map(|_| Seen::default()).collect();
    let mut failovers = Vec::new();

    let mut killed_at: Option<Instant> = None;
    for kill in 0..5 {
        let (mut spectator, _) = connect_anywhere(&nodes, &id, None).await;
        let welcome = spectator.recv_type("welcome").await;
        failovers.extend(killed_at.map(|t| t.elapsed()));
        let owner = owner(store.as_ref(), match_id, &names).await;
        assert!(
            welcome["view"]["outcome"].is_null(),
            "the match goes on after kill {kill}"
        );
        let from = welcome["seq"].as_u64().expect("a seq");
        let mut clients = Vec::new();
        // On the node that runs the match, so they lose their sockets with it and reconnect
        // (sockets on other nodes stay open: see the test below).
        for (_, token) in &tokens {
            clients.push(nodes[owner].connect(&id, Some(token)).await);
        }
        let players = run_players(clients, &mut picks, &mut seen);
        let killer = async {
            while spectator.recv().await["seq"].as_u64().unwrap_or(0) < from + 10 {}
            nodes[owner].kill();
            killed_at = Some(Instant::now());
        };
        tokio::join!(players, killer);
        // Another node in place of the dead one, under a new name, as an operator would.
        names[owner] = format!("n{}", 3 + kill);
        nodes[owner] = node(&db, &names[owner]).await;
    }

    let (mut spectator, at) = connect_anywhere(&nodes, &id, None).await;
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
    let (status, replay) = nodes[at].get(&format!("/api/matches/{id}/replay")).await;
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

/// A client of a lockstep run, and every frame of the match it was sent (its `welcome`, the
/// updates and seat changes, each as sent; pongs aside).
struct Follower {
    client: Client,
    frames: Vec<Value>,
}

impl Follower {
    async fn new(mut client: Client) -> Follower {
        let welcome = client.recv_type("welcome").await;
        Follower {
            client,
            frames: vec![welcome],
        }
    }

    fn view(&self) -> &Value {
        &self.frames.last().expect("a welcome first")["view"]
    }

    fn seq(&self) -> u64 {
        self.frames.last().expect("a welcome first")["seq"]
            .as_u64()
            .expect("a seq")
    }

    fn over(&self) -> bool {
        !self.view()["outcome"].is_null()
    }

    fn keep(&mut self, frame: Value) {
        match frame["t"].as_str() {
            Some("welcome" | "update" | "stand_in") => self.frames.push(frame),
            Some("pong") => {}
            _ => panic!("a lockstep run is never refused: {frame}"),
        }
    }

    /// Reads until the pong of a ping sent now: every frame the room queued for this client
    /// before it came has come.
    async fn sync(&mut self) {
        self.client.send(json!({"t": "ping"})).await;
        loop {
            let frame = self.client.recv().await;
            if frame["t"] == "pong" {
                return;
            }
            self.keep(frame);
        }
    }

    /// Reads until the update that answers this client's act `reference`: once it has come,
    /// the room has queued every viewer's update of that act.
    async fn acknowledged(&mut self, reference: &str) {
        loop {
            let frame = self.client.recv().await;
            let answered = frame["ref"] == reference;
            self.keep(frame);
            if answered {
                return;
            }
        }
    }

    /// Reads every frame until the match is over (a spectator's, in a task of its own).
    async fn until_over(mut self) -> Vec<Value> {
        while !self.over() {
            let frame = self.client.recv().await;
            self.keep(frame);
        }
        self.frames
    }
}

/// The moves of a lockstep run: one seat at a time (the first in seat order that may act)
/// plays a move picked from its view, and every seat has seen its result before the next (its
/// acknowledgement, then a ping of every seat: the room may answer a ping before it has stored
/// and told an act that came before).
/// Plays `moves` moves at most, or to the end; returns how many it played.
async fn lockstep(seats: &mut [Follower], pick: &mut Picker, moves: usize) -> usize {
    for played in 0..moves {
        for seat in seats.iter_mut() {
            seat.sync().await;
        }
        if seats[0].over() {
            return played;
        }
        let Some(actor) = seats
            .iter_mut()
            .find(|s| s.view()["legal"].as_array().is_some_and(|l| !l.is_empty()))
        else {
            panic!("nobody may act in a match that goes on");
        };
        let legal = actor.view()["legal"].as_array().expect("legal").clone();
        let action = legal[pick.below(legal.len())].clone();
        let reference = format!("m{played}");
        let act = json!({"t": "act", "seq": actor.seq(), "ref": reference, "action": action});
        actor.client.send(act).await;
        actor.acknowledged(&reference).await;
    }
    moves
}

/// Where each client of a lockstep run connects: the four seats of the match (Creature, then
/// the Hunted), the spectators there from the start, and the ones who come after move 20.
struct Placement<'a> {
    seats: [&'a Server; 4],
    early: Vec<&'a Server>,
    late: Vec<&'a Server>,
}

/// What every client of a lockstep run of a match created on `host` saw: each seat's frames,
/// then each spectator's (early ones, then late ones).
async fn lockstep_run(
    host: &Server,
    placement: Placement<'_>,
) -> (Vec<Vec<Value>>, Vec<Vec<Value>>) {
    let mut body = artemia_with_humans(3, SEED);
    body["seats"][0] = json!({"seat": "creature", "name": "Creature"});
    let (id, tokens) = host.create(body).await;
    let mut seats = Vec::new();
    for (node, (_, token)) in placement.seats.iter().zip(&tokens) {
        seats.push(Follower::new(node.connect(&id, Some(token)).await).await);
    }
    let mut spectators = Vec::new();
    for node in &placement.early {
        let follower = Follower::new(node.connect(&id, None).await).await;
        spectators.push(tokio::spawn(follower.until_over()));
    }
    let mut pick = Picker(4_242);
    let early_moves = lockstep(&mut seats, &mut pick, 20).await;
    assert_eq!(early_moves, 20, "the match lasts beyond 20 moves");
    for seat in &mut seats {
        seat.sync().await;
    }
    for node in &placement.late {
        let follower = Follower::new(node.connect(&id, None).await).await;
        spectators.push(tokio::spawn(follower.until_over()));
    }
    lockstep(&mut seats, &mut pick, usize::MAX).await;
    let mut watched = Vec::new();
    for spectator in spectators {
        watched.push(spectator.await.expect("the spectator reads to the end"));
    }
    (seats.into_iter().map(|s| s.frames).collect(), watched)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn players_and_spectators_on_three_nodes_see_what_one_node_shows() {
    let single_db = Db::sqlite();
    let single = Server::start_with(&single_db, UNLIMITED).await;
    let (seats_alone, watched_alone) = lockstep_run(
        &single,
        Placement {
            seats: [&single; 4],
            early: vec![&single],
            late: vec![&single],
        },
    )
    .await;
    drop(single);

    let db = Db::postgres().await;
    let (a, b, c) = (
        node(&db, "a").await,
        node(&db, "b").await,
        node(&db, "c").await,
    );
    // Created on A, which runs it; the seats play through B and C, and each node has two
    // spectators, the second coming mid-match (on B and C it shares the first's relay).
    let (seats, watched) = lockstep_run(
        &a,
        Placement {
            seats: [&b, &c, &b, &c],
            early: vec![&a, &b, &c],
            late: vec![&a, &b, &c],
        },
    )
    .await;
    for (k, (relayed, alone)) in seats.iter().zip(&seats_alone).enumerate() {
        assert_eq!(relayed.len(), alone.len(), "seat {k} saw as many frames");
        assert!(relayed == alone, "seat {k} saw what one node showed");
    }
    for (k, relayed) in watched.iter().enumerate() {
        let alone = &watched_alone[k / 3];
        assert_eq!(
            relayed.len(),
            alone.len(),
            "spectator {k} saw as many frames"
        );
        assert!(relayed == alone, "spectator {k} saw what one node showed");
    }
    drop((a, b, c));
    db.drop_db().await;
}

/// The spectators the match's summary counts, as `server` answers.
async fn spectators(server: &Server, id: &str) -> u64 {
    let (status, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(status, 200, "{summary}");
    summary["spectators"].as_u64().expect("a count")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn the_node_that_runs_a_match_lets_go_of_the_connections_of_a_dead_relay() {
    let db = Db::postgres().await;
    let owner = node(&db, "owner").await;
    let mut edge = node(&db, "edge").await;
    let (id, _) = owner.create(artemia_with_humans(3, SEED)).await;
    let mut here = owner.connect(&id, None).await;
    here.recv_type("welcome").await;
    let mut there = edge.connect(&id, None).await;
    there.recv_type("welcome").await;
    assert_eq!(spectators(&owner, &id).await, 2, "one here, one relayed");

    edge.kill();
    let deadline = Instant::now() + PATIENCE;
    while spectators(&owner, &id).await != 1 {
        assert!(
            Instant::now() < deadline,
            "the dead relay's connection is still at the table"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    here.assert_alive().await;
    drop(owner);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn sockets_on_surviving_nodes_stay_open_when_the_match_changes_node() {
    let db = Db::postgres().await;
    let store = db.store().await;
    let mut a = node(&db, "a").await;
    let (b, c) = (node(&db, "b").await, node(&db, "c").await);
    let mut body = artemia_with_humans(3, SEED);
    body["seats"][0] = json!({"seat": "creature", "name": "Creature"});
    let (id, tokens) = a.create(body).await;
    let match_id: MatchId = id.parse().expect("a match id");
    let mut seats = Vec::new();
    for (k, (_, token)) in tokens.iter().enumerate() {
        let at = if k % 2 == 0 { &b } else { &c };
        seats.push(Follower::new(at.connect(&id, Some(token)).await).await);
    }
    let mut watchers = Vec::new();
    for at in [&b, &c, &c] {
        watchers.push(Follower::new(at.connect(&id, None).await).await);
    }
    let mut pick = Picker(77);
    assert_eq!(lockstep(&mut seats, &mut pick, 10).await, 10);
    for seat in &mut seats {
        seat.sync().await;
    }

    a.kill();
    let killed = Instant::now();
    // Every socket, on B or C, gets the welcome of the room that took the match over, and no
    // close: `recv` fails the test if the socket closes.
    for follower in seats.iter_mut().chain(watchers.iter_mut()) {
        let before = follower.frames.len();
        loop {
            let frame = follower.client.recv().await;
            let welcome = frame["t"] == "welcome";
            follower.keep(frame);
            if welcome && follower.frames.len() > before {
                break;
            }
        }
    }
    let gap = killed.elapsed();
    eprintln!(
        "SIGKILL to every surviving socket's new welcome: {} ms",
        gap.as_millis()
    );
    assert!(gap < Duration::from_secs(10), "{gap:?}");

    lockstep(&mut seats, &mut pick, usize::MAX).await;
    assert!(seats.iter().all(Follower::over), "the match ends");
    for watcher in watchers {
        let frames = watcher.until_over().await;
        assert!(!frames.last().expect("frames")["view"]["outcome"].is_null());
    }
    let stamps = assert_log_whole(store.as_ref(), match_id).await;
    let epochs: std::collections::BTreeSet<i64> = stamps.iter().filter_map(|s| s.1).collect();
    assert_eq!(
        epochs.len(),
        2,
        "A, then the node that took over: {epochs:?}"
    );
    drop((b, c));
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn a_frame_meant_for_another_owner_is_never_taken_for_a_connection_of_this_one() {
    let db = Db::postgres().await;
    let store = db.store().await;
    let a = node(&db, "a").await;
    let (id, tokens) = a.create(artemia_with_humans(3, SEED)).await;
    let match_id: MatchId = id.parse().expect("a match id");
    let epoch = store
        .lease(match_id)
        .await
        .expect("the lease")
        .expect("a lease")
        .epoch;
    // The room's first connection: number 0, as every room numbers them.
    let mut hunted = a.connect(&id, Some(&tokens[0].1)).await;
    let welcome = hunted.recv_type("welcome").await;
    let action = welcome["view"]["legal"][0].clone();
    assert!(!action.is_null(), "Hunted 1 has a move: {welcome}");
    let act = |reference: &str| {
        json!({"t": "act", "seq": welcome["seq"], "ref": reference, "action": action}).to_string()
    };

    let url = std::env::var("TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let nats = async_nats::connect(url).await.expect("NATS");
    let subject = format!("xenotable.match.{id}");
    let frame = |epoch: i64, text: String| {
        let message = json!({"k": "frame", "epoch": epoch, "conn": 0, "text": text});
        message.to_string().into_bytes().into()
    };
    // A relay of an older owner of the match sends its connection 0 an act; then the right
    // owner's connection 0 a ping, which comes after it.
    let ghost = frame(epoch - 1, act("ghost"));
    nats.publish(subject.clone(), ghost).await.expect("sent");
    let ping = frame(epoch, json!({"t": "ping"}).to_string());
    nats.publish(subject.clone(), ping).await.expect("sent");
    loop {
        let answer = hunted.recv().await;
        assert_ne!(
            answer["ref"], "ghost",
            "another owner's frame was played: {answer}"
        );
        if answer["t"] == "pong" {
            break;
        }
    }
    // The same act, meant for this owner, is played: the path was open all along.
    nats.publish(subject, frame(epoch, act("real")))
        .await
        .expect("sent");
    loop {
        let answer = hunted.recv().await;
        if answer["ref"] == "real" {
            assert_eq!(answer["t"], "update", "{answer}");
            break;
        }
    }
    drop(a);
    db.drop_db().await;
}
