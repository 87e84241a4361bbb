//! What the in-process tests of the live path share: the store they run on, matches made in
//! it, rooms opened on it and connections to them, all inside the test's own runtime.
//!
//! The room and WebSocket tests run on tokio's paused clock (`start_paused`), so a bot's
//! delay, a Derelict turn clock or a socket's idle timeout take no real time: the clock jumps
//! to the next timer whenever every task waits. SQLite works on a thread of its own, which the
//! runtime cannot see, so a query in flight would look like a wait and let the clock jump past
//! timers it should not reach. [`TestStore`] therefore runs each call on the blocking pool,
//! where tokio holds the paused clock still until the call is done: time passes only when
//! nothing but timers is left.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use chrono::{DateTime, Utc};
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, ready};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use xenotable_protocol::{BotLevel, Seat};

use crate::bots::Budget;
use crate::games::{GameId, Viewer};
use crate::http::rate::{Limiter, Rate};
use crate::http::{AppState, Limits, ReplayCache, WsLimits};
use crate::ids::{MatchId, ScenarioId};
use crate::room::{self, Committer, Loaded, Outbox, RoomContext, RoomHandle, Rooms};
use crate::store::{
    Backend, ChatRecord, CommandRecord, InstanceLock, Lease, MatchRecord, MatchStatus, NewMatch,
    NewSeat, SavedClock, ScenarioRecord, SqliteStore, Store, StoreError, StoreResult, TokenHash,
};
use crate::tokens;

/// How long a test waits for a frame, on the paused clock: a frame that has not come once
/// every task has waited this long never will.
const PATIENCE: Duration = Duration::from_secs(600);

/// Runs `call` on the blocking pool and waits for it there, where tokio's paused clock stands
/// still until it is done.
fn steady<T: Send + 'static>(
    call: impl Future<Output = T> + Send + 'static,
) -> BoxFuture<'static, T> {
    let runtime = tokio::runtime::Handle::current();
    async move {
        tokio::task::spawn_blocking(move || runtime.block_on(call))
            .await
            .expect("a store call does not panic")
    }
    .boxed()
}

/// The store of the in-process tests: SQLite in memory, each call made where the paused clock
/// waits for it, and commits of commands that fail on request, as on a database that lost its
/// disk.
pub struct TestStore {
    inner: Arc<SqliteStore>,
    /// How many of the next batches of commands to refuse.
    to_refuse: AtomicUsize,
    /// How many batches of commands were refused.
    refused: AtomicUsize,
}

impl TestStore {
    /// A fresh, empty store.
    pub async fn new() -> Arc<TestStore> {
        let inner = steady(SqliteStore::memory())
            .await
            .expect("an in-memory store");
        Arc::new(TestStore {
            inner: Arc::new(inner),
            to_refuse: AtomicUsize::new(0),
            refused: AtomicUsize::new(0),
        })
    }

    /// Refuses the next `n` batches of commands, whole.
    pub fn refuse_commits(&self, n: usize) {
        self.to_refuse.store(n, Ordering::SeqCst);
    }

    /// How many batches of commands were refused so far.
    pub fn refused(&self) -> usize {
        self.refused.load(Ordering::SeqCst)
    }

    /// Whether to refuse this batch (and count it refused).
    fn refuse_this_commit(&self) -> bool {
        let refuse = self
            .to_refuse
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if refuse {
            self.refused.fetch_add(1, Ordering::SeqCst);
        }
        refuse
    }
}

/// `self`'s SQLite store's `$method`, made steady; the arguments are moved in, so the call owns
/// everything it borrows.
macro_rules! steady {
    ($self:ident.$method:ident($($arg:expr),*)) => {{
        let store = $self.inner.clone();
        steady(async move { store.$method($($arg),*).await })
    }};
}

impl Store for TestStore {
    fn backend(&self) -> Backend {
        self.inner.backend()
    }

