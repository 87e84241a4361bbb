//! Derelict wire types: marines against aliens on a square grid (rules: `shared/rules/derelict.md`).
//!
//! Everything in Derelict is public, so the view is the whole table; what these types add is a
//! stable spelling of the board's words on the wire.

mod board;

pub use board::{Cell, Facing, Role};
