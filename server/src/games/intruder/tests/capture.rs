//! Capture (rules 8, 9.2, 11, 12.1, 12.2, 5.3, 14.1), rule by rule.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Event, Identity, ObjectKind, ObjectPlace, Phase, Power, Room,
};

use super::super::intent::check;
use super::super::state::{Place, State, Step};
use super::support::{
    Loaded, animal, arm, automatic, bare, crew, in_segment, interact, intruder, put,
};

/// Four powers known: a stage 3 Intruder has nothing left to determine.
const STAGE_3_POWERS: [Power; 4] = [
    Power::VeryFast,
    Power::ImmuneToGas,
    Power::ImmuneToCold,
    Power::FastReflexes,
];

fn refused(s: &State, action: Action) -> &'static str {
    check(s, Seat::Crew, &action).unwrap_err().code()
}

fn catch(crewman: Crewman, animal: u32) -> Action {
    Action::CatchLabAnimal {
        crewman,
        animal,
        drop: Vec::new(),
    }
}

/// C1 holds a freshly caught Lab Animal in the Lab, in the segment of the Lab.
fn holding_an_animal() -> (State, u32) {
    let mut s = bare();
    put(&mut s, Crewman::C1, Room::Lab);
    let id = animal(&mut s, Room::Lab);
    in_segment(&mut s, Room::Lab);
    crew(&mut s, catch(Crewman::C1, id), &mut Loaded::new(&[3])).unwrap();
    (s, id)
}

#[test]
fn catching_a_lab_animal_takes_free_hands_and_a_roll_of_one_to_three() {
    let mut s = bare();
    put(&mut s, Crewman::C1, Room::Lab);
    put(&mut s, Crewman::E1, Room::Lab);
    let id = animal(&mut s, Room::Lab);
    arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    let gas = arm(&mut s, Crewman::C1, ObjectKind::GasCanister);
    arm(&mut s, Crewman::E1, ObjectKind::Cage);
    in_segment(&mut s, Room::Lab);
    assert_eq!(refused(&s, catch(Crewman::C1, id)), "hands_full");
    assert_eq!(refused(&s, catch(Crewman::E1, id)), "hands_full");
    // C1 drops one of his two small objects first, then misses on a 4.
    let drop_first = Action::CatchLabAnimal {
        crewman: Crewman::C1,
        animal: id,
        drop: vec![gas],
    };
    let events = crew(&mut s, drop_first, &mut Loaded::new(&[4])).unwrap();
    assert!(events.contains(&Event::Dropped {
        crewman: Crewman::C1,
        object: gas
    }));
    assert_eq!(
        s.objects[usize::from(gas)].place,
        ObjectPlace::Room { room: Room::Lab }
    );
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(s.counters[k].holder, None);
    // Next phase he catches it on a 3.
    s.crew[Crewman::C1 as usize].acted = false;
    in_segment(&mut s, Room::Lab);
    crew(&mut s, catch(Crewman::C1, id), &mut Loaded::new(&[3])).unwrap();
    assert_eq!(s.counters[k].holder, Some(Crewman::C1));
}

#[test]
fn a_held_animal_stops_its_holder_until_released_and_release_is_free() {
    let (mut s, id) = holding_an_animal();
    s.step = Step::CrewMovement;
    s.crew[Crewman::C1 as usize].mp = 3;
    let go = Action::Move {
        crewman: Crewman::C1,
        to: Room::B1,
    };
    assert_eq!(refused(&s, go.clone()), "holding_animal");
    let release = Action::Release {
        crewman: Crewman::C1,
    };
    let events = crew(&mut s, release, &mut Loaded::new(&[])).unwrap();
    assert!(events.contains(&Event::Released {
        crewman: Crewman::C1,
        counter: id
    }));
    assert_eq!(s.crewman(Crewman::C1).mp, 3, "release costs nothing");
    crew(&mut s, go, &mut Loaded::new(&[])).unwrap();
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(
        s.counters[k].place,
        Place::Map(Room::Lab),
        "the animal stays loose"
    );
}

