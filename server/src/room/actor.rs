//! The room task: the single writer of one match.
//!
//! It takes frames from connections, checks each act against the seat and the staleness rule,
//! applies it, has the group committer store it, and only then tells every connection the
//! update built for its own viewer. Bots play through the same path as people.
//!
//! A person's seat may change hands with a bot and back: its player hands it over (and takes it
//! back) on their socket, or, in a match whose bots take over, a bot takes it over once its
//! player has been away from the table for the patience of abandonment. The store learns of
//! the change before anyone is told (a `stand_in` frame to every connection, with its view).

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::extract::ws::Utf8Bytes;
use chrono::Utc;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant as Deadline, sleep_until};
use tracing::Instrument;
use xenotable_protocol::{ChatLine, ClientFrame, ClockView, Outcome, Seat, ServerFrame, StandIn};

use super::command::Command;
use super::frame::{self, parse_frame};
use super::seqs::{Seqs, seen_by};
use super::thinking::{Thought, think};
use super::{CommitError, HangUp, Loaded, Msg, Outbox, RoomContext, RoomStatus, load};
use crate::bots::{Bot, BotLevel, bot_seed};
use crate::games::{AnyMatch, Clock, Envelope, Json, JsonEvent, RuleError, Viewer};
use crate::http::rate::TokenBucket;
use crate::ids::MatchId;
use crate::store::{ChatRecord, MatchRecord, MatchStatus, SavedClock, TokenHash};

/// The longest chat message, in characters.
const MAX_CHAT: usize = 1_000;

/// How many of the latest chat lines a `welcome` carries.
pub(super) const CHAT_HISTORY: usize = 200;

/// One seat of the table.
struct SeatState {
    seat: Seat,
    /// Whether the server plays this seat (a bot seat, or a person's seat a bot stands in for);
    /// its bot is in `bot` except while it thinks.
    played_by_bot: bool,
    bot: Option<Bot>,
    token_hash: Option<TokenHash>,
    /// A person's seat that a bot plays for now, at this level.
    stand_in: Option<BotLevel>,
    /// Since when none of the seat's connections is open (`None` while one is): how long its
    /// player has been away from the table.
    away_since: Option<Deadline>,
    /// The seat's own seq at which its legal actions last changed (the staleness rule).
    legal_changed: u64,
    /// What the seat may send, as of the last command, as JSON: its views and its bot read
    /// this.
    legal: Json,
}

impl SeatState {
    fn taken(&self) -> bool {
        self.played_by_bot || self.token_hash.is_some()
    }

    /// A person's seat that its player plays now (not a bot seat, not an open one, not one a
    /// bot stands in for).
    fn played_by_its_person(&self) -> bool {
        self.token_hash.is_some() && self.stand_in.is_none()
    }
}

struct Conn {
    viewer: Viewer,
    frames: mpsc::Sender<Utf8Bytes>,
    /// Taken when the room closes the connection: too slow, or the match moved.
    hang_up: Option<oneshot::Sender<HangUp>>,
    /// Its chat lines.
    chat: TokenBucket,
}

/// How often a running clock is saved, so a restart loses at most this much of it.
const CLOCK_SAVE_EVERY: Duration = Duration::from_secs(1);

/// The game's clock as the room runs it: what the rules asked for, and when it runs out.
#[derive(Debug, Clone, Copy)]
struct RunningClock {
    clock: Clock,
    deadline: Deadline,
    /// When its remaining time is next saved.
    save_due: Deadline,
}

impl RunningClock {
    fn remaining(&self) -> Duration {
        self.deadline.saturating_duration_since(Deadline::now())
    }

    /// As every view shows it: whose time runs, the deadline (Unix milliseconds) and the time left.
    fn view(self) -> ClockView {
        let remaining = self.remaining();
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        ClockView {
            seat: self.clock.seat,
            period: self.clock.period,
            seconds: self.clock.seconds,
            deadline_ms: (now + remaining).as_millis() as u64,
            remaining_ms: remaining.as_millis() as u64,
        }
    }
}

/// A live match: the game, its seats, its connections, its clock and its bots. Made by
/// [`channel`](super::channel) with its handle; [`Room::run`] serves it.
pub struct Room {
    id: MatchId,
    ctx: RoomContext,
    /// The match's seed: its bots' seeds follow it.
    seed: i64,
    /// Bots take over the seats of players who left for good, rather than the match being
    /// abandoned.
    bots_take_over: bool,
    game: Box<dyn AnyMatch>,
    /// The commands logged, and the seq of each viewer.
    seqs: Seqs,
    seats: Vec<SeatState>,
    /// The seats that may act, as of the last command.
    to_act: Vec<Seat>,
    /// The `legal` of every view but a seat's once the match has begun.
    no_legal: Json,
    conns: HashMap<u64, Conn>,
    next_conn: u64,
    /// When the next bot move is due, if a bot is to act.
    bot_due: Option<Deadline>,
    /// A bot is thinking on the blocking pool (its seat holds no bot until it answers).
    thinking: bool,
    /// Where thinking bots send their decisions, and where the room reads them.
    thoughts_tx: mpsc::Sender<Thought>,
    thoughts: mpsc::Receiver<Thought>,
    /// The clock of a timed turn, while one runs.
    clock: Option<RunningClock>,
    /// The latest chat lines, oldest first, and the number of the last one ever said.
    chat: VecDeque<ChatLine>,
    chat_count: i64,
    /// The store knows the match is over (finished or abandoned): the room closes when the
    /// last connection leaves.
    over_recorded: bool,
    /// The match was abandoned: nothing more is played in it.
    abandoned: bool,
    /// The epoch of this node's lease on the match, stored with every command (cluster only).
    epoch: Option<i64>,
    /// Another node runs the match now: the room has let its connections go and stops.
    moved: bool,
    /// The seat whose clock last ran out and the seq of its `TimeUp` in that seat's numbering:
    /// an act of that seat sent before it saw the expiry is told `time_up`.
    timed_out: Option<(Seat, u64)>,
    rx: mpsc::Receiver<Msg>,
}

