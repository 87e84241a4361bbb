//! Melee (rules 9): aliens attack the square in front, a marine or a closed door.
//! No I/O; dice only from the match's dice.

use xenotable_protocol::derelict::{Cell, Event, MeleeResult, Square};

use super::board::{facing_towards, minus, plus, pos};
use super::flow::Table;
use super::state::State;
use crate::games::{Roll, RuleError};

/// A door attacked in melee is destroyed when one of the alien's dice shows this (9.3).
pub const DOOR_BREAK: u8 = 6;

/// What alien `k` may attack: the square in front, holding a marine or a closed door.
pub fn check(s: &State, k: usize) -> Result<Square, RuleError> {
    let m = &s.models[k];
    let front = plus(m.pos(), m.facing.forward());
    let marine = s
        .board
        .occupant(front)
        .is_some_and(|o| s.models[o].is_marine());
    match s.board.square(front) {
        Some(square) if marine || s.board.cell(front) == Cell::ClosedDoor => Ok(square),
        _ => Err(RuleError::new(
            "nothing_to_attack",
            "an alien attacks a marine or a closed door in front of it",
        )),
    }
}

/// The result of the alien's best die against the marine's die, attacked from the front or not
/// (9.2).
pub fn result(alien_best: u8, marine_die: u8, from_front: bool) -> MeleeResult {
    if alien_best > marine_die {
        MeleeResult::MarineKilled
    } else if alien_best == marine_die {
        MeleeResult::Standoff
    } else if from_front {
        MeleeResult::AlienKilled
    } else {
        MeleeResult::Parried
    }
}

/// Alien `k` attacks `target`: it rolls 3d6 and keeps the best, a marine answers with 1d6; a
/// door breaks on any 6.
pub fn attack(t: &mut Table, k: usize, target: Square) {
    let alien = t.s.models[k];
    let dice = [t.dice.d6(), t.dice.d6(), t.dice.d6()];
    let Some(defender) = t.s.board.occupant(pos(target)) else {
        let destroyed = dice.contains(&DOOR_BREAK);
        t.tell(Event::DoorAttacked {
            model: alien.id,
            door: target,
            dice,
            destroyed,
        });
        if destroyed {
            t.destroy_door(target);
        }
        return;
    };
    let marine = t.s.models[defender];
    let marine_die = t.dice.d6();
    let towards = minus(alien.pos(), marine.pos());
    let best = dice.iter().copied().max().unwrap_or(1);
    let result = result(best, marine_die, towards == marine.facing.forward());
    t.tell(Event::Melee {
        model: alien.id,
        target: marine.id,
        alien_dice: dice,
        marine_die,
        result,
    });
    match result {
        MeleeResult::MarineKilled => t.kill(defender),
        MeleeResult::AlienKilled => t.kill(k),
        MeleeResult::Standoff => {}
        MeleeResult::Parried => {
            // Turning to face the attacker is free and not an action: overwatch stays.
            if let Some(facing) = facing_towards(towards) {
                t.s.models[defender].facing = facing;
                t.tell(Event::Turned {
                    model: marine.id,
                    facing,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn melee_results_follow_the_dice_and_the_side() {
        // Example 9.
        assert_eq!(result(3, 5, false), MeleeResult::Parried);
        assert_eq!(result(3, 5, true), MeleeResult::AlienKilled);
        assert_eq!(result(4, 4, true), MeleeResult::Standoff);
        assert_eq!(result(6, 5, true), MeleeResult::MarineKilled);
        assert_eq!(result(6, 5, false), MeleeResult::MarineKilled);
    }
}
