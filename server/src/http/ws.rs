//! `GET /ws/matches/{id}`: the match WebSocket. With `?token=` it is a seat's connection,
//! without one a spectator's. These tasks only move frames (the room decides everything), and
//! keep the connection's limits: its frame rate, its message size, its silence, and how far
//! behind its reading may fall.

use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocketUpgrade, close_code};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::Response;
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use serde::Deserialize;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, MissedTickBehavior};
use tokio_tungstenite::tungstenite;
use tracing::Instrument;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use xenotable_protocol::Seat;

use super::json::Params;
use super::matches::{find, parse_id};
use super::rate::{Rate, TokenBucket};
use super::{AppState, HttpError};
use crate::games::{RuleError, Viewer};
use crate::room::frame::refused;
use crate::room::{HangUp, Outbox, RoomHandle};
use crate::tokens;

/// tungstenite's read buffer: allocated whole for every connection, so kept small (its default,
/// 128 KiB, would be most of an idle connection's memory). A client's frames are a few hundred
/// bytes (an act, a chat line); a larger one grows the buffer as it arrives.
const READ_BUFFER: usize = 1024;

/// How many bytes of queued frames the writer gathers into one write to the socket. Under load a
/// connection's updates queue up while its task waits for a turn; one write for all of them costs
/// one syscall and one loopback/TCP segment instead of one each. Small, because tungstenite keeps
/// its write buffer's capacity for the life of the connection.
const WRITE_BATCH: usize = 8 * 1024;

/// How long a closing connection's last frame may take to leave before the socket is dropped.
const CLOSE_WAIT: Duration = Duration::from_secs(5);

/// A refused frame that ends refusals this long ago starts a new spell of abuse.
const ABUSE_PAUSE: Duration = Duration::from_secs(1);

/// What one WebSocket connection may do.
#[derive(Debug, Clone, Copy)]
pub struct WsLimits {
    /// Frames it may send.
    pub frames: Rate,
    /// How long it may stay over its frame rate before it is closed (1008).
    pub abuse: Duration,
    /// The largest message it may send; a larger one closes it (1009).
    pub max_message: usize,
    /// How often the server pings it.
    pub ping_interval: Duration,
    /// How long it may stay silent before it is dropped.
    pub idle_timeout: Duration,
    /// Frames queued for it before it is closed as too slow (1013).
    pub outbox: usize,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upgrade))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct WsQuery {
    /// A seat's token: the connection plays that seat. Without one, it watches as a spectator.
    token: Option<String>,
    /// The seat the token is expected to open (refused if it opens another).
    seat: Option<String>,
}

/// The match WebSocket: a WebSocket upgrade (`Connection: Upgrade`, `Upgrade: websocket`).
/// With `token`, a seat's connection; without, a spectator's. Its JSON text frames are
/// described by `GET /api/schema/frames` and the game's `GET /api/schema/{game}`.
#[utoipa::path(
    get,
    path = "/ws/matches/{id}",
    tag = "match",
    params(("id" = String, Path, description = "The match id (a UUID)"), WsQuery),
    responses((status = 101, description = "Switching Protocols: the socket is open; the first frame is `welcome`"))
)]
async fn upgrade(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Params(query): Params<WsQuery>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, HttpError> {
    // axum's own refusal is plain text; this one speaks the API's error format.
    let ws = ws.map_err(|e| {
        HttpError::bad_request(
            "not_websocket",
            format!(
                "this is a WebSocket: open it with an upgrade ({})",
                e.body_text()
            ),
        )
    })?;
    if !origin_allowed(&headers, &app.limits.allowed_origins) {
        return Err(HttpError::new(
            StatusCode::FORBIDDEN,
            "bad_origin",
            "pages of another site may not open this server's WebSockets",
        ));
    }
    let id = parse_id(&id)?;
    let record = find(&app, id).await?;
    // Who it is comes from the stored seats, before any room is opened: a wrong token must
    // not cost a replay of the match.
    let viewer = match (&query.token, &query.seat) {
        (None, None) => Viewer::Spectator,
        (None, Some(_)) => {
            return Err(HttpError::unauthorized(
                "token_required",
                "a seat needs its token",
            ));
        }
        (Some(token), wanted) => {
            let hash = tokens::hash(token);
            let seat = record
                .seats
                .iter()
                .find(|s| s.token_hash == Some(hash))
                .map(|s| s.seat)
                .ok_or_else(|| {
                    HttpError::unauthorized("bad_token", "that token opens no seat of this match")
                })?;
            if wanted
                .as_ref()
                .is_some_and(|w| w.parse::<Seat>().ok() != Some(seat))
            {
                return Err(HttpError::unauthorized(
                    "bad_token",
                    "that token opens another seat",
                ));
            }
            Viewer::Seat(seat)
        }
    };
    let room = app.rooms.open(&app.room_ctx, &record).await?;
    let span = tracing::info_span!("connection", match_id = %id, viewer = ?viewer);
    let limits = app.limits.ws;
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        // Frames wait in the buffer until the writer flushes its batch (see `WRITE_BATCH`).
        .write_buffer_size(WRITE_BATCH)
        .max_message_size(limits.max_message)
        .max_frame_size(limits.max_message)
        .on_upgrade(move |socket| {
            let (sink, stream) = socket.split();
            serve(sink, stream, room, viewer, limits).instrument(span)
        }))
}

