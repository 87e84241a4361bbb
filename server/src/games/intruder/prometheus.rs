//! Return to Prometheus (rules 17.4): the set-up of the three `return` scenarios and the crew's
//! set-up step.
//!
//! The Intruders are at stage 6 with all 7 powers rolled at once. All 6 Dummies, all 6 Lab
//! Animals and 1 Intruder (5 if Clone was rolled) are shuffled and placed in panic order, then
//! three phase-1 movements are played (by the dice, or planned by the Intruder seat). Three
//! teams, each a Command Officer, an Engineer and a Science Officer with a Blaster, a Sleep Dart
//! Pistol, a Flamethrower, a Gas Canister and a Cage, start in the airlocks: team 1 (C1, E1, S1)
//! in AIR, team 2 (C2, E2, S2) in DK1, team 3 (C3, E3, S3) in DK2 (our rule: team n is the n-th
//! crewman of each specialty, and the teams take the airlocks in canonical order). Our rules:
//! the Arms Room is empty, the Weapon Construction Track holds only the 3 Prods, the 4th Cage is
//! in the Lab.
//!
//! Before turn 1 the owner spreads each team's objects, which lie in the team's airlock: a
//! crewman picks objects up (free, within carry limits) or drops them, and discards weapons the
//! Intruders are immune to; `end-set-up` begins turn 1. With option `marines` the Command
//! Officers and Engineers carry nothing (their weapons have no counters: the team's Blaster, Gas
//! Canister and Flamethrower counters are out of play, shown as lost) and each Science Officer
//! starts with his team's Sleep Dart Pistol and Cage.

use xenotable_protocol::intruder::{
    Action, Crewman, Event, Identity, ObjectKind, ObjectPlace, Room,
};

use super::combat::useless;
use super::crew_movement::{fits, object_index};
use super::flow::Table;
use super::intent::{Intent, living, refuse};
use super::scenario::Scenario;
use super::state::{CREW, Place, Shuttle, Specialty, State, Step, specialty};
use super::station::PANIC_ORDER;
use crate::games::Roll;
use crate::games::RuleError;

/// Where each team starts, team 1 first.
pub const TEAM_ROOMS: [Room; 3] = [Room::Air, Room::Dk1, Room::Dk2];

/// The set-up movements of phase 1 (17.4).
const SET_UP_MOVEMENTS: u8 = 3;

/// The crew in canonical order, each in his team's airlock.
const CREW_START: [Room; 9] = {
    let [air, dk1, dk2] = TEAM_ROOMS;
    [air, dk1, dk2, air, dk1, dk2, air, dk1, dk2]
};

/// The objects in number order (as in 17.2's table of rules 2) and where 17.4 starts them: each
/// team's weapons and Cage in its airlock, the Prods on the track, the 4th Cage in the Lab.
const OBJECTS: [(ObjectKind, ObjectPlace); 19] = {
    const fn team(n: usize) -> ObjectPlace {
        ObjectPlace::Room {
            room: TEAM_ROOMS[n],
        }
    }
    const TRACK: ObjectPlace = ObjectPlace::Track { turns: 0 };
    const LAB: ObjectPlace = ObjectPlace::Room { room: Room::Lab };
    [
        (ObjectKind::Blaster, team(0)),
        (ObjectKind::Blaster, team(1)),
        (ObjectKind::Blaster, team(2)),
        (ObjectKind::SleepDartPistol, team(0)),
        (ObjectKind::SleepDartPistol, team(1)),
        (ObjectKind::SleepDartPistol, team(2)),
        (ObjectKind::GasCanister, team(0)),
        (ObjectKind::GasCanister, team(1)),
        (ObjectKind::GasCanister, team(2)),
        (ObjectKind::ElectricProd, TRACK),
        (ObjectKind::ElectricProd, TRACK),
        (ObjectKind::ElectricProd, TRACK),
        (ObjectKind::Flamethrower, team(0)),
        (ObjectKind::Flamethrower, team(1)),
        (ObjectKind::Flamethrower, team(2)),
        (ObjectKind::Cage, team(0)),
        (ObjectKind::Cage, team(1)),
        (ObjectKind::Cage, team(2)),
        (ObjectKind::Cage, LAB),
    ]
};

/// The set-up of a `return` scenario (17.4), up to the first decision: the crew's set-up step,
/// or the Intruder seat's first set-up movement. The power rolls and the movements are kept
/// for the views (18), as the other scenarios keep their first turn's.
pub fn set_up(scenario: Scenario, turn_limit: u32, marines: bool, dice: &mut impl Roll) -> State {
    let mut s = State::empty(scenario, turn_limit, CREW_START, OBJECTS);
    s.stage = 6;
    s.marines = marines;
    // The team at AIR leaves in its own Shuttle, docked there (17.4).
    s.shuttles.push(Shuttle::default());
    // The Intruder waits in Clones Not Yet in Play while the powers are rolled, so that it is
    // counted (7.4) and the match is not over; animals and dummies wait aside.
    for identity in [Identity::LabAnimal, Identity::Dummy] {
        for _ in 0..6 {
            s.push_counter(identity, Place::NotUsed, dice);
        }
    }
    s.push_counter(Identity::Intruder, Place::ClonesNotYetInPlay, dice);
    for _ in 0..4 {
        s.push_counter(Identity::Intruder, Place::Spare, dice);
    }
    s.attacks = vec![0; s.counters.len()];
    if marines {
        arm_marines(&mut s);
    }
    let mut t = Table::new(&mut s, dice);
    t.determine_powers();
    place_in_panic_order(&mut t);
    // The set-up movements come before the teams are placed: no crewman stops a counter.
    t.s.set_up_movements = SET_UP_MOVEMENTS;
    if scenario.intruder_seat() {
        t.s.step = Step::IntruderMovement;
    } else {
        while t.s.set_up_movements > 0 {
            t.movement(None);
            set_up_movement_done(&mut t);
        }
    }
    let set_up = t.told().into_iter().map(|t| t.event).collect();
    s.set_up = set_up;
    s
}

