//! Rebuilding a match from the store: seed + ordered command log = the match.

use serde_json::Value;
use xenotable_protocol::Seat;

use crate::games::{AnyMatch, JsonEvent, MatchError, MatchSetup, new_match};
use crate::store::{MatchRecord, Store, StoreError};

/// Why a stored match could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored match cannot be set up again: {0}")]
    Setup(#[from] MatchError),
    #[error("stored seat {0:?} is not a seat")]
    Seat(String),
    #[error("stored command {seq} does not replay: {error}")]
    Replay { seq: i64, error: MatchError },
}

/// The seats of a stored match.
pub fn seats(record: &MatchRecord) -> Result<Vec<Seat>, LoadError> {
    record
        .seats
        .iter()
        .map(|s| s.seat.parse().map_err(|_| LoadError::Seat(s.seat.clone())))
        .collect()
}

/// A fresh match as the record describes it, before any command.
pub fn setup(record: &MatchRecord) -> Result<Box<dyn AnyMatch>, LoadError> {
    Ok(new_match(&MatchSetup {
        game: record.game.clone(),
        seats: seats(record)?,
        scenario: record.scenario_text.clone(),
        options: record.options.clone(),
        seed: record.seed as u64,
    })?)
}

/// The match after every stored command, and how many there were.
pub async fn replay(
    store: &dyn Store,
    record: &MatchRecord,
) -> Result<(Box<dyn AnyMatch>, u64), LoadError> {
    let mut game = setup(record)?;
    let commands = store.commands(record.id).await?;
    for command in &commands {
        apply_stored(game.as_mut(), &command.seat, &command.action).map_err(|error| {
            LoadError::Replay {
                seq: command.seq,
                error,
            }
        })?;
    }
    Ok((game, commands.len() as u64))
}

/// Who a clock expiry is logged under: the room itself, not a seat.
pub const CLOCK: &str = "clock";

/// The logged action of a clock expiry.
pub fn time_up_action() -> Value {
    Value::String("TimeUp".to_owned())
}

/// Applies one stored command: a seat's action, or the room's `TimeUp`.
pub fn apply_stored(
    game: &mut dyn AnyMatch,
    seat: &str,
    action: &Value,
) -> Result<Vec<JsonEvent>, MatchError> {
    if seat == CLOCK && *action == time_up_action() {
        return game.time_up();
    }
    let seat: Seat = seat
        .parse()
        .map_err(|_| MatchError::BadAction(format!("stored seat {seat:?}")))?;
    game.act(seat, action)
}