impl Room {
    pub(super) fn new(
        ctx: RoomContext,
        record: &MatchRecord,
        loaded: Loaded,
        rx: mpsc::Receiver<Msg>,
    ) -> Room {
        let Loaded {
            game,
            seqs,
            status,
            saved_clock,
            chat,
            epoch,
        } = loaded;
        let chat_count = chat.last().map_or(0, |c| c.n);
        let chat = chat
            .into_iter()
            .map(|c| ChatLine {
                from: c.seat,
                text: c.text,
            })
            .collect();
        let seats = record
            .seats
            .iter()
            .map(|s| SeatState {
                seat: s.seat,
                played_by_bot: s.bot.is_some() || s.stand_in.is_some(),
                bot: s
                    .bot
                    .or(s.stand_in)
                    .map(|level| seat_bot(game.game(), s.seat, level, record.seed, &ctx)),
                token_hash: s.token_hash,
                stand_in: s.stand_in,
                // Nobody is at a table that has just opened.
                away_since: Some(Deadline::now()),
                legal_changed: 0,
                legal: game.legal_json(s.seat),
            })
            .collect();
        let to_act = game.to_act();
        let (thoughts_tx, thoughts) = mpsc::channel(1);
        let mut room = Room {
            id: record.id,
            ctx,
            seed: record.seed,
            bots_take_over: record.bots_take_over,
            game,
            seqs,
            seats,
            to_act,
            no_legal: Json::empty_list(),
            conns: HashMap::new(),
            next_conn: 0,
            bot_due: None,
            thinking: false,
            thoughts_tx,
            thoughts,
            clock: None,
            chat,
            chat_count,
            over_recorded: status.is_over(),
            abandoned: status == MatchStatus::Abandoned,
            epoch,
            moved: false,
            timed_out: None,
            rx,
        };
        room.schedule_bot();
        room.sync_clock(saved_clock);
        room
    }

    /// Serves the room's handles until they are all dropped, or until its match is over and
    /// its last connection has left.
    pub async fn run(mut self) {
        let span = tracing::info_span!("room", id = %self.id, game = %self.game.game());
        async move {
            tracing::info!(seq = self.seqs.log(), "room open");
            loop {
                let due = self.bot_due;
                let clock = self.clock;
                let takeover = self.takeover_due();
                tokio::select! {
                    biased;
                    msg = self.rx.recv() => match msg {
                        Some(msg) => self.handle(msg).await,
                        None => break,
                    },
                    () = sleep_until(clock.map_or_else(Deadline::now, |c| c.deadline)),
                        if clock.is_some() => self.expire().await,
                    () = sleep_until(clock.map_or_else(Deadline::now, |c| c.save_due)),
                        if clock.is_some() => self.save_clock().await,
                    () = sleep_until(due.unwrap_or_else(Deadline::now)), if due.is_some() => {
                        self.play_bot(0);
                    }
                    () = sleep_until(takeover.unwrap_or_else(Deadline::now)),
                        if takeover.is_some() => self.take_over(false).await,
                    Some(thought) = self.thoughts.recv() => self.on_thought(thought).await,
                }
                if self.moved || (self.over_recorded && self.conns.is_empty()) {
                    break;
                }
            }
            tracing::info!(seq = self.seqs.log(), "room closed");
        }
        .instrument(span)
        .await;
    }

    fn started(&self) -> bool {
        self.seats.iter().all(SeatState::taken)
    }

