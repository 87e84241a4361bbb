//! What each viewer may know (rules 18): face-down identities and the Not Used box only to the
//! Intruder seat and an omniscient viewer; everything else is public.

use xenotable_protocol::intruder::{
    CounterView, CrewView, Event, ObjectView, Prompt, ShuttleView, View,
};

use xenotable_protocol::Seat;

use super::shuttle::docks;
use super::state::{CREW, Place, State, Step};
use crate::games::Viewer;

/// The view of `viewer`.
pub fn view(s: &State, viewer: Viewer) -> View {
    let omniscient = viewer == Viewer::Omniscient;
    // The Intruder seat sees every identity on the map and in the Not Used box (rules 18).
    let identities = omniscient || viewer == Viewer::Seat(Seat::Intruder);
    let mut counters: Vec<CounterView> = s
        .counters
        .iter()
        .filter_map(|c| {
            let room = match c.place {
                Place::Map(room) => Some(room),
                Place::Shuttle(_)
                | Place::Landed
                | Place::DummiesDiscovered
                | Place::Killed
                | Place::Lost
                | Place::Gone
                | Place::CagedLabAnimals
                | Place::Frozen => None,
                Place::Found => return None,
                Place::NotUsed if c.face_up => None,
                Place::NotUsed if identities => None,
                Place::ClonesNotYetInPlay | Place::Spare if omniscient => None,
                Place::NotUsed | Place::ClonesNotYetInPlay | Place::Spare => return None,
            };
            Some(CounterView {
                id: c.id,
                room,
                identity: (c.face_up || identities).then_some(c.identity),
                face_down: identities && !c.face_up,
                asleep: c.asleep_until.is_some(),
                caged_in: c.cage.map(|o| o as u8),
                held_by: c.holder,
                controlled_by: c.controller,
                shuttle: match c.place {
                    Place::Shuttle(n) => Some(n),
                    _ => None,
                },
                iced: c.iced,
            })
        })
        .collect();
    counters.sort_by_key(|c| c.id);
    let count = |place: Place| s.counters.iter().filter(|c| c.place == place).count() as u8;
    View {
        scenario: s.scenario.id().to_owned(),
        turn: s.turn,
        turn_limit: s.turn_limit,
        phase: s.phase,
        prompt: match s.step {
            Step::SetUp => Prompt::SetUp {},
            Step::CrewMovement => Prompt::CrewMovement {},
            Step::CrewActions(room) => Prompt::CrewActions { room },
            Step::SelfDefence {
                room,
                intruder,
                target,
                ..
            } => Prompt::SelfDefence {
                room,
                intruder: s.counters[intruder].id,
                target,
            },
            Step::IntruderMovement => Prompt::IntruderMovement {},
            Step::IntruderDestruction => Prompt::IntruderDestruction {},
            Step::IntruderAttack { room, intruder, .. } => Prompt::IntruderAttack {
                room,
                intruder: s.counters[intruder].id,
            },
            Step::ShuttleActions { shuttle } => Prompt::ShuttleActions { shuttle },
            Step::ShuttleDefence {
                shuttle,
                intruder,
                target,
            } => Prompt::ShuttleDefence {
                shuttle,
                intruder: s.counters[intruder].id,
                target,
            },
            Step::ShuttleAttack { shuttle, intruder } => Prompt::ShuttleAttack {
                shuttle,
                intruder: s.counters[intruder].id,
            },
            Step::Over => Prompt::Over {},
        },
        stage: s.stage,
        known_powers: s.known.clone(),
        unknown_powers: s.unknown_powers(),
        crew: CREW
            .iter()
            .map(|&crewman| {
                let c = s.crewman(crewman);
                CrewView {
                    crewman,
                    room: c.room,
                    alive: c.alive,
                    mp: c.mp,
                    acted: c.acted,
                    bears: c.bears.map(|o| o as u8),
                    aboard: c.aboard,
                    lost: c.lost.is_some(),
                }
            })
            .collect(),
        objects: s
            .objects
            .iter()
            .enumerate()
            .map(|(id, o)| ObjectView {
                id: id as u8,
                kind: o.kind,
                place: o.place,
            })
            .collect(),
        counters,
        not_used: count(Place::NotUsed),
        dummies_discovered: count(Place::DummiesDiscovered),
        clones_not_yet_in_play: count(Place::ClonesNotYetInPlay),
        intruders_killed: s.killed,
        intruders_captured: s.captured_total(),
        caged_lab_animals: count(Place::CagedLabAnimals),
        frozen: count(Place::Frozen),
        unlocked: s.unlocked.clone(),
        self_destruct: s.self_destruct,
        shuttles: shuttles(s),
        score: s.score(),
        ready: s.orders.iter().map(|(seat, _)| *seat).collect(),
        // Orders given are seen by their seat alone until executed (17.3).
        orders: s
            .orders
            .iter()
            .find(|(seat, _)| viewer == Viewer::Seat(*seat))
            .map(|(_, orders)| orders.clone()),
        set_up: if s.turn <= set_up_turn(s) {
            s.set_up.clone()
        } else {
            Vec::new()
        },
    }
}

/// The last turn the set-up played in (a panic may begin turn 2 before the first decision;
/// Return to Prometheus sets up before turn 1). Its events explain the frames up to the end of
/// that turn; after it every frame has its own, and a replay's initial view keeps them.
fn set_up_turn(s: &State) -> u32 {
    let begun = s.set_up.iter().filter_map(|e| match e {
        Event::PhaseBegun { turn, .. } => Some(*turn),
        _ => None,
    });
    begun.max().unwrap_or(0).max(1)
}

/// Every Shuttle: docked or gone, with who and what is aboard and the stowaway (face up aboard).
fn shuttles(s: &State) -> Vec<ShuttleView> {
    (1..)
        .zip(docks(s))
        .map(|(n, &dock)| {
            let shuttle = &s.shuttles[usize::from(n - 1)];
            ShuttleView {
                shuttle: n,
                dock,
                left: shuttle.left,
                crew: CREW
                    .into_iter()
                    .filter(|&c| s.crewman(c).aboard == Some(n))
                    .collect(),
                objects: (0..s.objects.len())
                    .filter(|&o| s.object_shuttle(o) == Some(n))
                    .map(|o| o as u8)
                    .collect(),
                intruder: s
                    .counters
                    .iter()
                    .find(|c| c.place == Place::Shuttle(n) && c.face_up)
                    .map(|c| c.id),
                prepared: shuttle.prepared.is_some(),
            }
        })
        .collect()
}

/// Face-down counters are named only by opaque id, so only a crew seat's orders are secret
/// (17.3): others learn that they were given, not what they are.
pub fn conceal(event: &Event) -> Event {
    let mut event = event.clone();
    if let Event::OrdersGiven { orders, .. } = &mut event {
        *orders = None;
    }
    event
}
