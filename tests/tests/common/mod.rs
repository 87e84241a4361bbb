//! The test harness: real databases, the real server as a child process on an ephemeral port,
//! a plain HTTP client and real WebSocket clients.

#![allow(dead_code)]

pub mod api;
pub mod intruder;

use std::net::{IpAddr, SocketAddr, TcpListener as StdListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use sqlx::Connection;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, client_async, connect_async};
use xenotable_protocol::Seat;
use xenotable_server::games::{GameId, MatchSetup, Viewer, new_match};

/// How long any single wait of a test may take before it fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A database of its own for one test.
pub enum Db {
    Sqlite { dir: PathBuf },
    Postgres { admin_url: String, name: String },
}

impl Db {
    /// A fresh SQLite database in a new temporary directory.
    pub fn sqlite() -> Db {
        let dir = std::env::temp_dir().join(format!("xenotable-test-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        Db::Sqlite { dir }
    }

    /// Whether `TEST_DATABASE_URL` names a PostgreSQL server, for the benches that run there
    /// too when it does.
    pub fn postgres_configured() -> bool {
        std::env::var_os("TEST_DATABASE_URL").is_some()
    }

    /// A fresh PostgreSQL database on the server of `TEST_DATABASE_URL`. A test that calls this
    /// is marked `#[cfg_attr(no_postgres, ignore = ...)]`: it is skipped when the build saw no
    /// such server, outside CI (`server/build.rs`); run anyway, it fails here.
    pub async fn postgres() -> Db {
        let admin_url = std::env::var("TEST_DATABASE_URL").expect(
            "TEST_DATABASE_URL names the PostgreSQL server for this test \
             (postgres://postgres@127.0.0.1:5432/test); CI requires it",
        );
        let name = format!("xt_{}", uuid::Uuid::new_v4().simple());
        let mut conn = sqlx::PgConnection::connect(&admin_url)
            .await
            .expect("TEST_DATABASE_URL reaches PostgreSQL");
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut conn)
            .await
            .expect("a fresh database");
        Db::Postgres { admin_url, name }
    }

    /// The `--database-url` to give the server, if any.
    pub fn url(&self) -> Option<String> {
        match self {
            Db::Sqlite { .. } => None,
            Db::Postgres { admin_url, name } => {
                let base = admin_url
                    .rsplit_once('/')
                    .map_or(admin_url.as_str(), |(b, _)| b);
                Some(format!("{base}/{name}"))
            }
        }
    }

    /// The server's store, opened beside it (to read the command log as stored).
    pub async fn store(&self) -> std::sync::Arc<dyn xenotable_server::store::Store> {
        let url = match self {
            Db::Sqlite { dir } => format!("sqlite://{}", dir.join("xenotable.db").display()),
            Db::Postgres { .. } => self.url().expect("a URL"),
        };
        xenotable_server::store::connect(&url)
            .await
            .expect("the server's database opens")
    }

    /// Removes the database.
    pub async fn drop_db(self) {
        match self {
            Db::Sqlite { dir } => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Db::Postgres { admin_url, name } => {
                if let Ok(mut conn) = sqlx::PgConnection::connect(&admin_url).await {
                    let sql = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                    let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                        .execute(&mut conn)
                        .await;
                }
            }
        }
    }
}

/// A port nobody listens on now.
pub fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// `Server::start`'s flags: chosen seeds, and no per-client limit a test at machine speed meets.
pub const UNLIMITED: &[&str] = &[
    "--allow-client-seeds",
    "--max-connections-per-ip",
    "100000",
    "--creations-per-minute",
    "1000000",
    "--joins-per-minute",
    "1000000",
    "--replays-per-minute",
    "1000000",
    "--ws-frames-per-second",
    "1000000",
    "--ws-frame-burst",
    "1000000",
    "--chat-lines-per-second",
    "1000000",
    "--chat-burst",
    "1000000",
];

/// The admin token every test server is started with.
pub const ADMIN_TOKEN: &str = "test-admin-token";

/// The real server, running as a child process.
pub struct Server {
    child: Child,
    pub port: u16,
    /// What it serves about its API, fetched once it is healthy: every answer and frame of
    /// the tests is checked against it.
    pub api: Option<Arc<api::Api>>,
}

impl Server {
    /// Uploads a scenario file with the admin token; returns its id.
    pub async fn upload_scenario(&self, file: &str) -> String {
        let auth = format!("Bearer {ADMIN_TOKEN}");
        let (status, body) = self
            .raw(
                "POST",
                "/api/admin/scenarios",
                &[("Authorization", auth.as_str())],
                file.as_bytes(),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        body["id"].as_str().expect("an id").to_owned()
    }

    /// Starts the server on `db` and waits until `/healthz` says ok. Tests pin seeds, so it
    /// lets clients choose them (`--allow-client-seeds`, a development flag); and they play
    /// whole matches at machine speed from one address, so the per-client limits are lifted
    /// (`tests/tests/limits.rs` tests them).
    pub async fn start(db: &Db) -> Server {
        Server::start_with(db, UNLIMITED).await
    }

    /// Starts the server on `db` with extra command-line arguments (and no others beyond the
    /// bind address, the admin token and the database), and waits until it is healthy.
    pub async fn start_with(db: &Db, args: &[&str]) -> Server {
        Server::start_in(db, None, args).await
    }

    /// As [`Server::start_with`], from the working directory `cwd` when given (else the
    /// test's own).
    pub async fn start_in(db: &Db, cwd: Option<&std::path::Path>, args: &[&str]) -> Server {
        let port = free_port();
        let mut cmd = Server::command(db, port);
        cmd.args(args);
        if let Some(cwd) = cwd {
            cmd.current_dir(cwd);
        }
        let child = cmd.spawn().expect("the server starts");
        let mut server = Server {
            child,
            port,
            api: None,
        };
        server.wait_healthy().await;
        server.api = Some(Arc::new(server.fetch_api().await));
        server
    }

    /// The served API description: the frames, each game's schemas, the OpenAPI document.
    async fn fetch_api(&self) -> api::Api {
        let get = |path: String| async move {
            let (status, body) = self
                .try_request("GET", &path, None)
                .await
                .expect("the server answers");
            assert_eq!(status, 200, "GET {path}: {body}");
            serde_json::from_str::<Value>(&body).expect("JSON")
        };
        let frames = get("/api/schema/frames".to_owned()).await;
        let mut games = Vec::new();
        for game in get("/api/games".to_owned())
            .await
            .as_array()
            .expect("games")
        {
            let id = game["id"].as_str().expect("a game id").to_owned();
            let schemas = get(format!("/api/schema/{id}")).await;
            games.push((id, schemas));
        }
        let doc = get("/api/openapi.json".to_owned()).await;
        api::Api::new(&frames, &games, doc)
    }

    /// The command that starts a server on `db` listening on `port`, with the test admin token
    /// and bots that play at once.
    pub fn command(db: &Db, port: u16) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_xenotable-under-test"));
        cmd.arg("--bind")
            .arg(format!("127.0.0.1:{port}"))
            .arg("--admin-token")
            .arg(ADMIN_TOKEN)
            .env("XENOTABLE_BOT_DELAY_MS", "0")
            .env("RUST_LOG", "warn")
            .env_remove("DATABASE_URL")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        match db {
            Db::Sqlite { dir } => {
                cmd.arg("--data-dir").arg(dir);
            }
            Db::Postgres { .. } => {
                cmd.arg("--database-url").arg(db.url().expect("a URL"));
            }
        }
        cmd
    }

