//! Rebuilding a match from the store: seed + ordered command log = the match.

use xenotable_protocol::{Outcome, Seat};

use super::command::{Command, NotACommand};
use super::seqs::Seqs;
use crate::games::{AnyMatch, JsonEvent, MatchError, MatchSetup, new_match};
use crate::store::{CommandRecord, MatchRecord, MatchStatus, Store, StoreError};

/// Why a stored match could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored match cannot be set up again: {0}")]
    Setup(#[from] MatchError),
    #[error("stored seat {0:?} is not a seat")]
    Seat(String),
    #[error(transparent)]
    Command(#[from] NotACommand),
    #[error("stored command {seq} does not replay: {error}")]
    Replay { seq: i64, error: MatchError },
    #[error("the replay was interrupted")]
    Interrupted,
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

/// The match after every stored command, and the seq of each viewer. The replay itself runs
/// on the blocking pool: a long log must not hold up the rooms and sockets sharing the runtime.
pub async fn replay(
    store: &dyn Store,
    record: &MatchRecord,
) -> Result<(Box<dyn AnyMatch>, Seqs), LoadError> {
    let commands = store.commands(record.id).await?;
    let record = record.clone();
    tokio::task::spawn_blocking(move || replay_log(&record, &commands))
        .await
        .map_err(|_| LoadError::Interrupted)?
}

/// The match `record` describes after `commands`, and the seq of each viewer.
pub fn replay_log(
    record: &MatchRecord,
    commands: &[CommandRecord],
) -> Result<(Box<dyn AnyMatch>, Seqs), LoadError> {
    let mut game = setup(record)?;
    let mut seqs = Seqs::new(game.seats());
    for command in commands {
        let events = play_stored(game.as_mut(), command)?;
        seqs.count(&events);
    }
    Ok((game, seqs))
}

/// The status the log gives a match (`outcome`: the game's, after the whole log): a match whose
/// last stored command ended it is finished,
/// whatever the store says (the server may have died between storing that command and writing
/// the status). Writes the correction and returns the true status.
pub async fn settle(
    store: &dyn Store,
    record: &MatchRecord,
    outcome: Option<Outcome>,
) -> Result<MatchStatus, LoadError> {
    match outcome {
        Some(outcome) if !record.status.is_over() => {
            let outcome = serde_json::to_value(&outcome).ok();
            store
                .set_status(record.id, MatchStatus::Finished, outcome)
                .await?;
            tracing::info!(id = %record.id, "match found finished in its log");
            Ok(MatchStatus::Finished)
        }
        _ => Ok(record.status),
    }
}

/// Plays one stored command on `game`.
pub fn play_stored(
    game: &mut dyn AnyMatch,
    record: &CommandRecord,
) -> Result<Vec<JsonEvent>, LoadError> {
    Command::from_record(record)?
        .play(game)
        .map_err(|error| LoadError::Replay {
            seq: record.seq,
            error,
        })
}
