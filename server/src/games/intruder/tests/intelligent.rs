//! The Intelligent Intruder (rules 17.1): the Intruder seat's decisions replace the dice of
//! phase-1 movement, attacks and targets; it destroys objects; it wins when the crew loses.

use xenotable_protocol::intruder::{
    Action, CounterMove, Crewman, Event, Identity, ObjectKind, ObjectPlace, Power, Room,
};
use xenotable_protocol::{Outcome, Seat};

use super::super::state::{CREW, Ending, Place, State, Step};
use super::super::{Intruder, Scenario};
use super::support::{
    Loaded, animal, arm, bare, first_cage, first_of, interact, intruder, play, put,
};
use crate::games::{Game, RuleError};

/// An empty station of the Intelligent Intruder, waiting for the Intruder seat's plan.
fn planning() -> State {
    let mut s = bare();
    s.scenario = Scenario::Intelligent;
    s.step = Step::IntruderMovement;
    s
}

fn by_intruder(s: &mut State, action: Action) -> Result<Vec<Event>, RuleError> {
    let mut dice = Loaded::new(&[]);
    play(s, Seat::Intruder, &action, &mut dice)
        .map(|told| told.into_iter().map(|t| t.event).collect())
}

fn plan(moves: &[(u32, &[Room])]) -> Action {
    Action::PlanMovement {
        moves: moves
            .iter()
            .map(|&(id, path)| CounterMove {
                id,
                path: path.to_vec(),
            })
            .collect(),
    }
}

fn code(result: Result<Vec<Event>, RuleError>) -> &'static str {
    result.expect_err("refused").code()
}

#[test]
fn the_intruder_seat_moves_a_counter_zero_or_one_compartment_never_into_a_secured_room() {
    let mut s = planning();
    put(&mut s, Crewman::C1, Room::Mes);
    let id = intruder(&mut s, Room::Cm, false);
    let before = s.clone();
    assert_eq!(
        code(by_intruder(&mut s, plan(&[(id, &[Room::Arm])]))),
        "not_adjacent"
    );
    assert_eq!(
        code(by_intruder(&mut s, plan(&[(id, &[Room::A2])]))),
        "not_adjacent"
    );
    assert_eq!(
        code(by_intruder(&mut s, plan(&[(id, &[Room::A1, Room::A2])]))),
        "too_far"
    );
    assert_eq!(
        code(by_intruder(&mut s, plan(&[(id, &[]), (id, &[Room::A1])]))),
        "moved_twice"
    );
    assert_eq!(
        code(by_intruder(&mut s, plan(&[(id + 1, &[])]))),
        "unknown_counter"
    );
    assert_eq!(s, before, "refusals change nothing");
    let events = by_intruder(&mut s, plan(&[(id, &[Room::A1])])).unwrap();
    assert!(events.contains(&Event::CounterMoved {
        id,
        roll: 0,
        from: Room::Cm,
        to: Some(Room::A1),
    }));
    assert_eq!(
        s.counters[s.counter_by_id(id).unwrap()].place,
        super::super::state::Place::Map(Room::A1)
    );
}

#[test]
fn very_fast_counters_move_two_compartments_stopping_on_entering_a_crewed_one() {
    let mut s = planning();
    s.known = vec![Power::VeryFast, Power::ImmuneToGas];
    put(&mut s, Crewman::C1, Room::A1);
    let id = intruder(&mut s, Room::Cm, false);
    assert_eq!(
        code(by_intruder(&mut s, plan(&[(id, &[Room::A1, Room::Mes])]))),
        "stops_at_crew"
    );
    let legal = Intruder::legal_actions(&s, Seat::Intruder);
    assert!(legal.contains(&plan(&[(id, &[Room::B1, Room::Lab])])));
    assert!(legal.contains(&plan(&[(id, &[Room::A1])])));
    assert!(!legal.contains(&plan(&[(id, &[Room::A1, Room::Mes])])));
    by_intruder(&mut s, plan(&[(id, &[Room::B1, Room::Lab])])).unwrap();
    assert_eq!(
        s.counters[s.counter_by_id(id).unwrap()].place,
        super::super::state::Place::Map(Room::Lab)
    );
}

