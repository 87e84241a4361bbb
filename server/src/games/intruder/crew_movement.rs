//! The crew movement step (rules 9): moving, picking up, dropping and unlocking, and what a
//! crewman can carry (9.2). Checks are pure; plays go through the `Table`.

use xenotable_protocol::intruder::{Crewman, Event, ObjectKind, ObjectPlace, Room};

use super::capture;
use super::flow::Table;
use super::intent::{Intent, living, refuse, unbound};
use super::prometheus::marine;
use super::state::{Specialty, State, specialty};
use super::station::{adjacent, entry_cost, is_secured};
use crate::games::{Roll, RuleError};

pub(super) fn check_move(s: &State, c: Crewman, to: Room) -> Result<Intent, RuleError> {
    living(s, c)?;
    unbound(s, c)?;
    let crew = s.crewman(c);
    if crew.bears.is_some() {
        return Err(refuse(
            "carrying_cage",
            format!("{c} moves only with the caged Intruder he carries"),
        ));
    }
    let cost = way(s, crew.room, to)?;
    if crew.mp < cost {
        return Err(refuse(
            "no_mp",
            format!("{c} has {} MP; {to} costs {cost}", crew.mp),
        ));
    }
    Ok(Intent::Move {
        crewman: c,
        to,
        cost,
    })
}

/// Dropping an object, or letting go of the caged Intruder one helps carry (9.2).
pub(super) fn check_drop(s: &State, c: Crewman, object: u8) -> Result<Intent, RuleError> {
    living(s, c)?;
    unbound(s, c)?;
    let o = match s.crewman(c).bears {
        Some(o) if usize::from(object) == o => o,
        _ => carried_object(s, c, object)?,
    };
    Ok(Intent::Drop {
        crewman: c,
        object: o,
    })
}

/// The MP cost of going from `from` to `to`: next to it, and unlocked if secured (9.1, 9.3).
pub(super) fn way(s: &State, from: Room, to: Room) -> Result<u8, RuleError> {
    if !adjacent(from).contains(&to) {
        return Err(refuse(
            "not_adjacent",
            format!("{to} is not next to {from}"),
        ));
    }
    if is_secured(to) && !s.unlocked.contains(&to) {
        return Err(refuse("locked", format!("{to} is locked")));
    }
    Ok(entry_cost(to))
}

pub(super) fn is_large(kind: ObjectKind) -> bool {
    matches!(kind, ObjectKind::Flamethrower | ObjectKind::Cage)
}

/// Rules 9.2: at most 1 large + 1 small, or 3 small.
pub fn may_carry(large: usize, small: usize) -> bool {
    (large == 0 && small <= 3) || (large == 1 && small <= 1)
}

/// The large and small objects a crewman carries; a caged Intruder he helps carry is his large
/// object (9.2).
pub(super) fn load(s: &State, c: Crewman) -> (usize, usize) {
    let carried = s.carried(c);
    let large = carried
        .iter()
        .filter(|&&o| is_large(s.objects[o].kind))
        .count();
    let borne = usize::from(s.crewman(c).bears.is_some());
    (large + borne, carried.len() - large)
}

/// Whether crewman `c` can carry one more object of `kind` (9.2); marines carry nothing (17.4).
pub(super) fn fits(s: &State, c: Crewman, kind: ObjectKind) -> bool {
    if marine(s, c) {
        return false;
    }
    let (large, small) = load(s, c);
    if is_large(kind) {
        may_carry(large + 1, small)
    } else {
        may_carry(large, small + 1)
    }
}

pub(super) fn object_index(s: &State, object: u8) -> Result<usize, RuleError> {
    let o = usize::from(object);
    if o < s.objects.len() {
        Ok(o)
    } else {
        Err(refuse(
            "unknown_object",
            format!("there is no object {object}"),
        ))
    }
}

