//! The whole truth of an Artemia match, and its setup.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    HuntCard, HuntPlay, Phase, Place, PlaceSet, Sealed, SurvivalCard, SurvivalPlay,
};

use super::board::{self, BoardSide};
use super::cards::{HuntHand, SurvivalHand};
use crate::games::{Dice, Roll};

/// A set of Hunted, by index (hunted-1 is bit 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Waiting(u8);

impl Waiting {
    pub fn all(count: usize) -> Waiting {
        Waiting(((1u16 << count) - 1) as u8)
    }

    pub fn from_fn(count: usize, mut f: impl FnMut(usize) -> bool) -> Waiting {
        Waiting((0..count).filter(|&i| f(i)).fold(0, |m, i| m | 1 << i))
    }

    pub fn contains(self, i: usize) -> bool {
        self.0 & 1 << i != 0
    }

    pub fn remove(&mut self, i: usize) {
        self.0 &= !(1 << i);
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..8).filter(move |&i| self.contains(i))
    }
}

/// The decision point the match waits at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// The Creature may play a Hunt card of this phase (1, 3 or 4), or pass.
    HuntCard(Phase),
    /// Phase 1: the waiting Hunted have not committed yet.
    Explore(Waiting),
    /// Phase 2: the Creature may play a Hunt card, then places the Creature token.
    CreatureToken,
    /// Ascendancy: this Hunted keeps two cards.
    Ascendancy(usize),
    /// Phobia: this Hunted hides two cards.
    Phobia(usize),
    /// Forbidden Zone: secret discards, revealed together.
    ForbiddenZone(Waiting),
    ArtemiaToken,
    TargetToken,
    /// The waiting Hunted may play a Survival card of this phase (2, 3 or 4), or pass.
    Survival(Phase, Waiting),
    /// River: the waiting Hunted keep one of their two cards in play.
    RiverChoice(Waiting),
    /// Hologram: this Hunted shifts the Artemia token.
    Hologram(usize),
    /// Wrong Track: this Hunted shifts the Creature token.
    WrongTrack(usize),
    /// Scream: secret choices of the Hunted at the target.
    Scream(Waiting),
    /// Toxin: the Hunted at the target discard a Survival card.
    Toxin(Waiting),
    /// R2: presence `slot` of this Hunted chooses a power or a card.
    Place(usize, usize),
    /// The Shelter: this Hunted keeps one of the cards drawn, then R2 goes on after `slot`.
    Shelter(usize, usize),
    /// R3: the Hunted caught by the Artemia token discard a Place card.
    ArtemiaDiscard(Waiting),
    /// The match is over.
    Over,
}

impl Step {
    /// The phase this step belongs to.
    pub fn phase(self) -> Phase {
        match self {
            Step::HuntCard(phase) | Step::Survival(phase, _) => phase,
            Step::Explore(_) => Phase::Exploration,
            Step::CreatureToken
            | Step::Ascendancy(_)
            | Step::Phobia(_)
            | Step::ForbiddenZone(_)
            | Step::ArtemiaToken
            | Step::TargetToken => Phase::Hunting,
            Step::RiverChoice(_)
            | Step::Hologram(_)
            | Step::WrongTrack(_)
            | Step::Scream(_)
            | Step::Toxin(_)
            | Step::Place(..)
            | Step::Shelter(..)
            | Step::ArtemiaDiscard(_) => Phase::Reckoning,
            Step::Over => Phase::EndOfTurn,
        }
    }
}

/// A Hunted on a place, from the reveal to the end of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Presence {
    /// The card he played.
    pub card: Place,
    /// Where he is (differs from the card after a Detour).
    pub at: Place,
}

