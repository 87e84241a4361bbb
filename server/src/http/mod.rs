//! The wire: REST for the lobby, a WebSocket per match, the static web client, health and
//! metrics. Each route family is a module exporting `router()`; they share one [`AppState`].

mod admin;
mod error;
mod games;
mod health;
mod json;
mod matches;
mod replay;
mod scenarios;
mod ws;

use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use metrics_exporter_prometheus::PrometheusHandle;
use tower_http::services::ServeDir;
use tower_http::trace::TraceLayer;

pub use error::HttpError;
pub use replay::ReplayCache;

use crate::room::{RoomContext, Rooms};
use crate::store::Store;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub rooms: Rooms,
    pub room_ctx: RoomContext,
    pub admin_token: Option<String>,
    /// Anyone may choose a new match's seed (development servers only).
    pub allow_client_seeds: bool,
    pub metrics: Option<PrometheusHandle>,
    /// Replays of finished matches already built.
    pub replays: ReplayCache,
}

/// The whole HTTP surface, with the web client served from `web_dir`.
pub fn router(state: AppState, web_dir: PathBuf) -> Router {
    Router::new()
        .merge(health::router())
        .merge(games::router())
        .merge(matches::router())
        .merge(replay::router())
        .merge(scenarios::router())
        .merge(ws::router())
        .fallback_service(ServeDir::new(web_dir))
        // The path only: a query string can hold a seat token, which no log may show.
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &axum::extract::Request| {
                tracing::debug_span!("request", method = %req.method(), path = %req.uri().path())
            }),
        )
        .with_state(state)
}
