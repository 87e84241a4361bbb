//! The frames of the match WebSocket, and the lobby's REST bodies.

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::{BotLevel, JsonView, Outcome, Seat};

/// A frame a client sends on the match WebSocket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientFrame {
    /// An intent: `seq` is the last sequence number the client saw; `ref`, if given, is echoed
    /// in the update or error that answers this act.
    Act {
        seq: u64,
        #[serde(default, rename = "ref", skip_serializing_if = "Option::is_none")]
        reference: Option<String>,
        action: Value,
    },
    /// A table-talk message, delivered to everyone at the table.
    Chat {
        text: String,
    },
    Ping {},
    /// The seat's player lets a server bot play their seat, of `level` (`random`, `normal` or
    /// `strong`; left out: the best level the game offers for the seat), until they take it
    /// back. Their token keeps working: they watch with their seat's view, and their acts are
    /// refused (`seat_played_by_bot`) while the bot plays.
    HandOver {
        #[serde(default)]
        level: Option<String>,
    },
    /// The seat's player plays their seat again, from the bot that held it.
    TakeBack {},
}

/// A frame the server sends on the match WebSocket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerFrame {
    /// On connect: who you are, the whole view, the table chat so far (oldest first, the
    /// latest lines only), and every update this viewer was told so far (oldest first, each as
    /// it was sent: its seq and its events redacted for this viewer), so a reload or a reconnect
    /// loses none of the match's story.
    Welcome {
        you: String,
        seq: u64,
        view: JsonView,
        #[serde(default)]
        chat: Vec<ChatLine>,
        #[serde(default)]
        log: Vec<LogEntry>,
        /// The people's seats a server bot plays now, handed over or taken over (their
        /// `stand_in` frames so far).
        #[serde(default)]
        stand_ins: Vec<StandIn>,
    },
    /// To everyone at the table: a seat changed hands between its player and a server bot
    /// (`level`: the bot that plays it now; `null`: its player plays it again). Nothing was
    /// played, so `seq` is the viewer's seq as before; `view` is the viewer's view now (the
    /// seat's own `legal` is empty while a bot plays it).
    StandIn {
        seat: Seat,
        level: Option<BotLevel>,
        seq: u64,
        view: JsonView,
    },
    /// After each accepted command: what happened and the new view, for this viewer.
    Update {
        seq: u64,
        #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
        reference: Option<String>,
        events: Vec<Value>,
        view: JsonView,
    },
    /// To the sender only: why a frame was refused. Nothing changed.
    Error {
        code: String,
        message: String,
        #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
        reference: Option<String>,
    },
    Chat {
        from: Seat,
        text: String,
    },
    Pong {},
}

/// One update of a viewer's history, as its `update` frame told it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    /// The viewer's own seq of the update.
    pub seq: u64,
    /// Its events, as the viewer was told them.
    pub events: Vec<Value>,
}

/// A line of the table chat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatLine {
    pub from: Seat,
    pub text: String,
}

/// A person's seat that a server bot plays for now, and the bot's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StandIn {
    pub seat: Seat,
    pub level: BotLevel,
}

/// One seat of a new match: a bot, a named human (who gets a token), or left open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    pub seat: Seat,
    #[serde(default)]
    pub bot: bool,
    /// How well the bot plays: `random` (the default), `normal` or `strong`; only for a bot
    /// seat. Any other text is refused with `unknown_bot_level`, and a level the game does not
    /// offer for this seat with `bot_level_unavailable`.
    #[serde(default)]
    #[schema(example = "strong")]
    pub level: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
}

/// `POST /api/matches`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    pub game: String,
    #[serde(default)]
    pub scenario: Option<String>,
    #[serde(default)]
    pub options: Value,
    /// A chosen seed: accepted only with the admin token, or on a development server.
    #[serde(default)]
    pub seed: Option<u64>,
    pub seats: Vec<SeatRequest>,
    /// When the match's players have left for good (it would be abandoned), server bots take
    /// over their seats and the match plays on, instead of ending as abandoned.
    #[serde(default)]
    pub bots_take_over: bool,
}

/// A seat token handed to the player who took the seat. Shown once; stored only hashed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatToken {
    pub seat: Seat,
    pub token: String,
}

/// The answer to `POST /api/matches`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchCreated {
    pub id: String,
    pub seats: Vec<SeatToken>,
}

/// `POST /api/matches/{id}/join`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinMatch {
    pub seat: Seat,
    pub name: String,
}

/// Where a match stands in its life: on the wire, in the lobby's `?status=` filter and in the
/// store, always spelled `open`, `live`, `finished` or `abandoned`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MatchStatus {
    /// Waiting for players to fill its seats.
    Open,
    /// Every seat is taken and play is under way.
    Live,
    /// Over, with or without an outcome.
    Finished,
    /// Ended without an outcome: nobody joined it, or nobody came back to it, in time.
    Abandoned,
}

impl MatchStatus {
    /// Every status, in the order of a match's life.
    pub const ALL: [MatchStatus; 4] = [
        MatchStatus::Open,
        MatchStatus::Live,
        MatchStatus::Finished,
        MatchStatus::Abandoned,
    ];

    /// The one spelling of the status.
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownStatus;

impl fmt::Display for UnknownStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown match status")
    }
}

impl std::error::Error for UnknownStatus {}

impl FromStr for MatchStatus {
    type Err = UnknownStatus;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MatchStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == s)
            .ok_or(UnknownStatus)
    }
}

/// One seat in a public summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatSummary {
    pub seat: Seat,
    pub name: Option<String>,
    pub bot: bool,
    /// How well the bot plays; `None` for a person's seat.
    #[serde(default)]
    pub level: Option<BotLevel>,
    /// A person's seat that a server bot plays for now (handed over, or taken over when its
    /// player left for good), and that bot's level; `None` while its player plays it.
    #[serde(default)]
    pub stand_in: Option<BotLevel>,
    /// Whether the seat is taken (by a bot or a player).
    pub taken: bool,
}

/// A match as anyone may see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchSummary {
    pub id: String,
    pub game: String,
    pub scenario: Option<String>,
    pub status: MatchStatus,
    /// The creator chose the seed (admins and development servers only), so someone may know
    /// every future die. The seed itself is told only in the finished match's replay.
    pub seeded: bool,
    /// Server bots take over the seats of players who left for good, rather than the match
    /// being abandoned.
    #[serde(default)]
    pub bots_take_over: bool,
    pub seats: Vec<SeatSummary>,
    pub spectators: usize,
    pub outcome: Option<Outcome>,
    pub created_at: String,
}

/// An error answer of the REST API.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiError {
    pub code: String,
    pub message: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The store, the lobby filter and the wire read one spelling: `as_str`, `FromStr` and serde
    /// must agree on every status.
    #[test]
    fn every_status_has_one_spelling() {
        for status in MatchStatus::ALL {
            let wire = serde_json::to_value(status).unwrap();
            assert_eq!(wire, Value::String(status.as_str().to_owned()));
            assert_eq!(status.as_str().parse(), Ok(status));
            assert_eq!(status.to_string(), status.as_str());
        }
        assert_eq!("Open".parse::<MatchStatus>(), Err(UnknownStatus));
        assert_eq!("".parse::<MatchStatus>(), Err(UnknownStatus));
    }
}
