//! The card tables: when each Hunt and Survival card is played, and its symbol.

use xenotable_protocol::artemia::{HuntCard, HuntPlay, Phase, SurvivalCard, SurvivalPlay};

/// The symbol a Hunt card bears.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbol {
    None,
    /// Lets the Creature put out the Artemia token.
    Artemia,
    /// Uses the Target token.
    Target,
}

/// (card, phase, symbol) for every Hunt card but Flashback, which copies another.
const HUNT_CARDS: [(HuntCard, Phase, Symbol); 19] = [
    (HuntCard::Despair, Phase::Exploration, Symbol::Artemia),
    (HuntCard::ForceField, Phase::Exploration, Symbol::Target),
    (HuntCard::Anticipation, Phase::Hunting, Symbol::None),
    (HuntCard::Ascendancy, Phase::Hunting, Symbol::None),
    (HuntCard::Fierceness, Phase::Hunting, Symbol::None),
    (HuntCard::ForbiddenZone, Phase::Hunting, Symbol::None),
    (HuntCard::Interference, Phase::Hunting, Symbol::None),
    (HuntCard::Persecution, Phase::Hunting, Symbol::None),
    (HuntCard::Mutation, Phase::Hunting, Symbol::Artemia),
    (HuntCard::Phobia, Phase::Hunting, Symbol::Artemia),
    (HuntCard::Virus, Phase::Hunting, Symbol::Artemia),
    (HuntCard::Clone, Phase::Hunting, Symbol::Target),
    (HuntCard::Mirage, Phase::Hunting, Symbol::Target),
    (HuntCard::Scream, Phase::Hunting, Symbol::Target),
    (HuntCard::Toxin, Phase::Hunting, Symbol::Target),
    (HuntCard::Cataclysm, Phase::Reckoning, Symbol::None),
    (HuntCard::Detour, Phase::Reckoning, Symbol::None),
    (HuntCard::Stasis, Phase::EndOfTurn, Symbol::None),
    (HuntCard::Tracking, Phase::EndOfTurn, Symbol::None),
];

/// The phase in which a Hunt card is played and its symbol; `None` for Flashback.
pub fn hunt_card(card: HuntCard) -> Option<(Phase, Symbol)> {
    HUNT_CARDS
        .iter()
        .find(|(c, _, _)| *c == card)
        .map(|&(_, phase, symbol)| (phase, symbol))
}

/// The card a Hunt play is the effect of.
pub fn hunt_play_card(play: &HuntPlay) -> HuntCard {
    match play {
        HuntPlay::Despair {} => HuntCard::Despair,
        HuntPlay::ForceField { .. } => HuntCard::ForceField,
        HuntPlay::Anticipation { .. } => HuntCard::Anticipation,
        HuntPlay::Ascendancy { .. } => HuntCard::Ascendancy,
        HuntPlay::Fierceness {} => HuntCard::Fierceness,
        HuntPlay::ForbiddenZone {} => HuntCard::ForbiddenZone,
        HuntPlay::Interference {} => HuntCard::Interference,
        HuntPlay::Persecution {} => HuntCard::Persecution,
        HuntPlay::Mutation {} => HuntCard::Mutation,
        HuntPlay::Phobia { .. } => HuntCard::Phobia,
        HuntPlay::Virus {} => HuntCard::Virus,
        HuntPlay::Clone {} => HuntCard::Clone,
        HuntPlay::Mirage {} => HuntCard::Mirage,
        HuntPlay::Scream {} => HuntCard::Scream,
        HuntPlay::Toxin {} => HuntCard::Toxin,
        HuntPlay::Cataclysm { .. } => HuntCard::Cataclysm,
        HuntPlay::Detour { .. } => HuntCard::Detour,
        HuntPlay::Stasis {} => HuntCard::Stasis,
        HuntPlay::Tracking {} => HuntCard::Tracking,
    }
}

