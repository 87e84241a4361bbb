//! Every game behind one erased interface over JSON, for the rooms and the lobby.
//!
//! A room holds a `Box<dyn AnyMatch>` and never knows which game it runs: actions come in as
//! JSON, views and events go out as JSON text, each written once from the game's typed values
//! for one viewer.

use std::collections::BTreeMap;
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};

use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;
use thiserror::Error;
use xenotable_protocol::{ClockView, MatchView, Outcome, Seat, schema};

use crate::bots::{BotLevel, Budget};

use super::{
    Audience, Clock, Dice, Game, GameId, Listed, Redacted, RuleError, ScenarioError, ScenarioInfo,
    SetupError, Told, Viewer, Visit,
};

/// A game as the lobby lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GameInfo {
    pub id: GameId,
    pub name: &'static str,
    /// Every seat the game can have; a match uses some of them (Artemia: the Creature and
    /// hunted-1 up to hunted-k, 1 ≤ k ≤ 6).
    pub seats: Vec<Seat>,
    /// Its scenarios: the built-in ones first, then the files shipped and uploaded.
    pub scenarios: Vec<ScenarioInfo>,
    /// The options a new match may set: by option name, its choices and its default.
    #[schema(value_type = Object)]
    pub options: Value,
    /// By seat, the bot levels the server can play it at (`random` for every seat).
    pub bots: BTreeMap<Seat, Vec<BotLevel>>,
}

impl GameId {
    /// The game as the lobby lists it (without scenario files).
    pub fn info(self) -> GameInfo {
        struct Info(GameId);
        impl Visit for Info {
            type Output = GameInfo;
            fn visit<G: Listed>(self) -> GameInfo {
                GameInfo {
                    id: self.0,
                    name: G::NAME,
                    seats: G::seats(),
                    scenarios: G::scenarios(),
                    options: G::options(),
                    bots: G::seats()
                        .into_iter()
                        .map(|seat| (seat, bot_levels::<G>(seat)))
                        .collect(),
                }
            }
        }
        self.visit(Info(self))
    }
}

/// The levels `G` has a bot of for `seat`, weakest first.
fn bot_levels<G: Game>(seat: Seat) -> Vec<BotLevel> {
    BotLevel::ALL
        .into_iter()
        .filter(|&level| G::bot(seat, level, 0, Budget::default()).is_some())
        .collect()
}

/// Every game of the table.
pub fn games() -> Vec<GameInfo> {
    GameId::ALL.iter().map(|g| g.info()).collect()
}

/// The scenarios built into `game`'s rules (none for a game played on files).
pub fn built_in_scenarios(game: GameId) -> Vec<ScenarioInfo> {
    struct BuiltIn;
    impl Visit for BuiltIn {
        type Output = Vec<ScenarioInfo>;
        fn visit<G: Listed>(self) -> Vec<ScenarioInfo> {
            G::scenarios()
        }
    }
    game.visit(BuiltIn)
}

/// The JSON Schemas of a game's wire types, each whole (with its own `$defs`): the action a
/// seat sends, the view a viewer is sent (the game's own fields in the envelope every view
/// shares) and the event an update tells, as redacted events are of the same type.
#[derive(Debug, Clone, Serialize)]
pub struct WireSchemas {
    pub game: GameId,
    pub action: schemars::Schema,
    pub view: schemars::Schema,
    pub event: schemars::Schema,
}

/// The schemas of `game`'s action, view and event, derived from its types.
pub fn wire_schemas(game: GameId) -> WireSchemas {
    struct Schemas(GameId);
    impl Visit for Schemas {
        type Output = WireSchemas;
        fn visit<G: Listed>(self) -> WireSchemas {
            WireSchemas {
                game: self.0,
                action: schema::sent::<G::Action>(),
                view: schema::told::<MatchView<G::View, Vec<G::Action>>>(),
                event: schema::told::<G::Event>(),
            }
        }
    }
    game.visit(Schemas(game))
}

