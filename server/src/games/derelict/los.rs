//! Fire arc and line of sight (rules section 5), in integer arithmetic only, so every
//! implementation gives the same answer. No I/O.

use xenotable_protocol::derelict::Facing;

use super::board::{Board, Pos, relative};

/// A marine looking: where he stands, where he faces, and a square to treat as empty (the one
/// he just stepped off, for the shot of a step with a shot).
#[derive(Debug, Clone, Copy)]
pub struct Viewer {
    pub at: Pos,
    pub facing: Facing,
    pub vacated: Option<Pos>,
}

impl Viewer {
    pub fn new(at: Pos, facing: Facing) -> Viewer {
        Viewer {
            at,
            facing,
            vacated: None,
        }
    }
}

/// `visible(viewer, target, range)` of 5.2; `range` `None` is unlimited.
pub fn visible(board: &Board, viewer: Viewer, target: Pos, range: Option<i32>) -> bool {
    let p = viewer.at;
    let (f, l) = relative(p, viewer.facing, target);
    // 1. Arc (f ≥ 1 also rules out T = P) and 2. range.
    if f < 1 || l.abs() > f || range.is_some_and(|r| f > r) {
        return false;
    }
    // 3. From a corridor-type square only straight ahead, or into a room.
    if l != 0 && !board.is_room(p) && !board.is_room(target) {
        return false;
    }
    line_is_clear(board, viewer, target)
}

