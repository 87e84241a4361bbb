//! Bad input, each case on its own, against the real server: the sender gets the error code
//! (with a message for people), the match is exactly as before, the other connections notice
//! nothing, and the connection stays open where the error is recoverable. Seat tokens never
//! appear in an error frame, an error body or the log.

use crate::common;

use std::process::{Command, Stdio};
use std::time::Duration;

use common::{Client, Db, PATIENCE, Server};
use futures_util::future::join_all;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long a connection must stay silent to count as having noticed nothing.
const QUIET: Duration = Duration::from_millis(300);
/// The seed of every table: the Creature opens with a choice of Hunt card or pass.
const SEED: u64 = 7;
const CREATURE: usize = 0;

/// A frame a client sends.
enum Bad {
    Text(String),
    Binary(Vec<u8>),
}

fn text(frame: Value) -> Bad {
    Bad::Text(frame.to_string())
}

fn raw(frame: &str) -> Bad {
    Bad::Text(frame.to_owned())
}

/// A live Artemia match in which every seat is a person: the Creature and `hunted` Hunted are
/// each connected, and so is a spectator. Nothing moves unless a test moves it.
struct Table {
    db: Db,
    server: Server,
    id: String,
    /// Seat tokens, in seat order: creature, hunted-1, ...
    tokens: Vec<(String, String)>,
    /// One connection per seat, in seat order, then the spectator's.
    clients: Vec<Client>,
    /// The seq every connection has seen.
    seq: u64,
    /// The latest view of each connection.
    views: Vec<Value>,
}

impl Table {
    async fn new(db: Db, hunted: u8) -> Table {
        let server = Server::start(&db).await;
        let mut seats = vec![json!({"seat": "creature", "name": "Cora"})];
        for n in 1..=hunted {
            seats.push(json!({"seat": format!("hunted-{n}"), "name": format!("Player {n}")}));
        }
        let (id, tokens) = server
            .create(json!({"game": "artemia", "seed": SEED, "seats": seats}))
            .await;
        assert_eq!(tokens.len(), usize::from(hunted) + 1);
        assert_eq!(tokens[0].0, "creature");
        let mut table = Table {
            db,
            server,
            id,
            tokens,
            clients: Vec::new(),
            seq: 0,
            views: Vec::new(),
        };
        for k in 0..=usize::from(hunted) + 1 {
            let (client, welcome) = table.open(k).await;
            assert_eq!(welcome["seq"], 0, "{welcome}");
            table.clients.push(client);
            table.views.push(welcome["view"].clone());
        }
        table
    }

    fn spectator(&self) -> usize {
        self.tokens.len()
    }

    fn token(&self, k: usize) -> Option<&str> {
        self.tokens.get(k).map(|(_, t)| t.as_str())
    }

    fn you(&self, k: usize) -> &str {
        self.tokens.get(k).map_or("spectator", |(s, _)| s.as_str())
    }

    /// A new connection for the viewer of connection `k`, and its welcome.
    async fn open(&self, k: usize) -> (Client, Value) {
        let mut client = self.server.connect(&self.id, self.token(k)).await;
        let welcome = client.recv().await;
        assert_eq!(welcome["t"], "welcome", "{welcome}");
        assert_eq!(welcome["you"], self.you(k), "{welcome}");
        (client, welcome)
    }

    /// What a fresh connection for the viewer of `k` is told: the match's seq and its view.
    async fn snapshot(&self, k: usize) -> (Value, Value) {
        let (client, welcome) = self.open(k).await;
        self.assert_no_token(&client.frames);
        client.close().await;
        (welcome["seq"].clone(), welcome["view"].clone())
    }

    fn assert_no_token(&self, raw: &[String]) {
        for text in raw {
            for (seat, token) in &self.tokens {
                assert!(
                    !text.contains(token.as_str()),
                    "the token of {seat} in {text}"
                );
            }
        }
    }

    /// No connection receives anything.
    async fn assert_quiet(&mut self) {
        let heard = join_all(self.clients.iter_mut().map(|c| c.try_recv(QUIET))).await;
        for (k, frame) in heard.iter().enumerate() {
            assert!(frame.is_none(), "{} heard {frame:?}", self.you(k));
        }
    }

    /// Ping gets pong, and nothing comes before it.
    async fn assert_alive(&mut self, k: usize) {
        self.clients[k].send(json!({"t": "ping"})).await;
        let frame = self.clients[k].recv().await;
        assert_eq!(frame, json!({"t": "pong"}));
    }

    /// Connection `k` sends `bad`; it alone is told `code` (echoing `reference`), the match is
    /// as before for the sender and for a spectator, and the connection is still open.
    async fn refuse(&mut self, k: usize, bad: Bad, code: &str, reference: Option<&str>) -> Value {
        let before = (
            self.snapshot(k).await,
            self.snapshot(self.spectator()).await,
        );
        let shown = match bad {
            Bad::Text(text) => {
                let shown = text.chars().take(200).collect::<String>();
                self.clients[k].send_text(text).await;
                shown
            }
            Bad::Binary(bytes) => {
                self.clients[k].send_binary(bytes).await;
                "a binary frame".to_owned()
            }
        };
        let error = self.clients[k].recv().await;
        assert_eq!(error["t"], "error", "{shown}: {error}");
        assert_eq!(error["code"], code, "{shown}: {error}");
        let message = error["message"].as_str().unwrap_or("");
        assert!(!message.trim().is_empty(), "{shown}: {error}");
        assert_eq!(
            error.get("ref").and_then(Value::as_str),
            reference,
            "{error}"
        );
        let last = self.clients[k]
            .frames
            .last()
            .expect("the error frame")
            .clone();
        self.assert_no_token(&[last]);
        self.assert_quiet().await;
        self.assert_alive(k).await;
        let after = (
            self.snapshot(k).await,
            self.snapshot(self.spectator()).await,
        );
        assert_eq!(before, after, "{shown} changed the match");
        assert_eq!(after.0.0, self.seq);
        assert_eq!(after.0.1, self.views[k]);
        error
    }