/// The phase in which a Survival card is played.
pub const fn survival_phase(card: SurvivalCard) -> Phase {
    match card {
        SurvivalCard::Adrenaline
        | SurvivalCard::Ingenuity
        | SurvivalCard::Sacrifice
        | SurvivalCard::SixthSense
        | SurvivalCard::Smokescreen
        | SurvivalCard::StrikeBack => Phase::Exploration,
        SurvivalCard::Vortex => Phase::Hunting,
        SurvivalCard::Detector
        | SurvivalCard::Dodge
        | SurvivalCard::Drone
        | SurvivalCard::Gate
        | SurvivalCard::Hologram
        | SurvivalCard::WrongTrack => Phase::Reckoning,
        SurvivalCard::Amplifier | SurvivalCard::DoubleBack => Phase::EndOfTurn,
    }
}

/// The card a Survival play is.
pub fn survival_play_card(play: &SurvivalPlay) -> SurvivalCard {
    match play {
        SurvivalPlay::Adrenaline {} => SurvivalCard::Adrenaline,
        SurvivalPlay::Ingenuity {} => SurvivalCard::Ingenuity,
        SurvivalPlay::Sacrifice { .. } => SurvivalCard::Sacrifice,
        SurvivalPlay::SixthSense { .. } => SurvivalCard::SixthSense,
        SurvivalPlay::Smokescreen {} => SurvivalCard::Smokescreen,
        SurvivalPlay::StrikeBack {} => SurvivalCard::StrikeBack,
        SurvivalPlay::Vortex { .. } => SurvivalCard::Vortex,
        SurvivalPlay::Detector {} => SurvivalCard::Detector,
        SurvivalPlay::Dodge {} => SurvivalCard::Dodge,
        SurvivalPlay::Drone {} => SurvivalCard::Drone,
        SurvivalPlay::Gate {} => SurvivalCard::Gate,
        SurvivalPlay::Hologram {} => SurvivalCard::Hologram,
        SurvivalPlay::WrongTrack {} => SurvivalCard::WrongTrack,
        SurvivalPlay::Amplifier {} => SurvivalCard::Amplifier,
        SurvivalPlay::DoubleBack { .. } => SurvivalCard::DoubleBack,
    }
}

/// A set of distinct cards of one kind (each card exists once), as a bit set in table order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet<C: Card>(u32, std::marker::PhantomData<C>);

/// A kind of card with a fixed list of distinct cards.
pub trait Card: Copy + Eq + 'static {
    const ALL: &'static [Self];
    fn bit(self) -> u32;
}

impl Card for HuntCard {
    const ALL: &'static [HuntCard] = &HuntCard::ALL;
    fn bit(self) -> u32 {
        self as u32
    }
}

impl Card for SurvivalCard {
    const ALL: &'static [SurvivalCard] = &SurvivalCard::ALL;
    fn bit(self) -> u32 {
        self as u32
    }
}

impl<C: Card> CardSet<C> {
    pub const EMPTY: CardSet<C> = CardSet(0, std::marker::PhantomData);

    pub fn contains(self, card: C) -> bool {
        self.0 & 1 << card.bit() != 0
    }

    pub fn insert(&mut self, card: C) {
        self.0 |= 1 << card.bit();
    }

    pub fn remove(&mut self, card: C) {
        self.0 &= !(1 << card.bit());
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in table order.
    pub fn iter(self) -> impl Iterator<Item = C> {
        C::ALL.iter().copied().filter(move |c| self.contains(*c))
    }
}

pub type HuntHand = CardSet<HuntCard>;
pub type SurvivalHand = CardSet<SurvivalCard>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hunt_card_but_flashback_has_a_phase() {
        for card in HuntCard::ALL {
            assert_eq!(hunt_card(card).is_none(), card == HuntCard::Flashback);
        }
    }

    #[test]
    fn card_sets_hold_each_card_once() {
        let mut hand = HuntHand::EMPTY;
        hand.insert(HuntCard::Flashback);
        hand.insert(HuntCard::Despair);
        hand.insert(HuntCard::Flashback);
        assert_eq!(hand.len(), 2);
        assert_eq!(
            hand.iter().collect::<Vec<_>>(),
            [HuntCard::Despair, HuntCard::Flashback]
        );
    }
}
