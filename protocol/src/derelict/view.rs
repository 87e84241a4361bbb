//! The whole table, the same for both seats and spectators (rules 13).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::{Facing, Role};
use super::model::{ModelId, Square};

/// Where the match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// The marines put their squad on the `M` squares.
    MarineDeployment,
    /// The aliens face the aliens on the `A` squares.
    AlienDeployment,
    MarineTurn,
    /// Reinforcements arrive first, then the aliens act.
    AlienTurn,
    Over,
}

/// What one side must do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Duty {
    /// Nothing: the other side is to act.
    Wait,
    /// Put every marine on a start square, then confirm.
    Deploy,
    /// Give every alien on a start square a facing, then confirm.
    Face,
    /// Place the arriving reinforcements.
    Arrive,
    /// Act with models one at a time, then end the turn.
    Act,
}

/// Where a model is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Not deployed yet.
    Waiting,
    OnBoard,
    Dead,
    Escaped,
}

/// The table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct View {
    pub title: String,
    /// The map, one string of cell codes per row, with the doors as they are now (a destroyed
    /// door reads `.`).
    pub rows: Vec<String>,
    pub marines: Vec<MarineView>,
    /// The aliens on the board.
    pub aliens: Vec<AlienView>,
    /// Aliens killed so far.
    pub aliens_killed: u32,
    pub turn: u32,
    pub phase: Phase,
    /// What each side must do now.
    pub duties: Duties,
    /// The model acting now and its AP left.
    pub active: Option<ModelId>,
    pub ap: Option<u8>,
    /// Reinforcements still to place this alien turn.
    pub arrivals: u8,
    /// Aliens left to arrive; `None` for an unlimited pool.
    pub pool: Option<u16>,
    pub escaped: u8,
    pub exit_needed: u8,
    /// The length of the current marine turn, in seconds (the room shows the deadline).
    pub turn_seconds: Option<u32>,
    /// The scenario's turn limit (0 = none; the game ends after alien turn 200 anyway).
    pub turn_limit: u16,
    /// How far overwatch sees (0 = unlimited).
    pub overwatch_range: u8,
    pub reinforcements: u8,
}

/// What each side must do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Duties {
    pub marines: Duty,
    pub aliens: Duty,
}

/// A marine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarineView {
    pub id: ModelId,
    pub role: Role,
    pub status: Status,
    pub at: Option<Square>,
    pub facing: Option<Facing>,
    /// Has acted this turn.
    pub acted: bool,
    pub overwatch: bool,
    pub jammed: bool,
    /// Heavy flamer only: shots left in the load, and reloads left.
    pub flamer: Option<Flamer>,
}

/// A heavy flamer's ammunition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Flamer {
    pub shots: u8,
    pub reloads: u8,
}

/// An alien on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlienView {
    pub id: ModelId,
    pub at: Square,
    /// `None` until the alien player faces it during deployment.
    pub facing: Option<Facing>,
    pub acted: bool,
}
