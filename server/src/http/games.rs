//! `GET /api/games`: every game, its seats, scenarios (shipped and uploaded) and options.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{AppState, HttpError};
use crate::games::{GameInfo, ScenarioInfo, games};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

/// Every game: its seats, its scenarios (built-in, shipped and uploaded) and its options.
#[utoipa::path(
    get,
    path = "/api/games",
    tag = "lobby",
    responses((status = 200, description = "Every game, in table order", body = [GameInfo]))
)]
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
