//! A game plugs in through its folder and one line of the game table: Mined Noughts, the
//! test-only fifth game (`games/noughts/`, in test builds only), is listed by the lobby, played
//! over the WebSocket by both sides with a spectator watching, stored, rebuilt by a server
//! started after the first stopped dead, and replayed, by the same server code as the four
//! real games.
//!
//! The servers run in this process (each on a runtime of its own, dropped without a shutdown
//! to stop it dead), so the shipped binary never carries the test game.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::runtime::Runtime;
use tokio::task::LocalSet;
use tokio_tungstenite::tungstenite::Message;

use crate::config::Cli;
use crate::loadgen::client::{Endpoint, Socket};

/// The sides, as the match is created.
const SIDES: [&str; 2] = ["marines", "aliens"];

/// How long a test waits for the server or for a frame before failing.
const PATIENCE: Duration = Duration::from_secs(30);

/// A server on an SQLite file of `dir`, serving on a loopback port of its own.
struct Server {
    runtime: Runtime,
    endpoint: Endpoint,
}

impl Server {
    fn start(dir: &Path) -> Server {
        let database = format!("sqlite://{}", dir.join("xenotable.db").display());
        let cli = Cli::try_parse_from([
            "xenotable",
            "--database-url",
            &database,
            "--allow-client-seeds",
        ])
        .expect("a valid command line");
        let config = cli.serve;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        listener
            .set_nonblocking(true)
            .expect("a non-blocking listener");
        let address = listener.local_addr().expect("its address");
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.spawn(async move {
            let listener = tokio::net::TcpListener::from_std(listener).expect("a tokio listener");
            let started = super::start(&config, None)
                .await
                .expect("the server starts");
            super::serve(started, listener, &config)
                .await
                .expect("the server serves");
        });
        let endpoint = Endpoint::parse(&format!("http://{address}")).expect("a loopback URL");
        Server { runtime, endpoint }
    }

    /// Stops the server dead: its tasks are dropped where they stand, nothing is flushed.
    fn stop_dead(self) {
        self.runtime.shutdown_timeout(PATIENCE);
    }
}

/// A directory of its own under the system's temporary directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        let dir = std::env::temp_dir().join(format!("xenotable-fifth-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn healthy(endpoint: &Endpoint) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while endpoint.health().await.is_err() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the server never became healthy"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn recv(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(PATIENCE, socket.next())
            .await
            .expect("a frame in time")
            .expect("the socket is open")
            .expect("a WebSocket message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).expect("a JSON frame");
        }
    }
}

/// Waits for the next frame of type `t` (skipping chat and presence frames).
async fn recv_type(socket: &mut Socket, t: &str) -> Value {
    loop {
        let frame = recv(socket).await;
        if frame["t"] == t {
            return frame;
        }
    }
}

/// The three connections (marines, aliens, spectator), each with its latest view and seq.
struct Table {
    sockets: [Socket; 3],
    views: [Value; 3],
    seqs: [u64; 3],
}

impl Table {
    async fn connect(endpoint: &Endpoint, id: &str, tokens: &[String; 2]) -> Table {
        let mut sockets = [
            endpoint.socket(None, id, Some(&tokens[0])).await,
            endpoint.socket(None, id, Some(&tokens[1])).await,
            endpoint.socket(None, id, None).await,
        ]
        .map(|s| s.expect("a WebSocket"));
        let mut views = [Value::Null, Value::Null, Value::Null];
        let mut seqs = [0; 3];
        for k in 0..3 {
            let welcome = recv_type(&mut sockets[k], "welcome").await;
            seqs[k] = welcome["seq"].as_u64().expect("a seq");
            views[k] = welcome["view"].clone();
        }
        Table {
            sockets,
            views,
            seqs,
        }
    }

