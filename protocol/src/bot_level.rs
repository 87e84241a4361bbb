//! How well a server bot plays a seat.

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How well a server bot plays: chosen per seat when a match is made, kept with the match.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema, ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum BotLevel {
    /// A uniformly random legal move (load and property tests, and a gentle opponent).
    #[default]
    Random,
    /// Fast heuristics in the game's own terms.
    Normal,
    /// A search over worlds that agree with the bot's own view, within a time budget.
    Strong,
}

impl BotLevel {
    /// Every level, weakest first.
    pub const ALL: [BotLevel; 3] = [BotLevel::Random, BotLevel::Normal, BotLevel::Strong];

    /// The level on the wire and in the database (`strong`).
    pub fn as_str(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Normal => "normal",
            BotLevel::Strong => "strong",
        }
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text names no bot level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownBotLevel(pub String);

impl fmt::Display for UnknownBotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown bot level {:?}: a bot is random, normal or strong",
            self.0
        )
    }
}

impl std::error::Error for UnknownBotLevel {}

impl FromStr for BotLevel {
    type Err = UnknownBotLevel;

    fn from_str(s: &str) -> Result<BotLevel, UnknownBotLevel> {
        BotLevel::ALL
            .into_iter()
            .find(|level| level.as_str() == s)
            .ok_or_else(|| UnknownBotLevel(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_back_from_their_names_and_nothing_else_does() {
        for level in BotLevel::ALL {
            assert_eq!(level.as_str().parse(), Ok(level));
            assert_eq!(
                serde_json::to_value(level).unwrap(),
                serde_json::json!(level.as_str())
            );
        }
        assert!("Strong".parse::<BotLevel>().is_err());
        assert!("hard".parse::<BotLevel>().is_err());
    }
}
