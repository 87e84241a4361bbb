//! Live matches: one task per match, the only writer of that match's state.
//!
//! [`channel`] makes the two halves of a room, as fishnet's actors are made: the
//! [`RoomHandle`] other tasks hold, and the [`Room`] itself, which owns the game, the
//! connections and the bots, and answers on the channels it is given once it runs. No lock is
//! ever held around game state: everything about a match happens in its own task, in order.

pub mod abandon;
mod actor;
mod command;
mod commit;
pub mod frame;
pub mod load;
mod seqs;
mod thinking;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{mpsc, oneshot};
use xenotable_protocol::Seat;

pub use actor::Room;
pub use command::{Command, NotACommand};
pub use commit::{CommitError, Committer};
pub use seqs::Seqs;

use crate::bots::Budget;
use crate::cluster::Cluster;
use crate::games::Viewer;
use crate::http::rate::Rate;
use crate::ids::MatchId;
use crate::store::{ChatRecord, MatchRecord, MatchStatus, SavedClock, Store, TokenHash};

/// What a room needs from the server around it.
#[derive(Clone)]
pub struct RoomContext {
    pub store: Arc<dyn Store>,
    pub committer: Committer,
    /// How long a bot waits before it moves, so people can follow a bot's play.
    pub bot_delay: Duration,
    /// How long a searching (`strong`) bot may think over one decision.
    pub bot_budget: Budget,
    /// This node's leases, when it is one node of a cluster: a room runs only while the node
    /// holds its match's lease. `None`: a single node, which runs every match.
    pub cluster: Option<Cluster>,
    /// How fast each seat's connection may chat.
    pub chat_rate: Rate,
    /// In a match whose bots take over, how long a player may be away from the table (no
    /// connection of their seat open) before a bot takes over their seat: the live-match
    /// patience of abandonment (`--abandon-idle-after`).
    pub takeover_after: Duration,
}

/// Where a connection's frames go, as the room holds it.
pub struct Outbox {
    /// Its frames, already serialized for its viewer. The room holds the only sender that
    /// keeps the channel open: once the room lets the connection go, its writer sees the end.
    pub frames: mpsc::Sender<Utf8Bytes>,
    /// Fired when the room closes the connection before the match is over: its frames piled
    /// up faster than it read them, or the match moved to another node of the cluster.
    pub hang_up: oneshot::Sender<HangUp>,
}

/// Why a room closed a connection while its match goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HangUp {
    /// Its frames piled up faster than it read them (1013: it may come back later).
    TooSlow,
    /// This node no longer runs the match: another node of the cluster took it over (1012:
    /// reconnect, to any node).
    Moved,
}

/// What a room tells the lobby about itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct RoomStatus {
    pub spectators: usize,
    pub connections: usize,
    /// Connections of people at a seat (not spectators).
    pub players: usize,
}

/// What a room's handle asks of it. A node of a cluster that relays a match another node runs
/// (`cluster::relay`) answers the same messages, so the sockets cannot tell the two apart.
pub(crate) enum Msg {
    Connect {
        viewer: Viewer,
        outbox: Outbox,
        reply: oneshot::Sender<u64>,
    },
    Disconnect {
        conn: u64,
    },
    Frame {
        conn: u64,
        text: Utf8Bytes,
    },
    SeatTaken {
        seat: Seat,
        name: String,
        token_hash: TokenHash,
    },
    Status {
        reply: oneshot::Sender<RoomStatus>,
    },
    Abandon {
        reply: oneshot::Sender<bool>,
    },
    /// Another node of the cluster has taken the match over: stop running it here.
    Moved,
    /// A fresh `welcome` for a connection already there, after the asked-welcome mark.
    WelcomeAgain {
        conn: u64,
    },
}

/// The stub of a room task (or of the relay of a room another node runs).
#[derive(Clone)]
pub struct RoomHandle {
    tx: mpsc::Sender<Msg>,
}

/// The queue of messages a room (or a relay) serves, as [`RoomHandle`]s send them.
pub(crate) type Inbox = mpsc::Receiver<Msg>;

/// What a room starts from: the match rebuilt from its log, and what the store kept beside it.
pub struct Loaded {
    game: Box<dyn crate::games::AnyMatch>,
    seqs: Seqs,
    /// The status the log gives the match (see [`load::settle`]).
    status: MatchStatus,
    saved_clock: Option<SavedClock>,
    chat: Vec<ChatRecord>,
    /// The epoch of this node's lease on the match, stored with every command (cluster only).
    epoch: Option<i64>,
}