    /// The first legal action of seat `k` of type `kind`.
    fn legal(&self, k: usize, kind: &str) -> Value {
        self.views[k]["legal"]
            .as_array()
            .expect("a legal list")
            .iter()
            .find(|a| a["type"] == kind)
            .unwrap_or_else(|| panic!("no legal {kind} for {}: {}", self.you(k), self.views[k]))
            .clone()
    }

    /// Connection `k` plays `action`: every connection gets the next update, the sender's
    /// with its ref.
    async fn play(&mut self, k: usize, action: Value) {
        let reference = format!("ok-{}", self.seq + 1);
        let act = json!({"t": "act", "seq": self.seq, "ref": reference, "action": action});
        self.clients[k].send(act).await;
        self.seq += 1;
        let updates = join_all(self.clients.iter_mut().map(Client::recv)).await;
        for (j, update) in updates.into_iter().enumerate() {
            assert_eq!(update["t"], "update", "{} got {update}", self.you(j));
            assert_eq!(update["seq"], self.seq, "{update}");
            let expected = (j == k).then_some(reference.as_str());
            assert_eq!(update.get("ref").and_then(Value::as_str), expected);
            self.views[j] = update["view"].clone();
        }
    }

    /// The Creature declines its opening Hunt card: the Hunted may now explore.
    async fn creature_passes(&mut self) {
        let pass = self.legal(CREATURE, "pass");
        self.play(CREATURE, pass).await;
        assert_eq!(self.views[CREATURE]["decision"]["kind"], "explore");
    }

    async fn finish(self) {
        for client in &self.clients {
            self.assert_no_token(&client.frames);
        }
        drop(self.clients);
        drop(self.server);
        self.db.drop_db().await;
    }
}

/// One HTTP exchange on a fresh connection: `head` is the request line and headers (each
/// ending in CRLF), without Content-Length. Returns the status and the body.
async fn http(port: u16, head: &str, body: &str) -> (u16, String) {
    let exchange = async {
        let mut stream = TcpStream::connect(("127.0.0.1", port))
            .await
            .expect("connect");
        let request = format!("{head}Content-Length: {}\r\n\r\n{body}", body.len());
        stream.write_all(request.as_bytes()).await.expect("sent");
        let mut got = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            let text = String::from_utf8_lossy(&got).into_owned();
            if let Some((head, rest)) = text.split_once("\r\n\r\n") {
                let length = head.lines().find_map(|l| {
                    let (name, value) = l.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse::<usize>().ok())?
                });
                if length.is_some_and(|n| rest.len() >= n) {
                    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok());
                    return (status.unwrap_or(0), rest.to_owned());
                }
            }
            let n = stream.read(&mut buf).await.expect("readable");
            assert!(n > 0, "the answer ended early: {text}");
            got.extend_from_slice(&buf[..n]);
        }
    };
    tokio::time::timeout(PATIENCE, exchange)
        .await
        .expect("an answer in time")
}

/// A WebSocket upgrade request to `path`, refused: its status and JSON body.
async fn refused_upgrade_body(server: &Server, path: &str) -> (u16, Value) {
    let head = format!(
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    );
    let (status, body) = http(server.port, &head, "").await;
    assert_ne!(status, 101, "the upgrade to {path} should be refused");
    (
        status,
        serde_json::from_str(&body).expect("a JSON error body"),
    )
}

async fn post_raw(server: &Server, path: &str, body: &str) -> (u16, Value) {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Content-Type: application/json\r\n"
    );
    let (status, body) = http(server.port, &head, body).await;
    (
        status,
        serde_json::from_str(&body).unwrap_or(Value::String(body)),
    )
}

/// An error body of the REST API: `code`, and a message for people.
fn assert_api_error(body: &Value, code: Option<&str>) {
    let got = body["code"].as_str().expect("an error code");
    if let Some(code) = code {
        assert_eq!(got, code, "{body}");
    }
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| !m.trim().is_empty()),
        "{body}"
    );
}

#[tokio::test]
async fn non_json_text_is_refused_with_bad_json() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    for bad in [
        "not json",
        "{\"t\":\"ping\"",
        "{'t':'ping'}",
        "",
        "{\"t\":\"ping\"} x",
    ] {
        t.refuse(1, raw(bad), "bad_json", None).await;
    }
    let spectator = t.spectator();
    t.refuse(spectator, raw("pong?"), "bad_json", None).await;
    t.creature_passes().await;
    t.finish().await;
}

#[tokio::test]
async fn a_binary_frame_is_refused_with_binary_not_supported() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    let ping = br#"{"t":"ping"}"#.to_vec();
    t.refuse(CREATURE, Bad::Binary(ping), "binary_not_supported", None)
        .await;
    let act = json!({"t": "act", "seq": 0, "action": {"type": "pass"}});
    t.refuse(
        CREATURE,
        Bad::Binary(act.to_string().into_bytes()),
        "binary_not_supported",
        None,
    )
    .await;
    t.refuse(2, Bad::Binary(Vec::new()), "binary_not_supported", None)
        .await;
    // The pass that came as binary did not happen; sent as text, it does.
    t.creature_passes().await;
    t.finish().await;
}