#[test]
fn the_plan_is_told_in_ascending_opaque_id_whatever_order_it_lists_and_uses_no_dice() {
    let mut s = planning();
    put(&mut s, Crewman::C1, Room::Mes);
    let a = intruder(&mut s, Room::Sh1, false);
    let b = intruder(&mut s, Room::Sh2, false);
    let (low, high) = (a.min(b), a.max(b));
    let room_of = |s: &State, id| match s.counters[s.counter_by_id(id).unwrap()].place {
        super::super::state::Place::Map(room) => room,
        _ => unreachable!("on the map"),
    };
    let (low_from, high_from) = (room_of(&s, low), room_of(&s, high));
    let events = by_intruder(&mut s, plan(&[(high, &[]), (low, &[])])).unwrap();
    let moved: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::CounterMoved { .. }))
        .collect();
    assert_eq!(
        moved,
        [
            &Event::CounterMoved {
                id: low,
                roll: 0,
                from: low_from,
                to: None
            },
            &Event::CounterMoved {
                id: high,
                roll: 0,
                from: high_from,
                to: None
            }
        ]
    );
}

#[test]
fn the_intruder_seat_chooses_attack_and_target_without_dice_and_never_a_science_officer_among_seven()
 {
    let mut s = bare();
    s.scenario = Scenario::Intelligent;
    s.known = vec![Power::VeryFast, Power::ImmuneToGas];
    // C1 to S1: seven crewmen in canonical order.
    for c in CREW.into_iter().take(7) {
        put(&mut s, c, Room::Mes);
    }
    let id = intruder(&mut s, Room::Mes, false);
    interact(&mut s, &mut Loaded::new(&[]));
    assert!(matches!(
        s.step,
        Step::IntruderAttack {
            room: Room::Mes,
            ..
        }
    ));
    assert_eq!(Intruder::to_act(&s), vec![Seat::Intruder]);
    let legal = Intruder::legal_actions(&s, Seat::Intruder);
    assert_eq!(
        legal.len(),
        7,
        "no attack, or one of the six non-Science crewmen"
    );
    let at_s1 = Action::IntruderAttack {
        intruder: id,
        target: Some(Crewman::S1),
    };
    assert_eq!(code(by_intruder(&mut s, at_s1)), "not_a_target");
    let crew_try = play(
        &mut s,
        Seat::Crew,
        &Action::EndActions {},
        &mut Loaded::new(&[]),
    );
    assert_eq!(crew_try.unwrap_err().code(), "not_your_turn");
    let events = by_intruder(
        &mut s,
        Action::IntruderAttack {
            intruder: id,
            target: Some(Crewman::E2),
        },
    )
    .unwrap();
    assert!(events.contains(&Event::TargetChosen {
        intruder: id,
        roll: None,
        target: Crewman::E2
    }));
    assert!(!events.iter().any(|e| matches!(e, Event::AttackRoll { .. })));
    assert!(matches!(
        s.step,
        Step::SelfDefence {
            target: Crewman::E2,
            ..
        }
    ));
}

#[test]
fn an_intruder_that_does_not_attack_lets_the_crew_act() {
    let mut s = bare();
    s.scenario = Scenario::Intelligent;
    s.known = vec![Power::VeryFast, Power::ImmuneToGas];
    put(&mut s, Crewman::C1, Room::Mes);
    let id = intruder(&mut s, Room::Mes, false);
    interact(&mut s, &mut Loaded::new(&[]));
    let events = by_intruder(
        &mut s,
        Action::IntruderAttack {
            intruder: id,
            target: None,
        },
    )
    .unwrap();
    assert!(events.contains(&Event::NoAttack { intruder: id }));
    assert_eq!(Intruder::to_act(&s), vec![Seat::Crew]);
}