    async fn handle(&mut self, msg: Msg) {
        match msg {
            Msg::Connect {
                viewer,
                outbox,
                reply,
            } => {
                let conn = self.next_conn;
                self.next_conn += 1;
                let Outbox { frames, hang_up } = outbox;
                if frames.try_send(self.welcome(viewer)).is_ok() {
                    let chat = TokenBucket::new(self.ctx.chat_rate, Instant::now());
                    let hang_up = Some(hang_up);
                    self.conns.insert(
                        conn,
                        Conn {
                            viewer,
                            frames,
                            hang_up,
                            chat,
                        },
                    );
                    metrics::gauge!("xenotable_connections").increment(1.0);
                    if let Viewer::Seat(seat) = viewer {
                        if let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) {
                            s.away_since = None;
                        }
                        self.touch();
                    }
                }
                let _ = reply.send(conn);
            }
            Msg::Disconnect { conn } => {
                let player = self
                    .conns
                    .get(&conn)
                    .is_some_and(|c| matches!(c.viewer, Viewer::Seat(_)));
                self.drop_conn(conn);
                if player {
                    self.touch();
                }
            }
            Msg::Frame { conn, text } => self.on_frame(conn, text.as_str()).await,
            Msg::SeatTaken {
                seat,
                name,
                token_hash,
            } => {
                if let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) {
                    s.token_hash = Some(token_hash);
                    s.away_since = Some(Deadline::now());
                }
                tracing::info!(%seat, name, "seat taken");
                if self.started() {
                    if let Err(e) = self
                        .ctx
                        .store
                        .set_status(self.id, MatchStatus::Live, None)
                        .await
                    {
                        tracing::error!(error = %e, "cannot record the match as live");
                    }
                    self.sync_clock(None);
                    // Everyone already here learns the match has begun, with a fresh view.
                    let conns: Vec<(u64, Viewer)> =
                        self.conns.iter().map(|(&id, c)| (id, c.viewer)).collect();
                    for (id, viewer) in conns {
                        let welcome = self.welcome(viewer);
                        self.send(id, welcome);
                    }
                    self.schedule_bot();
                }
            }
            Msg::Status { reply } => {
                let spectators = self
                    .conns
                    .values()
                    .filter(|c| c.viewer == Viewer::Spectator)
                    .count();
                let _ = reply.send(RoomStatus {
                    spectators,
                    connections: self.conns.len(),
                    players: self.players(),
                });
            }
            Msg::Abandon { reply } => {
                let _ = reply.send(self.abandon().await);
            }
            Msg::Moved => self.hand_over_to_another_node(),
            Msg::WelcomeAgain { conn } => {
                if let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) {
                    let welcome = self.welcome(viewer);
                    self.send(conn, frame::write_asked_welcome_mark());
                    self.send(conn, welcome);
                }
            }
        }
    }

    /// Lets every connection go with [`HangUp::Moved`], so it reconnects to whichever node runs
    /// the match now, and marks the room to stop. Nothing is stored: the other node owns the
    /// match.
    fn hand_over_to_another_node(&mut self) {
        tracing::info!(seq = self.seqs.log(), "match moved to another node");
        for (_, mut conn) in self.conns.drain() {
            if let Some(hang_up) = conn.hang_up.take() {
                let _ = hang_up.send(HangUp::Moved);
            }
            metrics::gauge!("xenotable_connections").decrement(1.0);
        }
        self.moved = true;
    }

    /// Connections of people at a seat.
    fn players(&self) -> usize {
        self.conns
            .values()
            .filter(|c| matches!(c.viewer, Viewer::Seat(_)))
            .count()
    }

    /// Notes in the store that a person was at the table now (abandonment counts from it),
    /// without holding up the room.
    fn touch(&self) {
        let (store, id, now) = (self.ctx.store.clone(), self.id, Utc::now());
        tokio::spawn(async move {
            if let Err(e) = store.touch(id, now).await {
                tracing::warn!(%id, error = %e, "cannot note the visit");
            }
        });
    }

    /// Ends the match as abandoned: always while seats are still open (nobody joined in
    /// time), only with no player connected once it is live. Tells every connection, which
    /// the room then lets go.
    ///
    /// In a match whose bots take over, a live match nobody is at is not abandoned: bots take
    /// over the seats of its absent players and it plays on.
    async fn abandon(&mut self) -> bool {
        if self.over_recorded || (self.started() && self.players() > 0) {
            return false;
        }
        if self.bots_take_over && self.started() {
            self.take_over(true).await;
            return false;
        }
        match self.ctx.store.abandon(self.id).await {
            Ok(true) => {}
            Ok(false) => return false,
            Err(e) => {
                tracing::error!(error = %e, "cannot record the match as abandoned");
                return false;
            }
        }
        tracing::info!(seq = self.seqs.log(), "match abandoned");
        self.abandoned = true;
        self.over_recorded = true;
        self.bot_due = None;
        self.clock = None;
        let gone = frame::refused(
            &RuleError::new(
                "match_abandoned",
                "the match was abandoned: nobody joined or came back in time",
            ),
            None,
        );
        let conns: Vec<u64> = self.conns.keys().copied().collect();
        for conn in conns {
            self.send(conn, gone.clone());
            self.drop_conn(conn);
        }
        true
    }

    /// The whole view for a connection that arrives (or whose match has just begun).
    fn welcome(&self, viewer: Viewer) -> Utf8Bytes {
        let you = match viewer {
            Viewer::Seat(seat) => seat.to_string(),
            Viewer::Spectator | Viewer::Omniscient => "spectator".to_owned(),
        };
        frame::Welcome {
            you: &you,
            seq: self.seqs.of(viewer),
            view: &self.view(viewer),
            chat: &self.chat,
            log: self.seqs.history(viewer),
            stand_ins: self
                .seats
                .iter()
                .filter_map(|s| {
                    s.stand_in.map(|level| StandIn {
                        seat: s.seat,
                        level,
                    })
                })
                .collect(),
        }
        .write()
    }

    /// What `viewer` sees, as JSON: the game's view in the envelope of who acts and what the
    /// viewer's seat may send, both as of the last command, and the running clock.
    /// A seat a bot stands in for shows its person nothing to send: the bot plays it.
    fn view(&self, viewer: Viewer) -> Json {
        let outcome = self.game.outcome();
        let clock = self.clock.map(RunningClock::view);
        self.game
            .view_json(viewer, self.envelope(viewer, outcome.as_ref(), clock))
    }

    /// The views of several viewers at once, as [`Room::view`] writes each.
    fn views(&self, viewers: &[Viewer]) -> Vec<Json> {
        let outcome = self.game.outcome();
        let clock = self.clock.map(RunningClock::view);
        let envelopes: Vec<(Viewer, Envelope<'_>)> = viewers
            .iter()
            .map(|&viewer| (viewer, self.envelope(viewer, outcome.as_ref(), clock)))
            .collect();
        self.game.views_json(&envelopes)
    }

    /// What the room puts around the game's view for `viewer`.
    fn envelope<'a>(
        &'a self,
        viewer: Viewer,
        outcome: Option<&'a Outcome>,
        clock: Option<ClockView>,
    ) -> Envelope<'a> {
        let legal = match viewer {
            // Nobody may act before every seat is taken.
            Viewer::Seat(seat) if self.started() => self
                .seats
                .iter()
                .find(|s| s.seat == seat)
                .filter(|s| s.stand_in.is_none())
                .map_or(&self.no_legal, |s| &s.legal),
            Viewer::Seat(_) | Viewer::Spectator | Viewer::Omniscient => &self.no_legal,
        };
        Envelope {
            to_act: &self.to_act,
            legal,
            outcome,
            clock,
        }
    }

    /// What `viewer` sees with `legal` as what it may send.
    fn view_with(&self, viewer: Viewer, legal: &Json) -> Json {
        let outcome = self.game.outcome();
        self.game.view_json(
            viewer,
            Envelope {
                to_act: &self.to_act,
                legal,
                outcome: outcome.as_ref(),
                clock: self.clock.map(RunningClock::view),
            },
        )
    }

    fn drop_conn(&mut self, conn: u64) {
        let Some(gone) = self.conns.remove(&conn) else {
            return;
        };
        metrics::gauge!("xenotable_connections").decrement(1.0);
        if let Viewer::Seat(seat) = gone.viewer
            && !self.conns.values().any(|c| c.viewer == gone.viewer)
            && let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat)
        {
            s.away_since = Some(Deadline::now());
        }
    }

    fn send(&mut self, conn: u64, frame: Utf8Bytes) {
        let Some(c) = self.conns.get_mut(&conn) else {
            return;
        };
        match c.frames.try_send(frame) {
            Ok(()) => {}
            // A connection that cannot keep up is closed (1013) and let go; it may reconnect
            // and get a fresh welcome.
            Err(mpsc::error::TrySendError::Full(_)) => {
                if let Some(hang_up) = c.hang_up.take() {
                    let _ = hang_up.send(HangUp::TooSlow);
                }
                metrics::counter!("xenotable_connections_too_slow_total").increment(1);
                tracing::debug!(conn, "connection too slow: closed");
                self.drop_conn(conn);
            }
            Err(mpsc::error::TrySendError::Closed(_)) => self.drop_conn(conn),
        }
    }

    fn send_error(&mut self, conn: u64, refusal: RuleError, reference: Option<String>) {
        metrics::counter!("xenotable_commands_refused_total", "code" => refusal.code())
            .increment(1);
        self.send(conn, frame::refused(&refusal, reference));
    }

    async fn on_frame(&mut self, conn: u64, text: &str) {
        let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) else {
            return;
        };
        let Viewer::Seat(seat) = viewer else {
            return match frame::answer_spectator(text) {
                Ok(pong) => self.send(conn, pong),
                Err((refusal, reference)) => self.send_error(conn, refusal, reference),
            };
        };
        match parse_frame(text) {
            Err(refusal) => self.send_error(conn, refusal, None),
            Ok(ClientFrame::Ping {}) => self.send(conn, frame::write(&ServerFrame::Pong {})),
            Ok(ClientFrame::Chat { text }) => self.chat(conn, seat, text).await,
            Ok(ClientFrame::HandOver { level }) => {
                if let Err(refusal) = self.hand_over(seat, level.as_deref()).await {
                    self.send_error(conn, refusal, None);
                }
            }
            Ok(ClientFrame::TakeBack {}) => {
                if let Err(refusal) = self.take_back(seat).await {
                    self.send_error(conn, refusal, None);
                }
            }
            Ok(ClientFrame::Act {
                seq,
                reference,
                action,
            }) => {
                if let Err(refusal) = self
                    .act(Some(conn), seat, seq, action, reference.clone())
                    .await
                {
                    self.send_error(conn, refusal, reference);
                }
            }
        }
    }

    /// Stores a chat line, then tells every connection.
    async fn chat(&mut self, conn: u64, from: Seat, text: String) {
        let rate = self.ctx.chat_rate;
        let allowed = self
            .conns
            .get_mut(&conn)
            .is_some_and(|c| c.chat.take(Instant::now()).is_ok());
        if !allowed {
            let refusal = RuleError::new(
                "rate_limited",
                format!(
                    "at most {} chat lines at once, then {} a second",
                    rate.burst, rate.per_second
                ),
            );
            return self.send_error(conn, refusal, None);
        }
        let text = text.trim().to_owned();
        if text.is_empty() || text.chars().count() > MAX_CHAT {
            let refusal = RuleError::new(
                "bad_chat",
                format!("a chat message has 1 to {MAX_CHAT} characters"),
            );
            return self.send_error(conn, refusal, None);
        }
        let line = ChatRecord {
            match_id: self.id,
            n: self.chat_count + 1,
            seat: from,
            text: text.clone(),
            at: Utc::now(),
        };
        let n = line.n;
        if let Err(e) = self.ctx.committer.chat(line).await {
            tracing::error!(error = %e, "chat line not stored");
            let refusal = RuleError::new(
                "storage_failed",
                "the message could not be saved; try again",
            );
            return self.send_error(conn, refusal, None);
        }
        self.chat_count = n;
        if self.chat.len() == CHAT_HISTORY {
            self.chat.pop_front();
        }
        self.chat.push_back(ChatLine {
            from,
            text: text.clone(),
        });
        let chat = frame::write(&ServerFrame::Chat { from, text });
        let conns: Vec<u64> = self.conns.keys().copied().collect();
        for c in conns {
            self.send(c, chat.clone());
        }
    }

    /// Checks, applies, stores and announces one act. `conn` is `None` for a bot.
    async fn act(
        &mut self,
        conn: Option<u64>,
        seat: Seat,
        seen: u64,
        action: Value,
        reference: Option<String>,
    ) -> Result<(), RuleError> {
        let started_at = Instant::now();
        if let Some(running) = self.clock
            && running.deadline <= Deadline::now()
        {
            // Time ran out before this act arrived: the expiry comes first.
            self.expire().await;
        }
        // What the match is now comes before what the sender has seen: a late act is told the
        // match ended or its time ran out, not that its seq is stale.
        if self.abandoned {
            return Err(RuleError::new("game_over", "the match was abandoned"));
        }
        if self.game.outcome().is_some() {
            return Err(RuleError::new("game_over", "the match is over"));
        }
        if let Some((timed, at)) = self.timed_out
            && timed == seat
            && seen < at
        {
            return Err(RuleError::new("time_up", "your time for this turn ran out"));
        }
        if !self.started() {
            return Err(RuleError::new(
                "match_not_started",
                "the match starts when every seat is taken",
            ));
        }
        if conn.is_some() && self.seats.iter().any(|s| s.seat == seat && s.played_by_bot) {
            return Err(RuleError::new(
                "seat_played_by_bot",
                "a bot plays your seat: take it back to play",
            ));
        }
        let own = self.seqs.of(Viewer::Seat(seat));
        if seen > own {
            return Err(RuleError::new(
                "bad_seq",
                format!("seq {seen} is ahead of the match ({own})"),
            ));
        }
        let changed = self
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .map_or(0, |s| s.legal_changed);
        if seen < changed {
            return Err(RuleError::new(
                "stale_seq",
                format!("your options changed at seq {changed}; you have seen {seen}"),
            ));
        }
        let command = Command::Act { seat, action };
        let events = command
            .play(self.game.as_mut())
            .map_err(|e| RuleError::new(e.code(), e.to_string()))?;
        self.record(command, events, conn, reference).await?;
        metrics::histogram!("xenotable_apply_persist_seconds")
            .record(started_at.elapsed().as_secs_f64());
        Ok(())
    }

    /// Stores a command the game has just applied, then tells everyone: the one path of every
    /// accepted command, a seat's act or the room's `TimeUp`.
    async fn record(
        &mut self,
        command: Command,
        events: Vec<JsonEvent>,
        conn: Option<u64>,
        reference: Option<String>,
    ) -> Result<(), RuleError> {
        let seq = (self.seqs.log() + 1) as i64;
        let record = command.record(self.id, seq, Utc::now(), self.epoch);
        match self.ctx.committer.commit(record).await {
            Ok(()) => {}
            // The lease is lost: the node that holds it now replays the log and goes on.
            Err(CommitError::Fenced) => {
                self.hand_over_to_another_node();
                return Err(RuleError::new(
                    "match_moved",
                    "the match moved to another server; reconnect and send it again",
                ));
            }
            Err(e) => {
                tracing::error!(error = %e, "command not stored; rebuilding from the log");
                self.rebuild().await;
                return Err(RuleError::new(
                    "storage_failed",
                    "the move could not be saved; try again",
                ));
            }
        }
        self.seqs.count(events);
        metrics::counter!("xenotable_commands_accepted_total").increment(1);
        self.refresh();
        self.sync_clock(None);
        // The status first: whoever is told the match is over may ask for its replay at once.
        if let Some(outcome) = self.game.outcome()
            && !self.over_recorded
        {
            let outcome = serde_json::to_value(&outcome).ok();
            match self
                .ctx
                .store
                .set_status(self.id, MatchStatus::Finished, outcome)
                .await
            {
                Ok(()) => self.over_recorded = true,
                Err(e) => tracing::error!(error = %e, "cannot record the outcome"),
            }
            tracing::info!(seq = self.seqs.log(), "match finished");
        }
        self.broadcast(conn, reference.as_deref());
        self.schedule_bot();
        Ok(())
    }

    /// Follows the game's clock: keeps a running one, starts a new period (with the time a
    /// saved clock of that period had left, after a restart), stops when the game has none.
    fn sync_clock(&mut self, saved: Option<SavedClock>) {
        let wanted = if self.started() && !self.abandoned && self.game.outcome().is_none() {
            self.game.clock()
        } else {
            None
        };
        self.clock = match (wanted, self.clock) {
            (None, _) => None,
            (Some(clock), Some(running)) if running.clock == clock => Some(running),
            (Some(clock), _) => {
                let full = Duration::from_secs(clock.seconds.into());
                let left = saved
                    .filter(|s| s.period == i64::from(clock.period))
                    .map_or(full, |s| {
                        Duration::from_millis(s.remaining_ms.max(0) as u64).min(full)
                    });
                let now = Deadline::now();
                Some(RunningClock {
                    clock,
                    deadline: now + left,
                    save_due: now,
                })
            }
        };
    }

    /// Saves the running clock's time left, so a restart resumes it.
    async fn save_clock(&mut self) {
        let Some(running) = self.clock.as_mut() else {
            return;
        };
        running.save_due = Deadline::now() + CLOCK_SAVE_EVERY;
        let saved = SavedClock {
            period: i64::from(running.clock.period),
            remaining_ms: running.remaining().as_millis() as i64,
        };
        if let Err(e) = self.ctx.store.save_clock(self.id, saved).await {
            tracing::warn!(error = %e, "cannot save the clock");
        }
    }

    /// Who may act and what each seat may send, after the match changed: computed once per
    /// seat here, read by every view, bot and staleness check until the next command.
    fn refresh(&mut self) {
        self.to_act = self.game.to_act();
        for s in &mut self.seats {
            let legal = self.game.legal_json(s.seat);
            if legal != s.legal {
                s.legal = legal;
                s.legal_changed = self.seqs.of(Viewer::Seat(s.seat));
            }
        }
    }

    /// The clock ran out: the room plays the game's `TimeUp` and logs it as its own command.
    async fn expire(&mut self) {
        let Some(running) = self.clock.take() else {
            return;
        };
        let events = match Command::TimeUp.play(self.game.as_mut()) {
            Ok(events) => events,
            Err(e) => {
                tracing::error!(error = %e, "the game refused its own clock's expiry");
                return;
            }
        };
        tracing::info!(seat = %running.clock.seat, period = running.clock.period, "time up");
        match self.record(Command::TimeUp, events, None, None).await {
            Ok(()) => {
                let seat = running.clock.seat;
                self.timed_out = Some((seat, self.seqs.of(Viewer::Seat(seat))));
            }
            Err(refusal) => tracing::error!(code = refusal.code(), "time up not recorded"),
        }
    }

    /// Sends each connection the update of the last command built for its viewer: written once
    /// per viewer, the same bytes to each of its connections (the sender's copy with its
    /// `ref`), the views of all viewers together so that what they share is written once. A
    /// viewer from whom the command is withheld gets nothing.
    fn broadcast(&mut self, from: Option<u64>, reference: Option<&str>) {
        let mut told: Vec<(Viewer, Vec<&Json>)> = Vec::new();
        for conn in self.conns.values() {
            if told.iter().all(|(v, _)| *v != conn.viewer)
                && let Some(events) = seen_by(self.seqs.last(), conn.viewer)
            {
                told.push((conn.viewer, events));
            }
        }
        let viewers: Vec<Viewer> = told.iter().map(|&(viewer, _)| viewer).collect();
        let updates: Vec<(Viewer, frame::Update)> = told
            .iter()
            .zip(self.views(&viewers))
            .map(|((viewer, events), view)| {
                let update = frame::Update::new(self.seqs.of(*viewer), events, &view);
                (*viewer, update)
            })
            .collect();
        let mut frames = Vec::with_capacity(self.conns.len());
        for (&id, conn) in &self.conns {
            let Some((_, update)) = updates.iter().find(|(v, _)| *v == conn.viewer) else {
                continue;
            };
            let text = match reference {
                Some(reference) if Some(id) == from => update.with_ref(reference),
                _ => update.shared(),
            };
            frames.push((id, text));
        }
        for (id, text) in frames {
            self.send(id, text);
        }
    }

    /// After a failed commit the game in memory is ahead of the log: replay the log.
    async fn rebuild(&mut self) {
        let record = match self.ctx.store.get_match(self.id).await {
            Ok(Some(record)) => record,
            Ok(None) => {
                tracing::error!("cannot reload the match: it is gone from the store");
                return;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot reload the match");
                return;
            }
        };
        let (game, seqs) = match load::replay(self.ctx.store.as_ref(), &record).await {
            Ok(rebuilt) => rebuilt,
            Err(e) => return tracing::error!(error = %e, "cannot rebuild the match"),
        };
        // The failed commit may have been a retry of one that did land: the log decides.
        let outcome = game.outcome();
        match load::settle(self.ctx.store.as_ref(), &record, outcome).await {
            Ok(status) => self.over_recorded = status.is_over(),
            Err(e) => tracing::error!(error = %e, "cannot record the rebuilt match's status"),
        }
        self.game = game;
        self.seqs = seqs;
        self.refresh();
        self.sync_clock(None);
    }

    fn schedule_bot(&mut self) {
        let bot_to_act = self.started()
            && !self.abandoned
            && !self.thinking
            && self
                .seats
                .iter()
                .any(|s| s.bot.is_some() && self.to_act.contains(&s.seat));
        self.bot_due = match (bot_to_act, self.bot_due) {
            (false, _) => None,
            (true, Some(due)) => Some(due),
            (true, None) => Some(Deadline::now() + self.ctx.bot_delay),
        };
    }

    /// Hands the first bot to act, from seat index `from` on, its view to think over on the
    /// blocking pool; its answer comes back as a [`Thought`].
    fn play_bot(&mut self, from: usize) {
        self.bot_due = None;
        for k in from..self.seats.len() {
            let seat = self.seats[k].seat;
            if !self.to_act.contains(&seat) {
                continue;
            }
            let Some(bot) = self.seats[k].bot.take() else {
                continue;
            };
            // The bot sees exactly what a client playing its seat would see.
            let view = self
                .view_with(Viewer::Seat(seat), &self.seats[k].legal)
                .to_value();
            let seen = self.seqs.of(Viewer::Seat(seat));
            self.thinking = true;
            think(bot, view, k, seen, self.thoughts_tx.clone());
            return;
        }
    }

    /// A bot has decided: its seat gets it back and its action is played like anyone's. A bot
    /// with nothing to play lets the next bot to act think (Away Team's automatic Aliens wait
    /// for the Away Team's lock), unless its view changed meanwhile.
    async fn on_thought(&mut self, thought: Thought) {
        let Thought {
            seat_index,
            seen,
            bot,
            action,
        } = thought;
        self.thinking = false;
        let Some(s) = self.seats.get_mut(seat_index) else {
            return;
        };
        if !s.played_by_bot || s.bot.is_some() {
            // The seat changed hands while its bot thought: the decision goes with the bot.
            self.schedule_bot();
            return;
        }
        s.bot = Some(bot);
        let seat = s.seat;
        if self.abandoned || self.game.outcome().is_some() {
            return;
        }
        let Some(action) = action else {
            if seen == self.seqs.of(Viewer::Seat(seat)) {
                self.play_bot(seat_index + 1);
            } else {
                // Its seat was told of a command while it thought (the Away Team locked): it
                // looks again at what it may play now, or the match would wait for it forever.
                self.schedule_bot();
            }
            return;
        };
        if let Err(refusal) = self.act(None, seat, seen, action, None).await {
            tracing::error!(%seat, code = refusal.code(), message = refusal.message(), "bot move refused");
            self.bot_due = Some(Deadline::now() + Duration::from_secs(1));
        }
    }
}

