//! The embedded SQLite backend of [`Store`]: the default when no `DATABASE_URL` is given, so the
//! server runs on a fresh machine with nothing but a data directory.
//!
//! Owns the pool, the file's pragmas (WAL, foreign keys, full sync, busy timeout) and the embedded
//! `migrations/sqlite`. SQLite has no UUID, timestamp or JSON types: this file alone converts
//! them to and from the TEXT forms the schema documents.

use std::fs::{OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use serde_json::Value;
use sqlx::SqlitePool;
use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use uuid::Uuid;

use super::records::{self, MatchHead};
use super::{
    Backend, ChatRecord, CommandRecord, InstanceLock, MatchRecord, MatchStatus, NewMatch,
    SavedClock, ScenarioRecord, SeatRecord, Store, StoreError, StoreResult, TokenHash,
};

/// The schema, embedded in the binary.
static MIGRATOR: Migrator = sqlx::migrate!("../migrations/sqlite");

/// Connections to a database file. WAL lets readers run beside the one writer; writers take
/// turns on SQLite's lock, waiting up to [`BUSY_TIMEOUT`].
const MAX_CONNECTIONS: u32 = 8;

/// How long a writer waits for another connection's write transaction before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// A [`Store`] on an SQLite file (or, for tests, an in-memory database).
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
    /// The database file, for the instance lock beside it; `None` in memory.
    file: Option<PathBuf>,
}

impl SqliteStore {
    /// Opens the database a `sqlite:` URL names (`sqlite://data/xenotable.db`,
    /// `sqlite::memory:`, ...), creating the file and its directory if missing, and brings its
    /// schema up to date.
    pub async fn connect(url: &str) -> StoreResult<Self> {
        let options =
            SqliteConnectOptions::from_str(url).map_err(|e| StoreError::BadUrl(Some(e)))?;
        if url.contains(":memory:") || url.contains("mode=memory") {
            Self::with_pool(memory_pool(options).await, None).await
        } else {
            Self::open_with(options).await
        }
    }

    /// Opens (creating if missing, with its directory) the database file at `path` and brings
    /// its schema up to date.
    pub async fn open(path: &Path) -> StoreResult<Self> {
        Self::open_with(SqliteConnectOptions::new().filename(path)).await
    }

    /// A fresh, private in-memory database with the schema; gone when the store is dropped.
    pub async fn memory() -> StoreResult<Self> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")
            .map_err(|e| StoreError::BadUrl(Some(e)))?;
        Self::with_pool(memory_pool(options).await, None).await
    }

    /// The pool, for callers that need SQLite itself (admin tooling, tests).
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    async fn open_with(options: SqliteConnectOptions) -> StoreResult<Self> {
        let file = options.get_filename().to_path_buf();
        if let Some(dir) = options.get_filename().parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir).map_err(StoreError::CreateDir)?;
        }
        let options = options
            .create_if_missing(true)
            // Readers do not block the writer; a commit appends to the log instead of rewriting
            // pages.
            .journal_mode(SqliteJournalMode::Wal)
            // A command is committed before any client hears of it: flush on every commit (group
            // commit keeps that to one flush per batch, not per move).
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        let pool = SqlitePoolOptions::new()
            .max_connections(MAX_CONNECTIONS)
            .connect_with(options)
            .await
            .map_err(StoreError::Connect)?;
        Self::with_pool(Ok(pool), Some(file)).await
    }

    async fn with_pool(
        pool: Result<SqlitePool, sqlx::Error>,
        file: Option<PathBuf>,
    ) -> StoreResult<Self> {
        let pool = pool.map_err(StoreError::Connect)?;
        MIGRATOR.run(&pool).await.map_err(StoreError::Migrate)?;
        Ok(SqliteStore { pool, file })
    }
}

