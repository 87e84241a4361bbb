//! The words of the board: squares, facings, marine roles.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One square of the map, as the scenario file spells it (section 12.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Cell {
    /// `#`: blocks movement and sight; also every off-board square.
    Wall,
    /// `.`: corridor floor.
    Corridor,
    /// `:`: room floor.
    Room,
    /// `D`: a closed door.
    ClosedDoor,
    /// `d`: an open door (corridor-type).
    OpenDoor,
    /// `E`: alien entry square (floor).
    Entry,
    /// `X`: marine exit square (floor).
    Exit,
    /// `M`: marine start square (floor).
    MarineStart,
    /// `A`: an alien stands here at the start (floor).
    AlienStart,
}

impl Cell {
    /// Every cell, in the order of the file format's table.
    pub const ALL: [Cell; 9] = [
        Cell::Wall,
        Cell::Corridor,
        Cell::Room,
        Cell::ClosedDoor,
        Cell::OpenDoor,
        Cell::Entry,
        Cell::Exit,
        Cell::MarineStart,
        Cell::AlienStart,
    ];

    /// The character that stands for this cell in a scenario file.
    pub const fn code(self) -> char {
        match self {
            Cell::Wall => '#',
            Cell::Corridor => '.',
            Cell::Room => ':',
            Cell::ClosedDoor => 'D',
            Cell::OpenDoor => 'd',
            Cell::Entry => 'E',
            Cell::Exit => 'X',
            Cell::MarineStart => 'M',
            Cell::AlienStart => 'A',
        }
    }

    /// The cell a scenario-file character stands for.
    pub const fn from_code(code: char) -> Option<Cell> {
        Some(match code {
            '#' => Cell::Wall,
            '.' => Cell::Corridor,
            ':' => Cell::Room,
            'D' => Cell::ClosedDoor,
            'd' => Cell::OpenDoor,
            'E' => Cell::Entry,
            'X' => Cell::Exit,
            'M' => Cell::MarineStart,
            'A' => Cell::AlienStart,
            _ => return None,
        })
    }

    /// `E`, `X`, `M` and `A`: floor squares whose type depends on their neighbours (1.3).
    pub const fn is_special(self) -> bool {
        matches!(
            self,
            Cell::Entry | Cell::Exit | Cell::MarineStart | Cell::AlienStart
        )
    }
}

/// Where a model looks: one of the four orthogonal directions, `n`, `e`, `s` or `w` on the wire.
/// Command logs stored before the wire convention was made one hold them in capitals (`"N"`):
/// those are read too, never written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Facing {
    #[serde(alias = "N")]
    N,
    #[serde(alias = "E")]
    E,
    #[serde(alias = "S")]
    S,
    #[serde(alias = "W")]
    W,
}

impl Facing {
    /// Every facing, clockwise from north.
    pub const ALL: [Facing; 4] = [Facing::N, Facing::E, Facing::S, Facing::W];

    /// The unit step forward: N = (0, −1), E = (1, 0), S = (0, 1), W = (−1, 0).
    pub const fn forward(self) -> (i32, i32) {
        match self {
            Facing::N => (0, -1),
            Facing::E => (1, 0),
            Facing::S => (0, 1),
            Facing::W => (-1, 0),
        }
    }

    /// The right-hand vector R of section 1.2.
    pub const fn right(self) -> (i32, i32) {
        self.turned_right().forward()
    }

    /// The facing after a 90° turn to the right.
    pub const fn turned_right(self) -> Facing {
        match self {
            Facing::N => Facing::E,
            Facing::E => Facing::S,
            Facing::S => Facing::W,
            Facing::W => Facing::N,
        }
    }

    /// The facing after a 90° turn to the left.
    pub const fn turned_left(self) -> Facing {
        match self {
            Facing::N => Facing::W,
            Facing::E => Facing::N,
            Facing::S => Facing::E,
            Facing::W => Facing::S,
        }
    }
}

/// A marine's role in the squad (2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// Storm bolter; each sergeant on the board lengthens the marine clock.
    Sergeant,
    /// Storm bolter.
    Soldier,
    /// Heavy flamer, no bolter.
    Flamer,
}

impl Role {
    /// The word a scenario's `squad` line uses.
    pub const fn word(self) -> &'static str {
        match self {
            Role::Sergeant => "sergeant",
            Role::Soldier => "soldier",
            Role::Flamer => "flamer",
        }
    }

    /// The role a `squad` word names.
    pub fn from_word(word: &str) -> Option<Role> {
        [Role::Sergeant, Role::Soldier, Role::Flamer]
            .into_iter()
            .find(|r| r.word() == word)
    }
}
