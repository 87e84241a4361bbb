//! Derelict wire types: marines against aliens on a square grid (rules: `shared/rules/derelict.md`).
//!
//! Everything in Derelict is public, so the view is the whole table; what these types add is a
//! stable spelling of the board's words on the wire.

mod action;
mod board;
mod event;
mod model;
mod view;

pub use action::{Action, Side};
pub use board::{Cell, Facing, Role};
pub use event::{Event, MeleeResult};
pub use model::{ModelId, ParseModelIdError, Square};
pub use view::{AlienView, Duties, Duty, Flamer, MarineView, Phase, Status, View};
