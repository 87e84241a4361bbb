//! The crew's intents (rules 9-11): the checked form of each ([`Intent`]), the one check that
//! both `apply` and the legal lists run, sending each intent to the rules of its step (crew
//! movement, combat, crew actions, capture, the Freezer, construction, Shuttles, the set-up),
//! and what every check asks of a crewman: alive, hands free, not yet acted, here.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{Action, Crewman, Room, Weapon};

use super::capture::{self, Capture};
use super::combat::{Arms, check_attack, check_defence, check_marine_attack};
use super::construction;
use super::crew_actions::{check_airlock, check_destruct, check_inventory};
use super::crew_movement::{check_drop, check_move, check_pick_up, check_unlock};
use super::freezer;
use super::legal::to_act;
use super::orders::ordered_one;
use super::prometheus;
use super::shuttle;
use super::state::{Crew, State, Step};
use crate::games::RuleError;

/// An intent that passed its check, with what the check found.
#[derive(Debug, Clone)]
pub enum Intent {
    Move {
        crewman: Crewman,
        to: Room,
        cost: u8,
    },
    PickUp {
        crewman: Crewman,
        object: usize,
        cost: u8,
    },
    Drop {
        crewman: Crewman,
        object: usize,
    },
    Unlock {
        crewman: Crewman,
        room: Room,
    },
    EndMovement,
    Attack {
        crewman: Crewman,
        intruder: usize,
        weapon: Weapon,
    },
    /// Self-defence against `attacked`, with the CRT column of `weapon`.
    Defend {
        crewman: Crewman,
        weapon: Weapon,
        attacked: Attacked,
    },
    /// Nobody defends against `attacked`: the kill roll goes on.
    NoDefence(Attacked),
    StartSelfDestruct {
        crewman: Crewman,
    },
    StopSelfDestruct {
        crewman: Crewman,
    },
    Inventory {
        crewman: Crewman,
    },
    OpenAirlock {
        crewman: Crewman,
        airlock: Room,
    },
    /// The crew action segment of this compartment (`None`: the general action step) ends.
    EndSegment(Option<Room>),
    /// The crew action segment aboard this Shuttle ends.
    EndShuttleActions(u8),
    /// A capture action (rules 8, 11, 12).
    Capture(Capture),
    /// Let go of a held Lab Animal or of prod control (9.3).
    Release {
        crewman: Crewman,
    },
    MoveWithIntruder {
        crewman: Crewman,
        intruder: usize,
        to: Room,
    },
    CarryCage {
        cage: usize,
        to: Room,
        cost: u8,
    },
    TurnOnFreezer {
        crewman: Crewman,
    },
    ConstructWeapon {
        crewman: Crewman,
        object: usize,
    },
    Discard {
        crewman: Crewman,
        object: usize,
    },
    EndSetUp,
    /// Option `marines`: a marine attacks a loose Lab Animal (counter index).
    AttackLabAnimal {
        crewman: Crewman,
        animal: usize,
        weapon: Weapon,
    },
    /// `crewman` and `with` leave in Shuttle `shuttle`; the station goes on afterwards in the
    /// crew action segment of `resume` (`None`: the general step).
    LeaveInShuttle {
        crewman: Crewman,
        shuttle: u8,
        with: Vec<Crewman>,
        resume: Option<Room>,
    },
    /// Cage the stowaway (a counter index) aboard a Shuttle in `crewman`'s empty Cage `cage`.
    CageStowaway {
        crewman: Crewman,
        intruder: usize,
        cage: usize,
    },
    PrepareHatches {
        crewman: Crewman,
        shuttle: u8,
    },
    OpenHatches {
        crewman: Crewman,
        shuttle: u8,
    },
}

/// The Intruder's attack a crewman defends against (10.4, 15.2), as the step holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attacked {
    /// Intruder `intruder` (a counter index) attacks `target` in `room`; the Intruders of `rest`
    /// act after it, then the crew.
    Station {
        room: Room,
        intruder: usize,
        target: Crewman,
        rest: Vec<usize>,
    },
    /// The stowaway `intruder` attacks `target` aboard Shuttle `shuttle`.
    Aboard {
        shuttle: u8,
        intruder: usize,
        target: Crewman,
    },
}

