//! The lobby: create and join matches, list them, read a finished match's replay.

use std::time::Instant;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use xenotable_protocol::{
    BotLevel, CreateMatch, JoinMatch, MatchCreated, MatchSummary, Outcome, Seat, SeatRequest,
    SeatSummary, SeatToken,
};

use super::admin::is_admin;
use super::json::{Body, Params};
use super::rate::ClientIp;
use super::{AppState, HttpError};
use crate::bots::{Bot, Budget, bot_seed};
use crate::games::{GameId, MatchError, MatchSetup, SetupError, built_in_scenarios, new_match};
use crate::ids::{MatchId, ScenarioId};
use crate::store::{MatchRecord, MatchStatus, NewMatch, NewSeat};
use crate::tokens;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(one))
        .routes(routes!(join))
}

/// The longest display name, in characters.
const MAX_NAME: usize = 40;

fn check_name(name: &str) -> Result<String, HttpError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME || name.chars().any(unfit_in_name) {
        return Err(HttpError::bad_request(
            "bad_name",
            format!(
                "a name has 1 to {MAX_NAME} printable characters, with no control or format \
                 character"
            ),
        ));
    }
    Ok(name.to_owned())
}

/// Controls, and the invisible characters that make a name pass for another or turn the text
/// around it: format characters (bidi overrides such as U+202E, zero-width spaces and joiners)
/// and line or paragraph separators.
fn unfit_in_name(c: char) -> bool {
    c.is_control()
        || matches!(
            c.general_category(),
            GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        )
}

/// The match a path names; a path that names none is a 404, as a match that does not exist.
pub(super) fn parse_id(id: &str) -> Result<MatchId, HttpError> {
    id.parse().map_err(|_| HttpError::not_found("match"))
}

/// The stored match, or a 404.
pub(super) async fn find(app: &AppState, id: MatchId) -> Result<MatchRecord, HttpError> {
    app.store
        .get_match(id)
        .await?
        .ok_or_else(|| HttpError::not_found("match"))
}

/// The scenario `id` of `game` names, and what it gives the rules: the id itself for a game
/// with built-in scenarios (Intruder's `solitaire`), else the text of the stored file, which
/// must be `game`'s.
async fn scenario_of(
    app: &AppState,
    game: GameId,
    id: &str,
) -> Result<(ScenarioId, String), HttpError> {
    let unknown =
        || HttpError::bad_request("unknown_scenario", format!("{game} has no scenario {id:?}"));
    let id: ScenarioId = id.parse().map_err(|_| unknown())?;
    let built_in = built_in_scenarios(game);
    if !built_in.is_empty() {
        return if built_in.iter().any(|s| s.id == id.as_str()) {
            let text = id.to_string();
            Ok((id, text))
        } else {
            Err(unknown())
        };
    }
    match app.store.get_scenario(&id).await? {
        Some(s) if s.game == game => Ok((id, s.text)),
        _ => Err(unknown()),
    }
}

/// A game played on scenario files was asked for a match without one: the answer names them.
async fn scenario_required(app: &AppState, game: GameId) -> Result<HttpError, HttpError> {
    let ids: Vec<String> = app
        .store
        .list_scenarios(Some(game))
        .await?
        .into_iter()
        .map(|s| s.id.to_string())
        .collect();
    Ok(HttpError::bad_request(
        "scenario_required",
        format!(
            "a {game} match is played on a scenario; choose one of: {}",
            ids.join(", ")
        ),
    ))
}

