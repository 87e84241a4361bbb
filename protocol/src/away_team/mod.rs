//! Away Team wire types: a starship's landing party against groups of aliens, in a phaser
//! skirmish of secret orders and 2d6 shots (rules: `shared/rules/away-team.md`).
//!
//! Figures are named by their ids from the encounter file: crew ids (`sec`) and alien ids
//! (`<group id>-<number>`, `raiders-2`).

mod action;
mod event;
mod view;

pub use action::{Action, CrewOrder, Mode};
pub use event::{Edit, Effect, Event, Modifier, Shot};
pub use view::{
    AlienGroupView, AlienTarget, AlienView, AwayTeamOrders, CrewOrderView, CrewView, FigureState,
    Locks, Objective, Role, RoundOrders, View,
};
