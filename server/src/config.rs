//! Command-line and environment configuration. The doc comments are the `--help` text.

use std::net::SocketAddr;
use std::path::PathBuf;

use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};

use crate::http::listen::ListenLimits;
use crate::http::rate::{Limiter, Rate};
use crate::http::{Limits, WsLimits};
use crate::room::abandon::Patience;

/// Xenotable: an authoritative game server for asymmetric science-fiction board games.
#[derive(Debug, Parser)]
#[command(version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub serve: ServeConfig,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the web client and the API (the default).
    Serve,
    /// Work on scenario files, offline: no server, no database.
    #[command(subcommand)]
    Scenario(ScenarioCommand),
    /// Play matches against a running server on this machine through its public API and
    /// report moves/s, own-move latency, bytes per move and, given --pid, the server's CPU
    /// per move and peak memory.
    Loadgen(crate::loadgen::LoadgenConfig),
    /// Play bot against bot in this process, no server and no sockets, and report each seat's
    /// wins, draws and losses with 95% confidence intervals, match lengths and decision times.
    Arena(crate::bots::arena::ArenaConfig),
}

/// What to do with a scenario file.
#[derive(Debug, Subcommand)]
pub enum ScenarioCommand {
    /// Check a scenario file. Exit 0 and print its title when it is valid; exit 1 with its
    /// first error (`line L, column C: message`) on stderr when it is not; exit 2 when it cannot
    /// be read.
    Check {
        /// The scenario file.
        file: PathBuf,
    },
}

/// How the server runs.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeConfig {
    /// Address to listen on.
    #[arg(long, env = "XENOTABLE_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,
    /// PostgreSQL URL (postgres://...). Unset: an embedded SQLite file in the data directory.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
    /// Where the embedded SQLite database lives.
    #[arg(long, env = "XENOTABLE_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,
    /// Bearer token for the admin API; unset, the admin API is closed.
    #[arg(long, env = "XENOTABLE_ADMIN_TOKEN", hide_env_values = true)]
    pub admin_token: Option<String>,
    /// Log format.
    #[arg(long, env = "XENOTABLE_LOG_FORMAT", value_enum, default_value_t = LogFormat::Pretty)]
    pub log_format: LogFormat,
    /// Development only: let anyone choose a new match's seed (`"seed"` in `POST /api/matches`).
    /// Off, only the admin token may; whoever knows a seed knows every future die.
    #[arg(long, env = "XENOTABLE_ALLOW_CLIENT_SEEDS")]
    pub allow_client_seeds: bool,
    /// Milliseconds a bot waits before it moves, so people can follow its play.
    #[arg(long, env = "XENOTABLE_BOT_DELAY_MS", default_value_t = 300)]
    pub bot_delay_ms: u64,
    /// Milliseconds a `strong` bot may think over one decision (on one core, off the async
    /// runtime).
    #[arg(long, env = "XENOTABLE_BOT_THINK_MS", default_value_t = 1_000)]
    pub bot_think_ms: u64,
    /// Seconds an open match may wait for its seats to be filled before it is abandoned.
    #[arg(long, env = "XENOTABLE_ABANDON_OPEN_AFTER", default_value_t = 86_400)]
    pub abandon_open_after: u64,
    /// Seconds a live match may go with no player connected and nothing played before it is
    /// abandoned (default: 7 days).
    #[arg(long, env = "XENOTABLE_ABANDON_IDLE_AFTER", default_value_t = 604_800)]
    pub abandon_idle_after: u64,
    /// Development: serve the web client from this directory (its `index.html`, `css/` and
    /// `js/`) instead of the copy built into the binary, so edits show without a rebuild.
    #[arg(long, env = "XENOTABLE_WEB_DIR")]
    pub web_dir: Option<PathBuf>,
    /// Development: store the scenarios of this directory (`<game>/<id>.<ext>`) at start
    /// instead of the ones built into the binary.
    #[arg(long, env = "XENOTABLE_SCENARIOS_DIR")]
    pub scenarios_dir: Option<PathBuf>,
    /// Web origins (`https://host[:port]`, comma-separated) whose pages may open WebSockets
    /// here, besides the server's own. A browser always says which page opens a socket;
    /// clients without an `Origin` header are let in.
    #[arg(long, env = "XENOTABLE_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,
    #[command(flatten)]
    pub cluster: ClusterConfig,
    #[command(flatten)]
    pub limits: LimitsConfig,
}

