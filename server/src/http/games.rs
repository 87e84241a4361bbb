//! `GET /api/games`: every game, its seats, scenarios (shipped and uploaded) and options.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

use super::{AppState, HttpError};
use crate::games::{GameInfo, ScenarioInfo, games};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/games", get(list))
}

async fn list(State(app): State<AppState>) -> Result<Json<Vec<GameInfo>>, HttpError> {
    let stored = app.store.list_scenarios(None).await?;
    let mut games = games();
    for game in &mut games {
        // Built-in scenarios (Intruder's) come first, then the stored files.
        game.scenarios.extend(
            stored
                .iter()
                .filter(|s| s.game == game.id)
                .map(|s| ScenarioInfo {
                    id: s.id.to_string(),
                    name: s.name.clone(),
                    seats: game.seats.clone(),
                }),
        );
    }
    Ok(Json(games))
}
