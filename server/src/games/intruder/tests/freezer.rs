//! The Freezer (rules 12.3, 9.3, 11), rule by rule.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{Action, Crewman, Event, ObjectKind, Phase, Power, Room};

use super::super::act::check;
use super::super::state::{Place, State, Step};
use super::support::{Loaded, animal, bare, crew, intruder, put};

/// An Intruder caged in a Cage lying in FRZ with a caged Lab Animal beside it, E1 inside, C2 in
/// the Command Module, the general step of the Second Interaction. Returns the Intruder's and
/// the animal's ids.
pub fn freezer_loaded(known: &[Power]) -> (State, u32, u32) {
    let mut s = bare();
    s.stage = 3;
    s.known = known.to_vec();
    put(&mut s, Crewman::E1, Room::Frz);
    put(&mut s, Crewman::C2, Room::Cm);
    let cages: Vec<usize> = (0..s.objects.len())
        .filter(|&o| s.objects[o].kind == ObjectKind::Cage)
        .collect();
    for &o in &cages[..2] {
        s.objects[o].place = xenotable_protocol::intruder::ObjectPlace::Room { room: Room::Frz };
    }
    let it = intruder(&mut s, Room::Frz, true);
    let k = s.counter_by_id(it).unwrap();
    s.counters[k].cage = Some(cages[0]);
    let pet = animal(&mut s, Room::Frz);
    let a = s.counter_by_id(pet).unwrap();
    s.counters[a].cage = Some(cages[1]);
    s.phase = Phase::SecondInteraction;
    s.step = Step::CrewActions(None);
    s.cursor = 28;
    s.attacks = vec![0; s.counters.len()];
    (s, it, pet)
}

pub fn turn_on(crewman: Crewman) -> Action {
    Action::TurnOnFreezer { crewman }
}

#[test]
fn anyone_unlocks_the_freezer_from_the_command_module_for_no_mp() {
    let mut s = bare();
    put(&mut s, Crewman::E2, Room::Cm);
    s.step = Step::CrewMovement;
    s.crew[Crewman::E2 as usize].mp = 3;
    let unlock = Action::Unlock {
        crewman: Crewman::E2,
        room: Room::Frz,
    };
    crew(&mut s, unlock, &mut Loaded::new(&[])).unwrap();
    assert_eq!(s.crewman(Crewman::E2).mp, 3);
    let enter = Action::Move {
        crewman: Crewman::E2,
        to: Room::Frz,
    };
    crew(&mut s, enter, &mut Loaded::new(&[])).unwrap();
}

#[test]
fn the_freezer_captures_an_intruder_not_immune_to_cold_loses_lab_animals_and_kills_crewmen() {
    let (mut s, it, pet) = freezer_loaded(&[
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::FastReflexes,
        Power::Clone,
    ]);
    let events = crew(&mut s, turn_on(Crewman::C2), &mut Loaded::new(&[])).unwrap();
    assert!(events.contains(&Event::CrewmanDied {
        crewman: Crewman::E1
    }));
    assert!(events.contains(&Event::FreezerTurnedOn {
        crewman: Crewman::C2,
        frozen: vec![it],
        iced: vec![],
        lost: vec![pet],
    }));
    assert_eq!(
        s.counters[s.counter_by_id(it).unwrap()].place,
        Place::Frozen
    );
    assert_eq!(s.counters[s.counter_by_id(pet).unwrap()].place, Place::Lost);
    assert_eq!(s.captured, 1);
    assert_eq!(
        s.intruders_counted(),
        1,
        "a frozen Intruder counts for the clones"
    );
}

#[test]
fn an_intruder_immune_to_cold_is_held_by_the_freezer_as_if_caged() {
    let (mut s, it, _) = freezer_loaded(&[
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToCold,
        Power::FastReflexes,
    ]);
    // The turn goes on with quiet dice (E1's death brings a panic).
    crew(&mut s, turn_on(Crewman::C2), &mut Loaded::new(&[6; 40])).unwrap();
    let k = s.counter_by_id(it).unwrap();
    assert!(s.counters[k].iced);
    assert_eq!(s.counters[k].place, Place::Map(Room::Frz));
    assert!(!s.counters[k].free(), "it neither moves nor attacks");
    assert_eq!(s.captured, 0);
    // At stage 6 with all seven powers known and no Extra Strong it is trapped for good.
    s.stage = 6;
    s.known.extend([
        Power::ImmuneToFlame,
        Power::ImmuneToSleepDarts,
        Power::BlasterResistant,
    ]);
    assert!(s.permanently_trapped(k));
}

#[test]
fn the_freezer_is_turned_on_from_the_command_module_in_the_second_interaction_only() {
    let (mut s, _, _) = freezer_loaded(&[
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::FastReflexes,
        Power::Clone,
    ]);
    put(&mut s, Crewman::C3, Room::A1);
    let code = |s: &State, c| check(s, Seat::Crew, &turn_on(c)).unwrap_err().code();
    assert_eq!(code(&s, Crewman::C3), "not_in_cm");
    s.phase = Phase::FirstInteraction;
    assert_eq!(code(&s, Crewman::C2), "wrong_phase");
}

#[test]
fn turning_on_the_freezer_determines_unknown_powers_first() {
    let (mut s, it, _) = freezer_loaded(&[Power::VeryFast, Power::ImmuneToGas]);
    // Two powers to find at stage 3: 2+3 (Immune to Cold), 6+6 (Blaster Resistant).
    crew(
        &mut s,
        turn_on(Crewman::C2),
        &mut Loaded::new(&[[2, 3, 6, 6].as_slice(), &[6; 40]].concat()),
    )
    .unwrap();
    assert!(s.has(Power::ImmuneToCold));
    assert!(s.counters[s.counter_by_id(it).unwrap()].iced);
}