/// Running as one node of several on one PostgreSQL (see "Running a cluster" in the README).
#[derive(Debug, Clone, clap::Args)]
#[command(next_help_heading = "Cluster")]
pub struct ClusterConfig {
    /// NATS server of the cluster (`nats://host:4222`). Set, this server is one node of a
    /// cluster: it runs only the matches whose lease it holds, and takes over those of a node
    /// that died. Needs PostgreSQL. Unset: a single node, which runs every match.
    #[arg(long, env = "XENOTABLE_NATS_URL")]
    pub nats_url: Option<String>,
    /// This node's name in the cluster, in logs and lease rows (a random suffix per process is
    /// added, so a restarted node never inherits its previous life's leases).
    #[arg(long, env = "XENOTABLE_NODE_ID")]
    pub node_id: Option<String>,
    /// Milliseconds a node's hold on a match lasts unless renewed: after a node dies, its
    /// matches resume on another node within about this long.
    #[arg(long, env = "XENOTABLE_LEASE_MS", default_value_t = 5_000,
          value_parser = clap::value_parser!(u64).range(300..))]
    pub lease_ms: u64,
}

/// What one client, and all of them together, may take. A client is an IPv4 address or an
/// IPv6 /64, as the server sees it (behind a proxy, the proxy).
#[derive(Debug, Clone, clap::Args)]
#[command(next_help_heading = "Limits")]
pub struct LimitsConfig {
    /// Open connections (HTTP and WebSocket) in all; one more is answered `503 server_full`.
    #[arg(long, env = "XENOTABLE_MAX_CONNECTIONS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,
    /// Open connections of one client; one more is answered `429 too_many_connections`.
    #[arg(long, env = "XENOTABLE_MAX_CONNECTIONS_PER_IP", default_value_t = 64,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections_per_ip: u32,
    /// Seconds a client has to send a request's head: from the connection's opening for the
    /// first request, from its first byte for the next ones. Then the connection is closed.
    #[arg(long, env = "XENOTABLE_HTTP_HEADER_TIMEOUT", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub http_header_timeout: u64,
    /// Seconds an HTTP connection may pass with nothing read or written (kept alive between
    /// requests, or a body or an answer stalled) before it is closed.
    #[arg(long, env = "XENOTABLE_HTTP_IDLE_TIMEOUT", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub http_idle_timeout: u64,
    /// Largest request body, in bytes; a larger one is answered `413 body_too_large`.
    #[arg(long, env = "XENOTABLE_MAX_BODY_BYTES", default_value_t = 262_144)]
    pub max_body_bytes: usize,
    /// Matches one client may create per minute (all at once, if it likes); one more is
    /// answered `429 rate_limited` with `Retry-After`.
    #[arg(long, env = "XENOTABLE_CREATIONS_PER_MINUTE", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub creations_per_minute: u32,
    /// Seats one client may claim per minute (`POST /api/matches/{id}/join`), as above.
    #[arg(long, env = "XENOTABLE_JOINS_PER_MINUTE", default_value_t = 60,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub joins_per_minute: u32,
    /// Replays one client may fetch per minute (`GET /api/matches/{id}/replay`), as above.
    #[arg(long, env = "XENOTABLE_REPLAYS_PER_MINUTE", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub replays_per_minute: u32,
    /// WebSocket frames a connection may send per second, sustained. Beyond its burst a frame
    /// is dropped and answered `rate_limited`; the connection stays.
    #[arg(long, env = "XENOTABLE_WS_FRAMES_PER_SECOND", default_value_t = 20.0,
          value_parser = positive)]
    pub ws_frames_per_second: f64,
    /// WebSocket frames a connection may send at once.
    #[arg(long, env = "XENOTABLE_WS_FRAME_BURST", default_value_t = 40,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub ws_frame_burst: u32,
    /// Seconds a connection may keep sending over its frame rate (without a second's pause in
    /// its refusals) before it is closed with 1008 (policy violation).
    #[arg(long, env = "XENOTABLE_WS_ABUSE_SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub ws_abuse_seconds: u64,
    /// Chat lines a seat's connection may send per second, sustained; beyond its burst a line
    /// is refused `rate_limited`.
    #[arg(long, env = "XENOTABLE_CHAT_LINES_PER_SECOND", default_value_t = 1.0,
          value_parser = positive)]
    pub chat_lines_per_second: f64,
    /// Chat lines a connection may send at once.
    #[arg(long, env = "XENOTABLE_CHAT_BURST", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub chat_burst: u32,
    /// Largest WebSocket message a client may send, in bytes; a larger one closes the
    /// connection with 1009 (message too big).
    #[arg(long, env = "XENOTABLE_WS_MAX_MESSAGE_BYTES", default_value_t = 65_536,
          value_parser = clap::value_parser!(u32).range(16..))]
    pub ws_max_message_bytes: u32,
    /// Seconds between the server's pings on each WebSocket.
    #[arg(long, env = "XENOTABLE_WS_PING_INTERVAL", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub ws_ping_interval: u64,
    /// Seconds a WebSocket peer may stay silent (no frame, no answer to pings) before it is
    /// dropped.
    #[arg(long, env = "XENOTABLE_WS_IDLE_TIMEOUT", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub ws_idle_timeout: u64,
    /// Frames waiting for a connection that does not read them; one more and it is closed
    /// with 1013 ("too slow") and freed.
    #[arg(long, env = "XENOTABLE_WS_OUTBOX_FRAMES", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub ws_outbox_frames: u32,
}

