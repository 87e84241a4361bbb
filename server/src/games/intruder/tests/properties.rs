//! Random games with pinned seeds: they end, and the invariants hold at every step.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Event, Identity, ObjectKind, ObjectPlace, Power, Room,
};

use super::super::act::{load, may_carry};
use super::super::state::{CREW, Place, State};
use super::super::tables::chart;
use super::super::{Intruder, new_state};
use crate::games::{Dice, Game};

/// The crewman an action names, if any.
fn actor(action: &Action) -> Option<Crewman> {
    match action {
        Action::Move { crewman, .. }
        | Action::PickUp { crewman, .. }
        | Action::Drop { crewman, .. }
        | Action::Unlock { crewman, .. }
        | Action::Attack { crewman, .. }
        | Action::Defend { crewman, .. }
        | Action::StartSelfDestruct { crewman }
        | Action::StopSelfDestruct { crewman }
        | Action::Inventory { crewman }
        | Action::OpenAirlock { crewman }
        | Action::CatchLabAnimal { crewman, .. }
        | Action::Release { crewman }
        | Action::CageLabAnimal { crewman, .. }
        | Action::TransferLabAnimal { crewman, .. }
        | Action::CageIntruder { crewman, .. }
        | Action::GainControl { crewman, .. }
        | Action::MoveWithIntruder { crewman, .. }
        | Action::TurnOnFreezer { crewman }
        | Action::ConstructWeapon { crewman, .. } => Some(*crewman),
        Action::EndMovement {}
        | Action::NoDefence {}
        | Action::EndActions {}
        | Action::CarryCage { .. } => None,
    }
}

/// The crewmen an action sets moving or acting.
fn actors(s: &State, action: &Action) -> Vec<Crewman> {
    match action {
        Action::CarryCage { cage, .. } => s.carriers(usize::from(*cage)),
        other => actor(other).into_iter().collect(),
    }
}

/// A random legal action, ending steps often so that games move on.
pub fn pick(legal: &[Action], dice: &mut Dice) -> Action {
    let ender = legal
        .iter()
        .find(|a| matches!(a, Action::EndMovement {} | Action::EndActions {}));
    match ender {
        Some(end) if dice.below(4) == 0 => end.clone(),
        _ => legal[dice.index(legal.len())].clone(),
    }
}

fn check_invariants(s: &State) {
    assert_eq!(s.objects.len(), 19, "objects are conserved");
    assert_eq!(s.counters.len(), 17, "counters are conserved");
    let of = |identity| s.counters.iter().filter(|c| c.identity == identity).count();
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
    let mut ids: Vec<u32> = s.counters.iter().map(|c| c.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 17, "opaque ids are unique");
}