/// S1 cages the animal C1 holds in the Lab.
fn caged_by_s1() -> (State, u32, u8) {
    let (mut s, id) = holding_an_animal();
    put(&mut s, Crewman::S1, Room::Lab);
    let cage = arm(&mut s, Crewman::S1, ObjectKind::Cage);
    in_segment(&mut s, Room::Lab);
    let cage_it = Action::CageLabAnimal {
        crewman: Crewman::S1,
        holder: Crewman::C1,
    };
    crew(&mut s, cage_it, &mut Loaded::new(&[])).unwrap();
    (s, id, cage)
}

#[test]
fn the_holder_of_an_empty_cage_cages_a_held_lab_animal_automatically() {
    let (mut s, id, cage) = caged_by_s1();
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(s.counters[k].cage, Some(usize::from(cage)));
    assert_eq!(s.held_by(Crewman::C1), None, "the holder is free again");
    // The caged animal goes where its Cage is carried.
    s.step = Step::CrewMovement;
    s.crew[Crewman::S1 as usize].mp = 3;
    let go = Action::Move {
        crewman: Crewman::S1,
        to: Room::B1,
    };
    crew(&mut s, go, &mut Loaded::new(&[])).unwrap();
    assert_eq!(s.counters[k].place, Place::Map(Room::B1));
}

#[test]
fn a_science_officer_in_the_lab_transfers_a_caged_animal_in_the_second_interaction() {
    let (mut s, id, cage) = caged_by_s1();
    put(&mut s, Crewman::S2, Room::Lab);
    let transfer = Action::TransferLabAnimal {
        crewman: Crewman::S2,
        animal: id,
    };
    assert_eq!(refused(&s, transfer.clone()), "wrong_phase");
    s.phase = Phase::SecondInteraction;
    in_segment(&mut s, Room::Lab);
    crew(&mut s, transfer, &mut Loaded::new(&[])).unwrap();
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(s.counters[k].place, Place::CagedLabAnimals);
    assert_eq!(
        s.cage_content(usize::from(cage)),
        None,
        "that Cage is empty"
    );
}

/// C1 with an empty Cage and a face-up Intruder in PWR, in PWR's crew action segment.
fn cage_at_hand(stage: u8, asleep: bool) -> (State, u32, u8) {
    let mut s = bare();
    s.stage = stage;
    put(&mut s, Crewman::C1, Room::Pwr);
    let cage = arm(&mut s, Crewman::C1, ObjectKind::Cage);
    let id = intruder(&mut s, Room::Pwr, true);
    if asleep {
        let k = s.counter_by_id(id).unwrap();
        s.counters[k].asleep_until = Some((2, 1));
    }
    in_segment(&mut s, Room::Pwr);
    (s, id, cage)
}

fn cage_intruder(id: u32) -> Action {
    Action::CageIntruder {
        crewman: Crewman::C1,
        intruder: id,
    }
}

#[test]
fn an_asleep_intruder_is_caged_on_one_to_five_an_awake_one_only_at_stage_one_on_one_or_two() {
    let (s, id, _) = cage_at_hand(2, false);
    assert_eq!(refused(&s, cage_intruder(id)), "too_big_to_cage");
    let (mut s, id, _) = cage_at_hand(1, false);
    crew(&mut s, cage_intruder(id), &mut Loaded::new(&[3])).unwrap();
    assert_eq!(s.counters[s.counter_by_id(id).unwrap()].cage, None);
    let (mut s, id, cage) = cage_at_hand(1, false);
    crew(&mut s, cage_intruder(id), &mut Loaded::new(&[2])).unwrap();
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(s.counters[k].cage, Some(usize::from(cage)));
    let (mut s, id, _) = cage_at_hand(4, true);
    crew(&mut s, cage_intruder(id), &mut Loaded::new(&[5])).unwrap();
    let k = s.counter_by_id(id).unwrap();
    assert!(s.counters[k].cage.is_some());
    assert_eq!(
        s.crewman(Crewman::C1).bears,
        s.counters[k].cage,
        "the catcher is its first carrier"
    );
}