/// 5.2 point 4: no crossed square blocks and no grazed corner has both side squares blocking.
fn line_is_clear(board: &Board, viewer: Viewer, t: Pos) -> bool {
    let p = viewer.at;
    let blocks = |q: Pos| q != p && q != t && Some(q) != viewer.vacated && board.blocks_sight(q);
    let (ax, ay) = (2 * p.0 + 1, 2 * p.1 + 1);
    let (bx, by) = (2 * t.0 + 1, 2 * t.1 + 1);
    let (dx, dy) = (bx - ax, by - ay);
    let cross = |qx: i32, qy: i32| dx * (qy - ay) - dy * (qx - ax);
    let (x0, x1) = (p.0.min(t.0), p.0.max(t.0));
    let (y0, y1) = (p.1.min(t.1), p.1.max(t.1));
    // a. Crossed squares: corners on both sides of the line.
    for y in y0..=y1 {
        for x in x0..=x1 {
            let c = cross(2 * x, 2 * y);
            let corners = [c, c - 2 * dy, c + 2 * dx, c + 2 * dx - 2 * dy];
            let crossed = corners.iter().any(|&c| c > 0) && corners.iter().any(|&c| c < 0);
            if crossed && blocks((x, y)) {
                return false;
            }
        }
    }
    // b. Grazed corners: grid points on the line strictly between A and B; they lie inside
    // the box, so only the inner grid points need testing.
    for j in y0 + 1..=y1 {
        for i in x0 + 1..=x1 {
            let (qx, qy) = (2 * i, 2 * j);
            if cross(qx, qy) != 0 {
                continue;
            }
            let after_a = (qx - ax) * dx + (qy - ay) * dy > 0;
            let before_b = (qx - bx) * dx + (qy - by) * dy < 0;
            if !(after_a && before_b) {
                continue;
            }
            let sides = if dx * dy > 0 {
                [(i, j - 1), (i - 1, j)]
            } else {
                [(i - 1, j - 1), (i, j)]
            };
            if sides.iter().all(|&s| blocks(s)) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use xenotable_protocol::derelict::Cell;

    use super::*;
    use crate::games::derelict::board::relative;
    use crate::games::derelict::scenario::Map;

    fn board(rows: &[&str]) -> Board {
        Board::new(&Map::from_rows(rows).expect("a valid map"))
    }

    fn sees(b: &Board, at: Pos, facing: Facing, target: Pos) -> bool {
        visible(b, Viewer::new(at, facing), target, None)
    }

    const ROOM: [&str; 7] = [
        ":::::::", ":::::::", ":::::::", ":::::::", ":::::::", ":::::::", ":::::::",
    ];

    #[test]
    fn sight_passes_over_open_floor() {
        let b = board(&ROOM);
        assert!(sees(&b, (3, 6), Facing::N, (3, 0)));
        assert!(sees(&b, (3, 6), Facing::N, (0, 3)));
        assert!(sees(&b, (3, 6), Facing::N, (5, 4)));
        assert!(sees(&b, (0, 0), Facing::E, (6, 5)));
    }

    #[test]
    fn the_arc_is_the_cone_in_front() {
        let b = board(&ROOM);
        // Row f of the arc holds 2f + 1 squares.
        for f in 1..=3 {
            let row: Vec<i32> = (0..7)
                .filter(|&x| sees(&b, (3, 6), Facing::N, (x, 6 - f)))
                .collect();
            assert_eq!(row.len() as i32, 2 * f + 1, "row f = {f}: {row:?}");
        }
        assert!(!sees(&b, (3, 6), Facing::N, (3, 6)), "own square");
        assert!(!sees(&b, (3, 3), Facing::N, (4, 3)), "beside");
        assert!(!sees(&b, (3, 3), Facing::N, (3, 4)), "behind");
    }

    #[test]
    fn a_range_limits_the_forward_distance() {
        let b = board(&ROOM);
        let viewer = Viewer::new((3, 6), Facing::N);
        assert!(visible(&b, viewer, (0, 3), Some(3)));
        assert!(!visible(&b, viewer, (3, 2), Some(3)));
    }

    #[test]
    fn a_wall_blocks_sight() {
        let mut b = board(&ROOM);
        b.set((3, 3), Cell::Wall);
        assert!(!sees(&b, (3, 6), Facing::N, (3, 0)));
        assert!(
            sees(&b, (3, 6), Facing::N, (3, 3)),
            "the wall itself is in view"
        );
    }

    #[test]
    fn a_closed_door_blocks_sight_and_an_open_one_does_not() {
        let mut b = board(&ROOM);
        b.set((3, 3), Cell::ClosedDoor);
        assert!(!sees(&b, (3, 6), Facing::N, (3, 0)));
        assert!(sees(&b, (3, 6), Facing::N, (3, 3)), "the door is a target");
        b.set((3, 3), Cell::OpenDoor);
        assert!(sees(&b, (3, 6), Facing::N, (3, 0)));
    }

    #[test]
    fn a_model_blocks_sight_but_not_on_the_target_square() {
        let mut b = board(&ROOM);
        b.put((3, 3), 1);
        assert!(!sees(&b, (3, 6), Facing::N, (3, 0)));
        assert!(sees(&b, (3, 6), Facing::N, (3, 3)));
        b.put((3, 6), 0);
        assert!(
            sees(&b, (3, 6), Facing::N, (3, 3)),
            "the viewer's own square"
        );
    }

    #[test]
    fn a_vacated_square_does_not_block() {
        let mut b = board(&ROOM);
        b.put((3, 5), 0);
        let viewer = Viewer {
            at: (3, 6),
            facing: Facing::N,
            vacated: Some((3, 5)),
        };
        assert!(visible(&b, viewer, (3, 0), None));
    }

    #[test]
    fn from_a_corridor_only_straight_ahead_or_into_a_room() {
        // Example 7: corridor column x = 5, a room square at (6, 7) in the second map.
        let corridor = [
            "###.....", "###.....", "###.....", "###.....", "###.....", "###.....", "###.....",
            "###.....", "###.....", "###.....",
        ];
        let b = board(&corridor);
        assert!(
            !sees(&b, (5, 9), Facing::N, (6, 7)),
            "l ≠ 0 from a corridor"
        );
        assert!(sees(&b, (5, 9), Facing::N, (5, 2)), "straight ahead");
        let mut with_room = corridor;
        with_room[7] = "###...:.";
        let b = board(&with_room);
        assert!(b.is_room((6, 7)));
        assert!(sees(&b, (5, 9), Facing::N, (6, 7)), "into a room square");
    }

    #[test]
    fn a_grazed_corner_blocks_only_when_both_sides_block() {
        // Example 6: viewer (1,1) facing E, target (3,3).
        let mut b = board(&ROOM);
        b.set((2, 1), Cell::Wall);
        b.set((1, 2), Cell::Wall);
        assert!(!sees(&b, (1, 1), Facing::E, (3, 3)), "wall and wall");
        b.set((1, 2), Cell::Room);
        assert!(sees(&b, (1, 1), Facing::E, (3, 3)), "one wall only");
        b.put((1, 2), 7);
        assert!(!sees(&b, (1, 1), Facing::E, (3, 3)), "wall and model");
        b.set((2, 1), Cell::Room);
        b.put((2, 1), 8);
        assert!(!sees(&b, (1, 1), Facing::E, (3, 3)), "model and model");
    }

    #[test]
    fn grazed_corners_on_the_other_diagonal_use_the_other_side_squares() {
        // Viewer (1,3) facing E, target (3,1): Dx·Dy < 0. The corner (4,6) in doubled
        // coordinates (i = 2, j = 3) has the side squares (1,2) and (2,3).
        let mut b = board(&ROOM);
        b.set((1, 2), Cell::Wall);
        b.set((2, 3), Cell::Wall);
        assert!(!sees(&b, (1, 3), Facing::E, (3, 1)), "both sides block");
        b.set((2, 3), Cell::Room);
        assert!(sees(&b, (1, 3), Facing::E, (3, 1)), "one side only");
        b.set((2, 2), Cell::Wall);
        assert!(!sees(&b, (1, 3), Facing::E, (3, 1)), "(2,2) is crossed");
    }

    #[test]
    fn a_shallow_line_is_blocked_by_the_squares_it_crosses() {
        let mut b = board(&ROOM);
        // From (0,3) facing E to (6,4): the line crosses (3,3) and (3,4).
        assert!(sees(&b, (0, 3), Facing::E, (6, 4)));
        b.set((3, 4), Cell::Wall);
        assert!(!sees(&b, (0, 3), Facing::E, (6, 4)));
        let mut b = board(&ROOM);
        b.set((2, 4), Cell::Wall);
        assert!(sees(&b, (0, 3), Facing::E, (6, 4)), "(2,4) is not crossed");
    }

    /// A random 9 × 9 board: walls, closed doors and models scattered on room floor.
    fn random_board(dice: &mut crate::games::Dice) -> Board {
        let mut b = board(&[":::::::::"; 9]);
        for y in 0..9 {
            for x in 0..9 {
                match dice.below(8) {
                    0 => b.set((x, y), Cell::Wall),
                    1 => b.set((x, y), Cell::ClosedDoor),
                    2 => b.put((x, y), 0),
                    _ => {}
                }
            }
        }
        b
    }

    #[test]
    fn the_line_test_is_the_same_both_ways() {
        let mut dice = crate::games::Dice::from_seed(55);
        for _ in 0..300 {
            let b = random_board(&mut dice);
            for _ in 0..50 {
                let mut square = || (dice.below(9) as i32, dice.below(9) as i32);
                let (p, t) = (square(), square());
                let there = line_is_clear(&b, Viewer::new(p, Facing::N), t);
                let back = line_is_clear(&b, Viewer::new(t, Facing::N), p);
                assert_eq!(there, back, "{p:?} to {t:?}");
            }
        }
    }

    #[test]
    fn on_an_empty_room_floor_the_whole_arc_is_visible() {
        let b = board(&[":::::::::"; 9]);
        for facing in Facing::ALL {
            for y in 0..9 {
                for x in 0..9 {
                    let (f, l) = relative((4, 4), facing, (x, y));
                    let in_arc = f >= 1 && l.abs() <= f;
                    assert_eq!(
                        sees(&b, (4, 4), facing, (x, y)),
                        in_arc,
                        "{facing:?} ({x},{y})"
                    );
                }
            }
        }
    }
}
