//! What happened, in the game's words. An order edit is told to its own side only.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::action::{CrewOrder, Mode};
use super::view::RoundOrders;
use crate::{Outcome, Seat};

/// One change a side made to its orders before locking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "edit", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Edit {
    Order { crew: String, order: CrewOrder },
    Retreat {},
    CancelRetreat {},
    Target { alien: String, crew: String },
}

/// A number added to a shot's 2d6, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Modifier {
    /// `range_mod`, `defense_mod` or `crew_defense_mod`.
    pub name: String,
    pub value: i32,
}

/// What a hit did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    Missed,
    /// Hit on stun, but the target is stun-immune.
    Shrugged,
    Stunned,
    Killed,
}

/// One shot, with its dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shot {
    /// Crew id or alien id.
    pub shooter: String,
    pub target: String,
    pub mode: Mode,
    pub dice: [u8; 2],
    pub modifiers: Vec<Modifier>,
    /// The dice plus the modifiers.
    pub result: i32,
    /// The shooter's effective SKILL: a hit needs `result < skill`.
    pub skill: i32,
    pub hit: bool,
    pub effect: Effect,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Event {
    RoundBegan {
        round: u32,
    },
    /// A side changed its orders. Told to that side alone (and to replays): nobody else learns
    /// that it happened.
    Edited {
        seat: Seat,
        edit: Edit,
    },
    Locked {
        seat: Seat,
    },
    /// The d6 method (rules 3.5): every die rolled, re-rolls included, and the crew member it
    /// gave.
    TargetRolled {
        alien: String,
        rolls: Vec<u8>,
        crew: String,
    },
    /// Both sides locked: every order of the round.
    Revealed {
        orders: RoundOrders,
    },
    /// A shot's target was already out: it goes to `to` (`None`: the shot is lost).
    Retargeted {
        shooter: String,
        from: String,
        to: Option<String>,
    },
    Fired {
        shot: Shot,
    },
    /// A peaceful group had a member stunned or killed: it fights back from now on.
    Provoked {
        group: String,
    },
    HostilityRose {
        hostility: u32,
    },
    /// The Away Team beamed up after the covering fire.
    Retreated {},
    Ended {
        outcome: Outcome,
    },
}
