//! The Intruder seat (rules 17.1): its decisions replace the dice of phase-1 movement and of the
//! attack and target rolls, and at the end of phase 1 its free Intruders may open Cages (portable
//! ones holding a Lab Animal, and the Lab's permanent cages) and destroy objects lying with them.
//! Powers, metamorphosis, clones, kill rolls and the CRT stay dice.
//!
//! The phase-1 plan is one intent, so nobody learns in which order its moves were decided; its
//! events are told in ascending opaque id like the dice's. A plan's moves are independent, so
//! `legal` lists the empty plan and every one-counter plan, and any set of listed moves (one per
//! counter) is accepted as one plan: listing every combination would run to millions.

use xenotable_protocol::intruder::{Action, CounterMove, Crewman, Event, ObjectPlace, Phase, Room};

use super::capture::{caged_lab_animal, lab_caged, open_cage, open_lab_cages};
use super::flow::{Table, attack_targets, free_intruder, movers, moves};
use super::intent::refuse;
use super::prometheus;
use super::state::{Place, State, Step};
use super::station::{adjacent, is_secured};
use crate::games::Roll;
use crate::games::RuleError;

/// An Intruder seat intent that passed its check.
#[derive(Debug, Clone)]
pub enum Decision {
    /// Phase-1 paths by counter index.
    Plan(Vec<(usize, Vec<Room>)>),
    /// `attacker` attacks `target`, or (`None`) nobody.
    Attack {
        attacker: Attacker,
        target: Option<Crewman>,
    },
    Destroy {
        object: usize,
        room: Room,
    },
    /// Lab Animal `animal` (a counter index) leaves its portable Cage in `room`.
    OpenCage {
        animal: usize,
        room: Room,
    },
    OpenLabCages,
    EndDestruction,
}

/// The Intruder whose attack the seat decides, as the step holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attacker {
    /// Intruder `intruder` (a counter index) in `room`; the Intruders of `rest` act after it.
    Station {
        room: Room,
        intruder: usize,
        rest: Vec<usize>,
    },
    /// The stowaway `intruder` aboard Shuttle `shuttle`.
    Aboard { shuttle: u8, intruder: usize },
}

impl Attacker {
    fn intruder(&self) -> usize {
        match self {
            Attacker::Station { intruder, .. } | Attacker::Aboard { intruder, .. } => *intruder,
        }
    }
}

/// Whether the Intruder seat may send `action` now, and what it means.
pub fn check(s: &State, action: &Action) -> Result<Decision, RuleError> {
    match (action, &s.step) {
        (Action::PlanMovement { moves }, Step::IntruderMovement) => check_plan(s, moves),
        (Action::IntruderAttack { intruder, target }, _) if attacker(s).is_some() => {
            let Some((attacker, targets)) = attacker(s) else {
                return Err(RuleError::wrong_phase("no Intruder decides an attack now"));
            };
            let k = attacker.intruder();
            if s.counters[k].id != *intruder {
                return Err(refuse(
                    "not_this_intruder",
                    format!("Intruder {} decides now", s.counters[k].id),
                ));
            }
            if let Some(c) = target
                && !targets.contains(c)
            {
                return Err(refuse("not_a_target", format!("{c} cannot be attacked")));
            }
            Ok(Decision::Attack {
                attacker,
                target: *target,
            })
        }
        (Action::DestroyObject { object }, Step::IntruderDestruction) => check_destroy(s, *object),
        (Action::OpenCage { cage }, Step::IntruderDestruction) => check_open_cage(s, *cage),
        (Action::OpenLabCages {}, Step::IntruderDestruction) => check_open_lab_cages(s),
        (Action::EndDestruction {}, Step::IntruderDestruction) => Ok(Decision::EndDestruction),
        _ => Err(RuleError::wrong_phase(
            "the Intruder seat may not do that now",
        )),
    }
}