    /// Waits until `/healthz` says ok.
    pub async fn wait_healthy(&self) {
        let server = self;
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            if let Ok((200, _)) = server.try_request("GET", "/healthz", None).await {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "server never became healthy"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the server with SIGKILL: no shutdown, no flush.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    async fn try_request(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> std::io::Result<(u16, String)> {
        let headers = [("Content-Type", "application/json")];
        self.try_raw(method, path, &headers, body.unwrap_or("").as_bytes())
            .await
    }

    async fn try_raw(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> std::io::Result<(u16, String)> {
        let answer = self.try_answer(None, method, path, headers, body).await?;
        Ok((answer.status, answer.body))
    }

    /// A TCP connection to the server, from `from` (any address of 127.0.0.0/8) if given.
    pub async fn tcp(&self, from: Option<IpAddr>) -> std::io::Result<TcpStream> {
        let to = SocketAddr::from(([127, 0, 0, 1], self.port));
        match from {
            None => TcpStream::connect(to).await,
            Some(ip) => {
                let socket = TcpSocket::new_v4()?;
                socket.bind(SocketAddr::new(ip, 0))?;
                socket.connect(to).await
            }
        }
    }

    /// An HTTP request from `from`, with its answer's head.
    pub async fn try_answer(
        &self,
        from: Option<IpAddr>,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> std::io::Result<Answer> {
        let mut stream = self.tcp(from).await?;
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\
             Content-Length: {}\r\n",
            self.port,
            body.len()
        );
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        let mut request = request.into_bytes();
        request.extend_from_slice(body);
        let sent = stream.write_all(&request).await;
        let mut raw = Vec::new();
        let read = stream.read_to_end(&mut raw).await;
        // A server may answer before it has read the whole body (413) and close: what it said
        // before the connection broke counts.
        if raw.is_empty() {
            sent?;
            read?;
        }
        Ok(Answer::parse(&raw))
    }

    /// An HTTP request from `from` (an address of 127.0.0.0/8), with its answer's head.
    pub async fn answer_from(
        &self,
        from: &str,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> Answer {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let from = from.parse().expect("an address");
        let answer = self
            .try_answer(
                Some(from),
                method,
                path,
                &[("Content-Type", "application/json")],
                body.as_bytes(),
            )
            .await
            .expect("the server answers");
        if let Some(api) = &self.api {
            api.check_answer(method, path, answer.status, &answer.body);
        }
        answer
    }

    /// An HTTP request; the body parsed as JSON when it is JSON.
    pub async fn request(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let headers = [("Content-Type", "application/json")];
        self.raw(method, path, &headers, body.as_bytes()).await
    }

    /// A request with a raw body and extra headers (scenario files, the admin token).
    pub async fn raw(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> (u16, Value) {
        let (status, text) = self
            .try_raw(method, path, headers, body)
            .await
            .expect("the server answers");
        if let Some(api) = &self.api {
            api.check_answer(method, path, status, &text);
        }
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        self.request("GET", path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.request("POST", path, Some(body)).await
    }

    /// Creates a match; returns its id and the seat tokens by seat.
    pub async fn create(&self, body: Value) -> (String, Vec<(String, String)>) {
        let (status, created) = self.post("/api/matches", body).await;
        assert_eq!(status, 201, "{created}");
        let tokens = created["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .map(|s| {
                (
                    s["seat"].as_str().expect("seat").to_owned(),
                    s["token"].as_str().expect("token").to_owned(),
                )
            })
            .collect();
        (created["id"].as_str().expect("an id").to_owned(), tokens)
    }

    /// A WebSocket connection to a match: with a token, a seat's; without, a spectator's.
    pub async fn connect(&self, id: &str, token: Option<&str>) -> Client {
        let url = match token {
            Some(t) => format!("ws://127.0.0.1:{}/ws/matches/{id}?token={t}", self.port),
            None => format!("ws://127.0.0.1:{}/ws/matches/{id}", self.port),
        };
        let (ws, _) = connect_async(url).await.expect("the socket opens");
        self.client(ws)
    }

    /// A client on `ws`, whose frames are checked against this server's schemas.
    fn client(&self, ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client {
            ws,
            frames: Vec::new(),
            api: self.api.clone(),
            game: None,
        }
    }

    /// A WebSocket to `path` from `from` (an address of 127.0.0.0/8), with extra request
    /// headers, and a receive buffer of `recv_buffer` bytes if given (a client slow to read).
    pub async fn try_socket(
        &self,
        path: &str,
        from: Option<IpAddr>,
        headers: &[(&str, &str)],
        recv_buffer: Option<u32>,
    ) -> Result<Client, tokio_tungstenite::tungstenite::Error> {
        let to = SocketAddr::from(([127, 0, 0, 1], self.port));
        let socket = TcpSocket::new_v4()?;
        if let Some(ip) = from {
            socket.bind(SocketAddr::new(ip, 0))?;
        }
        if let Some(size) = recv_buffer {
            socket.set_recv_buffer_size(size)?;
        }
        let stream = socket.connect(to).await?;
        let mut request = format!("ws://127.0.0.1:{}{path}", self.port).into_client_request()?;
        for (name, value) in headers {
            request.headers_mut().insert(
                tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(name.as_bytes())
                    .expect("a header name"),
                value.parse().expect("a header value"),
            );
        }
        let (ws, _) = client_async(request, MaybeTlsStream::Plain(stream)).await?;
        Ok(self.client(ws))
    }

    /// The HTTP status with which a WebSocket upgrade to `path` is refused.
    pub async fn refused_upgrade(&self, path: &str) -> u16 {
        let url = format!("ws://127.0.0.1:{}{path}", self.port);
        match connect_async(url).await {
            Ok(_) => panic!("the upgrade to {path} should be refused"),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                response.status().as_u16()
            }
            Err(e) => panic!("unexpected error {e}"),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// An HTTP answer: status, head and body (parsed as JSON when it is JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    fn parse(raw: &[u8]) -> Answer {
        let text = String::from_utf8_lossy(raw).into_owned();
        let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let chunked = head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked");
        Answer {
            status,
            head: head.to_owned(),
            body: if chunked {
                unchunk(rest)
            } else {
                rest.to_owned()
            },
        }
    }

    /// The value of header `name`, if the answer has it.
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    }

    /// The body as JSON (`Value::String` of it when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::String(self.body.clone()))
    }
}

fn unchunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || tail.len() < size {
            break;
        }
        out.push_str(&tail[..size]);
        rest = tail[size..].trim_start_matches("\r\n");
    }
    out
}

/// A WebSocket client that keeps every text frame it received, raw, and checks every frame it
/// sends or receives against the server's schemas (`common/api.rs`).
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text frame received so far, as sent.
    pub frames: Vec<String>,
    api: Option<Arc<api::Api>>,
    /// The match's game, once a view has told it.
    game: Option<String>,
}

impl Client {
    /// Keeps a received text frame, once it is checked against the schemas; returns it parsed.
    fn keep(&mut self, text: &str) -> Value {
        self.frames.push(text.to_owned());
        let frame: Value = serde_json::from_str(text).expect("server frames are JSON");
        if let Some(api) = &self.api {
            api.check_received(&mut self.game, &frame);
        }
        frame
    }

