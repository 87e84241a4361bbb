//! The game table: one line per game makes its [`GameId`] and its dispatch.
//!
//! Code that must reach a game's types from a [`GameId`] writes a [`Visit`]or once, generic
//! over [`Game`], instead of matching on game names.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Game, GameId};

/// Declares the games: `Name in module,` per game, where `module::Name` implements [`Game`].
/// Expands to [`GameId`] with one variant per game, in table order (the lobby lists them so).
/// A line may carry attributes such as `#[cfg(...)]`.
macro_rules! game_table {
    ($( $(#[$attr:meta])* $game:ident in $module:ident, )*) => {

        /// A game the server plays; on the wire and in the database, its [`Game::ID`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameId {
            $(
                $(#[$attr])*
                #[doc = concat!("[`", stringify!($module), "::", stringify!($game), "`].")]
                $game,
            )*
        }

        $(
            $(#[$attr])*
            impl $crate::games::Listed for $module::$game {
                const GAME: GameId = GameId::$game;
            }
        )*

        impl GameId {
            /// Every game, in table order.
            pub const ALL: &[GameId] = &[$( $(#[$attr])* GameId::$game, )*];

            /// Calls `visitor` with this game's [`Game`] type.
            pub fn visit<V: $crate::games::Visit>(self, visitor: V) -> V::Output {
                match self {
                    $( $(#[$attr])* GameId::$game => visitor.visit::<$module::$game>(), )*
                }
            }
        }
    };
}

/// A game of the table.
pub trait Listed: Game + 'static {
    /// Its line in the table.
    const GAME: GameId;
}

/// Something done with a game's types, chosen by a [`GameId`] at run time.
pub trait Visit {
    /// What it gives back.
    type Output;
    /// Does it with game `G`.
    fn visit<G: Listed>(self) -> Self::Output;
}

/// The id of a game, as [`Game::ID`].
struct Id;

impl Visit for Id {
    type Output = &'static str;
    fn visit<G: Listed>(self) -> &'static str {
        G::ID
    }
}

impl GameId {
    /// The id on the wire and in the database (`away-team`).
    pub fn as_str(self) -> &'static str {
        self.visit(Id)
    }
}

/// A game id that names no game of the table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?}")]
pub struct UnknownGame(pub String);

impl UnknownGame {
    /// The stable code of this error.
    pub fn code(&self) -> &'static str {
        "unknown_game"
    }
}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(id: &str) -> Result<GameId, UnknownGame> {
        GameId::ALL
            .iter()
            .copied()
            .find(|g| g.as_str() == id)
            .ok_or_else(|| UnknownGame(id.to_owned()))
    }
}

impl TryFrom<String> for GameId {
    type Error = UnknownGame;

    fn try_from(id: String) -> Result<GameId, UnknownGame> {
        id.parse()
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for GameId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// On the wire, one of the game ids of the table.
impl utoipa::PartialSchema for GameId {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(GameId::ALL.iter().map(|g| g.as_str())))
            .into()
    }
}

impl utoipa::ToSchema for GameId {}

impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameId, D::Error> {
        let id = String::deserialize(deserializer)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_id_reads_back_from_its_wire_name() {
        for &game in GameId::ALL {
            assert_eq!(game.as_str().parse(), Ok(game));
            assert_eq!(
                serde_json::to_value(game).unwrap(),
                serde_json::json!(game.as_str())
            );
        }
        assert_eq!(
            "chess".parse::<GameId>(),
            Err(UnknownGame("chess".to_owned()))
        );
        assert_eq!(GameId::AwayTeam.to_string(), "away-team");
    }
}
