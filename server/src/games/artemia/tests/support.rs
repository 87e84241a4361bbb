//! Shared helpers for the Artemia tests: new games, invariants, a move picker, and a small
//! driver that plays scripted turns through the public `apply` door.

use std::hash::{DefaultHasher, Hash, Hasher};

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{Action, Event, PlaceSet};

use crate::games::artemia::board::{self, RESERVE};
use crate::games::artemia::state::{State, Step};
use crate::games::artemia::{Artemia, BoardSide, Config};
use crate::games::{Dice, Game, RuleError, Viewer};

pub fn new_game(hunted: usize, side: BoardSide, seed: u64) -> (State, Dice) {
    let mut dice = Dice::from_seed(seed);
    let state = Artemia::setup(&Config { hunted, side }, &mut dice);
    (state, dice)
}

pub fn hash(s: &State) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// The rules' invariants (acceptance point 3).
pub fn assert_invariants(s: &State) {
    let copies = s.reserve;
    for (i, h) in s.hunted.iter().enumerate() {
        assert!(h.will <= 3, "hunted-{} will {}", i + 1, h.will);
        let piles = [h.hand, h.discard, h.in_play];
        for a in 0..3 {
            for b in a + 1..3 {
                assert!(
                    piles[a].intersection(piles[b]).is_empty(),
                    "hunted-{} card in two piles: {piles:?}",
                    i + 1
                );
            }
        }
    }
    for (k, &place) in RESERVE.iter().enumerate() {
        let owners = s
            .hunted
            .iter()
            .filter(|h| h.owned().contains(place))
            .count();
        let start = board::track_start(s.hunted.len()).2;
        assert_eq!(
            usize::from(copies[k]) + owners,
            usize::from(start),
            "reserve copies of {place:?}"
        );
    }
    for h in &s.hunted {
        for p in board::STARTING_HAND {
            assert!(h.owned().contains(p), "starting card {p:?} lost");
        }
    }
    let mut hunt: Vec<_> = s.hunt_deck.iter().chain(&s.hunt_discard).copied().collect();
    hunt.extend(s.hunt_hand.iter());
    hunt.extend(s.fx.played.iter().map(|p| p.card()));
    hunt.sort();
    let mut all = xenotable_protocol::artemia::HuntCard::ALL.to_vec();
    all.sort();
    assert_eq!(hunt, all, "every Hunt card exactly once");
    let mut survival: Vec<_> = s
        .survival_deck
        .iter()
        .chain(&s.survival_discard)
        .copied()
        .collect();
    for h in &s.hunted {
        survival.extend(h.survival.iter());
        survival.extend(h.shelter_draw.iter());
    }
    survival.sort();
    let mut all = xenotable_protocol::artemia::SurvivalCard::ALL.to_vec();
    all.sort();
    assert_eq!(survival, all, "every Survival card exactly once");
    assert!(s.hunt_hand.len() <= 3);
    let (rescue, assimilation, _) = board::track_start(s.hunted.len());
    assert!(s.rescue <= rescue && s.assimilation <= assimilation);
    assert_eq!(s.winner.is_some(), s.step == Step::Over);
    assert_eq!(s.winner.is_some(), s.rescue == 0 || s.assimilation == 0);
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

/// Plays one random action among the legal ones of a random seat to act.
pub fn random_step(s: &mut State, dice: &mut Dice, pick: &mut Picker) -> (Seat, Action) {
    let seats = Artemia::to_act(s);
    assert!(!seats.is_empty(), "nobody to act at {:?}", s.step);
    let seat = seats[pick.below(seats.len())];
    let legal = Artemia::legal_actions(s, seat);
    assert!(
        !legal.is_empty(),
        "{seat} must act at {:?} but has no legal action",
        s.step
    );
    let action = legal[pick.below(legal.len())];
    let result = Artemia::apply(s, seat, &action, dice);
    assert!(result.is_ok(), "legal {action:?} refused: {result:?}");
    (seat, action)
}

/// A match under test: the state, its dice, and every event told so far.
pub struct Table {
    pub s: State,
    pub dice: Dice,
    pub events: Vec<Event>,
}

impl Table {
    /// A fresh match of `hunted` Hunted on board side 1.
    pub fn new(hunted: usize, seed: u64) -> Table {
        Table::on_side(hunted, BoardSide::One, seed)
    }

    pub fn on_side(hunted: usize, side: BoardSide, seed: u64) -> Table {
        let (s, dice) = new_game(hunted, side, seed);
        Table {
            s,
            dice,
            events: Vec::new(),
        }
    }

    /// Plays an action that must be accepted; returns the events it told (whole).
    pub fn act(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        match Artemia::apply(&mut self.s, seat, &action, &mut self.dice) {
            Ok(told) => {
                let events: Vec<Event> = told.into_iter().map(|t| t.event).collect();
                self.events.extend(events.iter().cloned());
                assert_invariants(&self.s);
                events
            }
            Err(e) => panic!(
                "{seat} {action:?} refused at {:?}: {} ({})",
                self.s.step,
                e.code(),
                e.message()
            ),
        }
    }

    /// Plays an action that must be refused, and checks it changed nothing.
    pub fn refuse(&mut self, seat: Seat, action: Action) -> RuleError {
        let before = hash(&self.s);
        let dice = self.dice.clone();
        let err = Artemia::apply(&mut self.s, seat, &action, &mut self.dice)
            .expect_err("the action should be refused");
        assert_eq!(hash(&self.s), before, "a refused action changed the state");
        assert_eq!(self.dice, dice, "a refused action consumed dice");
        err
    }

    /// Whether `seat` may send `action` now.
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        Artemia::legal_actions(&self.s, seat).contains(&action)
    }

    pub fn legal(&self, seat: Seat) -> Vec<Action> {
        Artemia::legal_actions(&self.s, seat)
    }

    pub fn to_act(&self) -> Vec<Seat> {
        Artemia::to_act(&self.s)
    }

    /// The Creature passes its optional step if it is asked (Hunt card, Artemia token).
    pub fn creature_passes(&mut self) {
        if self.to_act() == [Seat::Creature]
            && matches!(self.s.step, Step::HuntCard(_) | Step::ArtemiaToken)
        {
            self.act(Seat::Creature, Action::Pass {});
        }
    }

    /// Every Hunted still asked in a Survival step passes.
    pub fn hunted_pass(&mut self) {
        while let Step::Survival(_, waiting) = self.s.step {
            let Some(i) = waiting.iter().next() else {
                break;
            };
            self.act(State::seat(i), Action::Pass {});
        }
    }

    /// Phase 1 from its start: the Creature passes, then each Hunted commits `cards[i]`.
    pub fn explore(&mut self, cards: &[PlaceSet]) {
        self.creature_passes();
        for (i, &c) in cards.iter().enumerate() {
            self.act(State::seat(i), Action::Commit { cards: c });
        }
    }

    pub fn view_json(&self, viewer: Viewer) -> String {
        serde_json::to_string(&Artemia::view(&self.s, viewer)).expect("views serialize")
    }
}

/// The seat of Hunted number `n` (1-based).
pub fn hunted(n: u8) -> Seat {
    Seat::Hunted(n)
}

/// A set of places.
pub fn places<const N: usize>(p: [xenotable_protocol::artemia::Place; N]) -> PlaceSet {
    PlaceSet::from(p)
}