/// One Hunted.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Hunted {
    pub will: u8,
    pub hand: PlaceSet,
    pub discard: PlaceSet,
    pub in_play: PlaceSet,
    pub survival: SurvivalHand,
    /// River power used last turn: this turn he commits two and keeps one.
    pub river: bool,
    /// Artefact power used last turn: this turn he commits two, both resolved.
    pub artefact: bool,
    pub river_next: bool,
    pub artefact_next: bool,
    pub committed: bool,
    pub gave_up: bool,
    /// The Survival card he played this turn, once resolved.
    pub survival_played: Option<SurvivalPlay>,
    /// His secret choice, waiting for the others' before it is revealed.
    pub sealed: Option<Sealed>,
    pub presences: Vec<Presence>,
    /// Drone or Gate played and not used yet.
    pub drone_ready: bool,
    pub gate_ready: bool,
    /// Survival cards drawn at The Shelter, waiting for the choice.
    pub shelter_draw: Vec<SurvivalCard>,
}

impl Hunted {
    fn new() -> Hunted {
        Hunted {
            will: 3,
            hand: PlaceSet::from(board::STARTING_HAND),
            discard: PlaceSet::EMPTY,
            in_play: PlaceSet::EMPTY,
            survival: SurvivalHand::EMPTY,
            river: false,
            artefact: false,
            river_next: false,
            artefact_next: false,
            committed: false,
            gave_up: false,
            survival_played: None,
            sealed: None,
            presences: Vec::new(),
            drone_ready: false,
            gate_ready: false,
            shelter_draw: Vec::new(),
        }
    }

    /// Every Place card he owns.
    pub fn owned(&self) -> PlaceSet {
        self.hand.union(self.discard).union(self.in_play)
    }

    /// How many cards he must commit this turn.
    pub fn commit_count(&self) -> usize {
        if self.river || self.artefact { 2 } else { 1 }
    }

    pub fn played(&self, card: SurvivalCard) -> bool {
        self.survival_played
            .is_some_and(|p| super::cards::survival_play_card(&p) == card)
    }
}

/// A Hunt card played this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Played {
    pub play: HuntPlay,
    pub flashback: bool,
    pub phase: Phase,
}

impl Played {
    /// The card that goes to the Hunt discard: Flashback itself when it was a copy.
    pub fn card(&self) -> HuntCard {
        if self.flashback {
            HuntCard::Flashback
        } else {
            super::cards::hunt_play_card(&self.play)
        }
    }
}

/// What lasts until the end of the turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct TurnEffects {
    pub played: Vec<Played>,
    /// Hunt cards the Creature may still play this turn.
    pub allowance: u8,
    pub sacrifice: bool,
    pub despair: bool,
    pub force_field: PlaceSet,
    pub anticipation: Option<usize>,
    pub fierceness: bool,
    pub interference: bool,
    pub persecution: bool,
    pub mutation: bool,
    pub virus: bool,
    pub clone: bool,
    pub mirage: bool,
    pub scream: bool,
    pub toxin: bool,
    pub cataclysm: Option<Place>,
    pub stasis: bool,
    pub smokescreen: bool,
    /// An Artemia-symbol card was played.
    pub artemia_card: bool,
    /// A Target-symbol card was played.
    pub target_card: bool,
    pub beach_used: bool,
    pub wreck_used: bool,
    /// Phobia: the Hunted named and the cards he showed.
    pub phobia: Option<(usize, PlaceSet)>,
    /// Tracking: next turn's allowance is 2.
    pub tracking: bool,
}

impl TurnEffects {
    /// Whether the Creature played a Hunt card in `phase`.
    pub fn played_in(&self, phase: Phase) -> bool {
        self.played.iter().any(|p| p.phase == phase)
    }
}

/// Which side won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Winner {
    Hunted,
    Creature,
}

/// The whole truth of a match.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub side: BoardSide,
    pub turn: u32,
    pub step: Step,
    pub rescue: u8,
    pub assimilation: u8,
    pub beacon: bool,
    /// Copies of 6–10 in the reserve, in [`board::RESERVE`] order.
    pub reserve: [u8; 5],
    pub hunted: Vec<Hunted>,
    /// The Hunt deck; the top is the last card.
    pub hunt_deck: Vec<HuntCard>,
    /// How many cards at the bottom of the Hunt deck the Creature knows (Strike Back).
    pub known_bottom: usize,
    pub hunt_hand: HuntHand,
    /// The Hunt discard; the top is the last card.
    pub hunt_discard: Vec<HuntCard>,
    /// The Survival deck; the top is the last card.
    pub survival_deck: Vec<SurvivalCard>,
    pub survival_discard: Vec<SurvivalCard>,
    pub fx: TurnEffects,
    pub creature_token: Option<Place>,
    pub artemia_token: PlaceSet,
    pub target_token: PlaceSet,
    /// Whether the cards in play have been revealed this turn.
    pub revealed: bool,
    pub winner: Option<Winner>,
}

