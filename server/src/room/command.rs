//! What changes a match: a seat's action or the room's clock expiry, and how the command log
//! stores each.
//!
//! The log keeps the form it has always had, so existing databases replay unchanged: a seat's
//! action under the seat's id, a clock expiry as the action `"TimeUp"` of the
//! [`Author::Clock`]. That action appears here only, where a command becomes a
//! [`CommandRecord`] and back.

use chrono::{DateTime, Utc};
use serde_json::Value;
use xenotable_protocol::Seat;

use crate::games::{AnyMatch, JsonEvent, MatchError};
use crate::ids::MatchId;
use crate::store::{Author, CommandRecord};

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
    "stored command {seq} is neither a seat's action nor the clock's TimeUp: {author} {action}"
)]
pub struct NotACommand {
    pub seq: i64,
    pub author: Author,
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

    /// The command as the log stores it, the `seq`-th of match `match_id`, accepted `at` by the
    /// holder of the match's lease `epoch` (`None` on a single node).
    pub fn record(
        self,
        match_id: MatchId,
        seq: i64,
        at: DateTime<Utc>,
        epoch: Option<i64>,
    ) -> CommandRecord {
        let (author, action) = match self {
            Command::Act { seat, action } => (Author::Seat(seat), action),
            Command::TimeUp => (Author::Clock, Value::from(TIME_UP)),
        };
        CommandRecord {
            match_id,
            seq,
            author,
            action,
            at,
            epoch,
        }
    }

    /// The command a stored one is.
    pub fn from_record(record: &CommandRecord) -> Result<Command, NotACommand> {
        match record.author {
            Author::Seat(seat) => Ok(Command::Act {
                seat,
                action: record.action.clone(),
            }),
            Author::Clock if record.action.as_str() == Some(TIME_UP) => Ok(Command::TimeUp),
            Author::Clock => Err(NotACommand {
                seq: record.seq,
                author: record.author,
                action: record.action.clone(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn nil() -> MatchId {
        MatchId::from(uuid::Uuid::nil())
    }

    fn stored(author: Author, action: Value) -> CommandRecord {
        CommandRecord {
            match_id: nil(),
            seq: 7,
            author,
            action,
            at: DateTime::UNIX_EPOCH,
            epoch: None,
        }
    }

    /// The log of existing databases: a clock expiry is `("clock", "TimeUp")`.
    #[test]
    fn a_clock_expiry_is_stored_as_it_always_was() {
        let record = Command::TimeUp.record(nil(), 7, DateTime::UNIX_EPOCH, None);
        assert_eq!(record, stored(Author::Clock, json!("TimeUp")));
        assert_eq!(Command::from_record(&record), Ok(Command::TimeUp));
    }

    #[test]
    fn a_seats_action_is_stored_under_the_seat() {
        let action = json!({"type": "move", "to": [3, 4]});
        let command = Command::Act {
            seat: Seat::Marines,
            action: action.clone(),
        };
        let record = command.clone().record(nil(), 7, DateTime::UNIX_EPOCH, None);
        assert_eq!(record, stored(Author::Seat(Seat::Marines), action));
        assert_eq!(Command::from_record(&record), Ok(command));
    }

    #[test]
    fn a_stored_clock_command_other_than_time_up_is_refused_not_dropped() {
        for action in [json!("Tick"), json!({"type": "TimeUp"}), json!(null)] {
            let err = Command::from_record(&stored(Author::Clock, action.clone())).unwrap_err();
            assert_eq!(
                (err.seq, err.author, &err.action),
                (7, Author::Clock, &action)
            );
        }
    }
}
