//! The Freezer (rules 12.3, 9.3, 11): turned on from the Command Module in the Second
//! Interaction, it freezes everything in FRZ.

use xenotable_protocol::intruder::{Crewman, Event, Identity, Phase, Power, Room};

use super::flow::Table;
use super::intent::{Intent, ready_here, refuse};
use super::state::{Place, State};
use crate::games::Roll;
use crate::games::RuleError;

/// Turn on the Freezer: anyone in the Command Module, in the Second Interaction, while a
/// crewman or a counter is in FRZ (our rule: an empty Freezer is not worth an action).
pub fn check_turn_on(s: &State, c: Crewman, room: Option<Room>) -> Result<Intent, RuleError> {
    let here = ready_here(s, c, room)?;
    if s.phase != Phase::SecondInteraction {
        return Err(RuleError::wrong_phase(
            "the Freezer is turned on in the Second Interaction",
        ));
    }
    if here != Room::Cm {
        return Err(refuse(
            "not_in_cm",
            "the Freezer is turned on from the Command Module",
        ));
    }
    let occupied = !s.crew_in(Room::Frz).is_empty()
        || s.counters
            .iter()
            .any(|k| k.place == Place::Map(Room::Frz) && !k.iced);
    if !occupied {
        return Err(refuse("freezer_empty", "nothing is in the Freezer"));
    }
    Ok(Intent::TurnOnFreezer { crewman: c })
}

/// Rules 12.3: crewmen in FRZ die, Lab Animals are lost, Intruders are frozen (captured) or,
/// Immune to Cold, held as if caged, so that an Extra Strong one breaks out at once (12.1).
/// Unknown powers are determined first (our rule, as for an airlock: the cold tests them all).
pub fn turn_on<R: Roll>(t: &mut Table<'_, R>, crewman: Crewman) {
    t.s.crew[crewman as usize].acted = true;
    for c in t.s.crew_in(Room::Frz) {
        t.crewman_dies(c);
    }
    let inside: Vec<usize> = (0..t.s.counters.len())
        .filter(|&k| t.s.counters[k].place == Place::Map(Room::Frz) && !t.s.counters[k].iced)
        .collect();
    if inside
        .iter()
        .any(|&k| t.s.counters[k].identity == Identity::Intruder)
    {
        t.determine_powers();
    }
    let (mut frozen, mut iced, mut lost) = (Vec::new(), Vec::new(), Vec::new());
    for k in inside {
        if t.s.counters[k].place != Place::Map(Room::Frz) {
            continue;
        }
        t.s.unbind(k);
        let c = &mut t.s.counters[k];
        c.asleep_until = None;
        match c.identity {
            Identity::Intruder if t.s.known.contains(&Power::ImmuneToCold) => {
                c.iced = true;
                iced.push(c.id);
            }
            Identity::Intruder => {
                c.place = Place::Frozen;
                frozen.push(c.id);
                t.s.captured += 1;
            }
            Identity::LabAnimal | Identity::Dummy => {
                c.place = Place::Lost;
                lost.push(c.id);
            }
            // Face-down counters never enter the Freezer (5.2), so no lost crewman is there.
            Identity::LostCrewman => {}
        }
    }
    let held: Vec<usize> = iced
        .iter()
        .filter_map(|&id| t.s.counter_by_id(id))
        .collect();
    t.tell(Event::FreezerTurnedOn {
        crewman,
        frozen,
        iced,
        lost,
    });
    for k in held {
        t.break_out(k);
    }
    t.check_end();
}
