//! The Freezer (rules 12.3, 9.3, 11), rule by rule.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Event, ObjectKind, ObjectPlace, Phase, Power, Room,
};

use super::super::intent::check;
use super::super::state::{Place, State, Step};
use super::support::{Loaded, animal, automatic, bare, crew, intruder, put};

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

/// Played from the First Interaction of turn 1 at stage 3 with these four powers known: C1
/// takes prod control of the face-up Intruder in the Command Module, C2 unlocks the Freezer, C1
/// takes the Intruder in, and in the Second Interaction C2 turns the Freezer on (C1 dies in
/// it). Returns the state, the Intruder's counter, what the Freezer's action told and the dice
/// left over (quiet 6s for the rest of the turn).
fn frozen_through_play(known: [Power; 4]) -> (State, usize, Vec<Event>, Loaded) {
    let mut s = bare();
    s.stage = 3;
    s.known = known.to_vec();
    put(&mut s, Crewman::C1, Room::Cm);
    put(&mut s, Crewman::C2, Room::Cm);
    let prod = s
        .objects
        .iter()
        .position(|o| o.kind == ObjectKind::ElectricProd)
        .unwrap();
    s.objects[prod].place = ObjectPlace::Carried {
        crewman: Crewman::C1,
    };
    let id = intruder(&mut s, Room::Cm, true);
    let k = s.counter_by_id(id).unwrap();
    // No attack (6), control on 1, metamorphosis fails (6); then quiet dice.
    let mut dice = Loaded::new(&[[6, 1, 6].as_slice(), &[6; 40]].concat());
    automatic(&mut s, &mut dice, |t| {
        t.begin_interaction(Phase::FirstInteraction)
    });
    let control = Action::GainControl {
        crewman: Crewman::C1,
        intruder: id,
        object: prod as u8,
    };
    for action in [control, Action::EndActions {}, Action::EndActions {}] {
        crew(&mut s, action, &mut dice).unwrap();
    }
    assert_eq!(s.step, Step::CrewMovement);
    let unlock = Action::Unlock {
        crewman: Crewman::C2,
        room: Room::Frz,
    };
    let into_freezer = Action::MoveWithIntruder {
        crewman: Crewman::C1,
        to: Room::Frz,
    };
    for action in [unlock, into_freezer, Action::EndMovement {}] {
        crew(&mut s, action, &mut dice).unwrap();
    }
    assert_eq!(s.counters[k].place, Place::Map(Room::Frz));
    assert_eq!(
        s.step,
        Step::CrewActions(None),
        "C2 may turn the Freezer on"
    );
    let told = crew(&mut s, turn_on(Crewman::C2), &mut dice).unwrap();
    (s, k, told, dice)
}

#[test]
fn an_intruder_immune_to_cold_is_held_by_the_freezer_as_if_caged() {
    let (s, k, told, _) = frozen_through_play([
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToCold,
        Power::FastReflexes,
    ]);
    let id = s.counters[k].id;
    assert!(told.contains(&Event::FreezerTurnedOn {
        crewman: Crewman::C2,
        frozen: vec![],
        iced: vec![id],
        lost: vec![],
    }));
    assert!(s.counters[k].iced);
    assert_eq!(s.counters[k].place, Place::Map(Room::Frz));
    assert!(!s.counters[k].free(), "it neither moves nor attacks");
    assert_eq!(s.captured, 0);
    assert!(!s.permanently_trapped(k), "not at stage 3");
    // The next turn's phase 1 leaves it where it is.
    assert_eq!(s.turn, 2);
    assert!(
        !told
            .iter()
            .any(|e| matches!(e, Event::CounterMoved { id: moved, .. } if *moved == id))
    );
}

#[test]
fn an_intruder_held_by_the_freezer_prevents_panic_like_a_caged_one() {
    // C1 dies in the Freezer: a death this phase, but the Intruder held as if caged means no
    // panic (14.1); the turn goes on to phase 6 and the next turn.
    let (s, k, told, _) = frozen_through_play([
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToCold,
        Power::FastReflexes,
    ]);
    assert!(told.contains(&Event::CrewmanDied {
        crewman: Crewman::C1
    }));
    assert!(s.counters[k].iced);
    assert!(
        !told.iter().any(|e| matches!(e, Event::Panic { .. })),
        "{told:?}"
    );
    assert!(told.contains(&Event::PhaseBegun {
        turn: 1,
        phase: Phase::SelfDestruct
    }));
    assert_eq!(s.crewman(Crewman::C2).room, Room::Cm);
}

#[test]
fn an_extra_strong_intruder_immune_to_cold_breaks_out_of_the_freezer_at_once() {
    let (s, k, told, _) = frozen_through_play([
        Power::ExtraStrong,
        Power::ImmuneToGas,
        Power::ImmuneToCold,
        Power::FastReflexes,
    ]);
    let turned_on = told
        .iter()
        .position(|e| matches!(e, Event::FreezerTurnedOn { iced, .. } if iced.len() == 1))
        .expect("held as if caged first");
    let Event::FreezerTurnedOn { iced, .. } = &told[turned_on] else {
        unreachable!()
    };
    assert_eq!(
        told[turned_on + 1],
        Event::BrokeOutOfFreezer { intruder: iced[0] },
        "then it breaks out at once"
    );
    assert!(!s.counters[k].iced);
    assert_eq!(s.captured_total(), 0);
    // Free, it is no reason to spare the crew a panic after C1's death: it is shuffled with
    // the other loose counters.
    assert!(told.iter().any(|e| matches!(e, Event::Panic { .. })));
    assert!(!s.counters[k].face_up);
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
