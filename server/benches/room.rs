//! The room's hot path in process, without sockets: Artemia with 3 Hunted, many matches at once,
//! every act parsed, applied, stored (group commit) and told to each connection as the frame
//! built for its viewer. Prints moves/s and the process's CPU per move.
//!
//! The moves are chosen before timing, by playing the same seeds on the pure rules, so the timed
//! part is the room's work alone: connections only count the bytes they are sent. Fixed seeds
//! give a fixed move count, so `valgrind --tool=callgrind` on the bench binary gives a stable
//! instruction count (README, "Benchmarks").
//!
//! `cargo bench -p xenotable-server --bench room [-- --matches N --moves M --spectators S]`
//! (`--no-play`: set up only):
//! SQLite in a temporary file, then PostgreSQL on a database of its own when
//! `TEST_DATABASE_URL` is set (`--sqlite-only` skips it).

use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use serde_json::{Value, json};
use sqlx::postgres::PgConnectOptions;
use sqlx::{AssertSqlSafe, Connection, PgConnection};
use tokio::sync::{mpsc, oneshot};
use xenotable_server::games::{Dice, GameId, MatchSetup, Roll, Seat, Viewer, new_match};
use xenotable_server::http::rate::Rate;
use xenotable_server::ids::MatchId;
use xenotable_server::room::{self, Committer, Loaded, Outbox, RoomContext, RoomHandle, Seqs};
use xenotable_server::store::{self, NewMatch, NewSeat, PgStore, Store};
use xenotable_server::tokens;

/// The server's allocator (`src/main.rs`), so the bench measures what the server runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What one run plays.
#[derive(Debug, Clone, Copy)]
struct Plan {
    /// Concurrent matches.
    matches: usize,
    /// The most moves of each match (a random game may end sooner).
    moves: usize,
    /// Spectator connections of each match, beside one per seat.
    spectators: usize,
    /// Set up every room and connection, then stop before the first move: the instructions
    /// of such a run, taken from a whole run's, leave those of the moves alone.
    no_play: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str, default: usize| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let plan = Plan {
        matches: value("--matches", 200),
        moves: value("--moves", 400),
        spectators: value("--spectators", 1),
        no_play: args.iter().any(|a| a == "--no-play"),
    };
    let sqlite_only = args.iter().any(|a| a == "--sqlite-only");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let games = prepare(plan);
        let file =
            std::env::temp_dir().join(format!("xenotable-bench-room-{}.db", std::process::id()));
        let sqlite = store::connect(file.to_str().expect("a UTF-8 path"))
            .await
            .expect("the SQLite store");
        run("SQLite (temporary file)", sqlite, &games, plan).await;
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
        }
        if sqlite_only {
            return;
        }
        let Ok(url) = std::env::var("TEST_DATABASE_URL") else {
            println!("room (PostgreSQL): skipped, TEST_DATABASE_URL is not set");
            return;
        };
        let db = PgBenchDb::create(&url).await;
        let pg: Arc<dyn Store> = Arc::new(
            PgStore::connect_with(db.options())
                .await
                .expect("the PostgreSQL store"),
        );
        run("PostgreSQL", pg.clone(), &games, plan).await;
        drop(pg);
        db.drop_database().await;
    });
}

/// The acts of one match, chosen in advance: the seat, its seq when it acts, the frame's text.
struct Game {
    seed: u64,
    acts: Vec<(Seat, String)>,
}

const SEATS: [Seat; 4] = [
    Seat::Creature,
    Seat::Hunted(1),
    Seat::Hunted(2),
    Seat::Hunted(3),
];

/// Plays each match's seed on the rules alone, picking random legal moves, and writes each act
/// as the frame a client would send.
fn prepare(plan: Plan) -> Vec<Game> {
    (0..plan.matches as u64)
        .map(|seed| {
            let mut game = new_match(&MatchSetup {
                game: GameId::Artemia,
                seats: SEATS.to_vec(),
                scenario: None,
                options: Value::Null,
                seed,
            })
            .expect("an Artemia match");
            let mut seqs = Seqs::new(&SEATS);
            let mut pick = Dice::from_seed(!seed);
            let mut acts = Vec::new();
            while game.outcome().is_none() && acts.len() < plan.moves {
                let to_act = game.to_act();
                let seat = to_act[pick.index(to_act.len())];
                let legal = game.legal(seat);
                let action = legal[pick.index(legal.len())].clone();
                let seq = seqs.of(Viewer::Seat(seat));
                let events = game.act(seat, &action).expect("a legal action");
                seqs.count(events);
                let frame = json!({"t": "act", "seq": seq, "ref": format!("r{}", acts.len()), "action": action});
                acts.push((seat, frame.to_string()));
            }
            Game { seed, acts }
        })
        .collect()
}

