//! Helpers for the tests of this game: random actions of every shape.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    Action, CopiedPower, HuntCard, HuntPlay, Place, PlaceSet, Power, SurvivalCard, SurvivalPlay,
    Via,
};

use super::support::Picker;

fn place(p: &mut Picker) -> Place {
    Place::ALL[p.below(10)]
}

fn places(p: &mut Picker) -> PlaceSet {
    let n = p.below(4);
    (0..n).map(|_| place(p)).collect()
}

fn seat(p: &mut Picker, hunted: usize) -> Seat {
    if p.below(8) == 0 {
        Seat::Creature
    } else {
        Seat::Hunted((p.below(hunted + 1) + 1) as u8)
    }
}

fn hunt_play(p: &mut Picker, hunted: usize) -> HuntPlay {
    match HuntCard::ALL[p.below(19)] {
        HuntCard::Despair => HuntPlay::Despair {},
        HuntCard::ForceField => HuntPlay::ForceField { places: places(p) },
        HuntCard::Anticipation => HuntPlay::Anticipation {
            hunted: seat(p, hunted),
        },
        HuntCard::Ascendancy => HuntPlay::Ascendancy {
            hunted: seat(p, hunted),
        },
        HuntCard::Fierceness => HuntPlay::Fierceness {},
        HuntCard::ForbiddenZone => HuntPlay::ForbiddenZone {},
        HuntCard::Interference => HuntPlay::Interference {},
        HuntCard::Persecution => HuntPlay::Persecution {},
        HuntCard::Mutation => HuntPlay::Mutation {},
        HuntCard::Phobia => HuntPlay::Phobia {
            hunted: seat(p, hunted),
        },
        HuntCard::Virus => HuntPlay::Virus {},
        HuntCard::Clone => HuntPlay::Clone {},
        HuntCard::Mirage => HuntPlay::Mirage {},
        HuntCard::Scream => HuntPlay::Scream {},
        HuntCard::Toxin => HuntPlay::Toxin {},
        HuntCard::Cataclysm => HuntPlay::Cataclysm { place: place(p) },
        HuntCard::Detour => HuntPlay::Detour {
            hunted: seat(p, hunted),
            from: place(p),
            to: place(p),
        },
        HuntCard::Stasis => HuntPlay::Stasis {},
        HuntCard::Tracking | HuntCard::Flashback => HuntPlay::Tracking {},
    }
}

fn survival(p: &mut Picker) -> SurvivalCard {
    SurvivalCard::ALL[p.below(15)]
}

fn survival_play(p: &mut Picker) -> SurvivalPlay {
    match survival(p) {
        SurvivalCard::Adrenaline => SurvivalPlay::Adrenaline {},
        SurvivalCard::Ingenuity => SurvivalPlay::Ingenuity {},
        SurvivalCard::Sacrifice => SurvivalPlay::Sacrifice { discard: place(p) },
        SurvivalCard::SixthSense => SurvivalPlay::SixthSense { cards: places(p) },
        SurvivalCard::Smokescreen => SurvivalPlay::Smokescreen {},
        SurvivalCard::StrikeBack => SurvivalPlay::StrikeBack {},
        SurvivalCard::Vortex => SurvivalPlay::Vortex {
            in_play: place(p),
            from_discard: place(p),
        },
        SurvivalCard::Detector => SurvivalPlay::Detector {},
        SurvivalCard::Dodge => SurvivalPlay::Dodge {},
        SurvivalCard::Drone => SurvivalPlay::Drone {},
        SurvivalCard::Gate => SurvivalPlay::Gate {},
        SurvivalCard::Hologram => SurvivalPlay::Hologram {},
        SurvivalCard::WrongTrack => SurvivalPlay::WrongTrack {},
        SurvivalCard::Amplifier => SurvivalPlay::Amplifier {},
        SurvivalCard::DoubleBack => SurvivalPlay::DoubleBack { keep: place(p) },
    }
}

fn copied(p: &mut Picker, hunted: usize) -> CopiedPower {
    match p.below(9) {
        0 => CopiedPower::Jungle { cards: places(p) },
        1 => CopiedPower::River {},
        2 => CopiedPower::Beach {},
        3 => CopiedPower::Rover { card: place(p) },
        4 => CopiedPower::Swamp { cards: places(p) },
        5 => CopiedPower::Shelter {},
        6 => CopiedPower::Wreck {},
        7 => CopiedPower::SourceWill {
            hunted: seat(p, hunted),
        },
        _ => CopiedPower::SourceDraw {},
    }
}

fn power(p: &mut Picker, hunted: usize) -> Power {
    match p.below(12) {
        0 => Power::Lair { cards: places(p) },
        1 => Power::LairCopy {
            copy: copied(p, hunted),
        },
        2 => Power::Jungle { cards: places(p) },
        3 => Power::River {},
        4 => Power::Beach {},
        5 => Power::Rover { card: place(p) },
        6 => Power::Swamp { cards: places(p) },
        7 => Power::Shelter {},
        8 => Power::Wreck {},
        9 => Power::SourceWill {
            hunted: seat(p, hunted),
        },
        10 => Power::SourceDraw {},
        _ => Power::Artefact {},
    }
}

/// Any action at all, legal or not, for a table of `hunted` Hunted.
pub fn random_action(p: &mut Picker, hunted: usize) -> Action {
    match p.below(22) {
        0 => Action::PlayHunt {
            play: hunt_play(p, hunted),
            flashback: p.below(4) == 0,
        },
        1 => Action::PlaceCreatureToken { place: place(p) },
        2 => Action::PlaceArtemiaToken { places: places(p) },
        3 => Action::PlaceTargetToken { places: places(p) },
        4 => Action::PlaySurvival {
            play: survival_play(p),
        },
        5 => Action::Resist { cards: places(p) },
        6 => Action::GiveUp {},
        7 => Action::Commit { cards: places(p) },
        8 => Action::KeepInPlay { card: place(p) },
        9 => Action::KeepCards { cards: places(p) },
        10 => Action::HideCards { cards: places(p) },
        11 => Action::DiscardPlace { card: place(p) },
        12 => Action::LoseWill {},
        13 => Action::DiscardTwo { cards: places(p) },
        14 => Action::DiscardSurvival { card: survival(p) },
        15 => Action::ShiftArtemiaToken {
            from: place(p),
            to: place(p),
        },
        16 => Action::ShiftCreatureToken { to: place(p) },
        17 => Action::UsePower {
            via: [Via::Own, Via::Gate, Via::Drone][p.below(3)],
            power: power(p, hunted),
        },
        18 => Action::TakeBack { card: place(p) },
        19 => Action::KeepSurvival { card: survival(p) },
        _ => Action::Pass {},
    }
}