/// The Intruder deciding whether it attacks now (on the station or aboard a Shuttle, 15.2),
/// and whom it may attack.
fn attacker(s: &State) -> Option<(Attacker, Vec<Crewman>)> {
    match &s.step {
        Step::IntruderAttack {
            room,
            intruder,
            rest,
        } => Some((
            Attacker::Station {
                room: *room,
                intruder: *intruder,
                rest: rest.clone(),
            },
            attack_targets(s, *room, *intruder),
        )),
        Step::ShuttleAttack { shuttle, intruder } => Some((
            Attacker::Aboard {
                shuttle: *shuttle,
                intruder: *intruder,
            },
            s.crew_aboard(*shuttle),
        )),
        _ => None,
    }
}

/// The compartments a counter in `from` may enter in one phase-1 move (never a secured room).
fn entries(from: Room) -> impl Iterator<Item = Room> {
    adjacent(from).iter().copied().filter(|&r| !is_secured(r))
}

/// Rules 17.1: each listed counter moves zero, one or (Very Fast) two compartments along
/// passageways, never into a secured room, stopping on entering a crewed compartment.
fn check_plan(s: &State, plan: &[CounterMove]) -> Result<Decision, RuleError> {
    let movable: Vec<usize> = movers(s)
        .into_iter()
        .filter(|&k| !s.counters[k].holding_edge)
        .collect();
    let mut checked: Vec<(usize, Vec<Room>)> = Vec::new();
    for m in plan {
        let k = s
            .counter_by_id(m.id)
            .filter(|k| movable.contains(k))
            .ok_or_else(|| refuse("unknown_counter", format!("counter {} does not move", m.id)))?;
        if checked.iter().any(|(other, _)| *other == k) {
            return Err(refuse(
                "moved_twice",
                format!("counter {} has two moves", m.id),
            ));
        }
        if m.path.len() > moves(s, k) {
            return Err(refuse(
                "too_far",
                format!("counter {} moves at most {}", m.id, moves(s, k)),
            ));
        }
        let Place::Map(mut at) = s.counters[k].place else {
            return Err(refuse(
                "unknown_counter",
                format!("counter {} does not move", m.id),
            ));
        };
        for (n, &to) in m.path.iter().enumerate() {
            if n > 0 && s.stops_counters(at) {
                return Err(refuse(
                    "stops_at_crew",
                    format!("counter {} stops on entering {at}", m.id),
                ));
            }
            if !entries(at).any(|r| r == to) {
                return Err(refuse(
                    "not_adjacent",
                    format!("counter {} cannot enter {to} from {at}", m.id),
                ));
            }
            at = to;
        }
        checked.push((k, m.path.clone()));
    }
    Ok(Decision::Plan(checked))
}

/// Whether a free Intruder is in `room`.
fn free_intruder_in(s: &State, room: Room) -> bool {
    (0..s.counters.len()).any(|k| free_intruder(s, k) == Some(room))
}

/// Rules 17.1: a free Intruder opens a portable Cage of its compartment holding a Lab Animal
/// (lying or carried). Our rule: as in 5.3, only Lab Animals are let out; a caged Intruder is
/// not freed by another.
fn check_open_cage(s: &State, cage: u8) -> Result<Decision, RuleError> {
    let o = usize::from(cage);
    let animal = s
        .cage_content(o)
        .filter(|&a| caged_lab_animal(s, a).is_some())
        .ok_or_else(|| {
            refuse(
                "no_animal_caged",
                format!("Cage {cage} holds no Lab Animal"),
            )
        })?;
    let room = s
        .object_room(o)
        .filter(|&room| free_intruder_in(s, room))
        .ok_or_else(|| {
            refuse(
                "out_of_reach",
                format!("no free Intruder is with Cage {cage}"),
            )
        })?;
    Ok(Decision::OpenCage { animal, room })
}

