//! The checks of rules 3.4, in their order, after every shot and at the end of each round.

use xenotable_protocol::away_team::FigureState;

use super::encounter::Objective;
use super::objectives;
use super::state::{Ending, State};

/// How the encounter ends now, if it does. `round_over`: the end-of-round checks.
pub fn check(s: &State, round_over: bool) -> Option<Ending> {
    let e = &s.encounter;
    if s.captain()
        .is_some_and(|c| s.crew[c].state == FigureState::Killed)
    {
        return Some(Ending::Lost("the Captain was killed".into()));
    }
    if e.hostility_limit > 0 && s.hostility >= e.hostility_limit {
        return Some(Ending::Lost(format!(
            "Hostility reached {} (limit {})",
            s.hostility, e.hostility_limit
        )));
    }
    if let Objective::NeutraliseGroup {
        group,
        capture: true,
    } = e.objective
        && s.aliens
            .iter()
            .any(|a| a.group == group && a.state == FigureState::Killed)
    {
        return Some(Ending::Lost(format!(
            "one of the {} was killed, not captured",
            e.groups[group].name
        )));
    }
    if objectives::met(s, round_over) {
        return Some(Ending::Won("the objective is met".into()));
    }
    if s.active_crew().is_empty() {
        return Some(Ending::Lost("every crew member is out".into()));
    }
    let survive = matches!(e.objective, Objective::Survive { .. });
    if round_over && !survive && s.round >= e.max_rounds {
        return Some(Ending::Lost(format!(
            "round {} ended without the objective",
            s.round
        )));
    }
    None
}
