//! A Derelict scenario: the map and the keys of the ASCII file (rules section 12).
//!
//! These are plain data; [`parse`] (or [`parse_bytes`]) is the one door from a file to a
//! [`Scenario`] and [`write`] gives the canonical file back (`parse(write(s)) == s`).

mod key;
mod parse;
mod write;

pub use key::MAGIC;
pub use parse::{MAX_BYTES, parse, parse_bytes};
pub use write::write;

use xenotable_protocol::derelict::{Cell, Role};

/// The largest map side, in squares.
pub const MAX_SIDE: usize = 64;

/// A whole scenario, every key explicit (defaults already filled in).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// `title`: 1–80 printable characters.
    pub title: String,
    /// `author`: 0–80 printable characters.
    pub author: String,
    /// Comment lines in file order, each without its leading `;`.
    pub comments: Vec<String>,
    /// `squad`: the items in file order; marine ids m1..mN follow it.
    pub squad: Vec<SquadItem>,
    /// `reinforcements`: aliens that try to arrive each alien turn (0–10).
    pub reinforcements: u8,
    /// `alien-pool`: aliens left to arrive.
    pub alien_pool: AlienPool,
    /// `exit-needed`: escaped marines the marines need to win (1–squad size).
    pub exit_needed: u8,
    /// `turn-limit`: the aliens win after this alien turn (0 = no scenario limit).
    pub turn_limit: u16,
    /// `timer`: the marine clock.
    pub timer: Timer,
    /// `overwatch-range`: how far overwatch sees (0 = unlimited).
    pub overwatch_range: u8,
    /// `flamer-reloads`: reloads of each heavy flamer (0–9).
    pub flamer_reloads: u8,
    pub map: Map,
}

/// One item of the `squad` line: `<count> <role>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquadItem {
    /// 1–10.
    pub count: u8,
    pub role: Role,
}

/// `alien-pool`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AlienPool {
    /// 0–999 aliens left.
    Limited(u16),
    /// Never runs out.
    Unlimited,
}

/// `timer: <base>+<per_sergeant>`: a marine turn lasts `base + per_sergeant × sergeants` seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Timer {
    /// 1–3600 seconds.
    pub base: u16,
    /// 0–600 seconds.
    pub per_sergeant: u16,
}

impl Default for Timer {
    fn default() -> Timer {
        Timer {
            base: 120,
            per_sergeant: 30,
        }
    }
}

impl Scenario {
    /// The squad size N.
    pub fn squad_size(&self) -> usize {
        self.squad.iter().map(|i| usize::from(i.count)).sum()
    }

    /// The marines' roles in id order: `roles()[0]` is m1.
    pub fn roles(&self) -> impl Iterator<Item = Role> + '_ {
        self.squad
            .iter()
            .flat_map(|i| std::iter::repeat_n(i.role, usize::from(i.count)))
    }
}

/// The grid: W × H cells, 1 ≤ W, H ≤ 64, row by row.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Map {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
}

impl Map {
    /// A `width` × `height` map of walls, or `None` if a side is outside 1..=64.
    pub fn walls(width: usize, height: usize) -> Option<Map> {
        ((1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height)).then(|| Map {
            width,
            height,
            cells: vec![Cell::Wall; width * height],
        })
    }

    /// A map from rows of cell codes; short rows are padded with walls, as in a file. `None`
    /// if a code is unknown, a row is longer than the first, or a side is outside 1..=64.
    /// Tests and the editor build maps with it; files go through `parse`.
    pub fn from_rows(rows: &[&str]) -> Option<Map> {
        let width = rows.first()?.chars().count();
        let mut map = Map::walls(width, rows.len())?;
        for (y, row) in rows.iter().enumerate() {
            if row.chars().count() > width {
                return None;
            }
            for (x, code) in row.chars().enumerate() {
                map.set(x, y, Cell::from_code(code)?);
            }
        }
        Some(map)
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell at (x, y); anything off the board is a wall (1.1).
    pub fn get(&self, x: i32, y: i32) -> Cell {
        match (usize::try_from(x), usize::try_from(y)) {
            (Ok(x), Ok(y)) if x < self.width && y < self.height => self.cells[y * self.width + x],
            _ => Cell::Wall,
        }
    }

    /// Sets the cell at (x, y); does nothing off the board.
    pub fn set(&mut self, x: usize, y: usize, cell: Cell) {
        if x < self.width && y < self.height {
            self.cells[y * self.width + x] = cell;
        }
    }

    /// The rows of cell codes, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = String> + '_ {
        self.cells
            .chunks(self.width)
            .map(|row| row.iter().map(|c| c.code()).collect())
    }

    /// Every square holding `cell`, in reading order (row by row, left to right).
    pub fn squares_of(&self, cell: Cell) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(move |(_, c)| **c == cell)
            .map(|(k, _)| (k % self.width, k / self.width))
    }
}

#[cfg(test)]
mod tests;