/// Creates a match. A seat that is a bot is played by the server; a named seat is the
/// creator's (its token is in the answer); any other seat stays open for `join`. The match
/// starts when every seat is filled. `seed` needs the admin token (or a development server).
#[utoipa::path(
    post,
    path = "/api/matches",
    tag = "lobby",
    request_body = CreateMatch,
    responses((status = 201, description = "The match, and a token for each named seat", body = MatchCreated)),
    security((), ("admin" = []))
)]
async fn create(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Body(req): Body<CreateMatch>,
) -> Result<(StatusCode, Json<MatchCreated>), HttpError> {
    app.limits
        .creations
        .check(ip, Instant::now())
        .map_err(|wait| HttpError::rate_limited("new matches", wait))?;
    let seed = match req.seed {
        // Seed + log is the match: whoever chose the seed knows every future die.
        Some(_) if !app.allow_client_seeds && !is_admin(&app, &headers) => {
            return Err(HttpError::bad_request(
                "seed_not_allowed",
                "only an admin may choose a match's seed; leave \"seed\" out",
            ));
        }
        Some(seed) => seed,
        None => tokens::random_seed().map_err(|e| HttpError::internal(&e))?,
    };
    let game: GameId = req.game.parse()?;
    let seats: Vec<Seat> = req.seats.iter().map(|s| s.seat).collect();
    let (scenario, scenario_text) = match &req.scenario {
        Some(id) => {
            let (id, text) = scenario_of(&app, game, id).await?;
            (Some(id), Some(text))
        }
        None => (None, None),
    };
    if let Err(e) = new_match(&MatchSetup {
        game,
        seats: seats.clone(),
        scenario: scenario_text.clone(),
        options: req.options.clone(),
        seed,
    }) {
        return Err(match e {
            MatchError::Setup(SetupError::UnknownScenario(_)) if req.scenario.is_none() => {
                scenario_required(&app, game).await?
            }
            e => HttpError::bad_request(e.code(), e.to_string()),
        });
    }
    let mut new_seats = Vec::with_capacity(req.seats.len());
    let mut tokens_out = Vec::new();
    for s in &req.seats {
        let name = s.name.as_deref().map(check_name).transpose()?;
        if s.bot && name.is_some() {
            return Err(HttpError::bad_request(
                "bad_seats",
                format!("{} cannot be both a bot and a named player", s.seat),
            ));
        }
        let bot = bot_level(game, s, seed)?;
        let token_hash = match &name {
            Some(_) => {
                let token = tokens::new_token().map_err(|e| HttpError::internal(&e))?;
                let hash = tokens::hash(&token);
                tokens_out.push(SeatToken {
                    seat: s.seat,
                    token,
                });
                Some(hash)
            }
            None => None,
        };
        new_seats.push(NewSeat {
            seat: s.seat,
            name: if bot.is_some() {
                Some("Bot".to_owned())
            } else {
                name
            },
            bot,
            token_hash,
        });
    }
    let id = MatchId::random();
    let record = app
        .store
        .create_match(NewMatch {
            id,
            game,
            scenario,
            scenario_text,
            options: req.options.clone(),
            seed: seed as i64,
            seeded: req.seed.is_some(),
            bots_take_over: req.bots_take_over,
            seats: new_seats,
        })
        .await?;
    // The room writes the status from here on: opening it makes a match with every seat taken
    // live.
    app.rooms.open(&app.room_ctx, &record).await?;
    tracing::info!(%id, %game, "match created");
    Ok((
        StatusCode::CREATED,
        Json(MatchCreated {
            id: id.to_string(),
            seats: tokens_out,
        }),
    ))
}

/// The level of a seat's bot (`random` unless asked), `None` for a person's seat: a level
/// that is no level, a level for a person, or one the game does not offer for that seat are
/// refused here, before anything is stored.
fn bot_level(game: GameId, seat: &SeatRequest, seed: u64) -> Result<Option<BotLevel>, HttpError> {
    let level = seat
        .level
        .as_deref()
        .map(str::parse::<BotLevel>)
        .transpose()
        .map_err(|e| HttpError::bad_request("unknown_bot_level", e.to_string()))?;
    if !seat.bot {
        return match level {
            Some(_) => Err(HttpError::bad_request(
                "bad_seats",
                format!("{} is not a bot seat: a level is for a bot", seat.seat),
            )),
            None => Ok(None),
        };
    }
    let level = level.unwrap_or_default();
    Bot::for_seat(
        game,
        seat.seat,
        level,
        bot_seed(seed, seat.seat),
        Budget::default(),
    )
    .map_err(|e| HttpError::bad_request(e.code(), e.to_string()))?;
    Ok(Some(level))
}

