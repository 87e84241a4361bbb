//! Mined Noughts: a game for tests only, proof that a game plugs in through its own folder and
//! one line of the game table.
//!
//! Noughts and crosses on 3x3 squares, the Marines (X) first, the Aliens (O) second, with a
//! hidden twist: at set-up each side secretly mines one square (the dice choose it, never the
//! same for both). A side that marks the other side's mined square sets it off: no mark, the
//! square is scorched for the rest of the match, the turn passes. Marking one's own mine
//! disarms it, which only its owner is told. Three marks in a line win; a board with no free
//! square left is a draw.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use xenotable_protocol::{Outcome, Seat};

use crate::games::{Audience, Dice, Game, RuleError, SetupError, Told, Viewer};

/// The game.
pub struct Noughts;

/// The two sides, in turn order.
const SIDES: [Seat; 2] = [Seat::Marines, Seat::Aliens];

/// The squares, numbered 0 to 8 row by row.
const SQUARES: u8 = 9;

/// The eight lines of three.
const LINES: [[u8; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// What lies on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Square {
    Free,
    Marked(Seat),
    Scorched,
}

/// The whole truth.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    squares: [Square; SQUARES as usize],
    /// Each side's mine, by side index, until it goes off or is disarmed.
    mines: [Option<u8>; 2],
    /// The side to move, by index.
    next: usize,
    ended: Option<Ending>,
}

/// How a match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Ending {
    Line(Seat),
    BoardFull,
}

/// Mined Noughts has no options.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {}

/// What a side may send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// Marks a free square.
    Mark { square: u8 },
}

/// A checked mark: by which side (index), on which free square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marking {
    side: usize,
    square: u8,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    Marked {
        seat: Seat,
        square: u8,
    },
    /// The other side's mine went off under `seat`'s try.
    MineWentOff {
        seat: Seat,
        square: u8,
    },
    /// `seat` marked its own mine; only `seat` is told.
    Disarmed {
        seat: Seat,
        square: u8,
    },
}

/// What one viewer may know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct View {
    pub squares: Vec<Square>,
    /// The viewer's own mine, still armed (a seat); both (omniscient); none (spectators).
    pub mines: Vec<u8>,
}

fn side(seat: Seat) -> Option<usize> {
    SIDES.iter().position(|&s| s == seat)
}

fn winner(squares: &[Square; SQUARES as usize]) -> Option<Seat> {
    LINES
        .iter()
        .find_map(|line| match squares[usize::from(line[0])] {
            Square::Marked(seat)
                if line
                    .iter()
                    .all(|&k| squares[usize::from(k)] == Square::Marked(seat)) =>
            {
                Some(seat)
            }
            _ => None,
        })
}

impl Game for Noughts {
    const ID: &'static str = "mined-noughts";
    const NAME: &'static str = "Mined Noughts";

    type Options = Options;
    type Config = ();
    type State = State;
    type Action = Action;
    type Checked = Marking;
    type View = View;
    type Event = Event;

    fn seats() -> Vec<Seat> {
        SIDES.to_vec()
    }

    fn options() -> serde_json::Value {
        serde_json::json!({})
    }

    fn configure(
        seats: &[Seat],
        scenario: Option<&str>,
        _options: Options,
    ) -> Result<(), SetupError> {
        SetupError::check_seats(seats, |seat| side(seat).is_some())?;
        if seats.len() != SIDES.len() {
            return Err(SetupError::Seats("Mined Noughts needs both sides".into()));
        }
        match scenario {
            Some(s) => Err(SetupError::UnknownScenario(s.into())),
            None => Ok(()),
        }
    }

    fn setup(_config: &(), dice: &mut Dice) -> State {
        let first = dice.below(u32::from(SQUARES)) as u8;
        let second = (first + 1 + dice.below(u32::from(SQUARES) - 1) as u8) % SQUARES;
        State {
            squares: [Square::Free; SQUARES as usize],
            mines: [Some(first), Some(second)],
            next: 0,
            ended: None,
        }
    }

    fn to_act(state: &State) -> Vec<Seat> {
        match state.ended {
            Some(_) => Vec::new(),
            None => vec![SIDES[state.next]],
        }
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        if state.ended.is_some() || side(seat) != Some(state.next) {
            return Vec::new();
        }
        (0..SQUARES)
            .filter(|&k| state.squares[usize::from(k)] == Square::Free)
            .map(|square| Action::Mark { square })
            .collect()
    }

    fn check(state: &State, seat: Seat, action: &Action) -> Result<Marking, RuleError> {
        if state.ended.is_some() {
            return Err(RuleError::game_over());
        }
        let me = side(seat).filter(|&me| me == state.next);
        let Some(me) = me else {
            return Err(RuleError::not_your_turn());
        };
        let Action::Mark { square } = *action;
        let Some(&Square::Free) = state.squares.get(usize::from(square)) else {
            return Err(RuleError::new(
                "square_not_free",
                format!("square {square} is not a free square (0 to 8)"),
            ));
        };
        Ok(Marking { side: me, square })
    }

    fn execute(state: &mut State, marking: Marking, _dice: &mut Dice) -> Vec<Told<Event>> {
        let Marking { side: me, square } = marking;
        let seat = SIDES[me];
        let other = 1 - me;
        let mut told = Vec::new();
        if state.mines[other] == Some(square) {
            state.mines[other] = None;
            state.squares[usize::from(square)] = Square::Scorched;
            told.push(Told::public(Event::MineWentOff { seat, square }));
        } else {
            if state.mines[me] == Some(square) {
                state.mines[me] = None;
                told.push(Told::secret(
                    Event::Disarmed { seat, square },
                    Audience::only(seat),
                ));
            }
            state.squares[usize::from(square)] = Square::Marked(seat);
            told.push(Told::public(Event::Marked { seat, square }));
        }
        state.next = other;
        state.ended = match winner(&state.squares) {
            Some(seat) => Some(Ending::Line(seat)),
            None if !state.squares.contains(&Square::Free) => Some(Ending::BoardFull),
            None => None,
        };
        told
    }

    fn view(state: &State, viewer: Viewer) -> View {
        let mines = match viewer {
            Viewer::Seat(seat) => side(seat)
                .and_then(|k| state.mines[k])
                .into_iter()
                .collect(),
            Viewer::Spectator => Vec::new(),
            Viewer::Omniscient => state.mines.iter().flatten().copied().collect(),
        };
        View {
            squares: state.squares.to_vec(),
            mines,
        }
    }

    // Only `Disarmed` is ever told secretly; the public events never reach `conceal`, so the
    // mutant answering `None` for every event changes nothing and survives the tests.
    fn conceal(event: &Event) -> Option<Event> {
        match event {
            Event::Disarmed { .. } => None,
            Event::Marked { .. } | Event::MineWentOff { .. } => Some(event.clone()),
        }
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.ended.map(|ending| match ending {
            Ending::Line(seat) => Outcome {
                winners: vec![seat],
                reason: "three_in_a_line".into(),
            },
            Ending::BoardFull => Outcome {
                winners: Vec::new(),
                reason: "board_full".into(),
            },
        })
    }
}

#[cfg(test)]
mod tests;
