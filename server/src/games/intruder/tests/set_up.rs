//! Every die is public (rules 18), the set-up's too: what the set-up played before the first
//! decision (the first turn's automatic phases, or Return to Prometheus' power rolls and
//! movements) is told in every view, the replay's included.

use std::collections::HashMap;

use xenotable_protocol::intruder::{Event, Power};

use super::super::scenario::SCENARIOS;
use super::super::state::Place;
use super::super::{Intruder, Scenario};
use super::properties::random_turn;
use super::support::setup;
use crate::games::{Dice, Game, Viewer};

#[test]
fn every_set_up_die_is_told_to_every_viewer_and_explains_the_first_frame() {
    let (mut deaths, mut reveals, mut moves) = (0, 0, 0);
    for scenario in SCENARIOS {
        for seed in 0..300 {
            let s = setup(scenario, 100, false, &mut Dice::from_seed(seed));
            let told = Intruder::view(&s, Viewer::Omniscient).set_up;
            let viewers = scenario
                .seats()
                .iter()
                .map(|&seat| Viewer::Seat(seat))
                .chain([Viewer::Spectator]);
            for viewer in viewers {
                assert_eq!(Intruder::view(&s, viewer).set_up, told, "{viewer:?}");
            }
            // Nobody is dead, nothing is face up, no power is known without its die told.
            for (c, crew) in super::super::state::CREW.iter().zip(&s.crew) {
                if !crew.alive {
                    deaths += 1;
                    assert!(told.contains(&Event::CrewmanDied { crewman: *c }), "{seed}");
                }
            }
            for c in s.counters.iter().filter(|c| c.face_up) {
                reveals += 1;
                assert!(
                    told.iter().any(|e| matches!(
                        e,
                        Event::Revealed { id, identity, .. } if *id == c.id && *identity == c.identity
                    )),
                    "{seed}: {} is face up",
                    c.id
                );
            }
            let found: Vec<Power> = told
                .iter()
                .filter_map(|e| match e {
                    Event::PowerFound { power, .. } => Some(*power),
                    _ => None,
                })
                .collect();
            assert_eq!(found, s.known, "{scenario:?} {seed}");
            // Each counter on the map stands where its last told move left it.
            let mut last: HashMap<u32, _> = HashMap::new();
            for e in &told {
                if let Event::CounterMoved { id, to, from, .. } = e {
                    moves += 1;
                    last.insert(*id, to.unwrap_or(*from));
                }
            }
            for c in &s.counters {
                if let (Place::Map(room), Some(&moved_to)) = (c.place, last.get(&c.id)) {
                    assert_eq!(room, moved_to, "{seed}: counter {}", c.id);
                }
            }
            if scenario.is_return() && !scenario.intruder_seat() {
                let on_map = s
                    .counters
                    .iter()
                    .filter(|c| matches!(c.place, Place::Map(_)))
                    .count();
                assert_eq!(
                    last.len(),
                    on_map,
                    "every counter made its set-up movements"
                );
            }
            if scenario.intruder_seat() && !scenario.is_return() {
                assert!(told.iter().all(|e| matches!(e, Event::PhaseBegun { .. })));
            }
        }
    }
    assert!(
        deaths > 0 && reveals > 0 && moves > 0,
        "{deaths} {reveals} {moves}"
    );
}

#[test]
fn the_set_up_is_told_until_the_turn_after_it_begins() {
    let mut panics = 0;
    for scenario in [Scenario::Solitaire, Scenario::Return] {
        for seed in 0..300 {
            let mut dice = Dice::from_seed(seed);
            let mut choices = Dice::from_seed(seed + 1);
            let mut s = setup(scenario, 100, false, &mut dice);
            let told = s.set_up.clone();
            assert!(!told.is_empty());
            // A panic during the set-up begins turn 2 before the crew's first decision.
            let last = s.turn.max(1);
            panics += usize::from(last > 1);
            while s.turn <= last + 1 && s.ending.is_none() {
                let shown = Intruder::view(&s, Viewer::Spectator).set_up;
                assert_eq!(shown.is_empty(), s.turn > last, "{seed}: turn {}", s.turn);
                let (seat, action) = random_turn(&s, &mut choices).expect("not over yet");
                Intruder::apply(&mut s, seat, &action, &mut dice).expect("legal");
            }
        }
    }
    assert!(panics > 0);
}