/// What a spectator is told when it asks to hand over or take back a seat.
/// A seat the match does not have (never a seat's connection: its seat comes from the match).
fn spectator_has_no_seat() -> RuleError {
    RuleError::new(
        "spectator_cannot_act",
        "spectators have no seat to hand over or take back",
    )
}

/// Seats changing hands between their players and bots.
impl Room {
    /// Refuses a change of hands once the match is over or before it has begun.
    fn check_hands_may_change(&self) -> Result<(), RuleError> {
        if self.abandoned || self.game.outcome().is_some() || self.over_recorded {
            return Err(RuleError::new("game_over", "the match is over"));
        }
        if !self.started() {
            return Err(RuleError::new(
                "match_not_started",
                "the match starts when every seat is taken",
            ));
        }
        Ok(())
    }

    /// The player at `seat` lets a bot of `level` play it (the best the game offers for the
    /// seat when `None`), until they take it back.
    async fn hand_over(&mut self, seat: Seat, level: Option<&str>) -> Result<(), RuleError> {
        let level = level
            .map(str::parse::<BotLevel>)
            .transpose()
            .map_err(|e| RuleError::new("unknown_bot_level", e.to_string()))?;
        self.check_hands_may_change()?;
        let Some(k) = self.seats.iter().position(|s| s.seat == seat) else {
            return Err(spectator_has_no_seat());
        };
        if self.seats[k].played_by_bot {
            return Err(RuleError::new(
                "already_handed_over",
                "a bot already plays your seat",
            ));
        }
        let (game, seed) = (self.game.game(), bot_seed(self.seed as u64, seat));
        let stand_in = match level {
            None => Bot::best_for_seat(game, seat, seed, self.ctx.bot_budget),
            Some(level) => Bot::for_seat(game, seat, level, seed, self.ctx.bot_budget)
                .map(|bot| (level, bot))
                .map_err(|e| RuleError::new(e.code(), e.to_string()))?,
        };
        self.change_hands(k, Some(stand_in)).await
    }

