//! What one viewer may know of an Artemia match.
//!
//! A field that is `None` is hidden from this viewer; counts are always given. Views are sent
//! on every move, so a field that says nothing (false, none, an empty list) is left out: its
//! absence says the same.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::action::{HuntPlay, SurvivalPlay};
use super::cards::{HuntCard, Place, PlaceSet, SurvivalCard};
use crate::Seat;

/// The four phases of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Exploration,
    Hunting,
    Reckoning,
    EndOfTurn,
}

/// Where the match stands, as the view says it: a phase of the turn, or the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TablePhase {
    Exploration,
    Hunting,
    Reckoning,
    EndOfTurn,
    /// The match is over: nobody acts any more.
    Over,
}

impl From<Phase> for TablePhase {
    fn from(phase: Phase) -> TablePhase {
        match phase {
            Phase::Exploration => TablePhase::Exploration,
            Phase::Hunting => TablePhase::Hunting,
            Phase::Reckoning => TablePhase::Reckoning,
            Phase::EndOfTurn => TablePhase::EndOfTurn,
        }
    }
}

/// A secret choice made and waiting for the others' before it is revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Sealed {
    /// A phase-3 or phase-4 Survival card, or a pass (`None`).
    Survival { play: Option<SurvivalPlay> },
    /// The Place card discarded for Forbidden Zone.
    Discard { card: Place },
    /// Scream: the two Place cards discarded, or `None` to lose 1 Will.
    Scream { cards: Option<PlaceSet> },
}

/// The table as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct View {
    pub turn: u32,
    pub phase: TablePhase,
    /// Board side 1 or 2: which Rescue distances are A-spaces.
    pub board_side: u8,
    /// The A-spaces of this board side (Rescue distances).
    pub a_spaces: Vec<u8>,
    /// Rescue's distance to the star; the Hunted win at 0.
    pub rescue: u8,
    /// Assimilation's distance to the star; the Creature wins at 0.
    pub assimilation: u8,
    /// Whether the Beacon is on The Beach.
    #[serde(default, skip_serializing_if = "is_false")]
    pub beacon: bool,
    /// Copies of Place cards 6 to 10 left in the reserve.
    pub reserve: Vec<ReserveCount>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature_token: Option<Place>,
    #[serde(default, skip_serializing_if = "no_places")]
    pub artemia_token: PlaceSet,
    #[serde(default, skip_serializing_if = "no_places")]
    pub target_token: PlaceSet,
    pub creature: CreatureView,
    pub hunted: Vec<HuntedView>,
    pub hunt_deck: usize,
    /// The Hunt discard, bottom first (Flashback copies the last one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hunt_discard: Vec<HuntCard>,
    pub survival_deck: usize,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub survival_discard: Vec<SurvivalCard>,
    /// What is in force this turn.
    #[serde(default, skip_serializing_if = "TurnEffects::is_quiet")]
    pub effects: TurnEffects,
    /// What the table is waiting for, if anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
}

/// Copies of one reserve card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReserveCount {
    pub place: Place,
    pub copies: u8,
}

/// The Creature's side of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureView {
    /// The Hunt hand: the Creature's own view only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<HuntCard>>,
    pub hand_count: usize,
    /// Hunt cards played this turn, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played: Vec<PlayedHunt>,
    /// How many more Hunt cards may be played this turn.
    pub allowance: u8,
    /// Cards the Creature knows to lie at the bottom of the Hunt deck (Strike Back), in table
    /// order (their order in the deck is secret): the Creature's own view only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub known_bottom: Option<Vec<HuntCard>>,
    /// Phobia: the Place cards a Hunted had to show (the Creature and that Hunted only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phobia_shown: Option<PlaceSet>,
}

/// A Hunt card played this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayedHunt {
    pub play: HuntPlay,
    /// Played as Flashback copying `play`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub flashback: bool,
}

