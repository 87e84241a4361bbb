//! Hidden information: what the crew and spectators see does not depend on the identities of
//! face-down counters or of the Not Used box; the Intruder seat sees them (rules 18).

use xenotable_protocol::Seat;

use super::super::scenario::SCENARIOS;
use super::super::state::{Place, State};
use super::super::{Intruder, Scenario, new_state};
use super::properties::random_turn;
use crate::games::{Dice, Game, Viewer};

fn views(s: &State) -> [String; 7] {
    [
        Viewer::Seat(Seat::Crew),
        Viewer::Seat(Seat::Science),
        Viewer::Seat(Seat::Command),
        Viewer::Seat(Seat::Team(1)),
        Viewer::Seat(Seat::Team(2)),
        Viewer::Seat(Seat::Team(3)),
        Viewer::Spectator,
    ]
    .map(|v| serde_json::to_string(&Intruder::view(s, v)).expect("a view serializes"))
}

/// Every pair of hidden counters (face down on the map, or in the Not Used box) with different
/// identities.
fn hidden_pairs(s: &State) -> Vec<(usize, usize)> {
    let hidden: Vec<usize> = (0..s.counters.len())
        .filter(|&k| {
            let c = &s.counters[k];
            matches!(c.place, Place::Map(_) | Place::NotUsed) && !c.face_up
        })
        .collect();
    let mut pairs = Vec::new();
    for (n, &a) in hidden.iter().enumerate() {
        for &b in &hidden[n + 1..] {
            if s.counters[a].identity != s.counters[b].identity {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// `s` with the identities of counters `a` and `b` exchanged.
fn swapped(s: &State, (a, b): (usize, usize)) -> State {
    let mut swapped = s.clone();
    swapped.counters[a].identity = s.counters[b].identity;
    swapped.counters[b].identity = s.counters[a].identity;
    swapped
}

fn view_of(s: &State, viewer: Viewer) -> String {
    serde_json::to_string(&Intruder::view(s, viewer)).expect("a view serializes")
}

#[test]
fn swapping_two_hidden_identities_changes_no_crew_or_spectator_view() {
    for scenario in SCENARIOS.into_iter().filter(|s| s.playable()) {
        let mut checked = 0;
        for seed in 0..20 {
            let mut dice = Dice::from_seed(seed);
            let mut choices = Dice::from_seed(seed + 500);
            let mut s = new_state(scenario, 30, &mut dice);
            for _ in 0..60 {
                let before = views(&s);
                for pair in hidden_pairs(&s) {
                    assert_eq!(views(&swapped(&s, pair)), before, "seed {seed}");
                    checked += 1;
                }
                let Some((seat, action)) = random_turn(&s, &mut choices) else {
                    break;
                };
                Intruder::apply(&mut s, seat, &action, &mut dice).expect("legal");
            }
        }
        assert!(checked > 1000, "{checked} swaps checked");
    }
}

#[test]
fn the_intruder_seat_and_an_omniscient_viewer_see_the_identities() {
    let mut dice = Dice::from_seed(3);
    let s = new_state(Scenario::Intelligent, 30, &mut dice);
    for pair in hidden_pairs(&s) {
        for viewer in [Viewer::Seat(Seat::Intruder), Viewer::Omniscient] {
            assert_ne!(view_of(&swapped(&s, pair), viewer), view_of(&s, viewer));
        }
    }
    let not_used = s
        .counters
        .iter()
        .filter(|c| c.place == Place::NotUsed)
        .count();
    let listed = |viewer| {
        Intruder::view(&s, viewer)
            .counters
            .iter()
            .filter(|c| c.room.is_none())
            .count()
    };
    assert_eq!(listed(Viewer::Seat(Seat::Intruder)), not_used);
    assert_eq!(listed(Viewer::Seat(Seat::Crew)), 0);
}
