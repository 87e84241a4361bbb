//! Steps (rules 3.1–3.3): which directions each side may take, their AP cost, and the legal
//! step (free floor, no corner cutting). No I/O.

use xenotable_protocol::derelict::Facing;

use super::board::{Board, Pos, is_solid, relative};
use crate::games::RuleError;

/// Marines: forward (straight or diagonal) 1 AP, straight back 2 AP; never sideways (3.1).
const MARINE_STEPS: [((i32, i32), u8); 4] = [((1, 0), 1), ((1, 1), 1), ((1, -1), 1), ((-1, 0), 2)];
/// Aliens: forward 1 AP, sideways 2 AP, straight back 2 AP (3.2).
const ALIEN_STEPS: [((i32, i32), u8); 6] = [
    ((1, 0), 1),
    ((1, 1), 1),
    ((1, -1), 1),
    ((0, 1), 2),
    ((0, -1), 2),
    ((-1, 0), 2),
];

/// The steps a model may take, as (forward distance, lateral offset) with their AP cost.
fn steps(marine: bool) -> &'static [((i32, i32), u8)] {
    if marine { &MARINE_STEPS } else { &ALIEN_STEPS }
}

/// The squares a model at `from` facing `facing` might step to, legal or not.
pub fn destinations(marine: bool, from: Pos, facing: Facing) -> impl Iterator<Item = Pos> {
    let (fx, fy) = facing.forward();
    let (rx, ry) = facing.right();
    steps(marine)
        .iter()
        .map(move |&((f, l), _)| (from.0 + f * fx + l * rx, from.1 + f * fy + l * ry))
}

/// The AP cost of a legal step from `from` facing `facing` to `to`.
pub fn check_step(
    board: &Board,
    marine: bool,
    from: Pos,
    facing: Facing,
    to: Pos,
) -> Result<u8, RuleError> {
    let direction = relative(from, facing, to);
    let Some(&(_, cost)) = steps(marine).iter().find(|(d, _)| *d == direction) else {
        return Err(if marine {
            RuleError::new(
                "not_a_step",
                "a marine steps forward, diagonally forward or straight back",
            )
        } else {
            RuleError::new(
                "not_a_step",
                "an alien steps forward, diagonally forward, sideways or straight back",
            )
        });
    };
    if !board.is_free_floor(to) {
        return Err(if board.occupant(to).is_some() {
            RuleError::new("occupied", "a model stands on that square")
        } else {
            RuleError::new("blocked", "that square is not floor or an open door")
        });
    }
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    if dx != 0
        && dy != 0
        && (is_solid(board.cell((to.0, from.1))) || is_solid(board.cell((from.0, to.1))))
    {
        return Err(RuleError::new(
            "corner",
            "a diagonal step may not cut a wall or door corner",
        ));
    }
    Ok(cost)
}

#[cfg(test)]
mod tests {
    use xenotable_protocol::derelict::Cell;

    use super::*;
    use crate::games::derelict::scenario::Map;

    fn board(rows: &[&str]) -> Board {
        Board::new(&Map::from_rows(rows).expect("a valid map"))
    }

    const OPEN: [&str; 7] = [
        ".......", ".......", ".......", ".......", ".......", ".......", ".......",
    ];

    #[test]
    fn marine_steps_cost_one_forward_and_two_back() {
        // Example 1: marine facing N at (3,3).
        let b = board(&OPEN);
        let cost = |to| check_step(&b, true, (3, 3), Facing::N, to).map_err(|r| r.code());
        assert_eq!(cost((3, 2)), Ok(1));
        assert_eq!(cost((2, 2)), Ok(1));
        assert_eq!(cost((4, 2)), Ok(1));
        assert_eq!(cost((3, 4)), Ok(2));
    }

