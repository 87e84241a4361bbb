//! Helpers: loaded dice, hand-made positions, and driving the flow with them.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Event, Identity, ObjectKind, ObjectPlace, Phase, Room,
};

use super::super::flow::Table;
use super::super::state::{Counter, Place, State, Step};
use super::super::station::ROOMS;
use super::super::{Config, Intruder, Scenario, execute, new_state};
pub use crate::games::Loaded;
use crate::games::{Dice, Game, Roll, RuleError, Told};

/// Checks and plays `action` with any dice, as [`Game::apply`] does with the match's.
pub fn play(
    s: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut impl Roll,
) -> Result<Vec<Told<Event>>, RuleError> {
    let checked = Intruder::check(s, seat, action)?;
    Ok(execute(s, checked, dice))
}

/// An empty station: every crewman dead and far away, no counter on the map, all objects in
/// their set-up places, turn 1 phase 2. Tests put back what they need.
pub fn bare() -> State {
    let mut s = State::solitaire(Scenario::Solitaire, 100, &mut Dice::from_seed(1));
    for c in &mut s.crew {
        c.alive = false;
        c.room = Room::Dk2;
    }
    for c in &mut s.counters {
        if matches!(c.place, Place::Map(_)) {
            c.place = Place::NotUsed;
        }
    }
    s.turn = 1;
    s.phase = Phase::FirstInteraction;
    s
}

/// A new match of `scenario` ending after turn `turn_limit`, with or without lost crewmen.
pub fn setup(scenario: Scenario, turn_limit: u32, lost_crewmen: bool, dice: &mut Dice) -> State {
    let config = Config {
        scenario,
        turn_limit,
        lost_crewmen,
        marines: false,
    };
    new_state(&config, dice)
}

/// Puts crewman `c` alive in `room`.
pub fn put(s: &mut State, c: Crewman, room: Room) {
    s.crew[c as usize].alive = true;
    s.crew[c as usize].room = room;
}

/// Gives crewman `c` the first object of `kind` lying in its set-up place.
pub fn arm(s: &mut State, c: Crewman, kind: ObjectKind) -> u8 {
    let o = s
        .objects
        .iter()
        .position(|o| o.kind == kind && !matches!(o.place, ObjectPlace::Carried { .. }))
        .expect("an object of that kind");
    s.objects[o].place = ObjectPlace::Carried { crewman: c };
    o as u8
}

/// The first counter of `identity`.
pub fn first_of(s: &State, identity: Identity) -> usize {
    s.counters
        .iter()
        .position(|c| c.identity == identity)
        .expect("a counter of that identity")
}

/// The first Cage (by object number).
pub fn first_cage(s: &State) -> usize {
    s.objects
        .iter()
        .position(|o| o.kind == ObjectKind::Cage)
        .expect("a Cage")
}

/// Puts a face-up Intruder in `room` and returns its opaque id (taking a spare counter, or the
/// one of the set-up).
pub fn intruder(s: &mut State, room: Room, face_up: bool) -> u32 {
    let k = s
        .counters
        .iter()
        .position(|c| c.identity == Identity::Intruder && !matches!(c.place, Place::Map(_)))
        .expect("an Intruder counter");
    s.counters[k] = Counter {
        face_up,
        place: Place::Map(room),
        asleep_until: None,
        holding_edge: false,
        ..s.counters[k].clone()
    };
    s.counters[k].id
}

/// Puts a face-up Lab Animal in `room` and returns its opaque id.
pub fn animal(s: &mut State, room: Room) -> u32 {
    let k = s
        .counters
        .iter()
        .position(|c| c.identity == Identity::LabAnimal && !matches!(c.place, Place::Map(_)))
        .expect("a Lab Animal counter");
    s.counters[k].place = Place::Map(room);
    s.counters[k].face_up = true;
    s.counters[k].id
}

/// Resolves the interaction phase from the first compartment with these dice.
pub fn interact(s: &mut State, dice: &mut Loaded) -> Vec<Event> {
    s.cursor = 0;
    s.attacks = vec![0; s.counters.len()];
    let mut table = Table::new(s, dice);
    table.next_room();
    events(table.told())
}

/// Runs an automatic part of the turn with these dice; returns what was told.
pub fn automatic(
    s: &mut State,
    dice: &mut Loaded,
    part: impl FnOnce(&mut Table<'_, Loaded>),
) -> Vec<Event> {
    let mut table = Table::new(s, dice);
    part(&mut table);
    events(table.told())
}

/// Plays a crew action with loaded dice.
pub fn crew(s: &mut State, action: Action, dice: &mut Loaded) -> Result<Vec<Event>, RuleError> {
    play(s, Seat::Crew, &action, dice).map(events)
}

fn events(out: Vec<Told<Event>>) -> Vec<Event> {
    out.into_iter().map(|t| t.event).collect()
}

/// Whether the crew is asked for self-defence now.
pub fn asked_to_defend(s: &State) -> bool {
    matches!(s.step, Step::SelfDefence { .. })
}

/// Puts the match in the crew action segment of `room`, as if the compartments before it and
/// its Intruder action segment had been resolved.
pub fn in_segment(s: &mut State, room: Room) {
    s.step = Step::CrewActions(Some(room));
    s.cursor = ROOMS.iter().position(|&r| r == room).map_or(0, |k| k + 1);
    s.attacks = vec![0; s.counters.len()];
}
