//! The table as everyone sees it (rules 13: Derelict hides nothing). No I/O.

use xenotable_protocol::derelict::{AlienView, Duties, Duty, Flamer, MarineView, Phase, View};

use super::scenario::AlienPool;
use super::state::{Kind, State};

/// The whole table; the same for every viewer.
pub fn view(s: &State) -> View {
    View {
        title: s.title.clone(),
        rows: s.board.rows(),
        marines: s
            .marines()
            .filter_map(|m| {
                let Kind::Marine(role) = m.kind else {
                    return None;
                };
                let placed = m.faced && m.on_board();
                Some(MarineView {
                    id: m.id,
                    role,
                    status: m.status,
                    at: placed.then_some(m.at),
                    facing: placed.then_some(m.facing),
                    acted: m.acted,
                    overwatch: m.overwatch,
                    jammed: m.jammed,
                    flamer: m.has_flamer().then_some(Flamer {
                        shots: m.shots,
                        reloads: m.reloads,
                    }),
                })
            })
            .collect(),
        aliens: s
            .aliens()
            .filter(|m| m.on_board())
            .map(|m| AlienView {
                id: m.id,
                at: m.at,
                facing: m.faced.then_some(m.facing),
                acted: m.acted,
            })
            .collect(),
        aliens_killed: s.aliens_killed,
        turn: s.turn,
        phase: s.phase,
        duties: duties(s),
        active: s.active.map(|a| s.models[a.model].id),
        ap: s.active.map(|a| a.ap),
        arrivals: s.arrivals,
        pool: match s.pool {
            AlienPool::Limited(left) => Some(left),
            AlienPool::Unlimited => None,
        },
        escaped: s.escaped,
        exit_needed: s.rules.exit_needed,
        turn_seconds: (s.phase == Phase::MarineTurn).then_some(s.turn_seconds),
        turn_limit: s.rules.turn_limit,
        overwatch_range: s.rules.overwatch_range,
        reinforcements: s.rules.reinforcements,
    }
}

/// What each side must do now.
fn duties(s: &State) -> Duties {
    let (marines, aliens) = match s.phase {
        Phase::MarineDeployment => (Duty::Deploy, Duty::Wait),
        Phase::AlienDeployment => (Duty::Wait, Duty::Face),
        Phase::MarineTurn => (Duty::Act, Duty::Wait),
        Phase::AlienTurn if s.arrivals > 0 => (Duty::Wait, Duty::Arrive),
        Phase::AlienTurn => (Duty::Wait, Duty::Act),
        Phase::Over => (Duty::Wait, Duty::Wait),
    };
    Duties { marines, aliens }
}