#[test]
fn a_caged_intruder_neither_moves_nor_attacks_and_needs_carriers_by_stage() {
    let (mut s, id, cage) = cage_at_hand(3, true);
    s.known = STAGE_3_POWERS.to_vec();
    crew(&mut s, cage_intruder(id), &mut Loaded::new(&[1])).unwrap();
    let k = s.counter_by_id(id).unwrap();
    s.counters[k].asleep_until = None;
    // It stays put in phase 1 and never rolls to attack.
    s.crew[Crewman::C1 as usize].acted = false;
    let mut dice = Loaded::new(&[]);
    let out = automatic(&mut s, &mut dice, |t| t.start_turn());
    assert_eq!(s.counters[k].place, Place::Map(Room::Pwr));
    assert!(
        !out.iter()
            .any(|e| matches!(*e, Event::AttackRoll { .. } | Event::CounterMoved { .. }))
    );
    // Stage 3 takes two carriers; alone, C1 may neither carry it nor walk off with it.
    s.step = Step::CrewMovement;
    s.crew[Crewman::C1 as usize].mp = 3;
    let carry = Action::CarryCage { cage, to: Room::C1 };
    assert_eq!(refused(&s, carry.clone()), "too_few_carriers");
    let walk = Action::Move {
        crewman: Crewman::C1,
        to: Room::C1,
    };
    assert_eq!(refused(&s, walk), "carrying_cage");
    put(&mut s, Crewman::E1, Room::Pwr);
    s.crew[Crewman::E1 as usize].mp = 3;
    let blaster = arm(&mut s, Crewman::E1, ObjectKind::Blaster);
    let join = Action::PickUp {
        crewman: Crewman::E1,
        object: cage,
    };
    crew(&mut s, join, &mut Loaded::new(&[])).unwrap();
    assert_eq!(s.carriers(usize::from(cage)), [Crewman::C1, Crewman::E1]);
    let events = crew(&mut s, carry, &mut Loaded::new(&[])).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::CageCarried { .. }))
    );
    assert_eq!(s.counters[k].place, Place::Map(Room::C1));
    assert_eq!(s.crewman(Crewman::E1).room, Room::C1);
    assert_eq!(s.crewman(Crewman::E1).mp, 1);
    assert_eq!(
        s.objects[usize::from(blaster)].place,
        ObjectPlace::Carried {
            crewman: Crewman::E1
        },
        "each carrier keeps his small object"
    );
}

#[test]
fn an_extra_strong_intruder_breaks_out_at_once_and_the_cage_stays_empty() {
    let (mut s, id, cage) = cage_at_hand(1, false);
    s.known = vec![Power::ExtraStrong, Power::VeryFast];
    let events = crew(&mut s, cage_intruder(id), &mut Loaded::new(&[1])).unwrap();
    assert!(events.contains(&Event::BrokeOut { intruder: id, cage }));
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(s.counters[k].cage, None);
    assert_eq!(
        s.objects[usize::from(cage)].place,
        ObjectPlace::Room { room: Room::Pwr }
    );
    assert_eq!(s.crewman(Crewman::C1).bears, None);
}

#[test]
fn a_caged_intruder_breaks_out_when_extra_strong_becomes_known() {
    let (mut s, id, _) = cage_at_hand(1, false);
    s.known = vec![Power::VeryFast];
    crew(&mut s, cage_intruder(id), &mut Loaded::new(&[1])).unwrap();
    let k = s.counter_by_id(id).unwrap();
    assert!(s.counters[k].cage.is_some());
    // The next Intruder action segment determines the last power: 8, Extra Strong.
    let mut dice = Loaded::new(&[4, 4]);
    automatic(&mut s, &mut dice, |t| t.determine_powers());
    assert!(s.has(Power::ExtraStrong));
    assert_eq!(s.counters[k].cage, None);
}

