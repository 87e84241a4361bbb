//! `xenotable arena`: bots play whole matches against each other in this process (no server,
//! no sockets), each seeing only its seat's view exactly as a room would show it, and the
//! results are told per seat with 95% confidence intervals.

mod play;
mod report;
mod stats;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use xenotable_protocol::Seat;

use super::{BotLevel, Budget};
use crate::games::GameId;

pub use play::{MatchResult, play_match};
pub use report::Report;
pub use stats::{mean95, wilson95};

/// `xenotable arena`'s options.
#[derive(Debug, Clone, clap::Args)]
pub struct ArenaConfig {
    /// The game, by id (`derelict`, `away-team`, `artemia`, `intruder`).
    #[arg(long)]
    pub game: String,
    /// The scenario: a shipped scenario file's id (`corridor-run`) or a built-in scenario
    /// (Intruder's `solitaire`).
    #[arg(long)]
    pub scenario: Option<String>,
    /// A seat and its bot's level, `SEAT=LEVEL` (`aliens=strong`); one per seat of the match.
    #[arg(long = "seat", value_parser = seat_level, required = true)]
    pub seats: Vec<(Seat, BotLevel)>,
    /// How many matches.
    #[arg(long, default_value_t = 20)]
    pub matches: u32,
    /// The seed of the first match; match k plays on seed + k.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Matches played at once, one thread each.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Milliseconds a `strong` bot may think per decision.
    #[arg(long, default_value_t = 1_000)]
    pub think_ms: u64,
    /// Search iterations per `strong` decision instead of a time budget: the run then follows
    /// the seeds alone, on any machine.
    #[arg(long)]
    pub iterations: Option<u32>,
    /// Actions at most per match; a match still going then counts as a draw.
    #[arg(long, default_value_t = 20_000)]
    pub max_actions: u32,
    /// One JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

impl ArenaConfig {
    /// The strong bots' budget.
    pub fn budget(&self) -> Budget {
        match self.iterations {
            Some(n) => Budget::iterations(n),
            None => Budget::time(Duration::from_millis(self.think_ms)),
        }
    }
}

/// `SEAT=LEVEL`.
fn seat_level(text: &str) -> Result<(Seat, BotLevel), String> {
    let (seat, level) = text
        .split_once('=')
        .ok_or_else(|| format!("{text:?}: write SEAT=LEVEL, as aliens=strong"))?;
    let seat: Seat = seat.parse().map_err(|e| format!("{seat:?}: {e}"))?;
    let level: BotLevel = level.parse().map_err(|e| format!("{e}"))?;
    Ok((seat, level))
}

/// Runs the arena; returns the process exit code.
pub fn main(config: &ArenaConfig) -> ExitCode {
    match run(config) {
        Ok(report) => {
            if config.json {
                println!("{}", report.json());
            } else {
                print!("{}", report.text());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("xenotable arena: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Plays the configured matches over the configured threads.
pub fn run(config: &ArenaConfig) -> Result<Report, String> {
    let game: GameId = config.game.parse().map_err(|e| format!("{e}"))?;
    let scenario = match &config.scenario {
        Some(id) => Some(
            crate::scenarios::shipped_text(game, id)
                .ok_or_else(|| format!("{game} has no shipped or built-in scenario {id:?}"))?,
        ),
        None => None,
    };
    let arena = play::Arena {
        game,
        scenario,
        seats: config.seats.clone(),
        budget: config.budget(),
        max_actions: config.max_actions,
    };
    arena.check()?;
    let matches = config.matches;
    let results = arena.play_all(config.seed, matches, config.threads.max(1), &|ended| {
        progress(ended, matches)
    });
    Ok(Report::new(&config.seats, &results))
}

/// A long run's progress, on one line of a terminal's stderr; nothing when stderr goes to a
/// file or a pipe, where it would only be noise in a log.
fn progress(ended: u32, matches: u32) {
    let mut stderr = std::io::stderr();
    if !stderr.is_terminal() {
        return;
    }
    let end = if ended == matches { "\n" } else { "" };
    // A lost progress line is no reason to stop the run.
    let _ = write!(
        stderr,
        "\rxenotable arena: {ended}/{matches} matches played{end}"
    );
}
