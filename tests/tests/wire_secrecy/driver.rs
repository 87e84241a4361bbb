//! The driver: a match played over the wire by a client at every seat and a spectator, mirrored
//! in process, every frame checked against the server's view and against twins.

use std::collections::BTreeMap;

use serde_json::{Value, json};
use xenotable_protocol::{MatchView, Seat};
use xenotable_server::games::{Dice, Game, Json, JsonEvent, Told, Viewer};
use xenotable_server::room::Seqs;

use crate::common::{Client, Db, Picker, Server};

/// How many twins are built for each viewer at each step.
const TWINS: usize = 2;

/// What a viewer may not know in one game: the rules' hidden-information table, stated by the
/// test as the twins it builds.
pub trait Secrets: Game {
    /// Whether every die rolled is told to everyone (its purpose and result are public): a step
    /// that rolls is then not compared on twins whose dice differ.
    const ROLLS_ARE_PUBLIC: bool;

    /// A state, and the dice it goes on with, that `viewer` may not tell from `s` by the rules:
    /// what it may not know redrawn at random, everything else as it is. With `through`, the
    /// twin is to be played through that step too (with [`Secrets::same_choice`]): what the
    /// step reveals to the viewer must then stay as it is.
    fn twin(
        s: &Self::State,
        through: Option<Through<'_, Self>>,
        dice: &Dice,
        viewer: Viewer,
        pick: &mut Picker,
    ) -> (Self::State, Dice);

    /// Another choice `seat` might have made instead of `action` that `viewer` may not tell
    /// from it, even once the step is played (`after` is the real state then): `None` when the
    /// action keeps no secret from `viewer` (the default).
    fn secret_choice(
        s: &Self::State,
        after: &Self::State,
        seat: Seat,
        action: &Self::Action,
        viewer: Viewer,
        pick: &mut Picker,
    ) -> Option<Self::Action> {
        let _ = (s, after, seat, action, viewer, pick);
        None
    }

    /// The action that makes on the twin state `twin` the choice `action` makes on the real
    /// state `s` (by default the action itself).
    fn same_choice(
        s: &Self::State,
        twin: &Self::State,
        seat: Seat,
        action: &Self::Action,
    ) -> Self::Action {
        let _ = (s, twin, seat);
        action.clone()
    }

    /// Which of `legal` to send, seeing `view` (both from the seat's own last frame): by
    /// default any.
    fn choose(view: &Value, legal: &[Value], pick: &mut Picker) -> usize {
        let _ = view;
        pick.below(legal.len())
    }
}

/// A step a twin is played through: the command, and the real state after it.
pub struct Through<'a, G: Game + ?Sized> {
    pub seat: Seat,
    pub action: &'a G::Action,
    pub after: &'a G::State,
}

impl<G: Game + ?Sized> Clone for Through<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game + ?Sized> Copy for Through<'_, G> {}

/// What the twins covered over a match.
#[derive(Debug, Default)]
pub struct Coverage {
    pub steps: usize,
    /// Twin states checked, and among them those that differed from the real state in the
    /// omniscient view (so the viewer had something real not to see).
    pub twins: usize,
    pub hidden_states: usize,
    /// Steps played on a twin state, or with another secret choice, and told alike to the
    /// viewer; how many of them were other choices.
    pub compared: usize,
    pub choices: usize,
    /// Steps on a twin that revealed the swapped part to the viewer (its next view differs), or
    /// that rolled public dice on other dice, or that the twin's rules refused (a choice of
    /// another seat that depended on what was swapped): not compared.
    pub revealed: usize,
    pub rolled: usize,
    pub refused: usize,
    /// By event type: events whose whole form differed on the twin while the viewer was told
    /// exactly the same.
    pub hidden_events: BTreeMap<String, usize>,
}

impl Coverage {
    /// Adds up the coverage of another match.
    pub fn add(&mut self, other: Coverage) {
        self.steps += other.steps;
        self.twins += other.twins;
        self.hidden_states += other.hidden_states;
        self.compared += other.compared;
        self.choices += other.choices;
        self.revealed += other.revealed;
        self.rolled += other.rolled;
        self.refused += other.refused;
        for (kind, n) in other.hidden_events {
            *self.hidden_events.entry(kind).or_default() += n;
        }
    }

