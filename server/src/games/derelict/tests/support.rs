//! Shared helpers for the Derelict tests: scenarios built in code, a table that plays through
//! the public `apply` door, invariants, dice with pinned rolls, and a move picker.

use std::hash::{DefaultHasher, Hash, Hasher};

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Action, Event, Facing, ModelId, Role, Side, Square};

use crate::games::derelict::Derelict;
pub use crate::games::derelict::invariants::check as assert_invariants;
use crate::games::derelict::scenario::{AlienPool, Map, Scenario, SquadItem, Timer};
use crate::games::derelict::state::State;
use crate::games::{Dice, Game, Roll, RuleError};

/// The map of the example of rules 12.6.
pub const CHAPEL_ROWS: [&str; 8] = [
    "####################",
    "#MMM........D:::::E#",
    "#MM.#######.#::::::#",
    "###.#:::::#.#::A:::#",
    "###.D::A::d.D::::::#",
    "###.#:::::#.########",
    "#E..#######.......X#",
    "####################",
];

/// The example of rules 12.6: a 15-turn limit, a pool of 16.
pub fn chapel() -> Scenario {
    let mut s = scenario(
        &CHAPEL_ROWS,
        &[(1, Role::Sergeant), (1, Role::Flamer), (3, Role::Soldier)],
    );
    s.reinforcements = 2;
    s.alien_pool = AlienPool::Limited(16);
    s.exit_needed = 3;
    s.turn_limit = 15;
    s
}

/// An open hall with rooms, doors, two entry zones and an unlimited pool, no turn limit: games
/// end by the squad's fate or at turn 200.
/// A chapel match played at random on `seed`'s dice until `until` holds of it.
pub fn chapel_at_random_until(seed: u64, until: impl Fn(&State) -> bool) -> State {
    let mut dice = Dice::from_seed(seed);
    let mut s = Derelict::setup(&chapel(), &mut dice);
    for _ in 0..5_000 {
        if until(&s) {
            return s;
        }
        let seat = Derelict::to_act(&s)[0];
        let legal = Derelict::legal_actions(&s, seat);
        let action = *dice.choose(&legal).expect("a legal action");
        Derelict::apply(&mut s, seat, &action, &mut dice).expect("legal");
    }
    panic!("the match never came where it was wanted");
}

pub fn hall() -> Scenario {
    let rows = [
        "##############",
        "#MMM..D::::::#",
        "#MM...#::A:::E",
        "#.....d::::::#",
        "#.##D####.####",
        "#.#:::::#....X",
        "E.d:::A:D....#",
        "##############",
    ];
    let mut s = scenario(
        &rows,
        &[(1, Role::Sergeant), (1, Role::Flamer), (3, Role::Soldier)],
    );
    s.reinforcements = 1;
    s.alien_pool = AlienPool::Unlimited;
    s.exit_needed = 2;
    s.overwatch_range = 6;
    s
}

/// A scenario on `rows` with this squad, no reinforcements and every other key at its default.
pub fn scenario(rows: &[&str], squad: &[(u8, Role)]) -> Scenario {
    let squad: Vec<SquadItem> = squad
        .iter()
        .map(|&(count, role)| SquadItem { count, role })
        .collect();
    let size: u8 = squad.iter().map(|i| i.count).sum();
    Scenario {
        title: "Test".into(),
        author: String::new(),
        comments: Vec::new(),
        squad,
        reinforcements: 0,
        alien_pool: AlienPool::Limited(0),
        exit_needed: size.div_ceil(2),
        turn_limit: 0,
        timer: Timer::default(),
        overwatch_range: 0,
        flamer_reloads: 1,
        map: Map::from_rows(rows).expect("a valid test map"),
    }
}

/// A `width` × `height` map of `fill` with the cells of `marks` put on it.
pub fn rows(
    width: usize,
    height: usize,
    fill: char,
    marks: &[((usize, usize), char)],
) -> Vec<String> {
    let mut rows: Vec<Vec<char>> = vec![vec![fill; width]; height];
    for &((x, y), c) in marks {
        rows[y][x] = c;
    }
    rows.into_iter().map(|r| r.into_iter().collect()).collect()
}

/// A match on `rows` in marine turn 1 (see [`Table::start`]).
pub fn start(
    rows: &[String],
    squad: &[(u8, Role)],
    marines: &[(Square, Facing)],
    aliens: &[Facing],
) -> Table {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    Table::start(&scenario(&rows, squad), marines, aliens)
}

/// `n` soldiers.
pub fn soldiers(n: u8) -> Vec<(u8, Role)> {
    vec![(n, Role::Soldier)]
}

pub fn m(n: u16) -> ModelId {
    ModelId::Marine(n)
}

pub fn a(n: u16) -> ModelId {
    ModelId::Alien(n)
}

pub fn sq(x: u8, y: u8) -> Square {
    Square::new(x, y)
}

pub fn hash(s: &State) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// The first seed whose d6 stream starts with `rolls`: how the pinned seeds of the tests were
/// found.
pub fn seed_rolling(rolls: &[u8]) -> u64 {
    (0u64..)
        .find(|&seed| {
            let mut dice = Dice::from_seed(seed);
            rolls.iter().all(|&r| dice.d6() == r)
        })
        .expect("some seed rolls anything")
}