/// Takes an open seat: the answer holds the seat's token, shown only this once.
#[utoipa::path(
    post,
    path = "/api/matches/{id}/join",
    tag = "lobby",
    params(("id" = String, Path, description = "The match id (a UUID)")),
    request_body = JoinMatch,
    responses((status = 200, description = "The seat's token", body = SeatToken))
)]
async fn join(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    Body(req): Body<JoinMatch>,
) -> Result<Json<SeatToken>, HttpError> {
    app.limits
        .joins
        .check(ip, Instant::now())
        .map_err(|wait| HttpError::rate_limited("joins", wait))?;
    let id = parse_id(&id)?;
    let name = check_name(&req.name)?;
    let record = find(&app, id).await?;
    if record.status.is_over() {
        return Err(HttpError::new(
            StatusCode::CONFLICT,
            "match_over",
            format!("the match is {}", record.status),
        ));
    }
    let seat = req.seat;
    if !record.seats.iter().any(|s| s.seat == seat) {
        return Err(HttpError::not_found("seat in this match"));
    }
    let token = tokens::new_token().map_err(|e| HttpError::internal(&e))?;
    let hash = tokens::hash(&token);
    // The room first: in a cluster, a node that does not run the match refuses here, before
    // the seat is claimed for a room that would never hear of it.
    let room = app.rooms.open(&app.room_ctx, &record).await?;
    if !app.store.claim_seat(id, seat, &name, hash).await? {
        return Err(HttpError::new(
            StatusCode::CONFLICT,
            "seat_taken",
            format!("{seat} is already taken"),
        ));
    }
    room.seat_taken(req.seat, name, hash).await;
    Ok(Json(SeatToken {
        seat: req.seat,
        token,
    }))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Only the matches of this status: `open`, `live`, `finished` or `abandoned`.
    status: Option<String>,
}

/// The latest 200 matches, newest first, as anyone may see them.
#[utoipa::path(
    get,
    path = "/api/matches",
    tag = "lobby",
    params(ListQuery),
    responses((status = 200, description = "Public summaries", body = [MatchSummary]))
)]
async fn list(
    State(app): State<AppState>,
    Params(query): Params<ListQuery>,
) -> Result<Json<Vec<MatchSummary>>, HttpError> {
    let status = query
        .status
        .as_deref()
        .map(|status| {
            status.parse::<MatchStatus>().map_err(|_| {
                HttpError::bad_request(
                    "bad_status",
                    format!("status is open, live, finished or abandoned, not {status:?}"),
                )
            })
        })
        .transpose()?;
    let records = app.store.list_matches(status, 200).await?;
    let mut out = Vec::with_capacity(records.len());
    for record in &records {
        out.push(summary(&app, record).await);
    }
    Ok(Json(out))
}

/// One match, as anyone may see it.
#[utoipa::path(
    get,
    path = "/api/matches/{id}",
    tag = "lobby",
    params(("id" = String, Path, description = "The match id (a UUID)")),
    responses((status = 200, description = "Its public summary", body = MatchSummary))
)]
async fn one(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<MatchSummary>, HttpError> {
    let id = parse_id(&id)?;
    let record = find(&app, id).await?;
    Ok(Json(summary(&app, &record).await))
}

async fn summary(app: &AppState, record: &MatchRecord) -> MatchSummary {
    let spectators = match app.rooms.find(record.id) {
        Some(room) => room.status().await.map(|s| s.spectators).unwrap_or(0),
        None => 0,
    };
    MatchSummary {
        id: record.id.to_string(),
        game: record.game.to_string(),
        scenario: record.scenario.as_ref().map(ScenarioId::to_string),
        status: record.status,
        seeded: record.seeded,
        bots_take_over: record.bots_take_over,
        seats: record
            .seats
            .iter()
            .map(|s| SeatSummary {
                seat: s.seat,
                name: s.name.clone(),
                bot: s.bot.is_some(),
                level: s.bot,
                stand_in: s.stand_in,
                taken: s.taken(),
            })
            .collect(),
        spectators,
        outcome: record
            .outcome
            .clone()
            .and_then(|o| serde_json::from_value::<Outcome>(o).ok()),
        created_at: record.created_at.to_rfc3339(),
    }
}

#[cfg(test)]
mod tests {
    use super::check_name;

    #[test]
    fn names_refuse_controls_and_invisible_format_characters() {
        for good in ["Ann", "  Zoë  ", "李雷", "Ann-Marie O'Neil"] {
            assert!(check_name(good).is_ok(), "{good:?}");
        }
        for bad in [
            "",
            "   ",
            "Ann\u{202e}",
            "\u{200b}Bo",
            "Al\u{2066}i",
            "Ann\u{feff}",
            "Cy\u{2028}d",
            "An\nn",
            "Ann\u{7}",
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert_eq!(check_name("  Zoë ").ok().as_deref(), Some("Zoë"));
    }
}
