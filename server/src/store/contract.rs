//! The contract every [`Store`] backend keeps, written once over `&dyn Store` and run against
//! SQLite in memory, SQLite on a fresh file (through [`connect`]), and PostgreSQL.
//!
//! PostgreSQL runs on the server of `TEST_DATABASE_URL`: each test creates its own database
//! `xt_<uuid>` there and drops it afterwards (even when the test fails), so tests run in
//! parallel and leftovers of earlier runs never interfere. Built without the variable, those
//! tests are marked ignored (`build.rs`), so a run shows them as skipped; CI
//! (`XENOTABLE_REQUIRE_POSTGRES=1` or `CI`) never ignores them, and there a missing variable
//! fails them.

use std::panic::AssertUnwindSafe;
use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use serde_json::json;
use sqlx::postgres::PgConnectOptions;
use sqlx::{AssertSqlSafe, Connection, Executor, IntoArguments, PgConnection};
use uuid::Uuid;
use xenotable_protocol::{BotLevel, Seat};

use super::sql::Dialect;
use super::{
    ChatRecord, CommandRecord, MatchStatus, NewMatch, NewSeat, SavedClock, ScenarioRecord,
    SeatRecord, SqlStore, Store, StoreError, TokenHash,
};
use crate::games::GameId;
use crate::ids::{MatchId, ScenarioId};

// ---------------------------------------------------------------------------------------------
// Fixtures

/// A token hash holding the 32 byte values from `first` up (wrapping), zero and 0xff included
/// somewhere across the tests.
fn hash(first: u8) -> TokenHash {
    std::array::from_fn(|i| first.wrapping_add(i as u8))
}

/// An Artemia-like match: a bot Creature, a Hunted filled at creation, an open Hunted. Seats are
/// deliberately not in alphabetical order.
fn artemia(seed: i64) -> NewMatch {
    NewMatch {
        id: MatchId::random(),
        game: GameId::Artemia,
        scenario: None,
        scenario_text: None,
        options: json!({"hunted": 2, "variant": {"beach": true, "ratio": 1.5}, "tags": ["a", "b"]}),
        seed,
        seeded: false,
        bots_take_over: false,
        seats: vec![
            NewSeat {
                seat: Seat::Hunted(2),
                name: Some("Ann".into()),
                bot: None,
                token_hash: Some(hash(0)),
            },
            NewSeat {
                seat: Seat::Creature,
                name: Some("Bot".into()),
                bot: Some(BotLevel::Strong),
                token_hash: None,
            },
            NewSeat {
                seat: Seat::Hunted(1),
                name: None,
                bot: None,
                token_hash: None,
            },
        ],
    }
}

/// A fixed instant with microsecond digits, the precision both backends keep.
fn at(second: u32, micros: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 3, 14, 15, 9, second).unwrap()
        + chrono::Duration::microseconds(i64::from(micros))
}

/// A command of `author`: a seat's name, or `clock`.
fn command(match_id: MatchId, seq: i64, author: &str) -> CommandRecord {
    CommandRecord {
        match_id,
        seq,
        author: author.parse().expect("an author"),
        action: json!({"type": "play", "card": seq, "seat": author}),
        at: at(seq as u32 % 60, 123_456 + seq as u32),
        epoch: None,
    }
}

fn scenario(id: &str, game: GameId, text: &str) -> ScenarioRecord {
    ScenarioRecord {
        id: id.parse().expect("a scenario id"),
        game,
        name: format!("Scenario {id}"),
        text: text.into(),
        shipped: false,
    }
}

/// Creation times must differ for "newest first" to have one answer.
async fn tick() {
    tokio::time::sleep(Duration::from_millis(3)).await;
}

// ---------------------------------------------------------------------------------------------
// The contract

async fn match_round_trip(store: &dyn Store) {
    store.ping().await.unwrap();
    let new = NewMatch {
        scenario: Some("the-nest".parse().unwrap()),
        scenario_text: Some("DERELICT 1\n; verbatim, trailing spaces kept  \n".into()),
        ..artemia(-42)
    };
    let created = store.create_match(new.clone()).await.unwrap();
    assert_eq!(created.id, new.id);
    assert_eq!(created.status, MatchStatus::Open);
    assert_eq!(created.outcome, None);
    let seats: Vec<Seat> = created.seats.iter().map(|s| s.seat).collect();
    assert_eq!(
        seats,
        [Seat::Hunted(2), Seat::Creature, Seat::Hunted(1)],
        "seats keep creation order"
    );

    let stored = store
        .get_match(new.id)
        .await
        .unwrap()
        .expect("match stored");
    assert_eq!(
        stored, created,
        "what create_match returns is what get_match reads"
    );
    assert_eq!(stored.options, new.options);
    assert_eq!(stored.seed, -42);
    assert_eq!(
        stored.scenario.as_ref().map(ScenarioId::as_str),
        Some("the-nest")
    );
    assert_eq!(
        stored.scenario_text, new.scenario_text,
        "the file is kept verbatim"
    );
    assert_eq!(
        stored.seats[1],
        SeatRecord {
            seat: Seat::Creature,
            name: Some("Bot".into()),
            bot: Some(BotLevel::Strong),
            token_hash: None,
            stand_in: None,
        }
    );

    assert_eq!(store.get_match(MatchId::random()).await.unwrap(), None);
    assert!(matches!(
        store.create_match(new).await,
        Err(StoreError::Conflict(_))
    ));
}

async fn create_match_is_atomic(store: &dyn Store) {
    let mut doubled = artemia(1);
    doubled.seats.push(NewSeat {
        seat: Seat::Creature,
        name: None,
        bot: None,
        token_hash: None,
    });
    assert!(matches!(
        store.create_match(doubled.clone()).await,
        Err(StoreError::Conflict(_))
    ));
    assert_eq!(
        store.get_match(doubled.id).await.unwrap(),
        None,
        "no match without its seats"
    );

    let mut tokened_bot = artemia(2);
    tokened_bot.seats[1].token_hash = Some(hash(9));
    assert!(matches!(
        store.create_match(tokened_bot.clone()).await,
        Err(StoreError::Constraint(_))
    ));
    assert_eq!(store.get_match(tokened_bot.id).await.unwrap(), None);
}

