//! What a Derelict bot believes: the whole state, rebuilt from its view. Derelict hides
//! nothing (rules 13), so there is one world to believe in; the view leaves out only
//! bookkeeping no seat is shown, which gets its neutral value here: the alien's turns in a
//! row (3.2) and an unfinished sustained-fire sequence (6.2) start afresh, the marine clock's
//! scenario timer is the view's turn length, and room-typing (1.3) is read from the board as
//! it is now (doors opened or destroyed since the start can differ). No I/O.

use xenotable_protocol::derelict::{Facing, ModelId, Role, Square, Status, View};

use super::board::{Board, pos};
use super::scenario::{AlienPool, Map, Timer};
use super::state::{Activation, Kind, Model, Rules, State};

/// The state `view` shows, or `None` if the view does not describe a board.
pub fn believe(view: &View) -> Option<State> {
    let rows: Vec<&str> = view.rows.iter().map(String::as_str).collect();
    let mut board = Board::new(&Map::from_rows(&rows)?);
    let mut models: Vec<Model> = view
        .marines
        .iter()
        .map(|m| Model {
            id: m.id,
            kind: Kind::Marine(m.role),
            status: m.status,
            at: m.at.unwrap_or(Square::new(0, 0)),
            facing: m.facing.unwrap_or(Facing::N),
            faced: m.at.is_some(),
            acted: m.acted,
            overwatch: m.overwatch,
            jammed: m.jammed,
            shots: m.flamer.map_or(0, |f| f.shots),
            reloads: m.flamer.map_or(0, |f| f.reloads),
        })
        .collect();
    // A marine deployed but not yet faced is on the board but not shown there: he waits.
    for m in &mut models {
        if m.status == Status::OnBoard && !m.faced {
            m.status = Status::Waiting;
        }
    }
    let squad = models.len();
    // Aliens keep their ids a1, a2, ... in the order they came; the dead are not shown, so
    // they come back as dead placeholders in their numbers.
    let highest = view
        .aliens
        .iter()
        .filter_map(|a| match a.id {
            ModelId::Alien(n) => Some(n),
            ModelId::Marine(_) => None,
        })
        .max()
        .unwrap_or(0);
    let aliens_ever = u32::from(highest).max(view.aliens.len() as u32 + view.aliens_killed);
    for n in 1..=aliens_ever {
        let id = ModelId::Alien(u16::try_from(n).ok()?);
        let shown = view.aliens.iter().find(|a| a.id == id);
        models.push(Model {
            id,
            kind: Kind::Alien,
            status: if shown.is_some() {
                Status::OnBoard
            } else {
                Status::Dead
            },
            at: shown.map_or(Square::new(0, 0), |a| a.at),
            facing: shown.and_then(|a| a.facing).unwrap_or(Facing::N),
            faced: shown.is_some_and(|a| a.facing.is_some()),
            acted: shown.is_some_and(|a| a.acted),
            overwatch: false,
            jammed: false,
            shots: 0,
            reloads: 0,
        });
    }
    for (k, m) in models.iter().enumerate() {
        if m.status == Status::OnBoard {
            board.put(pos(m.at), k);
        }
    }
    let active = match (view.active, view.ap) {
        (Some(id), Some(ap)) => Some(Activation {
            model: models.iter().position(|m| m.id == id)?,
            ap,
            turns_in_row: 0,
            sequence: None,
        }),
        _ => None,
    };
    let flamer_reloads = view
        .marines
        .iter()
        .filter(|m| m.role == Role::Flamer)
        .find_map(|m| m.flamer.map(|f| f.reloads))
        .unwrap_or(0);
    let turn_seconds = view.turn_seconds.unwrap_or(0);
    Some(State {
        title: view.title.clone(),
        rules: Rules {
            reinforcements: view.reinforcements,
            exit_needed: view.exit_needed,
            turn_limit: view.turn_limit,
            timer: Timer {
                base: u16::try_from(turn_seconds).unwrap_or(u16::MAX).max(1),
                per_sergeant: 0,
            },
            overwatch_range: view.overwatch_range,
            flamer_reloads,
        },
        board,
        models,
        squad,
        phase: view.phase,
        turn: view.turn,
        active,
        arrivals: view.arrivals,
        pool: view.pool.map_or(AlienPool::Unlimited, AlienPool::Limited),
        escaped: view.escaped,
        aliens_killed: view.aliens_killed,
        turn_seconds,
        outcome: None,
    })
}
