//! The rules' invariants of every reachable state, as assertions: the property tests check
//! them after every action, and so do the fuzz targets (through the `fuzzing` feature).

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::FigureState;

use super::encounter::Objective;
use super::{AwayTeam, State};
use crate::games::Game;

/// Panics naming the first invariant `s` breaks: hostility counts the peaceful aliens killed,
/// the round stays within the encounter's last, only active aliens take orders, an ended match
/// has nobody to act, and a running one has active crew and a living captain.
pub fn check(s: &State) {
    let killed_peaceful = s
        .aliens
        .iter()
        .filter(|a| s.encounter.groups[a.group].peaceful && a.state == FigureState::Killed)
        .count();
    assert_eq!(s.hostility as usize, killed_peaceful);
    let last = match s.encounter.objective {
        Objective::Survive { rounds } => rounds,
        _ => s.encounter.max_rounds,
    };
    assert!(s.round <= last, "round {} past {last}", s.round);
    for a in s.to_order() {
        assert_eq!(s.aliens[a].state, FigureState::Active);
    }
    if s.ending.is_some() {
        assert!(AwayTeam::to_act(s).is_empty());
        for seat in [Seat::AwayTeam, Seat::Aliens] {
            assert!(AwayTeam::legal_actions(s, seat).is_empty());
        }
    } else {
        assert!(!s.active_crew().is_empty());
        assert!(
            s.captain()
                .is_some_and(|c| s.crew[c].state != FigureState::Killed)
        );
    }
}
