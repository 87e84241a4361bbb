//! Each action: first checked against the phase and the sender's seat (pure), then carried
//! out. `check` never mutates and returns a [`Plan`]; `execute` never refuses. `apply` runs
//! them in that order, so a refused action leaves the state and the dice untouched.

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{
    Action, Cell, Event, Facing, ModelId, Phase, Side, Square, Status,
};

use super::board::pos;
use super::doors;
use super::fire;
use super::flamer::{self, FLAME_AP, RELOAD_AP};
use super::flow::Table;
use super::los::Viewer;
use super::melee;
use super::movement;
use super::overwatch;
use super::reinforcements;
use super::scenario::AlienPool;
use super::state::{Activation, FLAMER_LOAD, State};
use crate::games::RuleError;

/// AP of the marine actions that cost one.
const ONE_AP: u8 = 1;
/// Aliens turn for free, but at most this many times in a row (3.2, our rule).
const FREE_TURNS_IN_ROW: u8 = 2;

/// A checked action, ready to carry out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    Deploy {
        k: usize,
        to: Square,
        facing: Facing,
    },
    Face {
        k: usize,
        facing: Facing,
    },
    Confirm(Seat),
    Arrive {
        to: Square,
        facing: Facing,
    },
    EndTurn(Seat),
    /// An action of model `k` costing `cost` AP.
    Model {
        k: usize,
        cost: u8,
        act: ModelAct,
    },
}

/// What a model does, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelAct {
    Step { to: Square, shot: Option<Square> },
    Turn(Facing),
    Shoot { target: Square, kill_number: u8 },
    Open(Square),
    Close(Square),
    Overwatch,
    Unjam,
    Flame(Square),
    Reload,
    Attack(Square),
}

/// The seats that may act now.
pub fn to_act(s: &State) -> Option<Seat> {
    match s.phase {
        Phase::MarineDeployment | Phase::MarineTurn => Some(Seat::Marines),
        Phase::AlienDeployment | Phase::AlienTurn => Some(Seat::Aliens),
        Phase::Over => None,
    }
}