/// Whether the page asking for the socket (its `Origin`) is this site's or an allowed one; a
/// request without `Origin` does not come from a browser page, and is let in.
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed
        .iter()
        .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    matches!((authority, host), (Some(a), Some(h)) if a.eq_ignore_ascii_case(h))
}

/// Why the server ends a connection, and what it says as it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Goodbye {
    /// The peer closed, or the connection broke: nothing more to say.
    Left,
    /// The room let the connection go (the match was abandoned): a normal close.
    Released,
    /// A message over the size limit: 1009.
    TooBig,
    /// Over its frame rate for too long: 1008.
    Abuse,
    /// Nothing heard, not even an answer to a ping, for the idle timeout: 1001.
    Silent,
    /// Its frames piled up faster than it read them: 1013.
    TooSlow,
    /// Another node of the cluster runs the match now: 1012, reconnect.
    Moved,
}

impl Goodbye {
    fn close_frame(self) -> Option<CloseFrame> {
        let (code, reason) = match self {
            Goodbye::Left => return None,
            Goodbye::Released => (close_code::NORMAL, "the match is over"),
            Goodbye::TooBig => (close_code::SIZE, "message too big"),
            Goodbye::Abuse => (close_code::POLICY, "too many frames"),
            Goodbye::Silent => (close_code::AWAY, "nothing heard"),
            Goodbye::TooSlow => (close_code::AGAIN, "too slow"),
            Goodbye::Moved => (close_code::RESTART, "the match moved to another server"),
        };
        Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        })
    }
}

/// Serves one connection of `viewer` to `room` over any sink and stream of WebSocket messages:
/// the halves of an upgraded socket, or channels in the tests (axum's `testing-websockets`).
async fn serve<W, R>(mut sink: W, stream: R, room: RoomHandle, viewer: Viewer, limits: WsLimits)
where
    W: Sink<Message> + Send + Unpin + 'static,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let (frames, queued) = mpsc::channel(limits.outbox);
    let (room_hang_up, room_hung_up) = oneshot::channel();
    // The reader's refusals go through a weak sender: once the room lets go of the connection,
    // nothing keeps its outbox open.
    let replies = frames.downgrade();
    let outbox = Outbox {
        frames,
        hang_up: room_hang_up,
    };
    let Ok(conn) = room.connect(viewer, outbox).await else {
        let _ = sink.close().await;
        return;
    };
    tracing::debug!(conn, "connected");
    let (hang_up, hung_up) = oneshot::channel();
    let signals = Signals {
        room: Some(room_hung_up),
        hung_up,
    };
    let mut writer = tokio::spawn(write(sink, queued, signals, limits.ping_interval));
    let goodbye = tokio::select! {
        goodbye = read(stream, &room, conn, &replies, limits) => Some(goodbye),
        _ = &mut writer => None,
    };
    // The reason first: the room letting go would end the writer too, as a normal close.
    if let Some(goodbye) = goodbye {
        let _ = hang_up.send(goodbye);
    }
    room.disconnect(conn).await;
    if goodbye.is_some() {
        let _ = writer.await;
    }
    tracing::debug!(conn, ?goodbye, "disconnected");
}

/// Reads the peer's frames and hands text to the room, until the connection has to end.
async fn read(
    mut stream: impl Stream<Item = Result<Message, axum::Error>> + Unpin,
    room: &RoomHandle,
    conn: u64,
    replies: &mpsc::WeakSender<Utf8Bytes>,
    limits: WsLimits,
) -> Goodbye {
    let mut bucket = TokenBucket::new(limits.frames, std::time::Instant::now());
    let mut abuse = Abuse::default();
    let rate_limited = refused(
        &RuleError::new(
            "rate_limited",
            format!(
                "at most {} frames at once, then {} a second: this one was dropped",
                limits.frames.burst, limits.frames.per_second
            ),
        ),
        None,
    );
    loop {
        let message = match tokio::time::timeout(limits.idle_timeout, stream.next()).await {
            Err(_) => return Goodbye::Silent,
            Ok(None) => return Goodbye::Left,
            Ok(Some(Err(e))) => {
                return if too_big(e) {
                    Goodbye::TooBig
                } else {
                    Goodbye::Left
                };
            }
            Ok(Some(Ok(Message::Close(_)))) => return Goodbye::Left,
            Ok(Some(Ok(message))) => message,
        };
        let now = std::time::Instant::now();
        if bucket.take(now).is_err() {
            if abuse.refused(now) >= limits.abuse {
                return Goodbye::Abuse;
            }
            if matches!(message, Message::Text(_) | Message::Binary(_)) {
                reply(replies, rate_limited.clone());
            }
            continue;
        }
        match message {
            Message::Text(text) => {
                if room.frame(conn, text).await.is_err() {
                    return Goodbye::Released;
                }
            }
            Message::Binary(_) => {
                let refusal = RuleError::new("binary_not_supported", "send JSON text frames");
                reply(replies, refused(&refusal, None));
            }
            // Any frame, a pong among them, shows the peer is there.
            Message::Ping(_) | Message::Pong(_) | Message::Close(_) => {}
        }
    }
}

