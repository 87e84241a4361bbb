//! What changes a match: a seat's action or the room's clock expiry, and how the command log
//! stores each.
//!
//! The log keeps the form it has always had, so existing databases replay unchanged: a seat's
//! action under the seat's id, a clock expiry as the action `"TimeUp"` of the pseudo-seat
//! `"clock"`. Those strings appear here only, where a command becomes a [`CommandRecord`] and
//! back.

use chrono::{DateTime, Utc};
use serde_json::Value;
use uuid::Uuid;
use xenotable_protocol::Seat;

use crate::games::{AnyMatch, JsonEvent, MatchError};
use crate::store::CommandRecord;

/// The stored seat of a clock expiry: the room itself, not a seat.
const CLOCK: &str = "clock";

/// The stored action of a clock expiry.
const TIME_UP: &str = "TimeUp";

/// One command of a match's log.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// A seat's action, as JSON: its game reads it.
    Act { seat: Seat, action: Value },
    /// The running clock ran out: the room plays the game's `TimeUp`.
    TimeUp,
}

/// A stored command that is neither a seat's action nor the clock's expiry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "stored command {seq} is neither a seat's action nor the clock's TimeUp: {seat:?} {action}"
)]
pub struct NotACommand {
    pub seq: i64,
    pub seat: String,
    pub action: Value,
}

impl Command {
    /// Plays the command on `game`; on `Err` nothing changed.
    pub fn play(&self, game: &mut dyn AnyMatch) -> Result<Vec<JsonEvent>, MatchError> {
        match self {
            Command::Act { seat, action } => game.act(*seat, action),
            Command::TimeUp => game.time_up(),
        }
    }

    /// The command as the log stores it, the `seq`-th of match `match_id`, accepted `at`.
    pub fn record(self, match_id: Uuid, seq: i64, at: DateTime<Utc>) -> CommandRecord {
        let (seat, action) = match self {
            Command::Act { seat, action } => (seat.to_string(), action),
            Command::TimeUp => (CLOCK.to_owned(), Value::from(TIME_UP)),
        };
        CommandRecord {
            match_id,
            seq,
            seat,
            action,
            at,
        }
    }

    /// The command a stored one is.
    pub fn from_record(record: &CommandRecord) -> Result<Command, NotACommand> {
        let not_a_command = || NotACommand {
            seq: record.seq,
            seat: record.seat.clone(),
            action: record.action.clone(),
        };
        if record.seat == CLOCK {
            return match record.action.as_str() {
                Some(TIME_UP) => Ok(Command::TimeUp),
                _ => Err(not_a_command()),
            };
        }
        let seat = record.seat.parse().map_err(|_| not_a_command())?;
        Ok(Command::Act {
            seat,
            action: record.action.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn stored(seat: &str, action: Value) -> CommandRecord {
        CommandRecord {
            match_id: Uuid::nil(),
            seq: 7,
            seat: seat.to_owned(),
            action,
            at: DateTime::UNIX_EPOCH,
        }
    }

    /// The log of existing databases: a clock expiry is `("clock", "TimeUp")`.
    #[test]
    fn a_clock_expiry_is_stored_as_it_always_was() {
        let record = Command::TimeUp.record(Uuid::nil(), 7, DateTime::UNIX_EPOCH);
        assert_eq!(record, stored("clock", json!("TimeUp")));
        assert_eq!(Command::from_record(&record), Ok(Command::TimeUp));
    }

    #[test]
    fn a_seats_action_is_stored_under_the_seat() {
        let action = json!({"type": "move", "to": [3, 4]});
        let command = Command::Act {
            seat: Seat::Marines,
            action: action.clone(),
        };
        let record = command.clone().record(Uuid::nil(), 7, DateTime::UNIX_EPOCH);
        assert_eq!(record, stored("marines", action));
        assert_eq!(Command::from_record(&record), Ok(command));
    }

    #[test]
    fn a_stored_command_of_no_seat_is_refused_not_dropped() {
        for (seat, action) in [
            ("nobody", json!("TimeUp")),
            ("clock", json!("Tick")),
            ("clock", json!({"type": "TimeUp"})),
            ("", json!(null)),
        ] {
            let err = Command::from_record(&stored(seat, action.clone())).unwrap_err();
            assert_eq!(
                (err.seq, err.seat.as_str(), &err.action),
                (7, seat, &action)
            );
        }
    }
}
