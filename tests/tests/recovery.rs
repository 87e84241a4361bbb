//! Crash recovery on each backend: kill the server with SIGKILL in the middle of a match,
//! start it again, reconnect with the same tokens and finish. Every move a client saw
//! acknowledged is in the log, and the final views equal an offline replay of seed + log.

use crate::common;

use common::{Client, Db, Picker, Seen, Server, artemia_with_humans, assert_replays, run_players};
use serde_json::Value;

async fn connect_all(server: &Server, id: &str, tokens: &[(String, String)]) -> Vec<Client> {
    let mut clients = Vec::new();
    for (_, token) in tokens {
        clients.push(server.connect(id, Some(token)).await);
    }
    clients
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

    let (status, replay) = server.get(&format!("/api/matches/{id}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    assert_replays(&replay, &seen, 4_321);
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
