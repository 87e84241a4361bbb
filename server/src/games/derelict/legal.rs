//! The legal actions of a seat: every candidate the phase could take, kept when `check`
//! agrees. Generating a superset and filtering it through the one `check` that `apply` uses
//! makes the list and `apply` agree by construction; the property tests hold the superset
//! complete. No I/O.

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Action, Cell, Facing, Phase, Side, Square};

use super::act::{check, to_act};
use super::board::pos;
use super::flamer::FLAMER_RANGE;
use super::movement;
use super::reinforcements;
use super::state::State;

/// Exactly the actions `apply` accepts from `seat` now.
pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    if to_act(s) != Some(seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    candidates(s, &mut out);
    out.retain(|a| check(s, seat, a).is_ok());
    out
}

fn candidates(s: &State, out: &mut Vec<Action>) {
    match s.phase {
        Phase::MarineDeployment => {
            out.push(Action::Confirm {});
            let starts: Vec<Square> = s.board.squares_of(Cell::MarineStart).collect();
            for m in s.marines() {
                for &to in &starts {
                    out.extend(Facing::ALL.map(|facing| Action::Deploy {
                        model: m.id,
                        to,
                        facing,
                    }));
                }
            }
        }
        Phase::AlienDeployment => {
            out.push(Action::Confirm {});
            for m in s.aliens() {
                out.extend(Facing::ALL.map(|facing| Action::Face {
                    model: m.id,
                    facing,
                }));
            }
        }
        Phase::AlienTurn if s.arrivals > 0 => {
            for to in reinforcements::entries(s) {
                out.extend(Facing::ALL.map(|facing| Action::Arrive { to, facing }));
            }
        }
        Phase::MarineTurn | Phase::AlienTurn => {
            out.push(Action::EndTurn {});
            let targets = targets(s);
            let seat = to_act(s);
            for k in 0..s.models.len() {
                let m = &s.models[k];
                let finished = m.acted && s.activation_of(k).is_none();
                if m.on_board() && Some(m.seat()) == seat && !finished {
                    model_candidates(s, k, &targets, out);
                }
            }
        }
        Phase::Over => {}
    }
}

/// Every square a storm bolter might aim at: aliens and closed doors.
fn targets(s: &State) -> Vec<Square> {
    if s.phase != Phase::MarineTurn {
        return Vec::new();
    }
    let aliens = s.aliens().filter(|m| m.on_board()).map(|m| m.at);
    let doors = s
        .board
        .doors()
        .iter()
        .copied()
        .filter(|&d| s.board.cell(pos(d)) == Cell::ClosedDoor);
    aliens.chain(doors).collect()
}

fn model_candidates(s: &State, k: usize, targets: &[Square], out: &mut Vec<Action>) {
    let m = &s.models[k];
    let model = m.id;
    for to in movement::destinations(m.is_marine(), m.pos(), m.facing) {
        let Some(to) = s.board.square(to) else {
            continue;
        };
        out.push(Action::Step {
            model,
            to,
            shot: None,
        });
        if m.has_bolter() && !m.jammed {
            out.extend(targets.iter().map(|&target| Action::Step {
                model,
                to,
                shot: Some(target),
            }));
        }
    }
    out.extend([Side::Left, Side::Right].map(|side| Action::Turn { model, side }));
    out.push(Action::Open { model });
    out.push(Action::Close { model });
    if !m.is_marine() {
        out.push(Action::Attack { model });
        return;
    }
    out.extend(
        targets
            .iter()
            .map(|&target| Action::Shoot { model, target }),
    );
    out.push(Action::Overwatch { model });
    out.push(Action::Unjam { model });
    out.push(Action::Reload { model });
    if m.has_flamer() && m.shots > 0 {
        let (fx, fy) = m.facing.forward();
        let (rx, ry) = m.facing.right();
        let p = m.pos();
        for f in 1..=FLAMER_RANGE {
            for l in -f..=f {
                if let Some(target) = s
                    .board
                    .square((p.0 + f * fx + l * rx, p.1 + f * fy + l * ry))
                {
                    out.push(Action::Flame { model, target });
                }
            }
        }
    }
}
