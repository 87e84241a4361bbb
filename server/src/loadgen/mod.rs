//! `xenotable loadgen`: plays matches against a running server through its public wire API
//! only (REST to create a match, one WebSocket per seat and per spectator) and reports what a
//! player feels (own-move latency) and what the server spends (CPU per move, peak memory).
//!
//! Closed loop: every seat sends a random legal move from its own view as soon as it may (after
//! an optional think time) and waits for the answer to it before the next. Loopback only and
//! bounded in time and count. It runs on one thread, so on a machine shared with the server it
//! takes at most one core; each socket reads only the few fields it needs of each frame.

pub(crate) mod client;
mod player;
pub mod proc;
mod report;

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::process::ExitCode;
use std::rc::Rc;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::task::JoinSet;
use tokio::time::Instant;

use client::{Endpoint, LoadError};
use player::{Played, Release, Role};
use report::{Report, Tally};

/// How long a seat thinks before it moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ThinkKind {
    /// Exactly `--think-ms` every time.
    Fixed,
    /// Exponentially distributed with mean `--think-ms` (people at a table, roughly).
    Exponential,
}

/// `xenotable loadgen`'s options.
#[derive(Debug, Clone, clap::Args)]
pub struct LoadgenConfig {
    /// The server's base URL; loopback addresses only (127.0.0.0/8, ::1, localhost).
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub url: String,
    /// The game to play, by id (`GET /api/games`).
    #[arg(long, default_value = "artemia")]
    pub game: String,
    /// The scenario, by id; default: the game's first listed scenario, if it has any.
    #[arg(long)]
    pub scenario: Option<String>,
    /// The seats of each match, comma-separated; default: the scenario's (or the game's)
    /// seats, and for Artemia the Creature and `--hunted` Hunted.
    #[arg(long, value_delimiter = ',')]
    pub seats: Vec<String>,
    /// Artemia: how many Hunted when `--seats` is not given.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub hunted: u8,
    /// The match options, as JSON (`{"turn-limit": 12}`).
    #[arg(long)]
    pub options: Option<String>,
    /// Matches played at once.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=60_000))]
    pub matches: u32,
    /// Spectator sockets per match (they only read).
    #[arg(long, default_value_t = 0)]
    pub spectators: u32,
    /// Where the spectators connect, in turn, rather than `--url`: the other nodes of a
    /// cluster, which relay the matches the node at `--url` runs (comma-separated URLs).
    #[arg(long, value_delimiter = ',')]
    pub watch_url: Vec<String>,
    /// Where the seats' sockets connect, in turn, rather than `--url` (where their matches are
    /// created): the other nodes of a cluster, which relay them (comma-separated URLs).
    #[arg(long, value_delimiter = ',')]
    pub seat_url: Vec<String>,
    /// Seconds of play at most, after every socket is ready.
    #[arg(long, default_value_t = 60.0)]
    pub duration: f64,
    /// Moves at most, over all matches (play stops at the first bound reached).
    #[arg(long)]
    pub max_moves: Option<u64>,
    /// Start a new match whenever one ends, until the play stops (a constant load).
    #[arg(long)]
    pub continuous: bool,
    /// Milliseconds a seat thinks before each move (0: at once).
    #[arg(long, default_value_t = 0.0)]
    pub think_ms: f64,
    /// How think times are drawn.
    #[arg(long, value_enum, default_value_t = ThinkKind::Fixed)]
    pub think: ThinkKind,
    /// Seed of the load generator's own choices (moves, think times).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Pin each match's seed (`seed + match number`): the server must allow client seeds
    /// (`--allow-client-seeds`) or `--admin-token` must be given.
    #[arg(long)]
    pub match_seeds: bool,
    /// The server's admin token, sent with each creation (lets `--match-seeds` through).
    #[arg(long, env = "XENOTABLE_ADMIN_TOKEN")]
    pub admin_token: Option<String>,
    /// Matches set up at once (creation and sockets).
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub setup_concurrency: u32,
    /// Seconds the set-up may take in all.
    #[arg(long, default_value_t = 120.0)]
    pub setup_timeout: f64,
    /// The server's process id: report its CPU time during play and its peak memory.
    #[arg(long)]
    pub pid: Option<u32>,
    /// Open every match's connections from its own loopback address (127.1.x.y), so the
    /// server's per-client limits see one client per match; off: all from 127.0.0.1.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    pub spread_addresses: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs the load generator; returns the process exit code.
pub fn main(config: &LoadgenConfig) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let local = tokio::task::LocalSet::new();
    match local.block_on(&runtime, run(config)) {
        Ok(report) => {
            if config.json {
                println!("{}", report.json());
            } else {
                print!("{}", report.text());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("xenotable loadgen: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What every match is created with.
struct Plan {
    game: String,
    scenario: Option<String>,
    seats: Vec<String>,
    options: Value,
}

async fn run(config: &LoadgenConfig) -> Result<Report, LoadError> {
    let endpoint = Rc::new(Endpoint::parse(&config.url)?);
    for url in config.watch_url.iter().chain(&config.seat_url) {
        Endpoint::parse(url)?;
    }
    let plan = Rc::new(plan(config, &endpoint).await?);
    let tally = Rc::new(Tally::default());
    let release = Release::new();
    let stop_at_moves = config.max_moves;

    // Set up every match, then release every socket at once.
    let setup_deadline = Instant::now() + Duration::from_secs_f64(config.setup_timeout);
    let mut matches = JoinSet::new();
    let mut ready = 0u32;
    let mut pending = JoinSet::new();
    for k in 0..config.matches {
        while pending.len() >= config.setup_concurrency as usize {
            ready += settle(&mut pending, &mut matches, setup_deadline).await?;
        }
        pending.spawn_local(open_match(
            endpoint.clone(),
            plan.clone(),
            config.clone(),
            k,
            tally.clone(),
            release.clone(),
        ));
    }
    while !pending.is_empty() {
        ready += settle(&mut pending, &mut matches, setup_deadline).await?;
    }

    let server_before = config.pid.map(proc::sample).transpose()?;
    let own_before = proc::sample_self()?;
    let started = Instant::now();
    let stop = started + Duration::from_secs_f64(config.duration);
    release.go(stop, stop_at_moves);
    let mut next_match = config.matches;
    let mut finished = 0u64;
    loop {
        let next = tokio::select! {
            next = matches.join_next() => next,
            () = tokio::time::sleep_until(stop) => break,
        };
        let Some(played) = next else { break };
        let played = played.map_err(|e| LoadError::Internal(e.to_string()))?;
        if played == Played::Finished {
            finished += 1;
        }
        if release.stopped() {
            continue;
        }
        if config.continuous && Instant::now() < stop {
            // A fresh match replaces the one that ended: its set-up counts in the play time.
            let started = open_match(
                endpoint.clone(),
                plan.clone(),
                config.clone(),
                next_match,
                tally.clone(),
                release.clone(),
            )
            .await?;
            next_match += 1;
            matches.spawn_local(started.play());
        }
    }
    let ended = Instant::now();
    release.stop();
    let server_after = config.pid.map(proc::sample).transpose()?;
    let own_after = proc::sample_self()?;
    // Sockets still playing close now; whatever they were owed is counted as unanswered.
    while let Some(played) = matches.join_next().await {
        if matches!(played, Ok(Played::Finished)) {
            finished += 1;
        }
    }
    let server = match (server_before, server_after) {
        (Some(before), Some(after)) => Some(after.since(&before)),
        _ => None,
    };
    Ok(Report::new(
        &config_summary(config, &plan),
        ready,
        finished,
        ended - started,
        &tally,
        server,
        own_after.since(&own_before),
    ))
}

/// Waits for one match's set-up; its play task goes into `matches`.
async fn settle(
    pending: &mut JoinSet<Result<player::MatchTask, LoadError>>,
    matches: &mut JoinSet<Played>,
    deadline: Instant,
) -> Result<u32, LoadError> {
    let next = tokio::time::timeout_at(deadline, pending.join_next())
        .await
        .map_err(|_| LoadError::Setup("the set-up took longer than --setup-timeout".into()))?;
    match next {
        Some(Ok(Ok(task))) => {
            matches.spawn_local(task.play());
            Ok(1)
        }
        Some(Ok(Err(e))) => Err(e),
        Some(Err(e)) => Err(LoadError::Internal(e.to_string())),
        None => Ok(0),
    }
}

/// Creates match number `k` and opens its sockets; the returned task plays it once released.
async fn open_match(
    endpoint: Rc<Endpoint>,
    plan: Rc<Plan>,
    config: LoadgenConfig,
    k: u32,
    tally: Rc<Tally>,
    release: Release,
) -> Result<player::MatchTask, LoadError> {
    let from = config.spread_addresses.then(|| client_address(k));
    let mut body = json!({
        "game": plan.game,
        "scenario": plan.scenario,
        "options": plan.options,
        "seats": plan.seats.iter().map(|s| json!({"seat": s, "name": "load"})).collect::<Vec<_>>(),
    });
    if config.match_seeds {
        body["seed"] = json!(config.seed.wrapping_add(u64::from(k)));
    }
    let created = endpoint
        .post_json(from, "/api/matches", &body, config.admin_token.as_deref())
        .await?;
    let id = created["id"]
        .as_str()
        .ok_or_else(|| LoadError::Setup(format!("creation answered without an id: {created}")))?
        .to_owned();
    let mut roles = Vec::new();
    for (j, seat) in created["seats"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let token = seat["token"]
            .as_str()
            .ok_or_else(|| LoadError::Setup(format!("a seat without a token: {seat}")))?;
        let at = in_turn(
            &endpoint,
            &config.seat_url,
            k,
            plan.seats.len() as u32,
            j as u32,
        )?;
        roles.push(Role::Seat(token.to_owned(), at));
    }
    if roles.len() != plan.seats.len() {
        return Err(LoadError::Setup(format!(
            "asked for {} seats, got {} tokens",
            plan.seats.len(),
            roles.len()
        )));
    }
    for j in 0..config.spectators {
        let at = in_turn(&endpoint, &config.watch_url, k, config.spectators, j)?;
        roles.push(Role::Spectator(at));
    }
    let seed = config.seed ^ (u64::from(k) << 20);
    player::MatchTask::open(
        from,
        &id,
        roles,
        player::Pace::new(config.think, config.think_ms),
        seed,
        tally,
        release,
    )
    .await
}

/// Where socket `j` of the `per_match` of match `k` connects: `urls` in turn, or `main` if
/// there are none.
fn in_turn(
    main: &Rc<Endpoint>,
    urls: &[String],
    k: u32,
    per_match: u32,
    j: u32,
) -> Result<Rc<Endpoint>, LoadError> {
    if urls.is_empty() {
        return Ok(main.clone());
    }
    let turn = (u64::from(k) * u64::from(per_match) + u64::from(j)) % urls.len() as u64;
    Ok(Rc::new(Endpoint::parse(&urls[turn as usize])?))
}

/// The loopback address match `k` connects from: 127.1.0.1 onwards.
fn client_address(k: u32) -> IpAddr {
    let n = k + 1;
    IpAddr::V4(Ipv4Addr::new(
        127,
        1 + (n >> 16) as u8,
        (n >> 8) as u8,
        n as u8,
    ))
}

/// The game, scenario, seats and options every match is created with, completed from
/// `GET /api/games` where the options leave them out.
async fn plan(config: &LoadgenConfig, endpoint: &Endpoint) -> Result<Plan, LoadError> {
    endpoint.health().await?;
    let games = endpoint.get_json("/api/games").await?;
    let game = games
        .as_array()
        .into_iter()
        .flatten()
        .find(|g| g["id"] == config.game.as_str())
        .ok_or_else(|| LoadError::Setup(format!("the server has no game {:?}", config.game)))?;
    let scenarios = game["scenarios"].as_array().cloned().unwrap_or_default();
    let scenario = match &config.scenario {
        Some(id) => Some(
            scenarios
                .iter()
                .find(|s| s["id"] == id.as_str())
                .cloned()
                .ok_or_else(|| {
                    LoadError::Setup(format!("{} has no scenario {id:?}", config.game))
                })?,
        ),
        None => scenarios.first().cloned(),
    };
    let seats = if !config.seats.is_empty() {
        config.seats.clone()
    } else if config.game == "artemia" {
        std::iter::once("creature".to_owned())
            .chain((1..=config.hunted).map(|n| format!("hunted-{n}")))
            .collect()
    } else {
        let listed = scenario
            .as_ref()
            .and_then(|s| s["seats"].as_array())
            .filter(|seats| !seats.is_empty())
            .or_else(|| game["seats"].as_array());
        listed
            .into_iter()
            .flatten()
            .filter_map(|s| s.as_str().map(str::to_owned))
            .collect()
    };
    let options = match &config.options {
        Some(text) => serde_json::from_str(text)
            .map_err(|e| LoadError::Setup(format!("--options is not JSON: {e}")))?,
        None => Value::Null,
    };
    Ok(Plan {
        game: config.game.clone(),
        scenario: scenario.and_then(|s| s["id"].as_str().map(str::to_owned)),
        seats,
        options,
    })
}

/// The run's settings as the report repeats them.
fn config_summary(config: &LoadgenConfig, plan: &Plan) -> BTreeMap<&'static str, Value> {
    BTreeMap::from([
        ("game", json!(plan.game)),
        ("scenario", json!(plan.scenario)),
        ("seats", json!(plan.seats)),
        ("matches", json!(config.matches)),
        ("spectators_per_match", json!(config.spectators)),
        ("think_ms", json!(config.think_ms)),
        (
            "think",
            json!(match config.think {
                ThinkKind::Fixed => "fixed",
                ThinkKind::Exponential => "exponential",
            }),
        ),
        ("continuous", json!(config.continuous)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_match_connects_from_its_own_loopback_address() {
        assert_eq!(client_address(0), IpAddr::V4(Ipv4Addr::new(127, 1, 0, 1)));
        assert_eq!(client_address(255), IpAddr::V4(Ipv4Addr::new(127, 1, 1, 0)));
        assert_ne!(client_address(1000), client_address(1001));
        assert!(client_address(59_999).is_loopback());
    }
}