/// Whether the socket failed on a message over the size limit.
fn too_big(error: axum::Error) -> bool {
    matches!(
        error.into_inner().downcast_ref::<tungstenite::Error>(),
        Some(tungstenite::Error::Capacity(_))
    )
}

/// Queues a frame for the peer, unless its outbox is full or gone (it is then being closed).
fn reply(replies: &mpsc::WeakSender<Utf8Bytes>, frame: Utf8Bytes) {
    if let Some(outbox) = replies.upgrade() {
        let _ = outbox.try_send(frame);
    }
}

/// How long a connection has been sending over its frame rate.
#[derive(Debug, Default)]
struct Abuse {
    since: Option<std::time::Instant>,
    last: Option<std::time::Instant>,
}

impl Abuse {
    /// A frame was refused at `now`: how long the refusals have gone on (a pause of
    /// [`ABUSE_PAUSE`] without one starts over).
    fn refused(&mut self, now: std::time::Instant) -> Duration {
        let since = match (self.since, self.last) {
            (Some(since), Some(last)) if now.saturating_duration_since(last) < ABUSE_PAUSE => since,
            _ => now,
        };
        self.since = Some(since);
        self.last = Some(now);
        now.saturating_duration_since(since)
    }
}

/// Sends `first` and the frames queued behind it, up to about [`WRITE_BATCH`] bytes of them, with
/// one flush.
async fn send_batch<S: Sink<Message> + Unpin>(
    sink: &mut S,
    first: Message,
    queued: &mut mpsc::Receiver<Utf8Bytes>,
) -> Result<(), S::Error> {
    sink.feed(first).await?;
    let mut batched = 0;
    while batched < WRITE_BATCH {
        let Ok(text) = queued.try_recv() else { break };
        batched += text.len();
        sink.feed(Message::Text(text)).await?;
    }
    sink.flush().await
}

/// What tells the writer to stop: the room (the connection is too slow, or the match moved),
/// or the reader.
struct Signals {
    /// `None` once the room has let go without a word.
    room: Option<oneshot::Receiver<HangUp>>,
    hung_up: oneshot::Receiver<Goodbye>,
}

impl Signals {
    /// Waits for a reason to stop. Cancel-safe.
    async fn next(&mut self) -> Goodbye {
        if let Some(room) = self.room.as_mut() {
            tokio::select! {
                fired = room => match fired {
                    Ok(HangUp::TooSlow) => return Goodbye::TooSlow,
                    Ok(HangUp::Moved) => return Goodbye::Moved,
                    Err(_) => {}
                },
                goodbye = &mut self.hung_up => return goodbye.unwrap_or(Goodbye::Left),
            }
            self.room = None;
        }
        (&mut self.hung_up).await.unwrap_or(Goodbye::Left)
    }
}

/// Sends the queued frames and the pings, until a signal (or the end of the queue) says to
/// stop; then says goodbye. Frames already queued together go out in one write.
async fn write(
    mut sink: impl Sink<Message> + Unpin,
    mut queued: mpsc::Receiver<Utf8Bytes>,
    mut signals: Signals,
    ping_interval: Duration,
) {
    let mut ping = tokio::time::interval_at(Instant::now() + ping_interval, ping_interval);
    ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let goodbye = loop {
        let message = tokio::select! {
            biased;
            goodbye = signals.next() => break goodbye,
            frame = queued.recv() => match frame {
                Some(text) => Message::Text(text),
                // The room has let go, and everything it said is sent.
                None => break Goodbye::Released,
            },
            _ = ping.tick() => Message::Ping(Bytes::new()),
        };
        tokio::select! {
            biased;
            goodbye = signals.next() => break goodbye,
            sent = send_batch(&mut sink, message, &mut queued) => {
                if sent.is_err() {
                    break Goodbye::Left;
                }
            }
        }
    };
    // A frame cut short above is still in the socket's buffer: the close goes after it.
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        if let Some(frame) = goodbye.close_frame() {
            let _ = sink.send(Message::Close(Some(frame))).await;
        }
        let _ = sink.close().await;
    })
    .await;
}

#[cfg(test)]
mod tests;
