//! The relaying side: a node serves sockets of a match another node runs.
//!
//! A [`Relay`] answers the same messages as a room, behind the same [`RoomHandle`], so the
//! socket and HTTP code cannot tell the two apart. It passes everything on to the owner over
//! NATS ([`super::wire`]):
//!
//! - a seat's connection is relayed on its own: the owner opens a connection of that seat in
//!   the room, its frames come back on an inbox of this node, and a pump hands them to the
//!   socket, untouched;
//! - all the node's spectators of the match share one connection of the owner's room, so the
//!   owner writes and sends each update once per node whatever the number of spectators here;
//!   a spectator who arrives while others watch is sent a `welcome` asked for again on that
//!   connection, in line with its updates. Spectators' own frames (pings; anything else is
//!   refused) are answered here.
//!
//! Every heartbeat the relay asks the owner whether it still runs the match. When it does not
//! answer (the node died, or was paused) the relay keeps its sockets, looks for the node that
//! runs the match next (another takes it over once the lease runs out, maybe this one), and
//! opens every connection again in that node's room: each socket gets the new room's `welcome`,
//! then its updates, as after the start of a match. Frames a seat sends meanwhile are refused
//! (`match_moved`: send again). If no node runs the match within a few leases, the relay hangs
//! up with 1012, as a room that moved does.
//!
//! Every message about a connection names the owner's lease epoch: a room numbers its
//! connections from 0, so one of a room that is gone is never taken for one of its successor.

use std::collections::HashMap;
use std::future::pending;
use std::time::Duration;

use async_nats::{Client, Subject, Subscriber};
use axum::extract::ws::Utf8Bytes;
use futures_util::StreamExt;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio::time::{MissedTickBehavior, interval_at};
use tracing::Instrument;

use super::wire::{self, End, FromOwner, ToOwner};
use crate::games::{RuleError, Viewer};
use crate::ids::MatchId;
use crate::room::frame::{answer_spectator, refused};
use crate::room::{HangUp, Inbox, Msg, Outbox, RoomHandle, RoomStatus};

/// How soon the owner is asked again when a relay opens or lost it and it has not answered.
const OWNER_RETRY: Duration = Duration::from_millis(50);

/// How many heartbeats a relay that lost its owner looks for the next one before it hangs up:
/// a few leases (a lease is three heartbeats), time for another node to take the match over.
const ORPHAN_HEARTBEATS: u32 = 15;

/// A match another node runs, as this node's sockets see it.
pub struct Relay {
    id: MatchId,
    nats: Client,
    subject: Subject,
    /// How often the owner is asked whether it still runs the match, and how long it may take
    /// to answer any request.
    heartbeat: Duration,
    seats: HashMap<u64, SeatLink>,
    spectators: Spectators,
    next_conn: u64,
    /// The lease epoch of the node the relay relays to.
    epoch: i64,
    /// Since when that node has not answered, while the relay looks for the next one.
    orphaned: Option<tokio::time::Instant>,
    /// Every socket has been hung up on: the relay stops.
    moved: bool,
    rx: Inbox,
}

/// A seat's connection, relayed on its own.
struct SeatLink {
    viewer: Viewer,
    /// The connection's number in the owner's room.
    owner_conn: u64,
    /// Where the pump takes the frames of the connection opened again in the next owner's room.
    relink: mpsc::Sender<Subscriber>,
    /// The socket's outbox, for what the relay answers itself (weak: the pump's end closes it).
    outbox_frames: mpsc::WeakSender<Utf8Bytes>,
    /// Dropped: the socket has gone, the pump stops. Fired: the pump hangs up on the socket.
    stop: oneshot::Sender<HangUp>,
    pump: JoinHandle<()>,
}

/// This node's spectators of the match, and the one connection of the owner's room they share.
#[derive(Default)]
struct Spectators {
    link: Option<SharedLink>,
    /// Spectators that have had their `welcome`, and get every frame since.
    watching: HashMap<u64, Outbox>,
    /// Spectators waiting for a `welcome` of their own.
    waiting: Vec<(u64, Outbox)>,
}

struct SharedLink {
    owner_conn: u64,
    frames: Subscriber,
    /// No frame has come yet: the first one is the link's own `welcome`.
    fresh: bool,
}

impl Spectators {
    fn is_empty(&self) -> bool {
        self.watching.is_empty() && self.waiting.is_empty()
    }

    fn count(&self) -> usize {
        self.watching.len() + self.waiting.len()
    }

