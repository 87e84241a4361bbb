//! A checked action: what it will do, resolved once by the check (whose hand, which card,
//! which place, which Hunted by index, the step's waiting Hunted), so that carrying it out
//! matches on the plan alone and has nothing left to refuse or to look up.

use xenotable_protocol::artemia::{
    HuntCard, HuntPlay, Phase, Place, PlaceSet, SurvivalCard, SurvivalPlay, Via,
};

use super::cards::Symbol;
use super::state::Waiting;

/// An action that passed the check. `i` is the acting Hunted's index; `waiting` is the step's
/// set of Hunted still to choose, as the check found it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// The Creature plays a Hunt card; `step_over`: it was the Hunt card step of its phase.
    Hunt {
        hunt: Hunt,
        step_over: bool,
    },
    /// The Creature passes its Hunt card step of `phase`.
    PassHunt {
        phase: Phase,
    },
    CreatureToken(Place),
    /// The Artemia token goes on these places, or (`None`) the Creature passes.
    ArtemiaToken(Option<PlaceSet>),
    TargetToken(PlaceSet),
    /// A Survival card of phase 1, played while exploring and resolved at once.
    SurvivalNow {
        i: usize,
        survival: Survival,
    },
    /// A Hunted's choice in the Survival step of `phase` (2, 3 or 4).
    SurvivalStep {
        i: usize,
        phase: Phase,
        waiting: Waiting,
        choice: SurvivalChoice,
    },
    Resist {
        i: usize,
        cards: PlaceSet,
    },
    GiveUp {
        i: usize,
    },
    Commit {
        i: usize,
        cards: PlaceSet,
        waiting: Waiting,
    },
    /// Ascendancy: the two cards kept.
    KeepCards {
        i: usize,
        cards: PlaceSet,
    },
    /// Phobia: the two cards hidden.
    HideCards {
        i: usize,
        cards: PlaceSet,
    },
    ForbiddenZone {
        i: usize,
        card: Place,
        waiting: Waiting,
    },
    KeepInPlay {
        i: usize,
        card: Place,
        waiting: Waiting,
    },
    ShiftArtemiaToken {
        i: usize,
        from: Place,
        to: Place,
    },
    ShiftCreatureToken {
        i: usize,
        from: Place,
        to: Place,
    },
    /// Scream: two cards discarded, or (`None`) a Will lost.
    Scream {
        i: usize,
        cards: Option<PlaceSet>,
        waiting: Waiting,
    },
    Toxin {
        i: usize,
        card: SurvivalCard,
        waiting: Waiting,
    },
    /// R2: presence `slot` uses a power.
    UsePower {
        i: usize,
        slot: usize,
        power: PowerUse,
    },
    /// R2: presence `slot` takes back a card of the discard instead.
    TakeBack {
        i: usize,
        slot: usize,
        card: Place,
    },
    /// The Shelter: `kept` of the cards drawn, the other one (if any) discarded.
    KeepSurvival {
        i: usize,
        slot: usize,
        kept: SurvivalCard,
        discarded: Option<SurvivalCard>,
    },
    ArtemiaDiscard {
        i: usize,
        card: Place,
        waiting: Waiting,
    },
}

/// A Hunted's choice in a Survival step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurvivalChoice {
    /// Phase 2: a card resolved as it is played.
    Now(Survival),
    /// Phase 2: no card.
    Pass,
    /// Phases 3 and 4: a card, or none, sealed until every choice is in.
    Seal(Option<SurvivalPlay>),
}

/// A Hunt card checked: the play as told, the card that leaves the hand (Flashback or the card
/// itself), its symbol, the phase it is played in, and its effect resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hunt {
    pub play: HuntPlay,
    pub flashback: bool,
    /// The card given up: Flashback when it copies the top of the discard.
    pub given: HuntCard,
    pub symbol: Symbol,
    pub phase: Phase,
    pub effect: HuntEffect,
}