    /// Asserts that the twins hid something real often enough, and that each of `kinds` was
    /// among the events whose secret part changed unseen.
    pub fn assert_covers(&self, kinds: &[&str]) {
        assert!(
            self.hidden_states * 4 > self.twins,
            "too few twins differed from the real state: {self:?}"
        );
        assert!(
            self.compared * 3 > self.twins,
            "too few steps compared on twins: {self:?}"
        );
        for kind in kinds {
            assert!(
                self.hidden_events.get(*kind).is_some_and(|&n| n > 0),
                "no {kind} event had its secret swapped unseen: {self:?}"
            );
        }
    }
}

/// One connection of the match and what it last saw.
struct Conn {
    viewer: Viewer,
    client: Client,
    seq: u64,
    view: Value,
}

/// Wire types as JSON (serializing them cannot fail).
macro_rules! to_json {
    ($value:expr) => {
        serde_json::to_value($value).expect("wire types serialize")
    };
}

/// The view a connection of `viewer` gets, as the registry builds it.
fn full_view<G: Game>(s: &G::State, viewer: Viewer) -> Value {
    let legal = match viewer {
        Viewer::Seat(seat) => G::legal_actions(s, seat),
        Viewer::Spectator | Viewer::Omniscient => Vec::new(),
    };
    to_json!(&MatchView {
        game: G::view(s, viewer),
        to_act: G::to_act(s),
        legal,
        outcome: G::outcome(s),
        clock: None,
    })
}

/// Events as the registry hands them to a room: redacted by the server's one path.
fn json_events<G: Game>(told: &[Told<G::Event>]) -> Vec<JsonEvent> {
    told.iter()
        .map(|t| t.redacted(G::conceal).map(Json::of))
        .collect()
}

/// What `viewer` is told of a command: `None` when every event is withheld from it, else the
/// events as it sees them.
fn told_to(events: &[JsonEvent], viewer: Viewer) -> Option<Vec<Value>> {
    let seen: Vec<Value> = events
        .iter()
        .filter_map(|e| e.for_viewer(viewer).map(Json::to_value))
        .collect();
    (events.is_empty() || !seen.is_empty()).then_some(seen)
}

/// The first place where two JSON values differ, for failure messages.
pub fn diff(a: &Value, b: &Value) -> String {
    fn walk(a: &Value, b: &Value, path: &mut String) -> Option<String> {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                for key in x.keys().chain(y.keys()) {
                    let (u, v) = (&x.get(key), &y.get(key));
                    if u != v {
                        let len = path.len();
                        path.push_str(&format!(".{key}"));
                        let found = match (u, v) {
                            (Some(u), Some(v)) => walk(u, v, path),
                            _ => Some(format!("{path}: {u:?} vs {v:?}")),
                        };
                        path.truncate(len);
                        return found;
                    }
                }
                None
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (k, (u, v)) in x.iter().zip(y).enumerate() {
                    if u != v {
                        let len = path.len();
                        path.push_str(&format!("[{k}]"));
                        let found = walk(u, v, path);
                        path.truncate(len);
                        return found;
                    }
                }
                None
            }
            _ if a == b => None,
            _ => Some(format!("{path}: {a} vs {b}")),
        }
    }
    walk(a, b, &mut String::new()).unwrap_or_else(|| "no difference".to_owned())
}

/// A match to play: the creation body's game, scenario and options, with a person at each seat.
pub struct Setup<'a> {
    pub scenario: Option<&'a str>,
    pub options: Value,
    pub seats: &'a [Seat],
    pub seed: u64,
    /// Seeds the choices of the players and the twins.
    pub pick: u64,
    /// The match must end within this many commands.
    pub max_steps: usize,
}

/// Every frame a connection received, parsed.
pub struct Received {
    pub viewer: Viewer,
    pub frames: Vec<Value>,
}

