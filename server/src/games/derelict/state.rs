//! The whole truth of a Derelict match, and its setup. No I/O.

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Cell, Facing, ModelId, Phase, Role, Square, Status};

use super::board::{Board, Pos, pos};
use super::scenario::{AlienPool, Scenario, Timer};

/// Action points of a marine at the start of his activation (seed).
pub const MARINE_AP: u8 = 4;
/// Action points of an alien at the start of its activation (seed).
pub const ALIEN_AP: u8 = 6;
/// Shots in a full heavy flamer (8.3).
pub const FLAMER_LOAD: u8 = 6;

/// Who a model is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Marine(Role),
    Alien,
}

/// One model, on the board or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Model {
    pub id: ModelId,
    pub kind: Kind,
    pub status: Status,
    /// Where it stands; meaningful while `status` is `OnBoard`.
    pub at: Square,
    pub facing: Facing,
    /// Deployed (marines) or given a facing (aliens on `A` squares); arrivals come in faced.
    pub faced: bool,
    /// Has acted this turn (the active model included).
    pub acted: bool,
    pub overwatch: bool,
    pub jammed: bool,
    /// Heavy flamer: shots left in the load, and reloads left.
    pub shots: u8,
    pub reloads: u8,
}

impl Model {
    pub fn is_marine(&self) -> bool {
        matches!(self.kind, Kind::Marine(_))
    }

    pub fn on_board(&self) -> bool {
        self.status == Status::OnBoard
    }

    /// A storm bolter: sergeants and soldiers (2.1).
    pub fn has_bolter(&self) -> bool {
        matches!(self.kind, Kind::Marine(Role::Sergeant | Role::Soldier))
    }

    pub fn has_flamer(&self) -> bool {
        self.kind == Kind::Marine(Role::Flamer)
    }

    pub fn pos(&self) -> Pos {
        pos(self.at)
    }

    pub fn seat(&self) -> Seat {
        if self.is_marine() {
            Seat::Marines
        } else {
            Seat::Aliens
        }
    }
}

/// The model acting now and what it has left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Activation {
    pub model: usize,
    pub ap: u8,
    /// Alien turns in a row without another action (3.2: at most two).
    pub turns_in_row: u8,
    /// The sustained-fire sequence going on: its target and the shots fired at it (6.2).
    pub sequence: Option<(Square, u8)>,
}

/// The scenario's numbers that the rules read during play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    pub reinforcements: u8,
    pub exit_needed: u8,
    pub turn_limit: u16,
    pub timer: Timer,
    /// How far overwatch sees; 0 is unlimited.
    pub overwatch_range: u8,
    pub flamer_reloads: u8,
}

impl Rules {
    /// The range of overwatch sight; `None` is unlimited.
    pub fn overwatch_sight(&self) -> Option<i32> {
        (self.overwatch_range > 0).then_some(i32::from(self.overwatch_range))
    }
}

/// The whole truth of a match.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub title: String,
    pub rules: Rules,
    pub board: Board,
    /// Marines m1..mN first, then aliens a1, a2, ... in the order they came.
    pub models: Vec<Model>,
    /// N, the squad size.
    pub squad: usize,
    pub phase: Phase,
    /// The game turn; 0 during deployment.
    pub turn: u32,
    pub active: Option<Activation>,
    /// Reinforcements still to place this alien turn.
    pub arrivals: u8,
    pub pool: AlienPool,
    pub escaped: u8,
    pub aliens_killed: u32,
    /// The length of the current marine turn, fixed when it began (2.5).
    pub turn_seconds: u32,
    /// The winner and the reason, once the game is over.
    pub outcome: Option<(Seat, &'static str)>,
}

