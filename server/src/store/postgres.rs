//! The PostgreSQL backend of [`Store`]: production, shared by every server node.
//!
//! Owns the connection pool and the embedded `migrations/postgres`. Writes that span rows are one
//! statement or one transaction; a batch of commands is a single `INSERT ... SELECT FROM UNNEST`,
//! so a group commit costs one round trip and one WAL flush however many rooms it carries.

use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, Utc};
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use serde_json::Value;
use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, PgConnection, PgPool};
use uuid::Uuid;

use super::records::{self, MatchHead};
use super::{
    Backend, ChatRecord, CommandRecord, InstanceLock, MatchRecord, MatchStatus, NewMatch,
    SavedClock, ScenarioRecord, SeatRecord, Store, StoreError, StoreResult, TokenHash,
};

/// The schema, embedded in the binary.
static MIGRATOR: Migrator = sqlx::migrate!("../migrations/postgres");

/// Connections per server node: enough for the group committer, the lobby and recovery at once.
const MAX_CONNECTIONS: u32 = 16;

/// A [`Store`] on PostgreSQL.
#[derive(Debug, Clone)]
pub struct PgStore {
    pool: PgPool,
    /// How to open a connection of its own for the instance lock.
    options: PgConnectOptions,
}

impl PgStore {
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
        Ok(PgStore { pool, options })
    }

    /// The pool, for callers that need PostgreSQL itself (admin tooling, tests).
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }
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

const GET_MATCH: &str = select_matches!("WHERE id = $1", "m.id");
const LIST_MATCHES: &str = select_matches!(
    "WHERE ($1::text IS NULL OR status = $1) ORDER BY created_at DESC, id DESC LIMIT $2",
    "m.created_at DESC, m.id DESC"
);
const UNFINISHED_MATCHES: &str =
    select_matches!("WHERE status IN ('open', 'live')", "m.created_at, m.id");

/// See [`Store::stale_matches`]. `greatest` ignores NULLs.
const STALE_MATCHES: &str = "SELECT id FROM matches AS m \
     WHERE (status = 'open' AND created_at < $1) \
     OR (status = 'live' AND greatest(created_at, active_at, \
         (SELECT max(at) FROM commands WHERE match_id = m.id)) < $2) \
     ORDER BY created_at, id";

/// The advisory lock key of [`Store::lock_instance`]: "xenotabl" as a big-endian integer.
const INSTANCE_LOCK_KEY: i64 = 0x7865_6e6f_7461_626c;

/// One row of [`select_matches!`]: a match and one of its seats (none if it has no seats).
#[derive(sqlx::FromRow)]
struct MatchSeatRow {
    id: Uuid,
    game: String,
    scenario: Option<String>,
    scenario_text: Option<String>,
    options: Value,
    seed: i64,
    seeded: bool,
    status: String,
    outcome: Option<Value>,
    created_at: DateTime<Utc>,
    seat: Option<String>,
    name: Option<String>,
    bot: Option<bool>,
    token_hash: Option<Vec<u8>>,
}

impl MatchSeatRow {
    fn split(self) -> StoreResult<(MatchHead, Option<SeatRecord>)> {
        let head = MatchHead {
            id: self.id,
            game: self.game,
            scenario: self.scenario,
            scenario_text: self.scenario_text,
            options: self.options,
            seed: self.seed,
            seeded: self.seeded,
            status: records::status(&self.status)?,
            outcome: self.outcome,
            created_at: self.created_at,
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
    match_id: Uuid,
    seq: i64,
    seat: String,
    action: Value,
    at: DateTime<Utc>,
}

impl Store for PgStore {
    fn backend(&self) -> Backend {
        Backend::Postgres
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
            let mut tx = self.pool.begin().await?;
            sqlx::query(
                "INSERT INTO matches \
                 (id, game, scenario, scenario_text, options, seed, seeded, status, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8)",
            )
            .bind(new.id)
            .bind(&new.game)
            .bind(&new.scenario)
            .bind(&new.scenario_text)
            .bind(&new.options)
            .bind(new.seed)
            .bind(new.seeded)
            .bind(created_at)
            .execute(&mut *tx)
            .await?;
            for (position, seat) in new.seats.iter().enumerate() {
                let position =
                    i32::try_from(position).map_err(|_| StoreError::corrupt("too many seats"))?;
                sqlx::query(
                    "INSERT INTO seats (match_id, seat, position, name, bot, token_hash) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(new.id)
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
            // One statement: the row lock makes concurrent claims of one seat take turns, and the
            // loser re-checks `token_hash IS NULL` after the winner commits.
            let claimed = sqlx::query(
                "UPDATE seats SET name = $3, token_hash = $4 \
                 WHERE match_id = $1 AND seat = $2 AND NOT bot AND token_hash IS NULL \
                 AND EXISTS (SELECT 1 FROM matches WHERE id = $1 AND status = 'open')",
            )
            .bind(match_id)
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
            let exists = sqlx::query("SELECT 1 FROM seats WHERE match_id = $1 AND seat = $2")
                .bind(match_id)
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
            let updated = sqlx::query("UPDATE matches SET status = $2, outcome = $3 WHERE id = $1")
                .bind(match_id)
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
            let match_ids: Vec<Uuid> = batch.iter().map(|c| c.match_id).collect();
            let seqs: Vec<i64> = batch.iter().map(|c| c.seq).collect();
            let seats: Vec<&str> = batch.iter().map(|c| c.seat.as_str()).collect();
            let actions: Vec<&Value> = batch.iter().map(|c| &c.action).collect();
            let ats: Vec<DateTime<Utc>> = batch.iter().map(|c| c.at).collect();
            // A single statement is a single transaction: any conflicting row aborts them all.
            sqlx::query(
                "INSERT INTO commands (match_id, seq, seat, action, at) \
                 SELECT * FROM UNNEST($1::uuid[], $2::int8[], $3::text[], $4::jsonb[], \
                 $5::timestamptz[])",
            )
            .bind(match_ids)
            .bind(seqs)
            .bind(seats)
            .bind(actions)
            .bind(ats)
            .execute(&self.pool)
            .await?;
            Ok(())
        }
        .boxed()
    }

    fn commands(&self, match_id: Uuid) -> BoxFuture<'_, StoreResult<Vec<CommandRecord>>> {
        async move {
            let rows: Vec<CommandRow> = sqlx::query_as(
                "SELECT match_id, seq, seat, action, at FROM commands \
                 WHERE match_id = $1 ORDER BY seq",
            )
            .bind(match_id)
            .fetch_all(&self.pool)
            .await?;
            Ok(rows
                .into_iter()
                .map(|r| CommandRecord {
                    match_id: r.match_id,
                    seq: r.seq,
                    seat: r.seat,
                    action: r.action,
                    at: r.at,
                })
                .collect())
        }
        .boxed()
    }

    fn get_match(&self, id: Uuid) -> BoxFuture<'_, StoreResult<Option<MatchRecord>>> {
        async move {
            let rows: Vec<MatchSeatRow> = sqlx::query_as(GET_MATCH)
                .bind(id)
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
                 WHERE id = $1 AND status IN ('open', 'live')",
            )
            .bind(match_id)
            .execute(&self.pool)
            .await?
            .rows_affected();
            Ok(updated == 1)
        }
        .boxed()
    }

