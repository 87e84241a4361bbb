//! The board: squares and their kinds (rules 1.1–1.4), door states, and who stands where.
//!
//! No I/O. Off-board squares read as walls. The room-type of each square is fixed at setup;
//! doors change (open, closed, destroyed) but are corridor-type in every state.

use xenotable_protocol::derelict::{Cell, Facing, Square};

use super::scenario::Map;

/// A board position in signed coordinates, for arithmetic that may leave the board.
pub type Pos = (i32, i32);

/// The position of a square.
pub fn pos(square: Square) -> Pos {
    (i32::from(square.x), i32::from(square.y))
}

/// `p` moved by `d`.
pub fn plus(p: Pos, d: Pos) -> Pos {
    (p.0 + d.0, p.1 + d.1)
}

/// `p` moved back by `d`.
pub fn minus(p: Pos, d: Pos) -> Pos {
    (p.0 - d.0, p.1 - d.1)
}

/// The forward distance f and the lateral offset l of `t` seen from `p` facing `facing` (1.2).
pub fn relative(p: Pos, facing: Facing, t: Pos) -> (i32, i32) {
    let (dx, dy) = minus(t, p);
    let (fx, fy) = facing.forward();
    let (rx, ry) = facing.right();
    (dx * fx + dy * fy, dx * rx + dy * ry)
}

/// The facing whose forward step is `d`, if `d` is an orthogonal unit step.
pub fn facing_towards(d: Pos) -> Option<Facing> {
    Facing::ALL.into_iter().find(|f| f.forward() == d)
}

/// Whether a model may stand on this cell: floor (special squares included) or an open door.
pub const fn is_floor(cell: Cell) -> bool {
    !is_solid(cell)
}

/// Walls and closed doors: they block movement and sight.
pub const fn is_solid(cell: Cell) -> bool {
    matches!(cell, Cell::Wall | Cell::ClosedDoor)
}

/// The squares, their door states and the model on each.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: i32,
    height: i32,
    cells: Vec<Cell>,
    /// Room-type squares (1.3); fixed for the game.
    room: Vec<bool>,
    /// The index of the model on each square.
    occupant: Vec<Option<u16>>,
    /// Every square that started as a door, open or closed.
    doors: Vec<Square>,
}

impl Board {
    /// The board of a scenario map, empty of models.
    pub fn new(map: &Map) -> Board {
        let (width, height) = (map.width(), map.height());
        let cells: Vec<Cell> = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| map.get(x as i32, y as i32))
            .collect();
        let doors = cells
            .iter()
            .enumerate()
            .filter(|(_, c)| matches!(c, Cell::ClosedDoor | Cell::OpenDoor))
            .map(|(k, _)| square_at(k % width, k / width))
            .collect();
        let room = room_types(map);
        Board {
            width: width as i32,
            height: height as i32,
            cells,
            room,
            occupant: vec![None; width * height],
            doors,
        }
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    fn index(&self, p: Pos) -> Option<usize> {
        let on = (0..self.width).contains(&p.0) && (0..self.height).contains(&p.1);
        on.then(|| (p.1 * self.width + p.0) as usize)
    }

    /// The square at `p`, if it is on the board.
    pub fn square(&self, p: Pos) -> Option<Square> {
        self.index(p).map(|_| square_at(p.0 as usize, p.1 as usize))
    }

    /// The cell at `p`; off the board is a wall (1.1).
    pub fn cell(&self, p: Pos) -> Cell {
        self.index(p).map_or(Cell::Wall, |k| self.cells[k])
    }

