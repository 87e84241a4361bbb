//! Victory (rules 11): checked after every action, time-up and reinforcement step. No I/O.

use xenotable_protocol::{Outcome, Seat};

use super::state::State;

/// The game ends with an alien win after this alien turn whatever the scenario says (11.2), so
/// no match runs forever.
pub const LAST_TURN: u32 = 200;

/// A win, as the state keeps it.
pub type Win = (Seat, &'static str);

/// The outcome on the wire.
pub fn outcome((seat, reason): Win) -> Outcome {
    Outcome {
        winners: vec![seat],
        reason: reason.to_owned(),
    }
}

fn won(seat: Seat, reason: &'static str) -> Win {
    (seat, reason)
}

/// The outcome reached now, if any: enough marines escaped (11.1), or too few are left to
/// ever escape (11.2).
pub fn decide(s: &State) -> Option<Win> {
    let needed = usize::from(s.rules.exit_needed);
    let escaped = usize::from(s.escaped);
    if escaped >= needed {
        Some(won(Seat::Marines, "exit_reached"))
    } else if escaped + s.marines_left() < needed {
        Some(won(Seat::Aliens, "exit_impossible"))
    } else {
        None
    }
}

/// The outcome at the end of the current alien turn: the scenario's turn limit, or turn 200.
pub fn at_turn_end(s: &State) -> Option<Win> {
    let limit = u32::from(s.rules.turn_limit);
    if limit > 0 && s.turn >= limit {
        Some(won(Seat::Aliens, "turn_limit"))
    } else if s.turn >= LAST_TURN {
        Some(won(Seat::Aliens, "last_turn"))
    } else {
        None
    }
}
