//! `/healthz` and `/metrics`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(healthz))
        .routes(routes!(metrics))
}

/// `ok` when the database answers.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "operations",
    responses(
        (status = 200, description = "The database answers", body = String, content_type = "text/plain"),
        (status = 503, description = "The database does not answer", body = String, content_type = "text/plain"),
    )
)]
async fn healthz(State(app): State<AppState>) -> impl IntoResponse {
    match app.store.ping().await {
        Ok(()) => (StatusCode::OK, "ok"),
        Err(e) => {
            tracing::warn!(error = %e, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}

/// Prometheus text.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "operations",
    responses(
        (status = 200, description = "Prometheus text exposition", body = String, content_type = "text/plain"),
        (status = 404, description = "Metrics are off on this server", body = String, content_type = "text/plain"),
    )
)]
async fn metrics(State(app): State<AppState>) -> impl IntoResponse {
    match &app.metrics {
        Some(handle) => (StatusCode::OK, handle.render()),
        None => (StatusCode::NOT_FOUND, String::from("metrics are off")),
    }
}
