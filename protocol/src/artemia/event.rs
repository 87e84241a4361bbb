//! What happened, in the game's own words. A field that is `None` was hidden from this viewer.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::action::{HuntPlay, SurvivalPlay, Via};
use super::cards::{HuntCard, Place, PlaceSet, SurvivalCard};
use super::view::Phase;
use crate::{Outcome, Seat};

/// The Creature's three tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Token {
    Creature,
    Artemia,
    Target,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Event {
    TurnBegan {
        turn: u32,
    },
    PhaseBegan {
        phase: Phase,
    },
    /// A seat declined an optional step.
    Passed {
        seat: Seat,
    },
    HuntCardPlayed {
        play: HuntPlay,
        flashback: bool,
    },
    /// The Creature drew Hunt cards.
    HuntCardsDrawn {
        count: usize,
        cards: Option<Vec<HuntCard>>,
    },
    /// The Hunt discard became the new Hunt deck.
    HuntDeckShuffled {
        count: usize,
    },
    /// Strike Back: these cards left the Creature's hand for the bottom of the Hunt deck.
    StruckBack {
        hunted: Seat,
        count: usize,
        cards: Option<Vec<HuntCard>>,
    },
    /// A Survival card was played; its choices are hidden under Smokescreen.
    SurvivalCardPlayed {
        hunted: Seat,
        card: SurvivalCard,
        play: Option<SurvivalPlay>,
    },
    /// A Hunted submitted his phase-3 or phase-4 Survival card, or a pass (hidden till all have).
    SurvivalSubmitted {
        hunted: Seat,
        play: Option<SurvivalPlay>,
    },
    SurvivalCardsDrawn {
        hunted: Seat,
        count: usize,
        cards: Option<Vec<SurvivalCard>>,
    },
    /// The Survival discard became the new Survival deck.
    SurvivalDeckShuffled {
        count: usize,
    },
    SurvivalCardDiscarded {
        hunted: Seat,
        card: SurvivalCard,
    },
    /// The Shelter: one drawn card kept (hidden), the other discarded.
    ShelterKept {
        hunted: Seat,
        kept: Option<SurvivalCard>,
        discarded: Option<SurvivalCard>,
    },
    Resisted {
        hunted: Seat,
    },
    GaveUp {
        hunted: Seat,
    },
    /// Will reached 0: back to 3, all discards back to hand.
    Exhausted {
        hunted: Seat,
    },
    WillChanged {
        hunted: Seat,
        will: u8,
    },
    /// Place cards went from the discard back to hand.
    CardsTakenBack {
        hunted: Seat,
        count: usize,
        cards: Option<PlaceSet>,
    },
    /// Place cards went from hand to the discard.
    CardsDiscarded {
        hunted: Seat,
        count: usize,
        cards: Option<PlaceSet>,
    },
    /// A card in play went back to hand (Jungle, Swamp, Double Back).
    PlayedCardReturned {
        hunted: Seat,
        card: Place,
    },
    /// Vortex: a card in play was exchanged with one of the discard.
    Exchanged {
        hunted: Seat,
        to_discard: Option<Place>,
        to_play: Option<Place>,
    },
    Committed {
        hunted: Seat,
        count: usize,
        cards: Option<PlaceSet>,
    },
    /// Forbidden Zone or Scream: a Hunted made his secret choice.
    Chose {
        hunted: Seat,
        cards: Option<PlaceSet>,
    },
    /// River: one card stays in play, the other goes back to hand unseen.
    RiverChoice {
        hunted: Seat,
        kept: Option<Place>,
        returned: Option<Place>,
    },
    Revealed {
        hunted: Seat,
        cards: PlaceSet,
    },
    /// Phobia: the cards shown to the Creature.
    PhobiaShown {
        hunted: Seat,
        count: usize,
        cards: Option<PlaceSet>,
    },
    TokenPlaced {
        token: Token,
        places: PlaceSet,
    },
    /// Hologram or Wrong Track moved a token.
    TokenShifted {
        token: Token,
        hunted: Seat,
        from: Place,
        to: Place,
    },
    /// Detour moved a presence.
    PresenceMoved {
        hunted: Seat,
        from: Place,
        to: Place,
    },
    Caught {
        hunted: Seat,
        token: Token,
        place: Place,
    },
    /// A presence used a power in R2.
    PowerUsed {
        hunted: Seat,
        at: Place,
        via: Via,
        power: Place,
        copied: Option<Place>,
    },
    BeaconPlaced,
    BeaconRemoved,
    RescueAdvanced {
        distance: u8,
    },
    AssimilationAdvanced {
        distance: u8,
    },
    ReserveCardTaken {
        hunted: Seat,
        card: Place,
    },
    TurnEnded {
        turn: u32,
    },
    GameOver {
        outcome: Outcome,
    },
}
