//! Crash recovery on each backend: kill the server with SIGKILL in the middle of a match,
//! start it again, reconnect with the same tokens and finish. Every move a client saw
//! acknowledged is in the log, and the final views equal an offline replay of seed + log.

mod common;

use common::{Client, Db, Picker, Server, artemia_with_humans};
use serde_json::{Value, json};
use xenotable_protocol::Seat;
use xenotable_server::games::{MatchSetup, Viewer, new_match};

/// What one seat saw: its acknowledged moves (seq, action) and its last view.
#[derive(Default)]
struct Seen {
    acked: Vec<(u64, Value)>,
    last_view: Option<Value>,
}

/// Plays random legal moves until the match ends or the connection dies.
async fn play(mut client: Client, pick: &mut Picker, seen: &mut Seen) {
    let mut sent: Vec<Value> = Vec::new();
    while let Some(frame) = client.recv_or_closed().await {
        if !matches!(frame["t"].as_str(), Some("welcome" | "update")) {
            continue;
        }
        if let Some(r) = frame["ref"].as_str() {
            let k: usize = r[1..].parse().expect("our refs are m<k>");
            let seq = frame["seq"].as_u64().expect("a seq");
            seen.acked.push((seq, sent[k].clone()));
        }
        let view = frame["view"].clone();
        seen.last_view = Some(view.clone());
        if !view["outcome"].is_null() {
            return;
        }
        let legal = view["legal"].as_array().cloned().unwrap_or_default();
        if !legal.is_empty() {
            let action = legal[pick.below(legal.len())].clone();
            let act = json!({"t": "act", "seq": frame["seq"], "ref": format!("m{}", sent.len()), "action": action});
            sent.push(action);
            // The server may be killed under us: then this move was never acknowledged.
            if !client.try_send(act).await {
                return;
            }
        }
    }
}

async fn connect_all(server: &Server, id: &str, tokens: &[(String, String)]) -> Vec<Client> {
    let mut clients = Vec::new();
    for (_, token) in tokens {
        clients.push(server.connect(id, Some(token)).await);
    }
    clients
}

/// Every seat plays at once until the match ends or the server goes away.
async fn run_players(clients: Vec<Client>, picks: &mut [Picker], seen: &mut [Seen]) {
    let mut tasks = Vec::new();
    for (k, client) in clients.into_iter().enumerate() {
        let mut pick = Picker(picks[k].0);
        let mut mine = std::mem::take(&mut seen[k]);
        tasks.push(tokio::spawn(async move {
            play(client, &mut pick, &mut mine).await;
            (pick, mine)
        }));
    }
    for (k, task) in tasks.into_iter().enumerate() {
        let (pick, mine) = task.await.expect("the player task ends");
        picks[k] = pick;
        seen[k] = mine;
    }
}

async fn a_killed_server_resumes_the_match_where_it_stood(db: Db) {
    let mut server = Server::start(&db).await;
    let (id, tokens) = server.create(artemia_with_humans(3, 4_321)).await;
    let mut picks: Vec<Picker> = (0..3).map(|k| Picker(900 + k)).collect();
    let mut seen: Vec<Seen> = (0..3).map(|_| Seen::default()).collect();

    // Kill the server while the players are in the middle of the match.
    let mut spectator = server.connect(&id, None).await;
    let clients = connect_all(&server, &id, &tokens).await;
    let players = run_players(clients, &mut picks, &mut seen);
    let killer = async {
        loop {
            let frame = spectator.recv().await;
            if frame["seq"].as_u64().unwrap_or(0) >= 60 {
                return;
            }
        }
    };
    let ((), ()) = tokio::join!(players, async {
        killer.await;
        server.kill();
    });
    let acked_before: Vec<(u64, Value)> = seen.iter().flat_map(|s| s.acked.clone()).collect();
    assert!(
        !acked_before.is_empty(),
        "some moves were acknowledged before the kill"
    );
    let highest = acked_before.iter().map(|(seq, _)| *seq).max().unwrap_or(0);

    // Start again on the same database; the match is there, at least as far as acknowledged.
    let server = Server::start(&db).await;
    let mut watcher = server.connect(&id, None).await;
    let welcome = watcher.recv_type("welcome").await;
    assert!(welcome["seq"].as_u64().unwrap_or(0) >= highest);
    assert!(
        welcome["view"]["outcome"].is_null(),
        "the match was not over"
    );
    watcher.close().await;
    for (_, token) in &tokens {
        let mut client = server.connect(&id, Some(token)).await;
        let welcome = client.recv_type("welcome").await;
        assert!(
            welcome["you"]
                .as_str()
                .is_some_and(|s| s.starts_with("hunted-"))
        );
        client.close().await;
    }
    let clients = connect_all(&server, &id, &tokens).await;
    run_players(clients, &mut picks, &mut seen).await;

    // Every acknowledged move is in the log, at its seq.
    let (status, replay) = server.get(&format!("/api/matches/{id}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    let steps = replay["steps"].as_array().expect("steps");
    for (seq, action) in seen.iter().flat_map(|s| s.acked.iter()) {
        let step = &steps[*seq as usize - 1];
        assert_eq!(step["seq"].as_u64(), Some(*seq));
        assert_eq!(
            &step["action"], action,
            "acknowledged move {seq} is in the log"
        );
    }

    // An offline replay of seed + log gives every seat exactly the final view it was sent.
    let mut offline = new_match(&MatchSetup {
        game: xenotable_server::games::GameId::Artemia,
        seats: vec![
            Seat::Creature,
            Seat::Hunted(1),
            Seat::Hunted(2),
            Seat::Hunted(3),
        ],
        scenario: None,
        options: Value::Null,
        seed: 4_321,
    })
    .expect("the same match");
    for step in steps {
        let seat: Seat = step["seat"]
            .as_str()
            .expect("seat")
            .parse()
            .expect("a seat");
        offline.act(seat, &step["action"]).expect("the log replays");
    }
    assert!(offline.outcome().is_some());
    for (k, s) in seen.iter().enumerate() {
        let live = s.last_view.as_ref().expect("a final view");
        let replayed = offline.view(Viewer::Seat(Seat::Hunted(k as u8 + 1)));
        assert_eq!(live, &replayed, "hunted-{} final view", k + 1);
    }
    drop(server);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_a_killed_server_resumes_the_match_where_it_stood() {
    a_killed_server_resumes_the_match_where_it_stood(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_a_killed_server_resumes_the_match_where_it_stood() {
    a_killed_server_resumes_the_match_where_it_stood(Db::postgres().await).await;
}
