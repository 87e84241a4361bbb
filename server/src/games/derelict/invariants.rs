//! The rules' invariants of every reachable state, as assertions: the property tests check
//! them after every action, and so do the fuzz targets (through the `fuzzing` feature).

use xenotable_protocol::derelict::{Phase, Status};

use super::board::is_floor;
use super::state::{ALIEN_AP, MARINE_AP, State};

/// Panics naming the first invariant `s` breaks: one model per square, on floor, the board and
/// the models agreeing; the active model's AP within its full allowance; escaped + alive + dead
/// = the squad; flamer shots and reloads within bounds; an outcome exactly when it is over.
pub fn check(s: &State) {
    let mut seen = std::collections::HashSet::new();
    for (k, m) in s.models.iter().enumerate() {
        if m.status != Status::OnBoard {
            continue;
        }
        let p = m.pos();
        assert!(seen.insert(p), "two models on {p:?}");
        assert!(
            is_floor(s.board.cell(p)),
            "{} on {:?}",
            m.id,
            s.board.cell(p)
        );
        assert_eq!(s.board.occupant(p), Some(k), "board and {} disagree", m.id);
    }
    for y in 0..s.board.height() {
        for x in 0..s.board.width() {
            if let Some(k) = s.board.occupant((x, y)) {
                assert!(s.models[k].on_board(), "a removed model still on ({x},{y})");
                assert_eq!(s.models[k].pos(), (x, y));
            }
        }
    }
    if let Some(act) = s.active {
        let full = if s.models[act.model].is_marine() {
            MARINE_AP
        } else {
            ALIEN_AP
        };
        assert!(act.ap <= full, "AP {} over {full}", act.ap);
        assert!(s.models[act.model].on_board() && s.models[act.model].acted);
    }
    let count = |status| s.marines().filter(|m| m.status == status).count();
    let (escaped, dead) = (count(Status::Escaped), count(Status::Dead));
    let alive = count(Status::OnBoard) + count(Status::Waiting);
    assert_eq!(
        escaped + alive + dead,
        s.squad,
        "escaped + alive + dead = squad"
    );
    assert_eq!(escaped, usize::from(s.escaped));
    for m in s.marines() {
        assert!(m.shots <= 6 && m.reloads <= s.rules.flamer_reloads);
        assert!(!m.overwatch || m.has_bolter());
    }
    assert_eq!(s.outcome.is_some(), s.phase == Phase::Over);
}
