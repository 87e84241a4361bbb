//! Random games and random actions of every shape, legal or not.

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Action, Facing, ModelId, Side, Square};

use super::support::{Picker, assert_invariants};
use crate::games::derelict::Derelict;
use crate::games::derelict::state::State;
use crate::games::{Dice, Game};

/// Plays one random action of a seat to act, chosen among its legal ones.
pub fn random_step(s: &mut State, dice: &mut Dice, pick: &mut Picker) -> (Seat, Action) {
    let seats = Derelict::to_act(s);
    assert_eq!(seats.len(), 1, "one seat acts at a time");
    let seat = seats[0];
    let legal = Derelict::legal_actions(s, seat);
    assert!(
        !legal.is_empty(),
        "{seat} must act in {:?} but has no legal action",
        s.phase
    );
    let action = legal[pick.below(legal.len())];
    let result = Derelict::apply(s, seat, &action, dice);
    assert!(result.is_ok(), "legal {action:?} refused: {result:?}");
    assert_invariants(s);
    (seat, action)
}

fn model(p: &mut Picker, s: &State) -> ModelId {
    let aliens = s.models.len() - s.squad;
    if p.below(2) == 0 {
        ModelId::Marine(p.below(s.squad + 2) as u16)
    } else {
        ModelId::Alien(p.below(aliens + 2) as u16)
    }
}

fn square(p: &mut Picker, s: &State) -> Square {
    let w = s.board.width() as usize;
    let h = s.board.height() as usize;
    Square::new(p.below(w + 1) as u8, p.below(h + 1) as u8)
}

fn facing(p: &mut Picker) -> Facing {
    Facing::ALL[p.below(4)]
}

/// Any action at all, legal or not, naming models and squares of (or near) this match.
pub fn random_action(p: &mut Picker, s: &State) -> Action {
    let model = model(p, s);
    match p.below(16) {
        0 => Action::Deploy {
            model,
            to: square(p, s),
            facing: facing(p),
        },
        1 => Action::Face {
            model,
            facing: facing(p),
        },
        2 => Action::Confirm {},
        3 => Action::Arrive {
            to: square(p, s),
            facing: facing(p),
        },
        4 => Action::Step {
            model,
            to: square(p, s),
            shot: (p.below(2) == 0).then(|| square(p, s)),
        },
        5 => Action::Turn {
            model,
            side: if p.below(2) == 0 {
                Side::Left
            } else {
                Side::Right
            },
        },
        6 => Action::Shoot {
            model,
            target: square(p, s),
        },
        7 => Action::Open { model },
        8 => Action::Close { model },
        9 => Action::Overwatch { model },
        10 => Action::Unjam { model },
        11 => Action::Flame {
            model,
            target: square(p, s),
        },
        12 => Action::Reload { model },
        13 => Action::Attack { model },
        _ => Action::EndTurn {},
    }
}