    fn ping(&self) -> BoxFuture<'_, StoreResult<()>> {
        steady!(self.ping())
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        steady!(self.close())
    }

    fn create_match(&self, new: NewMatch) -> BoxFuture<'_, StoreResult<MatchRecord>> {
        steady!(self.create_match(new))
    }

    fn claim_seat<'a>(
        &'a self,
        match_id: MatchId,
        seat: Seat,
        name: &'a str,
        token_hash: TokenHash,
    ) -> BoxFuture<'a, StoreResult<bool>> {
        let name = name.to_owned();
        steady!(self.claim_seat(match_id, seat, &name, token_hash))
    }

    fn set_stand_in(
        &self,
        match_id: MatchId,
        seat: Seat,
        level: Option<BotLevel>,
    ) -> BoxFuture<'_, StoreResult<bool>> {
        steady!(self.set_stand_in(match_id, seat, level))
    }

    fn set_status(
        &self,
        match_id: MatchId,
        status: MatchStatus,
        outcome: Option<Value>,
    ) -> BoxFuture<'_, StoreResult<()>> {
        steady!(self.set_status(match_id, status, outcome))
    }

    fn append_commands<'a>(&'a self, batch: &'a [CommandRecord]) -> BoxFuture<'a, StoreResult<()>> {
        if self.refuse_this_commit() {
            let lost = std::io::Error::other("the disk is gone");
            return ready(Err(StoreError::Database(sqlx::Error::Io(lost)))).boxed();
        }
        let batch = batch.to_vec();
        steady!(self.append_commands(&batch))
    }

    fn commands(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<Vec<CommandRecord>>> {
        steady!(self.commands(match_id))
    }

    fn get_match(&self, id: MatchId) -> BoxFuture<'_, StoreResult<Option<MatchRecord>>> {
        steady!(self.get_match(id))
    }

    fn list_matches(
        &self,
        status: Option<MatchStatus>,
        limit: usize,
    ) -> BoxFuture<'_, StoreResult<Vec<MatchRecord>>> {
        steady!(self.list_matches(status, limit))
    }

    fn unfinished_matches(&self) -> BoxFuture<'_, StoreResult<Vec<MatchRecord>>> {
        steady!(self.unfinished_matches())
    }

    fn abandon(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<bool>> {
        steady!(self.abandon(match_id))
    }

    fn touch(&self, match_id: MatchId, at: DateTime<Utc>) -> BoxFuture<'_, StoreResult<()>> {
        steady!(self.touch(match_id, at))
    }

    fn stale_matches(
        &self,
        open_before: DateTime<Utc>,
        idle_before: DateTime<Utc>,
    ) -> BoxFuture<'_, StoreResult<Vec<MatchId>>> {
        steady!(self.stale_matches(open_before, idle_before))
    }

    fn lock_instance(&self) -> BoxFuture<'_, StoreResult<InstanceLock>> {
        steady!(self.lock_instance())
    }

    fn put_scenario(&self, scenario: ScenarioRecord) -> BoxFuture<'_, StoreResult<()>> {
        steady!(self.put_scenario(scenario))
    }

    fn get_scenario<'a>(
        &'a self,
        id: &'a ScenarioId,
    ) -> BoxFuture<'a, StoreResult<Option<ScenarioRecord>>> {
        let id = id.clone();
        steady!(self.get_scenario(&id))
    }

    fn list_scenarios<'a>(
        &'a self,
        game: Option<GameId>,
    ) -> BoxFuture<'a, StoreResult<Vec<ScenarioRecord>>> {
        steady!(self.list_scenarios(game))
    }

    fn delete_scenario<'a>(&'a self, id: &'a ScenarioId) -> BoxFuture<'a, StoreResult<bool>> {
        let id = id.clone();
        steady!(self.delete_scenario(&id))
    }

    fn save_clock(&self, match_id: MatchId, clock: SavedClock) -> BoxFuture<'_, StoreResult<()>> {
        steady!(self.save_clock(match_id, clock))
    }

    fn saved_clock(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<Option<SavedClock>>> {
        steady!(self.saved_clock(match_id))
    }

    fn take_lease<'a>(
        &'a self,
        match_id: MatchId,
        node: &'a str,
        ttl: Duration,
    ) -> BoxFuture<'a, StoreResult<Option<Lease>>> {
        let node = node.to_owned();
        steady!(self.take_lease(match_id, &node, ttl))
    }

    fn renew_leases<'a>(
        &'a self,
        node: &'a str,
        held: &'a [(MatchId, i64)],
        ttl: Duration,
    ) -> BoxFuture<'a, StoreResult<Vec<MatchId>>> {
        let (node, held) = (node.to_owned(), held.to_vec());
        steady!(self.renew_leases(&node, &held, ttl))
    }

    fn release_lease<'a>(
        &'a self,
        match_id: MatchId,
        node: &'a str,
        epoch: i64,
    ) -> BoxFuture<'a, StoreResult<()>> {
        let node = node.to_owned();
        steady!(self.release_lease(match_id, &node, epoch))
    }

    fn lease(&self, match_id: MatchId) -> BoxFuture<'_, StoreResult<Option<Lease>>> {
        steady!(self.lease(match_id))
    }

    fn leaseless_matches(&self, limit: usize) -> BoxFuture<'_, StoreResult<Vec<MatchId>>> {
        steady!(self.leaseless_matches(limit))
    }

    fn append_chat<'a>(&'a self, batch: &'a [ChatRecord]) -> BoxFuture<'a, StoreResult<()>> {
        let batch = batch.to_vec();
        steady!(self.append_chat(&batch))
    }

    fn chat(&self, match_id: MatchId, limit: usize) -> BoxFuture<'_, StoreResult<Vec<ChatRecord>>> {
        steady!(self.chat(match_id, limit))
    }
}

