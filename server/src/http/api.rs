//! The API describes itself: `GET /api/openapi.json` (OpenAPI 3.1 of every route, made from
//! the handlers' annotations as they are registered), `GET /api/schema/frames` (the match
//! WebSocket's frames) and `GET /api/schema/{game}` (a game's action, view and event), all
//! derived from the types that read and write the wire.
//!
//! A route is registered with its documentation (`routes!`), so the router and the document
//! list the same routes; the refusals of each route, with their codes, are [`REFUSALS`].

use std::sync::Arc;

use axum::extract::Path;
use axum::{Extension, Json};
use serde_json::{Value, json};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use xenotable_protocol::{ApiError, schema};

use super::{AppState, HttpError};
use crate::games::{GameId, WireSchemas, wire_schemas};

/// The document's frame: its title and description; the routes come from the routers.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Xenotable",
        description = "An authoritative game server for asymmetric science-fiction board \
            games. REST for the lobby; one WebSocket per match (`/ws/matches/{id}`), whose JSON \
            frames are described by `GET /api/schema/frames` and, per game, `GET \
            /api/schema/{game}`. Every refusal is `{\"code\", \"message\"}` with a stable \
            snake_case code; each route lists the codes it may answer. The web client is \
            served at `/`, `/index.html`, `/css/` and `/js/`. Walkthrough: docs/api.md.",
        license(name = "AGPL-3.0-or-later")
    ),
    components(schemas(ApiError)),
    modifiers(&AdminToken),
    tags(
        (name = "lobby", description = "Games, matches, seats and replays"),
        (name = "scenarios", description = "Scenario files: listing, checking, admin uploads"),
        (name = "match", description = "The match WebSocket"),
        (name = "api", description = "This document and the WebSocket schemas"),
        (name = "operations", description = "Health and metrics"),
    )
)]
struct Frame;

/// The admin token (`--admin-token`), sent as `Authorization: Bearer <token>`.
struct AdminToken;

impl Modify for AdminToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "admin",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("The admin token the server was started with"))
                    .build(),
            ),
        );
    }
}

/// An empty router carrying the document's frame, for the others to merge into.
pub fn base() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(Frame::openapi())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(openapi))
        .routes(routes!(frames))
        .routes(routes!(game))
}

/// The document as served, built once.
#[derive(Clone)]
pub struct Document(pub Arc<Value>);

/// A status a route may answer with, and the codes its error body may carry.
pub type Refusal = (u16, &'static [&'static str]);

/// A route by method and path, and its refusals.
pub type Route = (&'static str, &'static str, &'static [Refusal]);

/// What each route may refuse, by method and path: each status with its codes. Every route
/// may also answer [`EVERYWHERE`]'s.
pub const REFUSALS: &[Route] = &[
    ("get", "/healthz", &[]),
    ("get", "/metrics", &[]),
    ("get", "/api/games", &[]),
    (
        "post",
        "/api/matches",
        &[
            (
                400,
                &[
                    "bad_json",
                    "bad_request",
                    "unknown_game",
                    "seed_not_allowed",
                    "unknown_scenario",
                    "scenario_required",
                    "bad_scenario",
                    "unknown_seat",
                    "duplicate_seat",
                    "bad_seats",
                    "bad_options",
                    "bad_name",
                    "unknown_bot_level",
                    "bot_level_unavailable",
                ],
            ),
            (413, &["body_too_large"]),
            (429, &["rate_limited"]),
        ],
    ),
    (
        "get",
        "/api/matches",
        &[(400, &["bad_query", "bad_status"])],
    ),
    ("get", "/api/matches/{id}", &[(404, &["not_found"])]),
    (
        "post",
        "/api/matches/{id}/join",
        &[
            (400, &["bad_json", "bad_request", "bad_name"]),
            (404, &["not_found"]),
            (409, &["match_over", "seat_taken"]),
            (413, &["body_too_large"]),
            (429, &["rate_limited"]),
        ],
    ),
    (
        "get",
        "/api/matches/{id}/replay",
        &[
            (404, &["not_found"]),
            (409, &["not_finished"]),
            (429, &["rate_limited"]),
        ],
    ),
    (
        "get",
        "/api/scenarios",
        &[(400, &["bad_query", "unknown_game"])],
    ),
    ("get", "/api/scenarios/{id}", &[(404, &["not_found"])]),
    (
        "post",
        "/api/scenarios/check",
        &[
            (
                400,
                &["bad_query", "unknown_game", "bad_body", "scenario_invalid"],
            ),
            (413, &["body_too_large"]),
        ],
    ),
    (
        "post",
        "/api/admin/scenarios",
        &[
            (
                400,
                &[
                    "bad_query",
                    "unknown_game",
                    "bad_body",
                    "scenario_invalid",
                    "bad_scenario_id",
                ],
            ),
            (401, &["admin_closed", "unauthorized"]),
            (409, &["scenario_shipped"]),
            (413, &["body_too_large"]),
        ],
    ),
    (
        "delete",
        "/api/admin/scenarios/{id}",
        &[
            (401, &["admin_closed", "unauthorized"]),
            (404, &["not_found"]),
            (409, &["scenario_shipped"]),
        ],
    ),
    (
        "get",
        "/ws/matches/{id}",
        &[
            (400, &["bad_query", "not_websocket"]),
            (401, &["token_required", "bad_token"]),
            (403, &["bad_origin"]),
            (404, &["not_found"]),
        ],
    ),
    ("get", "/api/openapi.json", &[]),
    ("get", "/api/schema/frames", &[]),
    ("get", "/api/schema/{game}", &[(404, &["not_found"])]),
];

/// What any route may answer: a failure of ours, and the listener's refusals of a connection
/// over the server's or the client's limit (`http/listen.rs`).
pub const EVERYWHERE: &[Refusal] = &[
    (429, &["too_many_connections"]),
    (500, &["internal"]),
    (503, &["server_full"]),
];

/// The codes `method` on `path` may answer with `status`: its own and [`EVERYWHERE`]'s.
fn codes(refusals: &[Refusal], status: u16) -> Vec<&'static str> {
    refusals
        .iter()
        .chain(EVERYWHERE)
        .filter(|(s, _)| *s == status)
        .flat_map(|(_, codes)| codes.iter().copied())
        .collect()
}

