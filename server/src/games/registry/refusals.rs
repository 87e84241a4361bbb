//! A refused action changes nothing, in every game of the table. Random JSON, and legal actions
//! bent out of shape (a field changed, a number out of range, a field dropped or added, the
//! action's type swapped, another seat's action, an action gone stale), are sent as a room sends
//! them, through the registry's JSON entry point, at many positions reached by random play from
//! pinned seeds. After every refusal the state hash, every viewer's view, every seat's legal
//! list and the dice stream must be exactly what they were.

use std::path::Path;

use serde_json::{Map, Number, Value, json};
use xenotable_protocol::Seat;

use super::{AnyMatch, Match, MatchError};
use crate::games::{Dice, Game, GameId, Listed, Roll, Viewer, Visit, built_in_scenarios, games};

/// Random plays per setup, each from its own seed.
const SEEDS: u64 = 2;
/// Moves of a random play at most.
const MOVES: usize = 120;
/// Every position of the opening is probed (a short game, Mined Noughts, is all opening),
/// then one position in this many.
const EVERY: usize = 8;
/// Actions sent from each seat at each probed position.
const TRIALS: usize = 6;
/// Numbers no field of any game's actions takes: below and past every range.
const OUT_OF_RANGE: [i64; 8] = [
    -1,
    255,
    256,
    65_535,
    65_536,
    4_294_967_296,
    i64::MAX,
    i64::MIN,
];

/// A match to play: a game, its seats, its scenario (a built-in id or a file's text).
struct Setup {
    game: GameId,
    seats: Vec<Seat>,
    scenario: Option<String>,
}