#[test]
fn a_caged_intruder_at_stage_six_with_all_seven_powers_known_is_trapped_for_good() {
    let (mut s, id, _) = cage_at_hand(6, true);
    for c in &mut s.crew {
        c.alive = true;
    }
    put(&mut s, Crewman::C1, Room::Pwr);
    s.known = vec![
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToCold,
        Power::FastReflexes,
        Power::ImmuneToFlame,
        Power::ImmuneToSleepDarts,
        Power::BlasterResistant,
    ];
    crew(&mut s, cage_intruder(id), &mut Loaded::new(&[5])).unwrap();
    let ending = s.ending.clone().expect("the only Intruder is trapped");
    assert_eq!((ending.reason, ending.score), ("intruders_gone", 15));
    assert_eq!(s.captured_total(), 1);
}

/// C1 with a Prod facing a face-up Intruder in PWR, in its crew action segment.
fn prod_at_hand(stage: u8) -> (State, u32, u8) {
    let mut s = bare();
    s.stage = stage;
    put(&mut s, Crewman::C1, Room::Pwr);
    let o = s
        .objects
        .iter()
        .position(|o| o.kind == ObjectKind::ElectricProd)
        .unwrap();
    s.objects[o].place = ObjectPlace::Carried {
        crewman: Crewman::C1,
    };
    let id = intruder(&mut s, Room::Pwr, true);
    in_segment(&mut s, Room::Pwr);
    (s, id, o as u8)
}

fn prod(id: u32, object: u8) -> Action {
    Action::GainControl {
        crewman: Crewman::C1,
        intruder: id,
        object,
    }
}

#[test]
fn a_prod_controls_on_the_prod_column_but_never_an_intruder_immune_to_shock() {
    let (mut s, id, o) = prod_at_hand(3);
    crew(&mut s, prod(id, o), &mut Loaded::new(&[4])).unwrap();
    assert_eq!(
        s.controlled_by(Crewman::C1),
        None,
        "stage 3 controls on 1-3"
    );
    let (mut s, id, o) = prod_at_hand(3);
    crew(&mut s, prod(id, o), &mut Loaded::new(&[3])).unwrap();
    assert_eq!(s.controlled_by(Crewman::C1), s.counter_by_id(id));
    let (mut s, id, o) = prod_at_hand(1);
    s.known = vec![Power::ImmuneToShock];
    assert_eq!(refused(&s, prod(id, o)), "immune_to_shock");
}

#[test]
fn a_controller_moves_with_his_intruder_for_all_his_mp_even_into_an_unlocked_secured_room() {
    let (mut s, id, o) = prod_at_hand(3);
    crew(&mut s, prod(id, o), &mut Loaded::new(&[1])).unwrap();
    let k = s.counter_by_id(id).unwrap();
    s.counters[k].place = Place::Map(Room::Cm);
    s.crew[Crewman::C1 as usize].room = Room::Cm;
    put(&mut s, Crewman::C2, Room::Cm);
    s.step = Step::CrewMovement;
    s.crew[Crewman::C1 as usize].mp = 3;
    let into_freezer = Action::MoveWithIntruder {
        crewman: Crewman::C1,
        to: Room::Frz,
    };
    assert_eq!(refused(&s, into_freezer.clone()), "locked");
    let alone = Action::Move {
        crewman: Crewman::C1,
        to: Room::A1,
    };
    assert_eq!(refused(&s, alone), "controlling");
    let unlock = Action::Unlock {
        crewman: Crewman::C2,
        room: Room::Frz,
    };
    crew(&mut s, unlock, &mut Loaded::new(&[])).unwrap();
    crew(&mut s, into_freezer, &mut Loaded::new(&[])).unwrap();
    assert_eq!(s.counters[k].place, Place::Map(Room::Frz));
    assert_eq!(s.crewman(Crewman::C1).room, Room::Frz);
    assert_eq!(s.crewman(Crewman::C1).mp, 0);
}

