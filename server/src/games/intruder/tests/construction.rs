//! Weapon construction (rules 9.3), rule by rule.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{Action, Crewman, ObjectKind, ObjectPlace, Room};

use super::super::Intruder;
use super::super::intent::check;
use super::super::state::{State, Step};
use super::support::{Loaded, arm, bare, crew, put};
use crate::games::{Game, Viewer};

/// E1 and E2 in Maintenance with 3 MP each, in the Crew Movement Phase.
fn workshop() -> State {
    let mut s = bare();
    put(&mut s, Crewman::E1, Room::Mnt);
    put(&mut s, Crewman::E2, Room::Mnt);
    put(&mut s, Crewman::C1, Room::Mnt);
    s.step = Step::CrewMovement;
    for c in &mut s.crew {
        c.mp = 3;
    }
    s
}

/// The first object of `kind` on the track.
fn on_track(s: &State, kind: ObjectKind) -> u8 {
    s.objects
        .iter()
        .position(|o| o.kind == kind && matches!(o.place, ObjectPlace::Track { .. }))
        .expect("one on the track") as u8
}

fn build(crewman: Crewman, object: u8) -> Action {
    Action::ConstructWeapon { crewman, object }
}

fn refused(s: &State, action: Action) -> &'static str {
    check(s, Seat::Crew, &action).unwrap_err().code()
}

#[test]
fn an_engineer_in_maintenance_works_with_all_his_mp_and_a_prod_is_done_after_two_turns() {
    let mut s = workshop();
    let prod = on_track(&s, ObjectKind::ElectricProd);
    crew(&mut s, build(Crewman::E1, prod), &mut Loaded::new(&[])).unwrap();
    assert_eq!(s.crewman(Crewman::E1).mp, 0);
    assert_eq!(
        s.objects[usize::from(prod)].place,
        ObjectPlace::Track { turns: 1 }
    );
    let view = Intruder::view(&s, Viewer::Spectator);
    assert_eq!(
        view.objects[usize::from(prod)].place,
        ObjectPlace::Track { turns: 1 },
        "the view shows the track"
    );
    assert_eq!(
        refused(&s, build(Crewman::E1, prod)),
        "no_mp",
        "one weapon per Engineer per turn"
    );
    // Next turn's Crew Movement Phase: the second turn of work finishes it, in his hands.
    s.worked.clear();
    s.crew[Crewman::E1 as usize].mp = 3;
    crew(&mut s, build(Crewman::E1, prod), &mut Loaded::new(&[])).unwrap();
    assert_eq!(
        s.objects[usize::from(prod)].place,
        ObjectPlace::Carried {
            crewman: Crewman::E1
        }
    );
}

#[test]
fn no_two_engineers_work_on_the_same_weapon_in_one_turn() {
    let mut s = workshop();
    let prod = on_track(&s, ObjectKind::ElectricProd);
    crew(&mut s, build(Crewman::E1, prod), &mut Loaded::new(&[])).unwrap();
    assert_eq!(refused(&s, build(Crewman::E2, prod)), "worked_this_turn");
    let other = (0..s.objects.len())
        .find(|&o| {
            o != usize::from(prod) && matches!(s.objects[o].place, ObjectPlace::Track { .. })
        })
        .unwrap() as u8;
    crew(&mut s, build(Crewman::E2, other), &mut Loaded::new(&[])).unwrap();
}

#[test]
fn a_finished_flamethrower_lies_in_maintenance_when_its_builder_cannot_carry_it() {
    let mut s = workshop();
    arm(&mut s, Crewman::E1, ObjectKind::Cage);
    let flamer = on_track(&s, ObjectKind::Flamethrower);
    s.objects[usize::from(flamer)].place = ObjectPlace::Track { turns: 2 };
    crew(&mut s, build(Crewman::E1, flamer), &mut Loaded::new(&[])).unwrap();
    assert_eq!(
        s.objects[usize::from(flamer)].place,
        ObjectPlace::Room { room: Room::Mnt }
    );
}

#[test]
fn only_an_engineer_in_maintenance_builds_weapons_and_only_those_of_the_track() {
    let mut s = workshop();
    let prod = on_track(&s, ObjectKind::ElectricProd);
    assert_eq!(refused(&s, build(Crewman::C1, prod)), "not_engineer_in_mnt");
    s.crew[Crewman::E1 as usize].room = Room::Pwr;
    assert_eq!(refused(&s, build(Crewman::E1, prod)), "not_engineer_in_mnt");
    assert_eq!(refused(&s, build(Crewman::E2, 0)), "not_on_track");
}
