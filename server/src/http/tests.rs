//! The router called in process (`tower::ServiceExt::oneshot`, as in axum's `testing`
//! example): the lobby, match, scenario and admin routes, their status codes and error bodies.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use serde_json::{Value, json};
use tower::ServiceExt;

use super::{WebClient, openapi, router};
use crate::games::GameId;
use crate::scenarios::load_shipped;
use crate::store::Store;
use crate::testing::{TestStore, app_state};

/// The admin token of the lobbies that have one.
const ADMIN: &str = "let-me-in";

/// A small Derelict map.
const MAP: &str = "DERELICT 1\ntitle: Short Corridor\nsquad: 1 sergeant, 1 soldier\n\
    reinforcements: 1\nalien-pool: 3\ntimer: 60+0\nmap:\n#########\n#MM....X#\n#.......#\n\
    #......E#\n#########\n";

/// The whole HTTP surface over a fresh store with the shipped scenarios.
struct Lobby {
    router: axum::Router,
    store: Arc<TestStore>,
    /// The OpenAPI document the router serves: every refusal a test meets must be declared in
    /// it for its route.
    doc: Arc<Value>,
}

/// An answer: its status, its headers and its body (JSON, or the text as a JSON string).
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Value,
}

impl Lobby {
    /// A lobby with the admin token `admin`, letting each client create `creations` matches a
    /// minute.
    async fn new(admin: Option<&str>, creations: u32) -> Lobby {
        let store = TestStore::new().await;
        load_shipped(store.as_ref(), None)
            .await
            .expect("the shipped scenarios");
        let state = app_state(store.clone(), admin, creations);
        Lobby {
            router: router(state, &WebClient::Embedded),
            store,
            doc: openapi().0,
        }
    }

    async fn call(
        &self,
        method: Method,
        uri: &str,
        headers: &[(&str, &str)],
        body: Body,
    ) -> Answer {
        let method_name = method.as_str().to_ascii_lowercase();
        let method_name = method_name.as_str();
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = self
            .router
            .clone()
            .oneshot(request.body(body).expect("a request"))
            .await
            .expect("the router answers");
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, usize::MAX)
            .await
            .expect("a body");
        let body: Value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        if let Some(code) = body["code"].as_str()
            && let Some(codes) = declared(&self.doc, method_name, uri, parts.status)
        {
            assert!(
                codes.contains(&code),
                "{method_name} {uri} answered {} {code}, not declared in the document: {codes:?}",
                parts.status
            );
        }
        Answer {
            status: parts.status,
            headers: parts.headers,
            body,
        }
    }

    async fn get(&self, uri: &str) -> Answer {
        self.call(Method::GET, uri, &[], Body::empty()).await
    }

    async fn post(&self, uri: &str, body: Value) -> Answer {
        let json = [(header::CONTENT_TYPE.as_str(), "application/json")];
        self.call(Method::POST, uri, &json, Body::from(body.to_string()))
            .await
    }

    /// An admin's request (with `token` as the bearer token, if any).
    async fn admin(&self, method: Method, uri: &str, token: Option<&str>, body: &str) -> Answer {
        let bearer = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = bearer
            .iter()
            .map(|b| (header::AUTHORIZATION.as_str(), b.as_str()))
            .collect();
        self.call(method, uri, &headers, Body::from(body.to_owned()))
            .await
    }

    /// Creates a Mined Noughts match with Ann at the marines and the aliens open: the answer's
    /// body, its id and its seat tokens.
    async fn noughts(&self) -> Value {
        let created = self
            .post(
                "/api/matches",
                json!({"game": "mined-noughts", "seats": [
                    {"seat": "marines", "name": "Ann"}, {"seat": "aliens"}]}),
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
        created.body
    }
}

/// The document's path template that `uri` (without its query) matches: a literal segment
/// wins over a parameter.
fn template<'d>(doc: &'d Value, uri: &str) -> Option<&'d str> {
    let path = uri.split('?').next().unwrap_or(uri);
    let wanted: Vec<&str> = path.split('/').collect();
    doc["paths"]
        .as_object()?
        .keys()
        .filter(|t| {
            let parts: Vec<&str> = t.split('/').collect();
            parts.len() == wanted.len()
                && parts
                    .iter()
                    .zip(&wanted)
                    .all(|(t, w)| t == w || (t.starts_with('{') && !w.is_empty()))
        })
        .min_by_key(|t| t.matches('{').count())
        .map(String::as_str)
}