async fn claim_seat_once(store: &dyn Store) {
    let m = store.create_match(artemia(7)).await.unwrap();

    assert!(
        store
            .claim_seat(m.id, Seat::Hunted(1), "Bo", hash(100))
            .await
            .unwrap()
    );
    assert!(
        !store
            .claim_seat(m.id, Seat::Hunted(1), "Cy", hash(200))
            .await
            .unwrap(),
        "taken"
    );
    assert!(
        !store
            .claim_seat(m.id, Seat::Creature, "Cy", hash(200))
            .await
            .unwrap(),
        "bot seat"
    );
    assert!(
        !store
            .claim_seat(m.id, Seat::Hunted(2), "Cy", hash(200))
            .await
            .unwrap(),
        "filled at creation"
    );
    assert!(matches!(
        store
            .claim_seat(m.id, Seat::Hunted(5), "Cy", hash(200))
            .await,
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        store
            .claim_seat(MatchId::random(), Seat::Hunted(1), "Cy", hash(200))
            .await,
        Err(StoreError::NotFound)
    ));

    let stored = store.get_match(m.id).await.unwrap().unwrap();
    let seat = stored
        .seats
        .iter()
        .find(|s| s.seat == Seat::Hunted(1))
        .unwrap();
    assert_eq!(
        seat.name.as_deref(),
        Some("Bo"),
        "the first claim's name stays"
    );
    assert_eq!(
        seat.token_hash,
        Some(hash(100)),
        "the first claim's token stays"
    );
    let creature = stored
        .seats
        .iter()
        .find(|s| s.seat == Seat::Creature)
        .unwrap();
    assert_eq!(creature.token_hash, None);

    // Once the match is no longer open, an open seat cannot be claimed either.
    let other = store.create_match(artemia(8)).await.unwrap();
    store
        .set_status(other.id, MatchStatus::Live, None)
        .await
        .unwrap();
    assert!(
        !store
            .claim_seat(other.id, Seat::Hunted(1), "Di", hash(1))
            .await
            .unwrap()
    );
}

async fn concurrent_claims_have_one_winner(store: &dyn Store) {
    let m = store.create_match(artemia(9)).await.unwrap();
    let claims = (0..8u8).map(|i| store.claim_seat(m.id, Seat::Hunted(1), "racer", hash(i * 32)));
    let won: Vec<bool> = futures_util::future::join_all(claims)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(won.iter().filter(|w| **w).count(), 1, "{won:?}");
    let winner = won.iter().position(|w| *w).unwrap() as u8;
    let stored = store.get_match(m.id).await.unwrap().unwrap();
    let seat = stored
        .seats
        .iter()
        .find(|s| s.seat == Seat::Hunted(1))
        .unwrap();
    assert_eq!(seat.token_hash, Some(hash(winner * 32)));
}

async fn append_batch_across_matches(store: &dyn Store) {
    let a = store.create_match(artemia(1)).await.unwrap().id;
    let b = store.create_match(artemia(2)).await.unwrap().id;
    store.append_commands(&[]).await.unwrap();

    // One group commit carrying two rooms' commands, interleaved.
    let batch = [
        command(a, 1, "hunted-2"),
        command(b, 1, "creature"),
        command(a, 2, "creature"),
        command(b, 2, "hunted-1"),
        command(a, 3, "clock"),
    ];
    store.append_commands(&batch).await.unwrap();
    // A later batch out of seq order still reads back in seq order.
    store
        .append_commands(&[command(a, 5, "hunted-2"), command(a, 4, "creature")])
        .await
        .unwrap();

    let log_a = store.commands(a).await.unwrap();
    let seqs: Vec<i64> = log_a.iter().map(|c| c.seq).collect();
    assert_eq!(seqs, [1, 2, 3, 4, 5]);
    assert_eq!(
        log_a[0], batch[0],
        "every field round-trips, the time to the microsecond"
    );
    assert_eq!(log_a[2], batch[4]);
    assert_eq!(
        store.commands(b).await.unwrap(),
        [batch[1].clone(), batch[3].clone()]
    );
    assert_eq!(store.commands(MatchId::random()).await.unwrap(), []);

    // Both backends keep microseconds and drop finer digits the same way.
    let fine = CommandRecord {
        at: at(7, 0) + chrono::Duration::nanoseconds(123_456_789),
        ..command(b, 3, "creature")
    };
    store
        .append_commands(std::slice::from_ref(&fine))
        .await
        .unwrap();
    let stored = store.commands(b).await.unwrap().pop().unwrap();
    assert_eq!(stored.at, at(7, 123_456));
}

async fn duplicate_in_batch_writes_nothing(store: &dyn Store) {
    let a = store.create_match(artemia(1)).await.unwrap().id;
    let b = store.create_match(artemia(2)).await.unwrap().id;
    store
        .append_commands(&[command(a, 1, "creature")])
        .await
        .unwrap();

    // Conflicts with a stored command: the rows before it in the batch are not written either.
    let batch = [
        command(b, 1, "creature"),
        command(a, 2, "creature"),
        command(a, 1, "creature"),
    ];
    assert!(matches!(
        store.append_commands(&batch).await,
        Err(StoreError::Conflict(_))
    ));
    // Conflicts within the batch itself.
    let batch = [command(b, 1, "creature"), command(b, 1, "hunted-1")];
    assert!(matches!(
        store.append_commands(&batch).await,
        Err(StoreError::Conflict(_))
    ));
    // A command for a match that does not exist.
    let batch = [
        command(b, 1, "creature"),
        command(MatchId::random(), 1, "creature"),
    ];
    assert!(matches!(
        store.append_commands(&batch).await,
        Err(StoreError::Constraint(_))
    ));

    assert_eq!(
        store.commands(a).await.unwrap(),
        [command(a, 1, "creature")]
    );
    assert_eq!(store.commands(b).await.unwrap(), []);
    // The store is still usable after the refused batches.
    store
        .append_commands(&[command(b, 1, "creature")])
        .await
        .unwrap();
    assert_eq!(store.commands(b).await.unwrap().len(), 1);
}

async fn status_and_listing(store: &dyn Store) {
    let first = store.create_match(artemia(1)).await.unwrap();
    tick().await;
    let second = store.create_match(artemia(2)).await.unwrap();
    tick().await;
    let third = store.create_match(artemia(3)).await.unwrap();
    assert!(first.created_at < second.created_at && second.created_at < third.created_at);

    let outcome = json!({"winner": "creature", "reason": "assimilation"});
    store
        .set_status(first.id, MatchStatus::Finished, Some(outcome.clone()))
        .await
        .unwrap();
    store
        .set_status(second.id, MatchStatus::Live, None)
        .await
        .unwrap();

    let ids =
        |records: Vec<super::MatchRecord>| records.into_iter().map(|m| m.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.list_matches(None, 10).await.unwrap()),
        [third.id, second.id, first.id]
    );
    assert_eq!(
        ids(store.list_matches(None, 2).await.unwrap()),
        [third.id, second.id]
    );
    assert_eq!(
        ids(store
            .list_matches(Some(MatchStatus::Open), 10)
            .await
            .unwrap()),
        [third.id]
    );
    assert_eq!(
        ids(store
            .list_matches(Some(MatchStatus::Live), 10)
            .await
            .unwrap()),
        [second.id]
    );
    assert_eq!(store.list_matches(None, 0).await.unwrap(), []);

    let finished = store
        .list_matches(Some(MatchStatus::Finished), 10)
        .await
        .unwrap();
    assert_eq!(finished.len(), 1);
    assert_eq!(finished[0].outcome, Some(outcome));
    assert_eq!(
        finished[0].seats, first.seats,
        "listed matches carry their seats"
    );

    // An outcome belongs to a finished match only; a missing match is reported.
    assert!(matches!(
        store
            .set_status(second.id, MatchStatus::Live, Some(json!({"winner": "x"})))
            .await,
        Err(StoreError::Constraint(_))
    ));
    assert!(matches!(
        store
            .set_status(MatchId::random(), MatchStatus::Live, None)
            .await,
        Err(StoreError::NotFound)
    ));
    // Finished without an outcome (abandoned) is allowed, and clears nothing else.
    store
        .set_status(second.id, MatchStatus::Finished, None)
        .await
        .unwrap();
    let second_now = store.get_match(second.id).await.unwrap().unwrap();
    assert_eq!(
        (second_now.status, second_now.outcome),
        (MatchStatus::Finished, None)
    );
    assert_eq!(second_now.seats, second.seats);
}

