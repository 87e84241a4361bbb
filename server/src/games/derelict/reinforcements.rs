//! Reinforcements (rules 10): how many aliens arrive, and where they may. No I/O.

use xenotable_protocol::derelict::{Cell, Square};

use super::board::pos;
use super::scenario::AlienPool;
use super::state::State;

/// A marine this close (Chebyshev distance, walls ignored) holds an entry square back.
pub const HOLD_DISTANCE: i32 = 2;

/// Whether an alien may arrive on `square` now: an empty entry square with no marine within
/// two squares (10.1).
pub fn available(s: &State, square: Square) -> bool {
    let p = pos(square);
    s.board.cell(p) == Cell::Entry
        && s.board.occupant(p).is_none()
        && !s.marines().any(|m| {
            let q = m.pos();
            m.on_board() && (q.0 - p.0).abs().max((q.1 - p.1).abs()) <= HOLD_DISTANCE
        })
}

/// Every available entry square, in reading order.
pub fn entries(s: &State) -> impl Iterator<Item = Square> + '_ {
    s.board
        .squares_of(Cell::Entry)
        .filter(|&square| available(s, square))
}

/// At the start of an alien turn: how many aliens must be placed, and how many are held back
/// for want of an available entry square.
pub fn arriving(s: &State) -> (u8, u8) {
    let wanted = match s.pool {
        AlienPool::Unlimited => s.rules.reinforcements,
        AlienPool::Limited(left) => {
            u8::try_from(left).map_or(s.rules.reinforcements, |l| l.min(s.rules.reinforcements))
        }
    };
    let room = entries(s).take(usize::from(wanted)).count() as u8;
    (room, wanted - room)
}
