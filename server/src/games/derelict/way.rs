//! The way out for a marine: how many AP a marine standing on a square with a facing still
//! needs to reach an exit, walking as a marine walks (3.1, 3.3) and opening the closed doors
//! on the way (4.1). Other models are left out: they move, and the bots deal with them as
//! they meet them. No I/O.
//!
//! The way depends only on the cells (walls, exits, door states), which rarely change in a
//! match, so each thread keeps the last few it computed: a `strong` bot's playouts ask for
//! it at every step.

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::rc::Rc;

use xenotable_protocol::derelict::{Cell, Facing};

use super::board::{Board, Pos, is_solid, minus, plus};

/// AP of a step forward (straight or diagonal), of a turn and of opening a door (3.1).
const ONE: u16 = 1;
/// AP of a step straight back (3.1).
const BACK: u16 = 2;
/// Where no exit can be reached.
pub const NO_WAY: u16 = u16::MAX;
/// How many ways each thread keeps.
const KEPT: usize = 8;

/// AP to the nearest exit from every (square, facing).
#[derive(Debug)]
pub struct Way {
    width: i32,
    height: i32,
    ap: Vec<u16>,
}

thread_local! {
    static KEPT_WAYS: RefCell<Vec<(Vec<Cell>, Rc<Way>)>> = const { RefCell::new(Vec::new()) };
}

impl Way {
    /// The way out on `board` as its cells are now, computed once per thread and kept.
    pub fn of(board: &Board) -> Rc<Way> {
        KEPT_WAYS.with(|kept| {
            let mut kept = kept.borrow_mut();
            let cells = board.cells();
            if let Some(k) = kept.iter().position(|(c, _)| c.as_slice() == cells) {
                let hit = kept.remove(k);
                let way = Rc::clone(&hit.1);
                kept.insert(0, hit);
                return way;
            }
            let way = Rc::new(Way::new(board));
            kept.insert(0, (cells.to_vec(), Rc::clone(&way)));
            kept.truncate(KEPT);
            way
        })
    }

    /// Dijkstra backwards from the exits over (square, facing).
    fn new(board: &Board) -> Way {
        let (width, height) = (board.width(), board.height());
        let mut way = Way {
            width,
            height,
            ap: vec![NO_WAY; (width * height * 4).max(0) as usize],
        };
        let mut queue = BinaryHeap::new();
        for y in 0..height {
            for x in 0..width {
                if board.cell((x, y)) == Cell::Exit {
                    for facing in Facing::ALL {
                        way.settle((x, y), facing, 0, &mut queue);
                    }
                }
            }
        }
        while let Some(Reverse((ap, p, f))) = queue.pop() {
            let facing = Facing::ALL[usize::from(f)];
            if ap > way.at(p, facing) {
                continue;
            }
            for (from, from_facing, cost) in before(board, p, facing) {
                way.settle(from, from_facing, ap + cost, &mut queue);
            }
        }
        way
    }

    fn settle(&mut self, p: Pos, facing: Facing, ap: u16, queue: &mut BinaryHeap<Reverse<State>>) {
        if let Some(k) = self.index(p, facing)
            && ap < self.ap[k]
        {
            self.ap[k] = ap;
            queue.push(Reverse((ap, p, facing_number(facing))));
        }
    }

    fn index(&self, p: Pos, facing: Facing) -> Option<usize> {
        let on = (0..self.width).contains(&p.0) && (0..self.height).contains(&p.1);
        on.then(|| ((p.1 * self.width + p.0) * 4) as usize + usize::from(facing_number(facing)))
    }

    /// AP from `p` facing `facing` to an exit; [`NO_WAY`] where none can be reached.
    pub fn at(&self, p: Pos, facing: Facing) -> u16 {
        self.index(p, facing).map_or(NO_WAY, |k| self.ap[k])
    }
}

/// A queue entry: AP so far, the square and the facing's number.
type State = (u16, Pos, u8);

