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
    #[error(transparent)]
    Command(#[from] NotACommand),
    #[error("stored command {seq} does not replay: {error}")]
    Replay { seq: i64, error: MatchError },
    #[error("the replay was interrupted")]
    Interrupted,
    /// Another node of the cluster runs the match (it holds the match's lease).
    #[error("another node runs the match")]
    OwnedElsewhere,
}

impl LoadError {
    /// Whether another node runs the match, rather than anything being wrong with it.
    pub fn owned_elsewhere(&self) -> bool {
        matches!(self, LoadError::OwnedElsewhere)
    }
}

/// The seats of a stored match, in their order.
pub fn seats(record: &MatchRecord) -> Vec<Seat> {
    record.seats.iter().map(|s| s.seat).collect()
}

/// A fresh match as the record describes it, before any command.
pub fn setup(record: &MatchRecord) -> Result<Box<dyn AnyMatch>, LoadError> {
    Ok(new_match(&MatchSetup {
        game: record.game,
        seats: seats(record),
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
        seqs.count(events);
    }
    Ok((game, seqs))
}

/// The status the log and the seats give a match (`outcome`: the game's, after the whole log),
/// whatever the store says: a match whose last stored command ended it is finished, and an open
/// match whose seats are all taken is live. The server may have died between storing that
/// command (or claim) and writing the status; and a match created with every seat taken becomes
/// live here, when its room first opens. Writes the correction and returns the true status.
pub async fn settle(
    store: &dyn Store,
    record: &MatchRecord,
    outcome: Option<Outcome>,
) -> Result<MatchStatus, LoadError> {
    let status = match outcome {
        Some(_) if !record.status.is_over() => MatchStatus::Finished,
        None if record.status == MatchStatus::Open && record.seats.iter().all(|s| s.taken()) => {
            MatchStatus::Live
        }
        _ => return Ok(record.status),
    };
    let outcome = outcome.and_then(|o| serde_json::to_value(&o).ok());
    store.set_status(record.id, status, outcome).await?;
    tracing::info!(id = %record.id, %status, "status taken from the log and the seats");
    Ok(status)
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