impl Attacked {
    /// The attack of a self-defence step; `None` at any other step.
    pub fn of(step: &Step) -> Option<Attacked> {
        match step {
            Step::SelfDefence {
                room,
                intruder,
                target,
                rest,
            } => Some(Attacked::Station {
                room: *room,
                intruder: *intruder,
                target: *target,
                rest: rest.clone(),
            }),
            Step::ShuttleDefence {
                shuttle,
                intruder,
                target,
            } => Some(Attacked::Aboard {
                shuttle: *shuttle,
                intruder: *intruder,
                target: *target,
            }),
            _ => None,
        }
    }

    /// The attacking Intruder, a counter index.
    pub fn intruder(&self) -> usize {
        match self {
            Attacked::Station { intruder, .. } | Attacked::Aboard { intruder, .. } => *intruder,
        }
    }

    /// The crewman attacked.
    pub fn target(&self) -> Crewman {
        match self {
            Attacked::Station { target, .. } | Attacked::Aboard { target, .. } => *target,
        }
    }
}

/// A refusal with its stable code.
pub fn refuse(code: &'static str, message: impl Into<std::borrow::Cow<'static, str>>) -> RuleError {
    RuleError::new(code, message)
}

/// Whether `seat` may send `action` now, and what it means.
pub fn check(s: &State, seat: Seat, action: &Action) -> Result<Intent, RuleError> {
    if s.ending.is_some() {
        return Err(RuleError::game_over());
    }
    if seat != Seat::Crew || !to_act(s).contains(&seat) {
        return Err(RuleError::not_your_turn());
    }
    check_intent(s, action)
}

/// Whether a crew intent is possible now, whoever sends it. Crewmen gone in a Shuttle act only
/// aboard it; lost crewmen not at all (14.3).
pub fn check_intent(s: &State, action: &Action) -> Result<Intent, RuleError> {
    let aboard_step = matches!(
        s.step,
        Step::ShuttleActions { .. } | Step::ShuttleDefence { .. }
    );
    if let Some(c) = ordered_one(action).filter(|&c| s.crewman(c).aboard.is_some())
        && !aboard_step
    {
        return Err(refuse("aboard", format!("{c} has left in a Shuttle")));
    }
    if let Some(c) = ordered_one(action).filter(|&c| s.crewman(c).lost.is_some()) {
        return Err(refuse("crewman_lost", format!("{c} is lost until found")));
    }
    match (action, &s.step) {
        (Action::Move { crewman, to }, Step::CrewMovement) => check_move(s, *crewman, *to),
        (Action::PickUp { crewman, object }, Step::CrewMovement) => {
            check_pick_up(s, *crewman, *object)
        }
        (action, Step::SetUp) if !matches!(action, Action::Drop { .. }) => {
            prometheus::check(s, action)
        }
        (Action::Drop { crewman, object }, Step::CrewMovement | Step::SetUp) => {
            check_drop(s, *crewman, *object)
        }
        (Action::Unlock { crewman, room }, Step::CrewMovement) => check_unlock(s, *crewman, *room),
        (Action::EndMovement {}, Step::CrewMovement) => Ok(Intent::EndMovement),
        (
            Action::Attack {
                crewman,
                intruder,
                object,
            },
            Step::CrewActions(room),
        ) => check_attack(s, *crewman, *intruder, *object, *room),
        (
            Action::Defend { crewman, object },
            Step::SelfDefence { .. } | Step::ShuttleDefence { .. },
        ) => check_defence(s, *crewman, Arms::Carried(*object)),
        (
            Action::MarineDefend { crewman, weapon },
            Step::SelfDefence { .. } | Step::ShuttleDefence { .. },
        ) => check_defence(s, *crewman, Arms::Marine(*weapon)),
        (Action::NoDefence {}, step @ (Step::SelfDefence { .. } | Step::ShuttleDefence { .. })) => {
            Attacked::of(step)
                .map(Intent::NoDefence)
                .ok_or_else(|| RuleError::wrong_phase("nobody is attacked"))
        }
        (
            Action::MarineAttack {
                crewman,
                target,
                weapon,
            },
            Step::CrewActions(room),
        ) => check_marine_attack(s, *crewman, *target, *weapon, *room),
        (Action::EndActions {}, Step::ShuttleActions { shuttle }) => {
            Ok(Intent::EndShuttleActions(*shuttle))
        }
        (action, Step::ShuttleActions { shuttle }) => shuttle::check_aboard(s, action, *shuttle),
        (Action::LeaveInShuttle { crewman, with }, Step::CrewActions(room)) => {
            shuttle::check_leave(s, *crewman, with, *room)
        }
        (Action::StartSelfDestruct { crewman }, Step::CrewActions(room)) => {
            check_destruct(s, *crewman, *room, true)
        }
        (Action::StopSelfDestruct { crewman }, Step::CrewActions(room)) => {
            check_destruct(s, *crewman, *room, false)
        }
        (Action::OpenAirlock { crewman }, Step::CrewActions(room)) => {
            check_airlock(s, *crewman, *room)
        }
        (Action::Inventory { crewman }, Step::CrewActions(room)) => {
            check_inventory(s, *crewman, *room)
        }
        (Action::EndActions {}, Step::CrewActions(segment)) => Ok(Intent::EndSegment(*segment)),
        (Action::Release { crewman }, Step::CrewMovement | Step::CrewActions(_)) => {
            capture::check_release(s, *crewman)
        }
        (Action::MoveWithIntruder { crewman, to }, Step::CrewMovement) => {
            capture::check_move_with_intruder(s, *crewman, *to)
        }
        (Action::ConstructWeapon { crewman, object }, Step::CrewMovement) => {
            construction::check_construct(s, *crewman, *object)
        }
        (Action::CarryCage { cage, to }, Step::CrewMovement) => {
            capture::check_carry_cage(s, *cage, *to)
        }
        (Action::TurnOnFreezer { crewman }, Step::CrewActions(room)) => {
            freezer::check_turn_on(s, *crewman, *room)
        }
        (action, Step::CrewActions(room)) if capture::is_capture_action(action) => {
            capture::check_capture_action(s, action, *room).map(Intent::Capture)
        }
        _ => Err(RuleError::wrong_phase(format!(
            "{} is not possible now",
            action_name(action)
        ))),
    }
}

