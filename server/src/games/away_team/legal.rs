//! What each seat may do now: candidates filtered by the same `check` that `apply` runs, so the
//! list and the rules cannot disagree.

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{Action, CrewOrder, Mode};

use super::orders::check;
use super::state::State;

/// Exactly the actions `apply` accepts from `seat` now.
pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    candidates(s, seat)
        .into_iter()
        .filter(|a| check(s, seat, a).is_ok())
        .collect()
}

fn candidates(s: &State, seat: Seat) -> Vec<Action> {
    if s.ending.is_some() || s.locked(seat) {
        return Vec::new();
    }
    let aliens: Vec<String> = (0..s.aliens.len())
        .filter(|&a| s.alien_active(a))
        .map(|a| s.alien_id(a))
        .collect();
    let crew: Vec<String> = s.active_crew().into_iter().map(|c| s.crew_id(c)).collect();
    let mut out = Vec::new();
    match seat {
        Seat::AwayTeam => {
            for c in &crew {
                let fire = aliens.iter().flat_map(|a| {
                    [Mode::Stun, Mode::Kill].map(|mode| CrewOrder::Fire {
                        target: a.clone(),
                        mode,
                    })
                });
                out.extend(
                    std::iter::once(CrewOrder::Hold {})
                        .chain(fire)
                        .map(|order| Action::Order {
                            crew: c.clone(),
                            order,
                        }),
                );
            }
            out.extend([Action::Retreat {}, Action::CancelRetreat {}]);
        }
        Seat::Aliens => {
            for a in s.to_order() {
                out.extend(crew.iter().map(|c| Action::Target {
                    alien: s.alien_id(a),
                    crew: c.clone(),
                }));
            }
            out.push(Action::RollTargets {});
        }
        _ => return Vec::new(),
    }
    out.push(Action::Lock {});
    out
}