pub(super) fn carried_object(s: &State, c: Crewman, object: u8) -> Result<usize, RuleError> {
    let o = object_index(s, object)?;
    if s.objects[o].place == (ObjectPlace::Carried { crewman: c }) {
        Ok(o)
    } else {
        Err(refuse(
            "not_carried",
            format!("{c} does not carry object {object}"),
        ))
    }
}

pub(super) fn check_pick_up(s: &State, c: Crewman, object: u8) -> Result<Intent, RuleError> {
    living(s, c)?;
    unbound(s, c)?;
    let o = object_index(s, object)?;
    let crew = s.crewman(c);
    if s.objects[o].place != (ObjectPlace::Room { room: crew.room }) {
        return Err(refuse(
            "not_here",
            format!("object {object} is not in {}", crew.room),
        ));
    }
    let cost = if crew.picking { 0 } else { 1 };
    if crew.mp < cost {
        return Err(refuse("no_mp", format!("{c} has no MP left")));
    }
    if !fits(s, c, s.objects[o].kind) {
        return Err(refuse(
            "too_much",
            format!("{c} cannot carry object {object} too"),
        ));
    }
    Ok(Intent::PickUp {
        crewman: c,
        object: o,
        cost,
    })
}

pub(super) fn check_unlock(s: &State, c: Crewman, room: Room) -> Result<Intent, RuleError> {
    living(s, c)?;
    unbound(s, c)?;
    if s.crewman(c).room != Room::Cm {
        return Err(refuse(
            "not_in_cm",
            "rooms are unlocked from the Command Module",
        ));
    }
    let allowed = match room {
        Room::Arm => specialty(c) == Specialty::Command,
        Room::Frz => true,
        Room::Cmp => specialty(c) != Specialty::Engineer,
        _ => return Err(refuse("not_secured", format!("{room} has no lock"))),
    };
    if !allowed {
        return Err(refuse(
            "may_not_unlock",
            format!("{c} may not unlock {room}"),
        ));
    }
    if s.unlocked.contains(&room) {
        return Err(refuse(
            "already_unlocked",
            format!("{room} is already open"),
        ));
    }
    Ok(Intent::Unlock { crewman: c, room })
}

impl<R: Roll> Table<'_, R> {
    /// `crewman` enters `to` for `cost` MP.
    pub fn move_crewman(&mut self, crewman: Crewman, to: Room, cost: u8) {
        let crew = &mut self.s.crew[crewman as usize];
        let from = crew.room;
        crew.room = to;
        crew.mp -= cost;
        crew.picking = false;
        let mp = crew.mp;
        self.tell(Event::CrewMoved {
            crewman,
            from,
            to,
            mp,
        });
    }

    /// `crewman` picks up object `object` for `cost` MP (the first pick-up of a run costs 1).
    pub fn pick_up(&mut self, crewman: Crewman, object: usize, cost: u8) {
        let crew = &mut self.s.crew[crewman as usize];
        crew.mp -= cost;
        crew.picking = true;
        if capture::holds_intruder(self.s, object) {
            // A caged Intruder is not picked up alone: he joins its carriers (9.2).
            self.s.crew[crewman as usize].bears = Some(object);
        } else {
            self.s.objects[object].place = ObjectPlace::Carried { crewman };
        }
        self.tell(Event::PickedUp {
            crewman,
            object: object as u8,
            mp: cost,
        });
    }

    /// `crewman` puts object `object` down (or lets go of the caged Intruder he helps carry).
    pub fn drop_object(&mut self, crewman: Crewman, object: usize) {
        let room = self.s.crewman(crewman).room;
        if self.s.crewman(crewman).bears == Some(object) {
            self.s.crew[crewman as usize].bears = None;
        } else {
            self.s.objects[object].place = ObjectPlace::Room { room };
        }
        self.tell(Event::Dropped {
            crewman,
            object: object as u8,
        });
    }

    /// `crewman` unlocks `room` from the Command Module.
    pub fn unlock(&mut self, crewman: Crewman, room: Room) {
        self.s.unlocked.push(room);
        self.tell(Event::Unlocked { crewman, room });
    }
}