/// What a new match is made of.
#[derive(Debug, Clone)]
pub struct MatchSetup {
    pub game: GameId,
    pub seats: Vec<Seat>,
    /// The text of the scenario file, for games played on one, or the id of a built-in scenario
    /// (Intruder's `solitaire`). Stored with the match, so a replay does not depend on the
    /// scenario still existing or being unchanged.
    pub scenario: Option<String>,
    pub options: Value,
    pub seed: u64,
}

/// Why a match could not be made or an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("malformed action: {0}")]
    BadAction(String),
    #[error(transparent)]
    Rule(#[from] RuleError),
}

impl MatchError {
    /// The stable code of this error.
    pub fn code(&self) -> &'static str {
        match self {
            MatchError::Setup(e) => e.code(),
            MatchError::BadAction(_) => "bad_action",
            MatchError::Rule(e) => e.code(),
        }
    }
}

/// JSON text written once from a typed value (a view, an event, a list of actions) and then
/// only copied into frames: never parsed again, never rebuilt per connection.
#[derive(Clone)]
pub struct Json(String);

impl Json {
    /// `value` as JSON text.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Json {
        Json(json_text(value))
    }

    /// `value` as JSON text to be kept for the rest of the match (an event of the log), so
    /// without the spare capacity serde's writer leaves: a room holds every event it told.
    pub fn kept<T: Serialize + ?Sized>(value: &T) -> Json {
        let mut text = json_text(value);
        text.shrink_to_fit();
        Json(text)
    }

    /// Text already written as JSON (kept by the room's log).
    pub(crate) fn text(text: &str) -> Json {
        Json(text.to_owned())
    }

    /// `[]`.
    pub fn empty_list() -> Json {
        Json("[]".to_owned())
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text read back as a `Value`, for bots and tests.
    pub fn to_value(&self) -> Value {
        serde_json::from_str(self.as_str()).unwrap_or(Value::Null)
    }
}

/// `value` as JSON text.
pub(super) fn json_text<T: Serialize + ?Sized>(value: &T) -> String {
    // Our wire types are plain data: serializing them cannot fail.
    serde_json::to_string(value).unwrap_or_else(|_| "[]".to_owned())
}

/// Two texts written from typed values are the same value when they are the same text.
impl PartialEq for Json {
    fn eq(&self, other: &Json) -> bool {
        self.as_str() == other.as_str()
    }
}

impl fmt::Debug for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Written as the JSON it is (not as a string), for the frames written by serde: read back
/// first, so only where a frame is rare (a `welcome`), never on a move's path.
impl Serialize for Json {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RawValue::from_string(self.0.clone())
            .map_err(serde::ser::Error::custom)?
            .serialize(serializer)
    }
}

/// An event as JSON, whole and concealed, with the audience of its secret parts.
pub type JsonEvent = Redacted<Json>;

/// What a room puts around the game's own view, kept from the last command: who acts, what the
/// viewer's seat may send (a JSON list), the outcome and the running clock.
#[derive(Debug, Clone, Copy)]
pub struct Envelope<'a> {
    pub to_act: &'a [Seat],
    pub legal: &'a Json,
    pub outcome: Option<&'a Outcome>,
    pub clock: Option<ClockView>,
}

