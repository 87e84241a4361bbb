//! The rules' invariants of every reachable state, as assertions: the property tests check
//! them after every action, and so do the fuzz targets (through the `fuzzing` feature).

use xenotable_protocol::intruder::{Action, Identity, ObjectKind, ObjectPlace, Power, Room};

use super::Intruder;
use super::crew_movement::{load, may_carry};
use super::orders::ordered;
use super::state::{CREW, Place, State};
use super::tables::chart;
use crate::games::Game;

/// Panics naming the first invariant `s` breaks: objects and counters conserved, clones as the
/// chart says, opaque ids unique, and the capture, Shuttle and lost-crewman rules below.
pub fn check(s: &State) {
    assert_eq!(s.objects.len(), 19, "objects are conserved");
    let of = |identity| s.counters.iter().filter(|c| c.identity == identity).count();
    assert_eq!(
        s.counters.len(),
        17 + of(Identity::LostCrewman),
        "counters are conserved"
    );
    assert_eq!(
        (
            of(Identity::Intruder),
            of(Identity::LabAnimal),
            of(Identity::Dummy)
        ),
        (5, 6, 6)
    );
    if s.has(Power::Clone) {
        let counted = s.intruders_counted();
        assert_eq!(
            counted,
            usize::from(chart(s.stage).clones),
            "clones match the chart"
        );
    }
    check_capture(s);
    check_shuttles(s);
    check_lost(s);
    let mut ids: Vec<u32> = s.counters.iter().map(|c| c.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), s.counters.len(), "opaque ids are unique");
}

/// Panics unless a seat has legal actions exactly when it is to act, and none of them orders a
/// dead or lost crewman.
pub fn check_actors(s: &State) {
    let to_act = Intruder::to_act(s);
    for &seat in s.scenario.seats() {
        let legal = Intruder::legal_actions(s, seat);
        assert_eq!(
            !legal.is_empty(),
            to_act.contains(&seat),
            "{seat} has legal actions exactly when it is to act"
        );
        for a in &legal {
            let inner = match a {
                Action::Orders { orders } => orders.as_slice(),
                _ => std::slice::from_ref(a),
            };
            for c in inner.iter().flat_map(|order| ordered(s, order)) {
                assert!(s.crewman(c).alive, "dead crew never act: {a:?}");
                assert!(s.crewman(c).lost.is_none(), "lost crew never act: {a:?}");
            }
        }
    }
}

/// Rules 14.3: a lost crewman is one face-down counter on the map (until the destruction),
/// out of play; a lost-crewman counter is someone's, or off the map once he was found.
fn check_lost(s: &State) {
    for (k, c) in s.counters.iter().enumerate() {
        if c.identity != Identity::LostCrewman {
            continue;
        }
        let owners = CREW
            .iter()
            .filter(|&&m| s.crewman(m).lost == Some(k))
            .count();
        if c.place == Place::Found {
            assert_eq!(owners, 0, "a found crewman's counter is nobody's");
        } else {
            assert_eq!(owners, 1, "a lost crewman is one counter");
            assert!(matches!(c.place, Place::Map(_)) && !c.face_up && c.loose());
        }
    }
    for m in CREW {
        let crew = s.crewman(m);
        if crew.lost.is_some() {
            assert!(!s.on_station(m) && crew.aboard.is_none());
            assert!(s.carried(m).is_empty() && crew.bears.is_none());
            assert!(
                crew.alive || s.ending.is_some(),
                "only the destruction kills him"
            );
        }
    }
}

/// Caged counters are where their Cage is, held and controlled ones with their living holder or
/// controller; a caged Intruder's Cage lies with its carriers; no panic left an Intruder caged
/// and a panic together.
fn check_capture(s: &State) {
    for (k, c) in s.counters.iter().enumerate() {
        if let (Place::Shuttle(n), Some(o)) = (c.place, c.cage) {
            assert_eq!(
                s.object_shuttle(o),
                Some(n),
                "a caged stowaway is in its Cage"
            );
            continue;
        }
        let Place::Map(room) = c.place else {
            assert!(
                c.loose(),
                "only counters on the map are caged, held or controlled"
            );
            continue;
        };
        if let Some(o) = c.cage {
            assert_eq!(s.objects[o].kind, ObjectKind::Cage);
            assert_eq!(
                s.object_room(o),
                Some(room),
                "a caged counter is in its Cage"
            );
            assert_eq!(
                s.counters.iter().filter(|d| d.cage == Some(o)).count(),
                1,
                "one counter per Cage"
            );
            if c.identity == Identity::Intruder {
                assert_eq!(s.objects[o].place, ObjectPlace::Room { room });
            }
            assert!(c.holder.is_none() && c.controller.is_none());
        }
        if let Some(h) = c.holder {
            assert_eq!(c.identity, Identity::LabAnimal);
            assert!(
                s.crewman(h).alive && s.crewman(h).room == room,
                "held with its holder"
            );
            assert_eq!(s.held_by(h), Some(k));
        }
        if c.iced {
            assert_eq!((c.identity, room), (Identity::Intruder, Room::Frz));
        }
        if let Some(h) = c.controller {
            assert_eq!(c.identity, Identity::Intruder);
            assert!(
                s.crewman(h).alive && s.crewman(h).room == room,
                "controlled with its controller"
            );
        }
    }
    for c in CREW {
        let crew = s.crewman(c);
        if let Some(o) = crew.bears {
            assert!(crew.alive);
            assert_eq!(s.objects[o].place, ObjectPlace::Room { room: crew.room });
            assert!(
                s.cage_content(o)
                    .is_some_and(|k| s.counters[k].identity == Identity::Intruder),
                "carriers carry a caged Intruder"
            );
        }
        let (large, small) = load(s, c);
        assert!(may_carry(large, small), "{c:?} carries too much");
    }
}

/// Crew aboard a Shuttle are off the station, their objects with them; a Shuttle that has not
/// left has nobody aboard; a stowaway is face up and only aboard a Shuttle that left.
fn check_shuttles(s: &State) {
    for c in CREW {
        let crew = s.crewman(c);
        let Some(n) = crew.aboard else {
            continue;
        };
        assert!(
            s.shuttles[usize::from(n - 1)].left,
            "aboard a Shuttle that left"
        );
        assert!(
            !s.crew_in(crew.room).contains(&c),
            "{c:?} is off the station"
        );
        assert_eq!(crew.bears, None);
        for o in s.carried(c) {
            assert_eq!(s.object_room(o), None, "objects aboard are off the station");
            assert_eq!(s.object_shuttle(o), Some(n));
        }
    }
    for (n, shuttle) in (1..).zip(&s.shuttles) {
        let aboard = CREW
            .iter()
            .filter(|&&c| s.crewman(c).aboard == Some(n))
            .count();
        assert!(aboard <= 4, "at most 4 aboard");
        assert!(shuttle.left || aboard == 0);
    }
    for c in &s.counters {
        if let Place::Shuttle(n) = c.place {
            assert!(c.face_up && c.identity == Identity::Intruder);
            assert!(s.shuttles[usize::from(n - 1)].left);
        }
    }
}
