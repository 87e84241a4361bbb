//! Hidden information: what the crew and spectators see does not depend on the identities of
//! face-down counters or of the Not Used box.

use xenotable_protocol::Seat;

use super::super::state::{Place, State};
use super::super::{Intruder, Scenario, new_state};
use super::properties::pick;
use crate::games::{Dice, Game, Viewer};

fn views(s: &State) -> [String; 2] {
    [Viewer::Seat(Seat::Crew), Viewer::Spectator]
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

#[test]
fn swapping_two_hidden_identities_changes_no_crew_or_spectator_view() {
    let mut checked = 0;
    for seed in 0..20 {
        let mut dice = Dice::from_seed(seed);
        let mut choices = Dice::from_seed(seed + 500);
        let mut s = new_state(Scenario::Solitaire, 30, &mut dice);
        for _ in 0..60 {
            let before = views(&s);
            for (a, b) in hidden_pairs(&s) {
                let mut swapped = s.clone();
                let identity = swapped.counters[a].identity;
                swapped.counters[a].identity = swapped.counters[b].identity;
                swapped.counters[b].identity = identity;
                assert_eq!(views(&swapped), before, "seed {seed}");
                checked += 1;
            }
            let legal = Intruder::legal_actions(&s, Seat::Crew);
            if legal.is_empty() {
                break;
            }
            let action = pick(&legal, &mut choices);
            Intruder::apply(&mut s, Seat::Crew, &action, &mut dice).expect("legal");
        }
    }
    assert!(checked > 1000, "{checked} swaps checked");
}

#[test]
fn an_omniscient_viewer_sees_the_identities() {
    let mut dice = Dice::from_seed(3);
    let s = new_state(Scenario::Solitaire, 30, &mut dice);
    let (a, b) = hidden_pairs(&s)[0];
    let id = |s: &State| serde_json::to_string(&Intruder::view(s, Viewer::Omniscient)).unwrap();
    let mut relabelled = s.clone();
    relabelled.counters[a].identity = s.counters[b].identity;
    relabelled.counters[b].identity = s.counters[a].identity;
    assert_ne!(id(&relabelled), id(&s));
}
