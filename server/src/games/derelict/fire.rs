//! The storm bolter and sustained fire (rules 6). No I/O; dice only from the match's dice.

use xenotable_protocol::derelict::{Cell, Event, Square};

use super::board::pos;
use super::flow::Table;
use super::los::{self, Viewer};
use super::state::State;
use crate::games::{Roll, RuleError};

/// Kill numbers of the 1st, 2nd, 3rd and every later shot of a sequence (6.2).
pub const KILL_NUMBERS: [u8; 4] = [6, 5, 4, 3];

/// The kill number of a shot after `earlier` shots of the same sequence.
pub fn kill_number(earlier: u8) -> u8 {
    KILL_NUMBERS[usize::from(earlier).min(KILL_NUMBERS.len() - 1)]
}

/// A 2d6 shot kills when at least one die reaches the kill number (6.1).
pub fn hits(dice: [u8; 2], kill_number: u8) -> bool {
    dice.iter().any(|&d| d >= kill_number)
}

/// Whether `target` is a bolter target for `viewer`: an alien or a closed door in sight, at
/// any range (6.1).
pub fn check_target(s: &State, viewer: Viewer, target: Square) -> Result<(), RuleError> {
    let t = pos(target);
    let alien = s
        .board
        .occupant(t)
        .is_some_and(|k| !s.models[k].is_marine());
    let door = s.board.cell(t) == Cell::ClosedDoor;
    if !alien && !door {
        return Err(RuleError::new(
            "not_a_target",
            "a storm bolter shoots at an alien or a closed door",
        ));
    }
    if !los::visible(&s.board, viewer, t, None) {
        return Err(RuleError::new("not_visible", "the target is not in sight"));
    }
    Ok(())
}

/// Marine `k` fires one shot at `target` needing `kill_number`: the alien dies or the door is
/// destroyed on a hit.
pub fn shoot(t: &mut Table, k: usize, target: Square, kill_number: u8) {
    let dice = [t.dice.d6(), t.dice.d6()];
    let hit = hits(dice, kill_number);
    t.tell(Event::Shot {
        model: t.s.models[k].id,
        target,
        kill_number,
        dice,
        hit,
    });
    if hit {
        match t.s.board.occupant(pos(target)) {
            Some(alien) => t.kill(alien),
            None => t.destroy_door(target),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sustained_fire_kill_numbers_are_6_5_4_then_3() {
        let numbers: Vec<u8> = (0..6).map(kill_number).collect();
        assert_eq!(numbers, [6, 5, 4, 3, 3, 3]);
    }

    #[test]
    fn a_shot_hits_when_one_die_reaches_the_kill_number() {
        // Example 5: the third shot (kill number 4) kills on (4,1) and misses on (3,3).
        assert!(hits([4, 1], 4));
        assert!(!hits([3, 3], 4));
        assert!(hits([1, 6], 6));
        assert!(!hits([5, 5], 6));
    }
}