    /// Hangs up on every spectator (`None`: lets them go, a normal close).
    fn end(&mut self, why: Option<HangUp>) {
        let outboxes = self.watching.drain().map(|(_, o)| o);
        for outbox in outboxes.chain(self.waiting.drain(..).map(|(_, o)| o)) {
            if let Some(why) = why {
                let _ = outbox.hang_up.send(why);
            }
            metrics::gauge!("xenotable_relayed_connections").decrement(1.0);
        }
        self.link = None;
    }

    /// A frame of the shared link: to the spectators waiting for it if it is the welcome they
    /// wait for (asked again, or the link's own first frame), to every watching one otherwise.
    fn deliver(&mut self, text: Utf8Bytes, asked_welcome: bool) {
        let fresh = self
            .link
            .as_mut()
            .is_some_and(|l| std::mem::take(&mut l.fresh));
        if asked_welcome || fresh {
            for (conn, outbox) in std::mem::take(&mut self.waiting) {
                if outbox.frames.try_send(text.clone()).is_ok() {
                    self.watching.insert(conn, outbox);
                } else {
                    let _ = outbox.hang_up.send(HangUp::TooSlow);
                    metrics::gauge!("xenotable_relayed_connections").decrement(1.0);
                }
            }
            return;
        }
        let mut gone = Vec::new();
        for (&conn, outbox) in &self.watching {
            match outbox.frames.try_send(text.clone()) {
                Ok(()) => {}
                Err(mpsc::error::TrySendError::Full(_)) => gone.push(conn),
                // The socket has gone; its disconnect is on its way.
                Err(mpsc::error::TrySendError::Closed(_)) => {}
            }
        }
        for conn in gone {
            if let Some(outbox) = self.watching.remove(&conn) {
                let _ = outbox.hang_up.send(HangUp::TooSlow);
                metrics::gauge!("xenotable_relayed_connections").decrement(1.0);
            }
        }
    }

    fn outbox(&self, conn: u64) -> Option<&Outbox> {
        self.watching.get(&conn).or_else(|| {
            self.waiting
                .iter()
                .find(|(c, _)| *c == conn)
                .map(|(_, o)| o)
        })
    }

    /// The shared link, opened again in the next owner's room: every spectator waits for its
    /// first frame, that room's `welcome`.
    fn relink(&mut self, owner_conn: u64, frames: Subscriber) {
        let watching: Vec<(u64, Outbox)> = self.watching.drain().collect();
        self.waiting.extend(watching);
        self.link = Some(SharedLink {
            owner_conn,
            frames,
            fresh: true,
        });
    }

    fn remove(&mut self, conn: u64) -> bool {
        let before = self.count();
        self.watching.remove(&conn);
        self.waiting.retain(|(c, _)| *c != conn);
        before != self.count()
    }
}

/// A relay of match `id` through `nats`, if its owner answers within `heartbeat`: the handle
/// the sockets use, and the relay, which serves them once it runs (`relay.run().await`, in a
/// task of its own). The owner is asked again meanwhile: a room that has just opened (its match
/// was created a moment ago) may not listen yet.
pub async fn open(nats: Client, id: MatchId, heartbeat: Duration) -> Option<(RoomHandle, Relay)> {
    let subject = Subject::from(wire::match_subject(id));
    let deadline = tokio::time::Instant::now() + heartbeat;
    let ping = ToOwner::Ping {
        epoch: None,
        conns: Vec::new(),
    };
    let epoch = loop {
        if let Some(FromOwner::Pong { epoch }) = ask(&nats, &subject, heartbeat, &ping).await {
            break epoch;
        }
        if tokio::time::Instant::now() >= deadline {
            return None;
        }
        tokio::time::sleep(OWNER_RETRY).await;
    };
    let (handle, rx) = RoomHandle::new();
    let relay = Relay {
        id,
        nats,
        subject,
        heartbeat,
        seats: HashMap::new(),
        spectators: Spectators::default(),
        next_conn: 0,
        epoch,
        orphaned: None,
        moved: false,
        rx,
    };
    Some((handle, relay))
}

/// Sends a request to the owner on `subject`: its answer, or `None` if none came in `wait`.
async fn ask(
    nats: &Client,
    subject: &Subject,
    wait: Duration,
    asked: &ToOwner,
) -> Option<FromOwner> {
    let payload = serde_json::to_vec(asked).ok()?;
    let request = nats.request(subject.clone(), payload.into());
    let answer = tokio::time::timeout(wait, request).await.ok()?.ok()?;
    serde_json::from_slice(&answer.payload).ok()
}