    /// Checks a frame about to be sent against the schemas.
    fn check_sent(&self, frame: &Value) {
        if let Some(api) = &self.api {
            api.check_sent(self.game.as_deref(), frame);
        }
    }

    /// The next text frame, parsed.
    pub async fn recv(&mut self) -> Value {
        // One deadline for the call: the server's pings must not keep a stalled match waiting.
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let message = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .expect("a frame in time")
                .expect("the socket is open")
                .expect("a readable frame");
            if let Message::Text(text) = message {
                return self.keep(&text);
            }
        }
    }

    /// The next text frame, or `None` once the connection is closed or broken.
    pub async fn recv_or_closed(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a frame or a close in time");
            match message {
                Some(Ok(Message::Text(text))) => return Some(self.keep(&text)),
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Reads to the end of the connection and returns the code of the server's close frame
    /// (`None` if the connection ended without one).
    pub async fn close_code(&mut self) -> Option<u16> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("the connection ends in time");
            match message {
                Some(Ok(Message::Text(text))) => {
                    self.keep(&text);
                }
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return None,
            }
        }
    }

    /// The next WebSocket message of any kind (pings included), or `None` once the connection
    /// is closed or broken. Text frames are kept in `frames` too.
    pub async fn next_message(&mut self, wait: Duration) -> Option<Message> {
        match tokio::time::timeout(wait, self.ws.next()).await {
            Ok(Some(Ok(message))) => {
                if let Message::Text(text) = &message {
                    self.keep(text);
                }
                Some(message)
            }
            _ => None,
        }
    }