/// The error codes the document declares for `method` on `uri` answering `status`; `None`
/// for a route it does not describe.
fn declared<'d>(
    doc: &'d Value,
    method: &str,
    uri: &str,
    status: StatusCode,
) -> Option<Vec<&'d str>> {
    let operation = &doc["paths"][template(doc, uri)?][method];
    if operation.is_null() {
        return None;
    }
    let schema = &operation["responses"][status.as_str()]["content"]["application/json"]["schema"];
    Some(
        schema["properties"]["code"]["enum"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect(),
    )
}

/// Asserts an error answer: its status, its stable code, and a message for people.
#[track_caller]
fn assert_refused(answer: &Answer, status: StatusCode, code: &str) {
    assert_eq!(
        (answer.status, answer.body["code"].as_str()),
        (status, Some(code)),
        "{}",
        answer.body
    );
    let message = answer.body["message"].as_str().unwrap_or("");
    assert!(!message.is_empty(), "{}", answer.body);
}

#[tokio::test]
async fn the_lobby_lists_every_game_of_the_table_and_an_unknown_path_is_a_404() {
    let lobby = Lobby::new(None, 30).await;
    let games = lobby.get("/api/games").await;
    assert_eq!(games.status, StatusCode::OK);
    let listed: Vec<&str> = games
        .body
        .as_array()
        .expect("a list")
        .iter()
        .map(|g| g["id"].as_str().unwrap_or(""))
        .collect();
    let table: Vec<&str> = GameId::ALL.iter().map(|g| g.as_str()).collect();
    assert_eq!(listed, table);
    let derelict = &games.body[table.iter().position(|&g| g == "derelict").unwrap_or(0)];
    assert!(
        derelict["scenarios"]
            .as_array()
            .is_some_and(|s| s.iter().any(|s| s["id"] == "chapel-crossing")),
        "the shipped maps are listed: {derelict}"
    );
    assert_refused(
        &lobby.get("/api/nowhere").await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
}

#[tokio::test]
async fn a_match_is_created_with_a_token_per_named_seat_and_its_open_seat_is_claimed_once() {
    let lobby = Lobby::new(None, 30).await;
    let created = lobby.noughts().await;
    let id = created["id"].as_str().expect("an id");
    let tokens = created["seats"].as_array().expect("seats");
    assert_eq!(tokens.len(), 1, "a token for Ann's seat only");
    assert_eq!(tokens[0]["seat"], "marines");

    let summary = lobby.get(&format!("/api/matches/{id}")).await;
    assert_eq!(summary.status, StatusCode::OK);
    assert_eq!(
        (&summary.body["game"], &summary.body["status"]),
        (&json!("mined-noughts"), &json!("open"))
    );
    let open = lobby.get("/api/matches?status=open").await;
    assert_eq!(open.body.as_array().map(Vec::len), Some(1), "{}", open.body);

    let join = format!("/api/matches/{id}/join");
    let joined = lobby
        .post(&join, json!({"seat": "aliens", "name": "Bo"}))
        .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    assert_eq!(joined.body["seat"], "aliens");
    let again = lobby
        .post(&join, json!({"seat": "aliens", "name": "Cy"}))
        .await;
    assert_refused(&again, StatusCode::CONFLICT, "seat_taken");
}

#[tokio::test]
async fn a_bad_creation_is_refused_with_the_code_of_what_is_wrong_and_stores_nothing() {
    let lobby = Lobby::new(Some(ADMIN), 1_000).await;
    let person = |seat: &str| json!({"seat": seat, "name": "Ann"});
    let noughts = |seats: Value| json!({"game": "mined-noughts", "seats": seats});
    for (body, code) in [
        (json!({"game": "mined-noughts"}), "bad_request"),
        (json!({"game": "chess", "seats": []}), "unknown_game"),
        (
            noughts(json!([person("marines"), person("marines")])),
            "duplicate_seat",
        ),
        (
            noughts(json!([person("marines"), person("creature")])),
            "unknown_seat",
        ),
        (noughts(json!([person("marines")])), "bad_seats"),
        (
            noughts(json!([person("marines"), {"seat": "aliens", "bot": true, "name": "Al"}])),
            "bad_seats",
        ),
        (
            noughts(json!([person("marines"), {"seat": "aliens", "name": "A\u{202e}l"}])),
            "bad_name",
        ),
        (
            json!({"game": "mined-noughts", "seed": 7, "seats": [person("marines"), person("aliens")]}),
            "seed_not_allowed",
        ),
        (
            json!({"game": "mined-noughts", "options": {"size": 4}, "seats": [person("marines"), person("aliens")]}),
            "bad_options",
        ),
        (
            json!({"game": "derelict", "seats": [person("marines"), person("aliens")]}),
            "scenario_required",
        ),
        (
            json!({"game": "derelict", "scenario": "no-such-map", "seats": [person("marines"), person("aliens")]}),
            "unknown_scenario",
        ),
        (
            json!({"game": "derelict", "scenario": "../Chapel Crossing", "seats": [person("marines"), person("aliens")]}),
            "unknown_scenario",
        ),
        (
            json!({"game": "intruder", "scenario": "chapel-crossing", "seats": [person("crew")]}),
            "unknown_scenario",
        ),
    ] {
        let answer = lobby.post("/api/matches", body.clone()).await;
        assert_refused(&answer, StatusCode::BAD_REQUEST, code);
    }
    let not_json = lobby
        .call(
            Method::POST,
            "/api/matches",
            &[("content-type", "application/json")],
            Body::from("{"),
        )
        .await;
    assert_refused(&not_json, StatusCode::BAD_REQUEST, "bad_json");
    assert_eq!(lobby.store.list_matches(None, 10).await.unwrap(), []);
}

#[tokio::test]
async fn creations_past_the_rate_are_refused_429_with_retry_after() {
    let lobby = Lobby::new(None, 2).await;
    lobby.noughts().await;
    lobby.noughts().await;
    let third = lobby
        .post(
            "/api/matches",
            json!({"game": "mined-noughts", "seats": []}),
        )
        .await;
    assert_refused(&third, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
    let wait: u64 = third.headers[header::RETRY_AFTER]
        .to_str()
        .ok()
        .and_then(|s| s.parse().ok())
        .expect("Retry-After in seconds");
    assert!((1..=30).contains(&wait), "{wait}");
}

#[tokio::test]
async fn joins_and_lookups_that_name_nothing_are_refused() {
    let lobby = Lobby::new(None, 30).await;
    let created = lobby.noughts().await;
    let id = created["id"].as_str().expect("an id");
    let nobody = crate::ids::MatchId::random();
    let join = |id: &str| format!("/api/matches/{id}/join");
    for (answer, status, code) in [
        (
            lobby
                .post(&join(id), json!({"seat": "creature", "name": "Bo"}))
                .await,
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            lobby
                .post(&join(id), json!({"seat": "aliens", "name": " "}))
                .await,
            StatusCode::BAD_REQUEST,
            "bad_name",
        ),
        (
            lobby.post(&join(id), json!({"seat": "aliens"})).await,
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            lobby
                .post(
                    &join("not-a-match"),
                    json!({"seat": "aliens", "name": "Bo"}),
                )
                .await,
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            lobby
                .post(
                    &join(&nobody.to_string()),
                    json!({"seat": "aliens", "name": "Bo"}),
                )
                .await,
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            lobby.get("/api/matches/not-a-match").await,
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            lobby.get(&format!("/api/matches/{nobody}")).await,
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            lobby.get(&format!("/api/matches/{nobody}/replay")).await,
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            lobby.get(&format!("/api/matches/{id}/replay")).await,
            StatusCode::CONFLICT,
            "not_finished",
        ),
        (
            lobby.get("/api/matches?status=won").await,
            StatusCode::BAD_REQUEST,
            "bad_status",
        ),
        (
            lobby.get("/api/matches?colour=red").await,
            StatusCode::BAD_REQUEST,
            "bad_query",
        ),
    ] {
        assert_refused(&answer, status, code);
    }
}

#[tokio::test]
async fn scenarios_are_listed_read_and_checked_and_bad_ones_refused() {
    let lobby = Lobby::new(None, 30).await;
    let maps = lobby.get("/api/scenarios?game=derelict").await;
    assert_eq!(maps.status, StatusCode::OK);
    assert!(
        maps.body.as_array().is_some_and(|m| m.len() >= 4),
        "{}",
        maps.body
    );
    let chapel = lobby.get("/api/scenarios/chapel-crossing").await;
    assert_eq!(
        (chapel.status, &chapel.body["game"]),
        (StatusCode::OK, &json!("derelict"))
    );
    let checked = lobby
        .call(Method::POST, "/api/scenarios/check", &[], Body::from(MAP))
        .await;
    assert_eq!(checked.status, StatusCode::OK, "{}", checked.body);
    assert_eq!(
        checked.body,
        json!({"game": "derelict", "title": "Short Corridor"})
    );

    assert_refused(
        &lobby.get("/api/scenarios?game=chess").await,
        StatusCode::BAD_REQUEST,
        "unknown_game",
    );
    assert_refused(
        &lobby.get("/api/scenarios/no-such-map").await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    assert_refused(
        &lobby.get("/api/scenarios/Not%20An%20Id").await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    let invalid = lobby
        .call(
            Method::POST,
            "/api/scenarios/check",
            &[],
            Body::from("hello"),
        )
        .await;
    assert_refused(&invalid, StatusCode::BAD_REQUEST, "scenario_invalid");
    assert!(
        invalid.body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("line 1, column 1: "))
    );
}

#[tokio::test]
async fn the_admin_api_is_closed_without_a_token_and_needs_the_right_one() {
    let closed = Lobby::new(None, 30).await;
    let upload = closed
        .admin(Method::POST, "/api/admin/scenarios", Some(ADMIN), MAP)
        .await;
    assert_refused(&upload, StatusCode::UNAUTHORIZED, "admin_closed");

    let lobby = Lobby::new(Some(ADMIN), 30).await;
    for token in [None, Some("let-me-in-please"), Some("")] {
        let upload = lobby
            .admin(Method::POST, "/api/admin/scenarios", token, MAP)
            .await;
        assert_refused(&upload, StatusCode::UNAUTHORIZED, "unauthorized");
        let delete = lobby
            .admin(
                Method::DELETE,
                "/api/admin/scenarios/chapel-crossing",
                token,
                "",
            )
            .await;
        assert_refused(&delete, StatusCode::UNAUTHORIZED, "unauthorized");
    }
    assert_eq!(
        lobby.get("/api/scenarios/short-corridor").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn an_admin_uploads_and_deletes_scenarios_but_never_a_shipped_one() {
    let lobby = Lobby::new(Some(ADMIN), 30).await;
    let uploaded = lobby
        .admin(Method::POST, "/api/admin/scenarios", Some(ADMIN), MAP)
        .await;
    assert_eq!(uploaded.status, StatusCode::CREATED, "{}", uploaded.body);
    assert_eq!(
        uploaded.body["id"], "short-corridor",
        "an id made from its title"
    );
    assert_eq!(
        lobby.get("/api/scenarios/short-corridor").await.status,
        StatusCode::OK
    );

    const UPLOAD: &str = "/api/admin/scenarios";
    const SHIPPED: &str = "/api/admin/scenarios/chapel-crossing";
    for (method, uri, file, status, code) in [
        (
            Method::POST,
            "/api/admin/scenarios?id=Short%20Corridor",
            MAP,
            StatusCode::BAD_REQUEST,
            "bad_scenario_id",
        ),
        (
            Method::POST,
            "/api/admin/scenarios?id=chapel-crossing",
            MAP,
            StatusCode::CONFLICT,
            "scenario_shipped",
        ),
        (
            Method::POST,
            UPLOAD,
            "DERELICT 1\n",
            StatusCode::BAD_REQUEST,
            "scenario_invalid",
        ),
        (
            Method::DELETE,
            SHIPPED,
            "",
            StatusCode::CONFLICT,
            "scenario_shipped",
        ),
    ] {
        let answer = lobby.admin(method, uri, Some(ADMIN), file).await;
        assert_refused(&answer, status, code);
    }

    let uploaded = "/api/admin/scenarios/short-corridor";
    let deleted = lobby.admin(Method::DELETE, uploaded, Some(ADMIN), "").await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    for gone in [uploaded, "/api/admin/scenarios/Short%20Corridor"] {
        let answer = lobby.admin(Method::DELETE, gone, Some(ADMIN), "").await;
        assert_refused(&answer, StatusCode::NOT_FOUND, "not_found");
    }
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused_413() {
    let lobby = Lobby::new(None, 30).await;
    let big = json!({"game": "mined-noughts", "seats": [], "options": {"pad": "x".repeat(5_000)}});
    let answer = lobby.post("/api/matches", big).await;
    assert_refused(&answer, StatusCode::PAYLOAD_TOO_LARGE, "body_too_large");
}

/// Every handler is registered through `routes!` with its `#[utoipa::path]`, so the router and
/// the document hold the same routes; a route registered any other way would be missing from
/// the document. Only the web client (not part of the API) is routed by hand.
#[test]
fn every_route_is_registered_with_its_documentation() {
    let doc = openapi().0;
    let http = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http");
    let mut documented = Vec::new();
    let mut files = vec![http];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let name = path.file_name().unwrap().to_str().unwrap();
        if name == "tests.rs" || !name.ends_with(".rs") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        if name != "client.rs" {
            let unrouted = source.replace("OpenApiRouter::new()", "");
            for by_hand in [
                ".route(",
                ".route_service(",
                ".nest(",
                ".nest_service(",
                "Router::new()",
            ] {
                assert!(
                    !unrouted.contains(by_hand),
                    "{name} routes by hand ({by_hand}): register the handler with routes! and \
                     #[utoipa::path] so the document lists it"
                );
            }
        }
        for attribute in source.split("#[utoipa::path(").skip(1) {
            let method = attribute
                .trim_start()
                .split([',', ' '])
                .next()
                .unwrap()
                .to_owned();
            let path = attribute
                .split("path = \"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .unwrap()
                .to_owned();
            documented.push((method, path));
        }
    }
    let mut in_doc: Vec<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .unwrap()
                .keys()
                .map(move |method| (method.clone(), path.clone()))
        })
        .collect();
    documented.sort();
    in_doc.sort();
    assert_eq!(documented, in_doc);
    // Every line of the refusals table names a documented route.
    for (method, path, _) in super::api::REFUSALS {
        assert!(
            in_doc.contains(&(method.to_string(), path.to_string())),
            "REFUSALS names {method} {path}, which is not a route"
        );
    }
}

/// Every route of the document is served by the router: none falls to the fallback (`404`
/// "no such page") or to a missing method (`405`).
#[tokio::test]
async fn every_documented_route_is_served() {
    let lobby = Lobby::new(Some(ADMIN), 30).await;
    let doc = lobby.doc.clone();
    let mut routes = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let uri = path
            .replace("{id}", "00000000-0000-4000-8000-000000000000")
            .replace("{game}", "artemia");
        for method in item.as_object().unwrap().keys() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let answer = lobby.call(method.clone(), &uri, &[], Body::empty()).await;
            assert_ne!(
                answer.status,
                StatusCode::METHOD_NOT_ALLOWED,
                "{method} {uri}"
            );
            assert_ne!(answer.body["message"], "no such page", "{method} {uri}");
            routes += 1;
        }
    }
    assert!(routes >= 17, "{routes} routes");
}

/// The document is OpenAPI 3.1, and every refusal it declares is the error body with a code.
#[test]
fn the_document_declares_the_error_body_and_each_route_s_codes() {
    let doc = openapi().0;
    assert_eq!(doc["openapi"], "3.1.0");
    assert!(doc["components"]["schemas"]["ApiError"].is_object());
    let codes = declared(&doc, "post", "/api/matches", StatusCode::BAD_REQUEST).unwrap();
    assert!(
        codes.contains(&"bad_json") && codes.contains(&"unknown_game"),
        "{codes:?}"
    );
    let codes = declared(&doc, "get", "/api/schema/frames", StatusCode::NOT_FOUND);
    assert_eq!(codes, Some(vec![]), "frames is no game");
    let codes = declared(&doc, "get", "/api/schema/chess", StatusCode::NOT_FOUND).unwrap();
    assert_eq!(codes, ["not_found"]);
}

/// A game's schemas are served by its id; an id that names no game is a 404.
#[tokio::test]
async fn the_schemas_are_served_per_game_and_an_unknown_game_is_a_404() {
    let lobby = Lobby::new(None, 30).await;
    for game in GameId::ALL {
        let answer = lobby.get(&format!("/api/schema/{game}")).await;
        assert_eq!(answer.status, StatusCode::OK, "{game}");
        assert_eq!(answer.body["game"], game.as_str());
        for part in ["action", "view", "event"] {
            assert_eq!(
                answer.body[part]["$schema"], "https://json-schema.org/draft/2020-12/schema",
                "{game} {part}"
            );
        }
    }
    assert_refused(
        &lobby.get("/api/schema/chess").await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    let frames = lobby.get("/api/schema/frames").await;
    assert_eq!(frames.status, StatusCode::OK);
    assert!(frames.body["client"]["oneOf"].is_array(), "{}", frames.body);
}

/// A plain GET of the match WebSocket (no upgrade) is refused in the API's error format.
#[tokio::test]
async fn a_socket_opened_without_an_upgrade_is_refused_400_not_websocket() {
    let lobby = Lobby::new(None, 30).await;
    let created = lobby.noughts().await;
    let id = created["id"].as_str().unwrap();
    let answer = lobby.get(&format!("/ws/matches/{id}")).await;
    assert_refused(&answer, StatusCode::BAD_REQUEST, "not_websocket");
}