impl Relay {
    /// Serves the sockets until none is left for a heartbeat, or no node runs the match.
    pub async fn run(self) {
        let span = tracing::info_span!("relay", id = %self.id);
        self.serve().instrument(span).await;
    }

    async fn serve(mut self) {
        tracing::info!("relay open");
        let start = tokio::time::Instant::now() + self.heartbeat;
        let mut heartbeat = interval_at(start, self.heartbeat);
        heartbeat.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut retry = tokio::time::interval(OWNER_RETRY);
        retry.set_missed_tick_behavior(MissedTickBehavior::Delay);
        while !self.moved {
            tokio::select! {
                msg = self.rx.recv() => match msg {
                    Some(msg) => self.handle(msg).await,
                    None => break,
                },
                message = next_frame(self.spectators.link.as_mut()) => {
                    self.on_shared_frame(message);
                }
                _ = heartbeat.tick() => {
                    if self.seats.is_empty() && self.spectators.is_empty() {
                        break;
                    }
                    self.beat().await;
                }
                _ = retry.tick(), if self.orphaned.is_some() => self.find_owner().await,
            }
        }
        for (_, link) in std::mem::take(&mut self.seats) {
            self.disconnect(link.owner_conn).await;
        }
        if let Some(link) = self.spectators.link.take() {
            self.disconnect(link.owner_conn).await;
        }
        self.spectators.end(Some(HangUp::Moved));
        tracing::info!("relay closed");
    }

    /// The heartbeat: asks the owner whether it still runs the match (naming the connections
    /// the relay holds there); without an answer, the relay looks for the next owner.
    async fn beat(&mut self) {
        if self.orphaned.is_some() {
            return;
        }
        let ping = ToOwner::Ping {
            epoch: Some(self.epoch),
            conns: self.owner_conns(),
        };
        match self.ask(&ping).await {
            Some(FromOwner::Pong { epoch }) if epoch == self.epoch => {}
            _ => {
                tracing::warn!(epoch = self.epoch, "the match's node is gone");
                self.orphaned = Some(tokio::time::Instant::now());
            }
        }
    }

    /// Looks for the node that runs the match now, and reattaches to it; hangs up if none has
    /// for [`ORPHAN_HEARTBEATS`].
    async fn find_owner(&mut self) {
        let Some(since) = self.orphaned else {
            return;
        };
        if since.elapsed() > self.heartbeat * ORPHAN_HEARTBEATS {
            tracing::warn!("no node runs the match: hanging up");
            return self.hang_up_all();
        }
        let ping = ToOwner::Ping {
            epoch: None,
            conns: Vec::new(),
        };
        if let Some(FromOwner::Pong { epoch }) = self.ask(&ping).await {
            self.reattach(epoch).await;
        }
    }

    /// Opens every connection again in the room of the owner of lease `epoch`. Each socket gets
    /// that room's `welcome` first. If the owner stops answering midway, the relay stays
    /// orphaned and tries again (the connections opened meanwhile are let go by that owner,
    /// which no heartbeat will name them to).
    async fn reattach(&mut self, epoch: i64) {
        self.epoch = epoch;
        let seats: Vec<(u64, Viewer)> = self.seats.iter().map(|(&c, l)| (c, l.viewer)).collect();
        for (conn, viewer) in seats {
            let Some((owner_conn, frames)) = self.connect(viewer).await else {
                return;
            };
            if let Some(link) = self.seats.get_mut(&conn) {
                link.owner_conn = owner_conn;
                let _ = link.relink.send(frames).await;
            }
        }
        if !self.spectators.is_empty() {
            let Some((owner_conn, frames)) = self.connect(Viewer::Spectator).await else {
                return;
            };
            self.spectators.relink(owner_conn, frames);
        }
        tracing::info!(epoch, "reattached to the node that runs the match now");
        self.orphaned = None;
    }

    async fn disconnect(&self, conn: u64) {
        let epoch = self.epoch;
        self.tell(&ToOwner::Disconnect { epoch, conn }).await;
    }

    async fn ask(&self, asked: &ToOwner) -> Option<FromOwner> {
        ask(&self.nats, &self.subject, self.heartbeat, asked).await
    }

    /// The numbers of this relay's connections in the owner's room.
    fn owner_conns(&self) -> Vec<u64> {
        let seats = self.seats.values().map(|link| link.owner_conn);
        seats
            .chain(self.spectators.link.as_ref().map(|link| link.owner_conn))
            .collect()
    }

    /// Sends a message to the owner that asks no answer.
    async fn tell(&self, told: &ToOwner) {
        let Ok(payload) = serde_json::to_vec(told) else {
            return;
        };
        if let Err(e) = self
            .nats
            .publish(self.subject.clone(), payload.into())
            .await
        {
            tracing::warn!(error = %e, "cannot reach the match's node");
        }
    }