    /// Plays one move for the side to move: its first legal square. Returns the kinds of
    /// events each connection is told.
    async fn play_one(&mut self) -> [Vec<Value>; 3] {
        let mover = (0..2)
            .find(|&k| !self.views[k]["legal"].as_array().is_none_or(Vec::is_empty))
            .expect("a side to move");
        let act = json!({"t": "act", "seq": self.seqs[mover], "ref": "r",
            "action": self.views[mover]["legal"][0]});
        self.sockets[mover]
            .send(Message::text(act.to_string()))
            .await
            .expect("the act is sent");
        let mut kinds: [Vec<Value>; 3] = Default::default();
        for (k, told) in kinds.iter_mut().enumerate() {
            let update = recv_type(&mut self.sockets[k], "update").await;
            if k == mover {
                assert_eq!(update["ref"], "r", "the mover's own update echoes its ref");
            }
            self.seqs[k] = update["seq"].as_u64().expect("a seq");
            self.views[k] = update["view"].clone();
            *told = update["events"]
                .as_array()
                .expect("events")
                .iter()
                .map(|e| e["type"].clone())
                .collect();
        }
        kinds
    }
}

#[test]
fn a_fifth_game_registered_by_one_line_is_listed_played_stored_rebuilt_and_replayed() {
    let scratch = Scratch::new();
    let client = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a client runtime");
    // The API client runs its HTTP connections as local tasks.
    let local = LocalSet::new();

    let server = Server::start(&scratch.0);
    let (id, tokens, first, views, played) = local.block_on(&client, async {
        let endpoint = &server.endpoint;
        healthy(endpoint).await;
        let games = endpoint.get_json("/api/games").await.expect("the games");
        let listed = games
            .as_array()
            .expect("a list")
            .iter()
            .find(|g| g["id"] == "mined-noughts")
            .unwrap_or_else(|| panic!("the fifth game is listed: {games}"));
        assert_eq!(listed["name"], "Mined Noughts");
        assert_eq!(listed["seats"], json!(SIDES));

        let created = endpoint
            .post_json(
                None,
                "/api/matches",
                &json!({"game": "mined-noughts", "seed": 11, "seats": [
                    {"seat": "marines", "name": "Ann"}, {"seat": "aliens", "name": "Bo"}]}),
                None,
            )
            .await
            .expect("the match is created");
        let id = created["id"].as_str().expect("an id").to_owned();
        let token = |seat: &str| {
            created["seats"]
                .as_array()
                .expect("seats")
                .iter()
                .find(|s| s["seat"] == seat)
                .and_then(|s| s["token"].as_str())
                .expect("a token per side")
                .to_owned()
        };
        let tokens = [token(SIDES[0]), token(SIDES[1])];
        let mut table = Table::connect(endpoint, &id, &tokens).await;
        let first = table.views.clone();
        for _ in 0..3 {
            let kinds = table.play_one().await;
            assert!(!kinds[2].contains(&json!("disarmed")), "{kinds:?}");
        }
        (id, tokens, first, table.views, 3)
    });

    server.stop_dead();
    let server = Server::start(&scratch.0);
    local.block_on(&client, async {
        let endpoint = &server.endpoint;
        healthy(endpoint).await;
        let mut table = Table::connect(endpoint, &id, &tokens).await;
        assert_eq!(
            table.views, views,
            "each viewer's view survives the restart"
        );
        let mut moves = played;
        while table.views[2]["outcome"].is_null() {
            table.play_one().await;
            moves += 1;
            assert!(moves <= 9, "nine squares at most");
        }
        assert_eq!(table.views[0]["outcome"], table.views[2]["outcome"]);

        let replay = endpoint
            .get_json(&format!("/api/matches/{id}/replay"))
            .await
            .expect("the replay");
        let steps = replay["steps"].as_array().expect("steps");
        assert_eq!(steps.len(), moves, "every move stored once");
        let last = steps.last().expect("a last step");
        assert_eq!(last["view"]["outcome"], table.views[2]["outcome"]);
        assert_eq!(
            replay["seed"], 11,
            "the seed is told once the match is over"
        );
        // The secret: each side was shown its own mine, the spectator none.
        let mines = &replay["initial"]["mines"];
        assert_eq!(mines.as_array().map(Vec::len), Some(2), "{replay}");
        assert_eq!(first[0]["mines"], json!([mines[0]]));
        assert_eq!(first[1]["mines"], json!([mines[1]]));
        assert_eq!(first[2]["mines"], json!([]));
    });
    server.stop_dead();
}
