//! Command-line and environment configuration. The doc comments are the `--help` text.

use std::net::SocketAddr;
use std::path::PathBuf;

use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};

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
    /// Seconds an open match may wait for its seats to be filled before it is abandoned.
    #[arg(long, env = "XENOTABLE_ABANDON_OPEN_AFTER", default_value_t = 86_400)]
    pub abandon_open_after: u64,
    /// Seconds a live match may go with no player connected and nothing played before it is
    /// abandoned (default: 7 days).
    #[arg(long, env = "XENOTABLE_ABANDON_IDLE_AFTER", default_value_t = 604_800)]
    pub abandon_idle_after: u64,
    /// The static web client. Default: `web/` here, else the one beside the sources.
    #[arg(long, env = "XENOTABLE_WEB_DIR")]
    pub web_dir: Option<PathBuf>,
    /// The shipped scenarios (`<game>/<id>.<ext>`), stored at every start. Default:
    /// `scenarios/` here, else the one beside the sources.
    #[arg(long, env = "XENOTABLE_SCENARIOS_DIR")]
    pub scenarios_dir: Option<PathBuf>,
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

    /// The directory of the web client.
    pub fn web_dir(&self) -> PathBuf {
        beside_sources(self.web_dir.as_ref(), "web")
    }

    /// The directory of the shipped scenarios.
    pub fn scenarios_dir(&self) -> PathBuf {
        beside_sources(self.scenarios_dir.as_ref(), "scenarios")
    }
}

/// The configured directory, else `name` in the working directory, else the one in the
/// repository the binary was built from.
fn beside_sources(configured: Option<&PathBuf>, name: &str) -> PathBuf {
    if let Some(dir) = configured {
        return dir.clone();
    }
    let here = PathBuf::from(name);
    if here.is_dir() {
        here
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(name)
    }
}