/// Plays one match of `G` on `server` as `setup` says, checking every frame; returns what the
/// twins covered and what each connection received.
pub async fn play<G: Secrets>(
    server: &Server,
    db: &Db,
    setup: Setup<'_>,
) -> (Coverage, Vec<Received>) {
    let seats: Vec<Value> = setup
        .seats
        .iter()
        .map(|s| json!({"seat": s, "name": format!("Player {s}")}))
        .collect();
    let (id, tokens) = server
        .create(json!({
            "game": G::ID,
            "scenario": setup.scenario,
            "options": setup.options,
            "seed": setup.seed,
            "seats": seats,
        }))
        .await;

    // The mirror: the match rebuilt from its stored record, as a restart would.
    let store = db.store().await;
    let uuid = id.parse().expect("a uuid");
    let record = store
        .get_match(uuid)
        .await
        .expect("the store answers")
        .expect("the match is stored");
    let seats: Vec<Seat> = record.seats.iter().map(|s| s.seat).collect();
    let options: G::Options = if record.options.is_null() {
        G::Options::default()
    } else {
        serde_json::from_value(record.options.clone()).expect("the stored options read")
    };
    let config = G::configure(&seats, record.scenario_text.as_deref(), options)
        .unwrap_or_else(|e| panic!("the stored match configures: {e}"));
    let mut dice = Dice::from_seed(record.seed as u64);
    let mut state = G::setup(&config, &mut dice);
    let mut seqs = Seqs::new(&seats);

    // The spectator first, then every seat; each is welcomed with its own view.
    let mut conns = Vec::new();
    let viewers = std::iter::once(Viewer::Spectator).chain(seats.iter().map(|&s| Viewer::Seat(s)));
    for viewer in viewers {
        let mut client = server.connect(&id, token_of(&tokens, viewer)).await;
        let welcome = client.recv().await;
        let view = full_view::<G>(&state, viewer);
        let you = match viewer {
            Viewer::Seat(seat) => seat.to_string(),
            _ => "spectator".to_owned(),
        };
        let expected = json!({"t": "welcome", "you": you, "seq": 0, "view": view, "chat": [],
            "log": [], "stand_ins": []});
        let seen = without_clock::<G>(welcome, &state);
        assert!(
            seen == expected,
            "{viewer:?}'s welcome: {}",
            diff(&seen, &expected)
        );
        conns.push(Conn {
            viewer,
            client,
            seq: 0,
            view,
        });
    }

    let mut pick = Picker(setup.pick);
    let mut coverage = Coverage::default();
    let mut sent = Vec::new();
    while G::outcome(&state).is_none() {
        let step = coverage.steps;
        assert!(step < setup.max_steps, "no end after {step} commands");
        // A seat whose own last frame offers something plays one of its offers.
        let able: Vec<usize> = (0..conns.len())
            .filter(|&k| {
                conns[k].view["legal"]
                    .as_array()
                    .is_some_and(|l| !l.is_empty())
            })
            .collect();
        assert!(!able.is_empty(), "step {step}: nobody may act");
        let k = able[pick.below(able.len())];
        let Viewer::Seat(seat) = conns[k].viewer else {
            unreachable!("spectators are offered nothing")
        };
        let legal = conns[k].view["legal"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let offered = legal[G::choose(&conns[k].view, &legal, &mut pick)].clone();
        let reference = format!("step-{step}");
        let frame = json!({"t": "act", "seq": conns[k].seq, "ref": reference, "action": offered});
        conns[k].client.send(frame).await;
        sent.push((seat.to_string(), offered.clone()));

        let action: G::Action =
            serde_json::from_value(offered.clone()).expect("an offered action reads");
        let mut after = state.clone();
        let mut dice_after = dice.clone();
        let told = G::apply(&mut after, seat, &action, &mut dice_after)
            .unwrap_or_else(|e| panic!("step {step}: the rules refuse {offered}: {e}"));
        let events = json_events::<G>(&told);
        seqs.count(events.clone());

        let played = Played::<G> {
            before: &state,
            dice: &dice,
            seat,
            action: &action,
            after: &after,
            rolled: dice_after != dice,
            events: &events,
            step,
        };
        for conn in &conns {
            played.check_twins(conn.viewer, &mut pick, &mut coverage);
        }

        // Every connection told of the command receives exactly its frame, next.
        for conn in &mut conns {
            let Some(seen_events) = told_to(&events, conn.viewer) else {
                continue;
            };
            let frame = conn.client.recv().await;
            let view = full_view::<G>(&after, conn.viewer);
            let seq = seqs.of(conn.viewer);
            let mut expected =
                json!({"t": "update", "seq": seq, "events": seen_events, "view": view});
            // The sender's copy answers its act.
            if conn.viewer == Viewer::Seat(seat) {
                expected["ref"] = json!(reference);
            }
            let seen = without_clock::<G>(frame, &after);
            assert!(
                seen == expected,
                "step {step}, {seat} sent {offered}: {:?} received {}",
                conn.viewer,
                diff(&seen, &expected)
            );
            conn.seq = seq;
            conn.view = view;
        }
        state = after;
        dice = dice_after;
        coverage.steps += 1;
    }

    // Nothing else reached anyone: a ping is answered next.
    for conn in &mut conns {
        conn.client.send(json!({"t": "ping"})).await;
        let next = conn.client.recv().await;
        assert_eq!(next, json!({"t": "pong"}), "{:?} got more", conn.viewer);
    }
    // A viewer who comes back is told its whole history: exactly the updates it received.
    for conn in &conns {
        let mut again = server.connect(&id, token_of(&tokens, conn.viewer)).await;
        let welcome = again.recv().await;
        let lived: Vec<Value> = conn
            .client
            .frames
            .iter()
            .map(|f| serde_json::from_str::<Value>(f).expect("JSON frames"))
            .filter(|f| f["t"] == "update")
            .map(|f| json!({"seq": f["seq"], "events": f["events"]}))
            .collect();
        assert!(
            welcome["log"] == json!(lived),
            "{:?}'s history: {}",
            conn.viewer,
            diff(&welcome["log"], &json!(lived))
        );
        again.close().await;
    }
    // The log holds the commands sent, in order: the frames came from seed + log.
    let log = store.commands(uuid).await.expect("the log");
    let logged: Vec<(String, Value)> = log
        .into_iter()
        .map(|c| (c.author.to_string(), c.action))
        .collect();
    assert_eq!(logged, sent, "the stored log");
    store.close().await;
    let mut received = Vec::new();
    for conn in conns {
        let frames = conn
            .client
            .frames
            .iter()
            .map(|f| serde_json::from_str(f).expect("JSON frames"))
            .collect();
        received.push(Received {
            viewer: conn.viewer,
            frames,
        });
        conn.client.close().await;
    }
    (coverage, received)
}

/// The seat token a connection of `viewer` uses (none for a spectator).
fn token_of(tokens: &[(String, String)], viewer: Viewer) -> Option<&str> {
    let Viewer::Seat(seat) = viewer else {
        return None;
    };
    tokens
        .iter()
        .find(|(s, _)| *s == seat.to_string())
        .map(|(_, t)| t.as_str())
}

/// A frame without the running clock's wall-clock times, after checking the rest of the clock
/// against the game's.
fn without_clock<G: Game>(mut frame: Value, s: &G::State) -> Value {
    let clock = frame
        .get_mut("view")
        .and_then(Value::as_object_mut)
        .and_then(|v| v.remove("clock"));
    let expected = G::clock(s).map(|c| json!([c.seat, c.period, c.seconds]));
    let seen = clock.map(|c| json!([c["seat"], c["period"], c["seconds"]]));
    assert_eq!(seen, expected, "the clock on the wire");
    frame
}

/// One step of the match: the state before and after the command, and what it told.
struct Played<'a, G: Game> {
    before: &'a G::State,
    dice: &'a Dice,
    seat: Seat,
    action: &'a G::Action,
    after: &'a G::State,
    /// The command rolled dice.
    rolled: bool,
    events: &'a [JsonEvent],
    step: usize,
}