impl State {
    /// A new match with `hunted` Hunted (1 to 6) on `side`, before the first turn begins.
    pub fn new(hunted: usize, side: BoardSide, dice: &mut Dice) -> State {
        let hunted = hunted.clamp(1, 6);
        let (rescue, assimilation, copies) = board::track_start(hunted);
        let mut survival_deck = SurvivalCard::ALL.to_vec();
        dice.shuffle(&mut survival_deck);
        let mut hunt_deck = HuntCard::ALL.to_vec();
        dice.shuffle(&mut hunt_deck);
        State {
            side,
            turn: 0,
            step: Step::HuntCard(Phase::Exploration),
            rescue,
            assimilation,
            beacon: false,
            reserve: [copies; 5],
            hunted: (0..hunted).map(|_| Hunted::new()).collect(),
            hunt_deck,
            known_bottom: 0,
            hunt_hand: HuntHand::EMPTY,
            hunt_discard: Vec::new(),
            survival_deck,
            survival_discard: Vec::new(),
            fx: TurnEffects::default(),
            creature_token: None,
            artemia_token: PlaceSet::EMPTY,
            target_token: PlaceSet::EMPTY,
            revealed: false,
            winner: None,
        }
    }

    /// The seat of Hunted `i`.
    pub fn seat(i: usize) -> Seat {
        Seat::Hunted(i as u8 + 1)
    }

    /// The index of a Hunted seat at this table.
    pub fn hunted_index(&self, seat: Seat) -> Option<usize> {
        match seat {
            Seat::Hunted(n) if usize::from(n) >= 1 && usize::from(n) <= self.hunted.len() => {
                Some(usize::from(n) - 1)
            }
            _ => None,
        }
    }

    /// Whether the Rescue distance is an A-space.
    pub fn on_a_space(&self) -> bool {
        self.side.a_spaces().contains(&self.rescue)
    }

    /// Places whose power cannot be used this turn.
    pub fn ineffective(&self) -> PlaceSet {
        let mut places = PlaceSet::EMPTY;
        if self.fx.interference {
            places.insert(Place::Beach);
            places.insert(Place::Wreck);
        }
        if self.fx.mirage || self.fx.toxin {
            places = places.union(self.target_token);
        }
        if let Some(place) = self.fx.cataclysm {
            places.insert(place);
        }
        places
    }

    /// Whether the Creature may still play a Hunt card in `phase`, as far as anyone can tell
    /// without seeing his hand.
    pub fn creature_may_play(&self, phase: Phase) -> bool {
        self.fx.allowance > 0
            && !self.fx.sacrifice
            && !self.hunt_hand.is_empty()
            && !self.fx.played_in(phase)
    }

    /// Whether a Hunted may play a Survival card now, as far as anyone can tell without seeing
    /// his hand.
    pub fn may_play_survival(&self, i: usize) -> bool {
        let h = &self.hunted[i];
        !self.fx.despair && h.survival_played.is_none() && !h.survival.is_empty()
    }

    /// Whether a Survival card can be drawn.
    pub fn can_draw_survival(&self) -> bool {
        !self.fx.despair && (!self.survival_deck.is_empty() || !self.survival_discard.is_empty())
    }

    /// The Hunted covered by the presence check, in seat order.
    pub fn hunted_at(&self, places: PlaceSet) -> impl Iterator<Item = usize> + '_ {
        (0..self.hunted.len()).filter(move |&i| {
            self.hunted[i]
                .presences
                .iter()
                .any(|p| places.contains(p.at))
        })
    }
}
