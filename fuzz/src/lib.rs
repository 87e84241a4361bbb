//! What the fuzz targets share: reading choices from the fuzz bytes, bending an action's JSON
//! into one the rules never listed, and a driver that plays any game from the bytes while
//! checking, after every command, what the rules promise.
//!
//! The promises checked (the property tests' own, `server/src/games/*/tests/properties.rs`):
//! nothing panics; a listed action is accepted and reads back from its JSON; for the games
//! whose legal lists are complete, an unlisted action is refused; a refusal changes neither
//! the state, nor the dice, nor any view; the game's invariants hold after every command; the
//! match is over exactly when nobody is to act, and until then someone to act has a move;
//! every view is built after every command, and every event (and the last views), as each
//! viewer gets them, serialize.

use std::hash::{DefaultHasher, Hash, Hasher};

use serde_json::{Map, Number, Value};
use xenotable_protocol::Seat;
use xenotable_server::games::{Dice, Game, RuleError, Told, Viewer};

pub mod games;

/// The most commands one input plays, so that no input runs for long.
const MAX_STEPS: usize = 2_000;
/// Commands a play-out adds after the bytes are used up, by a picker seeded from the input.
const PLAY_OUT_STEPS: usize = 1_000;
/// The actions remembered to be sent again later (stale, or from another seat), or bent.
const POOL: usize = 64;
/// The strings remembered from actions seen (ids, action types), to bend actions with.
const STRINGS: usize = 256;

/// The fuzz bytes, read as a stream of choices; zeros once they run out.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// The next byte, if any is left.
    pub fn take(&mut self) -> Option<u8> {
        let (&first, rest) = self.data.split_first()?;
        self.data = rest;
        Some(first)
    }

    pub fn byte(&mut self) -> u8 {
        self.take().unwrap_or(0)
    }

    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    pub fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        b.iter_mut().for_each(|x| *x = self.byte());
        u64::from_le_bytes(b)
    }

    /// An index below `len` (which must not be 0).
    pub fn below(&mut self, len: usize) -> usize {
        usize::from(self.u16()) % len
    }
}

/// A small generator for play-outs, apart from the match's dice.
struct Picker(u64);

impl Picker {
    fn below(&mut self, len: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % len as u64) as usize
    }
}

/// A game as the fuzz targets play it.
pub trait Fuzzed: Game {
    /// Panics if `state` breaks one of the game's invariants.
    fn invariants(state: &Self::State);
    /// Whether `legal_actions` lists every action `apply` accepts (Intruder's lists give plans
    /// and orders one item at a time, and `apply` takes any combination of them).
    const COMPLETE_LISTS: bool;
}

fn hash<T: Hash>(value: &T) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("views, actions and events serialize")
}

/// A match being fuzzed: its seats, state and dice, and what it has seen of actions.
pub struct Table<G: Game> {
    seats: Vec<Seat>,
    state: G::State,
    dice: Dice,
    pool: Vec<Value>,
    strings: Vec<String>,
    /// The legal actions of each seat to act, as of the last check of the state.
    legal: Vec<(Seat, Vec<G::Action>)>,
}

impl<G: Fuzzed> Table<G> {
    /// A new match of `config` for `seats`, with the starting state checked.
    pub fn new(config: &G::Config, seats: &[Seat], seed: u64) -> Table<G> {
        let mut dice = Dice::from_seed(seed);
        let state = G::setup(config, &mut dice);
        let mut table = Table {
            seats: seats.to_vec(),
            state,
            dice,
            pool: Vec::new(),
            strings: Vec::new(),
            legal: Vec::new(),
        };
        table.check();
        table
    }

    /// Plays commands chosen by `bytes` until they run out (then, if the first byte says so,
    /// plays the match on with listed actions): mostly listed actions, sometimes the clock
    /// running out, an action seen earlier sent again by any seat, or a bent one.
    pub fn play(&mut self, bytes: &mut Bytes) {
        let play_out = bytes.byte() & 1 == 1;
        let mut steps = 0;
        while let Some(op) = bytes.take() {
            if steps == MAX_STEPS {
                break;
            }
            steps += 1;
            match op % 16 {
                0..=10 => {
                    let pick = usize::from(bytes.byte());
                    let index = bytes.u16();
                    self.listed(pick, usize::from(index), true);
                }
                11 => self.time_up(),
                12 | 13 => {
                    if self.pool.is_empty() {
                        continue;
                    }
                    let action = self.pool[bytes.below(self.pool.len())].clone();
                    let seat = self.any_seat(bytes);
                    self.unlisted(seat, action);
                }
                _ => {
                    if self.pool.is_empty() {
                        continue;
                    }
                    let mut action = self.pool[bytes.below(self.pool.len())].clone();
                    for _ in 0..=bytes.byte() % 3 {
                        bend(&mut action, bytes, &self.strings, 0);
                    }
                    let seat = self.any_seat(bytes);
                    self.unlisted(seat, action);
                }
            }
        }
        if play_out {
            let mut picker = Picker(hash(&self.state) | 1);
            for _ in 0..PLAY_OUT_STEPS {
                let (pick, index) = (picker.below(64), picker.below(1 << 16));
                if !self.listed(pick, index, false) {
                    break;
                }
            }
        }
        self.finish();
    }

