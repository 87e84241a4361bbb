//! The plain data the [`Store`](super::Store) reads and writes: what a caller hands in
//! ([`NewMatch`], [`NewSeat`], [`CommandRecord`], [`ScenarioRecord`]) and what it gets back
//! ([`MatchRecord`], [`SeatRecord`]). No I/O here; each backend maps these to its own rows.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

/// SHA-256 of a seat token. The store only ever sees this hash, never the token.
pub type TokenHash = [u8; 32];

/// Where a match is in its life. Stored as the text `open`, `live`, `finished` or `abandoned`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MatchStatus {
    /// Waiting for human seats to be claimed.
    Open,
    /// Every seat is filled and play is under way.
    Live,
    /// Over, with or without an outcome.
    Finished,
    /// Ended without an outcome: nobody joined it, or nobody came back to it, in time.
    Abandoned,
}

impl MatchStatus {
    /// The stored (and wire) spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            MatchStatus::Open => "open",
            MatchStatus::Live => "live",
            MatchStatus::Finished => "finished",
            MatchStatus::Abandoned => "abandoned",
        }
    }

    /// Whether the match is over (finished or abandoned): nothing more is played in it.
    pub fn is_over(self) -> bool {
        matches!(self, MatchStatus::Finished | MatchStatus::Abandoned)
    }
}

impl fmt::Display for MatchStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text was not `open`, `live`, `finished` or `abandoned`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown match status")]
pub struct UnknownStatus;

impl FromStr for MatchStatus {
    type Err = UnknownStatus;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "open" => Ok(MatchStatus::Open),
            "live" => Ok(MatchStatus::Live),
            "finished" => Ok(MatchStatus::Finished),
            "abandoned" => Ok(MatchStatus::Abandoned),
            _ => Err(UnknownStatus),
        }
    }
}

/// A match to create: everything a replay needs besides the command log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMatch {
    /// Chosen by the caller (random v4), so it can be logged before the insert.
    pub id: Uuid,
    /// Game id from the registry.
    pub game: String,
    /// Scenario id, if the game uses one.
    pub scenario: Option<String>,
    /// The scenario file as it was at creation, so a replay never depends on the scenario
    /// still existing unchanged.
    pub scenario_text: Option<String>,
    /// Validated game options.
    pub options: Value,
    /// Seed of the match's dice.
    pub seed: i64,
    /// Whether the creator chose the seed (public: see [`MatchRecord::seeded`]).
    pub seeded: bool,
    /// The seats, in the order summaries list them.
    pub seats: Vec<NewSeat>,
}

/// One seat of a [`NewMatch`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSeat {
    /// Seat id (`creature`, `hunted-1`, ...).
    pub seat: String,
    /// Display name; `None` leaves a human seat open for [`claim_seat`](super::Store::claim_seat).
    pub name: Option<String>,
    /// Played by a server bot.
    pub bot: bool,
    /// Hash of the seat's token, for a human seat filled at creation. Must be `None` for a bot.
    pub token_hash: Option<TokenHash>,
}

/// A stored match with its seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRecord {
    /// The match id.
    pub id: Uuid,
    /// Game id from the registry.
    pub game: String,
    /// Scenario id, if any.
    pub scenario: Option<String>,
    /// The scenario file as it was at creation.
    pub scenario_text: Option<String>,
    /// Game options as given at creation.
    pub options: Value,
    /// Seed of the match's dice.
    pub seed: i64,
    /// Whether the creator chose the seed, so someone may know every future die: public, the
    /// seed itself is not.
    pub seeded: bool,
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
    /// Seat id.
    pub seat: String,
    /// Display name; `None` while the seat is open.
    pub name: Option<String>,
    /// Played by a server bot.
    pub bot: bool,
    /// Hash of the seat's token; `None` while open, and always for a bot.
    pub token_hash: Option<TokenHash>,
}

impl From<NewSeat> for SeatRecord {
    fn from(seat: NewSeat) -> Self {
        SeatRecord {
            seat: seat.seat,
            name: seat.name,
            bot: seat.bot,
            token_hash: seat.token_hash,
        }
    }
}

