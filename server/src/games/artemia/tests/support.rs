//! Shared helpers for the Artemia tests: new games, invariants, a move picker, and a small
//! driver that plays scripted turns through the public `apply` door.

use std::hash::{DefaultHasher, Hash, Hasher};

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{Action, Event, HuntCard, Phase, Place, PlaceSet, SurvivalCard};

use crate::games::artemia::board;
use crate::games::artemia::cards::{HuntHand, SurvivalHand};
pub use crate::games::artemia::invariants::check as assert_invariants;
use crate::games::artemia::state::{Hunted, State, Step};
use crate::games::artemia::{Artemia, BoardSide, Config};
use crate::games::{Dice, Game, RuleError, Told, Viewer};

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

/// A match under test: the state, its dice, and every event told so far (whole, and with its
/// audience).
pub struct Table {
    pub s: State,
    pub dice: Dice,
    pub events: Vec<Event>,
    pub told: Vec<Told<Event>>,
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
            told: Vec::new(),
        }
    }

    /// A fresh match of `n` Hunted holding no Survival card (theirs go back on the Survival
    /// deck), the Creature holding exactly `hand` (see [`Table::set_hunt_hand`]).
    pub fn bare(n: usize, seed: u64, hand: &[HuntCard]) -> Table {
        let mut t = Table::new(n, seed);
        t.empty_survival_hands();
        t.set_hunt_hand(hand);
        t
    }

    /// Every Hunted's Survival cards go back on the Survival deck, in hand order.
    pub fn empty_survival_hands(&mut self) {
        for h in &mut self.s.hunted {
            let held: Vec<SurvivalCard> = h.survival.iter().collect();
            h.survival = SurvivalHand::EMPTY;
            self.s.survival_deck.extend(held);
        }
    }

    /// The Creature's Hunt hand becomes exactly `cards` (an empty hand skips his optional
    /// steps): the cards it held go back on the deck, and each of `cards` is taken out of the
    /// deck or the discard.
    pub fn set_hunt_hand(&mut self, cards: &[HuntCard]) {
        let held: Vec<HuntCard> = self.s.hunt_hand.iter().collect();
        self.s.hunt_deck.extend(held);
        self.s.hunt_hand = HuntHand::EMPTY;
        for &card in cards {
            self.s.hunt_deck.retain(|&c| c != card);
            self.s.hunt_discard.retain(|&c| c != card);
            self.s.hunt_hand.insert(card);
        }
    }

    /// Hunted number `n` (1-based).
    pub fn h(&self, n: u8) -> &Hunted {
        &self.s.hunted[usize::from(n) - 1]
    }

    /// Hunted `n` (1-based) gets Survival card `card`, wherever it was (deck, discard or
    /// another Hunted's hand).
    pub fn give_survival(&mut self, n: u8, card: SurvivalCard) {
        self.s.survival_deck.retain(|&c| c != card);
        self.s.survival_discard.retain(|&c| c != card);
        for h in &mut self.s.hunted {
            h.survival.remove(card);
        }
        self.s.hunted[usize::from(n) - 1].survival.insert(card);
    }

    /// Hunted `n` (1-based) takes a copy of `place` (a card numbered 6 to 10) from the reserve
    /// into his hand; the reserve must still hold one.
    pub fn give_place(&mut self, n: u8, place: Place) {
        let slot = board::reserve_slot(place).expect("a reserve place");
        assert!(self.s.reserve[slot] > 0, "no {place:?} left in the reserve");
        self.s.reserve[slot] -= 1;
        self.s.hunted[usize::from(n) - 1].hand.insert(place);
    }

    /// Hunted `n` (1-based) moves Place `cards`, which must all be in his hand, to his discard.
    pub fn discard_places(&mut self, n: u8, cards: PlaceSet) {
        let h = &mut self.s.hunted[usize::from(n) - 1];
        assert!(cards.is_subset(h.hand), "{cards:?} not in hand");
        h.hand = h.hand.difference(cards);
        h.discard = h.discard.union(cards);
    }

    /// Passes the optional steps (the Creature's Hunt card and Artemia token, the Hunted's
    /// Survival cards) until the match waits for something else or `stop` holds for its step.
    pub fn pass_until(&mut self, stop: impl Fn(Step) -> bool) {
        while !stop(self.s.step) {
            match self.s.step {
                Step::HuntCard(_) | Step::ArtemiaToken => {
                    self.act(Seat::Creature, Action::Pass {});
                }
                Step::Survival(_, waiting) => {
                    let i = waiting.iter().next().expect("someone is asked");
                    self.act(State::seat(i), Action::Pass {});
                }
                _ => break,
            }
        }
    }

    /// Passes every optional step until the match waits for something else.
    pub fn pass_optional(&mut self) {
        self.pass_until(|_| false);
    }

    /// Plays an action that must be accepted; returns the events it told (whole).
    pub fn act(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        self.act_told(seat, action)
            .into_iter()
            .map(|t| t.event)
            .collect()
    }

    /// Plays an action that must be accepted; returns the events it told with their audience.
    pub fn act_told(&mut self, seat: Seat, action: Action) -> Vec<Told<Event>> {
        match Artemia::apply(&mut self.s, seat, &action, &mut self.dice) {
            Ok(told) => {
                self.events.extend(told.iter().map(|t| t.event.clone()));
                self.told.extend(told.iter().cloned());
                assert_invariants(&self.s);
                told
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

    /// Phase 2 and the start of phase 3 once every Hunted has committed: the Creature token on
    /// `place`, every optional step passed, up to the first decision of R1–R2 (or beyond).
    pub fn token_then_reckon(&mut self, place: Place) {
        self.act(Seat::Creature, Action::PlaceCreatureToken { place });
        self.creature_passes(); // the Artemia token, if it may be put out
        self.hunted_pass(); // phase 2 Survival step
        self.creature_passes(); // phase 3 Hunt card
        self.hunted_pass(); // phase 3 Survival step
    }

    /// R2: every presence still to resolve takes its first legal choice.
    pub fn r2_any(&mut self) {
        while let Step::Place(i, _) | Step::Shelter(i, _) = self.s.step {
            let seat = State::seat(i);
            let action = self.legal(seat)[0];
            self.act(seat, action);
        }
    }

    /// Phase 4 with every optional step passed: the next turn begins.
    pub fn end_turn(&mut self) {
        let turn = self.s.turn;
        assert_eq!(self.s.step.phase(), Phase::EndOfTurn, "{:?}", self.s.step);
        self.creature_passes();
        self.hunted_pass();
        assert_eq!(self.s.turn, turn + 1, "the turn should have ended");
    }

    /// The error code of an action that must be refused (see [`Table::refuse`]).
    pub fn code(&mut self, seat: Seat, action: Action) -> &'static str {
        self.refuse(seat, action).code()
    }

    pub fn view_json(&self, viewer: Viewer) -> String {
        serde_json::to_string(&Artemia::view(&self.s, viewer)).expect("views serialize")
    }
}

/// The seat of Hunted number `n` (1-based).
pub fn hunted(n: u8) -> Seat {
    Seat::Hunted(n)
}

/// The set of the one place `place`.
pub fn only(place: Place) -> PlaceSet {
    PlaceSet::only(place)
}

/// A set of places.
pub fn places<const N: usize>(p: [Place; N]) -> PlaceSet {
    PlaceSet::from(p)
}
