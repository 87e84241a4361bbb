//! Scenario files: public listing, reading and checking (the editor validates as you type), and
//! the admin's uploads and deletions behind the admin bearer token.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::admin::admin;
use super::json::{File, Params};
use super::{AppState, HttpError};
use crate::games::{GameId, ScenarioError};
use crate::ids::ScenarioId;
use crate::scenarios::{self, Checked};
use crate::store::ScenarioRecord;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(check))
        .routes(routes!(one))
        .routes(routes!(upload))
        .routes(routes!(remove))
}

/// A scenario as lists show it (without its text).
#[derive(Serialize, ToSchema)]
struct ScenarioSummary {
    id: String,
    game: GameId,
    name: String,
    shipped: bool,
}

/// A scenario with its file.
#[derive(Serialize, ToSchema)]
struct ScenarioFile {
    id: String,
    game: GameId,
    name: String,
    shipped: bool,
    text: String,
}

impl From<&ScenarioRecord> for ScenarioSummary {
    fn from(s: &ScenarioRecord) -> ScenarioSummary {
        ScenarioSummary {
            id: s.id.to_string(),
            game: s.game,
            name: s.name.clone(),
            shipped: s.shipped,
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct GameQuery {
    /// A game id: only that game's scenarios (listing), or the file is that game's (checking).
    game: Option<String>,
}

/// The scenario files, shipped and uploaded (without their text).
#[utoipa::path(
    get,
    path = "/api/scenarios",
    tag = "scenarios",
    params(GameQuery),
    responses((status = 200, description = "The scenarios", body = [ScenarioSummary]))
)]
async fn list(
    State(app): State<AppState>,
    Params(query): Params<GameQuery>,
) -> Result<Json<Vec<ScenarioSummary>>, HttpError> {
    let game = game(query.game.as_deref())?;
    let scenarios = app.store.list_scenarios(game).await?;
    Ok(Json(scenarios.iter().map(ScenarioSummary::from).collect()))
}

/// A scenario with its file's text.
#[utoipa::path(
    get,
    path = "/api/scenarios/{id}",
    tag = "scenarios",
    params(("id" = String, Path, description = "The scenario id")),
    responses((status = 200, description = "The scenario and its file", body = ScenarioFile))
)]
async fn one(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<ScenarioFile>, HttpError> {
    let id = parse_id(&id)?;
    let s = app
        .store
        .get_scenario(&id)
        .await?
        .ok_or_else(|| HttpError::not_found("scenario"))?;
    Ok(Json(ScenarioFile {
        id: s.id.to_string(),
        game: s.game,
        name: s.name,
        shipped: s.shipped,
        text: s.text,
    }))
}

/// The verdict on a checked file.
#[derive(Serialize, ToSchema)]
struct CheckResult {
    game: GameId,
    title: String,
}

/// The scenario a path names; a path that names none is a 404, as a scenario that does not
/// exist.
fn parse_id(id: &str) -> Result<ScenarioId, HttpError> {
    id.parse().map_err(|_| HttpError::not_found("scenario"))
}

fn invalid(error: ScenarioError) -> HttpError {
    HttpError::bad_request("scenario_invalid", error.to_string())
}

/// The game a query names, if it names one; `400 unknown_game` if it names none of ours.
fn game(query: Option<&str>) -> Result<Option<GameId>, HttpError> {
    Ok(query.map(str::parse).transpose()?)
}

/// Checks a file without storing it: `200 {"game","title"}` or `400 scenario_invalid` with
/// `line L, column C: ...`.
#[utoipa::path(
    post,
    path = "/api/scenarios/check",
    tag = "scenarios",
    params(GameQuery),
    request_body(content = String, content_type = "text/plain", description = "A scenario file: a Derelict map (`DERELICT 1` first) or an Away Team encounter (TOML, `format = \"away-team/1\"`)"),
    responses((status = 200, description = "The file is valid: its game and title", body = CheckResult))
)]
async fn check(
    Params(query): Params<GameQuery>,
    File(body): File,
) -> Result<Json<CheckResult>, HttpError> {
    let game = game(query.game.as_deref())?;
    let Checked { game, title } = scenarios::check(&body, game).map_err(invalid)?;
    Ok(Json(CheckResult { game, title }))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct UploadQuery {
    /// The id to store it under; default: made from the title.
    id: Option<String>,
    /// The game; default: known from the file.
    game: Option<String>,
}

/// Validates and stores a scenario (replacing an uploaded one of the same id); playable at once.
/// Needs the admin token.
#[utoipa::path(
    post,
    path = "/api/admin/scenarios",
    tag = "scenarios",
    params(UploadQuery),
    request_body(content = String, content_type = "text/plain", description = "A scenario file, as for `/api/scenarios/check`"),
    responses((status = 201, description = "Stored", body = ScenarioSummary)),
    security(("admin" = []))
)]
async fn upload(
    State(app): State<AppState>,
    headers: HeaderMap,
    Params(query): Params<UploadQuery>,
    File(body): File,
) -> Result<(StatusCode, Json<ScenarioSummary>), HttpError> {
    admin(&app, &headers)?;
    let game = game(query.game.as_deref())?;
    let Checked { game, title } = scenarios::check(&body, game).map_err(invalid)?;
    let id = match query.id {
        Some(id) => id
            .parse::<ScenarioId>()
            .map_err(|e| HttpError::bad_request("bad_scenario_id", e.to_string()))?,
        None => ScenarioId::from_title(&title),
    };
    if let Some(existing) = app.store.get_scenario(&id).await?
        && existing.shipped
    {
        return Err(HttpError::new(
            StatusCode::CONFLICT,
            "scenario_shipped",
            format!("{id} is a shipped scenario; upload under another id"),
        ));
    }
    // The checked bytes are UTF-8: every game's check refuses anything else.
    let text = String::from_utf8_lossy(&body).into_owned();
    let record = ScenarioRecord {
        id,
        game,
        name: title,
        text,
        shipped: false,
    };
    app.store.put_scenario(record.clone()).await?;
    tracing::info!(id = %record.id, %game, "scenario uploaded");
    Ok((StatusCode::CREATED, Json(ScenarioSummary::from(&record))))
}

/// Deletes an uploaded scenario (shipped ones stay). Needs the admin token.
#[utoipa::path(
    delete,
    path = "/api/admin/scenarios/{id}",
    tag = "scenarios",
    params(("id" = String, Path, description = "The scenario id")),
    responses((status = 204, description = "Deleted")),
    security(("admin" = []))
)]
async fn remove(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<StatusCode, HttpError> {
    admin(&app, &headers)?;
    let id = parse_id(&id)?;
    let scenario = app
        .store
        .get_scenario(&id)
        .await?
        .ok_or_else(|| HttpError::not_found("scenario"))?;
    if scenario.shipped {
        return Err(HttpError::new(
            StatusCode::CONFLICT,
            "scenario_shipped",
            format!("{id} is shipped with the server and comes back at every start"),
        ));
    }
    app.store.delete_scenario(&id).await?;
    tracing::info!(%id, "scenario deleted");
    Ok(StatusCode::NO_CONTENT)
}