    #[test]
    fn a_marine_never_steps_sideways_or_diagonally_back() {
        let b = board(&OPEN);
        let cost = |to| check_step(&b, true, (3, 3), Facing::N, to).map_err(|r| r.code());
        assert_eq!(cost((4, 3)), Err("not_a_step"));
        assert_eq!(cost((2, 3)), Err("not_a_step"));
        assert_eq!(cost((4, 4)), Err("not_a_step"));
        assert_eq!(cost((2, 4)), Err("not_a_step"));
        assert_eq!(cost((3, 1)), Err("not_a_step"));
    }

    #[test]
    fn alien_steps_cost_one_forward_and_two_sideways_or_back() {
        // Example 3: alien facing N at (3,3).
        let b = board(&OPEN);
        let cost = |to| check_step(&b, false, (3, 3), Facing::N, to).map_err(|r| r.code());
        assert_eq!(cost((4, 3)), Ok(2));
        assert_eq!(cost((2, 3)), Ok(2));
        assert_eq!(cost((3, 4)), Ok(2));
        assert_eq!(cost((4, 2)), Ok(1));
        assert_eq!(cost((2, 2)), Ok(1));
        assert_eq!(cost((3, 2)), Ok(1));
        assert_eq!(cost((4, 4)), Err("not_a_step"));
    }

    #[test]
    fn steps_follow_the_facing() {
        let b = board(&OPEN);
        let cost = |facing, to| check_step(&b, true, (3, 3), facing, to).map_err(|r| r.code());
        assert_eq!(cost(Facing::E, (4, 3)), Ok(1));
        assert_eq!(cost(Facing::E, (4, 4)), Ok(1));
        assert_eq!(cost(Facing::E, (2, 3)), Ok(2));
        assert_eq!(cost(Facing::S, (3, 4)), Ok(1));
        assert_eq!(cost(Facing::W, (2, 2)), Ok(1));
        assert_eq!(cost(Facing::W, (3, 2)), Err("not_a_step"));
        let all: Vec<Pos> = destinations(true, (3, 3), Facing::E).collect();
        assert_eq!(all, [(4, 3), (4, 4), (4, 2), (2, 3)]);
    }

    #[test]
    fn corner_cutting_is_refused_past_walls_and_doors() {
        // Example 2: wall at (3,2), floor at (4,2) and (4,3).
        let mut b = board(&OPEN);
        b.set((3, 2), Cell::Wall);
        assert_eq!(
            check_step(&b, true, (3, 3), Facing::N, (4, 2)).map_err(|r| r.code()),
            Err("corner")
        );
        b.set((3, 2), Cell::ClosedDoor);
        assert_eq!(
            check_step(&b, true, (3, 3), Facing::N, (4, 2)).map_err(|r| r.code()),
            Err("corner")
        );
        let mut b = board(&OPEN);
        b.set((4, 3), Cell::Wall);
        assert_eq!(
            check_step(&b, false, (3, 3), Facing::N, (4, 2)).map_err(|r| r.code()),
            Err("corner")
        );
    }

    #[test]
    fn a_diagonal_step_may_pass_a_model() {
        // Example 2, second half: an alien on (3,2) instead of the wall.
        let mut b = board(&OPEN);
        b.put((3, 2), 5);
        assert_eq!(
            check_step(&b, true, (3, 3), Facing::N, (4, 2)).map_err(|r| r.code()),
            Ok(1)
        );
    }

    #[test]
    fn a_step_needs_free_floor_on_the_board() {
        let mut b = board(&OPEN);
        b.put((3, 2), 5);
        b.set((2, 2), Cell::ClosedDoor);
        b.set((4, 2), Cell::OpenDoor);
        let cost = |to| check_step(&b, true, (3, 3), Facing::N, to).map_err(|r| r.code());
        assert_eq!(cost((3, 2)), Err("occupied"));
        assert_eq!(cost((2, 2)), Err("blocked"));
        assert_eq!(cost((4, 2)), Ok(1));
        assert_eq!(
            check_step(&b, true, (0, 0), Facing::N, (0, -1)).map_err(|r| r.code()),
            Err("blocked")
        );
    }
}
