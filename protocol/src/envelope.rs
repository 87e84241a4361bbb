//! What every game's view carries around its own fields.

use serde::{Deserialize, Serialize};

use crate::Seat;

/// How a match ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// The seats that won; empty for a draw.
    pub winners: Vec<Seat>,
    /// Why, as a stable snake_case code of the game (`rescue`, `assimilation`, ...).
    pub reason: String,
}

/// One viewer's view of a match: the game's own view plus who acts, what this viewer may send,
/// and the outcome once there is one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchView<V, A> {
    /// The game's own view for this viewer.
    #[serde(flatten)]
    pub game: V,
    /// The seats that may act now.
    pub to_act: Vec<Seat>,
    /// What this viewer's seat may send now, each exactly as the server accepts it.
    pub legal: Vec<A>,
    /// `None` while the match goes on.
    pub outcome: Option<Outcome>,
}
