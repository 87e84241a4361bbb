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
