//! `GET /api/matches/{id}/replay`: a finished match, step by step, as an omniscient viewer saw
//! it, with its seed (told only now that no die is left to roll).
//!
//! A replay replays the whole log, which can take a good fraction of a second: it is built on
//! the blocking pool, never on the runtime the rooms and sockets share, and kept once built,
//! since a finished match never changes.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};

use super::matches::{find, parse_id};
use super::rate::ClientIp;
use super::{AppState, HttpError};
use crate::games::{GameId, Viewer, rewrite_action};
use crate::ids::MatchId;
use crate::room::load::{self, LoadError};
use crate::store::{Author, CommandRecord, MatchRecord, MatchStatus};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/matches/{id}/replay", get(replay))
}

/// The most replay bytes kept in memory; the oldest documents go first.
const CACHE_BYTES: usize = 64 * 1024 * 1024;

/// Replay documents already built, by match.
#[derive(Clone, Default)]
pub struct ReplayCache {
    inner: Arc<Mutex<CacheInner>>,
}

#[derive(Default)]
struct CacheInner {
    docs: HashMap<MatchId, Bytes>,
    /// Insertion order, for eviction.
    order: VecDeque<MatchId>,
    bytes: usize,
}

impl ReplayCache {
    fn get(&self, id: MatchId) -> Option<Bytes> {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.docs.get(&id).cloned()
    }

    fn put(&self, id: MatchId, doc: Bytes) {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if doc.len() > CACHE_BYTES || inner.docs.contains_key(&id) {
            return;
        }
        while inner.bytes + doc.len() > CACHE_BYTES {
            let Some(old) = inner.order.pop_front() else {
                break;
            };
            if let Some(gone) = inner.docs.remove(&old) {
                inner.bytes -= gone.len();
            }
        }
        inner.bytes += doc.len();
        inner.order.push_back(id);
        inner.docs.insert(id, doc);
    }
}

async fn replay(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
) -> Result<Response, HttpError> {
    app.limits
        .replays
        .check(ip, Instant::now())
        .map_err(|wait| HttpError::rate_limited("replays", wait))?;
    let id = parse_id(&id)?;
    let doc = match app.replays.get(id) {
        Some(doc) => doc,
        None => {
            let record = find(&app, id).await?;
            if record.status != MatchStatus::Finished {
                return Err(HttpError::new(
                    StatusCode::CONFLICT,
                    "not_finished",
                    "a replay is available once the match is finished",
                ));
            }
            let commands = app.store.commands(id).await?;
            let doc = tokio::task::spawn_blocking(move || build(&record, &commands))
                .await
                .map_err(|e| HttpError::internal(&e))??;
            app.replays.put(id, doc.clone());
            doc
        }
    };
    Ok(([(header::CONTENT_TYPE, "application/json")], doc).into_response())
}

/// The replay document of a finished match: every step's command, its whole events and the
/// omniscient view after it.
fn build(record: &MatchRecord, commands: &[CommandRecord]) -> Result<Bytes, LoadError> {
    let mut game = load::setup(record)?;
    let initial = game.view(Viewer::Omniscient);
    let mut steps = Vec::with_capacity(commands.len());
    for command in commands {
        let events = load::play_stored(game.as_mut(), command)?;
        steps.push(json!({
            "seq": command.seq,
            "seat": command.author,
            "action": written(record.game, command)?,
            "events": events.iter().map(|e| e.whole.clone()).collect::<Vec<_>>(),
            "view": game.view(Viewer::Omniscient),
        }));
    }
    let doc = json!({
        "id": record.id.to_string(),
        "game": record.game,
        "seed": record.seed as u64,
        "options": record.options,
        "outcome": record.outcome,
        "initial": initial,
        "steps": steps,
    });
    Ok(Bytes::from(doc.to_string()))
}

/// A step's action as its game writes it now, whatever spelling the log holds it in (Artemia's
/// were snake_case once); the clock's expiry as stored.
fn written(game: GameId, command: &CommandRecord) -> Result<Value, LoadError> {
    match command.author {
        Author::Seat(_) => {
            rewrite_action(game, &command.action).map_err(|error| LoadError::Replay {
                seq: command.seq,
                error,
            })
        }
        Author::Clock => Ok(command.action.clone()),
    }
}
