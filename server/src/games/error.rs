//! Why an action or a match setup was refused.

use std::borrow::Cow;

use thiserror::Error;

/// A refusal: an action the rules refuse, or a frame the room does. `code` is stable
/// snake_case for clients; the message is for people and names only what the sender may know.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct RuleError {
    code: &'static str,
    /// Borrowed when fixed text: refusals are cheap for legal-action filters that make many.
    message: Cow<'static, str>,
}

impl RuleError {
    /// A refusal with a stable `code` and a human `message`.
    pub fn new(code: &'static str, message: impl Into<Cow<'static, str>>) -> RuleError {
        RuleError {
            code,
            message: message.into(),
        }
    }

    pub fn code(&self) -> &'static str {
        self.code
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    /// The match is over; nobody acts any more.
    pub fn game_over() -> RuleError {
        RuleError::new("game_over", "the match is over")
    }

    /// It is not this seat's turn to act.
    pub fn not_your_turn() -> RuleError {
        RuleError::new("not_your_turn", "it is not your turn to act")
    }

    /// This action is not one the current step takes.
    pub fn wrong_phase(message: impl Into<Cow<'static, str>>) -> RuleError {
        RuleError::new("wrong_phase", message)
    }
}

/// A match that cannot be set up as asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("seat {0} does not exist in this game")]
    UnknownSeat(String),
    #[error("seat {0} is listed twice")]
    DuplicateSeat(String),
    #[error("{0}")]
    Seats(String),
    #[error("bad options: {0}")]
    Options(String),
    #[error("unknown scenario {0}")]
    UnknownScenario(String),
    #[error("bad scenario: {0}")]
    Scenario(#[from] ScenarioError),
}

impl SetupError {
    /// Checks that every seat is one the game knows and none is listed twice, in the order
    /// given (the first offender is named).
    pub fn check_seats(
        seats: &[xenotable_protocol::Seat],
        known: impl Fn(xenotable_protocol::Seat) -> bool,
    ) -> Result<(), SetupError> {
        for (k, seat) in seats.iter().enumerate() {
            if !known(*seat) {
                return Err(SetupError::UnknownSeat(seat.to_string()));
            }
            if seats[..k].contains(seat) {
                return Err(SetupError::DuplicateSeat(seat.to_string()));
            }
        }
        Ok(())
    }

    /// The stable code of this error.
    pub fn code(&self) -> &'static str {
        match self {
            SetupError::UnknownSeat(_) => "unknown_seat",
            SetupError::DuplicateSeat(_) => "duplicate_seat",
            SetupError::Seats(_) => "bad_seats",
            SetupError::Options(_) => "bad_options",
            SetupError::UnknownScenario(_) => "unknown_scenario",
            SetupError::Scenario(_) => "bad_scenario",
        }
    }
}

/// A scenario file that does not validate: the first error, where it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ScenarioError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    pub message: String,
}

impl ScenarioError {
    /// The error at `line`, `column` (both 1-based).
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> ScenarioError {
        ScenarioError {
            line,
            column,
            message: message.into(),
        }
    }
}
