//! The one implementation of [`Store`] for both backends: every query, and the mapping from rows
//! to records, written once over a [`Dialect`].
//!
//! The SQL text is the same on both. sqlx's SQLite driver reads `$N` as the Nth argument, as
//! PostgreSQL does, and the statements keep to what both understand (`ON CONFLICT ... DO UPDATE
//! SET x = excluded.x`, `NOT EXISTS` where PostgreSQL alone would say `greatest`). What the two
//! really do differently is behind [`Dialect`], implemented in `postgres.rs` and `sqlite.rs`:
//! - how a match id and a timestamp are stored: native `UUID` and `TIMESTAMPTZ`, or TEXT on
//!   SQLite, which has neither (its schema documents the forms);
//! - how a write transaction begins: SQLite takes its write lock up front;
//! - how many rows a statement changed (sqlx has no backend-neutral accessor);
//! - the instance lock: an advisory lock, or a lock file beside the database;
//! - the clock that judges leases: the database's on PostgreSQL, the server's on SQLite;
//! - row locks: PostgreSQL's `FOR SHARE` and `FOR UPDATE`, which SQLite, with one writer at a
//!   time, neither has nor needs.
//!
//! A batch of commands or chat lines (a group commit) is one multi-row `INSERT`: one statement,
//! one transaction and one flush however many rooms it carries.
//!
//! Stored text becomes typed values here, once: a seat, an author or a status that does not
//! parse is [`StoreError::Corrupt`], never a record quietly left out.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use serde_json::Value;
use sqlx::database::HasStatementCache;
use sqlx::query_builder::Separated;
use sqlx::{
    ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, QueryBuilder,
    Transaction, Type,
};
use xenotable_protocol::{BotLevel, MatchStatus, Seat};

use crate::games::GameId;
use crate::ids::{MatchId, ScenarioId};

use super::{
    Backend, ChatRecord, CommandRecord, InstanceLock, Lease, MAX_LEASE_TTL, MatchRecord, NewMatch,
    SavedClock, ScenarioRecord, SeatRecord, Store, StoreError, StoreResult, TokenHash,
};

/// What one SQL backend does its own way; everything else is [`SqlStore`]'s.
pub trait Dialect: Database + HasStatementCache {
    /// Which backend this is.
    const BACKEND: Backend;

    /// How a match id is stored.
    type Id: Field<Self>;

    /// How a timestamp is stored, to the microsecond.
    type Time: Field<Self>;

    /// Where the database is, as far as [`Dialect::lock_instance`] needs to know.
    type Place: fmt::Debug + Clone + Send + Sync;

    /// The stored form of a match id.
    fn id(id: MatchId) -> Self::Id;

    /// Reads a stored match id back.
    fn read_id(stored: Self::Id) -> StoreResult<MatchId>;

    /// The stored form of a time. Digits finer than the microsecond are dropped.
    fn time(at: DateTime<Utc>) -> Self::Time;

    /// Reads a stored time back.
    fn read_time(stored: Self::Time) -> StoreResult<DateTime<Utc>>;

    /// How many rows a statement inserted, updated or deleted.
    fn rows_affected(result: &Self::QueryResult) -> u64;

    /// Begins a transaction that will write.
    fn begin_write(pool: &Pool<Self>) -> BoxFuture<'_, sqlx::Result<Transaction<'static, Self>>>;

    /// Takes the database at `place` for this process ([`Store::lock_instance`]).
    fn lock_instance(place: &Self::Place) -> BoxFuture<'_, StoreResult<InstanceLock>>;

    /// Whether a `SELECT` can lock the rows it reads (`FOR SHARE`, `FOR UPDATE`): PostgreSQL,
    /// where writers run side by side. SQLite's writers take turns on one lock, so a write
    /// transaction ([`Dialect::begin_write`]) already keeps every other writer out.
    const ROW_LOCKS: bool;

    /// Pushes the current time as leases are judged: the database's clock, or `now` (this
    /// process's clock, read once per operation) where the backend has one server process.
    fn push_now(query: &mut QueryBuilder<Self>, now: DateTime<Utc>);

    /// Pushes the time `ttl` after the one [`Dialect::push_now`] pushes.
    fn push_later(query: &mut QueryBuilder<Self>, now: DateTime<Utc>, ttl: TimeDelta);
}

/// A Rust type that backend `DB` both binds and reads.
pub trait Field<DB: Database>:
    for<'q> Encode<'q, DB> + for<'r> Decode<'r, DB> + Type<DB> + Send + Unpin
{
}

impl<DB: Database, T> Field<DB> for T where
    T: for<'q> Encode<'q, DB> + for<'r> Decode<'r, DB> + Type<DB> + Send + Unpin
{
}