/// What a Hunt card does, the Hunted and presences it names found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HuntEffect {
    Despair,
    ForceField(PlaceSet),
    Anticipation(usize),
    Ascendancy(usize),
    Fierceness,
    ForbiddenZone,
    Interference,
    Persecution,
    Mutation,
    Phobia(usize),
    Virus,
    Clone,
    Mirage,
    Scream,
    Toxin,
    Cataclysm(Place),
    /// Presence `slot` of Hunted `hunted` moves to `to`.
    Detour {
        hunted: usize,
        slot: usize,
        to: Place,
    },
    Stasis,
    Tracking,
}

/// A Survival card of phase 1 or 2, checked: the play as told and what it does now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Survival {
    pub play: SurvivalPlay,
    pub card: SurvivalCard,
    pub effect: SurvivalEffect,
}

/// What a Survival card of phase 1 or 2 does as it is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurvivalEffect {
    Adrenaline,
    Ingenuity,
    Sacrifice(Place),
    SixthSense(PlaceSet),
    Smokescreen,
    StrikeBack,
    Vortex { in_play: Place, from_discard: Place },
}

impl SurvivalEffect {
    /// What `play` does as it is played, for the cards of phases 1 and 2; `None` for the
    /// cards sealed and resolved later (phases 3 and 4).
    pub fn of(play: SurvivalPlay) -> Option<SurvivalEffect> {
        Some(match play {
            SurvivalPlay::Adrenaline {} => SurvivalEffect::Adrenaline,
            SurvivalPlay::Ingenuity {} => SurvivalEffect::Ingenuity,
            SurvivalPlay::Sacrifice { discard } => SurvivalEffect::Sacrifice(discard),
            SurvivalPlay::SixthSense { cards } => SurvivalEffect::SixthSense(cards),
            SurvivalPlay::Smokescreen {} => SurvivalEffect::Smokescreen,
            SurvivalPlay::StrikeBack {} => SurvivalEffect::StrikeBack,
            SurvivalPlay::Vortex {
                in_play,
                from_discard,
            } => SurvivalEffect::Vortex {
                in_play,
                from_discard,
            },
            SurvivalPlay::Detector {}
            | SurvivalPlay::Dodge {}
            | SurvivalPlay::Drone {}
            | SurvivalPlay::Gate {}
            | SurvivalPlay::Hologram {}
            | SurvivalPlay::WrongTrack {}
            | SurvivalPlay::Amplifier {}
            | SurvivalPlay::DoubleBack { .. } => return None,
        })
    }

    /// Whether it moves cards of the discard, which Smokescreen hides.
    pub fn touches_discard(self) -> bool {
        matches!(
            self,
            SurvivalEffect::Sacrifice(_)
                | SurvivalEffect::SixthSense(_)
                | SurvivalEffect::Vortex { .. }
        )
    }
}

/// A place power checked: whose power it is and the place The Lair copies (as told), where the
/// presence stands, how it is reached, and its effect resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PowerUse {
    /// The place whose power is used.
    pub place: Place,
    /// The place whose power The Lair copies.
    pub copied: Option<Place>,
    pub at: Place,
    pub via: Via,
    pub effect: PowerEffect,
}

/// What a place power does (a copy made by The Lair does what the copied power does).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowerEffect {
    /// The Lair: these cards of the discard back to hand.
    TakeBack(PlaceSet),
    /// The Jungle, The Swamp: `this` card back from play (when it still is in play), and
    /// `from_discard` back from the discard.
    Return {
        this: Option<Place>,
        from_discard: PlaceSet,
    },
    River,
    Artefact,
    Beach,
    Wreck,
    /// The Rover: a copy of `card` from reserve slot `slot`.
    Rover {
        card: Place,
        slot: usize,
    },
    Shelter,
    /// The Source: Hunted `hunted` (an index) gains a Will.
    SourceWill {
        hunted: usize,
    },
    SourceDraw,
}