/// How long the test rooms' bots wait before they move.
pub const BOT_DELAY: Duration = Duration::from_millis(300);

/// How long a test room's player may be away before a bot takes over their seat (in a match
/// whose bots take over).
pub const TAKEOVER_AFTER: Duration = Duration::from_secs(3600);

/// What a test room needs around it, on `store`.
pub fn room_context(store: Arc<dyn Store>) -> RoomContext {
    RoomContext {
        committer: Committer::spawn(store.clone()),
        store,
        bot_delay: BOT_DELAY,
        bot_budget: Budget::default(),
        chat_rate: Rate {
            per_second: 1.0,
            burst: 5.0,
        },
        takeover_after: TAKEOVER_AFTER,
    }
}

/// Stores an Away Team match on the Crystal Spires whose Aliens are the server's automatic ones
/// and whose Away Team is a person's.
pub async fn away_team_against_the_automatic_aliens(store: &dyn Store) -> MatchRecord {
    let encounter = include_str!("../../scenarios/away-team/crystal-spires.toml");
    stored_match(
        store,
        GameId::AwayTeam,
        &[Seat::AwayTeam, Seat::Aliens],
        &[Seat::Aliens],
        Some(encounter),
    )
    .await
}

/// The token of a person's seat in a test match.
pub fn token(seat: Seat) -> String {
    format!("token-of-{seat}")
}

/// Stores a new match of `game` (seed 7) whose `bots` are played by the server and whose other
/// seats are people's, each with its [`token`]; `scenario` is the text the rules get.
pub async fn stored_match(
    store: &dyn Store,
    game: GameId,
    seats: &[Seat],
    bots: &[Seat],
    scenario: Option<&str>,
) -> MatchRecord {
    let seats = seats
        .iter()
        .map(|&seat| {
            let bot = bots.contains(&seat);
            NewSeat {
                seat,
                name: Some(if bot { "Bot".into() } else { format!("{seat}") }),
                bot: bot.then_some(BotLevel::Random),
                token_hash: (!bot).then(|| tokens::hash(&token(seat))),
            }
        })
        .collect();
    store
        .create_match(NewMatch {
            id: MatchId::random(),
            game,
            scenario: None,
            scenario_text: scenario.map(str::to_owned),
            options: Value::Null,
            seed: 7,
            seeded: true,
            bots_take_over: false,
            seats,
        })
        .await
        .expect("the match is stored")
}

