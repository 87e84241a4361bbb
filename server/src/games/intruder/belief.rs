//! What an Intruder bot believes: a whole state drawn from its seat's view alone (rules 18).
//!
//! Everything public is copied from the view. What the crew cannot see is drawn from the bot's
//! own dice, within what the view tells: the identities of face-down counters (on the map and in
//! the Not Used box) are a random deal of the material not yet revealed (5 Intruders counted as
//! 7.4 says, 6 Lab Animals, 6 Dummies, the lost crewmen), Intruders and lost crewmen only on the
//! map. The Intruder seat sees every identity, so its world differs only in bookkeeping no view
//! shows, which gets a neutral value: the attacks and deaths of this Interaction Phase (none),
//! when a sleeper wakes (at the next Interaction Phase), the pick-up in progress (none), the
//! weapons already worked on this turn (none), another seat's orders (none given). Never reads
//! a true state: its only input is the typed view. No I/O.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    CounterView, Identity, ObjectKind, ObjectPlace, Phase, Power, Prompt, Room, View,
};

use super::scenario::Scenario;
use super::state::{CREW, Counter, Place, Shuttle, State, Step};
use super::station::ROOMS;
use super::tables::chart;
use crate::games::Roll;

/// How many counters of each of Lab Animals and Dummies the game has (rules 2).
const EACH_KIND: usize = 6;

/// The Intruder counters of rules 2.
const INTRUDERS: usize = 5;

/// A state that agrees with `view`, what `seat` may know; the rest drawn from `dice`. `None`
/// when the view describes no state (an unknown scenario, a prompt naming a counter not shown).
pub fn believe(seat: Seat, view: &View, dice: &mut impl Roll) -> Option<State> {
    let scenario = Scenario::from_id(&view.scenario)?;
    let objects: [(ObjectKind, ObjectPlace); 19] = view
        .objects
        .iter()
        .map(|o| (o.kind, o.place))
        .collect::<Vec<_>>()
        .try_into()
        .ok()?;
    let mut s = State::empty(scenario, view.turn_limit, [Room::Cm; 9], objects);
    s.turn = view.turn;
    s.phase = view.phase;
    s.stage = view.stage;
    s.known = view.known_powers.clone();
    s.unlocked = view.unlocked.clone();
    s.self_destruct = view.self_destruct;
    s.killed = view.intruders_killed;
    s.set_up = view.set_up.clone();
    s.marines = marines(scenario, view);
    s.lost_crewmen = view.crew.iter().any(|c| c.lost)
        || view
            .counters
            .iter()
            .any(|c| c.identity == Some(Identity::LostCrewman));
    for (crew, c) in s.crew.iter_mut().zip(&view.crew) {
        crew.room = c.room;
        crew.alive = c.alive;
        crew.mp = c.mp;
        crew.acted = c.acted;
        crew.bears = c.bears.map(usize::from);
        crew.aboard = c.aboard;
    }
    s.shuttles = view
        .shuttles
        .iter()
        .map(|v| Shuttle {
            left: v.left,
            // Our guess: hatches prepared in an earlier round, so they may be opened.
            round: 1,
            prepared: v.prepared.then_some(0),
            resume: None,
        })
        .collect();
    s.used_ids = view.counters.iter().map(|c| c.id).collect();
    deal(&mut s, seat, view, dice);
    s.attacks = vec![0; s.counters.len()];
    let trapped = (0..s.counters.len())
        .filter(|&k| s.permanently_trapped(k))
        .count() as u8;
    s.captured = view.intruders_captured.saturating_sub(trapped);
    s.step = step(&s, &view.prompt)?;
    s.cursor = match s.step {
        Step::CrewActions(Some(room))
        | Step::SelfDefence { room, .. }
        | Step::IntruderAttack { room, .. } => ROOMS.iter().position(|&r| r == room)? + 1,
        Step::CrewActions(None) => ROOMS.len(),
        _ => 0,
    };
    if s.step == Step::IntruderMovement && s.turn == 0 {
        // Return to Prometheus: the Intruder seat plans a set-up movement; which of the three
        // no view tells, so this is the last.
        s.set_up_movements = 1;
    }
    s.orders = view
        .ready
        .iter()
        .map(|&ready| {
            (
                ready,
                view.orders
                    .clone()
                    .filter(|_| ready == seat)
                    .unwrap_or_default(),
            )
        })
        .collect();
    Some(s)
}