/// The served document: what the routers registered, with each route's refusals written in
/// as `{"code","message"}` bodies whose `code` is one of the route's codes.
///
/// # Panics
/// When a registered route has no line in [`REFUSALS`] (a programming error the tests meet
/// at once).
pub fn document(api: utoipa::openapi::OpenApi) -> Document {
    let mut doc = serde_json::to_value(&api).expect("an OpenAPI document is JSON");
    // A body that lists its fields has no others: an answer with a field the document does
    // not know contradicts it (the request bodies refuse unknown fields already).
    if let Some(schemas) = doc["components"]["schemas"].as_object_mut() {
        for schema in schemas.values_mut() {
            if let Some(object) = schema.as_object_mut()
                && object.contains_key("properties")
                && !object.contains_key("additionalProperties")
            {
                object.insert("additionalProperties".into(), Value::Bool(false));
            }
        }
    }
    for (path, item) in doc["paths"]
        .as_object_mut()
        .expect("the document has paths")
    {
        for (method, operation) in item.as_object_mut().expect("a path item") {
            let Some((_, _, refusals)) = REFUSALS.iter().find(|(m, p, _)| m == method && p == path)
            else {
                panic!("{method} {path} has no line in REFUSALS");
            };
            let responses = operation["responses"]
                .as_object_mut()
                .expect("an operation has responses");
            let mut statuses: Vec<u16> = refusals.iter().chain(EVERYWHERE).map(|r| r.0).collect();
            statuses.sort_unstable();
            statuses.dedup();
            for status in statuses {
                let refusal = refusal(&codes(refusals, status));
                match responses.get_mut(&status.to_string()) {
                    // A route's own answer of that status (`/healthz`'s plain 503) stays beside
                    // the JSON refusal.
                    Some(own) => {
                        own["content"]["application/json"] =
                            refusal["content"]["application/json"].clone();
                    }
                    None => {
                        responses.insert(status.to_string(), refusal);
                    }
                }
            }
        }
    }
    Document(Arc::new(doc))
}

/// A refusal's response: the error body, its code one of `codes`.
fn refusal(codes: &[&str]) -> Value {
    json!({
        "description": format!("refused: {}", codes.join(", ")),
        "content": {"application/json": {"schema": {
            "allOf": [{"$ref": "#/components/schemas/ApiError"}],
            "properties": {"code": {"enum": codes}},
        }}},
    })
}

/// This document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "api",
    responses((status = 200, description = "The OpenAPI 3.1 document of this server", body = Object))
)]
async fn openapi(Extension(doc): Extension<Document>) -> Json<Arc<Value>> {
    Json(doc.0)
}

/// The frames of the match WebSocket: `client` (what a client sends) and `server` (what the
/// server sends), as JSON Schemas (draft 2020-12).
#[utoipa::path(
    get,
    path = "/api/schema/frames",
    tag = "api",
    responses((status = 200, description = "`{\"client\": schema, \"server\": schema}`", body = Object))
)]
async fn frames() -> Json<Value> {
    Json(schema::frames())
}

/// A game's wire types as JSON Schemas (draft 2020-12): the `action` an `act` frame carries,
/// the `view` of `welcome` and `update` frames, and each of an update's `events`.
#[utoipa::path(
    get,
    path = "/api/schema/{game}",
    tag = "api",
    params(("game" = String, Path, description = "A game id: `artemia`, `derelict`, `away-team`, `intruder`")),
    responses((status = 200, description = "`{\"game\", \"action\", \"view\", \"event\"}`", body = Object))
)]
async fn game(Path(game): Path<String>) -> Result<Json<WireSchemas>, HttpError> {
    let game: GameId = game.parse().map_err(|_| HttpError::not_found("game"))?;
    Ok(Json(wire_schemas(game)))
}