    /// The player at `seat` plays it again, from the bot that stood in for them.
    async fn take_back(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.check_hands_may_change()?;
        let Some(k) = self.seats.iter().position(|s| s.seat == seat) else {
            return Err(spectator_has_no_seat());
        };
        if self.seats[k].stand_in.is_none() {
            return Err(RuleError::new(
                "not_handed_over",
                "you play your seat: there is nothing to take back",
            ));
        }
        self.change_hands(k, None).await
    }

    /// Gives the person's seat at index `k` to `stand_in` (a bot and its level) or back to its
    /// player: stored first, then told to everyone.
    async fn change_hands(
        &mut self,
        k: usize,
        stand_in: Option<(BotLevel, Bot)>,
    ) -> Result<(), RuleError> {
        let seat = self.seats[k].seat;
        let level = stand_in.as_ref().map(|(level, _)| *level);
        match self.ctx.store.set_stand_in(self.id, seat, level).await {
            Ok(true) => {}
            Ok(false) => {
                tracing::error!(%seat, "the store refused the change of hands");
                return Err(RuleError::new(
                    "storage_failed",
                    "the change could not be saved; try again",
                ));
            }
            Err(e) => {
                tracing::error!(%seat, error = %e, "change of hands not stored");
                return Err(RuleError::new(
                    "storage_failed",
                    "the change could not be saved; try again",
                ));
            }
        }
        let s = &mut self.seats[k];
        s.stand_in = level;
        s.played_by_bot = level.is_some();
        // A bot of the seat still thinking is dropped with its decision (see `on_thought`).
        s.bot = stand_in.map(|(_, bot)| bot);
        tracing::info!(%seat, level = level.map(BotLevel::as_str), "seat changed hands");
        self.tell_stand_in(seat, level);
        self.schedule_bot();
        Ok(())
    }