#[test]
fn a_free_intruder_destroys_objects_lying_in_its_compartment() {
    let mut s = planning();
    put(&mut s, Crewman::C1, Room::Mes);
    let id = intruder(&mut s, Room::Sh1, false);
    by_intruder(&mut s, plan(&[(id, &[Room::Lab])])).unwrap();
    assert_eq!(s.step, Step::IntruderDestruction, "cages lie in the Lab");
    let cage = s
        .objects
        .iter()
        .position(|o| o.kind == ObjectKind::Cage)
        .unwrap() as u8;
    let blaster = s
        .objects
        .iter()
        .position(|o| o.kind == ObjectKind::Blaster)
        .unwrap() as u8;
    assert_eq!(
        code(by_intruder(
            &mut s,
            Action::DestroyObject { object: blaster }
        )),
        "out_of_reach"
    );
    let events = by_intruder(&mut s, Action::DestroyObject { object: cage }).unwrap();
    assert_eq!(
        events,
        [Event::ObjectDestroyed {
            object: cage,
            room: Room::Lab
        }]
    );
    assert_eq!(s.objects[usize::from(cage)].place, ObjectPlace::Lost {});
    assert_eq!(
        s.step,
        Step::IntruderDestruction,
        "until it says it is done"
    );
    by_intruder(&mut s, Action::EndDestruction {}).unwrap();
    assert_eq!(Intruder::to_act(&s), vec![Seat::Crew]);
}

#[test]
fn an_asleep_intruder_destroys_nothing() {
    let mut s = planning();
    let id = intruder(&mut s, Room::Lab, true);
    let k = s.counter_by_id(id).unwrap();
    s.counters[k].asleep_until = Some((2, 1));
    s.step = Step::IntruderDestruction;
    assert_eq!(
        Intruder::legal_actions(&s, Seat::Intruder),
        [Action::EndDestruction {}]
    );
}

/// A Lab Animal caged in the first Cage, lying in `room`; returns its id and the Cage.
fn caged_animal(s: &mut State, room: Room) -> (u32, u8) {
    let cage = first_cage(s);
    s.objects[cage].place = ObjectPlace::Room { room };
    let id = animal(s, room);
    let a = s.counter_by_id(id).unwrap();
    s.counters[a].cage = Some(cage);
    (id, cage as u8)
}

#[test]
fn a_free_intruder_opens_a_portable_cage_and_the_animal_is_a_new_face_down_counter() {
    let mut s = planning();
    put(&mut s, Crewman::C1, Room::Mes);
    let (old, cage) = caged_animal(&mut s, Room::Pwr);
    let it = intruder(&mut s, Room::Sh1, false);
    by_intruder(&mut s, plan(&[(it, &[Room::Pwr])])).unwrap();
    assert_eq!(s.step, Step::IntruderDestruction);
    assert_eq!(
        code(by_intruder(&mut s, Action::DestroyObject { object: cage })),
        "cage_occupied",
        "a Cage is opened before it is destroyed"
    );
    let events = by_intruder(&mut s, Action::OpenCage { cage }).unwrap();
    assert!(s.counter_by_id(old).is_none(), "the old id is gone");
    let [
        Event::CageOpened {
            cage: opened,
            room,
            id,
        },
    ] = events.as_slice()
    else {
        panic!("{events:?}");
    };
    assert_eq!((*opened, *room), (cage, Room::Pwr));
    let a = s.counter_by_id(*id).unwrap();
    assert!(!s.counters[a].face_up && s.counters[a].loose());
    assert_eq!(s.counters[a].place, Place::Map(Room::Pwr));
    assert_eq!(
        code(by_intruder(&mut s, Action::OpenCage { cage })),
        "no_animal_caged"
    );
    by_intruder(&mut s, Action::DestroyObject { object: cage }).unwrap();
    by_intruder(&mut s, Action::EndDestruction {}).unwrap();
    assert_eq!(Intruder::to_act(&s), vec![Seat::Crew]);
}

/// S1 in MES carries a Cage holding a Lab Animal: the state, the animal's index, the Cage.
fn s1_carries_a_caged_animal() -> (State, usize, u8) {
    let mut s = planning();
    put(&mut s, Crewman::S1, Room::Mes);
    let cage = arm(&mut s, Crewman::S1, ObjectKind::Cage);
    let id = animal(&mut s, Room::Mes);
    let a = s.counter_by_id(id).unwrap();
    s.counters[a].cage = Some(usize::from(cage));
    (s, a, cage)
}