impl Loaded {
    /// Rebuilds the match `record` describes from its log in the store, settles its status
    /// (see [`load::settle`]) and reads its chat and its saved clock. In a cluster, takes the
    /// match's lease first ([`load::LoadError::OwnedElsewhere`] if another node holds it), so
    /// the log read after holds every command the match's previous node stored.
    pub async fn load(ctx: &RoomContext, record: &MatchRecord) -> Result<Loaded, load::LoadError> {
        let epoch = match &ctx.cluster {
            Some(cluster) => Some(
                cluster
                    .take(record.id)
                    .await?
                    .ok_or(load::LoadError::OwnedElsewhere)?,
            ),
            None => None,
        };
        let (game, seqs) = load::replay(ctx.store.as_ref(), record).await?;
        let status = load::settle(ctx.store.as_ref(), record, game.outcome()).await?;
        let chat = ctx.store.chat(record.id, actor::CHAT_HISTORY).await?;
        let saved_clock = match ctx.store.saved_clock(record.id).await {
            Ok(saved) => saved,
            Err(e) => {
                tracing::warn!(id = %record.id, error = %e, "cannot read the saved clock");
                None
            }
        };
        Ok(Loaded {
            game,
            seqs,
            status,
            saved_clock,
            chat,
            epoch,
        })
    }
}

/// A room for the match `record`, as `loaded` from the store: the handle other tasks hold, and
/// the room, which serves them once it runs (`room.run().await`, in a task of its own).
pub fn channel(ctx: RoomContext, record: &MatchRecord, loaded: Loaded) -> (RoomHandle, Room) {
    let (handle, rx) = RoomHandle::new();
    (handle, Room::new(ctx, record, loaded, rx))
}

/// The room has stopped (its match finished and everyone left, or the server is stopping).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the room has closed")]
pub struct RoomClosed;

impl RoomHandle {
    /// A handle and the queue it sends to, for a task that serves a room's messages.
    pub(crate) fn new() -> (RoomHandle, Inbox) {
        let (tx, rx) = mpsc::channel(256);
        (RoomHandle { tx }, rx)
    }

    /// Waits until the task behind the handle has stopped.
    pub async fn closed(&self) {
        self.tx.closed().await;
    }

    async fn ask<T>(&self, msg: impl FnOnce(oneshot::Sender<T>) -> Msg) -> Result<T, RoomClosed> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(msg(reply)).await.map_err(|_| RoomClosed)?;
        answer.await.map_err(|_| RoomClosed)
    }

    /// Adds a connection for `viewer`; its `welcome` is the first frame in its outbox.
    pub async fn connect(&self, viewer: Viewer, outbox: Outbox) -> Result<u64, RoomClosed> {
        self.ask(|reply| Msg::Connect {
            viewer,
            outbox,
            reply,
        })
        .await
    }

    /// Removes a connection.
    pub async fn disconnect(&self, conn: u64) {
        let _ = self.tx.send(Msg::Disconnect { conn }).await;
    }

    /// A text frame from a connection (the socket's own bytes, not copied); answers go to its
    /// outbox.
    pub async fn frame(&self, conn: u64, text: Utf8Bytes) -> Result<(), RoomClosed> {
        self.tx
            .send(Msg::Frame { conn, text })
            .await
            .map_err(|_| RoomClosed)
    }

    /// Another node of the cluster has taken the match over: the room hangs up on every
    /// connection (1012, so they reconnect) and stops, its bots and its clock with it.
    pub async fn moved(&self) {
        let _ = self.tx.send(Msg::Moved).await;
    }

    /// A fresh `welcome` for connection `conn`, behind the asked-welcome mark
    /// ([`frame::write_asked_welcome_mark`]): for a connection a node shares among several
    /// spectators, when another of them arrives.
    pub async fn welcome_again(&self, conn: u64) {
        let _ = self.tx.send(Msg::WelcomeAgain { conn }).await;
    }

    /// A player has claimed an open seat (already recorded in the store).
    pub async fn seat_taken(&self, seat: Seat, name: String, token_hash: TokenHash) {
        let _ = self
            .tx
            .send(Msg::SeatTaken {
                seat,
                name,
                token_hash,
            })
            .await;
    }

    /// Who is connected.
    pub async fn status(&self) -> Result<RoomStatus, RoomClosed> {
        self.ask(|reply| Msg::Status { reply }).await
    }

    /// Ends the match as abandoned, unless a player is connected or it is already over;
    /// `true` if it was abandoned (the room then tells everyone and closes).
    pub async fn abandon(&self) -> Result<bool, RoomClosed> {
        self.ask(|reply| Msg::Abandon { reply }).await
    }
}

/// Every room of this server, by match id, and (a node of a cluster) the relays of the matches
/// other nodes run. The locks guard the maps only, never a match.
#[derive(Clone, Default)]
pub struct Rooms {
    map: Arc<Mutex<HashMap<MatchId, RoomHandle>>>,
    relays: Arc<Mutex<HashMap<MatchId, RoomHandle>>>,
}