async fn unfinished_matches(store: &dyn Store) {
    assert_eq!(store.unfinished_matches().await.unwrap(), []);
    let open = store.create_match(artemia(1)).await.unwrap();
    tick().await;
    let live = store.create_match(artemia(2)).await.unwrap();
    tick().await;
    let done = store.create_match(artemia(3)).await.unwrap();
    store
        .set_status(live.id, MatchStatus::Live, None)
        .await
        .unwrap();
    store
        .set_status(done.id, MatchStatus::Finished, Some(json!({"draw": true})))
        .await
        .unwrap();

    let unfinished = store.unfinished_matches().await.unwrap();
    let ids: Vec<MatchId> = unfinished.iter().map(|m| m.id).collect();
    assert_eq!(ids, [open.id, live.id], "oldest first");
    assert_eq!(unfinished[0], open);
    assert_eq!(unfinished[1].status, MatchStatus::Live);
    assert_eq!(unfinished[1].seats, live.seats);
}

async fn scenarios(store: &dyn Store) {
    let id = |id: &str| id.parse::<ScenarioId>().unwrap();
    let nest = scenario("the-nest", GameId::Derelict, "DERELICT 1\n#####\n#.M.#\n");
    let bridge = scenario("bridge", GameId::AwayTeam, "format = \"away-team/1\"\n");
    let airlock = scenario("airlock", GameId::Derelict, "DERELICT 1\n###\n");
    for s in [&nest, &bridge, &airlock] {
        store.put_scenario(s.clone()).await.unwrap();
    }

    assert_eq!(
        store.get_scenario(&id("the-nest")).await.unwrap(),
        Some(nest.clone())
    );
    assert_eq!(store.get_scenario(&id("nowhere")).await.unwrap(), None);
    assert_eq!(
        store.list_scenarios(Some(GameId::Derelict)).await.unwrap(),
        [airlock.clone(), nest.clone()],
        "one game's, by id"
    );
    assert_eq!(
        store.list_scenarios(None).await.unwrap(),
        [bridge.clone(), airlock.clone(), nest.clone()],
        "by game, then id"
    );
    assert_eq!(
        store.list_scenarios(Some(GameId::Intruder)).await.unwrap(),
        []
    );

    let replaced = ScenarioRecord {
        name: "The Nest (revised)".into(),
        text: "DERELICT 1\n#####\n#.A.#\n".into(),
        shipped: true,
        ..nest.clone()
    };
    store.put_scenario(replaced.clone()).await.unwrap();
    assert_eq!(
        store.get_scenario(&id("the-nest")).await.unwrap(),
        Some(replaced)
    );
    assert_eq!(
        store
            .list_scenarios(Some(GameId::Derelict))
            .await
            .unwrap()
            .len(),
        2,
        "upsert, not insert"
    );

    assert!(store.delete_scenario(&id("the-nest")).await.unwrap());
    assert!(!store.delete_scenario(&id("the-nest")).await.unwrap());
    assert_eq!(store.get_scenario(&id("the-nest")).await.unwrap(), None);
    assert_eq!(
        store.list_scenarios(Some(GameId::Derelict)).await.unwrap(),
        [airlock]
    );
}

/// Eight seats, for eight token hashes.
const EIGHT_SEATS: [Seat; 8] = [
    Seat::Hunted(1),
    Seat::Hunted(2),
    Seat::Hunted(3),
    Seat::Hunted(4),
    Seat::Hunted(5),
    Seat::Hunted(6),
    Seat::Marines,
    Seat::Aliens,
];

async fn token_hashes_are_bytes(store: &dyn Store) {
    // Every byte value 0..=255 across eight hashes, stored at creation and by claims.
    let mut new = artemia(5);
    new.seats = (0..8u8)
        .map(|i| NewSeat {
            seat: EIGHT_SEATS[usize::from(i)],
            name: (i % 2 == 0).then(|| format!("H{i}")),
            bot: None,
            token_hash: (i % 2 == 0).then(|| hash(i * 32)),
        })
        .collect();
    let m = store.create_match(new).await.unwrap();
    for i in (1..8u8).step_by(2) {
        assert!(
            store
                .claim_seat(m.id, EIGHT_SEATS[usize::from(i)], "late", hash(i * 32))
                .await
                .unwrap()
        );
    }
    let stored = store.get_match(m.id).await.unwrap().unwrap();
    for (i, seat) in stored.seats.iter().enumerate() {
        assert_eq!(seat.seat, EIGHT_SEATS[i]);
        assert_eq!(seat.token_hash, Some(hash(i as u8 * 32)), "seat {i}");
    }
    let listed = store.list_matches(None, 1).await.unwrap();
    assert_eq!(listed[0].seats, stored.seats);
}

// ---------------------------------------------------------------------------------------------
// Harness

/// A database of its own on the PostgreSQL server of `TEST_DATABASE_URL`.
struct PgTestDb {
    server: PgConnectOptions,
    name: String,
}

impl PgTestDb {
    /// Creates the database.
    async fn create() -> Self {
        let server = PgConnectOptions::from_str(&test_database_url()).expect("a postgres:// URL");
        let name = format!("xt_{}", Uuid::new_v4().simple());
        let mut conn = PgConnection::connect_with(&server)
            .await
            .expect("reach TEST_DATABASE_URL");
        sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut conn)
            .await
            .expect("create the test database");
        conn.close().await.ok();
        PgTestDb { server, name }
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
        .expect("drop the test database");
        conn.close().await.ok();
    }
}

/// The PostgreSQL server the tests use. Unset, the test fails: it runs only when the build saw
/// the variable, or when CI requires PostgreSQL (see the module's documentation).
fn test_database_url() -> String {
    std::env::var("TEST_DATABASE_URL").expect(
        "TEST_DATABASE_URL names the PostgreSQL server for this test \
         (postgres://postgres@127.0.0.1:5432/test); CI requires it",
    )
}