/// One entry of a match's command log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRecord {
    /// The match it belongs to.
    pub match_id: Uuid,
    /// The room's sequence number; unique within the match.
    pub seq: i64,
    /// Who acted (a seat id, or the room's own name for timer expiries).
    pub seat: String,
    /// The action as the protocol serializes it.
    pub action: Value,
    /// When the room accepted it. Stored with microsecond precision (finer digits are dropped).
    pub at: DateTime<Utc>,
}

/// A line of a match's table chat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatRecord {
    pub match_id: Uuid,
    /// Order within the match, from 1.
    pub n: i64,
    /// The seat that spoke.
    pub seat: String,
    pub text: String,
    /// Stored with microsecond precision.
    pub at: DateTime<Utc>,
}

/// A running clock as its room last saved it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SavedClock {
    /// The game's period (which timed span): a clock of another period is stale.
    pub period: i64,
    /// Milliseconds that were left.
    pub remaining_ms: i64,
}

/// A scenario file. Its columns read the same on both backends, so it is its own row type.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ScenarioRecord {
    /// Stable id used in URLs and in [`NewMatch::scenario`].
    pub id: String,
    /// Game id from the registry.
    pub game: String,
    /// Display name.
    pub name: String,
    /// The file, verbatim.
    pub text: String,
    /// Shipped with the server (as opposed to uploaded by an admin).
    pub shipped: bool,
}

/// Converts a stored token hash column to its fixed size.
pub(super) fn token_hash(bytes: Option<Vec<u8>>) -> Result<Option<TokenHash>, super::StoreError> {
    bytes
        .map(|b| TokenHash::try_from(b.as_slice()))
        .transpose()
        .map_err(|_| super::StoreError::corrupt("token hash is not 32 bytes"))
}

/// Parses a stored status column.
pub(super) fn status(text: &str) -> Result<MatchStatus, super::StoreError> {
    text.parse()
        .map_err(|_| super::StoreError::corrupt("unknown match status"))
}

/// Now, truncated to the microseconds both backends keep, so a record returned by a write
/// equals the one read back later.
pub(super) fn now() -> DateTime<Utc> {
    let now = Utc::now();
    let micros = now.timestamp_micros();
    DateTime::from_timestamp_micros(micros).unwrap_or(now)
}

/// A match row without its seats, as a backend reads it.
pub(super) struct MatchHead {
    pub id: Uuid,
    pub game: String,
    pub scenario: Option<String>,
    pub scenario_text: Option<String>,
    pub options: Value,
    pub seed: i64,
    pub seeded: bool,
    pub status: MatchStatus,
    pub outcome: Option<Value>,
    pub created_at: DateTime<Utc>,
}

/// Folds match-and-seat rows, ordered by match then seat position, into records: consecutive
/// rows of one match become one record. A match without seats comes as one row with no seat.
pub(super) fn group(
    rows: impl IntoIterator<Item = Result<(MatchHead, Option<SeatRecord>), super::StoreError>>,
) -> Result<Vec<MatchRecord>, super::StoreError> {
    let mut matches: Vec<MatchRecord> = Vec::new();
    for row in rows {
        let (head, seat) = row?;
        let same = matches.last().is_some_and(|last| last.id == head.id);
        if !same {
            matches.push(MatchRecord {
                id: head.id,
                game: head.game,
                scenario: head.scenario,
                scenario_text: head.scenario_text,
                options: head.options,
                seed: head.seed,
                seeded: head.seeded,
                status: head.status,
                outcome: head.outcome,
                created_at: head.created_at,
                seats: Vec::new(),
            });
        }
        if let (Some(seat), Some(last)) = (seat, matches.last_mut()) {
            last.seats.push(seat);
        }
    }
    Ok(matches)
}

/// The record of a match just created from `new`.
pub(super) fn created(new: NewMatch, created_at: DateTime<Utc>) -> MatchRecord {
    MatchRecord {
        id: new.id,
        game: new.game,
        scenario: new.scenario,
        scenario_text: new.scenario_text,
        options: new.options,
        seed: new.seed,
        seeded: new.seeded,
        status: MatchStatus::Open,
        outcome: None,
        created_at,
        seats: new.seats.into_iter().map(SeatRecord::from).collect(),
    }
}