    /// Any seat of the game, whether it plays in this match or not.
    fn any_seat(&self, bytes: &mut Bytes) -> Seat {
        let seats = G::seats();
        seats[bytes.below(seats.len())]
    }

    /// Plays a listed action of a seat to act (`pick` chooses the seat, `index` the action);
    /// whether there was one.
    fn listed(&mut self, pick: usize, index: usize, remember: bool) -> bool {
        if self.legal.is_empty() {
            return false;
        }
        let (seat, legal) = &self.legal[pick % self.legal.len()];
        let seat = *seat;
        if legal.is_empty() {
            return true;
        }
        let action = &legal[index % legal.len()];
        let wire = serde_json::to_value(action).expect("actions serialize");
        let read: G::Action =
            serde_json::from_value(wire.clone()).expect("a listed action reads back from its JSON");
        assert!(
            read == *action,
            "a listed action reads back as itself: {wire}"
        );
        if remember {
            self.remember(wire.clone());
        }
        let result = G::apply(&mut self.state, seat, &read, &mut self.dice);
        match result {
            Ok(told) => self.accepted(&told),
            Err(e) => panic!("{seat} {wire} listed but refused: {e:?}"),
        }
        true
    }

    /// Sends `action` (JSON, as a client would) for `seat`, which may not even play here.
    fn unlisted(&mut self, seat: Seat, action: Value) {
        // The registry's own reading of an action: what does not read is `bad_action`.
        let Ok(action) = serde_json::from_value::<G::Action>(action) else {
            return;
        };
        let listed = match self.legal.iter().find(|(s, _)| *s == seat) {
            Some((_, legal)) => legal.contains(&action),
            None => {
                self.seats.contains(&seat) && G::legal_actions(&self.state, seat).contains(&action)
            }
        };
        self.attempt(seat, &action, listed);
    }

    /// Plays `action`; `listed`: whether the seat's legal list has it.
    fn attempt(&mut self, seat: Seat, action: &G::Action, listed: bool) {
        let before = self.state.clone();
        let dice = self.dice.clone();
        match G::apply(&mut self.state, seat, action, &mut self.dice) {
            Ok(told) => {
                if !listed && (G::COMPLETE_LISTS || !self.seats.contains(&seat)) {
                    panic!("{seat} {} accepted but not listed", json(action));
                }
                self.accepted(&told);
            }
            Err(e) => {
                assert!(!listed, "{seat} {} listed but refused: {e:?}", json(action));
                self.unchanged(&before, &dice, &e);
            }
        }
    }

    /// The clock runs out: the room's own command when a timed turn's deadline passes.
    fn time_up(&mut self) {
        let before = self.state.clone();
        let dice = self.dice.clone();
        match G::time_up(&mut self.state, &mut self.dice) {
            Ok(told) => self.accepted(&told),
            Err(e) => self.unchanged(&before, &dice, &e),
        }
    }

    /// A refusal changed nothing: not the state (so not what anyone sees), not the dice.
    fn unchanged(&self, before: &G::State, dice: &Dice, e: &RuleError) {
        assert!(!e.code().is_empty(), "a refusal has a code");
        assert_eq!(
            hash(&self.state),
            hash(before),
            "a refusal ({e:?}) changed the state"
        );
        assert!(self.dice == *dice, "a refusal ({e:?}) rolled dice");
    }

    /// After an accepted command: its events as every viewer gets them, then the state.
    fn accepted(&mut self, told: &[Told<G::Event>]) {
        for t in told {
            for viewer in self.viewers() {
                if let Some(event) = G::redact(t, viewer) {
                    json(&event);
                }
            }
        }
        self.check();
    }