#[tokio::test]
async fn an_unknown_frame_type_is_refused_with_unknown_type() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    for kind in ["move", "ACT", "welcome", "update", "pong", ""] {
        t.refuse(1, text(json!({"t": kind})), "unknown_type", None)
            .await;
    }
    let act_like = json!({"t": "play", "seq": 0, "action": {"type": "pass"}});
    t.refuse(CREATURE, text(act_like), "unknown_type", None)
        .await;
    t.creature_passes().await;
    t.finish().await;
}

#[tokio::test]
async fn a_frame_without_a_string_t_is_refused_with_bad_frame() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    for bad in [
        json!({}),
        json!({"t": 5}),
        json!({"t": null}),
        json!({"t": ["ping"]}),
        json!({"type": "ping"}),
        json!([{"t": "ping"}]),
        json!("ping"),
        json!(42),
        json!(null),
    ] {
        t.refuse(1, text(bad), "bad_frame", None).await;
    }
    t.finish().await;
}

#[tokio::test]
async fn unknown_fields_in_a_frame_are_refused_with_bad_frame() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    t.refuse(1, text(json!({"t": "ping", "x": 1})), "bad_frame", None)
        .await;
    t.refuse(
        1,
        text(json!({"t": "chat", "text": "psst", "to": "hunted-2"})),
        "bad_frame",
        None,
    )
    .await;
    let spectator = t.spectator();
    t.refuse(
        spectator,
        text(json!({"t": "ping", "token": null})),
        "bad_frame",
        None,
    )
    .await;
    t.creature_passes().await;
    let commit = t.legal(1, "commit");
    let extra = json!({"t": "act", "seq": t.seq, "ref": "x1", "action": commit, "urgent": true});
    t.refuse(1, text(extra), "bad_frame", None).await;
    let seat = json!({"t": "act", "seq": t.seq, "action": commit, "seat": "hunted-2"});
    t.refuse(1, text(seat), "bad_frame", None).await;
    // The same move, well formed, is accepted.
    t.play(1, commit).await;
    assert_eq!(t.views[1]["hunted"][0]["committed"], true);
    t.finish().await;
}

#[tokio::test]
async fn wrong_types_in_a_frame_are_refused_with_bad_frame() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    let pass = t.legal(CREATURE, "pass");
    for bad in [
        json!({"t": "act", "seq": "one", "action": pass}),
        json!({"t": "act", "seq": "0", "action": pass}),
        json!({"t": "act", "seq": -1, "action": pass}),
        json!({"t": "act", "seq": 0.5, "action": pass}),
        json!({"t": "act", "seq": null, "action": pass}),
        json!({"t": "act", "seq": 0, "ref": 17, "action": pass}),
        json!({"t": "act", "action": pass}),
        json!({"t": "act", "seq": 0}),
        json!({"t": "chat", "text": 5}),
        json!({"t": "chat", "text": ["hello"]}),
        json!({"t": "chat"}),
        json!({"t": "ping", "t2": {}}),
    ] {
        t.refuse(CREATURE, text(bad), "bad_frame", None).await;
    }
    t.creature_passes().await;
    t.finish().await;
}

#[tokio::test]
async fn a_malformed_action_is_refused_with_bad_action() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    t.creature_passes().await;
    let commit = t.legal(1, "commit");
    let card = commit["cards"][0].clone();
    for (k, action) in [
        json!({"type": "commit", "cards": [card], "face_up": true}),
        json!({"type": "commit", "cards": card}),
        json!({"type": "commit", "cards": ["atlantis"]}),
        json!({"type": "commit"}),
        json!({"type": "teleport"}),
        json!({"cards": [card]}),
        json!({"type": 3}),
        json!("commit"),
        json!(null),
        json!([commit]),
        json!({"type": "give-up", "now": true}),
    ]
    .into_iter()
    .enumerate()
    {
        let reference = format!("bad-{k}");
        let act = json!({"t": "act", "seq": t.seq, "ref": reference, "action": action});
        t.refuse(1, text(act), "bad_action", Some(&reference)).await;
    }
    let play_hunt = json!({"type": "pass", "play": {"card": "despair", "extra": 1}});
    let act = json!({"t": "act", "seq": t.seq, "action": play_hunt});
    t.refuse(2, text(act), "bad_action", None).await;
    t.play(1, commit).await;
    t.finish().await;
}

async fn an_act_on_a_stale_seq_is_refused_with_stale_seq(db: Db) {
    let mut t = Table::new(db, 3).await;
    // hunted-1 saw seq 0, when it had nothing to do; the Creature's pass gave it its choices.
    assert_eq!(t.views[1]["legal"], json!([]));
    t.creature_passes().await;
    let commit = t.legal(1, "commit");
    let stale = json!({"t": "act", "seq": 0, "ref": "late", "action": commit});
    let error = t.refuse(1, text(stale), "stale_seq", Some("late")).await;
    assert!(
        error["message"].as_str().unwrap_or("").contains('1'),
        "{error}"
    );
    // The same move on the seq that offered it is accepted.
    t.play(1, commit).await;
    // hunted-2's choices did not change at seq 2: its act on seq 1 is not stale.
    let commit = t.legal(2, "commit");
    let reference = "on-1";
    let act = json!({"t": "act", "seq": 1, "ref": reference, "action": commit});
    t.clients[2].send(act).await;
    t.seq += 1;
    for (j, client) in t.clients.iter_mut().enumerate() {
        let update = client.recv().await;
        assert_eq!(update["t"], "update", "{update}");
        assert_eq!(update["seq"], 3, "{update}");
        assert_eq!(
            update.get("ref").and_then(Value::as_str),
            (j == 2).then_some(reference)
        );
        t.views[j] = update["view"].clone();
    }
    assert_eq!(t.views[2]["hunted"][1]["committed"], true);
    t.finish().await;
}