/// Whether `seat` may send `action` now, and what it will do.
pub fn check(s: &State, seat: Seat, action: &Action) -> Result<Plan, RuleError> {
    if s.phase == Phase::Over {
        return Err(RuleError::game_over());
    }
    if to_act(s) != Some(seat) {
        return Err(RuleError::not_your_turn());
    }
    match *action {
        Action::Deploy { model, to, facing } => check_deploy(s, model, to, facing),
        Action::Face { model, facing } => {
            phase(
                s,
                Phase::AlienDeployment,
                "aliens are faced during deployment",
            )?;
            let k = own(s, seat, model)?;
            Ok(Plan::Face { k, facing })
        }
        Action::Confirm {} => check_confirm(s, seat),
        Action::Arrive { to, facing } => {
            if s.phase != Phase::AlienTurn || s.arrivals == 0 {
                return Err(RuleError::new("wrong_phase", "no alien is arriving now"));
            }
            if !reinforcements::available(s, to) {
                return Err(RuleError::new(
                    "entry_unavailable",
                    "arrivals come in on an empty entry square with no marine within 2 squares",
                ));
            }
            Ok(Plan::Arrive { to, facing })
        }
        Action::EndTurn {} => {
            in_turn(s)?;
            Ok(Plan::EndTurn(seat))
        }
        Action::Step { model, to, shot } => {
            let k = actor(s, seat, model)?;
            let m = &s.models[k];
            let cost = movement::check_step(&s.board, m.is_marine(), m.pos(), m.facing, pos(to))?;
            if let Some(target) = shot {
                if !m.has_bolter() {
                    return Err(RuleError::new(
                        "no_bolter",
                        "only a storm bolter fires during a step",
                    ));
                }
                if s.board.cell(pos(to)) == Cell::Exit {
                    return Err(RuleError::new(
                        "no_shot_on_exit",
                        "a step with a shot may not end on an exit square",
                    ));
                }
                not_jammed(s, k)?;
                let viewer = Viewer {
                    at: pos(to),
                    facing: m.facing,
                    vacated: Some(m.pos()),
                };
                fire::check_target(s, viewer, target)?;
            }
            model_act(s, k, cost, ModelAct::Step { to, shot })
        }
        Action::Turn { model, side } => {
            let k = actor(s, seat, model)?;
            let m = &s.models[k];
            let facing = match side {
                Side::Left => m.facing.turned_left(),
                Side::Right => m.facing.turned_right(),
            };
            if m.is_marine() {
                return model_act(s, k, ONE_AP, ModelAct::Turn(facing));
            }
            if s.activation_of(k)
                .is_some_and(|a| a.turns_in_row >= FREE_TURNS_IN_ROW)
            {
                return Err(RuleError::new(
                    "too_many_turns",
                    "an alien turns at most twice in a row",
                ));
            }
            model_act(s, k, 0, ModelAct::Turn(facing))
        }
        Action::Shoot { model, target } => {
            let k = actor(s, seat, model)?;
            let m = &s.models[k];
            if !m.has_bolter() {
                return Err(RuleError::new("no_bolter", "only a storm bolter shoots"));
            }
            not_jammed(s, k)?;
            fire::check_target(s, Viewer::new(m.pos(), m.facing), target)?;
            let earlier = match s.activation_of(k).and_then(|a| a.sequence) {
                Some((aimed, shots)) if aimed == target => shots,
                _ => 0,
            };
            let kill_number = fire::kill_number(earlier);
            model_act(
                s,
                k,
                ONE_AP,
                ModelAct::Shoot {
                    target,
                    kill_number,
                },
            )
        }
        Action::Open { model } => {
            let k = actor(s, seat, model)?;
            let door = doors::check_open(s, k)?;
            model_act(s, k, ONE_AP, ModelAct::Open(door))
        }
        Action::Close { model } => {
            let k = actor(s, seat, model)?;
            let door = doors::check_close(s, k)?;
            model_act(s, k, ONE_AP, ModelAct::Close(door))
        }
        Action::Overwatch { model } => {
            let k = actor(s, seat, model)?;
            let m = &s.models[k];
            if !m.has_bolter() {
                return Err(RuleError::new(
                    "no_bolter",
                    "overwatch needs a storm bolter",
                ));
            }
            if m.overwatch {
                return Err(RuleError::new(
                    "already_on_overwatch",
                    "already on overwatch",
                ));
            }
            model_act(s, k, ONE_AP, ModelAct::Overwatch)
        }
        Action::Unjam { model } => {
            let k = actor(s, seat, model)?;
            if !s.models[k].jammed {
                return Err(RuleError::new(
                    "not_jammed",
                    "the storm bolter is not jammed",
                ));
            }
            model_act(s, k, ONE_AP, ModelAct::Unjam)
        }
        Action::Flame { model, target } => {
            let k = actor(s, seat, model)?;
            let m = &s.models[k];
            if !m.has_flamer() {
                return Err(RuleError::new("no_flamer", "only a heavy flamer flames"));
            }
            if m.shots == 0 {
                return Err(RuleError::new(
                    "flamer_empty",
                    "the heavy flamer must be reloaded",
                ));
            }
            flamer::check_target(s, k, target)?;
            model_act(s, k, FLAME_AP, ModelAct::Flame(target))
        }
        Action::Reload { model } => {
            let k = actor(s, seat, model)?;
            let m = &s.models[k];
            if !m.has_flamer() {
                return Err(RuleError::new(
                    "no_flamer",
                    "only a heavy flamer is reloaded",
                ));
            }
            if m.shots > 0 {
                return Err(RuleError::new(
                    "flamer_not_empty",
                    "a heavy flamer is reloaded only when empty",
                ));
            }
            if m.reloads == 0 {
                return Err(RuleError::new("no_reloads", "no reload left"));
            }
            model_act(s, k, RELOAD_AP, ModelAct::Reload)
        }
        Action::Attack { model } => {
            let k = actor(s, seat, model)?;
            if s.models[k].is_marine() {
                return Err(RuleError::new(
                    "marines_do_not_melee",
                    "only aliens start melee",
                ));
            }
            let target = melee::check(s, k)?;
            model_act(s, k, ONE_AP, ModelAct::Attack(target))
        }
    }
}

fn phase(s: &State, phase: Phase, message: &'static str) -> Result<(), RuleError> {
    if s.phase == phase {
        Ok(())
    } else {
        Err(RuleError::new("wrong_phase", message))
    }
}