/// Option `marines` (17.4), as the view shows it: a `return` scenario whose Blaster, Gas
/// Canister and Flamethrower counters are all out of play while no Command Officer or Engineer
/// carries anything.
fn marines(scenario: Scenario, view: &View) -> bool {
    let out_of_play = view.objects.iter().all(|o| {
        !matches!(
            o.kind,
            ObjectKind::Blaster | ObjectKind::GasCanister | ObjectKind::Flamethrower
        ) || o.place == (ObjectPlace::Lost {})
    });
    let science = |c| matches!(c, ObjectPlace::Carried { crewman } if CREW[6..].contains(&crewman));
    let bare = view.objects.iter().all(|o| match o.place {
        ObjectPlace::Carried { .. } => science(o.place),
        _ => true,
    });
    scenario.is_return() && out_of_play && bare
}

/// When an Intruder seen asleep wakes, as far as the view tells: at the next Interaction Phase
/// (aboard a Shuttle, the next round).
fn asleep_until(view: &View, shuttle: Option<u8>) -> (u32, u8) {
    if shuttle.is_some() {
        return (2, 0);
    }
    match view.phase {
        Phase::Movement => (view.turn, 1),
        Phase::FirstInteraction | Phase::CrewMovement | Phase::Metamorphosis => (view.turn, 2),
        Phase::SecondInteraction | Phase::SelfDestruct => (view.turn + 1, 1),
    }
}

/// A counter as the view shows it, its identity (`None`: face down to this viewer) aside.
fn shown(view: &View, c: &CounterView, place: Place, face_up: bool) -> Counter {
    Counter {
        identity: c.identity.unwrap_or(Identity::Dummy),
        id: c.id,
        place,
        face_up,
        asleep_until: c.asleep.then(|| asleep_until(view, c.shuttle)),
        holding_edge: false,
        cage: c.caged_in.map(usize::from),
        holder: c.held_by,
        controller: c.controlled_by,
        iced: c.iced,
    }
}

/// The Intruders counted in play (7.4): the chart's number once Clone is known, else the one.
fn intruders_in_play(view: &View) -> usize {
    if view.known_powers.contains(&Power::Clone) {
        usize::from(chart(view.stage).clones)
    } else {
        1
    }
}