/// The wire name of an intent (its `"type"`), for messages.
fn action_name(action: &Action) -> String {
    serde_json::to_value(action)
        .ok()
        .and_then(|v| v.get("type")?.as_str().map(str::to_owned))
        .unwrap_or_default()
}

pub(super) fn living(s: &State, c: Crewman) -> Result<(), RuleError> {
    if s.crewman(c).alive {
        Ok(())
    } else {
        Err(refuse("crewman_dead", format!("{c} is dead")))
    }
}

/// Rules 8 and 12.2: a crewman holding a Lab Animal or controlling an Intruder does nothing
/// else until he lets go (the controller only moves with his Intruder).
pub(super) fn unbound(s: &State, c: Crewman) -> Result<(), RuleError> {
    if s.held_by(c).is_some() {
        Err(refuse(
            "holding_animal",
            format!("{c} holds a Lab Animal until it is caged or released"),
        ))
    } else if s.controlled_by(c).is_some() {
        Err(refuse(
            "controlling",
            format!("{c} controls an Intruder and does nothing else"),
        ))
    } else {
        Ok(())
    }
}

/// A living, free-handed crewman who has not acted this Interaction Phase.
pub(super) fn ready_to_act(s: &State, c: Crewman) -> Result<&Crew, RuleError> {
    living(s, c)?;
    unbound(s, c)?;
    let crew = s.crewman(c);
    if crew.acted {
        return Err(refuse("already_acted", format!("{c} has acted this phase")));
    }
    Ok(crew)
}

/// A crewman ready to act in the segment of `room` (or anywhere in the general step): his
/// compartment.
pub(super) fn ready_here(s: &State, c: Crewman, room: Option<Room>) -> Result<Room, RuleError> {
    let crew = ready_to_act(s, c)?;
    if crew.aboard.is_some() {
        return Err(refuse("aboard", format!("{c} has left in a Shuttle")));
    }
    if room.is_some_and(|r| r != crew.room) {
        return Err(refuse(
            "not_here",
            format!("{c} is not in this compartment"),
        ));
    }
    Ok(crew.room)
}
