//! `GET /ws/matches/{id}`: the match WebSocket. With `?token=` it is a seat's connection,
//! without one a spectator's. This task only moves frames: the room decides everything.

use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::mpsc;
use tracing::Instrument;
use uuid::Uuid;
use xenotable_protocol::{Seat, ServerFrame};

use super::json::Params;
use super::rate::Rate;
use super::{AppState, HttpError};
use crate::games::Viewer;
use crate::room::RoomHandle;
use crate::tokens;

/// The largest text frame a client may send; larger ones are refused with `frame_too_large`.
pub const MAX_FRAME: usize = 64 * 1024;
/// Frames beyond this close the connection (message too big).
const HARD_LIMIT: usize = 1024 * 1024;
/// Frames queued for a slow connection before the room drops it.
const OUTBOX: usize = 256;

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

pub fn router() -> Router<AppState> {
    Router::new().route("/ws/matches/{id}", get(upgrade))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WsQuery {
    token: Option<String>,
    seat: Option<String>,
}

async fn upgrade(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Params(query): Params<WsQuery>,
    ws: WebSocketUpgrade,
) -> Result<Response, HttpError> {
    let id = Uuid::parse_str(&id).map_err(|_| HttpError::not_found("match"))?;
    let record = app
        .store
        .get_match(id)
        .await?
        .ok_or_else(|| HttpError::not_found("match"))?;
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
                .and_then(|s| s.seat.parse::<Seat>().ok())
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
    Ok(ws
        .max_message_size(HARD_LIMIT)
        .max_frame_size(HARD_LIMIT)
        .on_upgrade(move |socket| serve(socket, room, viewer).instrument(span)))
}

async fn serve(socket: WebSocket, room: RoomHandle, viewer: Viewer) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut queued) = mpsc::channel(OUTBOX);
    let Ok(conn) = room.connect(viewer, outbox.clone()).await else {
        let _ = sink.close().await;
        return;
    };
    tracing::debug!(conn, "connected");
    let writer = tokio::spawn(async move {
        while let Some(text) = queued.recv().await {
            if sink.send(Message::Text(text)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let refuse = |code: &str, message: &str| {
        let frame = ServerFrame::Error {
            code: code.to_owned(),
            message: message.to_owned(),
            reference: None,
        };
        serde_json::to_string(&frame).unwrap_or_default().into()
    };
    while let Some(Ok(message)) = stream.next().await {
        match message {
            Message::Text(text) if text.len() > MAX_FRAME => {
                let _ = outbox.try_send(refuse("frame_too_large", "frames are at most 64 KiB"));
            }
            Message::Text(text) => {
                if room.frame(conn, text.as_str().to_owned()).await.is_err() {
                    break;
                }
            }
            Message::Binary(_) => {
                let _ = outbox.try_send(refuse("binary_not_supported", "send JSON text frames"));
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => {}
        }
        if writer.is_finished() {
            break;
        }
    }
    room.disconnect(conn).await;
    drop(outbox);
    let _ = writer.await;
    tracing::debug!(conn, "disconnected");
}