#[tokio::test]
async fn sqlite_an_act_on_a_stale_seq_is_refused_with_stale_seq() {
    an_act_on_a_stale_seq_is_refused_with_stale_seq(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_an_act_on_a_stale_seq_is_refused_with_stale_seq() {
    an_act_on_a_stale_seq_is_refused_with_stale_seq(Db::postgres().await).await;
}

async fn three_hunted_committing_at_the_same_instant_are_all_accepted(db: Db) {
    let mut t = Table::new(db, 3).await;
    t.creature_passes().await;
    let seen = t.seq;
    let acts: Vec<Value> = (1..=3)
        .map(|k| json!({"t": "act", "seq": seen, "ref": format!("c{k}"), "action": t.legal(k, "commit")}))
        .collect();
    let [_, h1, h2, h3, _] = t.clients.as_mut_slice() else {
        unreachable!("a creature, three hunted and a spectator")
    };
    tokio::join!(
        h1.send(acts[0].clone()),
        h2.send(acts[1].clone()),
        h3.send(acts[2].clone()),
    );
    for (j, client) in t.clients.iter_mut().enumerate() {
        let mut refs = Vec::new();
        for n in 1..=3 {
            let update = client.recv().await;
            assert_eq!(update["t"], "update", "connection {j}: {update}");
            assert_eq!(update["seq"], seen + n, "{update}");
            if let Some(r) = update.get("ref") {
                refs.push(r.clone());
            }
            t.views[j] = update["view"].clone();
        }
        let expected: Vec<Value> = match j {
            1..=3 => vec![json!(format!("c{j}"))],
            _ => Vec::new(),
        };
        assert_eq!(refs, expected, "connection {j}");
    }
    t.seq = seen + 3;
    let spectator = t.spectator();
    for h in t.views[spectator]["hunted"].as_array().expect("hunted") {
        assert_eq!(h["committed"], true, "{h}");
    }
    assert!(
        t.views[CREATURE]["to_act"] == json!(["creature"]),
        "{}",
        t.views[CREATURE]
    );
    t.assert_quiet().await;
    t.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_three_hunted_committing_at_the_same_instant_are_all_accepted() {
    three_hunted_committing_at_the_same_instant_are_all_accepted(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_three_hunted_committing_at_the_same_instant_are_all_accepted() {
    three_hunted_committing_at_the_same_instant_are_all_accepted(Db::postgres().await).await;
}

#[tokio::test]
async fn a_seq_ahead_of_the_match_is_refused_with_bad_seq() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    t.creature_passes().await;
    let commit = t.legal(1, "commit");
    for seq in [2, 3, 1000, u64::MAX] {
        let act = json!({"t": "act", "seq": seq, "ref": "future", "action": commit});
        t.refuse(1, text(act), "bad_seq", Some("future")).await;
    }
    t.play(1, commit).await;
    t.finish().await;
}

#[tokio::test]
async fn acting_out_of_turn_is_refused_with_not_your_turn() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    // The Creature opens the turn: the Hunted wait, with nothing legal.
    let commit = json!({"type": "commit", "cards": ["lair"]});
    let act = json!({"t": "act", "seq": 0, "ref": "eager", "action": commit});
    t.refuse(1, text(act), "not_your_turn", Some("eager")).await;
    let act = json!({"t": "act", "seq": 0, "action": {"type": "give-up"}});
    t.refuse(3, text(act), "not_your_turn", None).await;
    t.creature_passes().await;
    // Now the Hunted explore and the Creature waits.
    let act = json!({"t": "act", "seq": t.seq, "ref": "again", "action": {"type": "pass"}});
    t.refuse(CREATURE, text(act), "not_your_turn", Some("again"))
        .await;
    let despair = json!({"type": "play-hunt", "play": {"card": "despair"}});
    let act = json!({"t": "act", "seq": t.seq, "action": despair});
    t.refuse(CREATURE, text(act), "not_your_turn", None).await;
    // A Hunted who has committed has done its part.
    let commit = t.legal(1, "commit");
    t.play(1, commit.clone()).await;
    assert_eq!(t.views[1]["legal"], json!([]));
    let act = json!({"t": "act", "seq": t.seq, "action": t.legal(2, "commit")});
    t.refuse(1, text(act), "not_your_turn", None).await;
    let commit = t.legal(2, "commit");
    t.play(2, commit).await;
    t.finish().await;
}

#[tokio::test]
async fn a_spectator_acting_is_refused_with_spectator_cannot_act() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    let spectator = t.spectator();
    assert_eq!(t.views[spectator]["legal"], json!([]));
    let pass = t.legal(CREATURE, "pass");
    let act = json!({"t": "act", "seq": 0, "ref": "peek", "action": pass});
    t.refuse(spectator, text(act), "spectator_cannot_act", Some("peek"))
        .await;
    t.creature_passes().await;
    let act = json!({"t": "act", "seq": t.seq, "action": t.legal(1, "commit")});
    t.refuse(spectator, text(act), "spectator_cannot_act", None)
        .await;
    let commit = t.legal(1, "commit");
    t.play(1, commit).await;
    t.finish().await;
}

#[tokio::test]
async fn a_spectator_chatting_is_refused_with_spectator_cannot_chat() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    let spectator = t.spectator();
    let chat = json!({"t": "chat", "text": "the Creature is on the beach"});
    t.refuse(spectator, text(chat), "spectator_cannot_chat", None)
        .await;
    t.finish().await;
}

#[tokio::test]
async fn an_empty_or_overlong_chat_is_refused_with_bad_chat() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    for said in ["", " ", "\n\t  \r\n"] {
        t.refuse(
            1,
            text(json!({"t": "chat", "text": said})),
            "bad_chat",
            None,
        )
        .await;
    }
    let long = "a".repeat(1001);
    t.refuse(
        CREATURE,
        text(json!({"t": "chat", "text": long})),
        "bad_chat",
        None,
    )
    .await;
    t.finish().await;
}