    async fn handle(&mut self, msg: Msg) {
        match msg {
            Msg::Connect {
                viewer,
                outbox,
                reply,
            } => {
                let conn = self.next_conn;
                self.next_conn += 1;
                let connected = match viewer {
                    Viewer::Spectator => self.watch(conn, outbox).await,
                    viewer => self.sit(conn, viewer, outbox).await,
                };
                if let Err(outbox) = connected {
                    // The owner did not answer: this socket reconnects (1012), and the relay
                    // looks for the node that runs the match now for the others.
                    let _ = outbox.hang_up.send(HangUp::Moved);
                    self.orphaned.get_or_insert_with(tokio::time::Instant::now);
                } else {
                    metrics::gauge!("xenotable_relayed_connections").increment(1.0);
                }
                let _ = reply.send(conn);
            }
            Msg::Disconnect { conn } => {
                if let Some(link) = self.seats.remove(&conn) {
                    link.pump.abort();
                    self.disconnect(link.owner_conn).await;
                    metrics::gauge!("xenotable_relayed_connections").decrement(1.0);
                } else if self.spectators.remove(conn) {
                    metrics::gauge!("xenotable_relayed_connections").decrement(1.0);
                    if self.spectators.is_empty()
                        && let Some(link) = self.spectators.link.take()
                    {
                        self.disconnect(link.owner_conn).await;
                    }
                }
            }
            Msg::Frame { conn, text } => {
                if let Some(link) = self.seats.get(&conn) {
                    if self.orphaned.is_some() {
                        let moving = RuleError::new(
                            "match_moved",
                            "the match is moving to another server; send it again after its welcome",
                        );
                        refused_here(&moving);
                        if let Some(socket) = link.outbox_frames.upgrade() {
                            let _ = socket.try_send(refused(&moving, None));
                        }
                        return;
                    }
                    let (epoch, conn) = (self.epoch, link.owner_conn);
                    let text = text.as_str().to_owned();
                    self.tell(&ToOwner::Frame { epoch, conn, text }).await;
                } else if let Some(outbox) = self.spectators.outbox(conn) {
                    let answer = answer_spectator(text.as_str()).unwrap_or_else(|(e, r)| {
                        refused_here(&e);
                        refused(&e, r)
                    });
                    let _ = outbox.frames.try_send(answer);
                }
            }
            Msg::SeatTaken {
                seat,
                name,
                token_hash,
            } => {
                self.tell(&ToOwner::SeatTaken {
                    seat,
                    name,
                    token_hash,
                })
                .await;
            }
            Msg::Status { reply } => {
                if let Some(FromOwner::Status { status }) = self.ask(&ToOwner::Status).await {
                    // The owner counts this node's shared link as one spectator.
                    let link = usize::from(self.spectators.link.is_some());
                    let _ = reply.send(RoomStatus {
                        spectators: status.spectators.saturating_sub(link)
                            + self.spectators.count(),
                        ..status
                    });
                }
            }
            Msg::Abandon { reply } => {
                if let Some(FromOwner::Abandoned { abandoned }) = self.ask(&ToOwner::Abandon).await
                {
                    let _ = reply.send(abandoned);
                }
            }
            Msg::Moved => self.hang_up_all(),
            // Only a room's own relayed connections are asked a welcome again.
            Msg::WelcomeAgain { .. } => {}
        }
    }

    /// Relays a seat's connection on its own; gives the outbox back if the owner is gone.
    async fn sit(&mut self, conn: u64, viewer: Viewer, outbox: Outbox) -> Result<(), Outbox> {
        let Some((owner_conn, frames)) = self.connect(viewer).await else {
            return Err(outbox);
        };
        let (stop, stopped) = oneshot::channel();
        let (relink, relinked) = mpsc::channel(1);
        let outbox_frames = outbox.frames.downgrade();
        let pump = tokio::spawn(pump(frames, relinked, outbox, stopped));
        self.seats.insert(
            conn,
            SeatLink {
                viewer,
                owner_conn,
                relink,
                outbox_frames,
                stop,
                pump,
            },
        );
        Ok(())
    }