    /// Sends a raw WebSocket message; `false` if the connection is gone.
    pub async fn try_send_message(&mut self, message: Message) -> bool {
        self.ws.send(message).await.is_ok()
    }

    /// The next frame, or `None` if nothing comes within `wait`.
    pub async fn try_recv(&mut self, wait: Duration) -> Option<Value> {
        match tokio::time::timeout(wait, self.ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => Some(self.keep(&text)),
            _ => None,
        }
    }

    /// Waits for a frame of type `t`, keeping the others in `frames`.
    pub async fn recv_type(&mut self, t: &str) -> Value {
        loop {
            let frame = self.recv().await;
            if frame["t"] == t {
                return frame;
            }
        }
    }

    /// Sends a frame; `false` if the connection is gone (the server was killed, say).
    pub async fn try_send(&mut self, frame: Value) -> bool {
        self.check_sent(&frame);
        self.ws
            .send(Message::Text(frame.to_string().into()))
            .await
            .is_ok()
    }

    /// Sends a frame, once it is checked against the schemas.
    pub async fn send(&mut self, frame: Value) {
        self.check_sent(&frame);
        self.send_text(frame.to_string()).await;
    }

    /// Sends text as it is, unchecked: for the tests of what the server does with frames that
    /// break the schemas.
    pub async fn send_text(&mut self, text: String) {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("the frame is sent");
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws
            .send(Message::Binary(bytes.into()))
            .await
            .expect("the frame is sent");
    }

