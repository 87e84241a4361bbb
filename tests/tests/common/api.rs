//! The API as the server describes it, held against what the tests see: every frame a test
//! sends or receives on a match WebSocket is checked against the served `/api/schema/frames`
//! and its game's `/api/schema/{game}`, and every REST answer against the response of its
//! route and status in `/api/openapi.json`. A schema or a document that drifts from the wire
//! fails every test that meets the drifted part.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use jsonschema::Validator;
use serde_json::{Value, json};

/// One game's schemas, compiled.
struct GameSchemas {
    id: String,
    action: Validator,
    view: Validator,
    event: Validator,
}

/// What one server serves about itself, compiled once per server.
pub struct Api {
    client: Validator,
    server: Validator,
    games: Vec<GameSchemas>,
    /// The OpenAPI document.
    pub doc: Value,
    /// Response schemas compiled so far, by `METHOD path status`.
    responses: Mutex<HashMap<String, Arc<Validator>>>,
}

/// `schema` compiled, or the test fails naming `what`.
fn compile(what: &str, schema: &Value) -> Validator {
    jsonschema::validator_for(schema)
        .unwrap_or_else(|e| panic!("the served schema of {what} does not compile: {e}"))
}

/// Fails the test unless `value` fits `validator`, naming every misfit.
fn check(validator: &Validator, what: &str, value: &Value) {
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("  at {}: {e}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what} does not fit its served schema:\n{}\n{value}",
        errors.join("\n")
    );
}

impl Api {
    /// Compiles the schemas and the document fetched from the server: the frames, each game of
    /// `games` (its id and `/api/schema/{game}`) and the OpenAPI document.
    pub fn new(frames: &Value, games: &[(String, Value)], doc: Value) -> Api {
        Api {
            client: compile("client frames", &frames["client"]),
            server: compile("server frames", &frames["server"]),
            games: games
                .iter()
                .map(|(id, schemas)| GameSchemas {
                    id: id.clone(),
                    action: compile(&format!("{id} actions"), &schemas["action"]),
                    view: compile(&format!("{id} views"), &schemas["view"]),
                    event: compile(&format!("{id} events"), &schemas["event"]),
                })
                .collect(),
            doc,
            responses: Mutex::new(HashMap::new()),
        }
    }

    fn game(&self, id: &str) -> &GameSchemas {
        self.games
            .iter()
            .find(|g| g.id == id)
            .unwrap_or_else(|| panic!("no schemas served for game {id}"))
    }

    /// Checks a frame a client sends; `game` is the match's, once known.
    pub fn check_sent(&self, game: Option<&str>, frame: &Value) {
        check(&self.client, "a client frame", frame);
        if frame["t"] == "act"
            && let Some(game) = game
        {
            check(
                &self.game(game).action,
                &format!("a {game} action"),
                &frame["action"],
            );
        }
    }

    /// Checks a frame the server sent. The match's game is learnt from the first view (the
    /// `welcome`): the one game whose view schema it fits.
    pub fn check_received(&self, game: &mut Option<String>, frame: &Value) {
        check(&self.server, "a server frame", frame);
        let view = &frame["view"];
        if view.is_null() {
            return;
        }
        if game.is_none() {
            let fits: Vec<&str> = self
                .games
                .iter()
                .filter(|g| g.view.is_valid(view))
                .map(|g| g.id.as_str())
                .collect();
            assert!(
                !fits.is_empty(),
                "a view fits no game's served schema:\n{}\n{view}",
                self.games
                    .iter()
                    .map(|g| format!(
                        "  {}: {}",
                        g.id,
                        g.view
                            .iter_errors(view)
                            .map(|e| format!("at {}: {e}", e.instance_path()))
                            .collect::<Vec<_>>()
                            .join("; ")
                    ))
                    .collect::<Vec<_>>()
                    .join("\n")
            );
            *game = Some(fits[0].to_owned());
        }
        let id = game.as_deref().expect("the game is known");
        let schemas = self.game(id);
        check(&schemas.view, &format!("a {id} view"), view);
        let told = frame["events"].as_array().into_iter().flatten();
        let logged = frame["log"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|entry| entry["events"].as_array().into_iter().flatten());
        for event in told.chain(logged) {
            check(&schemas.event, &format!("a {id} event"), event);
        }
    }

    /// The document's path template that `path` (without its query) matches, if any.
    fn template(&self, path: &str) -> Option<String> {
        let path = path.split('?').next().unwrap_or(path);
        let wanted: Vec<&str> = path.split('/').collect();
        self.doc["paths"]
            .as_object()?
            .keys()
            // A literal segment wins over a parameter (`/api/schema/frames`, `{game}`).
            .filter(|t| {
                let parts: Vec<&str> = t.split('/').collect();
                parts.len() == wanted.len()
                    && parts
                        .iter()
                        .zip(&wanted)
                        .all(|(t, w)| t == w || (t.starts_with('{') && !w.is_empty()))
            })
            .min_by_key(|t| t.matches('{').count())
            .cloned()
    }

    /// The codes the document declares for `method` on `path` answering `status`; `None` when
    /// the document does not describe that route.
    pub fn declared_codes(&self, method: &str, path: &str, status: u16) -> Option<Vec<String>> {
        let template = self.template(path)?;
        let operation = &self.doc["paths"][&template][method.to_ascii_lowercase()];
        if operation.is_null() {
            return None;
        }
        let schema =
            &operation["responses"][status.to_string()]["content"]["application/json"]["schema"];
        Some(
            schema["properties"]["code"]["enum"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c.as_str().map(str::to_owned))
                .collect(),
        )
    }

    /// Checks a REST answer against the document: its status must be declared for the route
    /// and its JSON body must fit that response's schema (an error's `code` one of the
    /// route's). Routes the document does not describe (the web client, unknown paths, a
    /// method a path does not have) are not checked.
    pub fn check_answer(&self, method: &str, path: &str, status: u16, body: &str) {
        let Some(template) = self.template(path) else {
            return;
        };
        let method = method.to_ascii_lowercase();
        let operation = &self.doc["paths"][&template][&method];
        if operation.is_null() {
            return;
        }
        let what = format!("{} {template} {status}", method.to_uppercase());
        let response = &operation["responses"][status.to_string()];
        assert!(
            !response.is_null(),
            "{what} is not declared in /api/openapi.json (body: {body})"
        );
        let Ok(json) = serde_json::from_str::<Value>(body) else {
            // A text answer (`/healthz`, `/metrics`, a 204): declared without a JSON body.
            assert!(
                response["content"]["application/json"].is_null() || body.is_empty(),
                "{what} should be JSON: {body}"
            );
            return;
        };
        let Some(schema) = response["content"]["application/json"]["schema"].as_object() else {
            panic!("{what} answered JSON, but the document declares none: {body}");
        };
        let validator = {
            let mut compiled = self.responses.lock().unwrap_or_else(|e| e.into_inner());
            compiled
                .entry(what.clone())
                .or_insert_with(|| {
                    let mut root = json!({
                        "$schema": "https://json-schema.org/draft/2020-12/schema",
                        "components": self.doc["components"],
                    });
                    for (key, value) in schema {
                        root[key] = value.clone();
                    }
                    Arc::new(compile(&what, &root))
                })
                .clone()
        };
        check(&validator, &format!("the answer of {what}"), &json);
    }
}
