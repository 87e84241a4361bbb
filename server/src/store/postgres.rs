//! The PostgreSQL backend: production, shared by every server node.
//!
//! Owns the connection pool, the embedded `migrations/postgres` and what PostgreSQL does its own
//! way ([`Dialect`]): native `UUID` and `TIMESTAMPTZ` columns, the instance lock as a session
//! advisory lock, leases judged by the database's clock, and row locks. The queries are
//! [`SqlStore`]'s.

use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions, PgQueryResult};
use sqlx::{Connection, PgConnection, Pool, Postgres, QueryBuilder, Transaction};
use uuid::Uuid;

use super::sql::{Dialect, SqlStore};
use super::{Backend, InstanceLock, StoreError, StoreResult};
use crate::ids::MatchId;

/// The schema, embedded in the binary.
static MIGRATOR: Migrator = sqlx::migrate!("../migrations/postgres");

/// Connections per server node: enough for the group committer, the lobby and recovery at once.
const MAX_CONNECTIONS: u32 = 16;

/// The advisory lock key of [`Store::lock_instance`](super::Store::lock_instance): "xenotabl"
/// as a big-endian integer.
const INSTANCE_LOCK_KEY: i64 = 0x7865_6e6f_7461_626c;

/// A [`Store`](super::Store) on PostgreSQL.
pub type PgStore = SqlStore<Postgres>;

impl SqlStore<Postgres> {
    /// Connects to `url` (`postgres://...`) and brings its schema up to date.
    pub async fn connect(url: &str) -> StoreResult<Self> {
        let options = PgConnectOptions::from_str(url).map_err(|e| StoreError::BadUrl(Some(e)))?;
        Self::connect_with(options).await
    }

    /// Connects with explicit options and brings the schema up to date.
    pub async fn connect_with(options: PgConnectOptions) -> StoreResult<Self> {
        let pool = PgPoolOptions::new()
            .max_connections(MAX_CONNECTIONS)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options.clone())
            .await
            .map_err(StoreError::Connect)?;
        // Several nodes may start at once: the migrator serializes them with an advisory lock.
        MIGRATOR.run(&pool).await.map_err(StoreError::Migrate)?;
        Ok(SqlStore {
            pool,
            place: options,
        })
    }
}

impl Dialect for Postgres {
    const BACKEND: Backend = Backend::Postgres;
    type Id = Uuid;
    type Time = DateTime<Utc>;
    /// How to open a connection of its own for the instance lock.
    type Place = PgConnectOptions;

    fn id(id: MatchId) -> Uuid {
        id.uuid()
    }

    fn read_id(stored: Uuid) -> StoreResult<MatchId> {
        Ok(MatchId::from(stored))
    }

    /// sqlx sends whole microseconds, which `TIMESTAMPTZ` keeps exactly.
    fn time(at: DateTime<Utc>) -> DateTime<Utc> {
        at
    }

    fn read_time(stored: DateTime<Utc>) -> StoreResult<DateTime<Utc>> {
        Ok(stored)
    }

    fn rows_affected(result: &PgQueryResult) -> u64 {
        result.rows_affected()
    }

    fn begin_write(pool: &Pool<Self>) -> BoxFuture<'_, sqlx::Result<Transaction<'static, Self>>> {
        pool.begin().boxed()
    }

    const ROW_LOCKS: bool = true;

    /// The database's clock (the start of the statement's transaction), so the clocks of the
    /// nodes sharing it do not matter: `now` is not used.
    fn push_now(query: &mut QueryBuilder<Self>, _now: DateTime<Utc>) {
        query.push("now()");
    }

    fn push_later(query: &mut QueryBuilder<Self>, _now: DateTime<Utc>, ttl: TimeDelta) {
        query.push("now() + make_interval(secs => ");
        query.push_bind(ttl.as_seconds_f64());
        query.push(")");
    }

    fn lock_instance(place: &PgConnectOptions) -> BoxFuture<'_, StoreResult<InstanceLock>> {
        async move {
            // A connection outside the pool: the lock lives exactly as long as it does.
            let mut conn = PgConnection::connect_with(place)
                .await
                .map_err(StoreError::Connect)?;
            let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                .bind(INSTANCE_LOCK_KEY)
                .fetch_one(&mut conn)
                .await?;
            if locked {
                Ok(InstanceLock::Postgres(conn))
            } else {
                Err(StoreError::Locked)
            }
        }
        .boxed()
    }
}
