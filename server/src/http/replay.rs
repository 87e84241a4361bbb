//! `GET /api/matches/{id}/replay`: a finished match, step by step, as an omniscient viewer saw
//! it, with its seed (told only now that no die is left to roll).
//!
//! A replay replays the whole log, which can take a good fraction of a second: it is built on
//! the blocking pool, never on the runtime the rooms and sockets share, and kept once built,
//! since a finished match never changes.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use xenotable_protocol::Outcome;

use super::matches::{find, parse_id};
use super::rate::ClientIp;
use super::{AppState, HttpError};
use crate::games::{GameId, Viewer, rewrite_action};
use crate::ids::MatchId;
use crate::room::load::{self, LoadError};
use crate::store::{Author, CommandRecord, MatchRecord, MatchStatus};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(replay))
}

/// A finished match, step by step, as an omniscient viewer saw it. Its actions, events and
/// views are the game's (`GET /api/schema/{game}`), whole: nothing is concealed any more.
#[derive(Serialize, ToSchema)]
struct Replay {
    id: String,
    game: GameId,
    /// The seed of the match's dice: with the steps' actions, the whole match.
    seed: u64,
    /// The options the match was created with (`null` when it was given none).
    #[schema(value_type = Value)]
    options: Value,
    /// How it ended (an `Outcome`), as stored.
    #[schema(value_type = Option<Outcome>)]
    outcome: Option<Value>,
    /// The omniscient view before the first step.
    #[schema(value_type = Object)]
    initial: Value,
    steps: Vec<Step>,
}

/// One command of a replay and what it did.
#[derive(Serialize, ToSchema)]
struct Step {
    seq: i64,
    /// The seat that acted, or `clock` when the clock ran out.
    #[schema(value_type = String)]
    seat: Author,
    /// The action, as the game writes it now.
    #[schema(value_type = Object)]
    action: Value,
    /// Its events, whole.
    #[schema(value_type = Vec<Object>)]
    events: Vec<Value>,
    /// The omniscient view after it.
    #[schema(value_type = Object)]
    view: Value,
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

/// A finished match's replay: its seed, options and outcome, the omniscient view before the
/// first command and, for each command, its action, its whole events and the view after it.
#[utoipa::path(
    get,
    path = "/api/matches/{id}/replay",
    tag = "lobby",
    params(("id" = String, Path, description = "The match id (a UUID)")),
    responses((status = 200, description = "The replay", body = Replay))
)]
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
        steps.push(Step {
            seq: command.seq,
            seat: command.author,
            action: written(record.game, command)?,
            events: events.iter().map(|e| e.whole.to_value()).collect(),
            view: game.view(Viewer::Omniscient),
        });
    }
    let doc = Replay {
        id: record.id.to_string(),
        game: record.game,
        seed: record.seed as u64,
        options: record.options.clone(),
        outcome: record.outcome.clone(),
        initial,
        steps,
    };
    let doc = serde_json::to_vec(&doc).expect("a document of strings, numbers and JSON is JSON");
    Ok(Bytes::from(doc))
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