/// The open handle of `id` in `map`.
fn live(map: &Mutex<HashMap<MatchId, RoomHandle>>, id: MatchId) -> Option<RoomHandle> {
    let map = map.lock().unwrap_or_else(|e| e.into_inner());
    map.get(&id).filter(|h| !h.tx.is_closed()).cloned()
}

impl Rooms {
    /// The live room of a match, if this node runs it.
    pub fn get(&self, id: MatchId) -> Option<RoomHandle> {
        live(&self.map, id)
    }

    /// The match as this node serves it: its live room, or its relay to the node that runs it.
    pub fn find(&self, id: MatchId) -> Option<RoomHandle> {
        self.get(id).or_else(|| live(&self.relays, id))
    }

    /// The room of a stored match: the live one, or a new one rebuilt from the store (which
    /// may find the match over, and then serves its final position). In a cluster, a match
    /// another node runs is relayed to it ([`crate::cluster::relay`]); if that node does not
    /// answer either, [`load::LoadError::OwnedElsewhere`].
    pub async fn open(
        &self,
        ctx: &RoomContext,
        record: &MatchRecord,
    ) -> Result<RoomHandle, load::LoadError> {
        if let Some(handle) = self.find(record.id) {
            return Ok(handle);
        }
        match Loaded::load(ctx, record).await {
            Ok(loaded) => Ok(self.spawn(ctx, record, loaded)),
            Err(load::LoadError::OwnedElsewhere) => match &ctx.cluster {
                Some(cluster) => self.relay(cluster, record.id).await,
                None => Err(load::LoadError::OwnedElsewhere),
            },
            Err(e) => Err(e),
        }
    }

    /// The relay of match `id`, which another node runs: the open one, or a new one if that
    /// node answers.
    async fn relay(&self, cluster: &Cluster, id: MatchId) -> Result<RoomHandle, load::LoadError> {
        let nats = cluster.nats().ok_or(load::LoadError::OwnedElsewhere)?;
        let (handle, relay) = crate::cluster::relay::open(nats.clone(), id, cluster.heartbeat())
            .await
            .ok_or(load::LoadError::OwnedElsewhere)?;
        let mut relays = self.relays.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(open) = relays.get(&id).filter(|h| !h.tx.is_closed()) {
            return Ok(open.clone());
        }
        relays.insert(id, handle.clone());
        let rooms = self.clone();
        tokio::spawn(async move {
            relay.run().await;
            let mut relays = rooms.relays.lock().unwrap_or_else(|e| e.into_inner());
            if relays.get(&id).is_some_and(|h| h.tx.is_closed()) {
                relays.remove(&id);
            }
        });
        Ok(handle)
    }

    /// At start: rebuilds an unfinished match and opens its room, unless its log shows it
    /// over (`Ok(None)`; its status is corrected).
    pub async fn resume(
        &self,
        ctx: &RoomContext,
        record: &MatchRecord,
    ) -> Result<Option<RoomHandle>, load::LoadError> {
        let loaded = Loaded::load(ctx, record).await?;
        if loaded.status.is_over() {
            return Ok(None);
        }
        Ok(Some(self.spawn(ctx, record, loaded)))
    }

    fn spawn(&self, ctx: &RoomContext, record: &MatchRecord, loaded: Loaded) -> RoomHandle {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(handle) = map.get(&record.id).filter(|h| !h.tx.is_closed()) {
            return handle.clone();
        }
        let epoch = loaded.epoch;
        let (handle, room) = channel(ctx.clone(), record, loaded);
        map.insert(record.id, handle.clone());
        if let Some(cluster) = &ctx.cluster {
            // This node runs the match now. Its relay of the match, if it had one, finds the
            // node it relayed to gone and reattaches its sockets here, through NATS like any
            // other relay's; new sockets come to the room itself.
            if let (Some(nats), Some(epoch)) = (cluster.nats(), epoch) {
                let heartbeat = cluster.heartbeat();
                let id = record.id;
                crate::cluster::owner::serve(nats.clone(), id, handle.clone(), epoch, heartbeat);
            }
        }
        metrics::gauge!("xenotable_live_rooms").increment(1.0);
        let rooms = self.clone();
        let id = record.id;
        let cluster = ctx.cluster.clone();
        tokio::spawn(async move {
            room.run().await;
            rooms.remove_closed(id);
            metrics::gauge!("xenotable_live_rooms").decrement(1.0);
            if let Some(cluster) = cluster {
                cluster.release(id).await;
            }
        });
        handle
    }

    fn remove_closed(&self, id: MatchId) {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if map.get(&id).is_some_and(|h| h.tx.is_closed()) {
            map.remove(&id);
        }
    }
}

#[cfg(test)]
mod tests;