/// The sender's turn, with any arrivals placed (2.4).
fn in_turn(s: &State) -> Result<(), RuleError> {
    match s.phase {
        Phase::MarineTurn => Ok(()),
        Phase::AlienTurn if s.arrivals == 0 => Ok(()),
        Phase::AlienTurn => Err(RuleError::new(
            "arrivals_pending",
            "place the arriving aliens first",
        )),
        _ => Err(RuleError::new("wrong_phase", "deployment is not over")),
    }
}

/// The index of `model`, which must exist and belong to `seat`.
fn own(s: &State, seat: Seat, model: ModelId) -> Result<usize, RuleError> {
    let k = s
        .index(model)
        .ok_or_else(|| RuleError::new("unknown_model", "no model has that id"))?;
    if s.models[k].seat() != seat {
        return Err(RuleError::new("not_your_model", "that model is not yours"));
    }
    Ok(k)
}

/// The index of `model`, which must be one of the sender's models on the board that may act
/// in this turn (2.4).
fn actor(s: &State, seat: Seat, model: ModelId) -> Result<usize, RuleError> {
    in_turn(s)?;
    let k = own(s, seat, model)?;
    let m = &s.models[k];
    if !m.on_board() {
        return Err(RuleError::new(
            "not_on_board",
            "that model is not on the board",
        ));
    }
    if m.acted && s.activation_of(k).is_none() {
        return Err(RuleError::new(
            "finished",
            "that model has finished acting this turn",
        ));
    }
    Ok(k)
}

fn not_jammed(s: &State, k: usize) -> Result<(), RuleError> {
    if s.models[k].jammed {
        Err(RuleError::new("jammed", "the storm bolter is jammed"))
    } else {
        Ok(())
    }
}

/// Model `k` does `act` if it has `cost` AP left.
fn model_act(s: &State, k: usize, cost: u8, act: ModelAct) -> Result<Plan, RuleError> {
    if s.ap(k) < cost {
        return Err(RuleError::new("not_enough_ap", "not enough action points"));
    }
    Ok(Plan::Model { k, cost, act })
}

fn check_deploy(s: &State, model: ModelId, to: Square, facing: Facing) -> Result<Plan, RuleError> {
    phase(
        s,
        Phase::MarineDeployment,
        "marines deploy before the first turn",
    )?;
    let k = own(s, Seat::Marines, model)?;
    if s.board.cell(pos(to)) != Cell::MarineStart {
        return Err(RuleError::new(
            "not_a_start_square",
            "marines deploy on marine start squares",
        ));
    }
    if s.board.occupant(pos(to)).is_some_and(|o| o != k) {
        return Err(RuleError::new("occupied", "another marine stands there"));
    }
    Ok(Plan::Deploy { k, to, facing })
}

fn check_confirm(s: &State, seat: Seat) -> Result<Plan, RuleError> {
    match s.phase {
        Phase::MarineDeployment if s.marines().all(|m| m.on_board()) => Ok(Plan::Confirm(seat)),
        Phase::MarineDeployment => Err(RuleError::new(
            "not_deployed",
            "every marine must be on a start square",
        )),
        Phase::AlienDeployment if s.aliens().all(|m| m.faced) => Ok(Plan::Confirm(seat)),
        Phase::AlienDeployment => Err(RuleError::new(
            "not_faced",
            "every alien on a start square needs a facing",
        )),
        _ => Err(RuleError::new("wrong_phase", "deployment is over")),
    }
}

