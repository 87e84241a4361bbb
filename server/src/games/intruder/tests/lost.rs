//! Lost crewmen (rules 14.3, option `lost-crewmen`).

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Event, Identity, ObjectKind, ObjectPlace, Phase, Power, Room, SelfDestruct,
};

use super::super::flow::attack_targets;
use super::super::state::{Place, State};
use super::super::{Intruder, Options};
use super::support::{Loaded, arm, automatic, bare, crew, in_segment, interact, intruder, put};
use crate::games::{Dice, Game, Viewer};

/// A bare station with the option on and every power of stage 1 known (no power rolls).
fn station() -> State {
    let mut s = bare();
    s.lost_crewmen = true;
    s.known = vec![Power::ImmuneToFlame, Power::ImmuneToGas];
    s
}

/// Crewman `c` lost as a face-down counter in `room`; returns its opaque id.
fn lose(s: &mut State, c: Crewman, room: Room) -> u32 {
    let k = s.push_counter(
        Identity::LostCrewman,
        Place::Map(room),
        &mut Dice::from_seed(9),
    );
    put(s, c, Room::Cm);
    s.crew[c as usize].lost = Some(k);
    s.counters[k].id
}

fn lost_crewmen(s: &State) -> Vec<Crewman> {
    super::super::state::CREW
        .into_iter()
        .filter(|&c| s.crewman(c).lost.is_some())
        .collect()
}

#[test]
fn lost_crewmen_are_played_without_an_intruder_seat_only() {
    let lost = Options {
        lost_crewmen: true,
        ..Options::default()
    };
    assert!(Intruder::configure(&[Seat::Crew], Some("solitaire"), lost).is_ok());
    let split = [Seat::Science, Seat::Command];
    assert!(Intruder::configure(&split, Some("science-officer"), lost).is_ok());
    let refused = Intruder::configure(&[Seat::Crew, Seat::Intruder], Some("intelligent"), lost);
    assert_eq!(refused.err().map(|e| e.code()), Some("bad_options"));
}

#[test]
fn at_a_panic_one_random_crewman_drops_his_objects_in_cm_and_joins_the_shuffle_face_down() {
    let mut s = station();
    intruder(&mut s, Room::Sa1, false);
    put(&mut s, Crewman::C1, Room::Liv);
    put(&mut s, Crewman::S1, Room::Lab);
    let blaster = arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    let cage = arm(&mut s, Crewman::S1, ObjectKind::Cage);
    s.died = true;
    let told = automatic(&mut s, &mut Loaded::new(&[6; 20]), |t| t.end_interaction());
    let lost = lost_crewmen(&s);
    assert_eq!(lost.len(), 1, "one crewman is lost");
    let c = lost[0];
    assert!(
        told.contains(&Event::CrewmanLost { crewman: c }),
        "told who"
    );
    for o in [blaster, cage] {
        assert_eq!(
            s.objects[usize::from(o)].place,
            ObjectPlace::Room { room: Room::Cm }
        );
    }
    let k = s.crewman(c).lost.unwrap();
    let counter = &s.counters[k];
    assert_eq!(counter.identity, Identity::LostCrewman);
    assert!(!counter.face_up && matches!(counter.place, Place::Map(_)));
    let placed = told.iter().find_map(|e| match e {
        Event::Panic { placed } => Some(placed.clone()),
        _ => None,
    });
    let placed = placed.expect("a panic");
    assert_eq!(placed.len(), 2, "the Intruder and the lost crewman");
    assert!(placed.iter().any(|&(id, _)| id == counter.id));
    assert!(!s.on_station(c), "out of play until found");
    assert!(Intruder::view(&s, Viewer::Spectator).crew[c as usize].lost);
}

#[test]
fn nobody_is_lost_when_fewer_than_two_crewmen_are_in_play() {
    let mut s = station();
    intruder(&mut s, Room::Sa1, false);
    put(&mut s, Crewman::C1, Room::Liv);
    lose(&mut s, Crewman::S1, Room::Sh3);
    s.died = true;
    let told = automatic(&mut s, &mut Loaded::new(&[6; 20]), |t| t.end_interaction());
    assert!(told.iter().all(|e| !matches!(e, Event::CrewmanLost { .. })));
    assert_eq!(
        lost_crewmen(&s),
        vec![Crewman::S1],
        "still lost, reshuffled"
    );
}

#[test]
fn a_lost_crewman_is_found_when_revealed_and_acts_from_the_next_phase() {
    let mut s = station();
    intruder(&mut s, Room::Sa1, false);
    put(&mut s, Crewman::C1, Room::Mes);
    let id = lose(&mut s, Crewman::S1, Room::Mes);
    let told = interact(&mut s, &mut Loaded::new(&[]));
    assert!(told.contains(&Event::Revealed {
        id,
        room: Room::Mes,
        identity: Identity::LostCrewman
    }));
    assert!(told.contains(&Event::CrewmanFound {
        crewman: Crewman::S1,
        room: Room::Mes
    }));
    assert!(s.on_station(Crewman::S1));
    assert_eq!(s.crewman(Crewman::S1).room, Room::Mes);
    assert!(s.crewman(Crewman::S1).acted, "he acts from the next phase");
    assert!(
        s.counter_by_id(id)
            .is_some_and(|k| s.counters[k].place == Place::Found)
    );
}