#[test]
fn control_is_lost_on_metamorphosis_and_on_the_controllers_death() {
    let (mut s, id, o) = prod_at_hand(3);
    s.known = STAGE_3_POWERS.to_vec();
    crew(&mut s, prod(id, o), &mut Loaded::new(&[1])).unwrap();
    s.step = Step::CrewMovement;
    // Metamorphosis 1 succeeds at stage 3; in the second interaction the new power is found
    // (6+6) and the free Intruder does not attack (6).
    let mut dice = Loaded::new(&[1, 6, 6, 6]);
    let events = crew(&mut s, Action::EndMovement {}, &mut dice).unwrap();
    assert!(events.contains(&Event::ControlLost { intruder: id }));
    assert_eq!(s.controlled_by(Crewman::C1), None);
    let (mut s, id, o) = prod_at_hand(3);
    crew(&mut s, prod(id, o), &mut Loaded::new(&[1])).unwrap();
    automatic(&mut s, &mut Loaded::new(&[]), |t| {
        t.crewman_dies(Crewman::C1)
    });
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(s.counters[k].controller, None);
}

#[test]
fn a_free_intruder_lets_caged_lab_animals_out_at_the_end_of_phase_one_under_a_new_id() {
    let mut s = bare();
    put(&mut s, Crewman::C1, Room::Cm);
    let cage = s
        .objects
        .iter()
        .position(|o| o.kind == ObjectKind::Cage)
        .unwrap();
    let old = animal(&mut s, Room::Lab);
    let a = s.counter_by_id(old).unwrap();
    s.counters[a].cage = Some(cage);
    let it = intruder(&mut s, Room::Lab, false);
    // Phase 1: both stay (5, 5 in ascending id order); nothing is contested afterwards.
    let mut dice = Loaded::new(&[5, 5]);
    let out = automatic(&mut s, &mut dice, |t| t.start_turn());
    let c = &s.counters[a];
    assert_eq!(c.cage, None);
    assert!(!c.face_up);
    assert_ne!(c.id, old, "a fresh opaque id");
    assert_eq!(c.place, Place::Map(Room::Lab));
    assert!(out.contains(&Event::CageOpened {
        cage: cage as u8,
        room: Room::Lab,
        id: c.id
    }));
    assert_eq!(
        s.objects[cage].place,
        ObjectPlace::Room { room: Room::Lab },
        "the Cage stays"
    );
    assert!(s.counter_by_id(it).is_some());
}

#[test]
fn no_panic_while_an_intruder_sits_in_a_cage() {
    let (mut s, id, _) = cage_at_hand(3, true);
    put(&mut s, Crewman::E1, Room::Pwr);
    crew(&mut s, cage_intruder(id), &mut Loaded::new(&[1])).unwrap();
    s.died = true;
    let out = automatic(&mut s, &mut Loaded::new(&[]), |t| t.end_interaction());
    assert!(!out.iter().any(|e| matches!(*e, Event::Panic { .. })));
    assert_eq!(s.step, Step::CrewMovement);
}

#[test]
fn a_caged_intruder_still_contests_its_compartment_for_its_powers() {
    let (mut s, id, _) = cage_at_hand(1, true);
    crew(&mut s, cage_intruder(id), &mut Loaded::new(&[1])).unwrap();
    s.crew[Crewman::C1 as usize].acted = false;
    s.known.clear();
    // Powers 2d6: 6+6 (Blaster Resistant), 3+3 (Very Fast); no attack roll.
    let events = interact(&mut s, &mut Loaded::new(&[6, 6, 3, 3]));
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::PowerFound { .. }))
            .count(),
        2
    );
    assert!(!events.iter().any(|e| matches!(e, Event::AttackRoll { .. })));
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(s.counters[k].identity, Identity::Intruder);
}
