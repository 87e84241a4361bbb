//! Limits: what one client, and all of them together, may take. Each limit answers with its
//! stable code, the server keeps serving, and other clients (other addresses of 127.0.0.0/8, or
//! other connections) do not notice.

use crate::common;

use std::net::IpAddr;
use std::time::Duration;

use common::{Client, Db, PATIENCE, Server};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::Instant;

fn ip(text: &str) -> IpAddr {
    text.parse().expect("an address")
}

/// An Artemia match with a bot Creature and an open Hunted seat.
fn open_match() -> Value {
    json!({"game": "artemia", "seats": [
        {"seat": "creature", "bot": true}, {"seat": "hunted-1"}]})
}

/// Creates an open match from `from`; returns its id.
async fn create_from(server: &Server, from: &str) -> String {
    let answer = server
        .answer_from(from, "POST", "/api/matches", Some(open_match()))
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json()["id"].as_str().expect("an id").to_owned()
}

async fn spectator_from(server: &Server, id: &str, from: &str) -> Client {
    let mut client = server
        .try_socket(&format!("/ws/matches/{id}"), Some(ip(from)), &[], None)
        .await
        .expect("the socket opens");
    client.recv_type("welcome").await;
    client
}

/// Waits until `attempt` succeeds (a slot given back is seen a moment after the close).
async fn eventually<T, F, Fut>(mut attempt: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(done) = attempt().await {
            return done;
        }
        assert!(Instant::now() < deadline, "never happened");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The server answers (a client of its own, at an address no test limits).
async fn assert_healthy(server: &Server) {
    let answer = server
        .answer_from("127.0.0.200", "GET", "/healthz", None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}

/// Reads one HTTP answer off a kept-alive connection: its status and body.
async fn read_answer(stream: &mut TcpStream) -> (u16, String) {
    let mut raw = Vec::new();
    let mut byte = [0u8; 1];
    while !raw.ends_with(b"\r\n\r\n") {
        let n = tokio::time::timeout(PATIENCE, stream.read(&mut byte))
            .await
            .expect("an answer in time")
            .expect("readable");
        assert_eq!(n, 1, "the connection closed mid-answer");
        raw.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&raw).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let length: usize = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse().ok())?
        })
        .expect("a content length");
    let mut body = vec![0; length];
    stream.read_exact(&mut body).await.expect("the body");
    (status, String::from_utf8_lossy(&body).into_owned())
}

