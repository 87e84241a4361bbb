//! The heavy flamer (rules 8): its target, its area, friendly fire and ammunition.
//! No I/O; dice only from the match's dice.

use xenotable_protocol::derelict::{Event, Square};

use super::board::{Board, Pos, is_floor, is_solid, pos};
use super::flow::Table;
use super::los::{self, Viewer};
use super::state::State;
use crate::games::{Roll, RuleError};

/// How far the flamer reaches (8.1).
pub const FLAMER_RANGE: i32 = 12;
/// AP of a flamer shot.
pub const FLAME_AP: u8 = 2;
/// AP of a reload.
pub const RELOAD_AP: u8 = 4;
/// A model in the area dies on this roll of 1d6 or more (8.2).
pub const BURN_KILL: u8 = 2;

/// Whether marine `k` may flame `target`: floor or an open door, in sight within 12 squares,
/// with no marine on it (8.1).
pub fn check_target(s: &State, k: usize, target: Square) -> Result<(), RuleError> {
    let m = &s.models[k];
    let t = pos(target);
    if !is_floor(s.board.cell(t)) {
        return Err(RuleError::new(
            "not_floor",
            "the flamer targets a floor or open-door square",
        ));
    }
    if s.board.occupant(t).is_some_and(|o| s.models[o].is_marine()) {
        return Err(RuleError::new(
            "marine_on_target",
            "the flamer may not target a marine's square",
        ));
    }
    if !los::visible(
        &s.board,
        Viewer::new(m.pos(), m.facing),
        t,
        Some(FLAMER_RANGE),
    ) {
        return Err(RuleError::new(
            "not_visible",
            "the target is not in sight within 12 squares",
        ));
    }
    Ok(())
}

/// The area of a flamer shot at `target` fired from `firer`, in ascending (y, x) order: the
/// target and each neighbour that is floor or an open door, a diagonal one only if neither
/// shared orthogonal square is solid; never the firer's own square.
pub fn area(board: &Board, firer: Pos, target: Pos) -> Vec<Square> {
    let mut squares = Vec::with_capacity(9);
    for dy in -1..=1 {
        for dx in -1..=1 {
            let q = (target.0 + dx, target.1 + dy);
            let cut = dx != 0
                && dy != 0
                && (is_solid(board.cell((target.0 + dx, target.1)))
                    || is_solid(board.cell((target.0, target.1 + dy))));
            if q == firer || cut || !is_floor(board.cell(q)) {
                continue;
            }
            if let Some(square) = board.square(q) {
                squares.push(square);
            }
        }
    }
    squares
}

/// Marine `k` flames `target`: one shot spent, every model in the area rolled for.
pub fn flame(t: &mut Table, k: usize, target: Square) {
    let m = t.s.models[k];
    let area = area(&t.s.board, m.pos(), pos(target));
    t.s.models[k].shots -= 1;
    t.tell(Event::Flamed {
        model: m.id,
        target,
        area: area.clone(),
        shots: m.shots - 1,
    });
    for at in area {
        let Some(victim) = t.s.board.occupant(pos(at)) else {
            continue;
        };
        let die = t.dice.d6();
        let killed = die >= BURN_KILL;
        t.tell(Event::Burned {
            model: t.s.models[victim].id,
            at,
            die,
            killed,
        });
        if killed {
            t.kill(victim);
        }
    }
}

#[cfg(test)]
mod tests {
    use xenotable_protocol::derelict::Cell;

    use super::*;
    use crate::games::derelict::scenario::Map;

    #[test]
    fn the_area_is_the_target_and_its_open_neighbours() {
        let board = Board::new(&Map::from_rows(&["#####", "#...#", "#...#", "#...#"]).unwrap());
        let squares = area(&board, (2, 8), (2, 2));
        let expected: Vec<Square> = [
            (1, 1),
            (2, 1),
            (3, 1),
            (1, 2),
            (2, 2),
            (3, 2),
            (1, 3),
            (2, 3),
            (3, 3),
        ]
        .map(|(x, y)| Square::new(x, y))
        .to_vec();
        assert_eq!(squares, expected);
    }

    #[test]
    fn the_area_skips_walls_cut_corners_and_the_firer() {
        let mut board = Board::new(&Map::from_rows(&["....", "....", "...."]).unwrap());
        board.set((2, 0), Cell::Wall);
        board.set((1, 0), Cell::ClosedDoor);
        let squares = area(&board, (1, 2), (1, 1));
        // (1,0) closed door and (2,0) wall are out; (0,0) is cut by the door at (1,0); (2,0) is
        // a wall anyway; the firer's square (1,2) is out.
        let expected: Vec<Square> = [(0, 1), (1, 1), (2, 1), (0, 2), (2, 2)]
            .map(|(x, y)| Square::new(x, y))
            .to_vec();
        assert_eq!(squares, expected);
    }
}