    /// Adds a spectator: on the shared link, opened if it is the first, with a `welcome` asked
    /// for if others already watch.
    async fn watch(&mut self, conn: u64, outbox: Outbox) -> Result<(), Outbox> {
        match &self.spectators.link {
            Some(link) => {
                if self.spectators.waiting.is_empty() {
                    let (epoch, conn) = (self.epoch, link.owner_conn);
                    self.tell(&ToOwner::WelcomeAgain { epoch, conn }).await;
                }
            }
            None => {
                let Some((owner_conn, frames)) = self.connect(Viewer::Spectator).await else {
                    return Err(outbox);
                };
                self.spectators.link = Some(SharedLink {
                    owner_conn,
                    frames,
                    fresh: true,
                });
            }
        }
        self.spectators.waiting.push((conn, outbox));
        Ok(())
    }

    /// Opens a connection of `viewer` in the owner's room: its number there, and where its
    /// frames arrive (listened to before the owner is asked, so none is missed).
    async fn connect(&self, viewer: Viewer) -> Option<(u64, Subscriber)> {
        let viewer = wire::viewer_name(viewer)?;
        let inbox = self.nats.new_inbox();
        let frames = self.nats.subscribe(inbox.clone()).await.ok()?;
        match self.ask(&ToOwner::Connect { viewer, inbox }).await? {
            FromOwner::Connected { epoch, conn } if epoch == self.epoch => Some((conn, frames)),
            _ => None,
        }
    }

    /// A frame (or the end) of the spectators' shared link.
    fn on_shared_frame(&mut self, message: Option<async_nats::Message>) {
        let Some(message) = message else {
            // The NATS connection is gone: so is the link.
            return self.spectators.end(Some(HangUp::Moved));
        };
        match end_of(&message) {
            // The owner lost the match: the relay reattaches to the next one.
            Some(End::HungUp(HangUp::Moved)) => return,
            Some(End::HungUp(why)) => return self.spectators.end(Some(why)),
            Some(End::Released) => return self.spectators.end(None),
            None => {}
        }
        let asked = message
            .headers
            .as_ref()
            .is_some_and(|h| h.get(wire::ASKED_WELCOME).is_some());
        if let Ok(text) = Utf8Bytes::try_from(message.payload) {
            self.spectators.deliver(text, asked);
        }
    }

    /// Hangs up on every socket with [`HangUp::Moved`] (1012: reconnect), and stops.
    fn hang_up_all(&mut self) {
        for (_, link) in self.seats.drain() {
            let _ = link.stop.send(HangUp::Moved);
            metrics::gauge!("xenotable_relayed_connections").decrement(1.0);
        }
        self.spectators.end(Some(HangUp::Moved));
        self.moved = true;
    }
}

/// The next frame of the shared link, or never if there is none.
async fn next_frame(link: Option<&mut SharedLink>) -> Option<async_nats::Message> {
    match link {
        Some(link) => link.frames.next().await,
        None => pending().await,
    }
}

/// Why the owner ended a relayed connection, if this message ends it.
fn end_of(message: &async_nats::Message) -> Option<End> {
    let value = message.headers.as_ref()?.get(wire::END)?;
    Some(End::parse(value.as_str()))
}

fn refused_here(refusal: &RuleError) {
    metrics::counter!("xenotable_commands_refused_total", "code" => refusal.code()).increment(1);
}

/// Hands a relayed seat connection's frames to its socket, until the owner ends it, the socket
/// falls behind, or the relay stops it; from the connection `relinked` brings once the relay
/// has opened it again in the next owner's room.
async fn pump(
    mut frames: Subscriber,
    mut relinked: mpsc::Receiver<Subscriber>,
    outbox: Outbox,
    mut stop: oneshot::Receiver<HangUp>,
) {
    let Outbox {
        frames: socket,
        hang_up,
    } = outbox;
    loop {
        let message = tokio::select! {
            biased;
            why = &mut stop => {
                if let Ok(why) = why {
                    let _ = hang_up.send(why);
                }
                return;
            }
            Some(next) = relinked.recv() => {
                frames = next;
                continue;
            }
            message = frames.next() => message,
        };
        let Some(message) = message else {
            let _ = hang_up.send(HangUp::Moved);
            return;
        };
        match end_of(&message) {
            // The owner lost the match: the relay reattaches this connection to the next one.
            Some(End::HungUp(HangUp::Moved)) => continue,
            Some(End::HungUp(why)) => {
                let _ = hang_up.send(why);
                return;
            }
            Some(End::Released) => return,
            None => {}
        }
        let Ok(text) = Utf8Bytes::try_from(message.payload) else {
            continue;
        };
        match socket.try_send(text) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                let _ = hang_up.send(HangUp::TooSlow);
                return;
            }
            Err(mpsc::error::TrySendError::Closed(_)) => return,
        }
    }
}