/// Opens a room per game on `store`, connects every seat and the spectators, then plays every
/// match's acts at once and reports.
async fn run(label: &str, store: Arc<dyn Store>, games: &[Game], plan: Plan) {
    let ctx = RoomContext {
        committer: Committer::spawn(store.clone()),
        store: store.clone(),
        bot_delay: Duration::from_millis(300),
        bot_budget: xenotable_server::bots::Budget::default(),
        cluster: None,
        chat_rate: Rate {
            per_second: 1.0,
            burst: 5.0,
        },
        takeover_after: Duration::from_secs(604_800),
    };
    let bytes = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let mut tables = Vec::new();
    for game in games {
        let room = open(&ctx, store.as_ref(), game.seed).await;
        let mut conns = Vec::new();
        for viewer in SEATS
            .iter()
            .map(|&s| Viewer::Seat(s))
            .chain(std::iter::repeat_n(Viewer::Spectator, plan.spectators))
        {
            conns.push((viewer, connect(&room, viewer, &bytes, &refused).await));
        }
        tables.push((room, conns));
    }
    if plan.no_play {
        println!(
            "room ({label}): {} matches set up, no move played",
            games.len()
        );
        return;
    }
    bytes.store(0, Ordering::Relaxed);
    let moves: usize = games.iter().map(|g| g.acts.len()).sum();
    let cpu = cpu_seconds();
    let start = Instant::now();
    let mut players = Vec::new();
    for ((room, conns), game) in tables.iter().zip(games) {
        let room = room.clone();
        let conns: Vec<(Viewer, u64)> = conns.clone();
        let acts: Vec<(Seat, String)> = game.acts.clone();
        players.push(tokio::spawn(async move {
            for (seat, text) in acts {
                let conn = conns
                    .iter()
                    .find(|(v, _)| *v == Viewer::Seat(seat))
                    .map(|&(_, c)| c)
                    .expect("a seat's connection");
                room.frame(conn, text.into())
                    .await
                    .expect("the room is open");
            }
            // The room reads its messages in order: once it answers, every act is told.
            room.status().await.expect("the room is open");
        }));
    }
    for player in players {
        player.await.expect("a player");
    }
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu;
    let refused = refused.load(Ordering::Relaxed);
    assert_eq!(refused, 0, "every prepared act is legal");
    println!(
        "room ({label}): {} matches, {moves} moves in {wall:.2} s: {:.0} moves/s, {:.1} µs CPU per move (whole process, {} cores), {:.0} bytes sent per move ({} connections per match)",
        games.len(),
        moves as f64 / wall,
        cpu * 1e6 / moves as f64,
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        bytes.load(Ordering::Relaxed) as f64 / moves as f64,
        SEATS.len() + plan.spectators,
    );
}

/// Stores an Artemia match with 3 Hunted on `seed`, every seat a person's, and opens its room.
async fn open(ctx: &RoomContext, store: &dyn Store, seed: u64) -> RoomHandle {
    let seats = SEATS
        .iter()
        .map(|&seat| NewSeat {
            seat,
            name: Some(seat.to_string()),
            bot: None,
            token_hash: Some(tokens::hash(&format!("bench-{seat}"))),
        })
        .collect();
    let record = store
        .create_match(NewMatch {
            id: MatchId::random(),
            game: GameId::Artemia,
            scenario: None,
            scenario_text: None,
            options: Value::Null,
            seed: seed as i64,
            seeded: true,
            bots_take_over: false,
            seats,
        })
        .await
        .expect("the match is stored");
    let loaded = Loaded::load(ctx, &record).await.expect("the match loads");
    let (handle, room) = room::channel(ctx.clone(), &record, loaded);
    tokio::spawn(room.run());
    handle
}

/// Connects `viewer` and counts the bytes of every frame it is sent, and its refusals.
async fn connect(
    room: &RoomHandle,
    viewer: Viewer,
    bytes: &Arc<AtomicU64>,
    refused: &Arc<AtomicU64>,
) -> u64 {
    let (frames, mut queued) = mpsc::channel::<Utf8Bytes>(4_096);
    let (hang_up, _) = oneshot::channel();
    let conn = room
        .connect(viewer, Outbox { frames, hang_up })
        .await
        .expect("the room is open");
    let (bytes, refused) = (bytes.clone(), refused.clone());
    tokio::spawn(async move {
        while let Some(frame) = queued.recv().await {
            bytes.fetch_add(frame.len() as u64, Ordering::Relaxed);
            if frame.as_str().starts_with(r#"{"t":"error""#) {
                eprintln!("refused: {}", frame.as_str());
                refused.fetch_add(1, Ordering::Relaxed);
            }
        }
    });
    conn
}

/// CPU seconds this process has used, user and system, all threads.
fn cpu_seconds() -> f64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given; RUSAGE_SELF always exists.
    let usage = unsafe {
        libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr());
        usage.assume_init()
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// A database of the bench's own on the PostgreSQL server of `TEST_DATABASE_URL`.
struct PgBenchDb {
    server: PgConnectOptions,
    name: String,
}

impl PgBenchDb {
    async fn create(url: &str) -> PgBenchDb {
        let server = PgConnectOptions::from_str(url).expect("a postgres:// URL");
        let name = format!("xt_bench_room_{}", std::process::id());
        let mut conn = PgConnection::connect_with(&server)
            .await
            .expect("reach TEST_DATABASE_URL");
        sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut conn)
            .await
            .expect("create the bench database");
        conn.close().await.ok();
        PgBenchDb { server, name }
    }

    fn options(&self) -> PgConnectOptions {
        self.server.clone().database(&self.name)
    }

    async fn drop_database(self) {
        let mut conn = PgConnection::connect_with(&self.server)
            .await
            .expect("reach the server");
        sqlx::query(AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        )))
        .execute(&mut conn)
        .await
        .expect("drop the bench database");
        conn.close().await.ok();
    }
}
