//! The plain data the [`Store`](super::Store) reads and writes: what a caller hands in
//! ([`NewMatch`], [`NewSeat`], [`CommandRecord`], [`ScenarioRecord`]) and what it gets back
//! ([`MatchRecord`], [`SeatRecord`], [`Lease`]). Ids, seats and statuses are typed here; the store parses
//! the stored text once, and refuses a value that does not parse. No I/O here: `sql` maps these to
//! rows.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};
use serde::{Serialize, Serializer};
use serde_json::Value;
use xenotable_protocol::{BotLevel, MatchStatus, ParseSeatError, Seat};

use crate::games::GameId;
use crate::ids::{MatchId, ScenarioId};

/// SHA-256 of a seat token. The store only ever sees this hash, never the token.
pub type TokenHash = [u8; 32];

/// Who a logged command came from. Stored as the seat's name, or `clock`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Author {
    /// A seat acted.
    Seat(Seat),
    /// The room's clock ran out: the command is the game's `TimeUp`.
    Clock,
}

impl Author {
    /// The stored name of [`Author::Clock`]; no seat is called that.
    const CLOCK: &'static str = "clock";
}

impl fmt::Display for Author {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Author::Seat(seat) => seat.fmt(f),
            Author::Clock => f.write_str(Author::CLOCK),
        }
    }
}

impl FromStr for Author {
    type Err = ParseSeatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == Author::CLOCK {
            Ok(Author::Clock)
        } else {
            s.parse().map(Author::Seat)
        }
    }
}

impl Serialize for Author {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A match to create: everything a replay needs besides the command log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMatch {
    /// Chosen by the caller ([`MatchId::random`]), so it can be logged before the insert.
    pub id: MatchId,
    /// The game.
    pub game: GameId,
    /// Scenario id, if the game uses one.
    pub scenario: Option<ScenarioId>,
    /// The scenario file as it was at creation, so a replay never depends on the scenario
    /// still existing unchanged.
    pub scenario_text: Option<String>,
    /// Validated game options.
    pub options: Value,
    /// Seed of the match's dice.
    pub seed: i64,
    /// Whether the creator chose the seed (public: see [`MatchRecord::seeded`]).
    pub seeded: bool,
    /// Whether bots take over the seats of players who left for good (see
    /// [`MatchRecord::bots_take_over`]).
    pub bots_take_over: bool,
    /// The seats, in the order summaries list them.
    pub seats: Vec<NewSeat>,
}

/// One seat of a [`NewMatch`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSeat {
    /// Which seat.
    pub seat: Seat,
    /// Display name; `None` leaves a human seat open for [`claim_seat`](super::Store::claim_seat).
    pub name: Option<String>,
    /// Played by a server bot, of this level.
    pub bot: Option<BotLevel>,
    /// Hash of the seat's token, for a human seat filled at creation. Must be `None` for a bot.
    pub token_hash: Option<TokenHash>,
}

/// A stored match with its seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRecord {
    /// The match id.
    pub id: MatchId,
    /// The game.
    pub game: GameId,
    /// Scenario id, if any; a stored id that is no scenario id reads as corrupt data.
    pub scenario: Option<ScenarioId>,
    /// The scenario file as it was at creation.
    pub scenario_text: Option<String>,
    /// Game options as given at creation.
    pub options: Value,
    /// Seed of the match's dice.
    pub seed: i64,
    /// Whether the creator chose the seed, so someone may know every future die: public, the
    /// seed itself is not.
    pub seeded: bool,
    /// When the match would be abandoned because its players left for good, bots take over
    /// their seats and it plays on (chosen at creation, public).
    pub bots_take_over: bool,
    /// Where the match is in its life.
    pub status: MatchStatus,
    /// The game's outcome, once finished.
    pub outcome: Option<Value>,
    /// When the store created it (microsecond precision).
    pub created_at: DateTime<Utc>,
    /// The seats, in creation order.
    pub seats: Vec<SeatRecord>,
}

/// A stored seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRecord {
    /// Which seat.
    pub seat: Seat,
    /// Display name; `None` while the seat is open.
    pub name: Option<String>,
    /// Played by a server bot, of this level (a bot stored before levels existed is `random`).
    pub bot: Option<BotLevel>,
    /// Hash of the seat's token; `None` while open, and always for a bot.
    pub token_hash: Option<TokenHash>,
    /// A person's seat that a server bot plays for now, of this level; `None` while its player
    /// plays it, and always for a bot seat or an open one.
    pub stand_in: Option<BotLevel>,
}

impl SeatRecord {
    /// Whether someone holds the seat: a bot, or a player with a token.
    pub fn taken(&self) -> bool {
        self.bot.is_some() || self.token_hash.is_some()
    }
}

impl From<NewSeat> for SeatRecord {
    fn from(seat: NewSeat) -> Self {
        SeatRecord {
            seat: seat.seat,
            name: seat.name,
            bot: seat.bot,
            token_hash: seat.token_hash,
            stand_in: None,
        }
    }
}

/// One entry of a match's command log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRecord {
    /// The match it belongs to.
    pub match_id: MatchId,
    /// The room's sequence number; unique within the match.
    pub seq: i64,
    /// Who acted: a seat, or the room's clock.
    pub author: Author,
    /// The action as the protocol serializes it.
    pub action: Value,
    /// When the room accepted it. Stored with microsecond precision (finer digits are dropped).
    pub at: DateTime<Utc>,
    /// The epoch of the match's lease its node held when it stored the command: the store
    /// refuses it unless that is still the match's current epoch
    /// ([`append_commands`](super::Store::append_commands)). `None`: stored by a single node
    /// without leases, never checked.
    pub epoch: Option<i64>,
}

/// The lease of a match: the node that owns it, when several nodes share one database
/// ([`take_lease`](super::Store::take_lease)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    /// The match.
    pub match_id: MatchId,
    /// The node that holds the lease, or last held it if it has expired.
    pub node: String,
    /// 1 for the match's first lease, one more at every takeover; a renewal keeps it. Every
    /// command the holder stores carries it ([`CommandRecord::epoch`]).
    pub epoch: i64,
    /// Until when the node holds it, by the clock that judges leases (the database's on
    /// PostgreSQL). Microsecond precision.
    pub expires_at: DateTime<Utc>,
}

/// A line of a match's table chat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatRecord {
    /// The match it was said in.
    pub match_id: MatchId,
    /// Order within the match, from 1.
    pub n: i64,
    /// The seat that spoke.
    pub seat: Seat,
    /// What was said.
    pub text: String,
    /// When; stored with microsecond precision.
    pub at: DateTime<Utc>,
}

/// A running clock as its room last saved it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct SavedClock {
    /// The game's period (which timed span): a clock of another period is stale.
    pub period: i64,
    /// Milliseconds that were left.
    pub remaining_ms: i64,
}

/// A scenario file. Its columns read the same on both backends, so it is its own row type.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ScenarioRecord {
    /// Stable id used in URLs and in [`NewMatch::scenario`]; a stored id that is no scenario id
    /// reads as corrupt data.
    #[sqlx(try_from = "String")]
    pub id: ScenarioId,
    /// The game; a stored id of no game in the table reads as corrupt data.
    #[sqlx(try_from = "String")]
    pub game: GameId,
    /// Display name.
    pub name: String,
    /// The file, verbatim.
    pub text: String,
    /// Shipped with the server (as opposed to uploaded by an admin).
    pub shipped: bool,
}
