//! Persistence: the [`Store`] trait, the records it reads and writes, and [`connect`], which picks
//! a backend from a database URL.
//!
//! Two backends implement the one contract: PostgreSQL for production ([`PgStore`]) and embedded
//! SQLite so a fresh checkout runs with no database server ([`SqliteStore`]). Both are one
//! [`SqlStore`]: the queries and the mapping from rows to records are written once (`sql`), and
//! each backend says only what it does its own way (`postgres`, `sqlite`). The application holds
//! an `Arc<dyn Store>` and never learns which one it has. The same tests (`store::contract`) run
//! against both.
//!
//! What this module must never do: store a seat token (only its SHA-256 hash reaches the store),
//! or put SQL text, URLs or row values in an error's message.

mod postgres;
mod records;
mod sql;
mod sqlite;

#[cfg(test)]
mod contract;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use futures_util::future::BoxFuture;
use serde_json::Value;
use xenotable_protocol::{BotLevel, Seat};

use crate::games::GameId;
use crate::ids::{MatchId, ScenarioId};

pub use postgres::PgStore;
pub use records::{
    Author, ChatRecord, CommandRecord, Lease, MatchRecord, NewMatch, NewSeat, SavedClock,
    ScenarioRecord, SeatRecord, TokenHash,
};
pub use sql::SqlStore;
pub use sqlite::SqliteStore;
pub use xenotable_protocol::MatchStatus;

/// The longest lease [`Store::take_lease`] and [`Store::renew_leases`] grant; a longer `ttl`
/// counts as this. Nodes renew every few seconds: a day is plenty, and keeps every expiry a
/// time both backends store.
pub const MAX_LEASE_TTL: Duration = Duration::from_secs(24 * 60 * 60);

/// What every store operation returns.
pub type StoreResult<T> = Result<T, StoreError>;