/// Every counter: those the view lists where it shows them, face-up ones off the map in the
/// box their counts say, and the unseen ones (face-down identities, the Not Used box, Clones
/// Not Yet in Play, the spare Intruders) dealt from what is left.
fn deal(s: &mut State, seat: Seat, view: &View, dice: &mut impl Roll) {
    let listed = |identity| {
        view.counters
            .iter()
            .filter(|c| c.identity == Some(identity))
            .count()
    };
    let boxed = |identity| {
        view.counters
            .iter()
            .filter(|c| c.identity == Some(identity) && c.room.is_none() && c.shuttle.is_none())
            .filter(|c| !c.face_down)
            .count()
    };
    let hidden_on_map = view
        .counters
        .iter()
        .filter(|c| c.identity.is_none())
        .count();
    let intruders_seen = listed(Identity::Intruder);
    let clones = usize::from(view.clones_not_yet_in_play);
    let hidden_intruders = intruders_in_play(view)
        .saturating_sub(intruders_seen + clones)
        .min(hidden_on_map);
    let lost: Vec<usize> = (0..CREW.len()).filter(|&c| view.crew[c].lost).collect();
    let hidden_lost = lost.len().min(hidden_on_map - hidden_intruders);
    let mut material: Vec<Identity> = std::iter::repeat_n(
        Identity::LabAnimal,
        EACH_KIND.saturating_sub(listed(Identity::LabAnimal)),
    )
    .chain(std::iter::repeat_n(
        Identity::Dummy,
        EACH_KIND.saturating_sub(listed(Identity::Dummy)),
    ))
    .collect();
    let on_map = hidden_on_map - hidden_intruders - hidden_lost;
    // The Not Used box: face-down counters this viewer does not see, the rest face up there.
    let face_down_shown = view
        .counters
        .iter()
        .filter(|c| c.face_down && c.room.is_none());
    let not_used_hidden = if seat == Seat::Intruder {
        0
    } else {
        material.len().saturating_sub(on_map)
    };
    let not_used_face_up =
        usize::from(view.not_used).saturating_sub(not_used_hidden + face_down_shown.count());
    let mut dummies_discovered = usize::from(view.dummies_discovered);
    let face_up_dummies = boxed(Identity::Dummy).saturating_sub(dummies_discovered);
    let mut not_used_animals = not_used_face_up.saturating_sub(face_up_dummies);
    let mut caged_animals = usize::from(view.caged_lab_animals);
    let mut frozen = usize::from(view.frozen);
    let mut killed = usize::from(view.intruders_killed);
    // Face-down counters whose identity this viewer does not see, on the map.
    let mut hidden: Vec<usize> = Vec::new();
    for c in &view.counters {
        let place = match (c.shuttle, c.room, c.identity) {
            (Some(n), _, _) => Place::Shuttle(n),
            (None, Some(room), _) => Place::Map(room),
            (None, None, _) if c.face_down => Place::NotUsed,
            (None, None, Some(Identity::Dummy)) if dummies_discovered > 0 => {
                dummies_discovered -= 1;
                Place::DummiesDiscovered
            }
            (None, None, Some(Identity::LabAnimal)) if caged_animals > 0 => {
                caged_animals -= 1;
                Place::CagedLabAnimals
            }
            (None, None, Some(Identity::LabAnimal)) if not_used_animals > 0 => {
                not_used_animals -= 1;
                Place::NotUsed
            }
            (None, None, Some(Identity::LabAnimal)) => Place::Lost,
            (None, None, Some(Identity::Intruder)) if frozen > 0 => {
                frozen -= 1;
                Place::Frozen
            }
            (None, None, Some(Identity::Intruder)) if killed > 0 => {
                killed -= 1;
                Place::Killed
            }
            (None, None, Some(Identity::Intruder)) => Place::Gone,
            // Face up in the Not Used box (an inventory), or a counter no box explains.
            (None, None, _) => Place::NotUsed,
        };
        let face_up = c.identity.is_some() && !c.face_down;
        if c.identity.is_none() {
            hidden.push(s.counters.len());
        }
        s.counters.push(shown(view, c, place, face_up));
    }
    for _ in 0..not_used_hidden {
        let k = s.push_counter(Identity::Dummy, Place::NotUsed, dice);
        hidden.push(k);
    }
    // Intruders and lost crewmen only on the map: they take map slots first.
    let map = hidden.len() - not_used_hidden;
    let (map_slots, box_slots) = hidden.split_at_mut(map);
    dice.shuffle(map_slots);
    dice.shuffle(&mut material);
    let mut material = material.into_iter();
    for (n, &k) in map_slots.iter().chain(box_slots.iter()).enumerate() {
        s.counters[k].identity = if n < hidden_intruders {
            Identity::Intruder
        } else if n < hidden_intruders + hidden_lost {
            s.crew[lost[n - hidden_intruders]].lost = Some(k);
            Identity::LostCrewman
        } else {
            material.next().unwrap_or(Identity::Dummy)
        };
    }
    for _ in 0..clones {
        s.push_counter(Identity::Intruder, Place::ClonesNotYetInPlay, dice);
    }
    let spare = INTRUDERS.saturating_sub(intruders_seen + clones + hidden_intruders);
    for _ in 0..spare {
        s.push_counter(Identity::Intruder, Place::Spare, dice);
    }
    // Fast Reflexes: a face-up Intruder in an airlock holds its edge (13).
    let reflexes = s.has(Power::FastReflexes);
    for c in &mut s.counters {
        c.holding_edge = reflexes
            && c.face_up
            && c.identity == Identity::Intruder
            && matches!(c.place, Place::Map(Room::Air | Room::Dk1 | Room::Dk2))
            && c.loose();
    }
}

/// The decision the prompt shows, with the Intruders still to act in its compartment (those
/// with a higher opaque id, 6.2.2).
fn step(s: &State, prompt: &Prompt) -> Option<Step> {
    let index = |id: u32| s.counter_by_id(id);
    let rest = |room: Room, after: u32| {
        let mut rest: Vec<usize> = (0..s.counters.len())
            .filter(|&k| s.intruder_on_map(k) == Some(room) && s.counters[k].id > after)
            .collect();
        rest.sort_by_key(|&k| s.counters[k].id);
        rest
    };
    Some(match *prompt {
        Prompt::SetUp {} => Step::SetUp,
        Prompt::CrewMovement {} => Step::CrewMovement,
        Prompt::CrewActions { room } => Step::CrewActions(room),
        Prompt::SelfDefence {
            room,
            intruder,
            target,
        } => Step::SelfDefence {
            room,
            intruder: index(intruder)?,
            target,
            rest: rest(room, intruder),
        },
        Prompt::IntruderMovement {} => Step::IntruderMovement,
        Prompt::IntruderDestruction {} => Step::IntruderDestruction,
        Prompt::IntruderAttack { room, intruder } => Step::IntruderAttack {
            room,
            intruder: index(intruder)?,
            rest: rest(room, intruder),
        },
        Prompt::ShuttleActions { shuttle } => Step::ShuttleActions { shuttle },
        Prompt::ShuttleDefence {
            shuttle,
            intruder,
            target,
        } => Step::ShuttleDefence {
            shuttle,
            intruder: index(intruder)?,
            target,
        },
        Prompt::ShuttleAttack { shuttle, intruder } => Step::ShuttleAttack {
            shuttle,
            intruder: index(intruder)?,
        },
        Prompt::Over {} => Step::Over,
    })
}