    /// Sends a ping and waits for the pong: the connection is alive and in order.
    pub async fn assert_alive(&mut self) {
        self.send(json!({"t": "ping"})).await;
        self.recv_type("pong").await;
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }

    /// Pings the room `pings` times, 5 ms apart, and returns the round trips' p50, p99 and max
    /// in milliseconds (the benches' figure of a room's responsiveness).
    pub async fn ping_rtts(&mut self, pings: usize) -> [f64; 3] {
        let mut rtts = Vec::with_capacity(pings);
        for _ in 0..pings {
            let sent = std::time::Instant::now();
            self.assert_alive().await;
            rtts.push(sent.elapsed());
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        rtts.sort();
        let at = |q: f64| rtts[((rtts.len() as f64 - 1.0) * q) as usize].as_secs_f64() * 1e3;
        [at(0.5), at(0.99), at(1.0)]
    }
}

/// The body of a match with a bot Creature and `hunted` named human Hunted.
pub fn artemia_with_humans(hunted: u8, seed: u64) -> Value {
    let mut seats = vec![json!({"seat": "creature", "bot": true})];
    for n in 1..=hunted {
        seats.push(json!({"seat": format!("hunted-{n}"), "name": format!("Player {n}")}));
    }
    json!({"game": "artemia", "seed": seed, "seats": seats})
}

/// A small deterministic move picker.
pub struct Picker(pub u64);

impl Picker {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// What one seat saw: its acknowledged moves (seq, action) and its last view.
#[derive(Default)]
pub struct Seen {
    pub acked: Vec<(u64, Value)>,
    pub last_view: Option<Value>,
}

/// Plays random legal moves until the match ends or the connection dies.
pub async fn play(mut client: Client, pick: &mut Picker, seen: &mut Seen) {
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

/// Every seat plays at once (a task each) until the match ends or the server goes away.
pub async fn run_players(clients: Vec<Client>, picks: &mut [Picker], seen: &mut [Seen]) {
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

/// For an Artemia match of the Creature and three Hunted made with `seed`: every acknowledged
/// move is in the replay at its seq, and seed + log replayed offline give each Hunted the final
/// view it was sent.
pub fn assert_replays(replay: &Value, seen: &[Seen], seed: u64) {
    let steps = replay["steps"].as_array().expect("steps");
    for (seq, action) in seen.iter().flat_map(|s| s.acked.iter()) {
        let step = &steps[*seq as usize - 1];
        assert_eq!(step["seq"].as_u64(), Some(*seq));
        assert_eq!(
            &step["action"], action,
            "acknowledged move {seq} is in the log"
        );
    }
    let seats = vec![
        Seat::Creature,
        Seat::Hunted(1),
        Seat::Hunted(2),
        Seat::Hunted(3),
    ];
    let mut offline = new_match(&MatchSetup {
        game: GameId::Artemia,
        seats,
        scenario: None,
        options: Value::Null,
        seed,
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
    assert!(
        offline.outcome().is_some(),
        "the match was played to its end"
    );
    for (k, s) in seen.iter().enumerate() {
        let live = s.last_view.as_ref().expect("a final view");
        let replayed = offline.view(Viewer::Seat(Seat::Hunted(k as u8 + 1)));
        assert_eq!(live, &replayed, "hunted-{} final view", k + 1);
    }
}
