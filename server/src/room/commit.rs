//! Group commit: rooms hand over their accepted commands, and one task writes whatever has
//! queued up meanwhile in a single transaction, so many moves share one disk flush.

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use crate::store::{CommandRecord, Store};

/// The largest batch written in one transaction.
const MAX_BATCH: usize = 512;

type Pending = (CommandRecord, oneshot::Sender<Result<(), CommitError>>);

/// A command could not be made durable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the command could not be stored: {0}")]
pub struct CommitError(String);

/// The handle rooms use to make a command durable.
#[derive(Clone)]
pub struct Committer {
    tx: mpsc::Sender<Pending>,
}

impl Committer {
    /// Starts the writer task over `store`.
    pub fn spawn(store: Arc<dyn Store>) -> Committer {
        let (tx, rx) = mpsc::channel(4 * MAX_BATCH);
        tokio::spawn(run(store, rx));
        Committer { tx }
    }

    /// Returns once `record` is committed, or why it is not.
    pub async fn commit(&self, record: CommandRecord) -> Result<(), CommitError> {
        let (done, answer) = oneshot::channel();
        self.tx
            .send((record, done))
            .await
            .map_err(|_| CommitError("the writer has stopped".into()))?;
        answer
            .await
            .map_err(|_| CommitError("the writer has stopped".into()))?
    }
}

async fn run(store: Arc<dyn Store>, mut rx: mpsc::Receiver<Pending>) {
    let mut batch: Vec<Pending> = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let records: Vec<CommandRecord> = batch.iter().map(|(r, _)| r.clone()).collect();
        metrics::histogram!("xenotable_commit_batch_size").record(records.len() as f64);
        match store.append_commands(&records).await {
            Ok(()) => {
                for (_, done) in batch.drain(..) {
                    let _ = done.send(Ok(()));
                }
            }
            // One bad command must not sink the others: write them one by one.
            Err(e) if batch.len() > 1 => {
                tracing::warn!(error = %e, size = batch.len(), "batch refused, retrying one by one");
                for (record, done) in batch.drain(..) {
                    let result = store
                        .append_commands(std::slice::from_ref(&record))
                        .await
                        .map_err(|e| CommitError(e.to_string()));
                    let _ = done.send(result);
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "command not stored");
                for (_, done) in batch.drain(..) {
                    let _ = done.send(Err(CommitError(e.to_string())));
                }
            }
        }
    }
}