    /// Tells every connection that `seat` changed hands, with its viewer's view now: written
    /// once per viewer.
    fn tell_stand_in(&mut self, seat: Seat, level: Option<BotLevel>) {
        let mut built: HashMap<Viewer, Utf8Bytes> = HashMap::new();
        let frames: Vec<(u64, Utf8Bytes)> = self
            .conns
            .iter()
            .map(|(&id, conn)| {
                let viewer = conn.viewer;
                let text = built.entry(viewer).or_insert_with(|| {
                    frame::SeatChanged {
                        seat,
                        level,
                        seq: self.seqs.of(viewer),
                        view: &self.view(viewer),
                    }
                    .write()
                });
                (id, text.clone())
            })
            .collect();
        for (id, text) in frames {
            self.send(id, text);
        }
    }

    /// When the next player of a match whose bots take over will have been away long enough
    /// for a bot to take over their seat.
    fn takeover_due(&self) -> Option<Deadline> {
        if !self.bots_take_over || self.over_recorded || !self.started() {
            return None;
        }
        self.seats
            .iter()
            .filter(|s| s.played_by_its_person())
            .filter_map(|s| s.away_since)
            .min()
            .and_then(|away| away.checked_add(self.ctx.takeover_after))
    }

    /// Bots take over the seats of players who left for good, at the best level on offer:
    /// those away for the takeover patience, or, when `everyone`, every player away now (the
    /// match would be abandoned: nobody is at the table).
    async fn take_over(&mut self, everyone: bool) {
        let now = Deadline::now();
        let after = self.ctx.takeover_after;
        for k in 0..self.seats.len() {
            let s = &self.seats[k];
            let gone = s.played_by_its_person()
                && s.away_since.is_some_and(|away| {
                    everyone || away.checked_add(after).is_some_and(|due| due <= now)
                });
            if !gone {
                continue;
            }
            let seat = s.seat;
            let seed = bot_seed(self.seed as u64, seat);
            let stand_in = Bot::best_for_seat(self.game.game(), seat, seed, self.ctx.bot_budget);
            if let Err(refusal) = self.change_hands(k, Some(stand_in)).await {
                tracing::error!(%seat, code = refusal.code(), "bot could not take over");
                // Not again at once: the player counts as away from now.
                self.seats[k].away_since = Some(now);
            }
        }
    }
}