#[tokio::test]
async fn a_chat_from_a_hunted_reaches_every_connection_the_creature_and_spectators_included() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    // A second tab on the Creature's seat and a second spectator hear it too.
    let (tab, _) = t.open(CREATURE).await;
    let spectator = t.spectator();
    let (watcher, _) = t.open(spectator).await;
    let mut extra = [tab, watcher];
    let said = "I go to the Beach, trust me";
    t.clients[2].send(json!({"t": "chat", "text": said})).await;
    let heard = join_all(t.clients.iter_mut().chain(&mut extra).map(Client::recv)).await;
    assert_eq!(heard.len(), 7);
    for (k, frame) in heard.iter().enumerate() {
        assert_eq!(
            frame,
            &json!({"t": "chat", "from": "hunted-2", "text": said}),
            "connection {k}"
        );
    }
    // Surrounding blanks are trimmed; nothing else is said.
    t.clients[CREATURE]
        .send(json!({"t": "chat", "text": "  I heard that  "}))
        .await;
    let heard = join_all(t.clients.iter_mut().chain(&mut extra).map(Client::recv)).await;
    for frame in &heard {
        assert_eq!(
            frame,
            &json!({"t": "chat", "from": "creature", "text": "I heard that"})
        );
    }
    t.assert_quiet().await;
    for client in &mut extra {
        assert!(client.try_recv(QUIET).await.is_none());
        t.assert_no_token(&client.frames);
    }
    for client in extra {
        client.close().await;
    }
    // Chat is not a move.
    assert_eq!(
        t.snapshot(spectator).await,
        (json!(0), t.views[spectator].clone())
    );
    t.creature_passes().await;
    t.finish().await;
}

