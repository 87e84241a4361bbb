//! Hidden information: what the crew and spectators see does not depend on the identities of
//! face-down counters or of the Not Used box; the Intruder seat sees them (rules 18).

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{Action, Identity};

use super::super::scenario::SCENARIOS;
use super::super::state::{Place, State};
use super::super::{Intruder, Scenario};
use super::properties::random_turn;
use super::support::setup;
use crate::games::{Dice, Game, Viewer};

fn views(s: &State) -> [String; 4] {
    [
        Viewer::Seat(Seat::Crew),
        Viewer::Seat(Seat::Science),
        Viewer::Seat(Seat::Command),
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

/// `s` with the identities of counters `a` and `b` exchanged (a lost crewman hidden as one is
/// then hidden as the other).
fn swapped(s: &State, (a, b): (usize, usize)) -> State {
    let mut swapped = s.clone();
    swapped.counters[a].identity = s.counters[b].identity;
    swapped.counters[b].identity = s.counters[a].identity;
    for c in &mut swapped.crew {
        c.lost = c.lost.map(|k| match k {
            k if k == a => b,
            k if k == b => a,
            k => k,
        });
    }
    swapped
}

fn view_of(s: &State, viewer: Viewer) -> String {
    serde_json::to_string(&Intruder::view(s, viewer)).expect("a view serializes")
}

/// Plays `games` random games of `scenario` for up to `steps` actions each and checks that
/// swapping the identities of any pair of hidden counters that `pairs` picks changes no crew or
/// spectator view; returns the number of swaps checked.
fn swaps_checked(
    scenario: Scenario,
    lost_crewmen: bool,
    (games, steps): (u64, usize),
    pairs: impl Fn(&State) -> Vec<(usize, usize)>,
) -> usize {
    let mut checked = 0;
    for seed in 0..games {
        let mut dice = Dice::from_seed(seed);
        let mut choices = Dice::from_seed(seed + 500);
        let mut s = setup(scenario, 30, lost_crewmen, &mut dice);
        for _ in 0..steps {
            let pairs = pairs(&s);
            if !pairs.is_empty() {
                let before = views(&s);
                for pair in pairs {
                    assert_eq!(views(&swapped(&s, pair)), before, "seed {seed}");
                    checked += 1;
                }
            }
            let Some((seat, action)) = random_turn(&s, &mut choices) else {
                break;
            };
            Intruder::apply(&mut s, seat, &action, &mut dice).expect("legal");
        }
    }
    checked
}

#[test]
fn swapping_two_hidden_identities_changes_no_crew_or_spectator_view() {
    for scenario in SCENARIOS.into_iter().filter(|s| s.playable()) {
        let checked = swaps_checked(scenario, false, (20, 60), hidden_pairs);
        assert!(checked > 1000, "{checked} swaps checked");
    }
}

#[test]
fn a_lost_crewmans_counter_is_like_any_other_face_down_counter_to_crew_and_spectators() {
    let lost = |s: &State| {
        let mut pairs = hidden_pairs(s);
        pairs.retain(|&(a, b)| {
            [a, b]
                .iter()
                .any(|&k| s.counters[k].identity == Identity::LostCrewman)
        });
        pairs
    };
    for scenario in [Scenario::Solitaire, Scenario::ScienceOfficer] {
        let checked = swaps_checked(scenario, true, (40, 300), lost);
        assert!(checked > 100, "{scenario:?}: {checked} swaps checked");
    }
}

#[test]
fn before_the_stowaway_roll_no_view_tells_which_face_down_counter_is_the_intruder() {
    // Whenever a Shuttle may leave, the Intruder's counter swapped with any other face-down
    // one: what the crew and spectators see is the same (15.2: the roll alone turns it up).
    let may_leave = |s: &State| {
        let leaving = Intruder::legal_actions(s, Seat::Crew)
            .iter()
            .any(|a| matches!(a, Action::LeaveInShuttle { .. }));
        let mut pairs = if leaving { hidden_pairs(s) } else { Vec::new() };
        pairs.retain(|&(a, b)| {
            [a, b]
                .iter()
                .any(|&k| s.counters[k].identity == Identity::Intruder)
        });
        pairs
    };
    let checked = swaps_checked(Scenario::Solitaire, false, (150, 5000), may_leave);
    assert!(checked > 50, "{checked} swaps checked");
}

#[test]
fn the_intruder_seat_and_an_omniscient_viewer_see_the_identities() {
    let mut dice = Dice::from_seed(3);
    let s = setup(Scenario::Intelligent, 30, false, &mut dice);
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