    fn viewers(&self) -> Vec<Viewer> {
        let mut viewers: Vec<Viewer> = self.seats.iter().map(|&s| Viewer::Seat(s)).collect();
        viewers.extend([Viewer::Spectator, Viewer::Omniscient]);
        viewers
    }

    /// The game's invariants, who acts, and every view.
    fn check(&mut self) {
        G::invariants(&self.state);
        let to_act = G::to_act(&self.state);
        let over = G::outcome(&self.state).is_some();
        assert_eq!(
            over,
            to_act.is_empty(),
            "over exactly when nobody is to act"
        );
        if over {
            for &seat in &self.seats {
                assert!(
                    G::legal_actions(&self.state, seat).is_empty(),
                    "{seat} acts after the end"
                );
            }
        }
        self.legal = to_act
            .into_iter()
            .map(|seat| (seat, G::legal_actions(&self.state, seat)))
            .collect();
        assert!(
            over || self.legal.iter().any(|(_, legal)| !legal.is_empty()),
            "someone to act has a move"
        );
        // Every view is built after every command; serializing them all is slow under the
        // sanitizers, so only the last state's views are written out (`finish`).
        for viewer in self.viewers() {
            G::view(&self.state, viewer);
        }
    }

    /// The views of the last state, as every viewer gets them, serialize.
    fn finish(&self) {
        for viewer in self.viewers() {
            json(&G::view(&self.state, viewer));
        }
    }

    /// Keeps a listed action to send again later, and its strings to bend others with.
    fn remember(&mut self, action: Value) {
        let mut strings = Vec::new();
        collect_strings(&action, &mut strings);
        for s in strings {
            if self.strings.len() < STRINGS && !self.strings.contains(&s) {
                self.strings.push(s);
            }
        }
        if self.pool.len() == POOL {
            self.pool.remove(0);
        }
        self.pool.push(action);
    }
}

fn collect_strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| collect_strings(v, out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| {
            out.push(k.clone());
            collect_strings(v, out);
        }),
        _ => {}
    }
}

/// Changes one spot of an action's JSON, as a careless or hostile client might: another
/// number, another known string, a key or an item more or less, a value of another kind.
pub fn bend(value: &mut Value, bytes: &mut Bytes, strings: &[String], depth: usize) {
    let op = bytes.byte();
    if depth > 8 || op.is_multiple_of(8) {
        *value = scalar(bytes, strings);
        return;
    }
    match value {
        Value::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = &keys[bytes.below(keys.len())];
            match op % 8 {
                1 => {
                    map.remove(key);
                }
                2 => {
                    let new = string(bytes, strings);
                    map.insert(new, scalar(bytes, strings));
                }
                _ => {
                    if let Some(v) = map.get_mut(key) {
                        bend(v, bytes, strings, depth + 1);
                    }
                }
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let k = bytes.below(items.len());
            match op % 8 {
                1 => {
                    items.remove(k);
                }
                2 => items.push(items[k].clone()),
                3 => {
                    let other = bytes.below(items.len());
                    items.swap(k, other);
                }
                _ => bend(&mut items[k], bytes, strings, depth + 1),
            }
        }
        Value::Object(map) => {
            map.insert(string(bytes, strings), scalar(bytes, strings));
        }
        Value::Array(items) => items.push(scalar(bytes, strings)),
        Value::Bool(b) => *b = !*b,
        _ => *value = scalar(bytes, strings),
    }
}

fn string(bytes: &mut Bytes, strings: &[String]) -> String {
    if !strings.is_empty() && !bytes.byte().is_multiple_of(4) {
        return strings[bytes.below(strings.len())].clone();
    }
    let len = usize::from(bytes.byte() % 8);
    (0..len)
        .map(|_| char::from(bytes.byte() % 96 + 32))
        .collect()
}

fn scalar(bytes: &mut Bytes, strings: &[String]) -> Value {
    match bytes.byte() % 10 {
        0 => Value::Null,
        1 => Value::Bool(bytes.byte() & 1 == 1),
        2 => Value::from(bytes.byte()),
        3 => Value::from(bytes.u16()),
        4 => Value::from(-i64::from(bytes.u16())),
        5 => Value::from(bytes.u64()),
        6 => Number::from_f64(f64::from(bytes.u16()) / 7.0).map_or(Value::Null, Value::Number),
        7 => Value::Array(Vec::new()),
        8 => Value::Object(Map::new()),
        _ => Value::String(string(bytes, strings)),
    }
}
