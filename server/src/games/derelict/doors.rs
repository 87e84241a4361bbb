//! Doors (rules 4): opened and closed from the square in front. No I/O.

use xenotable_protocol::derelict::{Cell, Square};

use super::board::plus;
use super::state::State;
use crate::games::RuleError;

/// The closed door in front of model `k`, which it may open.
pub fn check_open(s: &State, k: usize) -> Result<Square, RuleError> {
    let m = &s.models[k];
    let front = plus(m.pos(), m.facing.forward());
    match s.board.square(front) {
        Some(door) if s.board.cell(front) == Cell::ClosedDoor => Ok(door),
        _ => Err(RuleError::new(
            "no_closed_door",
            "there is no closed door in front",
        )),
    }
}

/// The empty open door in front of model `k`, which it may close (destroyed doors are floor).
pub fn check_close(s: &State, k: usize) -> Result<Square, RuleError> {
    let m = &s.models[k];
    let front = plus(m.pos(), m.facing.forward());
    match s.board.square(front) {
        Some(door) if s.board.cell(front) == Cell::OpenDoor => {
            if s.board.occupant(front).is_some() {
                Err(RuleError::new("door_blocked", "a model stands in the door"))
            } else {
                Ok(door)
            }
        }
        _ => Err(RuleError::new(
            "no_open_door",
            "there is no open door in front",
        )),
    }
}