impl LimitsConfig {
    /// The listener's connection limits.
    pub fn listen(&self) -> ListenLimits {
        ListenLimits {
            max_connections: self.max_connections as usize,
            max_per_client: self.max_connections_per_ip as usize,
            header_timeout: Duration::from_secs(self.http_header_timeout),
            idle_timeout: Duration::from_secs(self.http_idle_timeout),
        }
    }

    /// The limits the handlers keep; `allowed_origins` may open WebSockets too.
    pub fn handlers(&self, allowed_origins: &[String]) -> Limits {
        Limits {
            creations: Limiter::new(Rate::per_minute(self.creations_per_minute)),
            joins: Limiter::new(Rate::per_minute(self.joins_per_minute)),
            replays: Limiter::new(Rate::per_minute(self.replays_per_minute)),
            max_body: self.max_body_bytes,
            ws: WsLimits {
                frames: Rate {
                    per_second: self.ws_frames_per_second,
                    burst: f64::from(self.ws_frame_burst),
                },
                abuse: Duration::from_secs(self.ws_abuse_seconds),
                max_message: self.ws_max_message_bytes as usize,
                ping_interval: Duration::from_secs(self.ws_ping_interval),
                idle_timeout: Duration::from_secs(self.ws_idle_timeout),
                outbox: self.ws_outbox_frames as usize,
            },
            allowed_origins: allowed_origins.to_vec(),
        }
    }

    /// A seat's chat rate.
    pub fn chat(&self) -> Rate {
        Rate {
            per_second: self.chat_lines_per_second,
            burst: f64::from(self.chat_burst),
        }
    }
}

/// A rate: a finite number above zero.
fn positive(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if rate.is_finite() && rate > 0.0 => Ok(rate),
        _ => Err(format!("{text:?} is not a number above zero")),
    }
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// For people at a terminal.
    Pretty,
    /// One JSON object per line, for log collectors.
    Json,
}

impl ServeConfig {
    /// How long matches may be left alone.
    pub fn patience(&self) -> Patience {
        Patience {
            open: Duration::from_secs(self.abandon_open_after),
            idle: Duration::from_secs(self.abandon_idle_after),
        }
    }

    /// The database URL to use: the configured one, or the SQLite file in the data directory.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!("sqlite://{}", self.data_dir.join("xenotable.db").display()),
        }
    }
}