#[test]
fn a_lost_crewman_is_no_crewman_for_targeting_contest_or_orders() {
    let mut s = station();
    let id = intruder(&mut s, Room::Cm, true);
    put(&mut s, Crewman::C1, Room::Cm);
    lose(&mut s, Crewman::S1, Room::Sb1);
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(attack_targets(&s, Room::Cm, k), vec![Crewman::C1]);
    // His counter alone in SB1 contests nothing: it stays face down.
    s.counters[k].place = Place::Map(Room::Sa1);
    s.counters[k].face_up = false;
    let told = interact(&mut s, &mut Loaded::new(&[]));
    assert!(told.iter().all(|e| !matches!(e, Event::Revealed { .. })));
    s.phase = Phase::CrewMovement;
    s.step = super::super::state::Step::CrewMovement;
    s.crew[Crewman::S1 as usize].mp = 3;
    let order = Action::Move {
        crewman: Crewman::S1,
        to: Room::A1,
    };
    let refused = crew(&mut s, order.clone(), &mut Loaded::new(&[]));
    assert_eq!(refused.unwrap_err().code(), "crewman_lost");
    assert!(!Intruder::legal_actions(&s, Seat::Crew).contains(&order));
}

#[test]
fn an_airlock_kills_a_lost_crewman() {
    let mut s = station();
    intruder(&mut s, Room::Sa1, false);
    put(&mut s, Crewman::C1, Room::C2);
    lose(&mut s, Crewman::S1, Room::Air);
    in_segment(&mut s, Room::C2);
    let open = Action::OpenAirlock {
        crewman: Crewman::C1,
    };
    let told = crew(&mut s, open, &mut Loaded::new(&[6; 4])).expect("opened");
    assert!(told.contains(&Event::CrewmanDied {
        crewman: Crewman::S1
    }));
    assert!(!s.crewman(Crewman::S1).alive);
}

#[test]
fn the_destruction_kills_a_lost_crewman() {
    let mut s = station();
    intruder(&mut s, Room::Sa1, false);
    put(&mut s, Crewman::C1, Room::Dk1);
    s.crew[Crewman::C1 as usize].aboard = Some(1);
    s.shuttles[0].left = true;
    put(&mut s, Crewman::C2, Room::Cm);
    lose(&mut s, Crewman::S1, Room::Sh1);
    s.self_destruct = SelfDestruct::Active { turn: 1, r#box: 1 };
    s.turn = 5;
    s.phase = Phase::SecondInteraction;
    automatic(&mut s, &mut Loaded::new(&[]), |t| t.end_interaction());
    assert_eq!(s.ending.as_ref().map(|e| e.reason), Some("detonation"));
    assert!(!s.crewman(Crewman::S1).alive);
}

#[test]
fn at_the_end_a_lost_crewman_counts_as_alive() {
    let mut s = station();
    put(&mut s, Crewman::C1, Room::Cm);
    lose(&mut s, Crewman::S1, Room::Sh1);
    let dead_before = s.score();
    s.crew[Crewman::C2 as usize].alive = true;
    assert_eq!(s.score(), dead_before + 5, "only the dead cost points");
    let k = s
        .counters
        .iter()
        .position(|c| c.identity == Identity::Intruder)
        .unwrap();
    s.counters[k].place = Place::Killed;
    automatic(&mut s, &mut Loaded::new(&[]), |t| t.check_end());
    assert_eq!(s.ending.as_ref().map(|e| e.reason), Some("intruders_gone"));
    assert!(s.crewman(Crewman::S1).alive && s.crewman(Crewman::S1).lost.is_some());
}

#[test]
fn when_no_crewman_is_left_in_play_every_lost_crewman_is_found_where_he_is() {
    let mut s = station();
    intruder(&mut s, Room::Sa1, false);
    put(&mut s, Crewman::C1, Room::Cm);
    let id = lose(&mut s, Crewman::S1, Room::Sb1);
    lose(&mut s, Crewman::E1, Room::Sh2);
    let told = automatic(&mut s, &mut Loaded::new(&[]), |t| {
        t.crewman_dies(Crewman::C1)
    });
    assert!(told.contains(&Event::Revealed {
        id,
        room: Room::Sb1,
        identity: Identity::LostCrewman
    }));
    assert!(s.on_station(Crewman::S1) && s.on_station(Crewman::E1));
    assert_eq!(s.crewman(Crewman::S1).room, Room::Sb1);
    assert_eq!(s.crewman(Crewman::E1).room, Room::Sh2);
    assert_eq!(s.ending, None, "the station is not abandoned");
}
