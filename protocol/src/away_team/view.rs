//! What one viewer may know: the whole encounter, every figure and, once revealed (or for the
//! side that gave them), the orders of the round.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::action::{CrewOrder, Mode};

/// A crew member's post (rules 1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Captain,
    SecurityOfficer,
    SecurityGuard,
    Science,
    Medical,
    Engineering,
}

/// Active, stunned (out for the encounter) or killed (rules 1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FigureState {
    Active,
    Stunned,
    Killed,
}

/// What the Away Team must do (rules 4).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "objective", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Objective {
    /// Put out every alien of every hostile or provoked group.
    Neutralise {},
    /// Put out every alien of `group` (with `capture`: all stunned, none killed).
    NeutraliseGroup { group: String, capture: bool },
    /// Hold out until round `rounds` ends.
    Survive { rounds: u32 },
}

/// A crew member.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrewView {
    pub id: String,
    pub name: String,
    pub role: Role,
    /// SKILL as in the file or as rolled.
    pub skill: u8,
    /// The 1d6 of a `skill = "roll"` (SKILL = die + 6).
    pub skill_roll: Option<u8>,
    pub skill_mod: i32,
    /// SKILL in phaser fights (rules 2.1).
    pub effective_skill: i32,
    pub state: FigureState,
}

/// One alien of a group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlienView {
    pub id: String,
    pub state: FigureState,
}

/// An alien group and its members.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlienGroupView {
    pub id: String,
    pub name: String,
    pub skill: u8,
    pub ranged: bool,
    pub stun_immune: bool,
    pub peaceful: bool,
    /// A peaceful group that had a member stunned or killed.
    pub provoked: bool,
    pub weapon: Mode,
    pub defense_mod: i32,
    pub aliens: Vec<AlienView>,
}

/// The order of one crew member; `None`: none given (it holds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrewOrderView {
    pub crew: String,
    pub order: Option<CrewOrder>,
}

/// The target of one alien; `None`: none chosen yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlienTarget {
    pub alien: String,
    pub crew: Option<String>,
}

/// The Away Team's orders of the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AwayTeamOrders {
    pub retreat: bool,
    /// One entry per active crew member, in crew order.
    pub orders: Vec<CrewOrderView>,
}

/// Every order of a round, revealed once both sides locked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundOrders {
    pub round: u32,
    pub retreat: bool,
    /// Every crew member, in crew order; `None`: held without an order.
    pub away_team: Vec<CrewOrderView>,
    /// Every alien that had a target.
    pub aliens: Vec<AlienTarget>,
}

/// Which sides have locked this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Locks {
    pub away_team: bool,
    pub aliens: bool,
}

/// What one viewer may know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct View {
    pub title: String,
    pub description: String,
    pub objective: Objective,
    /// The round after which the Away Team has failed (not under `survive`).
    pub max_rounds: u32,
    pub range_mod: i32,
    pub crew_defense_mod: i32,
    /// 0: killing peaceful aliens never loses the mission.
    pub hostility_limit: u32,
    pub allow_retreat: bool,
    pub round: u32,
    pub hostility: u32,
    pub crew: Vec<CrewView>,
    pub groups: Vec<AlienGroupView>,
    /// The aliens that fire this round and need a target.
    pub to_order: Vec<String>,
    pub locked: Locks,
    /// `None`: hidden from this viewer until both sides lock.
    pub away_team_orders: Option<AwayTeamOrders>,
    /// `None`: hidden from this viewer until both sides lock.
    pub alien_orders: Option<Vec<AlienTarget>>,
    /// The orders of the last round that was revealed.
    pub revealed: Option<RoundOrders>,
}
