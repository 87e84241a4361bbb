//! The wire: REST for the lobby, a WebSocket per match, the static web client, health and
//! metrics. Each route family is a module exporting `router()`; they share one [`AppState`].

mod admin;
pub mod api;
mod client;
mod error;
mod games;
mod headers;
mod health;
mod json;
pub mod listen;
mod matches;
pub mod rate;
mod replay;
mod scenarios;
mod ws;

use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::header;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};
use metrics_exporter_prometheus::PrometheusHandle;
use tower_http::trace::TraceLayer;
use utoipa_axum::router::OpenApiRouter;

pub use api::Document;
pub use client::WebClient;
pub use error::HttpError;
pub use replay::ReplayCache;
pub use ws::WsLimits;

use self::rate::Limiter;

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
    /// What one client may take.
    pub limits: Arc<Limits>,
}

/// The limits the handlers keep (the listener keeps the connection limits).
pub struct Limits {
    /// Match creations per client.
    pub creations: Limiter,
    /// Seats claimed per client.
    pub joins: Limiter,
    /// Replays fetched per client.
    pub replays: Limiter,
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// Each WebSocket's limits.
    pub ws: WsLimits,
    /// Origins besides the server's own whose pages may open WebSockets (`scheme://host[:port]`).
    pub allowed_origins: Vec<String>,
}

/// Every route but the web client's, each registered with its documentation.
fn documented() -> OpenApiRouter<AppState> {
    api::base()
        .merge(health::router())
        .merge(games::router())
        .merge(matches::router())
        .merge(replay::router())
        .merge(scenarios::router())
        .merge(ws::router())
        .merge(api::router())
}

/// The API's OpenAPI document, as `GET /api/openapi.json` serves it.
pub fn openapi() -> Document {
    api::document(documented().into_openapi())
}

/// The whole HTTP surface, with the web client from `web`.
pub fn router(state: AppState, web: &WebClient) -> Router {
    let max_body = state.limits.max_body;
    let (routes, doc) = documented().split_for_parts();
    let router = routes
        .merge(client::router(web))
        .fallback(|| async { HttpError::not_found("page") })
        .layer(Extension(api::document(doc)))
        .layer(DefaultBodyLimit::max(max_body))
        .layer(middleware::from_fn_with_state(max_body, limit_body));
    headers::secure(router)
        // The path only: a query string can hold a seat token, which no log may show.
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &axum::extract::Request| {
                tracing::debug_span!("request", method = %req.method(), path = %req.uri().path())
            }),
        )
        .with_state(state)
}

/// Refuses a body announced longer than the limit before reading any of it (a body without a
/// length is cut at the limit as it is read, by [`DefaultBodyLimit`]).
async fn limit_body(State(max_body): State<usize>, request: Request, next: Next) -> Response {
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    match announced {
        Some(length) if length > max_body as u64 => {
            HttpError::body_too_large(max_body).into_response()
        }
        _ => next.run(request).await,
    }
}

#[cfg(test)]
mod tests;