/// A match under test: the state, its dice, and every event told so far.
pub struct Table {
    pub s: State,
    pub dice: Dice,
    pub events: Vec<Event>,
}

impl Table {
    /// A match in deployment.
    pub fn deploying(scenario: &Scenario) -> Table {
        let mut dice = Dice::from_seed(1);
        Table {
            s: Derelict::setup(scenario, &mut dice),
            dice,
            events: Vec::new(),
        }
    }

    /// A match in marine turn 1: marine i on `marines[i]`, alien i facing `aliens[i]`.
    pub fn start(scenario: &Scenario, marines: &[(Square, Facing)], aliens: &[Facing]) -> Table {
        let mut t = Table::deploying(scenario);
        for (i, &(to, facing)) in marines.iter().enumerate() {
            t.act(
                Seat::Marines,
                Action::Deploy {
                    model: m(i as u16 + 1),
                    to,
                    facing,
                },
            );
        }
        t.act(Seat::Marines, Action::Confirm {});
        for (i, &facing) in aliens.iter().enumerate() {
            t.act(
                Seat::Aliens,
                Action::Face {
                    model: a(i as u16 + 1),
                    facing,
                },
            );
        }
        t.act(Seat::Aliens, Action::Confirm {});
        t.events.clear();
        t
    }

    /// From now on the dice come from the pinned `seed`, whose first d6 rolls are `rolls`.
    pub fn roll(&mut self, seed: u64, rolls: &[u8]) {
        let dice = Dice::from_seed(seed);
        let mut peek = dice.clone();
        let first: Vec<u8> = rolls.iter().map(|_| peek.d6()).collect();
        assert_eq!(
            first,
            rolls,
            "seed {seed} does not roll {rolls:?}; seed {} does",
            seed_rolling(rolls)
        );
        self.dice = dice;
    }

    /// Plays an action that must be accepted; returns the events it told.
    pub fn act(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        match Derelict::apply(&mut self.s, seat, &action, &mut self.dice) {
            Ok(told) => {
                let events: Vec<Event> = told.into_iter().map(|t| t.event).collect();
                self.events.extend(events.iter().cloned());
                assert_invariants(&self.s);
                events
            }
            Err(e) => panic!(
                "{seat} {action:?} refused in {:?}: {} ({})",
                self.s.phase,
                e.code(),
                e.message()
            ),
        }
    }

    /// Plays an action that must be refused, checks it changed nothing, and returns its code.
    pub fn refuse(&mut self, seat: Seat, action: Action) -> &'static str {
        let before = hash(&self.s);
        let dice = self.dice.clone();
        let err: RuleError = Derelict::apply(&mut self.s, seat, &action, &mut self.dice)
            .expect_err("the action should be refused");
        assert_eq!(hash(&self.s), before, "a refused action changed the state");
        assert_eq!(self.dice, dice, "a refused action consumed dice");
        assert!(
            !Derelict::legal_actions(&self.s, seat).contains(&action),
            "refused but listed: {action:?}"
        );
        err.code()
    }

    /// A marine action.
    pub fn marines(&mut self, action: Action) -> Vec<Event> {
        self.act(Seat::Marines, action)
    }

    /// An alien action.
    pub fn aliens(&mut self, action: Action) -> Vec<Event> {
        self.act(Seat::Aliens, action)
    }

    /// The marines end their turn; the alien turn begins.
    pub fn end_marine_turn(&mut self) -> Vec<Event> {
        self.marines(Action::EndTurn {})
    }

    /// The aliens end their turn; the next marine turn begins.
    pub fn end_alien_turn(&mut self) -> Vec<Event> {
        self.aliens(Action::EndTurn {})
    }

    /// AP left of the active model, if it is `id`.
    pub fn ap_of(&self, id: ModelId) -> Option<u8> {
        let k = self.s.index(id)?;
        self.s.activation_of(k).map(|act| act.ap)
    }

    pub fn model(&self, id: ModelId) -> &crate::games::derelict::state::Model {
        &self.s.models[self.s.index(id).expect("a model")]
    }

    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        Derelict::legal_actions(&self.s, seat).contains(&action)
    }
}

pub fn step(model: ModelId, to: Square) -> Action {
    Action::Step {
        model,
        to,
        shot: None,
    }
}

pub fn step_shooting(model: ModelId, to: Square, target: Square) -> Action {
    Action::Step {
        model,
        to,
        shot: Some(target),
    }
}

pub fn turn(model: ModelId, side: Side) -> Action {
    Action::Turn { model, side }
}

pub fn shoot(model: ModelId, target: Square) -> Action {
    Action::Shoot { model, target }
}

/// The kill numbers of the voluntary shots among `events`.
pub fn kill_numbers(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Shot { kill_number, .. } => Some(*kill_number),
            _ => None,
        })
        .collect()
}

/// Whether `id` died among `events`.
pub fn died(events: &[Event], id: ModelId) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Died { model, .. } if *model == id))
}

/// A tiny deterministic generator for choosing moves, apart from the match's dice.
pub struct Picker(u64);

impl Picker {
    pub fn new(seed: u64) -> Picker {
        Picker(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