/// An in-memory database lives only as long as a connection to it: one connection, never
/// retired.
fn memory_pool(
    options: SqliteConnectOptions,
) -> impl Future<Output = Result<SqlitePool, sqlx::Error>> {
    SqlitePoolOptions::new()
        .max_connections(1)
        .min_connections(1)
        .idle_timeout(None)
        .max_lifetime(None)
        .connect_with(options.foreign_keys(true))
}

/// The stored form of a timestamp: fixed-width RFC 3339 in UTC with microseconds, so text order
/// is time order.
fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Micros, true)
}

fn parse_timestamp(text: &str) -> StoreResult<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| StoreError::corrupt("timestamp is not RFC 3339"))
}

fn parse_uuid(text: &str) -> StoreResult<Uuid> {
    Uuid::parse_str(text).map_err(|_| StoreError::corrupt("match id is not a UUID"))
}

/// Reads one match (or a page of them) with its seats in one statement, so the seats always
/// belong to the same snapshot as the matches. `$filter` selects and orders the matches;
/// `$order` repeats that order on the joined rows.
macro_rules! select_matches {
    ($filter:literal, $order:literal) => {
        concat!(
            "SELECT m.id, m.game, m.scenario, m.scenario_text, m.options, m.seed, m.seeded, ",
            "m.status, m.outcome, ",
            "m.created_at, ",
            "s.seat, s.name, s.bot, s.token_hash ",
            "FROM (SELECT * FROM matches ",
            $filter,
            ") AS m LEFT JOIN seats AS s ON s.match_id = m.id ORDER BY ",
            $order,
            ", s.position"
        )
    };
}

const GET_MATCH: &str = select_matches!("WHERE id = ?1", "m.id");
const LIST_MATCHES: &str = select_matches!(
    "WHERE (?1 IS NULL OR status = ?1) ORDER BY created_at DESC, id DESC LIMIT ?2",
    "m.created_at DESC, m.id DESC"
);
const UNFINISHED_MATCHES: &str =
    select_matches!("WHERE status IN ('open', 'live')", "m.created_at, m.id");

/// See [`Store::stale_matches`]. Timestamps are fixed-width text, so text order is time order.
const STALE_MATCHES: &str = "SELECT id FROM matches AS m \
     WHERE (status = 'open' AND created_at < ?1) \
     OR (status = 'live' AND max(created_at, coalesce(active_at, ''), \
         coalesce((SELECT max(at) FROM commands WHERE match_id = m.id), '')) < ?2) \
     ORDER BY created_at, id";

/// One row of [`select_matches!`]: a match and one of its seats (none if it has no seats).
#[derive(sqlx::FromRow)]
struct MatchSeatRow {
    id: String,
    game: String,
    scenario: Option<String>,
    scenario_text: Option<String>,
    options: Value,
    seed: i64,
    seeded: bool,
    status: String,
    outcome: Option<Value>,
    created_at: String,
    seat: Option<String>,
    name: Option<String>,
    bot: Option<bool>,
    token_hash: Option<Vec<u8>>,
}

impl MatchSeatRow {
    fn split(self) -> StoreResult<(MatchHead, Option<SeatRecord>)> {
        let head = MatchHead {
            id: parse_uuid(&self.id)?,
            game: self.game,
            scenario: self.scenario,
            scenario_text: self.scenario_text,
            options: self.options,
            seed: self.seed,
            seeded: self.seeded,
            status: records::status(&self.status)?,
            outcome: self.outcome,
            created_at: parse_timestamp(&self.created_at)?,
        };
        let seat = match self.seat {
            Some(seat) => Some(SeatRecord {
                seat,
                name: self.name,
                bot: self.bot.unwrap_or(false),
                token_hash: records::token_hash(self.token_hash)?,
            }),
            None => None,
        };
        Ok((head, seat))
    }
}

fn group(rows: Vec<MatchSeatRow>) -> StoreResult<Vec<MatchRecord>> {
    records::group(rows.into_iter().map(MatchSeatRow::split))
}

