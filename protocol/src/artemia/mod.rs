//! Artemia wire types: one Creature against 1 to 6 Hunted (rules: `shared/rules/artemia.md`).
//!
//! Card lists that are sets (a hand, a discard, the cards of a commit) travel as [`PlaceSet`]:
//! a JSON array in which order does not matter and a repeated card is refused.

mod action;
mod cards;
mod event;
mod view;

pub use action::{Action, CopiedPower, HuntPlay, Power, SurvivalPlay, Via};
pub use cards::{HuntCard, Place, PlaceSet, SurvivalCard};
pub use event::{Event, Token};
pub use view::{
    CreatureView, Decision, HuntedView, Phase, PlayedHunt, ReserveCount, Sealed, TablePhase,
    TurnEffects, View,
};
