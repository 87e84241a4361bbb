//! The turn sequence (rules 2.3–2.6) and the table an action plays on: the state, the dice,
//! and the events told. No I/O; randomness only from the match's dice.

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Cell, Event, Phase, Role, Square, Status};

use super::board::pos;
use super::reinforcements;
use super::state::{Kind, State};
use super::victory;

/// One action being carried out. Derelict has no secrets (13): everything is told to everyone.
pub type Table<'a> = crate::games::Table<'a, State, Event>;

impl Table<'_> {
    /// Model `k` dies and leaves the board.
    pub fn kill(&mut self, k: usize) {
        let m = self.s.models[k];
        self.s.remove(k, Status::Dead);
        self.tell(Event::Died {
            model: m.id,
            at: m.at,
        });
    }

    /// The closed door on `door` is destroyed: corridor floor for the rest of the game (4.2).
    pub fn destroy_door(&mut self, door: Square) {
        self.s.board.set(pos(door), Cell::Corridor);
        self.tell(Event::DoorDestroyed { door });
    }

    /// Ends the game if a victory condition holds (11); returns whether it is over.
    pub fn settle(&mut self) -> bool {
        if self.s.outcome.is_some() {
            return true;
        }
        match victory::decide(self.s) {
            Some(win) => {
                self.finish(win);
                true
            }
            None => false,
        }
    }

    fn finish(&mut self, win: victory::Win) {
        self.s.phase = Phase::Over;
        self.s.active = None;
        self.s.arrivals = 0;
        self.s.outcome = Some(win);
        self.tell(Event::GameOver {
            outcome: victory::outcome(win),
        });
    }

    /// Marine turn `turn` begins; its clock length is fixed now (2.5).
    pub fn begin_marine_turn(&mut self, turn: u32) {
        let sergeants = self
            .s
            .marines()
            .filter(|m| m.on_board() && m.kind == Kind::Marine(Role::Sergeant))
            .count() as u32;
        let timer = self.s.rules.timer;
        let seconds = u32::from(timer.base) + u32::from(timer.per_sergeant) * sergeants;
        self.s.turn = turn;
        self.s.turn_seconds = seconds;
        self.new_turn(Phase::MarineTurn);
        self.tell(Event::TurnBegan {
            turn,
            seat: Seat::Marines,
            seconds: Some(seconds),
        });
    }

    /// Ends the marine turn: the active model's AP are lost; then the alien turn begins.
    pub fn end_marine_turn(&mut self) {
        self.tell(Event::TurnEnded {
            turn: self.s.turn,
            seat: Seat::Marines,
        });
        self.new_turn(Phase::AlienTurn);
        self.tell(Event::TurnBegan {
            turn: self.s.turn,
            seat: Seat::Aliens,
            seconds: None,
        });
        let (arriving, held_back) = reinforcements::arriving(self.s);
        self.s.arrivals = arriving;
        if held_back > 0 {
            self.tell(Event::HeldBack { count: held_back });
        }
        self.settle();
    }

    /// Ends the alien turn: the turn limit, then the next marine turn.
    pub fn end_alien_turn(&mut self) {
        self.tell(Event::TurnEnded {
            turn: self.s.turn,
            seat: Seat::Aliens,
        });
        if let Some(win) = victory::at_turn_end(self.s) {
            self.finish(win);
        } else {
            self.begin_marine_turn(self.s.turn + 1);
        }
    }

    fn new_turn(&mut self, phase: Phase) {
        self.s.phase = phase;
        self.s.active = None;
        for m in &mut self.s.models {
            m.acted = false;
        }
    }
}