/// How long until the server closes `stream` (reading and discarding what it sends).
async fn closed_after(stream: &mut TcpStream, started: Instant) -> Duration {
    let mut sink = [0u8; 4096];
    loop {
        match tokio::time::timeout(PATIENCE, stream.read(&mut sink)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return started.elapsed(),
            Ok(Ok(_)) => {}
            Err(_) => panic!("the server never closed the connection"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Connections

#[tokio::test]
async fn a_client_over_its_connection_cap_is_told_too_many_connections_and_others_get_in() {
    let db = Db::sqlite();
    let server = Server::start_with(&db, &["--max-connections-per-ip", "3"]).await;
    let id = create_from(&server, "127.0.0.9").await;
    let mut mine = Vec::new();
    for _ in 0..3 {
        mine.push(spectator_from(&server, &id, "127.0.0.1").await);
    }
    let path = format!("/ws/matches/{id}");
    let answer = server
        .try_answer(Some(ip("127.0.0.1")), "GET", &path, &[], b"")
        .await
        .expect("an answer");
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert_eq!(answer.json()["code"], "too_many_connections");
    let refused = server
        .try_socket(&path, Some(ip("127.0.0.1")), &[], None)
        .await;
    assert!(refused.is_err(), "a fourth socket from the same address");

    // Another address is another client; the three sockets live on.
    let mut other = spectator_from(&server, &id, "127.0.0.2").await;
    other.assert_alive().await;
    for client in &mut mine {
        client.assert_alive().await;
    }
    // One closed, one more may come.
    mine.pop().expect("a socket").close().await;
    let mut again = eventually(|| async {
        server
            .try_socket(&path, Some(ip("127.0.0.1")), &[], None)
            .await
            .ok()
    })
    .await;
    again.recv_type("welcome").await;
    assert_healthy(&server).await;
    db.drop_db().await;
}

#[tokio::test]
async fn over_the_total_connection_cap_the_server_answers_503_server_full() {
    let db = Db::sqlite();
    let server = Server::start_with(&db, &["--max-connections", "3"]).await;
    let id = create_from(&server, "127.0.0.9").await;
    let mut held = Vec::new();
    for n in 1..=3 {
        let from = format!("127.0.0.{n}");
        held.push(
            eventually(|| async {
                server
                    .try_socket(&format!("/ws/matches/{id}"), Some(ip(&from)), &[], None)
                    .await
                    .ok()
            })
            .await,
        );
    }
    let answer = server
        .try_answer(Some(ip("127.0.0.4")), "GET", "/healthz", &[], b"")
        .await
        .expect("an answer");
    assert_eq!(answer.status, 503, "{}", answer.body);
    assert_eq!(answer.json()["code"], "server_full");
    assert!(answer.header("retry-after").is_some(), "{}", answer.head);
    for client in &mut held {
        client.assert_alive().await;
    }
    held.pop().expect("a socket").close().await;
    let status = eventually(|| async {
        let answer = server
            .try_answer(Some(ip("127.0.0.4")), "GET", "/healthz", &[], b"")
            .await
            .ok()?;
        (answer.status == 200).then_some(answer.status)
    })
    .await;
    assert_eq!(status, 200);
    db.drop_db().await;
}

// ---------------------------------------------------------------------------------------------
// Rates per client

async fn match_creations_over_the_rate_get_429_rate_limited_with_retry_after(db: Db) {
    let server = Server::start_with(&db, &["--creations-per-minute", "3"]).await;
    let id = create_from(&server, "127.0.0.1").await;
    let mut watching = spectator_from(&server, &id, "127.0.0.1").await;
    create_from(&server, "127.0.0.1").await;
    create_from(&server, "127.0.0.1").await;
    let answer = server
        .answer_from("127.0.0.1", "POST", "/api/matches", Some(open_match()))
        .await;
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert_eq!(answer.json()["code"], "rate_limited");
    let retry: u64 = answer
        .header("retry-after")
        .and_then(|s| s.parse().ok())
        .expect("a Retry-After in seconds");
    assert!((1..=20).contains(&retry), "{retry}");
    let (_, listed) = server.get("/api/matches").await;
    assert_eq!(
        listed.as_array().map(Vec::len),
        Some(3),
        "nothing was created"
    );

    create_from(&server, "127.0.0.2").await;
    watching.assert_alive().await;
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_match_creations_over_the_rate_get_429_rate_limited_with_retry_after() {
    match_creations_over_the_rate_get_429_rate_limited_with_retry_after(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_match_creations_over_the_rate_get_429_rate_limited_with_retry_after() {
    match_creations_over_the_rate_get_429_rate_limited_with_retry_after(Db::postgres().await).await;
}

#[tokio::test]
async fn joins_over_the_rate_get_429_rate_limited_and_take_no_seat() {
    let db = Db::sqlite();
    let server = Server::start_with(&db, &["--joins-per-minute", "2"]).await;
    let mut ids = Vec::new();
    for _ in 0..4 {
        ids.push(create_from(&server, "127.0.0.9").await);
    }
    let join = json!({"seat": "hunted-1", "name": "Ann"});
    for id in &ids[..2] {
        let path = format!("/api/matches/{id}/join");
        let answer = server
            .answer_from("127.0.0.1", "POST", &path, Some(join.clone()))
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let path = format!("/api/matches/{}/join", ids[2]);
    let answer = server
        .answer_from("127.0.0.1", "POST", &path, Some(join.clone()))
        .await;
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert_eq!(answer.json()["code"], "rate_limited");
    assert!(answer.header("retry-after").is_some(), "{}", answer.head);
    let (_, summary) = server.get(&format!("/api/matches/{}", ids[2])).await;
    assert_eq!(summary["seats"][1]["taken"], false, "{summary}");

    let answer = server
        .answer_from("127.0.0.2", "POST", &path, Some(join))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    db.drop_db().await;
}

#[tokio::test]
async fn replay_fetches_over_the_rate_get_429_rate_limited() {
    let db = Db::sqlite();
    let server = Server::start_with(&db, &["--replays-per-minute", "2"]).await;
    let bots = json!({"game": "artemia", "seats": [
        {"seat": "creature", "bot": true}, {"seat": "hunted-1", "bot": true}]});
    let answer = server
        .answer_from("127.0.0.9", "POST", "/api/matches", Some(bots))
        .await;
    let id = answer.json()["id"].as_str().expect("an id").to_owned();
    let path = format!("/api/matches/{id}/replay");
    eventually(|| async {
        let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
        (summary["status"] == "finished").then_some(())
    })
    .await;
    for _ in 0..2 {
        let answer = server.answer_from("127.0.0.1", "GET", &path, None).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(answer.json()["id"], id.as_str());
    }
    let answer = server.answer_from("127.0.0.1", "GET", &path, None).await;
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert_eq!(answer.json()["code"], "rate_limited");
    assert!(answer.header("retry-after").is_some(), "{}", answer.head);
    let answer = server.answer_from("127.0.0.2", "GET", &path, None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    db.drop_db().await;
}

// ---------------------------------------------------------------------------------------------
// HTTP

#[tokio::test]
async fn a_body_over_the_limit_is_413_body_too_large_before_it_is_read() {
    let db = Db::sqlite();
    // The default limit: a 100 MB creation is refused on its Content-Length alone.
    let server = Server::start_with(&db, &[]).await;
    let mut stream = server.tcp(None).await.expect("a connection");
    let head = format!(
        "POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{{\"game\":",
        server.port,
        100 * 1024 * 1024
    );
    stream.write_all(head.as_bytes()).await.expect("sent");
    let (status, body) = read_answer(&mut stream).await;
    assert_eq!(status, 413, "{body}");
    let body: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(body["code"], "body_too_large", "{body}");
    assert_healthy(&server).await;
    let (status, body) = server.post("/api/matches", open_match()).await;
    assert_eq!(status, 201, "{body}");
    drop(server);

    // A body without a length is cut at the limit as it is read.
    let server = Server::start_with(&db, &["--max-body-bytes", "4096"]).await;
    let mut stream = server.tcp(None).await.expect("a connection");
    let filler = format!("{{\"game\":\"{}\"}}", "a".repeat(8000));
    let request = format!(
        "POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\n\r\n{:x}\r\n{filler}\r\n0\r\n\r\n",
        server.port,
        filler.len()
    );
    stream.write_all(request.as_bytes()).await.expect("sent");
    let (status, body) = read_answer(&mut stream).await;
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("body_too_large"), "{body}");
    let (status, body) = server.post("/api/matches", open_match()).await;
    assert_eq!(status, 201, "{body}");
    db.drop_db().await;
}

#[tokio::test]
async fn a_request_head_must_arrive_within_the_header_timeout() {
    let db = Db::sqlite();
    let server = Server::start_with(&db, &["--http-header-timeout", "1"]).await;
    // Nothing at all.
    let started = Instant::now();
    let mut silent = server.tcp(None).await.expect("a connection");
    let waited = closed_after(&mut silent, started).await;
    assert!(waited < Duration::from_secs(4), "{waited:?}");
    // A head trickling in, a line every 200 ms: bytes keep coming, the head never ends.
    let mut slow = server.tcp(None).await.expect("a connection");
    let started = Instant::now();
    slow.write_all(b"GET /healthz HTTP/1.1\r\n")
        .await
        .expect("sent");
    let trickle = async {
        for n in 0.. {
            tokio::time::sleep(Duration::from_millis(200)).await;
            if slow
                .write_all(format!("X-{n}: y\r\n").as_bytes())
                .await
                .is_err()
            {
                return started.elapsed();
            }
            // Meanwhile others are served.
            if n == 2 {
                assert_healthy(&server).await;
            }
        }
        unreachable!()
    };
    let waited = tokio::time::timeout(PATIENCE, trickle)
        .await
        .expect("the server closes the trickling connection");
    assert!(waited < Duration::from_secs(5), "{waited:?}");
    assert_healthy(&server).await;
    db.drop_db().await;
}

#[tokio::test]
async fn a_kept_alive_connection_is_closed_after_the_idle_timeout() {
    let db = Db::sqlite();
    let server = Server::start_with(
        &db,
        &["--http-idle-timeout", "1", "--http-header-timeout", "30"],
    )
    .await;
    let mut stream = server.tcp(None).await.expect("a connection");
    let request = format!(
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
        server.port
    );
    // Requests every 400 ms keep it open well past the timeout, all on one connection.
    for _ in 0..6 {
        stream.write_all(request.as_bytes()).await.expect("sent");
        assert_eq!(read_answer(&mut stream).await.0, 200);
        tokio::time::sleep(Duration::from_millis(400)).await;
    }
    // Then nothing: closed about a second later, long before the header timeout.
    let started = Instant::now();
    let waited = closed_after(&mut stream, started).await;
    assert!(waited < Duration::from_secs(4), "{waited:?}");
    assert_healthy(&server).await;
    db.drop_db().await;
}

// ---------------------------------------------------------------------------------------------
// WebSockets

/// How many frames of type `t` and errors of code `code` come among the next `n` of either
/// (the match's updates, meanwhile, are let by).
async fn tally(client: &mut Client, n: usize, t: &str, code: &str) -> (usize, usize) {
    let (mut of_type, mut of_code) = (0, 0);
    while of_type + of_code < n {
        let frame = client.recv().await;
        if frame["t"] == t {
            of_type += 1;
        } else if frame["t"] == "error" && frame["code"] == code {
            of_code += 1;
        } else {
            assert_eq!(frame["t"], "update", "unexpected {frame}");
        }
    }
    (of_type, of_code)
}

#[tokio::test]
async fn frames_over_the_rate_are_dropped_with_rate_limited_and_the_connection_lives() {
    let db = Db::sqlite();
    let server = Server::start_with(
        &db,
        &[
            "--ws-frames-per-second",
            "5",
            "--ws-frame-burst",
            "10",
            "--ws-abuse-seconds",
            "30",
        ],
    )
    .await;
    let id = create_from(&server, "127.0.0.1").await;
    let mut eager = spectator_from(&server, &id, "127.0.0.1").await;
    let mut calm = spectator_from(&server, &id, "127.0.0.1").await;
    for _ in 0..25 {
        eager.send(json!({"t": "ping"})).await;
    }
    let (pongs, limited) = tally(&mut eager, 25, "pong", "rate_limited").await;
    assert!((10..=12).contains(&pongs), "{pongs} pongs");
    assert_eq!(pongs + limited, 25);
    let refusal: Value = serde_json::from_str(
        eager
            .frames
            .iter()
            .find(|f| f.contains("rate_limited"))
            .expect("a refusal"),
    )
    .expect("JSON");
    assert!(
        refusal["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{refusal}"
    );
    calm.assert_alive().await;
    // Refilled, the eager one is heard again.
    tokio::time::sleep(Duration::from_millis(500)).await;
    eager.assert_alive().await;
    db.drop_db().await;
}

#[tokio::test]
async fn a_connection_over_its_rate_for_the_abuse_time_is_closed_with_1008() {
    let db = Db::sqlite();
    let server = Server::start_with(
        &db,
        &[
            "--ws-frames-per-second",
            "5",
            "--ws-frame-burst",
            "5",
            "--ws-abuse-seconds",
            "2",
        ],
    )
    .await;
    let id = create_from(&server, "127.0.0.1").await;
    let mut abuser = spectator_from(&server, &id, "127.0.0.1").await;
    let mut calm = spectator_from(&server, &id, "127.0.0.1").await;
    // Fifty frames a second, ten times the rate, for three seconds at most.
    let started = Instant::now();
    let ping =
        tokio_tungstenite::tungstenite::Message::Text(json!({"t": "ping"}).to_string().into());
    for _ in 0..150 {
        if !abuser.try_send_message(ping.clone()).await {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(abuser.close_code().await, Some(1008));
    let lasted = started.elapsed();
    assert!(lasted >= Duration::from_secs(2), "{lasted:?}");
    // Refusals came first, each told.
    assert!(abuser.frames.iter().any(|f| f.contains("rate_limited")));
    calm.assert_alive().await;
    assert_healthy(&server).await;
    db.drop_db().await;
}

async fn chat_over_its_rate_is_refused_rate_limited_and_the_lines_said_are_stored(db: Db) {
    let args = [
        "--allow-client-seeds",
        "--chat-lines-per-second",
        "1",
        "--chat-burst",
        "2",
    ];
    let mut server = Server::start_with(&db, &args).await;
    let (id, tokens) = server.create(common::artemia_with_humans(2, 3)).await;
    let mut ann = server.connect(&id, Some(&tokens[0].1)).await;
    let mut bo = server.connect(&id, Some(&tokens[1].1)).await;
    ann.recv_type("welcome").await;
    bo.recv_type("welcome").await;
    for n in 1..=4 {
        ann.send(json!({"t": "chat", "text": format!("line {n}")}))
            .await;
    }
    let (said, limited) = tally(&mut ann, 4, "chat", "rate_limited").await;
    assert_eq!((said, limited), (2, 2));
    for n in 1..=2 {
        assert_eq!(bo.recv_type("chat").await["text"], format!("line {n}"));
    }
    bo.assert_alive().await;
    assert!(
        !bo.frames.iter().any(|f| f.contains("line 3")),
        "a refused line reaches nobody"
    );
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    ann.send(json!({"t": "chat", "text": "later"})).await;
    assert_eq!(ann.recv_type("chat").await["text"], "later");
    ann.assert_alive().await;

    server.kill();
    let server = Server::start_with(&db, &args).await;
    let mut again = server.connect(&id, Some(&tokens[1].1)).await;
    let welcome = again.recv_type("welcome").await;
    assert_eq!(
        welcome["chat"],
        json!([
            {"from": "hunted-1", "text": "line 1"},
            {"from": "hunted-1", "text": "line 2"},
            {"from": "hunted-1", "text": "later"},
        ]),
        "every line said was stored, and only those"
    );
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn sqlite_chat_over_its_rate_is_refused_rate_limited_and_the_lines_said_are_stored() {
    chat_over_its_rate_is_refused_rate_limited_and_the_lines_said_are_stored(Db::sqlite()).await;
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_chat_over_its_rate_is_refused_rate_limited_and_the_lines_said_are_stored() {
    chat_over_its_rate_is_refused_rate_limited_and_the_lines_said_are_stored(Db::postgres().await)
        .await;
}

#[tokio::test]
async fn a_message_over_64_kib_closes_the_connection_with_1009() {
    let db = Db::sqlite();
    let server = Server::start_with(&db, &[]).await;
    let id = create_from(&server, "127.0.0.1").await;
    let mut big = spectator_from(&server, &id, "127.0.0.1").await;
    let mut other = spectator_from(&server, &id, "127.0.0.1").await;
    let limit = 64 * 1024;
    // Exactly the limit is still read.
    let ping = format!("{{\"t\":\"ping\"{}}}", " ".repeat(limit - 12));
    assert_eq!(ping.len(), limit);
    big.send_text(ping.clone()).await;
    assert_eq!(big.recv().await, json!({"t": "pong"}));
    big.send_text(format!("{ping} ")).await;
    assert_eq!(big.close_code().await, Some(1009));
    other.assert_alive().await;
    let mut again = spectator_from(&server, &id, "127.0.0.1").await;
    again.assert_alive().await;
    db.drop_db().await;
}

/// A WebSocket opened by hand on a plain TCP stream: nothing answers the server's pings.
async fn raw_socket(server: &Server, path: &str) -> TcpStream {
    let mut stream = server.tcp(None).await.expect("a connection");
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n",
        server.port
    );
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).await.expect("the answer");
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    stream
}

/// Reads a raw socket to its end: the opcodes of the server's frames, and the code of its
/// close frame if it sent one.
async fn raw_frames(stream: &mut TcpStream) -> (Vec<u8>, Option<u16>) {
    let mut raw = Vec::new();
    let _ = tokio::time::timeout(PATIENCE, stream.read_to_end(&mut raw))
        .await
        .expect("the server ends the connection");
    let (mut opcodes, mut at) = (Vec::new(), 0);
    while at + 2 <= raw.len() {
        let opcode = raw[at] & 0x0f;
        let (length, header) = match raw[at + 1] & 0x7f {
            126 => (
                usize::from(u16::from_be_bytes([raw[at + 2], raw[at + 3]])),
                4,
            ),
            127 => (
                u64::from_be_bytes(raw[at + 2..at + 10].try_into().expect("8 bytes")) as usize,
                10,
            ),
            short => (usize::from(short), 2),
        };
        let payload = &raw[at + header..at + header + length];
        opcodes.push(opcode);
        if opcode == 8 {
            return (opcodes, Some(u16::from_be_bytes([payload[0], payload[1]])));
        }
        at += header + length;
    }
    (opcodes, None)
}

#[tokio::test]
async fn the_server_pings_and_drops_a_silent_peer() {
    use tokio_tungstenite::tungstenite::Message;
    let db = Db::sqlite();
    let server =
        Server::start_with(&db, &["--ws-ping-interval", "1", "--ws-idle-timeout", "3"]).await;
    let id = create_from(&server, "127.0.0.1").await;
    let mut listening = spectator_from(&server, &id, "127.0.0.1").await;
    let mut silent = raw_socket(&server, &format!("/ws/matches/{id}")).await;
    // The listening one reads (its client answers each ping) and says nothing for 5 s.
    let started = Instant::now();
    let mut pings = 0;
    while started.elapsed() < Duration::from_secs(5) {
        if let Some(Message::Ping(_)) = listening.next_message(Duration::from_millis(200)).await {
            pings += 1;
        }
    }
    assert!(pings >= 3, "{pings} pings");
    listening.assert_alive().await;
    // The silent one answered nothing: dropped by now, the room has let it go.
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["spectators"], 1, "{summary}");
    let (opcodes, code) = raw_frames(&mut silent).await;
    assert_eq!(code, Some(1001), "{opcodes:?}");
    assert!(
        opcodes.iter().filter(|&&op| op == 9).count() >= 2,
        "{opcodes:?}"
    );
    db.drop_db().await;
}

/// The server's gauge of open connections (HTTP and WebSocket; this request among them).
async fn open_connections(server: &Server) -> u64 {
    let (_, text) = server.get("/metrics").await;
    let text = text.as_str().expect("Prometheus text").to_owned();
    text.lines()
        .find_map(|l| l.strip_prefix("xenotable_open_connections "))
        .and_then(|v| v.trim().parse::<f64>().ok())
        .expect("the gauge") as u64
}

#[tokio::test]
async fn a_connection_that_does_not_read_is_closed_with_1013_and_freed() {
    let db = Db::sqlite();
    let mut args = common::UNLIMITED.to_vec();
    args.extend(["--ws-outbox-frames", "8"]);
    let server = Server::start_with(&db, &args).await;
    let (id, tokens) = server.create(common::artemia_with_humans(1, 3)).await;
    let mut ann = server.connect(&id, Some(&tokens[0].1)).await;
    ann.recv_type("welcome").await;
    // A spectator that reads nothing, with the smallest receive buffer; one that reads all.
    let path = format!("/ws/matches/{id}");
    let mut slow = server
        .try_socket(&path, None, &[], Some(1))
        .await
        .expect("the socket opens");
    let mut keen = server.connect(&id, None).await;
    keen.recv_type("welcome").await;
    let keen = tokio::spawn(async move {
        let mut heard = Vec::new();
        loop {
            let line = keen.recv_type("chat").await;
            if line["text"] == "last" {
                return (keen, heard);
            }
            heard.push(line["text"].as_str().expect("text")[..8].to_owned());
        }
    });
    // Long chat lines until the room lets the slow one go.
    let mut said = Vec::new();
    for n in 0..20_000 {
        let tag = format!("{n:08}");
        let text = format!("{tag}{}", "x".repeat(990));
        ann.send(json!({"t": "chat", "text": text})).await;
        ann.recv_type("chat").await;
        said.push(tag);
        if n % 50 == 49 {
            let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
            if summary["spectators"] == 1 {
                break;
            }
        }
    }
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary["spectators"], 1, "the slow one was let go");
    ann.send(json!({"t": "chat", "text": "last"})).await;
    assert_eq!(slow.close_code().await, Some(1013));
    // The keen one heard every line, in order.
    let (mut keen, heard) = keen.await.expect("the keen spectator");
    assert_eq!(heard, said);
    keen.assert_alive().await;
    ann.assert_alive().await;
    // Nothing of the slow one is left: Ann, the keen one and this request are open.
    let open = eventually(|| async {
        let open = open_connections(&server).await;
        (open == 3).then_some(open)
    })
    .await;
    assert_eq!(open, 3);
    db.drop_db().await;
}
