//! The embedded SQLite backend: the default when no `DATABASE_URL` is given, so the server runs
//! on a fresh machine with nothing but a data directory.
//!
//! Owns the pool, the file's pragmas (WAL, foreign keys, full sync, busy timeout), the embedded
//! `migrations/sqlite` and what SQLite does its own way ([`Dialect`]): it has no UUID or
//! timestamp types, so this file alone converts them to and from the TEXT forms the schema
//! documents; writers take the write lock up front, so rows need no locks of their own; leases
//! are judged by this process's clock; the instance lock is a file beside the database. The
//! queries are [`SqlStore`]'s.

use std::fs::{OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, SecondsFormat, TimeDelta, Utc};
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use sqlx::migrate::Migrator;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteQueryResult,
    SqliteSynchronous,
};
use sqlx::{Pool, QueryBuilder, Sqlite, SqlitePool, Transaction};

use super::sql::{Dialect, SqlStore};
use super::{Backend, InstanceLock, StoreError, StoreResult};
use crate::ids::MatchId;

/// The schema, embedded in the binary.
static MIGRATOR: Migrator = sqlx::migrate!("../migrations/sqlite");

/// Connections to a database file. WAL lets readers run beside the one writer; writers take
/// turns on SQLite's lock, waiting up to [`BUSY_TIMEOUT`].
const MAX_CONNECTIONS: u32 = 8;

/// How long a writer waits for another connection's write transaction before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// A [`Store`](super::Store) on an SQLite file (or, for tests, an in-memory database).
pub type SqliteStore = SqlStore<Sqlite>;

impl SqlStore<Sqlite> {
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
        Ok(SqlStore { pool, place: file })
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

impl Dialect for Sqlite {
    const BACKEND: Backend = Backend::Sqlite;
    /// Hyphenated lowercase, readable in the sqlite3 shell.
    type Id = String;
    /// Fixed-width RFC 3339 in UTC with microseconds, so text order is time order.
    type Time = String;
    /// The database file, for the lock file beside it; `None` in memory.
    type Place = Option<PathBuf>;

    fn id(id: MatchId) -> String {
        id.to_string()
    }

    fn read_id(stored: String) -> StoreResult<MatchId> {
        stored
            .parse()
            .map_err(|_| StoreError::corrupt("match id is not a UUID"))
    }

    fn time(at: DateTime<Utc>) -> String {
        at.to_rfc3339_opts(SecondsFormat::Micros, true)
    }

    fn read_time(stored: String) -> StoreResult<DateTime<Utc>> {
        DateTime::parse_from_rfc3339(&stored)
            .map(|t| t.with_timezone(&Utc))
            .map_err(|_| StoreError::corrupt("timestamp is not RFC 3339"))
    }

    fn rows_affected(result: &SqliteQueryResult) -> u64 {
        result.rows_affected()
    }

    /// IMMEDIATE: takes the write lock (waiting out the busy timeout) before any statement,
    /// instead of failing when a read lock cannot be upgraded.
    fn begin_write(pool: &Pool<Self>) -> BoxFuture<'_, sqlx::Result<Transaction<'static, Self>>> {
        pool.begin_with("BEGIN IMMEDIATE").boxed()
    }

    const ROW_LOCKS: bool = false;

    /// This process's clock, bound: one server process uses the database (the instance lock),
    /// so its clock is the only one. SQLite's own `'now'` keeps only milliseconds.
    fn push_now(query: &mut QueryBuilder<Self>, now: DateTime<Utc>) {
        query.push_bind(Self::time(now));
    }

    fn push_later(query: &mut QueryBuilder<Self>, now: DateTime<Utc>, ttl: TimeDelta) {
        query.push_bind(Self::time(now + ttl));
    }

    fn lock_instance(place: &Option<PathBuf>) -> BoxFuture<'_, StoreResult<InstanceLock>> {
        async move {
            let Some(file) = place else {
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
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;
    use crate::store::{MatchStatus, Store};

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
        let at = Sqlite::time(Utc::now());
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
        let uuid: MatchId = id.parse().unwrap();
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
