//! `GET /api/games`: every game, its seats, scenarios and options.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

use super::AppState;
use crate::games::{GameInfo, games};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/games", get(list))
}

async fn list(State(_): State<AppState>) -> Json<Vec<GameInfo>> {
    Json(games())
}