/// A store whose database a test can also write directly, to store what the typed API never
/// would.
trait Raw: Store {
    /// Runs `sql`, with the match id `id` as `$1`.
    fn raw(&self, sql: &'static str, id: MatchId) -> BoxFuture<'_, ()>;
}

impl<D: Dialect> Raw for SqlStore<D>
where
    Self: Store,
    for<'c> &'c mut D::Connection: Executor<'c, Database = D>,
    D::Arguments: IntoArguments<D>,
{
    fn raw(&self, sql: &'static str, id: MatchId) -> BoxFuture<'_, ()> {
        async move {
            sqlx::query(sql)
                .bind(D::id(id))
                .execute(self.pool())
                .await
                .expect("the raw statement runs");
        }
        .boxed()
    }
}

/// A fresh directory (with a missing subdirectory for the file) under the system temp dir.
fn temp_db_path() -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("xenotable-store-{}", Uuid::new_v4().simple()));
    let file = dir.join("data").join("xenotable.sqlite3");
    (dir, file)
}

/// Runs each named contract test against every backend.
macro_rules! contract {
    ($($test:ident),* $(,)?) => {
        mod sqlite_memory {
            $(
                #[tokio::test]
                async fn $test() {
                    let store = crate::store::SqliteStore::memory().await.unwrap();
                    super::$test(&store).await;
                }
            )*
        }

        mod sqlite_file {
            use futures_util::FutureExt;
            $(
                #[tokio::test]
                async fn $test() {
                    let (dir, file) = super::temp_db_path();
                    let store = crate::store::SqliteStore::open(&file).await.unwrap();
                    let result =
                        std::panic::AssertUnwindSafe(super::$test(&store)).catch_unwind().await;
                    crate::store::Store::close(&store).await;
                    std::fs::remove_dir_all(&dir).ok();
                    if let Err(panic) = result {
                        std::panic::resume_unwind(panic);
                    }
                }
            )*
        }

        mod postgres {
            use futures_util::FutureExt;
            $(
                #[tokio::test]
                #[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
                async fn $test() {
                    let db = super::PgTestDb::create().await;
                    let result = std::panic::AssertUnwindSafe(async {
                        let store = crate::store::PgStore::connect_with(db.options())
                            .await
                            .unwrap();
                        super::$test(&store).await;
                        crate::store::Store::close(&store).await;
                    })
                    .catch_unwind()
                    .await;
                    db.drop_database().await;
                    if let Err(panic) = result {
                        std::panic::resume_unwind(panic);
                    }
                }
            )*
        }
    };
}

contract!(
    match_round_trip,
    create_match_is_atomic,
    claim_seat_once,
    concurrent_claims_have_one_winner,
    append_batch_across_matches,
    duplicate_in_batch_writes_nothing,
    status_and_listing,
    unfinished_matches,
    scenarios,
    token_hashes_are_bytes,
    clocks_are_saved_per_match,
    chat_keeps_the_latest_lines_in_order,
    seeded_is_kept,
    abandon_ends_only_unfinished_matches,
    stale_matches_are_the_ones_left_alone,
    a_second_instance_lock_is_refused,
    stored_text_that_does_not_parse_is_an_error,
    large_batches_are_all_or_nothing,
    a_stand_in_plays_a_persons_seat_of_a_live_match_only,
    bots_take_over_is_kept,
    leases_are_taken_renewed_and_taken_over,
    concurrent_takes_have_one_winner,
    renewing_extends_the_held_leases_and_reports_the_lost,
    a_released_lease_is_free_at_once,
    leaseless_matches_are_the_unfinished_ones_nobody_holds,
    appends_are_fenced_by_the_lease_epoch,
);

/// The stand-in of the seat `seat` of the stored match `id`.
async fn stand_in_of(store: &dyn Store, id: MatchId, seat: Seat) -> Option<BotLevel> {
    let stored = store.get_match(id).await.unwrap().unwrap();
    stored
        .seats
        .iter()
        .find(|s| s.seat == seat)
        .unwrap()
        .stand_in
}

async fn a_stand_in_plays_a_persons_seat_of_a_live_match_only(store: &dyn Store) {
    let m = store.create_match(artemia(7)).await.unwrap();
    assert!(
        m.seats.iter().all(|s| s.stand_in.is_none()),
        "a new match's people play their own seats"
    );
    assert!(
        !store
            .set_stand_in(m.id, Seat::Hunted(2), Some(BotLevel::Normal))
            .await
            .unwrap(),
        "an open match is not live yet"
    );
    store
        .set_status(m.id, MatchStatus::Live, None)
        .await
        .unwrap();

    assert!(
        store
            .set_stand_in(m.id, Seat::Hunted(2), Some(BotLevel::Normal))
            .await
            .unwrap()
    );
    let stored = store.get_match(m.id).await.unwrap().unwrap();
    let ann = stored
        .seats
        .iter()
        .find(|s| s.seat == Seat::Hunted(2))
        .unwrap();
    assert_eq!(ann.stand_in, Some(BotLevel::Normal));
    assert_eq!(ann.name.as_deref(), Some("Ann"), "the player's name stays");
    assert_eq!(ann.token_hash, Some(hash(0)), "the player's token stays");
    assert_eq!(ann.bot, None, "a person's seat stays a person's");
    let listed = store.unfinished_matches().await.unwrap();
    let listed = listed.iter().find(|l| l.id == m.id).unwrap();
    assert_eq!(listed.seats, stored.seats, "every read tells the stand-in");

    assert!(
        !store
            .set_stand_in(m.id, Seat::Creature, Some(BotLevel::Normal))
            .await
            .unwrap(),
        "a bot seat has its own level"
    );
    assert!(
        !store
            .set_stand_in(m.id, Seat::Hunted(1), Some(BotLevel::Random))
            .await
            .unwrap(),
        "an open seat has no player to stand in for"
    );
    assert_eq!(stand_in_of(store, m.id, Seat::Hunted(1)).await, None);
    assert_eq!(
        stand_in_of(store, m.id, Seat::Creature).await,
        None,
        "refused writes change nothing"
    );
    assert!(matches!(
        store
            .set_stand_in(m.id, Seat::Hunted(5), Some(BotLevel::Random))
            .await,
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        store
            .set_stand_in(MatchId::random(), Seat::Hunted(2), None)
            .await,
        Err(StoreError::NotFound)
    ));

    assert!(
        store
            .set_stand_in(m.id, Seat::Hunted(2), None)
            .await
            .unwrap()
    );
    assert_eq!(
        stand_in_of(store, m.id, Seat::Hunted(2)).await,
        None,
        "the player took the seat back"
    );

    store
        .set_stand_in(m.id, Seat::Hunted(2), Some(BotLevel::Strong))
        .await
        .unwrap();
    store
        .set_status(m.id, MatchStatus::Finished, None)
        .await
        .unwrap();
    assert!(
        !store
            .set_stand_in(m.id, Seat::Hunted(2), None)
            .await
            .unwrap(),
        "a match over is not changed"
    );
    assert_eq!(
        stand_in_of(store, m.id, Seat::Hunted(2)).await,
        Some(BotLevel::Strong)
    );
}