/// Every game with no scenario, on each built-in scenario, or on each shipped scenario file.
fn setups() -> Vec<Setup> {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let mut setups = Vec::new();
    for info in games() {
        let game = info.id;
        let built_in = built_in_scenarios(game);
        let mut files: Vec<_> = std::fs::read_dir(shipped.join(game.as_str()))
            .map(|dir| {
                dir.map(|entry| entry.expect("a directory entry").path())
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        if !built_in.is_empty() {
            for scenario in built_in {
                setups.push(Setup {
                    game,
                    seats: scenario.seats,
                    scenario: Some(scenario.id),
                });
            }
        } else if !files.is_empty() {
            for file in files {
                setups.push(Setup {
                    game,
                    seats: info.seats.clone(),
                    scenario: Some(std::fs::read_to_string(&file).expect("a shipped scenario")),
                });
            }
        } else {
            setups.push(Setup {
                game,
                seats: info.seats.clone(),
                scenario: None,
            });
        }
    }
    setups
}

/// Everything a refusal must leave as it was.
#[derive(Debug, PartialEq)]
struct Snapshot {
    state: u64,
    /// Each seat's view (with its legal actions), a spectator's and the omniscient one.
    views: Vec<Value>,
    legal: Vec<Vec<Value>>,
    dice: Dice,
}

fn snapshot<G: Listed>(m: &Match<G>) -> Snapshot {
    Snapshot {
        state: m.state_hash(),
        views: m
            .seats
            .iter()
            .map(|&seat| Viewer::Seat(seat))
            .chain([Viewer::Spectator, Viewer::Omniscient])
            .map(|viewer| m.view(viewer))
            .collect(),
        legal: m.seats.iter().map(|&seat| m.legal(seat)).collect(),
        dice: m.dice.clone(),
    }
}

/// A copy of the match at the same point of its dice.
fn copy<G: Game>(m: &Match<G>) -> Match<G> {
    Match {
        seats: m.seats.clone(),
        state: m.state.clone(),
        dice: m.dice.clone(),
    }
}

/// What the bent actions are made of: every field name, string and number seen in any legal
/// action of the game so far, and the actions themselves (to send again, stale).
#[derive(Default)]
struct Vocabulary {
    keys: Vec<String>,
    strings: Vec<String>,
    numbers: Vec<Number>,
    actions: Vec<(Seat, Value)>,
}

impl Vocabulary {
    fn learn(&mut self, seat: Seat, action: &Value) {
        fn walk(v: &mut Vocabulary, value: &Value) {
            match value {
                Value::String(s) if !v.strings.contains(s) => v.strings.push(s.clone()),
                Value::Number(n) if !v.numbers.contains(n) => v.numbers.push(n.clone()),
                Value::Array(items) => items.iter().for_each(|item| walk(v, item)),
                Value::Object(fields) => {
                    for (key, item) in fields {
                        if !v.keys.contains(key) {
                            v.keys.push(key.clone());
                        }
                        walk(v, item);
                    }
                }
                _ => {}
            }
        }
        walk(self, action);
        if self.actions.len() < 512 && !self.actions.iter().any(|(_, a)| a == action) {
            self.actions.push((seat, action.clone()));
        }
    }
}

/// The test's own choices, apart from the match's dice.
struct Picker(Dice);

impl Picker {
    fn below(&mut self, n: usize) -> usize {
        self.0.index(n)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        self.0.choose(items)
    }

    fn chance(&mut self, in_ten: usize) -> bool {
        self.below(10) < in_ten
    }

    /// A value a field should not hold, or might hold only elsewhere.
    fn odd_value(&mut self, words: &Vocabulary, depth: usize) -> Value {
        match self.below(9) {
            0 => self.pick(&words.strings).map_or(Value::Null, |s| json!(s)),
            1 => self
                .pick(&words.numbers)
                .map_or(Value::Null, |n| Value::Number(n.clone())),
            2 => json!(OUT_OF_RANGE[self.below(OUT_OF_RANGE.len())]),
            3 => json!(
                [
                    "hunted-7",
                    "team-4",
                    "spectator",
                    "crew",
                    "aliens",
                    "creature"
                ][self.below(6)]
            ),
            4 => json!(0.5),
            5 => [Value::Null, json!(true), json!(""), json!([]), json!({})][self.below(5)].clone(),
            6 if depth > 0 => json!([self.odd_value(words, depth - 1)]),
            _ if depth > 0 => self.random_json(words, depth - 1),
            _ => Value::Null,
        }
    }

    /// An action made up: an object of field names seen, usually with a type seen.
    fn random_json(&mut self, words: &Vocabulary, depth: usize) -> Value {
        let mut fields = Map::new();
        if self.chance(7)
            && let Some(tag) = self.pick_tag(words)
        {
            fields.insert("type".into(), tag);
        }
        for _ in 0..self.below(4) {
            if let Some(key) = self.pick(&words.keys).cloned() {
                let value = self.odd_value(words, depth);
                fields.insert(key, value);
            }
        }
        Value::Object(fields)
    }

    /// The type of some action seen.
    fn pick_tag(&mut self, words: &Vocabulary) -> Option<Value> {
        let (_, action) = self.pick(&words.actions)?;
        action.get("type").cloned()
    }

    /// `action` with one thing changed: a field's value, a field dropped or added, its type.
    fn bend(&mut self, action: &Value, words: &Vocabulary) -> Value {
        let mut bent = action.clone();
        let mut places = Vec::new();
        pointers(&bent, String::new(), &mut places);
        match self.below(4) {
            0 => {
                let tag = self.pick_tag(words).unwrap_or(Value::Null);
                if let Some(fields) = bent.as_object_mut() {
                    fields.insert("type".into(), tag);
                }
            }
            1 => {
                if let Some((parent, key)) = self
                    .pick(&places)
                    .and_then(|p| p.rsplit_once('/'))
                    .map(|(parent, key)| (parent.to_owned(), key.to_owned()))
                    && let Some(Value::Object(fields)) = bent.pointer_mut(&parent)
                {
                    fields.remove(&key);
                }
            }
            2 => {
                let key = self
                    .pick(&words.keys)
                    .cloned()
                    .filter(|_| self.chance(5))
                    .unwrap_or_else(|| "unknown".into());
                let value = self.odd_value(words, 1);
                if let Some(fields) = bent.as_object_mut() {
                    fields.insert(key, value);
                }
            }
            _ => {
                let value = self.odd_value(words, 1);
                if let Some(place) = self.pick(&places).cloned()
                    && let Some(target) = bent.pointer_mut(&place)
                {
                    *target = value;
                }
            }
        }
        bent
    }
}

/// The JSON pointer of every value inside `value` (not the root itself).
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    let children: Vec<(String, &Value)> = match value {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        Value::Object(fields) => fields
            .iter()
            .map(|(k, v)| (k.replace('~', "~0").replace('/', "~1"), v))
            .collect(),
        _ => Vec::new(),
    };
    for (key, child) in children {
        let place = format!("{at}/{key}");
        out.push(place.clone());
        pointers(child, place, out);
    }
}

/// Every seat of every game: a seat that is not at this table sends actions too.
fn all_seats() -> Vec<Seat> {
    let mut seats: Vec<Seat> = Vec::new();
    for info in games() {
        for seat in info.seats {
            if !seats.contains(&seat) {
                seats.push(seat);
            }
        }
    }
    seats
}

/// How the actions sent to one game fared.
#[derive(Debug, Default)]
struct Tally {
    /// Refused by the rules' check (the JSON read as an action).
    by_rules: usize,
    /// The codes of those refusals.
    codes: Vec<&'static str>,
    /// Refused as JSON that is no action of the game.
    malformed: usize,
    accepted: usize,
}

/// Plays `setup` from each seed, probing positions on the way, and counts what it sent in the
/// tally; panics at the first refusal that changed anything.
struct Probe<'a>(&'a Setup, &'a mut Tally);

impl Visit for Probe<'_> {
    type Output = ();

    fn visit<G: Listed>(self) {
        let Probe(setup, tally) = self;
        let strangers = all_seats();
        for seed in 0..SEEDS {
            let options = G::Options::default();
            let mut m = Match::<G>::new(&setup.seats, setup.scenario.as_deref(), options, seed)
                .expect("a valid setup");
            let mut pick = Picker(Dice::from_seed(seed ^ 0x5eed));
            let mut words = Vocabulary::default();
            for mv in 0..=MOVES {
                let legal: Vec<(Seat, Vec<Value>)> =
                    m.seats.iter().map(|&seat| (seat, m.legal(seat))).collect();
                for (seat, actions) in &legal {
                    actions.iter().for_each(|a| words.learn(*seat, a));
                }
                if mv < EVERY || mv % EVERY == 0 {
                    let before = snapshot(&m);
                    for &seat in &m.seats {
                        for _ in 0..TRIALS {
                            let sender = if pick.chance(1) {
                                *pick.pick(&strangers).expect("seats")
                            } else {
                                seat
                            };
                            let action = bent_action(&mut pick, &words, &legal, seat);
                            let mut trial = copy(&m);
                            match trial.act(sender, &action) {
                                Ok(_) => tally.accepted += 1,
                                Err(e) => {
                                    match e {
                                        MatchError::Rule(ref refusal) => {
                                            tally.by_rules += 1;
                                            if !tally.codes.contains(&refusal.code()) {
                                                tally.codes.push(refusal.code());
                                            }
                                        }
                                        MatchError::BadAction(_) => tally.malformed += 1,
                                        MatchError::Setup(_) => {}
                                    }
                                    let after = snapshot(&trial);
                                    assert!(
                                        after == before,
                                        "{} seed {seed} move {mv}: {sender} sent {action} and was \
                                         refused ({}: {e}), but the match changed",
                                        G::ID,
                                        e.code()
                                    );
                                }
                            }
                        }
                    }
                }
                let movers: Vec<&(Seat, Vec<Value>)> = legal
                    .iter()
                    .filter(|(seat, actions)| m.to_act().contains(seat) && !actions.is_empty())
                    .collect();
                let Some((seat, actions)) = pick.pick(&movers).copied() else {
                    break;
                };
                let action = pick.pick(actions).expect("a legal action");
                m.act(*seat, action).expect("a legal action is accepted");
            }
        }
    }
}

