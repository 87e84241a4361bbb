//! The owner's side of the relay: a room of this node answers the nodes that relay its match.
//!
//! For as long as the room runs, one task listens on the match's subject and turns each
//! message into the call a local socket would make on the room's handle. A relayed connection
//! is a connection of the room like any other: its outbox is drained by a task that publishes
//! each frame, as the room wrote it, to the relaying node's inbox, and says how it ended.

use std::collections::HashMap;
use std::time::Duration;

use async_nats::{Client, HeaderMap, Subject};
use axum::extract::ws::Utf8Bytes;
use futures_util::StreamExt;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, MissedTickBehavior};

use super::wire::{self, End, FromOwner, ToOwner};
use crate::ids::MatchId;
use crate::room::frame::ASKED_WELCOME_MARK;
use crate::room::{HangUp, Outbox, RoomHandle};

/// Frames queued for a relayed connection before the room hangs up on it as too slow. Its
/// drain only hands them to the NATS client, so it falls behind only if NATS does; one queue
/// may serve a whole node's spectators of the match, hence more room than a socket's.
const RELAYED_OUTBOX: usize = 1024;

/// How many heartbeats a relayed connection may go unnamed before the owner lets it go.
const MISSED_HEARTBEATS: u32 = 3;

/// Answers the relaying nodes of match `id` on behalf of `room`, which runs it under lease
/// `epoch`, until the room closes. The relays' heartbeats come every `heartbeat`.
pub fn serve(nats: Client, id: MatchId, room: RoomHandle, epoch: i64, heartbeat: Duration) {
    tokio::spawn(async move {
        let mut requests = match nats.subscribe(wire::match_subject(id)).await {
            Ok(requests) => requests,
            Err(e) => {
                tracing::error!(%id, error = %e, "cannot listen for relaying nodes");
                return;
            }
        };
        let mut owner = Owner {
            nats,
            room,
            epoch,
            heard: HashMap::new(),
        };
        let mut sweep = tokio::time::interval(heartbeat);
        sweep.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                () = owner.room.closed() => break,
                message = requests.next() => match message {
                    Some(message) => owner.answer(message).await,
                    None => break,
                },
                _ = sweep.tick() => owner.let_go_unheard(heartbeat * MISSED_HEARTBEATS).await,
            }
        }
        let _ = requests.unsubscribe().await;
    });
}

/// A room's side of its relays.
struct Owner {
    nats: Client,
    room: RoomHandle,
    /// The epoch of this node's lease on the match.
    epoch: i64,
    /// The relayed connections, and when a relay last named each.
    heard: HashMap<u64, Instant>,
}

impl Owner {
    /// Lets go of the relayed connections no relay has named for `patience`: their relaying
    /// node died or gave up on them, and a connection nobody reads must not count as a
    /// player at the table.
    async fn let_go_unheard(&mut self, patience: Duration) {
        let now = Instant::now();
        let unheard: Vec<u64> = self
            .heard
            .iter()
            .filter(|(_, at)| now.duration_since(**at) > patience)
            .map(|(&conn, _)| conn)
            .collect();
        for conn in unheard {
            self.heard.remove(&conn);
            tracing::info!(conn, "relayed connection unheard: let go");
            self.room.disconnect(conn).await;
        }
    }