impl Envelope<'_> {
    /// The whole view: the game's own fields (`game`, the JSON object of its view) then the
    /// envelope's, as [`MatchView`] writes them.
    fn wrap(&self, game: String) -> Json {
        let mut text = game;
        // The game's object stays open for the envelope's fields.
        text.pop();
        if text.len() > 1 {
            text.push(',');
        }
        text.push_str(r#""to_act":"#);
        text.push_str(&json_text(self.to_act));
        text.push_str(r#","legal":"#);
        text.push_str(self.legal.as_str());
        text.push_str(r#","outcome":"#);
        text.push_str(&json_text(&self.outcome));
        if let Some(clock) = &self.clock {
            text.push_str(r#","clock":"#);
            text.push_str(&json_text(clock));
        }
        text.push('}');
        Json(text)
    }
}

/// A live match of any game.
pub trait AnyMatch: Send {
    /// The game.
    fn game(&self) -> GameId;
    /// The seats of this match.
    fn seats(&self) -> &[Seat];
    /// The seats that may act now.
    fn to_act(&self) -> Vec<Seat>;
    /// What `seat` may send now, as JSON.
    fn legal(&self, seat: Seat) -> Vec<Value>;
    /// What `seat` may send now, as one JSON list, written straight from the game's actions.
    fn legal_json(&self, seat: Seat) -> Json;
    /// Plays a JSON action for `seat`; on `Err` nothing changed.
    fn act(&mut self, seat: Seat, action: &Value) -> Result<Vec<JsonEvent>, MatchError>;
    /// The whole view of `viewer` as a room sends it: the game's own view, written straight
    /// from the game's type, in the room's `envelope`.
    fn view_json(&self, viewer: Viewer, envelope: Envelope<'_>) -> Json;
    /// The whole views of several viewers at once, each in its envelope, in order: what the
    /// viewers share is written once ([`Game::write_views`]).
    fn views_json(&self, viewers: &[(Viewer, Envelope<'_>)]) -> Vec<Json>;
    /// The whole view of `viewer`, with `to_act`, `legal` and `outcome` computed now and no
    /// clock: for replays and tests, which keep nothing between commands.
    fn view(&self, viewer: Viewer) -> Value;
    /// How the match ended, once it has.
    fn outcome(&self) -> Option<Outcome>;
    /// The points `seat` has scored, where the game keeps a score ([`Game::score`]).
    fn score(&self, seat: Seat) -> Option<f64>;
    /// A hash of the whole state, to compare two runs.
    fn state_hash(&self) -> u64;
    /// The clock running now, if any.
    fn clock(&self) -> Option<Clock>;
    /// The running clock has expired: plays the game's `TimeUp`. On `Err` nothing changed.
    fn time_up(&mut self) -> Result<Vec<JsonEvent>, MatchError>;
}

/// A match of game `G`: its state and its dice.
pub struct Match<G: Game> {
    seats: Vec<Seat>,
    state: G::State,
    dice: Dice,
}

impl<G: Game> Match<G> {
    /// A new match of `G` with these seats and options, shuffled by `seed`.
    pub fn new(
        seats: &[Seat],
        scenario: Option<&str>,
        options: G::Options,
        seed: u64,
    ) -> Result<Match<G>, SetupError> {
        let config = G::configure(seats, scenario, options)?;
        let mut dice = Dice::from_seed(seed);
        let state = G::setup(&config, &mut dice);
        Ok(Match {
            seats: seats.to_vec(),
            state,
            dice,
        })
    }

    /// The whole truth, for tests and replays.
    pub fn state(&self) -> &G::State {
        &self.state
    }
}

fn to_json<T: Serialize>(value: &T) -> Value {
    // Our wire types are plain data: serializing them cannot fail.
    serde_json::to_value(value).unwrap_or(Value::Null)
}

fn json_events<G: Game>(told: &[Told<G::Event>]) -> Vec<JsonEvent> {
    told.iter()
        .map(|t| match t.audience {
            // Everyone sees it whole: there is no concealed form to write, or to keep.
            Audience::Everyone => JsonEvent {
                whole: Json::kept(&t.event),
                concealed: None,
                audience: Audience::Everyone,
            },
            Audience::Seats(_) => t.redacted(G::conceal).map(Json::kept),
        })
        .collect()
}

/// A JSON action of game `G`, read.
fn read_action<G: Game>(action: &Value) -> Result<G::Action, MatchError> {
    G::Action::deserialize(action).map_err(|e| MatchError::BadAction(e.to_string()))
}

impl<G: Listed> AnyMatch for Match<G> {
    fn game(&self) -> GameId {
        G::GAME
    }

    fn seats(&self) -> &[Seat] {
        &self.seats
    }

    fn to_act(&self) -> Vec<Seat> {
        G::to_act(&self.state)
    }

    fn legal(&self, seat: Seat) -> Vec<Value> {
        G::legal_actions(&self.state, seat)
            .iter()
            .map(to_json)
            .collect()
    }

    fn act(&mut self, seat: Seat, action: &Value) -> Result<Vec<JsonEvent>, MatchError> {
        let action = read_action::<G>(action)?;
        let told = G::apply(&mut self.state, seat, &action, &mut self.dice)?;
        Ok(json_events::<G>(&told))
    }

    fn legal_json(&self, seat: Seat) -> Json {
        Json::of(&G::legal_actions(&self.state, seat))
    }

    fn view_json(&self, viewer: Viewer, envelope: Envelope<'_>) -> Json {
        envelope.wrap(json_text(&G::view(&self.state, viewer)))
    }

    fn views_json(&self, viewers: &[(Viewer, Envelope<'_>)]) -> Vec<Json> {
        let who: Vec<Viewer> = viewers.iter().map(|&(viewer, _)| viewer).collect();
        G::write_views(&self.state, &who)
            .into_iter()
            .zip(viewers)
            .map(|(game, (_, envelope))| envelope.wrap(game))
            .collect()
    }

    fn view(&self, viewer: Viewer) -> Value {
        let legal = match viewer {
            Viewer::Seat(seat) => G::legal_actions(&self.state, seat),
            Viewer::Spectator | Viewer::Omniscient => Vec::new(),
        };
        to_json(&MatchView {
            game: G::view(&self.state, viewer),
            to_act: G::to_act(&self.state),
            legal,
            outcome: G::outcome(&self.state),
            clock: None,
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        G::outcome(&self.state)
    }

    fn score(&self, seat: Seat) -> Option<f64> {
        G::score(&self.state, seat)
    }

    fn state_hash(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.state.hash(&mut hasher);
        hasher.finish()
    }

    fn clock(&self) -> Option<Clock> {
        G::clock(&self.state)
    }

    fn time_up(&mut self) -> Result<Vec<JsonEvent>, MatchError> {
        let told = G::time_up(&mut self.state, &mut self.dice)?;
        Ok(json_events::<G>(&told))
    }
}

/// A new match of any game of the table.
pub fn new_match(setup: &MatchSetup) -> Result<Box<dyn AnyMatch>, MatchError> {
    struct Make<'a>(&'a MatchSetup);
    impl Visit for Make<'_> {
        type Output = Result<Box<dyn AnyMatch>, MatchError>;
        fn visit<G: Listed>(self) -> Self::Output {
            let setup = self.0;
            let options = if setup.options.is_null() {
                G::Options::default()
            } else {
                G::Options::deserialize(&setup.options)
                    .map_err(|e| SetupError::Options(e.to_string()))?
            };
            Ok(Box::new(Match::<G>::new(
                &setup.seats,
                setup.scenario.as_deref(),
                options,
                setup.seed,
            )?))
        }
    }
    setup.game.visit(Make(setup))
}

/// A JSON action of `game` as the game writes it now: read, then written again. An action
/// stored in a spelling since renamed (Artemia's snake_case names) comes out in today's names.
pub fn rewrite_action(game: GameId, action: &Value) -> Result<Value, MatchError> {
    struct Rewrite<'a>(&'a Value);
    impl Visit for Rewrite<'_> {
        type Output = Result<Value, MatchError>;
        fn visit<G: Listed>(self) -> Self::Output {
            read_action::<G>(self.0).map(|action| to_json(&action))
        }
    }
    game.visit(Rewrite(action))
}

/// Checks a scenario file of `game`, as the bytes it came in; returns its title.
pub fn check_scenario(game: GameId, bytes: &[u8]) -> Result<String, ScenarioError> {
    struct Check<'a>(&'a [u8]);
    impl Visit for Check<'_> {
        type Output = Result<String, ScenarioError>;
        fn visit<G: Listed>(self) -> Self::Output {
            if self.0.len() > MAX_SCENARIO_BYTES {
                return Err(ScenarioError::new(
                    1,
                    1,
                    format!(
                        "the file is {} bytes; at most {MAX_SCENARIO_BYTES} are allowed",
                        self.0.len()
                    ),
                ));
            }
            G::check_scenario_file(self.0)
        }
    }
    game.visit(Check(bytes))
}

/// The largest scenario file of any game, in bytes.
pub const MAX_SCENARIO_BYTES: usize = 65_536;

/// The file as text, or the position of its first byte that is not UTF-8.
pub(super) fn utf8(bytes: &[u8]) -> Result<&str, ScenarioError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
        let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
        let byte = bytes[e.valid_up_to()];
        ScenarioError::new(line, column, format!("byte 0x{byte:02x} is not UTF-8 text"))
    })
}

#[cfg(test)]
mod refusals;

#[cfg(test)]
mod tests {
    use serde_json::json;
    use xenotable_protocol::JsonView;

    use super::*;

    /// The view a room writes, the game's object spliced with the envelope's fields, is the
    /// protocol's `MatchView` as serde writes it: with and without a clock or an outcome, and
    /// for a game's view with no field of its own.
    #[test]
    fn a_wrapped_view_is_the_protocols_view_byte_for_byte() {
        let legal = vec![json!({"type": "pass"}), json!("x")];
        let clock = ClockView {
            seat: Seat::Marines,
            period: 3,
            seconds: 120,
            deadline_ms: 1_700_000_000_000,
            remaining_ms: 5_000,
        };
        let outcome = Outcome {
            winners: vec![Seat::Aliens],
            reason: "r".into(),
        };
        for game in [json!({"round": 2, "hand": ["a"]}), json!({})] {
            for (clock, outcome) in [(None, None), (Some(clock), Some(&outcome))] {
                let to_act = [Seat::Marines, Seat::Hunted(2)];
                let envelope = Envelope {
                    to_act: &to_act,
                    legal: &Json::of(&legal),
                    outcome,
                    clock,
                };
                let view: JsonView = MatchView {
                    game: game.clone(),
                    to_act: to_act.to_vec(),
                    legal: legal.clone(),
                    outcome: outcome.cloned(),
                    clock,
                };
                assert_eq!(
                    envelope.wrap(game.to_string()).as_str(),
                    serde_json::to_string(&view).unwrap()
                );
            }
        }
    }

    /// A room keeps every event it told for the whole match: a public event is kept once (its
    /// concealed form is never shown to anyone), a secret one in both forms, each text without
    /// spare capacity.
    #[test]
    fn a_public_event_is_kept_once_and_a_secret_one_in_both_forms() {
        use xenotable_protocol::artemia::Event;
        let passed = Event::Passed {
            seat: Seat::Hunted(1),
        };
        let kept = json_events::<crate::games::artemia::Artemia>(&[
            Told::public(passed.clone()),
            Told::secret(passed, Audience::only(Seat::Hunted(1))),
        ]);
        assert_eq!(kept[0].concealed, None);
        assert!(kept[1].concealed.is_some());
        let texts = kept
            .iter()
            .flat_map(|e| [Some(&e.whole), e.concealed.as_ref()]);
        for Json(text) in texts.flatten() {
            assert_eq!(text.capacity(), text.len(), "{text}");
        }
    }

    #[test]
    fn a_scenario_that_is_not_utf8_is_refused_at_its_first_bad_byte() {
        let bytes = b"format = \"away-team/1\"\ntitle = \"\xc3\xa9\xff\"\n";
        let err = check_scenario(GameId::AwayTeam, bytes).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 11: byte 0xff is not UTF-8 text",
            "columns count characters"
        );
    }

    #[test]
    fn an_oversized_scenario_is_refused_before_anything_else() {
        let mut bytes = vec![b'#'; MAX_SCENARIO_BYTES + 1];
        bytes[3] = 0xff;
        let err = check_scenario(GameId::AwayTeam, &bytes).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("line 1, column 1: the file is 65537 bytes")
        );
        let err = check_scenario(GameId::Derelict, &bytes).unwrap_err();
        assert!(err.to_string().starts_with("line 1, column 1: "), "{err}");
    }
}