    fn touch(&self, match_id: Uuid, at: DateTime<Utc>) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            sqlx::query("UPDATE matches SET active_at = $2 WHERE id = $1")
                .bind(match_id)
                .bind(at)
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
            let ids: Vec<(Uuid,)> = sqlx::query_as(STALE_MATCHES)
                .bind(open_before)
                .bind(idle_before)
                .fetch_all(&self.pool)
                .await?;
            Ok(ids.into_iter().map(|(id,)| id).collect())
        }
        .boxed()
    }

    fn lock_instance(&self) -> BoxFuture<'_, StoreResult<InstanceLock>> {
        async move {
            // A connection outside the pool: the lock lives exactly as long as it does.
            let mut conn = PgConnection::connect_with(&self.options)
                .await
                .map_err(StoreError::Connect)?;
            let (locked,): (bool,) = sqlx::query_as("SELECT pg_try_advisory_lock($1)")
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

    fn put_scenario(&self, scenario: ScenarioRecord) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            sqlx::query(
                "INSERT INTO scenarios (id, game, name, text, shipped) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (id) DO UPDATE SET game = EXCLUDED.game, name = EXCLUDED.name, \
                 text = EXCLUDED.text, shipped = EXCLUDED.shipped",
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
                sqlx::query_as("SELECT id, game, name, text, shipped FROM scenarios WHERE id = $1")
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
                 WHERE ($1::text IS NULL OR game = $1) ORDER BY game, id",
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
            let deleted = sqlx::query("DELETE FROM scenarios WHERE id = $1")
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
                 VALUES ($1, $2, $3, $4) ON CONFLICT (match_id) DO UPDATE SET \
                 period = EXCLUDED.period, remaining_ms = EXCLUDED.remaining_ms, \
                 saved_at = EXCLUDED.saved_at",
            )
            .bind(match_id)
            .bind(clock.period)
            .bind(clock.remaining_ms)
            .bind(records::now())
            .execute(&self.pool)
            .await?;
            Ok(())
        }
        .boxed()
    }

    fn saved_clock(&self, match_id: Uuid) -> BoxFuture<'_, StoreResult<Option<SavedClock>>> {
        async move {
            let row: Option<(i64, i64)> =
                sqlx::query_as("SELECT period, remaining_ms FROM clocks WHERE match_id = $1")
                    .bind(match_id)
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
            let match_ids: Vec<Uuid> = batch.iter().map(|c| c.match_id).collect();
            let ns: Vec<i64> = batch.iter().map(|c| c.n).collect();
            let seats: Vec<&str> = batch.iter().map(|c| c.seat.as_str()).collect();
            let texts: Vec<&str> = batch.iter().map(|c| c.text.as_str()).collect();
            let ats: Vec<DateTime<Utc>> = batch.iter().map(|c| c.at).collect();
            // A single statement is a single transaction: any conflicting row aborts them all.
            sqlx::query(
                "INSERT INTO chat (match_id, n, seat, text, at) \
                 SELECT * FROM UNNEST($1::uuid[], $2::int8[], $3::text[], $4::text[], \
                 $5::timestamptz[])",
            )
            .bind(match_ids)
            .bind(ns)
            .bind(seats)
            .bind(texts)
            .bind(ats)
            .execute(&self.pool)
            .await?;
            Ok(())
        }
        .boxed()
    }

    fn chat(&self, match_id: Uuid, limit: usize) -> BoxFuture<'_, StoreResult<Vec<ChatRecord>>> {
        async move {
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let rows: Vec<(i64, String, String, DateTime<Utc>)> = sqlx::query_as(
                "SELECT n, seat, text, at FROM \
                 (SELECT n, seat, text, at FROM chat WHERE match_id = $1 ORDER BY n DESC LIMIT $2) \
                 AS latest ORDER BY n",
            )
            .bind(match_id)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
            Ok(rows
                .into_iter()
                .map(|(n, seat, text, at)| ChatRecord {
                    match_id,
                    n,
                    seat,
                    text,
                    at,
                })
                .collect())
        }
        .boxed()
    }
}