    /// Whether `p` is room-type (1.3): room floor, or a special square next to a room.
    pub fn is_room(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|k| self.room[k])
    }

    /// The index of the model on `p`.
    pub fn occupant(&self, p: Pos) -> Option<usize> {
        self.index(p)
            .and_then(|k| self.occupant[k])
            .map(usize::from)
    }

    /// Whether `p` blocks sight (5.1): solid, off the board, or holding a model.
    pub fn blocks_sight(&self, p: Pos) -> bool {
        self.index(p)
            .is_none_or(|k| is_solid(self.cells[k]) || self.occupant[k].is_some())
    }

    /// Whether a model may step onto `p` (3.3): on the board, floor or open door, empty.
    pub fn is_free_floor(&self, p: Pos) -> bool {
        self.index(p)
            .is_some_and(|k| is_floor(self.cells[k]) && self.occupant[k].is_none())
    }

    /// Puts model `index` on `p` (which must be on the board).
    pub fn put(&mut self, p: Pos, index: usize) {
        if let Some(k) = self.index(p) {
            self.occupant[k] = u16::try_from(index).ok();
        }
    }

    /// Takes whatever model stands on `p` off it.
    pub fn clear(&mut self, p: Pos) {
        if let Some(k) = self.index(p) {
            self.occupant[k] = None;
        }
    }

    /// Changes the cell at `p` (doors opening, closing or being destroyed).
    pub fn set(&mut self, p: Pos, cell: Cell) {
        if let Some(k) = self.index(p) {
            self.cells[k] = cell;
        }
    }

    /// Every square that started as a door, whatever it is now.
    pub fn doors(&self) -> &[Square] {
        &self.doors
    }

    /// Every square holding `cell`, in reading order.
    pub fn squares_of(&self, cell: Cell) -> impl Iterator<Item = Square> + '_ {
        let width = self.width as usize;
        self.cells
            .iter()
            .enumerate()
            .filter(move |(_, c)| **c == cell)
            .map(move |(k, _)| square_at(k % width, k / width))
    }

    /// Every cell as it is now, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The rows of cell codes as they are now, top to bottom.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width as usize)
            .map(|row| row.iter().map(|c| c.code()).collect())
            .collect()
    }
}

/// The square at a board index; boards are at most 64 × 64, so both fit a byte.
fn square_at(x: usize, y: usize) -> Square {
    Square::new(x as u8, y as u8)
}

/// The room-type of every square (1.3). A special square is room-type when its group of
/// orthogonally connected special squares touches a `:` square orthogonally.
fn room_types(map: &Map) -> Vec<bool> {
    let (width, height) = (map.width(), map.height());
    let cell = |x: i32, y: i32| map.get(x, y);
    let mut room: Vec<bool> = (0..width * height)
        .map(|k| cell((k % width) as i32, (k / width) as i32) == Cell::Room)
        .collect();
    let mut seen = vec![false; width * height];
    for start in 0..width * height {
        let (sx, sy) = ((start % width) as i32, (start / width) as i32);
        if seen[start] || !cell(sx, sy).is_special() {
            continue;
        }
        let mut group = vec![start];
        let mut touches_room = false;
        seen[start] = true;
        let mut next = 0;
        while let Some(&k) = group.get(next) {
            next += 1;
            let (x, y) = ((k % width) as i32, (k / width) as i32);
            for (dx, dy) in Facing::ALL.map(Facing::forward) {
                let (nx, ny) = (x + dx, y + dy);
                let neighbour = cell(nx, ny);
                touches_room |= neighbour == Cell::Room;
                if neighbour.is_special() {
                    let n = ny as usize * width + nx as usize;
                    if !seen[n] {
                        seen[n] = true;
                        group.push(n);
                    }
                }
            }
        }
        for k in group {
            room[k] = touches_room;
        }
    }
    room
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::new(&Map::from_rows(rows).expect("a valid map"))
    }

    #[test]
    fn off_board_squares_are_walls() {
        let b = board(&["..", ".."]);
        for p in [(-1, 0), (0, -1), (2, 0), (0, 2)] {
            assert_eq!(b.cell(p), Cell::Wall);
            assert!(b.blocks_sight(p));
            assert!(!b.is_free_floor(p));
        }
    }

    #[test]
    fn special_squares_next_to_a_room_are_room_type() {
        let b = board(&["#:E.", "#EE.", "X..M", "A:.."]);
        // E at (2,0) touches the room at (1,0); the E group (2,0), (1,1), (2,1) is room-type.
        assert!(b.is_room((2, 0)));
        assert!(b.is_room((1, 1)));
        assert!(b.is_room((2, 1)));
        // A at (0,3) touches the room at (1,3), and X at (0,2) reaches it through A.
        assert!(b.is_room((0, 3)));
        assert!(b.is_room((0, 2)));
        // M at (3,2) touches only corridor; corridor floor is never room-type.
        assert!(!b.is_room((3, 2)));
        assert!(!b.is_room((3, 0)));
    }

    #[test]
    fn special_squares_reach_a_room_through_other_special_squares_only() {
        let b = board(&["MMM:", "M..."]);
        // The M group touches ':' at (3,0) through (2,0).
        for p in [(0, 0), (1, 0), (2, 0), (0, 1)] {
            assert!(b.is_room(p), "{p:?}");
        }
        let b = board(&["MM.:"]);
        assert!(!b.is_room((0, 0)));
        assert!(!b.is_room((1, 0)));
    }
}
