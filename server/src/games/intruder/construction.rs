//! Weapon construction (rules 9.3): Engineers in Maintenance finish Prods and Flamethrowers on
//! the Weapon Construction Track, one turn of work at a time.

use xenotable_protocol::intruder::{Crewman, Event, ObjectPlace, Room};

use super::crew_movement::{fits, object_index};
use super::flow::Table;
use super::intent::{Intent, living, refuse, unbound};
use super::state::{Specialty, State, specialty};
use super::tables::construction_turns;
use crate::games::Roll;
use crate::games::RuleError;

/// Construct weapon: an Engineer in MNT with all his 3 MP, on a weapon still on the track that
/// no other Engineer worked on this turn.
pub fn check_construct(s: &State, c: Crewman, object: u8) -> Result<Intent, RuleError> {
    living(s, c)?;
    unbound(s, c)?;
    let crew = s.crewman(c);
    if specialty(c) != Specialty::Engineer || crew.room != Room::Mnt {
        return Err(refuse(
            "not_engineer_in_mnt",
            "weapons are built by an Engineer in Maintenance",
        ));
    }
    if crew.mp < 3 {
        return Err(refuse("no_mp", "building a weapon takes all 3 MP"));
    }
    let o = object_index(s, object)?;
    if !matches!(s.objects[o].place, ObjectPlace::Track { .. }) {
        return Err(refuse(
            "not_on_track",
            format!("object {object} is not on the Weapon Construction Track"),
        ));
    }
    if s.worked.contains(&o) {
        return Err(refuse(
            "worked_this_turn",
            format!("another Engineer worked on object {object} this turn"),
        ));
    }
    Ok(Intent::ConstructWeapon {
        crewman: c,
        object: o,
    })
}

/// One turn of work; a finished weapon goes to its builder if he can carry it, else lies in
/// Maintenance.
pub fn construct<R: Roll>(t: &mut Table<'_, R>, crewman: Crewman, o: usize) {
    let ObjectPlace::Track { turns } = t.s.objects[o].place else {
        return;
    };
    let turns = turns + 1;
    t.s.crew[crewman as usize].mp = 0;
    t.s.crew[crewman as usize].picking = false;
    t.s.worked.push(o);
    let kind = t.s.objects[o].kind;
    let finished = construction_turns(kind).is_some_and(|done| turns >= done);
    let place = if !finished {
        ObjectPlace::Track { turns }
    } else {
        if fits(t.s, crewman, kind) {
            ObjectPlace::Carried { crewman }
        } else {
            ObjectPlace::Room { room: Room::Mnt }
        }
    };
    t.s.objects[o].place = place;
    t.tell(Event::WeaponConstructed {
        crewman,
        object: o as u8,
        turns,
        place,
    });
}