impl<G: Secrets> Played<'_, G> {
    fn through(&self) -> Through<'_, G> {
        Through {
            seat: self.seat,
            action: self.action,
            after: self.after,
        }
    }

    /// Builds twins of the state before the step for `viewer`, and checks that it sees the same
    /// on each, before the step and after it.
    fn check_twins(&self, viewer: Viewer, pick: &mut Picker, coverage: &mut Coverage) {
        let step = self.step;
        let seen = full_view::<G>(self.before, viewer);
        let seen_after = full_view::<G>(self.after, viewer);
        let truth = full_view::<G>(self.before, Viewer::Omniscient);
        let alike = |twin: &G::State, coverage: &mut Coverage| {
            let twin_seen = full_view::<G>(twin, viewer);
            assert!(
                twin_seen == seen,
                "step {step}: {viewer:?} can tell a twin from the real state: {}",
                diff(&twin_seen, &seen)
            );
            coverage.twins += 1;
            if full_view::<G>(twin, Viewer::Omniscient) != truth {
                coverage.hidden_states += 1;
            }
        };
        for _ in 0..TWINS {
            // A twin of the moment, then one to play the step on.
            let (twin, _) = G::twin(self.before, None, self.dice, viewer, pick);
            alike(&twin, coverage);
            let (mut twin, mut twin_dice) =
                G::twin(self.before, Some(self.through()), self.dice, viewer, pick);
            alike(&twin, coverage);
            let dice_swapped = twin_dice != *self.dice;
            let action = G::same_choice(self.before, &twin, self.seat, self.action);
            match G::apply(&mut twin, self.seat, &action, &mut twin_dice) {
                Err(_) => {
                    assert_ne!(
                        viewer,
                        Viewer::Seat(self.seat),
                        "step {step}: the seat's own action is refused on a twin it cannot tell \
                         apart"
                    );
                    coverage.refused += 1;
                }
                Ok(_) if full_view::<G>(&twin, viewer) != seen_after => coverage.revealed += 1,
                Ok(_) if G::ROLLS_ARE_PUBLIC && dice_swapped && self.rolled => coverage.rolled += 1,
                Ok(twin_told) => {
                    let what = "a twin state";
                    self.assert_told_alike(viewer, &action, &twin_told, &twin, what, coverage);
                }
            }
            // The real state, and another secret choice of the seat.
            if viewer == Viewer::Seat(self.seat) {
                continue;
            }
            let choice = G::secret_choice(
                self.before,
                self.after,
                self.seat,
                self.action,
                viewer,
                pick,
            );
            if let Some(choice) = choice {
                let mut twin = self.before.clone();
                let mut twin_dice = self.dice.clone();
                let twin_told = G::apply(&mut twin, self.seat, &choice, &mut twin_dice)
                    .unwrap_or_else(|e| panic!("step {step}: the other choice is refused: {e}"));
                coverage.choices += 1;
                self.assert_told_alike(
                    viewer,
                    &choice,
                    &twin_told,
                    &twin,
                    "the real state",
                    coverage,
                );
            }
        }
    }

    /// Asserts that `viewer` is told the same when `action` is played on a twin (which gave
    /// `twin_told` and left `twin`) as in the real step.
    fn assert_told_alike(
        &self,
        viewer: Viewer,
        action: &G::Action,
        twin_told: &[Told<G::Event>],
        twin: &G::State,
        what: &str,
        coverage: &mut Coverage,
    ) {
        let step = self.step;
        let twin_events = json_events::<G>(twin_told);
        let told = told_to(self.events, viewer).map(|e| (e, full_view::<G>(self.after, viewer)));
        let twin_told_to = told_to(&twin_events, viewer).map(|e| (e, full_view::<G>(twin, viewer)));
        assert!(
            twin_told_to == told,
            "step {step}: {} sent {}; sending {} on {what}, {viewer:?} is told otherwise: {}",
            self.seat,
            to_json!(self.action),
            to_json!(action),
            diff(&to_json!(&twin_told_to), &to_json!(&told)),
        );
        coverage.compared += 1;
        let kinds = self.events.len().max(twin_events.len());
        for k in 0..kinds {
            let (real, other) = (self.events.get(k), twin_events.get(k));
            if real.map(|e| &e.whole) != other.map(|e| &e.whole) {
                let kind = real
                    .or(other)
                    .map_or(Value::Null, |e| e.whole.to_value()["type"].clone());
                let kind = kind.as_str().unwrap_or("?").to_owned();
                *coverage.hidden_events.entry(kind).or_default() += 1;
            }
        }
    }
}
