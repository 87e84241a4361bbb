//! The crew actions of the station (rules 11, 13, 15.1): working the self-destruct from the
//! Command Module, opening an airlock, a Science Officer's inventory. Checks are pure; plays go
//! through the `Table`.

use xenotable_protocol::intruder::{Crewman, Event, Identity, Phase, Room, SelfDestruct};

use super::flow::Table;
use super::intent::{Intent, ready_here, ready_to_act, refuse};
use super::state::{Place, Specialty, State, specialty};
use super::tables::chart;
use crate::games::{Roll, RuleError};

/// Starting (Command) or stopping (Command, Science) the self-destruct from the Command Module
/// as a crew action of the Second Interaction (rules 11, 15.1).
pub(super) fn check_destruct(
    s: &State,
    c: Crewman,
    room: Option<Room>,
    start: bool,
) -> Result<Intent, RuleError> {
    let crew = ready_to_act(s, c)?;
    if s.phase != Phase::SecondInteraction {
        return Err(RuleError::wrong_phase(
            "the self-destruct is worked in the Second Interaction",
        ));
    }
    if crew.room != Room::Cm || room.is_some_and(|r| r != Room::Cm) {
        return Err(refuse(
            "not_in_cm",
            "the self-destruct is worked from the Command Module",
        ));
    }
    let allowed = if start {
        specialty(c) == Specialty::Command
    } else {
        specialty(c) != Specialty::Engineer
    };
    if !allowed {
        return Err(refuse("may_not_destruct", format!("{c} may not do that")));
    }
    match (start, s.self_destruct) {
        (true, SelfDestruct::Off {}) => Ok(Intent::StartSelfDestruct { crewman: c }),
        (false, SelfDestruct::Active { r#box, .. }) if r#box >= 5 => {
            Ok(Intent::StopSelfDestruct { crewman: c })
        }
        (true, _) => Err(refuse(
            "destruct_used",
            "the self-destruct cannot be started again",
        )),
        (false, _) => Err(refuse(
            "cannot_stop",
            "the self-destruct cannot be stopped now",
        )),
    }
}

/// The airlock a crewman in `corridor` may open.
pub(super) fn airlock_of(corridor: Room) -> Option<Room> {
    match corridor {
        Room::C2 => Some(Room::Air),
        Room::A2 => Some(Room::Dk1),
        Room::B2 => Some(Room::Dk2),
        _ => None,
    }
}

/// Opening an airlock (rules 11, 13): from its corridor, not on a face-up Intruder at stage 1-2.
pub(super) fn check_airlock(
    s: &State,
    c: Crewman,
    room: Option<Room>,
) -> Result<Intent, RuleError> {
    let here = ready_here(s, c, room)?;
    let airlock = airlock_of(here)
        .ok_or_else(|| refuse("no_airlock", format!("no airlock opens from {here}")))?;
    let young_inside = !chart(s.stage).crew_may_kill
        && s.counters.iter().any(|k| {
            k.identity == Identity::Intruder && k.face_up && k.place == Place::Map(airlock)
        });
    if young_inside {
        return Err(refuse(
            "too_young_to_kill",
            "a stage 1-2 Intruder may not be blown out of an airlock",
        ));
    }
    Ok(Intent::OpenAirlock {
        crewman: c,
        airlock,
    })
}

/// The face-down counters of the Not Used box.
fn not_used_face_down(s: &State) -> Vec<usize> {
    (0..s.counters.len())
        .filter(|&k| s.counters[k].place == Place::NotUsed && !s.counters[k].face_up)
        .collect()
}

/// Inventory (rules 11): a Science Officer, in the Second Interaction, while a Not Used counter
/// is face down. In a crew action segment he must be in that compartment.
pub(super) fn check_inventory(
    s: &State,
    c: Crewman,
    room: Option<Room>,
) -> Result<Intent, RuleError> {
    ready_here(s, c, room)?;
    if s.phase != Phase::SecondInteraction {
        return Err(RuleError::wrong_phase(
            "inventory is taken in the Second Interaction",
        ));
    }
    if specialty(c) != Specialty::Science {
        return Err(refuse(
            "not_science",
            "only Science Officers take inventory",
        ));
    }
    if not_used_face_down(s).is_empty() {
        return Err(refuse(
            "nothing_to_count",
            "every Not Used counter is face up",
        ));
    }
    Ok(Intent::Inventory { crewman: c })
}

impl<R: Roll> Table<'_, R> {
    /// A Command Officer starts the self-destruct: the marker goes on box 9.
    pub fn start_self_destruct(&mut self, crewman: Crewman) {
        self.s.crew[crewman as usize].acted = true;
        self.s.self_destruct = SelfDestruct::Active {
            turn: self.s.turn,
            r#box: 9,
        };
        self.tell(Event::SelfDestructMarker { r#box: 9 });
    }

    /// The self-destruct is stopped for good.
    pub fn stop_self_destruct(&mut self, crewman: Crewman) {
        self.s.crew[crewman as usize].acted = true;
        self.s.self_destruct = SelfDestruct::Stopped {};
        self.tell(Event::SelfDestructStopped { crewman });
    }

    /// `crewman` opens `airlock` from its corridor: what is inside is blown out (13).
    pub fn open_airlock(&mut self, crewman: Crewman, airlock: Room) {
        self.s.crew[crewman as usize].acted = true;
        let (held, gone) = self.blow_airlock(airlock);
        self.tell(Event::AirlockOpened {
            crewman,
            airlock,
            held,
            gone,
        });
    }

    /// A Science Officer turns a random face-down counter of the Not Used box face up.
    pub fn take_inventory(&mut self, crewman: Crewman) {
        self.s.crew[crewman as usize].acted = true;
        let hidden = not_used_face_down(self.s);
        let k = hidden[self.dice.index(hidden.len())];
        self.s.counters[k].face_up = true;
        let (id, identity) = (self.s.counters[k].id, self.s.counters[k].identity);
        self.tell(Event::Inventoried { id, identity });
    }
}