    /// Does what one message from a relaying node asks, and answers it if it is a request.
    async fn answer(&mut self, message: async_nats::Message) {
        let (nats, room, epoch) = (&self.nats, &self.room, self.epoch);
        let asked: ToOwner = match serde_json::from_slice(&message.payload) {
            Ok(asked) => asked,
            Err(e) => {
                tracing::warn!(error = %e, "a relaying node sent what is not a relay message");
                return;
            }
        };
        let reply = match asked {
            // Meant for the room of another epoch: its connection numbers are not this room's.
            ToOwner::Frame { epoch: to, .. }
            | ToOwner::Disconnect { epoch: to, .. }
            | ToOwner::WelcomeAgain { epoch: to, .. }
                if to != epoch =>
            {
                None
            }
            ToOwner::Connect { viewer, inbox } => {
                let Some(viewer) = wire::parse_viewer(&viewer) else {
                    tracing::warn!(viewer, "a relaying node named no viewer");
                    return;
                };
                let (frames, queued) = mpsc::channel(RELAYED_OUTBOX);
                let (hang_up, hung_up) = oneshot::channel();
                match room.connect(viewer, Outbox { frames, hang_up }).await {
                    Ok(conn) => {
                        self.heard.insert(conn, Instant::now());
                        tokio::spawn(forward(nats.clone(), Subject::from(inbox), queued, hung_up));
                        Some(FromOwner::Connected { epoch, conn })
                    }
                    Err(_) => Some(FromOwner::Closed),
                }
            }
            ToOwner::Frame { conn, text, .. } => {
                let _ = room.frame(conn, Utf8Bytes::from(text)).await;
                None
            }
            ToOwner::Disconnect { conn, .. } => {
                self.heard.remove(&conn);
                room.disconnect(conn).await;
                None
            }
            ToOwner::WelcomeAgain { conn, .. } => {
                room.welcome_again(conn).await;
                None
            }
            ToOwner::SeatTaken {
                seat,
                name,
                token_hash,
            } => {
                room.seat_taken(seat, name, token_hash).await;
                None
            }
            ToOwner::Status => Some(match room.status().await {
                Ok(status) => FromOwner::Status { status },
                Err(_) => FromOwner::Closed,
            }),
            ToOwner::Abandon => Some(match room.abandon().await {
                Ok(abandoned) => FromOwner::Abandoned { abandoned },
                Err(_) => FromOwner::Closed,
            }),
            ToOwner::Ping { epoch: to, conns } => {
                if to == Some(epoch) {
                    let now = Instant::now();
                    for conn in conns {
                        if let Some(at) = self.heard.get_mut(&conn) {
                            *at = now;
                        }
                    }
                }
                Some(FromOwner::Pong { epoch })
            }
        };
        if let (Some(reply), Some(to)) = (reply, message.reply) {
            let payload = serde_json::to_vec(&reply).unwrap_or_default();
            if let Err(e) = nats.publish(to, payload.into()).await {
                tracing::warn!(error = %e, "cannot answer a relaying node");
            }
        }
    }
}

/// Publishes a relayed connection's frames to its node's `inbox` as the room queues them, then
/// how it ended. A hang-up wins over the frames still queued, as it does on a socket.
async fn forward(
    nats: Client,
    inbox: Subject,
    mut queued: mpsc::Receiver<Utf8Bytes>,
    hung_up: oneshot::Receiver<HangUp>,
) {
    let mut hung_up = Some(hung_up);
    let mut asked = false;
    let end = loop {
        let frame = match hung_up.as_mut() {
            Some(signal) => tokio::select! {
                biased;
                fired = signal => match fired {
                    Ok(why) => break End::HungUp(why),
                    Err(_) => {
                        hung_up = None;
                        continue;
                    }
                },
                frame = queued.recv() => frame,
            },
            None => queued.recv().await,
        };
        let Some(text) = frame else {
            break End::Released;
        };
        if text.as_str() == ASKED_WELCOME_MARK {
            asked = true;
            continue;
        }
        let bytes = axum::body::Bytes::from(text);
        let published = if std::mem::take(&mut asked) {
            let mut headers = HeaderMap::new();
            headers.insert(wire::ASKED_WELCOME, "1");
            nats.publish_with_headers(inbox.clone(), headers, bytes)
                .await
        } else {
            nats.publish(inbox.clone(), bytes).await
        };
        if let Err(e) = published {
            tracing::warn!(error = %e, "cannot relay a frame");
        }
    };
    let mut headers = HeaderMap::new();
    headers.insert(wire::END, end.as_str());
    let _ = nats
        .publish_with_headers(inbox, headers, axum::body::Bytes::new())
        .await;
}