#[derive(sqlx::FromRow)]
struct CommandRow {
    match_id: String,
    seq: i64,
    seat: String,
    action: Value,
    at: String,
}

impl CommandRow {
    fn record(self) -> StoreResult<CommandRecord> {
        Ok(CommandRecord {
            match_id: parse_uuid(&self.match_id)?,
            seq: self.seq,
            seat: self.seat,
            action: self.action,
            at: parse_timestamp(&self.at)?,
        })
    }
}

impl Store for SqliteStore {
    fn backend(&self) -> Backend {
        Backend::Sqlite
    }

    fn ping(&self) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            sqlx::query("SELECT 1").execute(&self.pool).await?;
            Ok(())
        }
        .boxed()
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        self.pool.close().boxed()
    }

    fn create_match(&self, new: NewMatch) -> BoxFuture<'_, StoreResult<MatchRecord>> {
        async move {
            let created_at = records::now();
            let id = new.id.to_string();
            // IMMEDIATE: take the write lock (waiting out the busy timeout) before any statement,
            // instead of failing when a read lock cannot be upgraded.
            let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
            sqlx::query(
                "INSERT INTO matches \
                 (id, game, scenario, scenario_text, options, seed, seeded, status, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'open', ?8)",
            )
            .bind(&id)
            .bind(&new.game)
            .bind(&new.scenario)
            .bind(&new.scenario_text)
            .bind(&new.options)
            .bind(new.seed)
            .bind(new.seeded)
            .bind(timestamp(created_at))
            .execute(&mut *tx)
            .await?;
            for (position, seat) in new.seats.iter().enumerate() {
                let position =
                    i64::try_from(position).map_err(|_| StoreError::corrupt("too many seats"))?;
                sqlx::query(
                    "INSERT INTO seats (match_id, seat, position, name, bot, token_hash) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                )
                .bind(&id)
                .bind(&seat.seat)
                .bind(position)
                .bind(&seat.name)
                .bind(seat.bot)
                .bind(seat.token_hash.map(|h| h.to_vec()))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(records::created(new, created_at))
        }
        .boxed()
    }

    fn claim_seat<'a>(
        &'a self,
        match_id: Uuid,
        seat: &'a str,
        name: &'a str,
        token_hash: TokenHash,
    ) -> BoxFuture<'a, StoreResult<bool>> {
        async move {
            let id = match_id.to_string();
            // One statement, and SQLite has one writer at a time: of two claims, the second sees
            // the first one's token and updates nothing.
            let claimed = sqlx::query(
                "UPDATE seats SET name = ?3, token_hash = ?4 \
                 WHERE match_id = ?1 AND seat = ?2 AND NOT bot AND token_hash IS NULL \
                 AND EXISTS (SELECT 1 FROM matches WHERE id = ?1 AND status = 'open')",
            )
            .bind(&id)
            .bind(seat)
            .bind(name)
            .bind(token_hash.to_vec())
            .execute(&self.pool)
            .await?
            .rows_affected()
                == 1;
            if claimed {
                return Ok(true);
            }
            let exists = sqlx::query("SELECT 1 FROM seats WHERE match_id = ?1 AND seat = ?2")
                .bind(&id)
                .bind(seat)
                .fetch_optional(&self.pool)
                .await?
                .is_some();
            if exists {
                Ok(false)
            } else {
                Err(StoreError::NotFound)
            }
        }
        .boxed()
    }

    fn set_status(
        &self,
        match_id: Uuid,
        status: MatchStatus,
        outcome: Option<Value>,
    ) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            let updated = sqlx::query("UPDATE matches SET status = ?2, outcome = ?3 WHERE id = ?1")
                .bind(match_id.to_string())
                .bind(status.as_str())
                .bind(outcome)
                .execute(&self.pool)
                .await?
                .rows_affected();
            if updated == 0 {
                Err(StoreError::NotFound)
            } else {
                Ok(())
            }
        }
        .boxed()
    }

    fn append_commands<'a>(&'a self, batch: &'a [CommandRecord]) -> BoxFuture<'a, StoreResult<()>> {
        async move {
            if batch.is_empty() {
                return Ok(());
            }
            // One transaction, one fsync: dropping `tx` on the first error rolls back the rows
            // already inserted.
            let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
            for command in batch {
                sqlx::query(
                    "INSERT INTO commands (match_id, seq, seat, action, at) \
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                )
                .bind(command.match_id.to_string())
                .bind(command.seq)
                .bind(&command.seat)
                .bind(&command.action)
                .bind(timestamp(command.at))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(())
        }
        .boxed()
    }

    fn commands(&self, match_id: Uuid) -> BoxFuture<'_, StoreResult<Vec<CommandRecord>>> {
        async move {
            let rows: Vec<CommandRow> = sqlx::query_as(
                "SELECT match_id, seq, seat, action, at FROM commands \
                 WHERE match_id = ?1 ORDER BY seq",
            )
            .bind(match_id.to_string())
            .fetch_all(&self.pool)
            .await?;
            rows.into_iter().map(CommandRow::record).collect()
        }
        .boxed()
    }

    fn get_match(&self, id: Uuid) -> BoxFuture<'_, StoreResult<Option<MatchRecord>>> {
        async move {
            let rows: Vec<MatchSeatRow> = sqlx::query_as(GET_MATCH)
                .bind(id.to_string())
                .fetch_all(&self.pool)
                .await?;
            Ok(group(rows)?.pop())
        }
        .boxed()
    }

    fn list_matches(
        &self,
        status: Option<MatchStatus>,
        limit: usize,
    ) -> BoxFuture<'_, StoreResult<Vec<MatchRecord>>> {
        async move {
            let rows: Vec<MatchSeatRow> = sqlx::query_as(LIST_MATCHES)
                .bind(status.map(MatchStatus::as_str))
                .bind(i64::try_from(limit).unwrap_or(i64::MAX))
                .fetch_all(&self.pool)
                .await?;
            group(rows)
        }
        .boxed()
    }

    fn unfinished_matches(&self) -> BoxFuture<'_, StoreResult<Vec<MatchRecord>>> {
        async move {
            let rows: Vec<MatchSeatRow> = sqlx::query_as(UNFINISHED_MATCHES)
                .fetch_all(&self.pool)
                .await?;
            group(rows)
        }
        .boxed()
    }

    fn abandon(&self, match_id: Uuid) -> BoxFuture<'_, StoreResult<bool>> {
        async move {
            let updated = sqlx::query(
                "UPDATE matches SET status = 'abandoned' \
                 WHERE id = ?1 AND status IN ('open', 'live')",
            )
            .bind(match_id.to_string())
            .execute(&self.pool)
            .await?
            .rows_affected();
            Ok(updated == 1)
        }
        .boxed()
    }

    fn touch(&self, match_id: Uuid, at: DateTime<Utc>) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            sqlx::query("UPDATE matches SET active_at = ?2 WHERE id = ?1")
                .bind(match_id.to_string())
                .bind(timestamp(at))
                .execute(&self.pool)
                .await?;
            Ok(())
        }
        .boxed()
    }

    fn stale_matches(
        &self,
        open_before: DateTime<Utc>,
        idle_before: DateTime<Utc>,
    ) -> BoxFuture<'_, StoreResult<Vec<Uuid>>> {
        async move {
            let ids: Vec<(String,)> = sqlx::query_as(STALE_MATCHES)
                .bind(timestamp(open_before))
                .bind(timestamp(idle_before))
                .fetch_all(&self.pool)
                .await?;
            ids.iter().map(|(id,)| parse_uuid(id)).collect()
        }
        .boxed()
    }

    fn lock_instance(&self) -> BoxFuture<'_, StoreResult<InstanceLock>> {
        async move {
            let Some(file) = &self.file else {
                return Ok(InstanceLock::Private);
            };
            let mut path = file.clone().into_os_string();
            path.push(".lock");
            let lock = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(StoreError::LockFile)?;
            match lock.try_lock() {
                Ok(()) => Ok(InstanceLock::File(lock)),
                Err(TryLockError::WouldBlock) => Err(StoreError::Locked),
                Err(TryLockError::Error(e)) => Err(StoreError::LockFile(e)),
            }
        }
        .boxed()
    }

    fn put_scenario(&self, scenario: ScenarioRecord) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            sqlx::query(
                "INSERT INTO scenarios (id, game, name, text, shipped) VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT (id) DO UPDATE SET game = excluded.game, name = excluded.name, \
                 text = excluded.text, shipped = excluded.shipped",
            )
            .bind(scenario.id)
            .bind(scenario.game)
            .bind(scenario.name)
            .bind(scenario.text)
            .bind(scenario.shipped)
            .execute(&self.pool)
            .await?;
            Ok(())
        }
        .boxed()
    }

    fn get_scenario<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, StoreResult<Option<ScenarioRecord>>> {
        async move {
            let row: Option<ScenarioRecord> =
                sqlx::query_as("SELECT id, game, name, text, shipped FROM scenarios WHERE id = ?1")
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?;
            Ok(row)
        }
        .boxed()
    }

    fn list_scenarios<'a>(
        &'a self,
        game: Option<&'a str>,
    ) -> BoxFuture<'a, StoreResult<Vec<ScenarioRecord>>> {
        async move {
            let rows: Vec<ScenarioRecord> = sqlx::query_as(
                "SELECT id, game, name, text, shipped FROM scenarios \
                 WHERE (?1 IS NULL OR game = ?1) ORDER BY game, id",
            )
            .bind(game)
            .fetch_all(&self.pool)
            .await?;
            Ok(rows)
        }
        .boxed()
    }

    fn delete_scenario<'a>(&'a self, id: &'a str) -> BoxFuture<'a, StoreResult<bool>> {
        async move {
            let deleted = sqlx::query("DELETE FROM scenarios WHERE id = ?1")
                .bind(id)
                .execute(&self.pool)
                .await?
                .rows_affected();
            Ok(deleted > 0)
        }
        .boxed()
    }

    fn save_clock(&self, match_id: Uuid, clock: SavedClock) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            sqlx::query(
                "INSERT INTO clocks (match_id, period, remaining_ms, saved_at) \
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT (match_id) DO UPDATE SET \
                 period = excluded.period, remaining_ms = excluded.remaining_ms, \
                 saved_at = excluded.saved_at",
            )
            .bind(match_id.to_string())
            .bind(clock.period)
            .bind(clock.remaining_ms)
            .bind(timestamp(records::now()))
            .execute(&self.pool)
            .await?;
            Ok(())
        }
        .boxed()
    }

    fn saved_clock(&self, match_id: Uuid) -> BoxFuture<'_, StoreResult<Option<SavedClock>>> {
        async move {
            let row: Option<(i64, i64)> =
                sqlx::query_as("SELECT period, remaining_ms FROM clocks WHERE match_id = ?1")
                    .bind(match_id.to_string())
                    .fetch_optional(&self.pool)
                    .await?;
            Ok(row.map(|(period, remaining_ms)| SavedClock {
                period,
                remaining_ms,
            }))
        }
        .boxed()
    }

    fn append_chat<'a>(&'a self, batch: &'a [ChatRecord]) -> BoxFuture<'a, StoreResult<()>> {
        async move {
            if batch.is_empty() {
                return Ok(());
            }
            let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
            for line in batch {
                sqlx::query(
                    "INSERT INTO chat (match_id, n, seat, text, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                )
                .bind(line.match_id.to_string())
                .bind(line.n)
                .bind(&line.seat)
                .bind(&line.text)
                .bind(timestamp(line.at))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(())
        }
        .boxed()
    }

    fn chat(&self, match_id: Uuid, limit: usize) -> BoxFuture<'_, StoreResult<Vec<ChatRecord>>> {
        async move {
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let rows: Vec<(i64, String, String, String)> = sqlx::query_as(
                "SELECT n, seat, text, at FROM \
                 (SELECT n, seat, text, at FROM chat WHERE match_id = ?1 ORDER BY n DESC LIMIT ?2) \
                 ORDER BY n",
            )
            .bind(match_id.to_string())
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
            rows.into_iter()
                .map(|(n, seat, text, at)| {
                    Ok(ChatRecord {
                        match_id,
                        n,
                        seat,
                        text,
                        at: parse_timestamp(&at)?,
                    })
                })
                .collect()
        }
        .boxed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Schema 4 rebuilds the matches table (SQLite cannot change a CHECK in place) with foreign
    /// keys off: the rows that hang off a match must all survive it.
    #[tokio::test]
    async fn schema_4_keeps_every_row_of_an_older_database() {
        let dir = std::env::temp_dir().join(format!("xenotable-m4-{}", Uuid::new_v4().simple()));
        let file = dir.join("old.db");
        std::fs::create_dir_all(&dir).unwrap();
        let options = SqliteConnectOptions::new()
            .filename(&file)
            .create_if_missing(true)
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .unwrap();
        MIGRATOR.run_to(3, &pool).await.unwrap();
        let id = Uuid::new_v4().to_string();
        let at = timestamp(records::now());
        for sql in [
            "INSERT INTO matches (id, game, options, seed, status, outcome, created_at) \
             VALUES (?1, 'artemia', '{}', 5, 'finished', '{\"draw\":true}', ?2)",
            "INSERT INTO seats (match_id, seat, position, name, bot) \
             VALUES (?1, 'creature', 0, 'Bot', 1)",
            "INSERT INTO commands (match_id, seq, seat, action, at) \
             VALUES (?1, 1, 'creature', '{\"type\":\"x\"}', ?2)",
            "INSERT INTO chat (match_id, n, seat, text, at) VALUES (?1, 1, 'creature', 'hi', ?2)",
            "INSERT INTO clocks (match_id, period, remaining_ms, saved_at) VALUES (?1, 1, 5, ?2)",
        ] {
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(&id)
                .bind(&at)
                .execute(&pool)
                .await
                .unwrap();
        }
        pool.close().await;

        let store = SqliteStore::open(&file).await.unwrap();
        let uuid = parse_uuid(&id).unwrap();
        let record = store.get_match(uuid).await.unwrap().expect("the match");
        assert_eq!(record.status, MatchStatus::Finished);
        assert!(!record.seeded);
        assert_eq!(record.seats.len(), 1);
        assert_eq!(store.commands(uuid).await.unwrap().len(), 1);
        assert_eq!(store.chat(uuid, 10).await.unwrap().len(), 1);
        assert!(store.saved_clock(uuid).await.unwrap().is_some());
        let keys: (i64,) = sqlx::query_as("PRAGMA foreign_keys")
            .fetch_one(store.pool())
            .await
            .unwrap();
        assert_eq!(keys.0, 1, "foreign keys are back on");
        let broken: Vec<(String,)> = sqlx::query_as("PRAGMA foreign_key_check")
            .fetch_all(store.pool())
            .await
            .unwrap();
        assert!(broken.is_empty());
        // Deleting the match still cascades to its rows: the references follow the new table.
        sqlx::query("DELETE FROM matches WHERE id = ?1")
            .bind(&id)
            .execute(store.pool())
            .await
            .unwrap();
        assert!(store.commands(uuid).await.unwrap().is_empty());
        store.close().await;
        std::fs::remove_dir_all(&dir).ok();
    }
}