/// A [`Store`] on an SQL database: [`PgStore`](super::PgStore) or
/// [`SqliteStore`](super::SqliteStore).
pub struct SqlStore<D: Dialect> {
    pub(super) pool: Pool<D>,
    pub(super) place: D::Place,
}

impl<D: Dialect> SqlStore<D> {
    /// The pool, for callers that need the database itself (admin tooling, tests).
    pub fn pool(&self) -> &Pool<D> {
        &self.pool
    }
}

impl<D: Dialect> Clone for SqlStore<D> {
    fn clone(&self) -> Self {
        SqlStore {
            pool: self.pool.clone(),
            place: self.place.clone(),
        }
    }
}

impl<D: Dialect> fmt::Debug for SqlStore<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SqlStore")
            .field("backend", &D::BACKEND)
            .field("place", &self.place)
            .finish_non_exhaustive()
    }
}

/// Rows per multi-row `INSERT`: 5,000 arguments, under SQLite's 32,766 and PostgreSQL's 65,535.
/// A larger batch is written a statement per this many rows, in one transaction.
const ROWS_PER_INSERT: usize = 1000;

/// Reads one match (or a page of them) with its seats in one statement, so the seats always
/// belong to the same snapshot as the matches. `$filter` selects and orders the matches;
/// `$order` repeats that order on the joined rows.
macro_rules! select_matches {
    ($filter:literal, $order:literal) => {
        concat!(
            "SELECT m.id, m.game, m.scenario, m.scenario_text, m.options, m.seed, m.seeded, ",
            "m.bots_take_over, m.status, m.outcome, m.created_at, ",
            "s.seat, s.name, s.bot, s.bot_level, s.token_hash, s.stand_in ",
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
    "WHERE ($1 IS NULL OR status = $1) ORDER BY created_at DESC, id DESC LIMIT $2",
    "m.created_at DESC, m.id DESC"
);
const UNFINISHED_MATCHES: &str =
    select_matches!("WHERE status IN ('open', 'live')", "m.created_at, m.id");

/// See [`Store::stale_matches`]: a live match is stale when its creation, the last visit and
/// every command all came before `$2`.
const STALE_MATCHES: &str = "SELECT id FROM matches AS m \
     WHERE (status = 'open' AND created_at < $1) \
     OR (status = 'live' AND created_at < $2 AND (active_at IS NULL OR active_at < $2) \
         AND NOT EXISTS (SELECT 1 FROM commands AS c WHERE c.match_id = m.id AND c.at >= $2)) \
     ORDER BY created_at, id";

/// One row of [`select_matches!`]: a match and one of its seats (none if it has no seats).
#[derive(sqlx::FromRow)]
struct MatchSeatRow<Id, Time> {
    id: Id,
    game: String,
    scenario: Option<String>,
    scenario_text: Option<String>,
    options: Value,
    seed: i64,
    seeded: bool,
    bots_take_over: bool,
    status: String,
    outcome: Option<Value>,
    created_at: Time,
    seat: Option<String>,
    name: Option<String>,
    bot: Option<bool>,
    bot_level: Option<String>,
    token_hash: Option<Vec<u8>>,
    stand_in: Option<String>,
}

/// Folds match-and-seat rows, ordered by match then seat position, into records: consecutive
/// rows of one match become one record.
fn matches<D: Dialect>(rows: Vec<MatchSeatRow<D::Id, D::Time>>) -> StoreResult<Vec<MatchRecord>> {
    let mut matches: Vec<MatchRecord> = Vec::new();
    for row in rows {
        let id = D::read_id(row.id)?;
        if matches.last().is_none_or(|last| last.id != id) {
            matches.push(MatchRecord {
                id,
                game: row
                    .game
                    .parse()
                    .map_err(|_| StoreError::corrupt("a match of no known game"))?,
                scenario: row
                    .scenario
                    .map(|id| id.parse())
                    .transpose()
                    .map_err(|_| StoreError::corrupt("a match's scenario id is no scenario id"))?,
                scenario_text: row.scenario_text,
                options: row.options,
                seed: row.seed,
                seeded: row.seeded,
                bots_take_over: row.bots_take_over,
                status: row
                    .status
                    .parse()
                    .map_err(|_| StoreError::corrupt("unknown match status"))?,
                outcome: row.outcome,
                created_at: D::read_time(row.created_at)?,
                seats: Vec::new(),
            });
        }
        if let (Some(seat), Some(last)) = (row.seat, matches.last_mut()) {
            last.seats.push(SeatRecord {
                seat: parse_seat(&seat)?,
                name: row.name,
                bot: bot_level(row.bot, row.bot_level)?,
                token_hash: row.token_hash.map(token_hash).transpose()?,
                stand_in: row
                    .stand_in
                    .map(|level| level.parse())
                    .transpose()
                    .map_err(|_| StoreError::corrupt("a stand-in of no known level"))?,
            });
        }
    }
    Ok(matches)
}

/// A stored seat's bot: none, or its level; a bot stored before levels existed is `random`.
fn bot_level(bot: Option<bool>, level: Option<String>) -> StoreResult<Option<BotLevel>> {
    if bot != Some(true) {
        return Ok(None);
    }
    level
        .map_or(Ok(BotLevel::Random), |level| level.parse())
        .map(Some)
        .map_err(|_| StoreError::corrupt("a bot of no known level"))
}

#[derive(sqlx::FromRow)]
struct CommandRow<Id, Time> {
    match_id: Id,
    seq: i64,
    seat: String,
    action: Value,
    at: Time,
    epoch: Option<i64>,
}

impl<Id, Time> CommandRow<Id, Time> {
    fn record<D: Dialect<Id = Id, Time = Time>>(self) -> StoreResult<CommandRecord> {
        Ok(CommandRecord {
            match_id: D::read_id(self.match_id)?,
            seq: self.seq,
            author: self
                .seat
                .parse()
                .map_err(|_| StoreError::corrupt("a command's author is no seat"))?,
            action: self.action,
            at: D::read_time(self.at)?,
            epoch: self.epoch,
        })
    }
}

/// The columns of a command, in the order [`SqlStore::push_command`] binds them.
const INSERT_COMMANDS: &str = "INSERT INTO commands (match_id, seq, seat, action, at, epoch) ";

#[derive(sqlx::FromRow)]
struct LeaseRow<Id, Time> {
    match_id: Id,
    node: String,
    epoch: i64,
    expires_at: Time,
}

impl<Id, Time> LeaseRow<Id, Time> {
    fn record<D: Dialect<Id = Id, Time = Time>>(self) -> StoreResult<Lease> {
        Ok(Lease {
            match_id: D::read_id(self.match_id)?,
            node: self.node,
            epoch: self.epoch,
            expires_at: D::read_time(self.expires_at)?,
        })
    }
}

/// A lease's time to live as the store grants it: capped at [`MAX_LEASE_TTL`], whole
/// microseconds.
fn lease_ttl(ttl: Duration) -> TimeDelta {
    let micros = ttl.min(MAX_LEASE_TTL).as_micros();
    TimeDelta::microseconds(i64::try_from(micros).unwrap_or(i64::MAX))
}

#[derive(sqlx::FromRow)]
struct ChatRow<Time> {
    n: i64,
    seat: String,
    text: String,
    at: Time,
}

fn parse_seat(text: &str) -> StoreResult<Seat> {
    text.parse()
        .map_err(|_| StoreError::corrupt("unknown seat"))
}

fn token_hash(bytes: Vec<u8>) -> StoreResult<TokenHash> {
    TokenHash::try_from(bytes.as_slice())
        .map_err(|_| StoreError::corrupt("token hash is not 32 bytes"))
}

/// Now, truncated to the microseconds both backends keep, so a record returned by a write
/// equals the one read back later.
fn now() -> DateTime<Utc> {
    let now = Utc::now();
    DateTime::from_timestamp_micros(now.timestamp_micros()).unwrap_or(now)
}

/// The record of a match just created from `new`.
fn created(new: NewMatch, created_at: DateTime<Utc>) -> MatchRecord {
    MatchRecord {
        id: new.id,
        game: new.game,
        scenario: new.scenario,
        scenario_text: new.scenario_text,
        options: new.options,
        seed: new.seed,
        seeded: new.seeded,
        bots_take_over: new.bots_take_over,
        status: MatchStatus::Open,
        outcome: None,
        created_at,
        seats: new.seats.into_iter().map(SeatRecord::from).collect(),
    }
}

impl<D: Dialect> SqlStore<D>
where
    for<'c> &'c mut D::Connection: Executor<'c, Database = D>,
    D::Arguments: IntoArguments<D>,
    usize: ColumnIndex<D::Row>,
    String: Field<D>,
    i64: Field<D>,
    Option<i64>: Field<D>,
    Value: Field<D>,
{
    /// The answer of a seat update that changed nothing: `Ok(false)` if the seat exists (the
    /// update's conditions refused it), [`StoreError::NotFound`] if the match or the seat does
    /// not.
    async fn unchanged_seat(&self, match_id: MatchId, seat: Seat) -> StoreResult<bool> {
        let exists = sqlx::query("SELECT 1 FROM seats WHERE match_id = $1 AND seat = $2")
            .bind(D::id(match_id))
            .bind(seat.to_string())
            .fetch_optional(&self.pool)
            .await?
            .is_some();
        if exists {
            Ok(false)
        } else {
            Err(StoreError::NotFound)
        }
    }

    /// Inserts `rows` all or nothing with `insert` (`INSERT INTO t (columns) `), each row's
    /// values given by `push`: one multi-row statement, which is its own transaction, or past
    /// [`ROWS_PER_INSERT`] rows one statement per chunk in one transaction.
    async fn insert_all<R>(
        &self,
        insert: &'static str,
        rows: &[R],
        mut push: impl FnMut(Separated<'_, D, &'static str>, &R),
    ) -> StoreResult<()> {
        if rows.len() <= ROWS_PER_INSERT {
            if !rows.is_empty() {
                // Its text varies with the batch's size: not worth a cached prepared statement.
                QueryBuilder::<D>::new(insert)
                    .push_values(rows, push)
                    .build()
                    .persistent(false)
                    .execute(&self.pool)
                    .await?;
            }
            return Ok(());
        }
        let mut tx = D::begin_write(&self.pool).await?;
        Self::insert_within(&mut tx, insert, rows, &mut push).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Inserts `rows` within `tx` as [`SqlStore::insert_all`] does: one multi-row statement per
    /// [`ROWS_PER_INSERT`] rows.
    async fn insert_within<R>(
        tx: &mut Transaction<'static, D>,
        insert: &'static str,
        rows: &[R],
        mut push: impl FnMut(Separated<'_, D, &'static str>, &R),
    ) -> StoreResult<()> {
        for chunk in rows.chunks(ROWS_PER_INSERT) {
            QueryBuilder::<D>::new(insert)
                .push_values(chunk, &mut push)
                .build()
                .persistent(false)
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    /// Binds a command's values, in the order of [`INSERT_COMMANDS`].
    fn push_command(mut row: Separated<'_, D, &'static str>, command: &CommandRecord) {
        row.push_bind(D::id(command.match_id))
            .push_bind(command.seq)
            .push_bind(command.author.to_string())
            .push_bind(command.action.clone())
            .push_bind(D::time(command.at))
            .push_bind(command.epoch);
    }

    /// The fencing of [`Store::append_commands`], within its transaction `tx` and before any
    /// insert: [`StoreError::Fenced`] unless every command of `batch` that has an epoch carries
    /// its match's current lease epoch.
    ///
    /// On PostgreSQL the lease rows are read `FOR SHARE`, and that lock is what makes fencing
    /// sound. Taking a lease over is an `UPDATE` of its row, which conflicts with the share
    /// lock, so it cannot slip between this check and the commit: a takeover that comes later
    /// waits until the append has committed, and the new holder, which reads the log once its
    /// take has committed, sees every command appended here. A takeover already under way
    /// (updated, not committed) makes this read wait for it, then read the new epoch (`READ
    /// COMMITTED` re-reads a row it had to wait for), and the batch is fenced. A plain read
    /// would instead see the last committed epoch and let a stale holder append behind the
    /// new one's back. The rows are locked in match id order, as `renew_leases` locks them,
    /// so an append and a renewal of the same matches never deadlock. On SQLite the write
    /// transaction holds the database's one write lock from `BEGIN IMMEDIATE` on: no take
    /// runs between the check and the commit.
    async fn fence(tx: &mut Transaction<'static, D>, batch: &[CommandRecord]) -> StoreResult<()> {
        let mut fenced: Vec<MatchId> = batch
            .iter()
            .filter(|command| command.epoch.is_some())
            .map(|command| command.match_id)
            .collect();
        fenced.sort_unstable();
        fenced.dedup();
        let mut current = HashMap::with_capacity(fenced.len());
        for chunk in fenced.chunks(ROWS_PER_INSERT) {
            let mut query = QueryBuilder::<D>::new(
                "SELECT match_id, epoch FROM match_leases WHERE match_id IN (",
            );
            let mut ids = query.separated(", ");
            for id in chunk {
                ids.push_bind(D::id(*id));
            }
            query.push(") ORDER BY match_id");
            if D::ROW_LOCKS {
                query.push(" FOR SHARE");
            }
            let rows: Vec<(D::Id, i64)> = query
                .build_query_as()
                .persistent(false)
                .fetch_all(&mut **tx)
                .await?;
            for (id, epoch) in rows {
                current.insert(D::read_id(id)?, epoch);
            }
        }
        let stale = batch.iter().any(|command| {
            command
                .epoch
                .is_some_and(|epoch| current.get(&command.match_id) != Some(&epoch))
        });
        if stale {
            Err(StoreError::Fenced)
        } else {
            Ok(())
        }
    }

    /// The statement of [`Store::renew_leases`] for `held`: extends the leases `node` still
    /// holds with the given epochs and returns their match ids. On PostgreSQL the subquery locks
    /// the rows in match id order, as an append's fencing does, so the two never deadlock.
    fn renewal(
        node: &str,
        held: &[(MatchId, i64)],
        now: DateTime<Utc>,
        ttl: TimeDelta,
    ) -> QueryBuilder<D> {
        let mut query = QueryBuilder::<D>::new("UPDATE match_leases SET expires_at = ");
        D::push_later(&mut query, now, ttl);
        query.push(" WHERE match_id IN (SELECT match_id FROM match_leases WHERE node = ");
        query.push_bind(node.to_owned());
        query.push(" AND (match_id, epoch) IN (");
        query.push_values(held, |mut row, (id, epoch)| {
            row.push_bind(D::id(*id)).push_bind(*epoch);
        });
        query.push(") ORDER BY match_id");
        if D::ROW_LOCKS {
            query.push(" FOR UPDATE");
        }
        query.push(") RETURNING match_id");
        query
    }
}

impl<D: Dialect> Store for SqlStore<D>
where
    for<'c> &'c mut D::Connection: Executor<'c, Database = D>,
    D::Arguments: IntoArguments<D>,
    for<'r> &'r str: ColumnIndex<D::Row>,
    usize: ColumnIndex<D::Row>,
    String: Field<D>,
    Option<String>: Field<D>,
    i64: Field<D>,
    Option<i64>: Field<D>,
    bool: Field<D>,
    Option<bool>: Field<D>,
    Option<Vec<u8>>: Field<D>,
    Value: Field<D>,
    Option<Value>: Field<D>,
{
    fn backend(&self) -> Backend {
        D::BACKEND
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
            let created_at = now();
            let mut tx = D::begin_write(&self.pool).await?;
            sqlx::query(
                "INSERT INTO matches \
                 (id, game, scenario, scenario_text, options, seed, seeded, bots_take_over, \
                 status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', $9)",
            )
            .bind(D::id(new.id))
            .bind(new.game.to_string())
            .bind(new.scenario.as_ref().map(ScenarioId::to_string))
            .bind(&new.scenario_text)
            .bind(&new.options)
            .bind(new.seed)
            .bind(new.seeded)
            .bind(new.bots_take_over)
            .bind(D::time(created_at))
            .execute(&mut *tx)
            .await?;
            for (position, seat) in new.seats.iter().enumerate() {
                let position =
                    i64::try_from(position).map_err(|_| StoreError::corrupt("too many seats"))?;
                sqlx::query(
                    "INSERT INTO seats (match_id, seat, position, name, bot, bot_level, token_hash) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(D::id(new.id))
                .bind(seat.seat.to_string())
                .bind(position)
                .bind(&seat.name)
                .bind(seat.bot.is_some())
                .bind(seat.bot.map(|level| level.as_str().to_owned()))
                .bind(seat.token_hash.map(|h| h.to_vec()))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(created(new, created_at))
        }
        .boxed()
    }

    fn claim_seat<'a>(
        &'a self,
        match_id: MatchId,
        seat: Seat,
        name: &'a str,
        token_hash: TokenHash,
    ) -> BoxFuture<'a, StoreResult<bool>> {
        async move {
            // One statement: of two claims of one seat, the second sees the first one's token
            // and updates nothing (PostgreSQL re-checks the row once the first commits; SQLite
            // has one writer at a time).
            let claimed = sqlx::query(
                "UPDATE seats SET name = $3, token_hash = $4 \
                 WHERE match_id = $1 AND seat = $2 AND NOT bot AND token_hash IS NULL \
                 AND EXISTS (SELECT 1 FROM matches WHERE id = $1 AND status = 'open')",
            )
            .bind(D::id(match_id))
            .bind(seat.to_string())
            .bind(name.to_owned())
            .bind(Some(token_hash.to_vec()))
            .execute(&self.pool)
            .await?;
            if D::rows_affected(&claimed) == 1 {
                return Ok(true);
            }
            self.unchanged_seat(match_id, seat).await
        }
        .boxed()
    }

    fn set_stand_in(
        &self,
        match_id: MatchId,
        seat: Seat,
        level: Option<BotLevel>,
    ) -> BoxFuture<'_, StoreResult<bool>> {
        async move {
            // The conditions keep, on SQLite too, what PostgreSQL's `stand_in_for_a_person`
            // constraint says: only a person's seat that has a player, and only while live.
            let set = sqlx::query(
                "UPDATE seats SET stand_in = $3 \
                 WHERE match_id = $1 AND seat = $2 AND NOT bot AND token_hash IS NOT NULL \
                 AND EXISTS (SELECT 1 FROM matches WHERE id = $1 AND status = 'live')",
            )
            .bind(D::id(match_id))
            .bind(seat.to_string())
            .bind(level.map(|level| level.as_str().to_owned()))
            .execute(&self.pool)
            .await?;
            if D::rows_affected(&set) == 1 {
                return Ok(true);
            }
            self.unchanged_seat(match_id, seat).await
        }
        .boxed()
    }

    fn set_status(
        &self,
        match_id: MatchId,
        status: MatchStatus,
        outcome: Option<Value>,
    ) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            let updated = sqlx::query("UPDATE matches SET status = $2, outcome = $3 WHERE id = $1")
                .bind(D::id(match_id))
                .bind(status.as_str().to_owned())
                .bind(outcome)
                .execute(&self.pool)
                .await?;
            if D::rows_affected(&updated) == 0 {
                Err(StoreError::NotFound)
            } else {
                Ok(())
            }
        }
        .boxed()
    }

    fn append_commands<'a>(&'a self, batch: &'a [CommandRecord]) -> BoxFuture<'a, StoreResult<()>> {
        async move {
            if batch.iter().all(|command| command.epoch.is_none()) {
                return self
                    .insert_all(INSERT_COMMANDS, batch, Self::push_command)
                    .await;
            }
            let mut tx = D::begin_write(&self.pool).await?;
            Self::fence(&mut tx, batch).await?;
            Self::insert_within(&mut tx, INSERT_COMMANDS, batch, Self::push_command).await?;
            tx.commit().await?;
            Ok(())
        }
        .boxed()
    }

    fn commands(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<Vec<CommandRecord>>> {
        async move {
            let rows: Vec<CommandRow<D::Id, D::Time>> = sqlx::query_as(
                "SELECT match_id, seq, seat, action, at, epoch FROM commands \
                 WHERE match_id = $1 ORDER BY seq",
            )
            .bind(D::id(match_id))
            .fetch_all(&self.pool)
            .await?;
            rows.into_iter().map(CommandRow::record::<D>).collect()
        }
        .boxed()
    }

    fn get_match(&self, id: MatchId) -> BoxFuture<'_, StoreResult<Option<MatchRecord>>> {
        async move {
            let rows = sqlx::query_as(GET_MATCH)
                .bind(D::id(id))
                .fetch_all(&self.pool)
                .await?;
            Ok(matches::<D>(rows)?.pop())
        }
        .boxed()
    }

    fn list_matches(
        &self,
        status: Option<MatchStatus>,
        limit: usize,
    ) -> BoxFuture<'_, StoreResult<Vec<MatchRecord>>> {
        async move {
            let rows = sqlx::query_as(LIST_MATCHES)
                .bind(status.map(|s| s.as_str().to_owned()))
                .bind(i64::try_from(limit).unwrap_or(i64::MAX))
                .fetch_all(&self.pool)
                .await?;
            matches::<D>(rows)
        }
        .boxed()
    }

    fn unfinished_matches(&self) -> BoxFuture<'_, StoreResult<Vec<MatchRecord>>> {
        async move {
            let rows = sqlx::query_as(UNFINISHED_MATCHES)
                .fetch_all(&self.pool)
                .await?;
            matches::<D>(rows)
        }
        .boxed()
    }

    fn abandon(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<bool>> {
        async move {
            let updated = sqlx::query(
                "UPDATE matches SET status = 'abandoned' \
                 WHERE id = $1 AND status IN ('open', 'live')",
            )
            .bind(D::id(match_id))
            .execute(&self.pool)
            .await?;
            Ok(D::rows_affected(&updated) == 1)
        }
        .boxed()
    }

    fn touch(&self, match_id: MatchId, at: DateTime<Utc>) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            sqlx::query("UPDATE matches SET active_at = $2 WHERE id = $1")
                .bind(D::id(match_id))
                .bind(D::time(at))
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
    ) -> BoxFuture<'_, StoreResult<Vec<MatchId>>> {
        async move {
            let ids: Vec<D::Id> = sqlx::query_scalar(STALE_MATCHES)
                .bind(D::time(open_before))
                .bind(D::time(idle_before))
                .fetch_all(&self.pool)
                .await?;
            ids.into_iter().map(D::read_id).collect()
        }
        .boxed()
    }

    fn lock_instance(&self) -> BoxFuture<'_, StoreResult<InstanceLock>> {
        D::lock_instance(&self.place)
    }

    fn put_scenario(&self, scenario: ScenarioRecord) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            sqlx::query(
                "INSERT INTO scenarios (id, game, name, text, shipped) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (id) DO UPDATE SET game = excluded.game, name = excluded.name, \
                 text = excluded.text, shipped = excluded.shipped",
            )
            .bind(scenario.id.to_string())
            .bind(scenario.game.to_string())
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
        id: &'a ScenarioId,
    ) -> BoxFuture<'a, StoreResult<Option<ScenarioRecord>>> {
        async move {
            let row: Option<ScenarioRecord> =
                sqlx::query_as("SELECT id, game, name, text, shipped FROM scenarios WHERE id = $1")
                    .bind(id.to_string())
                    .fetch_optional(&self.pool)
                    .await?;
            Ok(row)
        }
        .boxed()
    }

    fn list_scenarios<'a>(
        &'a self,
        game: Option<GameId>,
    ) -> BoxFuture<'a, StoreResult<Vec<ScenarioRecord>>> {
        async move {
            let rows: Vec<ScenarioRecord> = sqlx::query_as(
                "SELECT id, game, name, text, shipped FROM scenarios \
                 WHERE ($1 IS NULL OR game = $1) ORDER BY game, id",
            )
            .bind(game.map(|g| g.to_string()))
            .fetch_all(&self.pool)
            .await?;
            Ok(rows)
        }
        .boxed()
    }

    fn delete_scenario<'a>(&'a self, id: &'a ScenarioId) -> BoxFuture<'a, StoreResult<bool>> {
        async move {
            let deleted = sqlx::query("DELETE FROM scenarios WHERE id = $1")
                .bind(id.to_string())
                .execute(&self.pool)
                .await?;
            Ok(D::rows_affected(&deleted) > 0)
        }
        .boxed()
    }

    fn save_clock(&self, match_id: MatchId, clock: SavedClock) -> BoxFuture<'_, StoreResult<()>> {
        async move {
            sqlx::query(
                "INSERT INTO clocks (match_id, period, remaining_ms, saved_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (match_id) DO UPDATE SET \
                 period = excluded.period, remaining_ms = excluded.remaining_ms, \
                 saved_at = excluded.saved_at",
            )
            .bind(D::id(match_id))
            .bind(clock.period)
            .bind(clock.remaining_ms)
            .bind(D::time(now()))
            .execute(&self.pool)
            .await?;
            Ok(())
        }
        .boxed()
    }

    fn saved_clock(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<Option<SavedClock>>> {
        async move {
            let clock: Option<SavedClock> =
                sqlx::query_as("SELECT period, remaining_ms FROM clocks WHERE match_id = $1")
                    .bind(D::id(match_id))
                    .fetch_optional(&self.pool)
                    .await?;
            Ok(clock)
        }
        .boxed()
    }

    fn take_lease<'a>(
        &'a self,
        match_id: MatchId,
        node: &'a str,
        ttl: Duration,
    ) -> BoxFuture<'a, StoreResult<Option<Lease>>> {
        async move {
            let (now, ttl) = (now(), lease_ttl(ttl));
            // One statement, so deciding and writing are one atomic step. Of two nodes taking
            // at once, PostgreSQL makes the second wait for the row the first inserted or
            // updated, then re-checks the WHERE on it and finds it held; SQLite has one writer
            // at a time.
            let mut query = QueryBuilder::<D>::new(
                "INSERT INTO match_leases (match_id, node, epoch, expires_at) VALUES (",
            );
            query.push_bind(D::id(match_id));
            query.push(", ");
            query.push_bind(node.to_owned());
            query.push(", 1, ");
            D::push_later(&mut query, now, ttl);
            // A renewal keeps the epoch; a takeover of an expired lease, even by the node that
            // held it, starts a new one, which fences whatever the old holding still had in
            // flight.
            query.push(
                ") ON CONFLICT (match_id) DO UPDATE SET epoch = CASE \
                 WHEN match_leases.node = excluded.node AND match_leases.expires_at > ",
            );
            D::push_now(&mut query, now);
            query.push(
                " THEN match_leases.epoch ELSE match_leases.epoch + 1 END, \
                 node = excluded.node, expires_at = excluded.expires_at \
                 WHERE match_leases.node = excluded.node OR match_leases.expires_at <= ",
            );
            D::push_now(&mut query, now);
            query.push(" RETURNING match_id, node, epoch, expires_at");
            let row: Option<LeaseRow<D::Id, D::Time>> =
                query.build_query_as().fetch_optional(&self.pool).await?;
            row.map(LeaseRow::record::<D>).transpose()
        }
        .boxed()
    }

    fn renew_leases<'a>(
        &'a self,
        node: &'a str,
        held: &'a [(MatchId, i64)],
        ttl: Duration,
    ) -> BoxFuture<'a, StoreResult<Vec<MatchId>>> {
        async move {
            let (now, ttl) = (now(), lease_ttl(ttl));
            let mut kept = Vec::with_capacity(held.len());
            if held.len() <= ROWS_PER_INSERT {
                if !held.is_empty() {
                    // Its text varies with the number of leases: not a cached statement.
                    kept = Self::renewal(node, held, now, ttl)
                        .build_query_scalar()
                        .persistent(false)
                        .fetch_all(&self.pool)
                        .await?;
                }
            } else {
                let mut tx = D::begin_write(&self.pool).await?;
                for chunk in held.chunks(ROWS_PER_INSERT) {
                    let ids: Vec<D::Id> = Self::renewal(node, chunk, now, ttl)
                        .build_query_scalar()
                        .persistent(false)
                        .fetch_all(&mut *tx)
                        .await?;
                    kept.extend(ids);
                }
                tx.commit().await?;
            }
            let kept = kept
                .into_iter()
                .map(D::read_id)
                .collect::<StoreResult<HashSet<MatchId>>>()?;
            Ok(held
                .iter()
                .map(|(id, _)| *id)
                .filter(|id| !kept.contains(id))
                .collect())
        }
        .boxed()
    }

    fn release_lease<'a>(
        &'a self,
        match_id: MatchId,
        node: &'a str,
        epoch: i64,
    ) -> BoxFuture<'a, StoreResult<()>> {
        async move {
            let now = now();
            let mut query = QueryBuilder::<D>::new("UPDATE match_leases SET expires_at = ");
            D::push_now(&mut query, now);
            query.push(" WHERE match_id = ");
            query.push_bind(D::id(match_id));
            query.push(" AND node = ");
            query.push_bind(node.to_owned());
            query.push(" AND epoch = ");
            query.push_bind(epoch);
            query.push(" AND expires_at > ");
            D::push_now(&mut query, now);
            query.build().execute(&self.pool).await?;
            Ok(())
        }
        .boxed()
    }

    fn lease(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<Option<Lease>>> {
        async move {
            let row: Option<LeaseRow<D::Id, D::Time>> = sqlx::query_as(
                "SELECT match_id, node, epoch, expires_at FROM match_leases WHERE match_id = $1",
            )
            .bind(D::id(match_id))
            .fetch_optional(&self.pool)
            .await?;
            row.map(LeaseRow::record::<D>).transpose()
        }
        .boxed()
    }

    fn leaseless_matches(&self, limit: usize) -> BoxFuture<'_, StoreResult<Vec<MatchId>>> {
        async move {
            let mut query = QueryBuilder::<D>::new(
                "SELECT m.id FROM matches AS m LEFT JOIN match_leases AS l ON l.match_id = m.id \
                 WHERE m.status IN ('open', 'live') AND (l.match_id IS NULL OR l.expires_at <= ",
            );
            D::push_now(&mut query, now());
            query.push(") ORDER BY m.created_at, m.id LIMIT ");
            query.push_bind(i64::try_from(limit).unwrap_or(i64::MAX));
            let ids: Vec<D::Id> = query.build_query_scalar().fetch_all(&self.pool).await?;
            ids.into_iter().map(D::read_id).collect()
        }
        .boxed()
    }

    fn append_chat<'a>(&'a self, batch: &'a [ChatRecord]) -> BoxFuture<'a, StoreResult<()>> {
        self.insert_all(
            "INSERT INTO chat (match_id, n, seat, text, at) ",
            batch,
            |mut row, line| {
                row.push_bind(D::id(line.match_id))
                    .push_bind(line.n)
                    .push_bind(line.seat.to_string())
                    .push_bind(line.text.clone())
                    .push_bind(D::time(line.at));
            },
        )
        .boxed()
    }

    fn chat(&self, match_id: MatchId, limit: usize) -> BoxFuture<'_, StoreResult<Vec<ChatRecord>>> {
        async move {
            let rows: Vec<ChatRow<D::Time>> = sqlx::query_as(
                "SELECT n, seat, text, at FROM \
                 (SELECT n, seat, text, at FROM chat WHERE match_id = $1 ORDER BY n DESC LIMIT $2) \
                 AS latest ORDER BY n",
            )
            .bind(D::id(match_id))
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(&self.pool)
            .await?;
            rows.into_iter()
                .map(|row| {
                    Ok(ChatRecord {
                        match_id,
                        n: row.n,
                        seat: parse_seat(&row.seat)?,
                        text: row.text,
                        at: D::read_time(row.at)?,
                    })
                })
                .collect()
        }
        .boxed()
    }
}
