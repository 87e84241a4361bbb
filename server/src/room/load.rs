//! Rebuilding a match from the store: seed + ordered command log = the match.

use serde_json::Value;
use xenotable_protocol::Seat;

use crate::games::{AnyMatch, MatchError, MatchSetup, new_match};
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

/// Applies one stored command.
pub fn apply_stored(game: &mut dyn AnyMatch, seat: &str, action: &Value) -> Result<(), MatchError> {
    let seat: Seat = seat
        .parse()
        .map_err(|_| MatchError::BadAction(format!("stored seat {seat:?}")))?;
    game.act(seat, action).map(drop)
}