/// Option `marines`: the Science Officers carry their team's Dart Pistol and Cage; the other
/// weapon counters are out of play (the marines' weapons have none).
fn arm_marines(s: &mut State) {
    for object in &mut s.objects {
        let ObjectPlace::Room { room } = object.place else {
            continue;
        };
        let Some(n) = TEAM_ROOMS.iter().position(|&r| r == room) else {
            continue;
        };
        object.place = match object.kind {
            ObjectKind::SleepDartPistol | ObjectKind::Cage => ObjectPlace::Carried {
                crewman: CREW[6 + n],
            },
            _ => ObjectPlace::Lost {},
        };
    }
}

/// All counters set aside are shuffled under fresh ids and placed in panic order (14.2).
fn place_in_panic_order<R: Roll>(t: &mut Table<'_, R>) {
    let mut pool: Vec<usize> = (0..t.s.counters.len())
        .filter(|&k| {
            matches!(
                t.s.counters[k].place,
                Place::NotUsed | Place::ClonesNotYetInPlay
            )
        })
        .collect();
    t.dice.shuffle(&mut pool);
    for (n, &k) in pool.iter().enumerate() {
        let id = t.s.fresh_id(t.dice);
        let c = &mut t.s.counters[k];
        c.id = id;
        c.place = Place::Map(PANIC_ORDER[n % PANIC_ORDER.len()]);
    }
}

/// A set-up movement is over: the next one, or (the teams placed) the crew's step.
pub fn set_up_movement_done<R: Roll>(t: &mut Table<'_, R>) {
    t.s.set_up_movements -= 1;
    if t.s.set_up_movements == 0 {
        t.s.step = Step::SetUp;
    }
}

/// Whether the crew's set-up step may take `action`.
pub fn check(s: &State, action: &Action) -> Result<Intent, RuleError> {
    match action {
        Action::PickUp { crewman, object } => {
            living(s, *crewman)?;
            let o = object_index(s, *object)?;
            let room = s.crewman(*crewman).room;
            if s.objects[o].place != (ObjectPlace::Room { room }) {
                return Err(refuse(
                    "not_here",
                    format!("object {object} is not in {room}"),
                ));
            }
            if !fits(s, *crewman, s.objects[o].kind) {
                return Err(refuse(
                    "too_much",
                    format!("{crewman} cannot carry object {object} too"),
                ));
            }
            Ok(Intent::PickUp {
                crewman: *crewman,
                object: o,
                cost: 0,
            })
        }
        Action::Discard { crewman, object } => {
            living(s, *crewman)?;
            let o = object_index(s, *object)?;
            let room = s.crewman(*crewman).room;
            let within_reach = [
                ObjectPlace::Room { room },
                ObjectPlace::Carried { crewman: *crewman },
            ]
            .contains(&s.objects[o].place);
            if !within_reach {
                return Err(refuse(
                    "not_here",
                    format!("{crewman} neither carries object {object} nor stands by it"),
                ));
            }
            if !useless(s, s.objects[o].kind) {
                return Err(refuse(
                    "not_useless",
                    format!("object {object} may work against the Intruders"),
                ));
            }
            Ok(Intent::Discard {
                crewman: *crewman,
                object: o,
            })
        }
        Action::EndSetUp {} => Ok(Intent::EndSetUp),
        _ => Err(RuleError::wrong_phase("the teams are setting up")),
    }
}

/// The set-up intents worth checking: pick up, drop and discard what lies or is carried in each
/// team's airlock, and the end of the set-up.
pub fn candidates(s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    for crewman in CREW {
        for object in 0..s.objects.len() as u8 {
            out.push(Action::PickUp { crewman, object });
            out.push(Action::Drop { crewman, object });
            out.push(Action::Discard { crewman, object });
        }
    }
    out.push(Action::EndSetUp {});
    out
}

/// Discards a useless weapon: it is out of play.
pub fn discard<R: Roll>(t: &mut Table<'_, R>, crewman: Crewman, object: usize) {
    t.s.objects[object].place = ObjectPlace::Lost {};
    t.tell(Event::Discarded {
        crewman,
        object: object as u8,
    });
}

/// Whether crewman `c` is a marine (option `marines`): a Command Officer or an Engineer.
pub fn marine(s: &State, c: Crewman) -> bool {
    s.marines && specialty(c) != Specialty::Science
}