/// Rules 17.1: a free Intruder in the Lab opens its permanent cages, when an animal is in them.
fn check_open_lab_cages(s: &State) -> Result<Decision, RuleError> {
    if lab_caged(s).is_empty() {
        return Err(refuse(
            "no_animal_caged",
            "the Caged Lab Animals box is empty",
        ));
    }
    if !free_intruder_in(s, Room::Lab) {
        return Err(refuse("out_of_reach", "no free Intruder is in the Lab"));
    }
    Ok(Decision::OpenLabCages)
}

fn check_destroy(s: &State, object: u8) -> Result<Decision, RuleError> {
    let o = usize::from(object);
    let room = match s.objects.get(o).map(|o| o.place) {
        Some(ObjectPlace::Room { room }) => room,
        _ => {
            return Err(refuse(
                "out_of_reach",
                format!("object {object} lies in no compartment"),
            ));
        }
    };
    if !free_intruder_in(s, room) {
        return Err(refuse(
            "out_of_reach",
            format!("no free Intruder is with object {object}"),
        ));
    }
    if s.cage_content(o).is_some() {
        // Our rule: a Cage is opened before it can be destroyed, so its content is never lost
        // with it.
        return Err(refuse(
            "cage_occupied",
            format!("Cage {object} holds a counter: open it first"),
        ));
    }
    Ok(Decision::Destroy { object: o, room })
}

/// The intents worth checking now (see the module doc for the plan).
pub fn candidates(s: &State) -> Vec<Action> {
    match &s.step {
        Step::IntruderMovement => {
            let mut out = vec![Action::PlanMovement { moves: Vec::new() }];
            for k in movers(s) {
                let id = s.counters[k].id;
                for path in paths(s, k) {
                    out.push(Action::PlanMovement {
                        moves: vec![CounterMove { id, path }],
                    });
                }
            }
            out
        }
        Step::IntruderAttack { .. } | Step::ShuttleAttack { .. } => {
            let Some((attacker, targets)) = attacker(s) else {
                return Vec::new();
            };
            let intruder_id = s.counters[attacker.intruder()].id;
            std::iter::once(None)
                .chain(targets.into_iter().map(Some))
                .map(|target| Action::IntruderAttack {
                    intruder: intruder_id,
                    target,
                })
                .collect()
        }
        Step::IntruderDestruction => (0..s.objects.len() as u8)
            .flat_map(|o| {
                [
                    Action::OpenCage { cage: o },
                    Action::DestroyObject { object: o },
                ]
            })
            .chain([Action::OpenLabCages {}, Action::EndDestruction {}])
            .collect(),
        _ => Vec::new(),
    }
}

/// Every path of one or more compartments counter `k` may take (rules 17.1).
fn paths(s: &State, k: usize) -> Vec<Vec<Room>> {
    let mut out = Vec::new();
    let Place::Map(from) = s.counters[k].place else {
        return out;
    };
    for first in entries(from) {
        out.push(vec![first]);
        if moves(s, k) == 2 && !s.stops_counters(first) {
            out.extend(entries(first).map(|second| vec![first, second]));
        }
    }
    out
}

/// Plays a checked decision.
pub fn execute<R: Roll>(t: &mut Table<'_, R>, decision: Decision) {
    match decision {
        Decision::Plan(plan) => {
            t.movement(Some(&plan));
            if t.s.set_up_movements > 0 {
                prometheus::set_up_movement_done(t);
            } else {
                t.end_phase_one();
            }
        }
        Decision::Attack { attacker, target } => match attacker {
            Attacker::Station {
                room,
                intruder,
                rest,
            } => t.decided_attack(room, intruder, target, rest),
            Attacker::Aboard { shuttle, intruder } => {
                t.shuttle_decided(shuttle, intruder, target);
            }
        },
        Decision::Destroy { object, room } => {
            t.s.objects[object].place = ObjectPlace::Lost {};
            t.tell(Event::ObjectDestroyed {
                object: object as u8,
                room,
            });
        }
        Decision::OpenCage { animal, room } => open_cage(t, animal, room),
        Decision::OpenLabCages => open_lab_cages(t),
        Decision::EndDestruction => t.begin_interaction(Phase::FirstInteraction),
    }
}
