//! Objectives (rules 4): when the Away Team has done what it came for.

use xenotable_protocol::away_team::FigureState;

use super::encounter::Objective;
use super::state::State;

/// Whether the objective is met now. `survive` is met only as its last round ends.
pub fn met(s: &State, round_over: bool) -> bool {
    match s.encounter.objective {
        Objective::Neutralise => s
            .aliens
            .iter()
            .filter(|a| !s.encounter.groups[a.group].peaceful || s.provoked[a.group])
            .all(|a| a.state != FigureState::Active),
        Objective::NeutraliseGroup { group, capture } => {
            let mut members = s.aliens.iter().filter(|a| a.group == group);
            if capture {
                members.all(|a| a.state == FigureState::Stunned)
            } else {
                members.all(|a| a.state != FigureState::Active)
            }
        }
        Objective::Survive { rounds } => {
            round_over
                && s.round >= rounds
                && s.captain()
                    .is_some_and(|c| s.crew[c].state != FigureState::Killed)
                && !s.active_crew().is_empty()
        }
    }
}