/// One Hunted as this viewer sees him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HuntedView {
    pub seat: Seat,
    pub will: u8,
    /// Place cards in hand: his own view only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<PlaceSet>,
    pub hand_count: usize,
    /// The discard pile: hidden from the Creature and spectators under Smokescreen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard: Option<PlaceSet>,
    pub discard_count: usize,
    /// Every Place card he owns (hand, play and discard).
    #[serde(default, skip_serializing_if = "no_places")]
    pub owned: PlaceSet,
    /// Cards in play: his own view before the reveal, everyone's after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_play: Option<PlaceSet>,
    pub in_play_count: usize,
    /// Where his revealed presences stand (after a Detour, not where the card says).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub presences: Vec<Place>,
    /// Whether he has committed this turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub committed: bool,
    /// Survival cards in hand: his own view only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub survival: Option<Vec<SurvivalCard>>,
    pub survival_count: usize,
    /// The Survival card he played this turn, once it is public.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub survival_played: Option<SurvivalPlay>,
    /// The choice he has sealed in this step, not yet revealed: his own view only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed: Option<Sealed>,
    /// River power pending: he commits two cards and keeps one after the tokens.
    #[serde(default, skip_serializing_if = "is_false")]
    pub river: bool,
    /// Artefact power pending: he commits two cards, both resolved.
    #[serde(default, skip_serializing_if = "is_false")]
    pub artefact: bool,
    /// Whether he has given up this turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub gave_up: bool,
}

/// The effects in force this turn.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnEffects {
    #[serde(default, skip_serializing_if = "is_false")]
    pub despair: bool,
    #[serde(default, skip_serializing_if = "no_places")]
    pub force_field: PlaceSet,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anticipation: Option<Seat>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub fierceness: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub persecution: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub mutation: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub clone: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub scream: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub toxin: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub stasis: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub smokescreen: bool,
    /// Sacrifice: the Creature may play no more Hunt cards this turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub sacrifice: bool,
    /// Tracking was played: next turn's allowance is 2.
    #[serde(default, skip_serializing_if = "is_false")]
    pub tracking_next_turn: bool,
    /// Places whose power cannot be used this turn.
    #[serde(default, skip_serializing_if = "no_places")]
    pub ineffective: PlaceSet,
    #[serde(default, skip_serializing_if = "is_false")]
    pub beach_used: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub wreck_used: bool,
}

impl TurnEffects {
    /// Whether nothing is in force: the turn's start.
    pub fn is_quiet(&self) -> bool {
        *self == TurnEffects::default()
    }
}

/// What the table is waiting for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Decision {
    /// The Creature may play a Hunt card of this phase, or pass.
    HuntCard,
    /// The Hunted choose where to explore (and may Resist, Give up, play Survival cards).
    Explore,
    /// The Creature places the Creature token (or first plays a Hunt card).
    CreatureToken,
    /// The Creature may put out the Artemia token.
    ArtemiaToken,
    /// The Creature must place the Target token.
    TargetToken,
    /// Ascendancy: this Hunted keeps two Place cards in hand.
    Ascendancy { hunted: Seat },
    /// Phobia: this Hunted hides two Place cards and shows the rest to the Creature.
    Phobia { hunted: Seat },
    /// Forbidden Zone: the Hunted with Place cards each discard one, secretly.
    ForbiddenZone,
    /// The Hunted may play a Survival card of this phase, or pass.
    SurvivalCard,
    /// River: the Hunted who committed two cards keep one in play.
    RiverChoice,
    /// Hologram: this Hunted shifts the Artemia token.
    Hologram { hunted: Seat },
    /// Wrong Track: this Hunted shifts the Creature token.
    WrongTrack { hunted: Seat },
    /// Scream: the Hunted at the target lose 1 Will or discard two Place cards.
    Scream,
    /// Toxin: the Hunted at the target discard a Survival card.
    Toxin,
    /// R2: this presence uses a power or takes back a card.
    Place { hunted: Seat, place: Place },
    /// The Shelter: this Hunted keeps one of the two cards drawn (shown to him only).
    Shelter {
        hunted: Seat,
        drawn: Option<Vec<SurvivalCard>>,
    },
    /// R3: the Hunted caught by the Artemia token each discard a Place card.
    ArtemiaDiscard,
}

fn is_false(b: &bool) -> bool {
    !b
}

fn no_places(places: &PlaceSet) -> bool {
    places.is_empty()
}
