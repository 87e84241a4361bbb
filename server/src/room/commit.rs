//! Group commit: rooms hand over their accepted commands and chat lines, and one task writes
//! whatever has queued up meanwhile in one transaction per kind, so many moves and lines share
//! one disk flush.

use std::sync::Arc;

use futures_util::future::BoxFuture;
use tokio::sync::{mpsc, oneshot};

use crate::store::{ChatRecord, CommandRecord, Store, StoreError, StoreResult};

/// The largest batch written in one transaction.
const MAX_BATCH: usize = 512;

type Done = oneshot::Sender<Result<(), CommitError>>;

/// A write waiting for its turn.
enum Pending {
    Command(CommandRecord, Done),
    Chat(ChatRecord, Done),
}

/// A command or chat line could not be made durable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommitError {
    /// The command's lease epoch is no longer the match's: another node of the cluster took
    /// the match over, and this node must stop running it.
    #[error("another node runs the match now")]
    Fenced,
    /// Any other failure, in a few words.
    #[error("the record could not be stored: {0}")]
    Failed(String),
}

impl From<StoreError> for CommitError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::Fenced => CommitError::Fenced,
            other => CommitError::Failed(other.to_string()),
        }
    }
}

/// The committer's task is gone (the server is stopping).
fn stopped() -> CommitError {
    CommitError::Failed("the writer has stopped".into())
}

/// The handle rooms use to make a command or a chat line durable.
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
        self.write(|done| Pending::Command(record, done)).await
    }

    /// Returns once the chat `line` is committed, or why it is not.
    pub async fn chat(&self, line: ChatRecord) -> Result<(), CommitError> {
        self.write(|done| Pending::Chat(line, done)).await
    }

    async fn write(&self, pending: impl FnOnce(Done) -> Pending) -> Result<(), CommitError> {
        let (done, answer) = oneshot::channel();
        self.tx.send(pending(done)).await.map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

/// What the committer writes in batches: each kind through its own store method.
trait Record: Sized + Send + Sync + 'static {
    fn append<'a>(store: &'a dyn Store, batch: &'a [Self]) -> BoxFuture<'a, StoreResult<()>>;
}

impl Record for CommandRecord {
    fn append<'a>(store: &'a dyn Store, batch: &'a [Self]) -> BoxFuture<'a, StoreResult<()>> {
        store.append_commands(batch)
    }
}

impl Record for ChatRecord {
    fn append<'a>(store: &'a dyn Store, batch: &'a [Self]) -> BoxFuture<'a, StoreResult<()>> {
        store.append_chat(batch)
    }
}

async fn run(store: Arc<dyn Store>, mut rx: mpsc::Receiver<Pending>) {
    let mut batch: Vec<Pending> = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let mut commands = Vec::new();
        let mut chat = Vec::new();
        for pending in batch.drain(..) {
            match pending {
                Pending::Command(record, done) => commands.push((record, done)),
                Pending::Chat(line, done) => chat.push((line, done)),
            }
        }
        if !commands.is_empty() {
            metrics::histogram!("xenotable_commit_batch_size").record(commands.len() as f64);
        }
        write_all(store.as_ref(), commands).await;
        write_all(store.as_ref(), chat).await;
    }
}

/// Writes `pending` in one transaction and tells each writer how it went.
async fn write_all<R: Record>(store: &dyn Store, pending: Vec<(R, Done)>) {
    if pending.is_empty() {
        return;
    }
    // The records apart from their answers, so the batch is written without a copy.
    let (records, dones): (Vec<R>, Vec<Done>) = pending.into_iter().unzip();
    match R::append(store, &records).await {
        Ok(()) => {
            for done in dones {
                let _ = done.send(Ok(()));
            }
        }
        // One bad record must not sink the others: write them one by one.
        Err(e) if records.len() > 1 => {
            tracing::warn!(error = %e, size = records.len(), "batch refused, retrying one by one");
            for (record, done) in records.iter().zip(dones) {
                let result = R::append(store, std::slice::from_ref(record))
                    .await
                    .map_err(CommitError::from);
                let _ = done.send(result);
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "record not stored");
            let error = CommitError::from(e);
            for done in dones {
                let _ = done.send(Err(error.clone()));
            }
        }
    }
}