/// The bot of `level` at `seat`, as stored with the match. A level the game no longer offers
/// for that seat is played at random, loudly: the match must go on.
fn seat_bot(
    game: crate::games::GameId,
    seat: Seat,
    level: BotLevel,
    match_seed: i64,
    ctx: &RoomContext,
) -> Bot {
    let seed = bot_seed(match_seed as u64, seat);
    Bot::for_seat(game, seat, level, seed, ctx.bot_budget).unwrap_or_else(|e| {
        tracing::error!(%seat, error = %e, "stored bot level not offered; playing at random");
        Bot::random(seed)
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::testing::{TestStore, away_team_against_the_automatic_aliens, room_context};

    /// The automatic Aliens wait for the Away Team's lock. When the lock is played between
    /// their look at the match and their answer (nothing to play yet), they look again: in a
    /// live match the room had waited for them forever.
    #[tokio::test]
    async fn a_bot_with_nothing_to_play_looks_again_when_a_command_came_in_meanwhile() {
        let store = TestStore::new().await;
        let record = away_team_against_the_automatic_aliens(store.as_ref()).await;
        let ctx = room_context(store.clone());
        let loaded = Loaded::load(&ctx, &record).await.expect("the match loads");
        let (_handle, mut room) = crate::room::channel(ctx, &record, loaded);

        room.play_bot(0);
        let thought = room.thoughts.recv().await.expect("the Aliens answer");
        assert_eq!(thought.action, None, "they wait for the Away Team's lock");
        let seen = room.seqs.of(Viewer::Seat(Seat::AwayTeam));
        room.act(None, Seat::AwayTeam, seen, json!({"type": "lock"}), None)
            .await
            .expect("the Away Team locks");
        room.on_thought(thought).await;
        assert!(room.bot_due.is_some(), "the Aliens are due to look again");

        room.play_bot(0);
        let thought = room.thoughts.recv().await.expect("the Aliens answer");
        assert_eq!(
            thought.action.as_ref().map(|a| &a["type"]),
            Some(&json!("roll-targets"))
        );
    }
}