#[tokio::test]
async fn a_wrong_or_missing_seat_token_is_refused_with_401() {
    let mut t = Table::new(Db::sqlite(), 3).await;
    let other = t.server.create(common::artemia_with_humans(2, 1)).await;
    let id = t.id.clone();
    let ws = format!("/ws/matches/{id}");
    let zeros = "0".repeat(64);
    let h1 = t.token(1).expect("a token").to_owned();
    let cases = [
        format!("{ws}?token=wrong"),
        format!("{ws}?token={zeros}"),
        format!("{ws}?token="),
        format!("{ws}?token={}", &h1[..63]),
        format!("{ws}?token={}", h1.to_uppercase()),
        format!("{ws}?token={}", other.1[0].1),
        format!("{ws}?seat=hunted-1"),
        format!("{ws}?seat=creature"),
        format!("{ws}?token={h1}&seat=hunted-2"),
        format!("{ws}?token={h1}&seat=creature"),
        format!("{ws}?token={h1}&seat=nobody"),
        format!("{ws}?token={zeros}&seat=hunted-1"),
    ];
    for path in &cases {
        assert_eq!(t.server.refused_upgrade(path).await, 401, "{path}");
        let (status, body) = refused_upgrade_body(&t.server, path).await;
        assert_eq!(status, 401, "{path}");
        assert_api_error(&body, None);
        let text = body.to_string();
        assert!(
            !text.contains(&h1) && !text.contains(&other.1[0].1),
            "{text}"
        );
    }
    // Nobody at the table noticed, and the right token still opens its seat.
    t.assert_quiet().await;
    let (status, summary) = t.server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(summary["spectators"], 1, "{summary}");
    let (mut again, welcome) = t.open(1).await;
    assert_eq!(welcome["view"], t.views[1]);
    again.assert_alive().await;
    let with_seat = format!(
        "ws://127.0.0.1:{}/ws/matches/{id}?token={h1}&seat=hunted-1",
        t.server.port
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(with_seat)
        .await
        .expect("the socket opens");
    use futures_util::StreamExt;
    let welcome = ws.next().await.expect("a frame").expect("readable");
    let welcome: Value = serde_json::from_str(welcome.to_text().expect("text")).expect("JSON");
    assert_eq!(welcome["you"], "hunted-1");
    drop(ws);
    t.creature_passes().await;
    t.finish().await;
}

#[tokio::test]
async fn an_unknown_or_malformed_match_id_is_404() {
    let t = Table::new(Db::sqlite(), 1).await;
    let unknown = uuid::Uuid::new_v4().to_string();
    let token = t.token(1).expect("a token").to_owned();
    for id in [
        unknown.as_str(),
        "nope",
        "1234",
        &t.id[..35],
        "00000000-0000-0000-0000-000000000000",
    ] {
        for query in [
            String::new(),
            format!("?token={token}"),
            "?seat=hunted-1".to_owned(),
        ] {
            let path = format!("/ws/matches/{id}{query}");
            assert_eq!(t.server.refused_upgrade(&path).await, 404, "{path}");
            let (status, body) = refused_upgrade_body(&t.server, &path).await;
            assert_eq!(status, 404, "{path}");
            assert_api_error(&body, Some("not_found"));
            assert!(!body.to_string().contains(&token));
        }
        let (status, body) = t.server.get(&format!("/api/matches/{id}")).await;
        assert_eq!(status, 404, "{id}: {body}");
        assert_api_error(&body, Some("not_found"));
        let join = json!({"seat": "hunted-1", "name": "Ann"});
        let (status, body) = t
            .server
            .post(&format!("/api/matches/{id}/join"), join)
            .await;
        assert_eq!(status, 404, "{id}: {body}");
        assert_api_error(&body, Some("not_found"));
        let (status, body) = t.server.get(&format!("/api/matches/{id}/replay")).await;
        assert_eq!(status, 404, "{id}: {body}");
        assert_api_error(&body, Some("not_found"));
    }
    let (status, list) = t.server.get("/api/matches").await;
    assert_eq!(status, 200);
    assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");
    t.finish().await;
}

async fn joining_a_taken_seat_is_409_and_an_open_seat_gives_a_working_token(db: Db) {
    let server = Server::start(&db).await;
    let (id, tokens) = server
        .create(json!({"game": "artemia", "seed": SEED, "seats": [
            {"seat": "creature", "name": "Cora"},
            {"seat": "hunted-1", "name": "Ann"},
            {"seat": "hunted-2"},
            {"seat": "hunted-3", "bot": true},
        ]}))
        .await;
    assert_eq!(tokens.len(), 2);
    let mut all_tokens: Vec<String> = tokens.iter().map(|(_, t)| t.clone()).collect();
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["status"], "open", "{summary}");
    let mut creature = server.connect(&id, Some(&tokens[0].1)).await;
    let waiting = creature.recv().await;
    assert_eq!(waiting["you"], "creature");
    assert_eq!(
        waiting["view"]["legal"],
        json!([]),
        "nobody acts before the match starts"
    );
    let mut spectator = server.connect(&id, None).await;
    assert_eq!(spectator.recv().await["you"], "spectator");

    let join = format!("/api/matches/{id}/join");
    let (status, joined) = server
        .post(&join, json!({"seat": "hunted-2", "name": "Bo"}))
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], "hunted-2");
    let bo = joined["token"].as_str().expect("a token").to_owned();
    assert!(!tokens.iter().any(|(_, t)| t == &bo));
    all_tokens.push(bo.clone());
    let mut client = server.connect(&id, Some(&bo)).await;
    let welcome = client.recv().await;
    assert_eq!(welcome["t"], "welcome");
    assert_eq!(welcome["you"], "hunted-2");
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["status"], "live", "{summary}");
    // Those already connected hear that the match has begun: a fresh welcome.
    let begun = creature.recv().await;
    assert_eq!(begun["t"], "welcome");
    assert_ne!(
        begun["view"]["legal"],
        json!([]),
        "the Creature may act now"
    );
    assert_eq!(spectator.recv().await["t"], "welcome");

    // Every seat is taken now: by a player, by the one who just joined, by a bot.
    for (seat, name) in [
        ("hunted-2", "Cy"),
        ("hunted-1", "Di"),
        ("creature", "Ed"),
        ("hunted-3", "Fa"),
    ] {
        let (status, body) = server
            .post(&join, json!({"seat": seat, "name": name}))
            .await;
        assert_eq!(status, 409, "{seat}: {body}");
        assert_api_error(&body, Some("seat_taken"));
        assert!(body.get("token").is_none(), "{body}");
        for token in &all_tokens {
            assert!(!body.to_string().contains(token.as_str()), "{body}");
        }
    }
    // Nothing changed: same names, the first token of hunted-2 still opens it, and nobody
    // connected heard a thing.
    let (_, after) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(after["seats"], summary["seats"]);
    assert_eq!(after["seats"][2]["name"], "Bo", "{after}");
    for c in [&mut creature, &mut spectator, &mut client] {
        assert!(c.try_recv(QUIET).await.is_none());
    }
    let mut again = server.connect(&id, Some(&bo)).await;
    assert_eq!(again.recv().await["you"], "hunted-2");
    again.assert_alive().await;
    client.assert_alive().await;
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_joining_a_taken_seat_is_409_and_an_open_seat_gives_a_working_token() {
    joining_a_taken_seat_is_409_and_an_open_seat_gives_a_working_token(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_joining_a_taken_seat_is_409_and_an_open_seat_gives_a_working_token() {
    joining_a_taken_seat_is_409_and_an_open_seat_gives_a_working_token(Db::postgres().await).await;
}

async fn two_players_joining_one_seat_at_once_get_one_token_and_one_409(db: Db) {
    let server = Server::start(&db).await;
    for round in 0..5 {
        let (id, _) = server
            .create(json!({"game": "artemia", "seats": [
                {"seat": "creature", "bot": true}, {"seat": "hunted-1"},
            ]}))
            .await;
        let join = format!("/api/matches/{id}/join");
        let (a, b) = tokio::join!(
            server.post(&join, json!({"seat": "hunted-1", "name": "Ann"})),
            server.post(&join, json!({"seat": "hunted-1", "name": "Bo"})),
        );
        let mut statuses = [a.0, b.0];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "round {round}: {a:?} {b:?}");
        let (winner, loser) = if a.0 == 200 { (a.1, b.1) } else { (b.1, a.1) };
        assert_api_error(&loser, Some("seat_taken"));
        let token = winner["token"].as_str().expect("a token");
        assert!(!loser.to_string().contains(token));
        let mut client = server.connect(&id, Some(token)).await;
        assert_eq!(client.recv().await["you"], "hunted-1");
    }
    drop(server);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_two_players_joining_one_seat_at_once_get_one_token_and_one_409() {
    two_players_joining_one_seat_at_once_get_one_token_and_one_409(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_two_players_joining_one_seat_at_once_get_one_token_and_one_409() {
    two_players_joining_one_seat_at_once_get_one_token_and_one_409(Db::postgres().await).await;
}

#[tokio::test]
async fn bad_lobby_requests_are_400_with_their_codes_and_create_nothing() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let seats = json!([{"seat": "creature", "bot": true}, {"seat": "hunted-1", "name": "Ann"}]);
    for body in [
        "not json",
        "{\"game\":\"artemia\",",
        "{\"game\":7,",
        "",
        "[1,2",
        "{'game':'artemia'}",
    ] {
        let (status, answer) = post_raw(&server, "/api/matches", body).await;
        assert_eq!(status, 400, "{body:?}: {answer}");
        assert_api_error(&answer, Some("bad_json"));
    }
    for (body, code) in [
        (
            json!({"game": "artemia", "seats": seats, "colour": "red"}),
            None,
        ),
        (
            json!({"game": "artemia", "seats": [
                {"seat": "creature", "bot": true, "level": 3},
                {"seat": "hunted-1", "name": "Ann"},
            ]}),
            None,
        ),
        (json!({"game": "artemia", "seats": "creature"}), None),
        (json!({"game": 7, "seats": seats}), None),
        (json!({"game": "artemia", "seats": seats, "seed": -1}), None),
        (
            json!({"game": "artemia", "seats": [{"seat": "pilot", "bot": true}]}),
            None,
        ),
        (json!({"seats": seats}), None),
        (
            json!({"game": "chess", "seats": seats}),
            Some("unknown_game"),
        ),
        (json!({"game": "", "seats": seats}), Some("unknown_game")),
        (json!({"game": "artemia", "seats": []}), Some("bad_seats")),
        (
            json!({"game": "artemia", "seats": [{"seat": "hunted-1", "name": "Ann"}]}),
            Some("bad_seats"),
        ),
        (
            json!({"game": "artemia", "seats": [{"seat": "creature", "bot": true}]}),
            Some("bad_seats"),
        ),
        (
            json!({"game": "artemia", "seats": [
                {"seat": "creature", "bot": true}, {"seat": "hunted-2", "name": "Bo"},
            ]}),
            Some("bad_seats"),
        ),
        (
            json!({"game": "artemia", "seats": [
                {"seat": "creature", "bot": true, "name": "Cora"}, {"seat": "hunted-1", "name": "Bo"},
            ]}),
            Some("bad_seats"),
        ),
    ] {
        let (status, answer) = server.post("/api/matches", body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_api_error(&answer, code);
    }
    for query in ["status=nope", "status=", "status=LIVE", "status=open,live"] {
        let (status, answer) = server.get(&format!("/api/matches?{query}")).await;
        assert_eq!(status, 400, "{query}: {answer}");
        assert_api_error(&answer, Some("bad_status"));
    }
    // None of it made a match.
    let (status, list) = server.get("/api/matches").await;
    assert_eq!(status, 200);
    assert_eq!(list, json!([]));
    // A bad body on join is refused the same way, and takes no seat.
    let (id, _) = server
        .create(json!({"game": "artemia", "seats": [{"seat": "creature", "bot": true}, {"seat": "hunted-1"}]}))
        .await;
    let join = format!("/api/matches/{id}/join");
    let (status, answer) = post_raw(&server, &join, "{\"seat\":").await;
    assert_eq!(status, 400, "{answer}");
    assert_api_error(&answer, Some("bad_json"));
    for body in [
        json!({"seat": "hunted-1", "name": "Ann", "bot": true}),
        json!({"seat": "hunted-1"}),
        json!({"seat": "hunted-1", "name": ""}),
        json!({"seat": "hunted-1", "name": "   "}),
    ] {
        let (status, answer) = server.post(&join, body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_api_error(&answer, None);
    }
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["status"], "open", "{summary}");
    assert_eq!(summary["seats"][1]["taken"], false, "{summary}");
    drop(server);
    db.drop_db().await;
}

/// Every error the table can be sent, gathered: none holds a seat token, not even the token of
/// another seat or another match sent where it does not belong.
#[tokio::test]
async fn no_error_frame_or_error_body_ever_holds_a_seat_token() {
    let mut t = Table::new(Db::sqlite(), 2).await;
    let (other_id, other_tokens) = t.server.create(common::artemia_with_humans(2, 3)).await;
    let mut tokens: Vec<String> = t.tokens.iter().map(|(_, t)| t.clone()).collect();
    tokens.extend(other_tokens.iter().map(|(_, t)| t.clone()));
    let mut bodies = Vec::new();
    let spectator = t.spectator();
    let commit = json!({"type": "commit", "cards": ["lair"]});
    for (k, bad) in [
        (1, raw("nope")),
        (1, Bad::Binary(vec![1, 2, 3])),
        (1, text(json!({"t": "nope"}))),
        (1, text(json!({"x": 1}))),
        (1, text(json!({"t": "ping", "x": 1}))),
        (1, text(json!({"t": "act", "seq": "one", "action": commit}))),
        (
            1,
            text(json!({"t": "act", "seq": 0, "action": {"type": "nope"}})),
        ),
        (1, text(json!({"t": "act", "seq": 5, "action": commit}))),
        (1, text(json!({"t": "act", "seq": 0, "action": commit}))),
        (
            spectator,
            text(json!({"t": "act", "seq": 0, "action": commit})),
        ),
        (spectator, text(json!({"t": "chat", "text": "hi"}))),
        (2, text(json!({"t": "chat", "text": ""}))),
    ] {
        let error = match bad {
            Bad::Text(s) => {
                t.clients[k].send_text(s).await;
                t.clients[k].recv().await
            }
            Bad::Binary(b) => {
                t.clients[k].send_binary(b).await;
                t.clients[k].recv().await
            }
        };
        assert_eq!(error["t"], "error", "{error}");
    }
    t.creature_passes().await;
    let stale = json!({"t": "act", "seq": 0, "action": t.legal(1, "commit")});
    t.clients[1].send(stale).await;
    assert_eq!(t.clients[1].recv().await["code"], "stale_seq");
    let ws = format!("/ws/matches/{}", t.id);
    for path in [
        format!("{ws}?token={}", other_tokens[0].1),
        format!("{ws}?token={}&seat=hunted-2", tokens[1]),
        format!("{ws}?seat=hunted-1"),
        format!("/ws/matches/{}?token={}", uuid::Uuid::new_v4(), tokens[1]),
        format!("/ws/matches/nope?token={}", tokens[1]),
        format!("/ws/matches/{other_id}?token={}", tokens[0]),
    ] {
        let (status, body) = refused_upgrade_body(&t.server, &path).await;
        assert!([401, 404].contains(&status), "{path}: {status}");
        bodies.push(body.to_string());
    }
    let join = format!("/api/matches/{}/join", t.id);
    let (status, body) = t
        .server
        .post(&join, json!({"seat": "hunted-1", "name": "Thief"}))
        .await;
    assert_eq!(status, 409);
    bodies.push(body.to_string());
    let (_, body) = post_raw(&t.server, &join, "{").await;
    bodies.push(body.to_string());
    let (_, body) = t.server.get("/api/matches?status=nope").await;
    bodies.push(body.to_string());
    let (_, body) = t.server.get(&format!("/api/matches/{}/replay", t.id)).await;
    bodies.push(body.to_string());
    let mut frames: Vec<&String> = t.clients.iter().flat_map(|c| c.frames.iter()).collect();
    let errors = frames.iter().filter(|f| f.contains("\"error\"")).count();
    assert!(errors >= 13, "{errors} error frames");
    frames.extend(bodies.iter());
    for raw in frames {
        for token in &tokens {
            assert!(!raw.contains(token.as_str()), "a token in {raw}");
        }
    }
    t.finish().await;
}

/// A wrong token and the right ones, on the URL, at the most verbose log level: the log never
/// holds a token.
#[tokio::test]
async fn seat_tokens_never_reach_the_log() {
    let db = Db::sqlite();
    let Db::Sqlite { dir } = &db else {
        unreachable!("a SQLite database")
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let log = dir.join("server.log");
    let out = dir.join("server.out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_xenotable-under-test"))
        .arg("--bind")
        .arg(format!("127.0.0.1:{port}"))
        .arg("--data-dir")
        .arg(dir)
        .arg("--allow-client-seeds")
        .env("XENOTABLE_BOT_DELAY_MS", "0")
        .env("RUST_LOG", "trace")
        .env_remove("DATABASE_URL")
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).expect("a log file"))
        .stderr(std::fs::File::create(&log).expect("a log file"))
        .spawn()
        .expect("the server starts");
    let url = format!("http://127.0.0.1:{port}");
    let deadline = tokio::time::Instant::now() + PATIENCE;
    let head = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    loop {
        let up = async {
            let mut s = TcpStream::connect(("127.0.0.1", port)).await.ok()?;
            s.write_all(format!("{head}\r\n").as_bytes()).await.ok()?;
            let mut out = String::new();
            s.read_to_string(&mut out).await.ok()?;
            out.starts_with("HTTP/1.1 200").then_some(())
        };
        if up.await.is_some() {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{url} never became healthy"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut tokens = Vec::new();
    let create = json!({"game": "artemia", "seed": SEED, "seats": [
        {"seat": "creature", "name": "Cora"}, {"seat": "hunted-1", "name": "Ann"}, {"seat": "hunted-2"},
    ]})
    .to_string();
    let post = "POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
                Content-Type: application/json\r\n";
    let (status, created) = http(port, post, &create).await;
    assert_eq!(status, 201, "{created}");
    let created: Value = serde_json::from_str(&created).expect("JSON");
    let id = created["id"].as_str().expect("an id").to_owned();
    for s in created["seats"].as_array().expect("seats") {
        tokens.push(s["token"].as_str().expect("a token").to_owned());
    }
    let join = format!(
        "POST /api/matches/{id}/join HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Content-Type: application/json\r\n"
    );
    let (status, joined) = http(port, &join, r#"{"seat":"hunted-2","name":"Bo"}"#).await;
    assert_eq!(status, 200, "{joined}");
    let joined: Value = serde_json::from_str(&joined).expect("JSON");
    tokens.push(joined["token"].as_str().expect("a token").to_owned());
    let wrong = "f".repeat(64);
    for query in [
        format!("?token={}", tokens[0]),
        format!("?token={}&seat=hunted-2", tokens[1]),
        format!("?token={wrong}"),
    ] {
        let path = format!("ws://127.0.0.1:{port}/ws/matches/{id}{query}");
        if let Ok((mut ws, _)) = tokio_tungstenite::connect_async(path).await {
            use futures_util::{SinkExt, StreamExt};
            let _ = ws.next().await;
            let ping = json!({"t": "ping", "x": 1}).to_string();
            let _ = ws
                .send(tokio_tungstenite::tungstenite::Message::Text(ping.into()))
                .await;
            let _ = ws.next().await;
            let _ = ws.close(None).await;
        }
    }
    tokens.push(wrong);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let _ = child.kill();
    let _ = child.wait();
    let written = std::fs::read_to_string(&out).expect("the log")
        + &std::fs::read_to_string(&log).expect("the log");
    assert!(
        written.contains(&id),
        "the log is too quiet to tell: {written}"
    );
    for token in &tokens {
        let leak = written.lines().find(|l| l.contains(token.as_str()));
        assert!(leak.is_none(), "a seat token in the log: {leak:?}");
    }
    db.drop_db().await;
}