/// An action for `seat` to send: made up, a legal action bent, another seat's legal action, or
/// one seen earlier.
fn bent_action(
    pick: &mut Picker,
    words: &Vocabulary,
    legal: &[(Seat, Vec<Value>)],
    seat: Seat,
) -> Value {
    let own: &[Value] = legal
        .iter()
        .find(|(s, _)| *s == seat)
        .map_or(&[], |(_, actions)| actions);
    let others: Vec<&Value> = legal
        .iter()
        .filter(|(s, _)| *s != seat)
        .flat_map(|(_, actions)| actions)
        .collect();
    match pick.below(6) {
        0 => pick.random_json(words, 2),
        1 if !others.is_empty() => (*pick.pick(&others).expect("not empty")).clone(),
        2 if !words.actions.is_empty() => pick.pick(&words.actions).expect("not empty").1.clone(),
        _ => match pick.pick(own) {
            Some(action) => pick.bend(action, words),
            None => match pick.pick(&words.actions) {
                Some((_, action)) => pick.bend(action, words),
                None => pick.random_json(words, 2),
            },
        },
    }
}

#[test]
fn a_refused_action_changes_nothing_in_any_game() {
    let mut tallies: Vec<(GameId, Tally)> =
        GameId::ALL.iter().map(|&g| (g, Tally::default())).collect();
    for setup in setups() {
        let (_, tally) = tallies
            .iter_mut()
            .find(|(g, _)| *g == setup.game)
            .expect("a game of the table");
        setup.game.visit(Probe(&setup, tally));
    }
    for (game, tally) in &tallies {
        // The actions sent must reach the rules, not only the JSON reader, and fail there for
        // many reasons, for the test to prove anything about the checks.
        assert!(
            tally.by_rules >= 50 && tally.malformed >= 50 && tally.codes.len() >= 3,
            "{game}: too few refusals to judge: {tally:?}"
        );
    }
}