/// Why a store operation failed.
///
/// The message is a short, stable reason that is safe to log and to map to a response; the
/// driver's error, when there is one, is kept as the [`source`](std::error::Error::source).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The URL names neither PostgreSQL nor SQLite, or cannot be parsed.
    #[error("unsupported or malformed database URL")]
    BadUrl(#[source] Option<sqlx::Error>),
    /// The SQLite file's directory could not be created.
    #[error("cannot create the database directory")]
    CreateDir(#[source] std::io::Error),
    /// The database could not be reached or opened.
    #[error("cannot connect to the database")]
    Connect(#[source] sqlx::Error),
    /// Bringing the schema up to date failed.
    #[error("database migration failed")]
    Migrate(#[source] sqlx::migrate::MigrateError),
    /// The match (or its seat) does not exist.
    #[error("not found")]
    NotFound,
    /// A row with the same key already exists: a match id, a seat of a match, or a command's
    /// `(match_id, seq)`. Nothing of the operation was written.
    #[error("already stored")]
    Conflict(#[source] sqlx::Error),
    /// The write breaks a rule of the schema: a command or seat for an unknown match, an outcome
    /// for an unfinished match, a token hash for a bot seat, ... Nothing was written.
    #[error("refused by a schema constraint")]
    Constraint(#[source] sqlx::Error),
    /// A command carries a lease epoch that is not the match's current one: another node took
    /// the match over (or nobody ever leased it). Nothing of the batch was written.
    #[error("the match is owned by another node")]
    Fenced,
    /// A stored value could not be read back as its record type.
    #[error("stored data is malformed: {what}")]
    Corrupt {
        /// Which value, in a few words.
        what: &'static str,
        /// The driver's decoding error, if it was the driver that refused.
        #[source]
        source: Option<sqlx::Error>,
    },
    /// Another server process holds this database ([`Store::lock_instance`]).
    #[error("another Xenotable server is using this database")]
    Locked,
    /// The instance lock file could not be opened.
    #[error("cannot open the instance lock file")]
    LockFile(#[source] std::io::Error),
    /// Any other database failure (connection lost, pool timed out, ...).
    #[error("database error")]
    Database(#[source] sqlx::Error),
}

impl From<sqlx::Error> for StoreError {
    /// Sorts a driver error by what the caller can do about it.
    fn from(error: sqlx::Error) -> Self {
        use sqlx::error::ErrorKind;
        let kind = error.as_database_error().map(|e| e.kind());
        match kind {
            Some(ErrorKind::UniqueViolation) => StoreError::Conflict(error),
            Some(
                ErrorKind::ForeignKeyViolation
                | ErrorKind::CheckViolation
                | ErrorKind::NotNullViolation
                | ErrorKind::ExclusionViolation,
            ) => StoreError::Constraint(error),
            _ if matches!(
                error,
                sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_)
            ) =>
            {
                StoreError::Corrupt {
                    what: "a column has an unexpected type or value",
                    source: Some(error),
                }
            }
            _ => StoreError::Database(error),
        }
    }
}

impl StoreError {
    /// A malformed stored value found by the store's own checks.
    fn corrupt(what: &'static str) -> Self {
        StoreError::Corrupt { what, source: None }
    }
}

/// Which backend a store is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// [`PgStore`].
    Postgres,
    /// [`SqliteStore`].
    Sqlite,
}

/// The persistence contract: matches, their seats and command logs, the leases that say which
/// node owns a match, and scenario files.
///
/// Dyn-compatible, so the application holds an `Arc<dyn Store>`; every method returns a boxed
/// future. All methods are safe to call concurrently: each write is one transaction.
pub trait Store: Send + Sync {
    /// Which backend this is (for logs and metrics).
    fn backend(&self) -> Backend;

    /// Checks that the database answers (for `/healthz`).
    fn ping(&self) -> BoxFuture<'_, StoreResult<()>>;

    /// Closes every connection; later calls fail. For a clean shutdown.
    fn close(&self) -> BoxFuture<'_, ()>;

    /// Stores a new match, status [`MatchStatus::Open`], with its seats in the given order, in
    /// one transaction. The store stamps `created_at`. [`StoreError::Conflict`] if the id or a
    /// seat id repeats.
    fn create_match(&self, new: NewMatch) -> BoxFuture<'_, StoreResult<MatchRecord>>;

    /// Claims an open human seat of an open match: sets its name and token hash, atomically.
    ///
    /// `Ok(true)`: claimed. `Ok(false)`: the seat is a bot, already has a token, or the match is
    /// no longer open; of two concurrent claims exactly one wins. [`StoreError::NotFound`]: no
    /// such match or no such seat in it.
    fn claim_seat<'a>(
        &'a self,
        match_id: MatchId,
        seat: Seat,
        name: &'a str,
        token_hash: TokenHash,
    ) -> BoxFuture<'a, StoreResult<bool>>;

    /// Lets a server bot of `level` play a person's seat of a live match for now, or (`None`)
    /// gives the seat back to its player; the seat keeps its name and token hash either way.
    ///
    /// `Ok(true)`: done. `Ok(false)`: nothing changed, since the seat is a bot seat or an open
    /// one, or the match is not live. [`StoreError::NotFound`]: no such match or no such seat
    /// in it.
    fn set_stand_in(
        &self,
        match_id: MatchId,
        seat: Seat,
        level: Option<BotLevel>,
    ) -> BoxFuture<'_, StoreResult<bool>>;

    /// Sets a match's status and outcome (`None` clears the outcome). An outcome is only allowed
    /// with [`MatchStatus::Finished`] ([`StoreError::Constraint`] otherwise).
    /// [`StoreError::NotFound`] if the match does not exist.
    fn set_status(
        &self,
        match_id: MatchId,
        status: MatchStatus,
        outcome: Option<Value>,
    ) -> BoxFuture<'_, StoreResult<()>>;

    /// Appends a batch of commands, of any number of matches, in one transaction: the group
    /// commit of many rooms. All or nothing: a `(match_id, seq)` already stored or repeated in
    /// the batch is [`StoreError::Conflict`], an unknown match is [`StoreError::Constraint`],
    /// and then no command of the batch is written. An empty batch does nothing.
    ///
    /// Fencing: a command with an [`epoch`](CommandRecord::epoch) is written only if, within the
    /// same transaction, its match's lease row exists with exactly that epoch. Whether the lease
    /// has expired does not matter: a holder whose lease expired but was not taken over may
    /// still append. Otherwise the whole batch is [`StoreError::Fenced`] and nothing is written.
    /// A command without an epoch is not checked. A lease taken over concurrently is ordered
    /// against the append: either the append commits first and the new holder reads its
    /// commands, or the append sees the new epoch and is fenced.
    fn append_commands<'a>(&'a self, batch: &'a [CommandRecord]) -> BoxFuture<'a, StoreResult<()>>;

    /// A match's command log in seq order (empty for an unknown match).
    fn commands(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<Vec<CommandRecord>>>;

    /// One match with its seats, or `None`.
    fn get_match(&self, id: MatchId) -> BoxFuture<'_, StoreResult<Option<MatchRecord>>>;

    /// Up to `limit` matches, newest first, all of them or those with `status`.
    fn list_matches(
        &self,
        status: Option<MatchStatus>,
        limit: usize,
    ) -> BoxFuture<'_, StoreResult<Vec<MatchRecord>>>;

    /// Every match that is open or live, oldest first: what the server resumes at start.
    fn unfinished_matches(&self) -> BoxFuture<'_, StoreResult<Vec<MatchRecord>>>;

    /// Ends an open or live match as [`MatchStatus::Abandoned`]. `Ok(false)`: it was already
    /// over (or does not exist), and nothing changed.
    fn abandon(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<bool>>;

    /// Notes that a person was at the match's table at `at` (connected or left).
    fn touch(&self, match_id: MatchId, at: DateTime<Utc>) -> BoxFuture<'_, StoreResult<()>>;

    /// The matches left alone too long, oldest first: open ones created before `open_before`,
    /// and live ones where nobody has been seen, and nothing played, since `idle_before` (a
    /// live match nobody ever visited counts from its creation).
    fn stale_matches(
        &self,
        open_before: DateTime<Utc>,
        idle_before: DateTime<Utc>,
    ) -> BoxFuture<'_, StoreResult<Vec<MatchId>>>;

    /// Takes this database for this server process, so two servers never drive the same
    /// matches: SQLite locks a file beside the database, PostgreSQL takes an advisory lock on a
    /// connection of its own. Held until the returned guard is dropped (or the process dies).
    /// [`StoreError::Locked`] if another process holds it.
    fn lock_instance(&self) -> BoxFuture<'_, StoreResult<InstanceLock>>;

    /// Inserts a scenario, or replaces every field of the one with the same id.
    fn put_scenario(&self, scenario: ScenarioRecord) -> BoxFuture<'_, StoreResult<()>>;

    /// One scenario, or `None`.
    fn get_scenario<'a>(
        &'a self,
        id: &'a ScenarioId,
    ) -> BoxFuture<'a, StoreResult<Option<ScenarioRecord>>>;

    /// Every scenario, or those of one game, ordered by game then id.
    fn list_scenarios<'a>(
        &'a self,
        game: Option<GameId>,
    ) -> BoxFuture<'a, StoreResult<Vec<ScenarioRecord>>>;

    /// Deletes a scenario; `false` if there was none with that id.
    fn delete_scenario<'a>(&'a self, id: &'a ScenarioId) -> BoxFuture<'a, StoreResult<bool>>;

    /// Saves a match's running clock, replacing the one saved before. An unknown match is
    /// [`StoreError::Constraint`].
    fn save_clock(&self, match_id: MatchId, clock: SavedClock) -> BoxFuture<'_, StoreResult<()>>;

    /// The clock last saved for a match, if any.
    fn saved_clock(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<Option<SavedClock>>>;

    /// Takes the lease of a match for `node`, for `ttl` from now, in one atomic step:
    /// - no lease row yet: the lease is `node`'s, epoch 1;
    /// - the lease has expired (whoever held it, `node` too): `node`'s, epoch one more;
    /// - `node` holds it unexpired: a renewal, same epoch, expiring `ttl` from now.
    ///
    /// `Ok(None)`: another node holds it unexpired, and nothing changed. Of concurrent takes by
    /// several nodes exactly one wins. A lease is held while now is before its expiry. "Now" is
    /// the database's clock on PostgreSQL, so the nodes' clocks do not matter; on SQLite (one
    /// server process per database) it is this process's clock. A `ttl` beyond
    /// [`MAX_LEASE_TTL`] counts as that. An unknown match is [`StoreError::Constraint`].
    fn take_lease<'a>(
        &'a self,
        match_id: MatchId,
        node: &'a str,
        ttl: Duration,
    ) -> BoxFuture<'a, StoreResult<Option<Lease>>>;

    /// Extends, to `ttl` from now, every lease of `held` that `node` still holds with the given
    /// epoch, expired or not, as long as nobody took it since; in one statement. Returns the
    /// matches of `held` whose lease it no longer holds (taken over, or taken again with a new
    /// epoch), in the order of `held`: their rooms must stop. Same clock as
    /// [`take_lease`](Store::take_lease).
    fn renew_leases<'a>(
        &'a self,
        node: &'a str,
        held: &'a [(MatchId, i64)],
        ttl: Duration,
    ) -> BoxFuture<'a, StoreResult<Vec<MatchId>>>;

    /// Gives a lease up: if `node` still holds the match's lease with `epoch`, unexpired, it
    /// expires now, so another node may take it at once. The row stays (epochs only grow).
    /// Nothing happens otherwise.
    fn release_lease<'a>(
        &'a self,
        match_id: MatchId,
        node: &'a str,
        epoch: i64,
    ) -> BoxFuture<'a, StoreResult<()>>;

    /// The match's lease row, expired or not: who owns (or last owned) the match. `None`: it
    /// was never leased (or does not exist).
    fn lease(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<Option<Lease>>>;

    /// Up to `limit` unfinished (open or live) matches that nobody holds: no lease row, or an
    /// expired one. Oldest first: what a node may take over.
    fn leaseless_matches(&self, limit: usize) -> BoxFuture<'_, StoreResult<Vec<MatchId>>>;

    /// Stores a batch of chat lines, of any number of matches, in one transaction (the group
    /// commit). All or nothing: a `(match_id, n)` already stored or repeated in the batch is
    /// [`StoreError::Conflict`], an unknown match [`StoreError::Constraint`]. An empty batch
    /// does nothing.
    fn append_chat<'a>(&'a self, batch: &'a [ChatRecord]) -> BoxFuture<'a, StoreResult<()>>;

    /// The last `limit` chat lines of a match, oldest first.
    fn chat(&self, match_id: MatchId, limit: usize) -> BoxFuture<'_, StoreResult<Vec<ChatRecord>>>;
}

/// Proof that this process holds its database ([`Store::lock_instance`]); dropping it lets go.
#[derive(Debug)]
pub enum InstanceLock {
    /// An exclusive lock on a file beside the SQLite database, released by the OS when the
    /// file is closed or the process dies.
    File(std::fs::File),
    /// A session advisory lock, held by this dedicated connection.
    Postgres(sqlx::PgConnection),
    /// A private in-memory database: nobody else can open it.
    Private,
}

/// Opens the store a URL names, creating or migrating its schema as needed.
///
/// `postgres://` or `postgresql://`: [`PgStore`]. `sqlite:` URLs and plain file paths:
/// [`SqliteStore`], creating the file and its directory if missing. Any other scheme
/// (`mysql://`, ...) is [`StoreError::BadUrl`].
pub async fn connect(url: &str) -> StoreResult<Arc<dyn Store>> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Arc::new(PgStore::connect(url).await?))
    } else if url.starts_with("sqlite:") {
        Ok(Arc::new(SqliteStore::connect(url).await?))
    } else if url.contains("://") {
        Err(StoreError::BadUrl(None))
    } else {
        Ok(Arc::new(SqliteStore::open(Path::new(url)).await?))
    }
}