/// Caged counters are where their Cage is, held and controlled ones with their living holder or
/// controller; a caged Intruder's Cage lies with its carriers; no panic left an Intruder caged
/// and a panic together.
fn check_capture(s: &State) {
    for (k, c) in s.counters.iter().enumerate() {
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

/// Plays one random game to its end; returns the number of actions and the final state.
fn random_game(seed: u64) -> (usize, State) {
    let mut dice = Dice::from_seed(seed);
    let mut choices = Dice::from_seed(seed ^ 0x5eed);
    let mut s = new_state(30, &mut dice);
    let mut actions = 0;
    loop {
        check_invariants(&s);
        let legal = Intruder::legal_actions(&s, Seat::Crew);
        if legal.is_empty() {
            assert!(
                Intruder::outcome(&s).is_some(),
                "no legal action only at the end"
            );
            return (actions, s);
        }
        for a in &legal {
            for c in actors(&s, a) {
                assert!(s.crewman(c).alive, "dead crew never act: {a:?}");
            }
        }
        let action = pick(&legal, &mut choices);
        Intruder::apply(&mut s, Seat::Crew, &action, &mut dice).expect("a legal action applies");
        actions += 1;
        assert!(actions < 200_000, "the game ends");
    }
}

#[test]
fn random_games_end_and_keep_every_invariant() {
    for seed in 0..1500 {
        let (_, s) = random_game(seed);
        assert!(s.ending.is_some());
        assert!(s.turn <= 30);
    }
}

#[test]
fn every_legal_action_applies_and_others_are_refused_without_change() {
    let mut dice = Dice::from_seed(11);
    let mut choices = Dice::from_seed(12);
    let mut s = new_state(20, &mut dice);
    let probes = [
        Action::EndMovement {},
        Action::EndActions {},
        Action::NoDefence {},
        Action::Move {
            crewman: Crewman::C1,
            to: Room::Arm,
        },
        Action::PickUp {
            crewman: Crewman::S3,
            object: 200,
        },
    ];
    for _ in 0..400 {
        let legal = Intruder::legal_actions(&s, Seat::Crew);
        if legal.is_empty() {
            break;
        }
        for a in &legal {
            let mut copy = s.clone();
            let mut d = dice.clone();
            assert!(
                Intruder::apply(&mut copy, Seat::Crew, a, &mut d).is_ok(),
                "{a:?}"
            );
        }
        for a in probes.iter().filter(|a| !legal.contains(a)) {
            let mut copy = s.clone();
            let mut d = dice.clone();
            assert!(
                Intruder::apply(&mut copy, Seat::Crew, a, &mut d).is_err(),
                "{a:?}"
            );
            assert_eq!(copy, s, "a refusal changes nothing");
        }
        let action = pick(&legal, &mut choices);
        Intruder::apply(&mut s, Seat::Crew, &action, &mut dice).expect("a legal action applies");
    }
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    let (n1, a) = random_game(77);
    let (n2, b) = random_game(77);
    assert_eq!(n1, n2);
    assert_eq!(a, b);
}

#[test]
fn no_opaque_id_survives_a_panic() {
    let mut panics = 0;
    for seed in 0..60 {
        let mut seen: Vec<u32> = Vec::new();
        play_out(seed, seed + 1000, |s, told| {
            for event in told {
                if let Event::Panic { placed } = event {
                    panics += 1;
                    assert!(placed.iter().all(|(id, _)| !seen.contains(id)));
                }
            }
            seen.extend(s.counters.iter().map(|c| c.id));
        });
    }
    assert!(panics > 0, "the seeds include panics");
}

/// Plays a random game to its end, showing `step` the state before the game and after each
/// action with what that action told.
fn play_out(seed: u64, choice_seed: u64, mut step: impl FnMut(&State, &[Event])) {
    let mut dice = Dice::from_seed(seed);
    let mut choices = Dice::from_seed(choice_seed);
    let mut s = new_state(30, &mut dice);
    step(&s, &[]);
    while s.ending.is_none() {
        let legal = Intruder::legal_actions(&s, Seat::Crew);
        let action = pick(&legal, &mut choices);
        let told: Vec<Event> = Intruder::apply(&mut s, Seat::Crew, &action, &mut dice)
            .expect("a legal action applies")
            .into_iter()
            .map(|t| t.event)
            .collect();
        step(&s, &told);
    }
}

#[test]
fn random_games_catch_cage_release_and_transfer_lab_animals_and_build_weapons() {
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..300 {
        play_out(seed, seed + 3000, |_, told| {
            for event in told {
                let kind = match event {
                    Event::CatchRoll { caught: true, .. } => "caught",
                    Event::LabAnimalCaged { .. } => "animal caged",
                    Event::LabAnimalTransferred { .. } => "transferred",
                    Event::CageOpened { .. } => "opened by the Intruder",
                    Event::Released { .. } => "released",
                    Event::WeaponConstructed { .. } => "weapon worked on",
                    _ => continue,
                };
                *seen.entry(kind).or_insert(0) += 1;
            }
        });
    }
    assert_eq!(seen.len(), 6, "{seen:?}");
}