/// Carries out a checked plan.
pub fn execute(t: &mut Table, plan: Plan) {
    match plan {
        Plan::Deploy { k, to, facing } => {
            if t.s.models[k].on_board() {
                t.s.move_model(k, to);
            } else {
                t.s.board.put(pos(to), k);
                t.s.models[k].at = to;
            }
            let m = &mut t.s.models[k];
            m.status = Status::OnBoard;
            m.facing = facing;
            m.faced = true;
            let model = m.id;
            t.tell(Event::Deployed {
                model,
                at: to,
                facing,
            });
        }
        Plan::Face { k, facing } => {
            let m = &mut t.s.models[k];
            m.facing = facing;
            m.faced = true;
            let model = m.id;
            t.tell(Event::Faced { model, facing });
        }
        Plan::Confirm(seat) => {
            t.tell(Event::Confirmed { seat });
            if seat == Seat::Marines {
                t.s.phase = Phase::AlienDeployment;
            } else {
                t.begin_marine_turn(1);
            }
        }
        Plan::Arrive { to, facing } => {
            let model = t.s.add_alien(to, facing);
            if let AlienPool::Limited(left) = &mut t.s.pool {
                *left = left.saturating_sub(1);
            }
            t.s.arrivals -= 1;
            t.tell(Event::Arrived {
                model,
                at: to,
                facing,
            });
            t.settle();
        }
        Plan::EndTurn(Seat::Marines) => t.end_marine_turn(),
        Plan::EndTurn(_) => t.end_alien_turn(),
        Plan::Model { k, cost, act } => {
            activate(t, k, cost, act);
            perform(t, k, act);
            if !t.s.models[k].is_marine() {
                overwatch::react(t, k);
            }
            t.settle();
        }
    }
}

/// Model `k` takes an action: it becomes the active model if it was not (the previous one is
/// finished), pays `cost`, and its sequence, overwatch and turn count follow the action.
fn activate(t: &mut Table, k: usize, cost: u8, act: ModelAct) {
    let current = match t.s.activation_of(k) {
        Some(a) => a,
        None => {
            let ap = t.s.full_ap(k);
            t.s.models[k].acted = true;
            t.tell(Event::Activated {
                model: t.s.models[k].id,
                ap,
            });
            Activation {
                model: k,
                ap,
                turns_in_row: 0,
                sequence: None,
            }
        }
    };
    let sequence = match act {
        ModelAct::Shoot { target, .. } => match current.sequence {
            Some((aimed, shots)) if aimed == target => Some((target, shots + 1)),
            _ => Some((target, 1)),
        },
        ModelAct::Step {
            shot: Some(target), ..
        } => Some((target, 1)),
        _ => None,
    };
    t.s.active = Some(Activation {
        model: k,
        ap: current.ap - cost,
        turns_in_row: if matches!(act, ModelAct::Turn(_)) {
            current.turns_in_row + 1
        } else {
            0
        },
        sequence,
    });
    let m = &mut t.s.models[k];
    if !matches!(act, ModelAct::Unjam | ModelAct::Overwatch) {
        m.overwatch = false;
    }
}

fn perform(t: &mut Table, k: usize, act: ModelAct) {
    let id = t.s.models[k].id;
    match act {
        ModelAct::Step { to, shot } => {
            let from = t.s.models[k].at;
            t.s.move_model(k, to);
            t.tell(Event::Stepped {
                model: id,
                from,
                to,
            });
            let marine = t.s.models[k].is_marine();
            if marine && t.s.board.cell(pos(to)) == Cell::Exit {
                t.s.remove(k, Status::Escaped);
                t.tell(Event::Escaped {
                    model: id,
                    from: to,
                });
            } else if let Some(target) = shot {
                fire::shoot(t, k, target, fire::kill_number(0));
            }
        }
        ModelAct::Turn(facing) => {
            t.s.models[k].facing = facing;
            t.tell(Event::Turned { model: id, facing });
        }
        ModelAct::Shoot {
            target,
            kill_number,
        } => fire::shoot(t, k, target, kill_number),
        ModelAct::Open(door) => {
            t.s.board.set(pos(door), Cell::OpenDoor);
            t.tell(Event::DoorOpened { model: id, door });
        }
        ModelAct::Close(door) => {
            t.s.board.set(pos(door), Cell::ClosedDoor);
            t.tell(Event::DoorClosed { model: id, door });
        }
        ModelAct::Overwatch => {
            t.s.models[k].overwatch = true;
            t.tell(Event::OverwatchDeclared { model: id });
        }
        ModelAct::Unjam => {
            t.s.models[k].jammed = false;
            t.tell(Event::Unjammed { model: id });
        }
        ModelAct::Flame(target) => flamer::flame(t, k, target),
        ModelAct::Reload => {
            let m = &mut t.s.models[k];
            m.shots = FLAMER_LOAD;
            m.reloads -= 1;
            let (shots, reloads) = (m.shots, m.reloads);
            t.tell(Event::Reloaded {
                model: id,
                shots,
                reloads,
            });
        }
        ModelAct::Attack(target) => melee::attack(t, k, target),
    }
}