async fn bots_take_over_is_kept(store: &dyn Store) {
    let chosen = NewMatch {
        bots_take_over: true,
        ..artemia(7)
    };
    let created = store.create_match(chosen.clone()).await.unwrap();
    assert!(created.bots_take_over);
    store.create_match(artemia(8)).await.unwrap();
    assert!(
        store
            .get_match(chosen.id)
            .await
            .unwrap()
            .unwrap()
            .bots_take_over
    );
    let listed = store.list_matches(None, 10).await.unwrap();
    let taken_over: Vec<bool> = listed.iter().map(|m| m.bots_take_over).collect();
    assert_eq!(taken_over, [false, true], "newest first");
}

async fn seeded_is_kept(store: &dyn Store) {
    let chosen = NewMatch {
        seeded: true,
        ..artemia(7)
    };
    store.create_match(chosen.clone()).await.unwrap();
    let plain = store.create_match(artemia(8)).await.unwrap();
    assert!(store.get_match(chosen.id).await.unwrap().unwrap().seeded);
    assert!(!store.get_match(plain.id).await.unwrap().unwrap().seeded);
    let listed = store.list_matches(None, 10).await.unwrap();
    let seeded: Vec<bool> = listed.iter().map(|m| m.seeded).collect();
    assert_eq!(seeded, [false, true], "newest first");
}

async fn abandon_ends_only_unfinished_matches(store: &dyn Store) {
    let open = store.create_match(artemia(1)).await.unwrap();
    let live = store.create_match(artemia(2)).await.unwrap();
    let done = store.create_match(artemia(3)).await.unwrap();
    store
        .set_status(live.id, MatchStatus::Live, None)
        .await
        .unwrap();
    let outcome = json!({"winner": "creature"});
    store
        .set_status(done.id, MatchStatus::Finished, Some(outcome.clone()))
        .await
        .unwrap();

    assert!(store.abandon(open.id).await.unwrap());
    assert!(store.abandon(live.id).await.unwrap());
    assert!(!store.abandon(done.id).await.unwrap(), "a result stands");
    assert!(!store.abandon(open.id).await.unwrap(), "once");
    assert!(!store.abandon(MatchId::random()).await.unwrap());

    let status = |id| async move { store.get_match(id).await.unwrap().unwrap() };
    assert_eq!(status(open.id).await.status, MatchStatus::Abandoned);
    assert_eq!(status(live.id).await.status, MatchStatus::Abandoned);
    let done_now = status(done.id).await;
    assert_eq!(
        (done_now.status, done_now.outcome),
        (MatchStatus::Finished, Some(outcome))
    );
    assert_eq!(store.unfinished_matches().await.unwrap(), []);
    let abandoned = store
        .list_matches(Some(MatchStatus::Abandoned), 10)
        .await
        .unwrap();
    assert_eq!(abandoned.len(), 2);
}

async fn stale_matches_are_the_ones_left_alone(store: &dyn Store) {
    let open = store.create_match(artemia(1)).await.unwrap();
    let idle = store.create_match(artemia(2)).await.unwrap();
    let played = store.create_match(artemia(3)).await.unwrap();
    let visited = store.create_match(artemia(4)).await.unwrap();
    let done = store.create_match(artemia(5)).await.unwrap();
    for m in [&idle, &played, &visited] {
        store
            .set_status(m.id, MatchStatus::Live, None)
            .await
            .unwrap();
    }
    store
        .set_status(done.id, MatchStatus::Finished, None)
        .await
        .unwrap();
    let now = Utc::now();
    let later = now + chrono::Duration::hours(1);
    let mut move_now = command(played.id, 1, "hunted-2");
    move_now.at = later;
    store.append_commands(&[move_now]).await.unwrap();
    store.touch(visited.id, later).await.unwrap();

    let long_ago = now - chrono::Duration::days(1);
    assert!(
        store
            .stale_matches(long_ago, long_ago)
            .await
            .unwrap()
            .is_empty()
    );
    let soon = now + chrono::Duration::minutes(1);
    assert_eq!(
        store.stale_matches(soon, long_ago).await.unwrap(),
        [open.id],
        "open matches count from their creation"
    );
    assert_eq!(
        store.stale_matches(long_ago, soon).await.unwrap(),
        [idle.id],
        "a move or a visit since counts; finished matches never"
    );
    let after = later + chrono::Duration::minutes(1);
    let all = store.stale_matches(after, after).await.unwrap();
    assert_eq!(all, [open.id, idle.id, played.id, visited.id]);
}

async fn a_second_instance_lock_is_refused(store: &dyn Store) {
    let first = store.lock_instance().await.unwrap();
    if matches!(first, super::InstanceLock::Private) {
        return;
    }
    assert!(matches!(
        store.lock_instance().await,
        Err(StoreError::Locked)
    ));
    drop(first);
    let again = store.lock_instance().await;
    assert!(again.is_ok(), "released with its guard: {again:?}");
}

/// Seats and authors are read back typed: a stored name that is no seat makes the read fail,
/// it never quietly drops the seat, the command or the chat line.
async fn stored_text_that_does_not_parse_is_an_error(store: &dyn Raw) {
    let m = store.create_match(artemia(1)).await.unwrap();
    store
        .append_commands(&[command(m.id, 1, "clock"), command(m.id, 2, "creature")])
        .await
        .unwrap();
    let said = ChatRecord {
        match_id: m.id,
        n: 1,
        seat: Seat::Hunted(2),
        text: "hi".into(),
        at: at(1, 0),
    };
    store
        .append_chat(std::slice::from_ref(&said))
        .await
        .unwrap();
    assert_eq!(
        store.commands(m.id).await.unwrap()[0].author,
        super::Author::Clock
    );
    assert_eq!(store.chat(m.id, 10).await.unwrap(), [said]);

    let corrupt = |result: Result<_, StoreError>| matches!(result, Err(StoreError::Corrupt { .. }));
    const NO_SEAT: &str = "UPDATE seats SET seat = 'pilot' WHERE match_id = $1 AND position = 1";
    const NO_AUTHOR: &str = "UPDATE commands SET seat = 'hunted-7' WHERE match_id = $1";
    const NO_SPEAKER: &str = "UPDATE chat SET seat = 'clock' WHERE match_id = $1";
    store.raw(NO_SEAT, m.id).await;
    assert!(corrupt(store.get_match(m.id).await.map(drop)));
    assert!(corrupt(store.list_matches(None, 10).await.map(drop)));
    assert!(corrupt(store.unfinished_matches().await.map(drop)));
    store.raw(NO_AUTHOR, m.id).await;
    assert!(corrupt(store.commands(m.id).await.map(drop)));
    store.raw(NO_SPEAKER, m.id).await;
    assert!(corrupt(store.chat(m.id, 10).await.map(drop)));

    // A match of a game the table does not know is corrupt too, never a match of some game.
    const NO_GAME: &str = "UPDATE matches SET game = 'chess' WHERE id = $1";
    let other = store.create_match(artemia(2)).await.unwrap();
    assert_eq!(other.game, GameId::Artemia);
    store.raw(NO_GAME, other.id).await;
    assert!(corrupt(store.get_match(other.id).await.map(drop)));

    // So is a scenario id that is no scenario id, on a match and on a file.
    const NO_SCENARIO: &str = "UPDATE matches SET scenario = 'The Nest' WHERE id = $1";
    let third = store.create_match(artemia(3)).await.unwrap();
    store.raw(NO_SCENARIO, third.id).await;
    assert!(corrupt(store.get_match(third.id).await.map(drop)));
    let nest = scenario("the-nest", GameId::Derelict, "DERELICT 1\n");
    store.put_scenario(nest).await.unwrap();
    assert_eq!(store.list_scenarios(None).await.unwrap().len(), 1);
    const NO_FILE_ID: &str = "UPDATE scenarios SET id = '../nest' WHERE $1 IS NOT NULL";
    store.raw(NO_FILE_ID, third.id).await;
    assert!(corrupt(store.list_scenarios(None).await.map(drop)));
}