#[test]
fn a_cage_carried_by_a_crewman_is_opened_by_a_free_intruder_with_him_but_not_by_an_asleep_one() {
    let (mut s, a, cage) = s1_carries_a_caged_animal();
    let it = intruder(&mut s, Room::Mes, true);
    let k = s.counter_by_id(it).unwrap();
    s.counters[k].asleep_until = Some((2, 1));
    s.step = Step::IntruderDestruction;
    assert_eq!(
        code(by_intruder(&mut s, Action::OpenCage { cage })),
        "out_of_reach"
    );
    s.counters[k].asleep_until = None;
    assert!(Intruder::legal_actions(&s, Seat::Intruder).contains(&Action::OpenCage { cage }));
    by_intruder(&mut s, Action::OpenCage { cage }).unwrap();
    assert_eq!(s.counters[a].place, Place::Map(Room::Mes));
    assert!(!s.counters[a].face_up);
    assert_eq!(
        s.objects[usize::from(cage)].place,
        ObjectPlace::Carried {
            crewman: Crewman::S1
        },
        "the Cage stays with its carrier"
    );
}

#[test]
fn a_free_intruder_in_the_lab_opens_the_permanent_cages_and_the_animals_return_face_down() {
    let mut s = planning();
    put(&mut s, Crewman::C1, Room::Mes);
    let olds = [animal(&mut s, Room::Lab), animal(&mut s, Room::Lab)];
    for id in olds {
        let a = s.counter_by_id(id).unwrap();
        s.counters[a].place = Place::CagedLabAnimals;
    }
    s.step = Step::IntruderDestruction;
    assert_eq!(
        code(by_intruder(&mut s, Action::OpenLabCages {})),
        "out_of_reach"
    );
    intruder(&mut s, Room::Lab, false);
    let events = by_intruder(&mut s, Action::OpenLabCages {}).unwrap();
    let [Event::LabCagesOpened { ids }] = events.as_slice() else {
        panic!("{events:?}");
    };
    assert_eq!(ids.len(), 2);
    assert!(ids.is_sorted());
    for id in ids {
        assert!(!olds.contains(id), "fresh ids");
        let a = s.counter_by_id(*id).unwrap();
        let c = &s.counters[a];
        assert_eq!((c.place, c.face_up), (Place::Map(Room::Lab), false));
    }
    assert_eq!(
        code(by_intruder(&mut s, Action::OpenLabCages {})),
        "no_animal_caged"
    );
}

#[test]
fn the_seat_is_asked_about_cages_whenever_a_face_down_counter_could_open_one() {
    // A Dummy with a carried caged animal, no object lying there: the question is asked as it
    // would be for an Intruder, so it tells the crew nothing; only ending is legal.
    let (mut s, a, _) = s1_carries_a_caged_animal();
    let dummy = first_of(&s, Identity::Dummy);
    s.counters[dummy].place = Place::Map(Room::Mes);
    by_intruder(&mut s, plan(&[])).unwrap();
    assert_eq!(s.step, Step::IntruderDestruction);
    assert_eq!(
        Intruder::legal_actions(&s, Seat::Intruder),
        [Action::EndDestruction {}]
    );
    // The Lab's permanent cages are within reach of a face-down counter in the Lab.
    let mut s = planning();
    s.objects
        .iter_mut()
        .filter(|o| o.place == (ObjectPlace::Room { room: Room::Lab }))
        .for_each(|o| o.place = ObjectPlace::Lost {});
    s.counters[a].place = Place::CagedLabAnimals;
    s.counters[dummy].place = Place::Map(Room::Lab);
    by_intruder(&mut s, plan(&[])).unwrap();
    assert_eq!(s.step, Step::IntruderDestruction);
    s.counters[dummy].place = Place::Map(Room::Inf);
    s.step = Step::IntruderMovement;
    by_intruder(&mut s, plan(&[])).unwrap();
    assert_ne!(s.step, Step::IntruderDestruction, "nothing within reach");
}

#[test]
fn the_intruder_seat_wins_when_the_crew_loses_and_draws_when_it_draws() {
    let mut s = planning();
    s.ending = Some(Ending {
        reason: "crew_dead",
        score: -45,
        crew_won: Some(false),
    });
    assert_eq!(
        Intruder::outcome(&s),
        Some(Outcome {
            winners: vec![Seat::Intruder],
            reason: "crew_dead_loss".into()
        })
    );
    s.ending = Some(Ending {
        reason: "turn_limit",
        score: 0,
        crew_won: None,
    });
    assert_eq!(Intruder::outcome(&s).unwrap().winners, vec![]);
}