fn facing_number(facing: Facing) -> u8 {
    Facing::ALL.iter().position(|&f| f == facing).unwrap_or(0) as u8
}

/// Whether a marine may stand on `p` once its door, if any, is open.
fn walkable(board: &Board, p: Pos) -> bool {
    board.cell(p) != Cell::Wall
}

/// Every (square, facing) one action from which a marine reaches `p` facing `facing`, with
/// the AP it costs: a step forward (opening the door first when `p` is a closed door, 4.1), a
/// diagonal step past no solid corner (3.3), a step back, or a turn on the spot. A marine may
/// stand on a door square once he has opened it, so closed doors only cost their opening.
fn before(board: &Board, p: Pos, facing: Facing) -> Vec<(Pos, Facing, u16)> {
    let mut out = Vec::with_capacity(6);
    if !walkable(board, p) {
        return out;
    }
    let forward = facing.forward();
    let right = facing.right();
    let closed = board.cell(p) == Cell::ClosedDoor;
    let straight = minus(p, forward);
    if walkable(board, straight) {
        out.push((straight, facing, if closed { ONE + ONE } else { ONE }));
    }
    if !closed {
        for side in [right, (-right.0, -right.1)] {
            let from = minus(straight, side);
            let corners = [plus(from, forward), plus(from, side)];
            if walkable(board, from) && corners.iter().all(|&c| !is_solid(board.cell(c))) {
                out.push((from, facing, ONE));
            }
        }
        let behind = plus(p, forward);
        if walkable(board, behind) {
            out.push((behind, facing, BACK));
        }
    }
    out.push((p, facing.turned_left(), ONE));
    out.push((p, facing.turned_right(), ONE));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::derelict::scenario::Map;

    fn board(rows: &[&str]) -> Board {
        Board::new(&Map::from_rows(rows).expect("a valid map"))
    }

    #[test]
    fn a_marine_facing_the_exit_needs_one_ap_per_step() {
        let b = board(&["#####", "#...X", "#####"]);
        let way = Way::of(&b);
        assert_eq!(way.at((1, 1), Facing::E), 3);
        assert_eq!(way.at((3, 1), Facing::E), 1);
    }

    #[test]
    fn turning_costs_an_ap_each_quarter_and_stepping_back_two() {
        let b = board(&["#####", "#...X", "#####"]);
        let way = Way::of(&b);
        // Facing north: one turn, then three steps.
        assert_eq!(way.at((1, 1), Facing::N), 4);
        // Facing west: two turns and three steps, or backing up at 2 AP a step.
        assert_eq!(way.at((1, 1), Facing::W), 5);
        assert_eq!(way.at((3, 1), Facing::W), 2);
    }

    #[test]
    fn a_closed_door_on_the_way_costs_an_ap_to_open() {
        let open = board(&["#####", "#.d.X", "#####"]);
        let closed = board(&["#####", "#.D.X", "#####"]);
        assert_eq!(Way::of(&open).at((1, 1), Facing::E), 3);
        assert_eq!(Way::of(&closed).at((1, 1), Facing::E), 4);
    }

    #[test]
    fn a_diagonal_step_never_cuts_a_corner() {
        // Both diagonals, (1,1) to (2,2) and (1,2) to (2,3), would cut a wall corner, so the
        // marine steps, turns, steps, turns and steps.
        let b = board(&["####", "#.##", "#..#", "##X#"]);
        assert_eq!(Way::of(&b).at((1, 1), Facing::S), 5);
        let open = board(&["####", "#..#", "#..#", "##X#"]);
        assert_eq!(Way::of(&open).at((1, 1), Facing::S), 2);
    }

    #[test]
    fn no_way_where_walls_shut_the_exit_off() {
        let b = board(&["#####", "#.#.X", "#####"]);
        for facing in Facing::ALL {
            assert_eq!(Way::of(&b).at((1, 1), facing), NO_WAY);
        }
    }
}