/// A batch larger than one statement's worth of rows is still one transaction.
async fn large_batches_are_all_or_nothing(store: &dyn Store) {
    let m = store.create_match(artemia(1)).await.unwrap().id;
    let batch: Vec<CommandRecord> = (1..=2500).map(|seq| command(m, seq, "creature")).collect();
    store.append_commands(&batch).await.unwrap();
    assert_eq!(store.commands(m).await.unwrap(), batch);

    // The conflict is in the last chunk: the chunks before it are rolled back with it.
    let mut refused: Vec<CommandRecord> = (2501..=5000)
        .map(|seq| command(m, seq, "creature"))
        .collect();
    refused.push(command(m, 1, "creature"));
    assert!(matches!(
        store.append_commands(&refused).await,
        Err(StoreError::Conflict(_))
    ));
    assert_eq!(store.commands(m).await.unwrap().len(), 2500);

    let lines: Vec<ChatRecord> = (1..=2100)
        .map(|n| ChatRecord {
            match_id: m,
            n,
            seat: Seat::Creature,
            text: format!("line {n}"),
            at: at(0, 0),
        })
        .collect();
    store.append_chat(&lines).await.unwrap();
    assert_eq!(store.chat(m, 5000).await.unwrap(), lines);
}

async fn clocks_are_saved_per_match(store: &dyn Store) {
    let a = store.create_match(artemia(1)).await.unwrap();
    let b = store.create_match(artemia(2)).await.unwrap();
    assert_eq!(store.saved_clock(a.id).await.unwrap(), None);
    let first = SavedClock {
        period: 3,
        remaining_ms: 118_500,
    };
    store.save_clock(a.id, first).await.unwrap();
    assert_eq!(store.saved_clock(a.id).await.unwrap(), Some(first));
    assert_eq!(store.saved_clock(b.id).await.unwrap(), None);
    let later = SavedClock {
        period: 4,
        remaining_ms: 0,
    };
    store.save_clock(a.id, later).await.unwrap();
    assert_eq!(
        store.saved_clock(a.id).await.unwrap(),
        Some(later),
        "a save replaces the one before"
    );
    let err = store
        .save_clock(MatchId::random(), first)
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Constraint(_)),
        "unknown match: {err:?}"
    );
}

async fn chat_keeps_the_latest_lines_in_order(store: &dyn Store) {
    let a = store.create_match(artemia(1)).await.unwrap();
    let b = store.create_match(artemia(2)).await.unwrap();
    let line = |match_id, n: i64, text: &str| ChatRecord {
        match_id,
        n,
        seat: Seat::Hunted(1),
        text: text.into(),
        at: at(n as u32, 250),
    };
    assert_eq!(store.chat(a.id, 10).await.unwrap(), vec![]);
    store.append_chat(&[]).await.unwrap();
    store
        .append_chat(&[line(a.id, 1, "line 1"), line(a.id, 2, "line 2")])
        .await
        .unwrap();
    for n in 3..=5 {
        store
            .append_chat(&[line(a.id, n, &format!("line {n}"))])
            .await
            .unwrap();
    }
    store
        .append_chat(&[line(b.id, 1, "elsewhere")])
        .await
        .unwrap();
    let latest = store.chat(a.id, 3).await.unwrap();
    assert_eq!(
        latest,
        vec![
            line(a.id, 3, "line 3"),
            line(a.id, 4, "line 4"),
            line(a.id, 5, "line 5")
        ],
        "the latest lines, oldest first, each as stored"
    );
    assert_eq!(store.chat(a.id, 100).await.unwrap().len(), 5);
    let err = store
        .append_chat(&[line(a.id, 5, "again")])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
    let err = store
        .append_chat(&[line(MatchId::random(), 1, "nobody")])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Constraint(_)), "{err:?}");
    // All or nothing: a batch with one doubled line writes none of its lines.
    let err = store
        .append_chat(&[line(b.id, 2, "fresh"), line(a.id, 1, "doubled")])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
    assert_eq!(store.chat(b.id, 10).await.unwrap().len(), 1);
}

// ---------------------------------------------------------------------------------------------
// Leases: which node owns a match, and the fencing of its commands

/// Long enough that a lease taken in a test never runs out during it.
const HELD: Duration = Duration::from_secs(600);

/// A lease that has run out the moment it is granted: its holder keeps it only until another
/// node (or a new take) comes.
const GONE: Duration = Duration::ZERO;

/// A command stored under lease epoch `epoch`.
fn leased(match_id: MatchId, seq: i64, epoch: i64) -> CommandRecord {
    CommandRecord {
        epoch: Some(epoch),
        ..command(match_id, seq, "creature")
    }
}

/// Takes `match_id`'s lease for `node`, which must get it.
async fn take(store: &dyn Store, match_id: MatchId, node: &str, ttl: Duration) -> super::Lease {
    store
        .take_lease(match_id, node, ttl)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("{node} takes the lease"))
}