/// Opens the room of `record` with [`room::channel`] and runs it in a task of its own.
pub async fn open_room(ctx: &RoomContext, record: &MatchRecord) -> RoomHandle {
    let loaded = Loaded::load(ctx, record).await.expect("the match loads");
    let (handle, room) = room::channel(ctx.clone(), record, loaded);
    tokio::spawn(room.run());
    handle
}

/// A connection to a room as the test holds it: what the room sends it, in order.
pub struct TestConn {
    conn: u64,
    room: RoomHandle,
    frames: mpsc::Receiver<Utf8Bytes>,
}

impl TestConn {
    /// Connects `viewer` to `room` with room for `outbox` frames, and reads its `welcome`.
    pub async fn open(room: &RoomHandle, viewer: Viewer, outbox: usize) -> (TestConn, Value) {
        let (frames, queued) = mpsc::channel(outbox);
        // Nothing listens for "too slow": the tests' outboxes are large enough.
        let (too_slow, _) = oneshot::channel();
        let conn = room
            .connect(viewer, Outbox { frames, too_slow })
            .await
            .expect("the room is open");
        let mut test = TestConn {
            conn,
            room: room.clone(),
            frames: queued,
        };
        let welcome = test.next().await;
        assert_eq!(welcome["t"], "welcome", "{welcome}");
        (test, welcome)
    }

    /// Sends a frame as this connection.
    pub async fn send(&self, frame: Value) {
        self.room
            .frame(self.conn, frame.to_string().into())
            .await
            .expect("the room is open");
    }

    /// The next frame the room sends; fails the test when none comes.
    pub async fn next(&mut self) -> Value {
        match tokio::time::timeout(PATIENCE, self.frames.recv()).await {
            Ok(Some(text)) => serde_json::from_str(text.as_str()).expect("frames are JSON"),
            Ok(None) => panic!("the room let the connection go"),
            Err(_) => panic!("the room sent nothing more"),
        }
    }

    /// The next frame, if the room has already sent one.
    pub fn pending(&mut self) -> Option<Value> {
        let text = self.frames.try_recv().ok()?;
        Some(serde_json::from_str(text.as_str()).expect("frames are JSON"))
    }
}

/// The handlers' state on `store`: an admin token `admin`, the given per-client rate of match
/// creations (per minute), and otherwise limits no test meets.
pub fn app_state(store: Arc<dyn Store>, admin: Option<&str>, creations: u32) -> AppState {
    let room_ctx = room_context(store.clone());
    AppState {
        store,
        rooms: Rooms::default(),
        room_ctx,
        admin_token: admin.map(str::to_owned),
        allow_client_seeds: false,
        metrics: None,
        replays: ReplayCache::default(),
        limits: Arc::new(Limits {
            creations: Limiter::new(Rate::per_minute(creations)),
            joins: Limiter::new(Rate::per_minute(1_000)),
            replays: Limiter::new(Rate::per_minute(1_000)),
            max_body: 4_096,
            ws: ws_limits(),
            allowed_origins: Vec::new(),
        }),
    }
}

/// The server's default WebSocket limits.
pub fn ws_limits() -> WsLimits {
    WsLimits {
        frames: Rate {
            per_second: 20.0,
            burst: 40.0,
        },
        abuse: Duration::from_secs(10),
        max_message: 65_536,
        ping_interval: Duration::from_secs(20),
        idle_timeout: Duration::from_secs(60),
        outbox: 256,
    }
}
