//! The crew actions worth checking: the superset a crew action segment (or the general step),
//! self-defence and the legal lists are filtered from with the one check, and whether anyone
//! may act or defend at all, which decides whether the crew is asked.

use xenotable_protocol::intruder::{Action, Crewman, Phase, Room};

use super::capture;
use super::combat::{Arms, MARINE_WEAPONS, check_attack, check_marine_attack, check_weapon_use};
use super::crew_actions::{airlock_of, check_airlock, check_destruct, check_inventory};
use super::freezer;
use super::orders::ordered_one;
use super::prometheus::marine;
use super::shuttle;
use super::state::{CREW, Place, Specialty, State, specialty};

/// The attacks the crew could make now in `room` (or anywhere, for the general step).
pub fn attack_candidates(s: &State, room: Option<Room>) -> Vec<Action> {
    let mut out = Vec::new();
    for c in CREW.into_iter().filter(|&c| may_act_in(s, c, room)) {
        let crew = s.crewman(c);
        let objects: Vec<Option<u8>> = std::iter::once(None)
            .chain(s.carried(c).into_iter().map(|o| Some(o as u8)))
            .collect();
        for k in 0..s.counters.len() {
            if s.intruder_on_map(k) == Some(crew.room) && s.counters[k].face_up {
                out.extend(objects.iter().map(|&object| Action::Attack {
                    crewman: c,
                    intruder: s.counters[k].id,
                    object,
                }));
            }
            if marine(s, c) && s.counters[k].place == Place::Map(crew.room) {
                out.extend(MARINE_WEAPONS.map(|weapon| Action::MarineAttack {
                    crewman: c,
                    target: s.counters[k].id,
                    weapon,
                }));
            }
        }
    }
    out
}

/// The self-defence attacks worth checking by the crewmen `present`.
pub fn defence_candidates(s: &State, present: &[Crewman]) -> Vec<Action> {
    let mut out = Vec::new();
    for &c in present {
        out.push(Action::Defend {
            crewman: c,
            object: None,
        });
        out.extend(s.carried(c).into_iter().map(|o| Action::Defend {
            crewman: c,
            object: Some(o as u8),
        }));
        if marine(s, c) {
            out.extend(MARINE_WEAPONS.map(|weapon| Action::MarineDefend { crewman: c, weapon }));
        }
    }
    out
}

/// Whether crewman `c` is alive, has not acted this Interaction Phase and is in the segment's
/// compartment: only his crew actions are worth checking.
pub(super) fn may_act_in(s: &State, c: Crewman, room: Option<Room>) -> bool {
    let crew = s.crewman(c);
    crew.alive && !crew.acted && room.is_none_or(|r| r == crew.room)
}

/// The crew actions worth checking in a crew action segment (or the general step).
pub fn segment_candidates(s: &State, room: Option<Room>) -> Vec<Action> {
    let mut out = attack_candidates(s, room);
    // Only where each could be possible: the self-destruct and the Freezer are worked from the
    // Command Module, inventory is a Science Officer's, an airlock opens from its corridor.
    let second = s.phase == Phase::SecondInteraction;
    for crewman in CREW.into_iter().filter(|&c| may_act_in(s, c, room)) {
        let here = s.crewman(crewman).room;
        if second && here == Room::Cm {
            out.push(Action::StartSelfDestruct { crewman });
            out.push(Action::StopSelfDestruct { crewman });
            out.push(Action::TurnOnFreezer { crewman });
        }
        if second && specialty(crewman) == Specialty::Science {
            out.push(Action::Inventory { crewman });
        }
        if airlock_of(here).is_some() {
            out.push(Action::OpenAirlock { crewman });
        }
    }
    out.extend(capture::capture_candidates(s, room));
    out.extend(shuttle::leave_candidates(s, room));
    out.retain(|a| ordered_one(a).is_none_or(|c| s.on_station(c)));
    out
}

/// Whether `action` is a crew action possible in the segment of `room` (or the general step).
fn segment_action_ok(s: &State, action: &Action, room: Option<Room>) -> bool {
    match action {
        Action::Attack {
            crewman,
            intruder,
            object,
        } => check_attack(s, *crewman, *intruder, *object, room).is_ok(),
        Action::MarineAttack {
            crewman,
            target,
            weapon,
        } => check_marine_attack(s, *crewman, *target, *weapon, room).is_ok(),
        Action::StartSelfDestruct { crewman } => check_destruct(s, *crewman, room, true).is_ok(),
        Action::StopSelfDestruct { crewman } => check_destruct(s, *crewman, room, false).is_ok(),
        Action::Inventory { crewman } => check_inventory(s, *crewman, room).is_ok(),
        Action::OpenAirlock { crewman } => check_airlock(s, *crewman, room).is_ok(),
        Action::TurnOnFreezer { crewman } => freezer::check_turn_on(s, *crewman, room).is_ok(),
        Action::LeaveInShuttle { crewman, with } => {
            shuttle::check_leave(s, *crewman, with, room).is_ok()
        }
        action if capture::is_capture_action(action) => {
            capture::check_capture_action(s, action, room).is_ok()
        }
        _ => false,
    }
}

/// Whether anyone may act in this crew action segment (or the general step).
pub fn crew_has_actions(s: &State, room: Option<Room>) -> bool {
    segment_candidates(s, room)
        .iter()
        .any(|a| segment_action_ok(s, a, room))
}

/// Whether anyone in `room` may defend against Intruder `k`.
pub fn defence_possible(s: &State, room: Room, k: usize) -> bool {
    defence_possible_among(s, &s.crew_in(room), Some(room), k)
}

/// Whether any of the crewmen `present` (in `room` on the station, or aboard) may defend
/// against Intruder `k`.
pub fn defence_possible_among(
    s: &State,
    present: &[Crewman],
    room: Option<Room>,
    k: usize,
) -> bool {
    defence_candidates(s, present).iter().any(|a| match a {
        Action::Defend { crewman, object } => {
            check_weapon_use(s, *crewman, k, Arms::Carried(*object), room, true).is_ok()
        }
        Action::MarineDefend { crewman, weapon } => {
            check_weapon_use(s, *crewman, k, Arms::Marine(*weapon), room, true).is_ok()
        }
        _ => false,
    })
}