async fn leases_are_taken_renewed_and_taken_over(store: &dyn Store) {
    let m = store.create_match(artemia(1)).await.unwrap().id;
    assert_eq!(store.lease(m).await.unwrap(), None);

    let first = take(store, m, "a", Duration::from_secs(60)).await;
    assert_eq!(
        (first.match_id, first.node.as_str(), first.epoch),
        (m, "a", 1)
    );
    assert_eq!(store.lease(m).await.unwrap(), Some(first.clone()));

    // Held: another node gets nothing, and changes nothing.
    assert_eq!(store.take_lease(m, "b", HELD).await.unwrap(), None);
    assert_eq!(store.lease(m).await.unwrap(), Some(first.clone()));

    // The holder renews: same epoch, later expiry.
    let renewed = take(store, m, "a", HELD).await;
    assert_eq!((renewed.node.as_str(), renewed.epoch), ("a", 1));
    assert!(
        renewed.expires_at > first.expires_at,
        "{renewed:?} after {first:?}"
    );

    // Run out (a renewal that grants nothing), the lease goes to the next node that asks, under
    // a new epoch.
    assert_eq!(take(store, m, "a", GONE).await.epoch, 1);
    let taken = take(store, m, "b", HELD).await;
    assert_eq!((taken.node.as_str(), taken.epoch), ("b", 2));
    assert_eq!(store.take_lease(m, "a", HELD).await.unwrap(), None);
    assert_eq!(store.lease(m).await.unwrap(), Some(taken));

    // A node taking its own expired lease again starts a new epoch too.
    take(store, m, "b", GONE).await;
    assert_eq!(take(store, m, "b", HELD).await.epoch, 3);

    assert!(matches!(
        store.take_lease(MatchId::random(), "a", HELD).await,
        Err(StoreError::Constraint(_))
    ));
}

async fn concurrent_takes_have_one_winner(store: &dyn Store) {
    let m = store.create_match(artemia(2)).await.unwrap().id;
    let nodes: Vec<String> = (0..8).map(|i| format!("node-{i}")).collect();
    let takes = nodes.iter().map(|node| store.take_lease(m, node, HELD));
    let won: Vec<Option<super::Lease>> = futures_util::future::join_all(takes)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let winners: Vec<&super::Lease> = won.iter().flatten().collect();
    assert_eq!(winners.len(), 1, "{won:?}");
    assert_eq!(winners[0].epoch, 1);
    assert_eq!(store.lease(m).await.unwrap().as_ref(), Some(winners[0]));
}

async fn renewing_extends_the_held_leases_and_reports_the_lost(store: &dyn Store) {
    let kept = store.create_match(artemia(1)).await.unwrap().id;
    let lost = store.create_match(artemia(2)).await.unwrap().id;
    let lapsed = store.create_match(artemia(3)).await.unwrap().id;
    let before = take(store, kept, "a", Duration::from_secs(60)).await;
    take(store, lost, "a", GONE).await;
    take(store, lost, "b", HELD).await;
    // Run out, but nobody took it: still the holder's to renew.
    take(store, lapsed, "a", GONE).await;

    let held = [(kept, 1), (lost, 1), (lapsed, 1)];
    assert_eq!(store.renew_leases("a", &held, HELD).await.unwrap(), [lost]);
    let after = store.lease(kept).await.unwrap().unwrap();
    assert_eq!((after.node.as_str(), after.epoch), ("a", 1));
    assert!(
        after.expires_at > before.expires_at,
        "{after:?} after {before:?}"
    );
    assert_eq!(store.take_lease(lapsed, "b", HELD).await.unwrap(), None);
    assert_eq!(store.lease(lost).await.unwrap().unwrap().node, "b");

    // Another epoch, another node: not held.
    assert_eq!(
        store.renew_leases("a", &[(kept, 2)], HELD).await.unwrap(),
        [kept]
    );
    assert_eq!(
        store.renew_leases("b", &[(kept, 1)], HELD).await.unwrap(),
        [kept]
    );
    assert_eq!(store.lease(kept).await.unwrap(), Some(after));
    assert_eq!(store.renew_leases("a", &[], HELD).await.unwrap(), []);
}

async fn a_released_lease_is_free_at_once(store: &dyn Store) {
    let m = store.create_match(artemia(1)).await.unwrap().id;
    take(store, m, "a", HELD).await;

    // Only the holder, with its epoch, releases.
    store.release_lease(m, "b", 1).await.unwrap();
    store.release_lease(m, "a", 2).await.unwrap();
    assert_eq!(store.take_lease(m, "b", HELD).await.unwrap(), None);

    store.release_lease(m, "a", 1).await.unwrap();
    let lease = store.lease(m).await.unwrap().unwrap();
    assert_eq!(
        (lease.node.as_str(), lease.epoch),
        ("a", 1),
        "the row stays"
    );
    assert_eq!(take(store, m, "b", HELD).await.epoch, 2);

    // A late release by the old holder leaves the new one's lease alone.
    store.release_lease(m, "a", 1).await.unwrap();
    assert_eq!(store.take_lease(m, "a", HELD).await.unwrap(), None);
    // Releasing a match never leased does nothing.
    store
        .release_lease(MatchId::random(), "a", 1)
        .await
        .unwrap();
}

async fn leaseless_matches_are_the_unfinished_ones_nobody_holds(store: &dyn Store) {
    let mut ids = Vec::new();
    for seed in 0..6 {
        ids.push(store.create_match(artemia(seed)).await.unwrap().id);
        tick().await;
    }
    let [never, held, lapsed, live, finished, abandoned]: [MatchId; 6] = ids.try_into().unwrap();
    take(store, held, "a", HELD).await;
    take(store, lapsed, "a", GONE).await;
    store
        .set_status(live, MatchStatus::Live, None)
        .await
        .unwrap();
    take(store, live, "a", HELD).await;
    store.release_lease(live, "a", 1).await.unwrap();
    store
        .set_status(finished, MatchStatus::Finished, None)
        .await
        .unwrap();
    assert!(store.abandon(abandoned).await.unwrap());

    assert_eq!(
        store.leaseless_matches(10).await.unwrap(),
        [never, lapsed, live],
        "oldest first"
    );
    assert_eq!(store.leaseless_matches(2).await.unwrap(), [never, lapsed]);
}

async fn appends_are_fenced_by_the_lease_epoch(store: &dyn Store) {
    let m = store.create_match(artemia(1)).await.unwrap().id;
    let other = store.create_match(artemia(2)).await.unwrap().id;
    take(store, m, "a", HELD).await;
    store.append_commands(&[leased(m, 1, 1)]).await.unwrap();
    assert_eq!(store.commands(m).await.unwrap(), [leased(m, 1, 1)]);

    // Run out but not taken: the holder still appends safely.
    take(store, m, "a", GONE).await;
    store.append_commands(&[leased(m, 2, 1)]).await.unwrap();

    // Taken over: the old epoch is refused, with the rest of its batch, even the commands
    // that need no lease.
    assert_eq!(take(store, m, "b", HELD).await.epoch, 2);
    let batch = [command(other, 1, "creature"), leased(m, 3, 1)];
    assert!(matches!(
        store.append_commands(&batch).await,
        Err(StoreError::Fenced)
    ));
    assert_eq!(store.commands(other).await.unwrap(), []);
    assert_eq!(store.commands(m).await.unwrap().len(), 2);

    // One batch may mix epochs of several matches, and commands without one (never checked).
    let mine = store.create_match(artemia(3)).await.unwrap().id;
    take(store, mine, "b", HELD).await;
    let batch = [
        leased(m, 3, 2),
        command(other, 1, "creature"),
        leased(mine, 1, 1),
        command(m, 4, "clock"),
    ];
    store.append_commands(&batch).await.unwrap();
    let log = store.commands(m).await.unwrap();
    let epochs: Vec<Option<i64>> = log.iter().map(|c| c.epoch).collect();
    assert_eq!(epochs, [Some(1), Some(1), Some(2), None]);

    // No lease at all, or two epochs of one match in one batch: refused.
    let never = store.create_match(artemia(4)).await.unwrap().id;
    assert!(matches!(
        store.append_commands(&[leased(never, 1, 1)]).await,
        Err(StoreError::Fenced)
    ));
    assert!(matches!(
        store
            .append_commands(&[leased(m, 5, 2), leased(m, 6, 1)])
            .await,
        Err(StoreError::Fenced)
    ));
    assert_eq!(store.commands(m).await.unwrap().len(), 4);
    assert_eq!(store.commands(never).await.unwrap(), []);
}