impl State {
    /// The match before deployment: marines waiting, aliens on their `A` squares, unfaced.
    pub fn new(scenario: &Scenario) -> State {
        let mut board = Board::new(&scenario.map);
        let mut models: Vec<Model> = scenario
            .roles()
            .enumerate()
            .map(|(i, role)| Model {
                id: ModelId::Marine(i as u16 + 1),
                kind: Kind::Marine(role),
                status: Status::Waiting,
                at: Square::new(0, 0),
                facing: Facing::N,
                faced: false,
                acted: false,
                overwatch: false,
                jammed: false,
                shots: if role == Role::Flamer { FLAMER_LOAD } else { 0 },
                reloads: if role == Role::Flamer {
                    scenario.flamer_reloads
                } else {
                    0
                },
            })
            .collect();
        let squad = models.len();
        let starts: Vec<Square> = board.squares_of(Cell::AlienStart).collect();
        for (k, at) in starts.into_iter().enumerate() {
            board.put(pos(at), squad + k);
            models.push(alien(ModelId::Alien(k as u16 + 1), at, Facing::N, false));
        }
        State {
            title: scenario.title.clone(),
            rules: Rules {
                reinforcements: scenario.reinforcements,
                exit_needed: scenario.exit_needed,
                turn_limit: scenario.turn_limit,
                timer: scenario.timer,
                overwatch_range: scenario.overwatch_range,
                flamer_reloads: scenario.flamer_reloads,
            },
            board,
            models,
            squad,
            phase: Phase::MarineDeployment,
            turn: 0,
            active: None,
            arrivals: 0,
            pool: scenario.alien_pool,
            escaped: 0,
            aliens_killed: 0,
            turn_seconds: 0,
            outcome: None,
        }
    }

    /// The index of the model with this id, if it exists.
    pub fn index(&self, id: ModelId) -> Option<usize> {
        let k = match id {
            ModelId::Marine(n) => usize::from(n).checked_sub(1).filter(|&k| k < self.squad)?,
            ModelId::Alien(n) => self.squad + usize::from(n).checked_sub(1)?,
        };
        (k < self.models.len()).then_some(k)
    }

    pub fn marines(&self) -> impl Iterator<Item = &Model> {
        self.models[..self.squad].iter()
    }

    pub fn aliens(&self) -> impl Iterator<Item = &Model> {
        self.models[self.squad..].iter()
    }

    /// Marines not dead and not escaped.
    pub fn marines_left(&self) -> usize {
        self.marines()
            .filter(|m| matches!(m.status, Status::Waiting | Status::OnBoard))
            .count()
    }

    /// The id the next arriving alien gets.
    pub fn next_alien(&self) -> ModelId {
        ModelId::Alien((self.models.len() - self.squad + 1) as u16)
    }

    /// Puts a new alien on the board (an arrival); returns its id.
    pub fn add_alien(&mut self, at: Square, facing: Facing) -> ModelId {
        let id = self.next_alien();
        self.board.put(pos(at), self.models.len());
        self.models.push(alien(id, at, facing, true));
        id
    }

    /// Moves model `k` to `to`.
    pub fn move_model(&mut self, k: usize, to: Square) {
        self.board.clear(self.models[k].pos());
        self.board.put(pos(to), k);
        self.models[k].at = to;
    }

    /// Takes model `k` off the board as dead or escaped; it loses overwatch.
    pub fn remove(&mut self, k: usize, status: Status) {
        let m = &mut self.models[k];
        m.status = status;
        m.overwatch = false;
        self.board.clear(pos(m.at));
        if self.active.is_some_and(|a| a.model == k) {
            self.active = None;
        }
        match status {
            Status::Escaped => self.escaped += 1,
            Status::Dead if !m.is_marine() => self.aliens_killed += 1,
            _ => {}
        }
    }

    /// The full action points of model `k`.
    pub fn full_ap(&self, k: usize) -> u8 {
        if self.models[k].is_marine() {
            MARINE_AP
        } else {
            ALIEN_AP
        }
    }

    /// The AP model `k` has now: what is left if it is active, its full AP if it may start.
    pub fn ap(&self, k: usize) -> u8 {
        match self.active {
            Some(a) if a.model == k => a.ap,
            _ => self.full_ap(k),
        }
    }

    /// The activation of model `k`, if it is the active one.
    pub fn activation_of(&self, k: usize) -> Option<Activation> {
        self.active.filter(|a| a.model == k)
    }
}

fn alien(id: ModelId, at: Square, facing: Facing, faced: bool) -> Model {
    Model {
        id,
        kind: Kind::Alien,
        status: Status::OnBoard,
        at,
        facing,
        faced,
        acted: false,
        overwatch: false,
        jammed: false,
        shots: 0,
        reloads: 0,
    }
}