// ---------------------------------------------------------------------------------------------
// Fencing against concurrent takeovers, PostgreSQL only (SQLite has one writer at a time)

/// Runs `test` on a fresh PostgreSQL database of its own.
async fn on_postgres(test: for<'a> fn(&'a super::PgStore) -> BoxFuture<'a, ()>) {
    let db = PgTestDb::create().await;
    let result = AssertUnwindSafe(async {
        let store = super::PgStore::connect_with(db.options()).await.unwrap();
        test(&store).await;
        store.close().await;
    })
    .catch_unwind()
    .await;
    db.drop_database().await;
    if let Err(panic) = result {
        std::panic::resume_unwind(panic);
    }
}

/// Waits until `task` is blocked on a row lock of another transaction of this database, and
/// checks that it has not finished: it waits for that transaction.
async fn until_blocked<T>(store: &super::PgStore, task: &tokio::task::JoinHandle<T>) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .fetch_one(store.pool())
        .await
        .unwrap();
        assert!(
            !task.is_finished(),
            "it finished without waiting for the lock"
        );
        if waiting > 0 {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "it never waited");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The ordering fencing rests on: an append waits for a takeover in flight and is then fenced,
/// and a takeover waits for an append in flight (whose commands the new holder then reads).
fn appends_and_takeovers_wait_for_each_other(store: &super::PgStore) -> BoxFuture<'_, ()> {
    async move {
        let m = store.create_match(artemia(1)).await.unwrap().id;
        take(store, m, "a", HELD).await;

        // A takeover updated the row but has not committed: the old holder's append waits for
        // it, then sees the new epoch. A plain read would see epoch 1 and let it through.
        let mut takeover = store.pool().begin().await.unwrap();
        sqlx::query("UPDATE match_leases SET node = 'b', epoch = 2 WHERE match_id = $1")
            .bind(m.uuid())
            .execute(&mut *takeover)
            .await
            .unwrap();
        let appender = store.clone();
        let append =
            tokio::spawn(async move { appender.append_commands(&[leased(m, 1, 1)]).await });
        until_blocked(store, &append).await;
        takeover.commit().await.unwrap();
        assert!(matches!(append.await.unwrap(), Err(StoreError::Fenced)));
        assert_eq!(store.commands(m).await.unwrap(), []);

        // An append holds the lease row as it checks it: a takeover waits for its commit.
        store.release_lease(m, "b", 2).await.unwrap();
        let mut append = store.pool().begin().await.unwrap();
        sqlx::query("SELECT epoch FROM match_leases WHERE match_id = $1 FOR SHARE")
            .bind(m.uuid())
            .execute(&mut *append)
            .await
            .unwrap();
        let taker = store.clone();
        let takeover = tokio::spawn(async move { taker.take_lease(m, "c", HELD).await });
        until_blocked(store, &takeover).await;
        append.commit().await.unwrap();
        let taken = takeover.await.unwrap().unwrap().expect("c takes the lease");
        assert_eq!((taken.node.as_str(), taken.epoch), ("c", 3));
    }
    .boxed()
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_appends_and_takeovers_wait_for_each_other() {
    on_postgres(appends_and_takeovers_wait_for_each_other).await;
}

// ---------------------------------------------------------------------------------------------
// Backend-specific checks around the contract

/// `connect` dispatches on the URL and creates what is missing; a file survives reopening and
/// runs in WAL mode.
#[tokio::test]
async fn sqlite_file_is_created_and_reopened() {
    let (dir, file) = temp_db_path();
    let url = format!("sqlite://{}", file.display());
    let store = super::connect(&url).await.unwrap();
    assert_eq!(store.backend(), super::Backend::Sqlite);
    let m = store.create_match(artemia(11)).await.unwrap();
    store
        .append_commands(&[command(m.id, 1, "creature")])
        .await
        .unwrap();
    store.close().await;

    let store = super::SqliteStore::open(&file).await.unwrap();
    let mode: (String,) = sqlx::query_as("PRAGMA journal_mode")
        .fetch_one(store.pool())
        .await
        .unwrap();
    assert_eq!(mode.0, "wal");
    let keys: (i64,) = sqlx::query_as("PRAGMA foreign_keys")
        .fetch_one(store.pool())
        .await
        .unwrap();
    assert_eq!(keys.0, 1);
    assert_eq!(store.get_match(m.id).await.unwrap(), Some(m.clone()));
    assert_eq!(store.commands(m.id).await.unwrap().len(), 1);
    store.close().await;
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn other_schemes_are_refused() {
    assert!(matches!(
        super::connect("mysql://localhost/x").await,
        Err(StoreError::BadUrl(None))
    ));
}

#[tokio::test]
#[cfg_attr(no_postgres, ignore = "PostgreSQL: set TEST_DATABASE_URL")]
async fn postgres_url_reaches_pg_store() {
    let db = PgTestDb::create().await;
    let url = test_database_url();
    // Same server, the test's own database: swap the path of the URL.
    let (base, query) = url
        .split_once('?')
        .map_or((url.as_str(), ""), |(b, q)| (b, q));
    let base = base.rsplit_once('/').map_or(base, |(server, _)| server);
    let own = if query.is_empty() {
        format!("{base}/{}", db.name)
    } else {
        format!("{base}/{}?{query}", db.name)
    };
    let result = AssertUnwindSafe(async {
        let store = super::connect(&own).await.unwrap();
        assert_eq!(store.backend(), super::Backend::Postgres);
        store.ping().await.unwrap();
        // Migrations are idempotent: a second node connecting finds the schema in place.
        let again = super::connect(&own).await.unwrap();
        again.ping().await.unwrap();
        again.close().await;
        store.close().await;
    })
    .catch_unwind()
    .await;
    db.drop_database().await;
    if let Err(panic) = result {
        std::panic::resume_unwind(panic);
    }
}
