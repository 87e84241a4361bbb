//! What a seat may send: the intents of the Creature and of the Hunted.

use serde::{Deserialize, Serialize};

use super::cards::{Place, PlaceSet, SurvivalCard};
use crate::Seat;

/// One intent of a seat. `"type"` names it; see each variant for who may send it and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Creature: play a Hunt card from hand (with `flashback`, play Flashback as a copy of the
    /// top card of the Hunt discard, which `play` then names).
    PlayHunt {
        play: HuntPlay,
        #[serde(default)]
        flashback: bool,
    },
    /// Creature, phase 2: put the Creature token on a place.
    PlaceCreatureToken { place: Place },
    /// Creature, phase 2: put out the Artemia token (two adjacent places with Virus).
    PlaceArtemiaToken { places: PlaceSet },
    /// Creature, phase 2: put the Target token (two adjacent places with Mirage).
    PlaceTargetToken { places: PlaceSet },

    /// Hunted: play a Survival card from hand.
    PlaySurvival { play: SurvivalPlay },
    /// Hunted, phase 1: lose 1 Will, take back two Place cards of the discard (all if fewer).
    Resist { cards: PlaceSet },
    /// Hunted, phase 1: Will back to 3, whole discard back to hand; Assimilation advances.
    GiveUp {},
    /// Hunted, phase 1: commit one Place card face down (two under River or Artefact).
    Commit { cards: PlaceSet },
    /// Hunted, phase 3, River: the card that stays in play; the other goes back to hand.
    KeepInPlay { card: Place },
    /// Hunted named by Ascendancy: the two Place cards kept in hand; the rest are discarded.
    KeepCards { cards: PlaceSet },
    /// Hunted named by Phobia: the two Place cards hidden from the Creature.
    HideCards { cards: PlaceSet },
    /// Hunted: discard a Place card from hand (Forbidden Zone, or caught by the Artemia token).
    DiscardPlace { card: Place },
    /// Hunted at the Scream target: lose 1 Will.
    LoseWill {},
    /// Hunted at the Scream target: discard two Place cards from hand instead.
    DiscardTwo { cards: PlaceSet },
    /// Hunted at the Toxin target: discard one Survival card.
    DiscardSurvival { card: SurvivalCard },
    /// Hunted resolving Hologram: move the Artemia token from one place it covers to a neighbour.
    ShiftArtemiaToken { from: Place, to: Place },
    /// Hunted resolving Wrong Track: move the Creature token to a neighbouring place.
    ShiftCreatureToken { to: Place },
    /// Hunted, reckoning (R2): use the power reached by `via` for the presence being resolved.
    UsePower {
        #[serde(default)]
        via: Via,
        power: Power,
    },
    /// Hunted, reckoning (R2): take one Place card back from the discard instead of a power.
    TakeBack { card: Place },
    /// Hunted after The Shelter's draw: the Survival card kept; the other is discarded.
    KeepSurvival { card: SurvivalCard },

    /// Either side: decline an optional step (a Hunt or Survival card, the Artemia token).
    Pass {},
}

/// A Hunt card as played, with the choices it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "card", rename_all = "snake_case", deny_unknown_fields)]
pub enum HuntPlay {
    Despair {},
    /// The two adjacent places blocked for this turn's commits.
    ForceField {
        places: PlaceSet,
    },
    Anticipation {
        hunted: Seat,
    },
    Ascendancy {
        hunted: Seat,
    },
    Fierceness {},
    ForbiddenZone {},
    Interference {},
    Persecution {},
    Mutation {},
    Phobia {
        hunted: Seat,
    },
    Virus {},
    Clone {},
    Mirage {},
    Scream {},
    Toxin {},
    Cataclysm {
        place: Place,
    },
    /// Move the presence of `hunted` on `from` to the adjacent place `to`.
    Detour {
        hunted: Seat,
        from: Place,
        to: Place,
    },
    Stasis {},
    Tracking {},
}

/// A Survival card as played, with the choices it needs when played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "card", rename_all = "snake_case", deny_unknown_fields)]
pub enum SurvivalPlay {
    Adrenaline {},
    Ingenuity {},
    /// The Place card discarded from hand.
    Sacrifice {
        discard: Place,
    },
    /// The two cards (all, if fewer) taken back from the discard.
    SixthSense {
        cards: PlaceSet,
    },
    Smokescreen {},
    StrikeBack {},
    /// Exchange the card in play `in_play` with `from_discard`.
    Vortex {
        in_play: Place,
        from_discard: Place,
    },
    Detector {},
    Dodge {},
    Drone {},
    Gate {},
    Hologram {},
    WrongTrack {},
    Amplifier {},
    /// The card in play taken back to hand at the end of the turn.
    DoubleBack {
        keep: Place,
    },
}

/// How a presence reaches the power it uses in R2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Via {
    /// The power of the place the presence is on.
    #[default]
    Own,
    /// Gate: the power of a place adjacent to it.
    Gate,
    /// Drone: the power of The Rover.
    Drone,
}

/// A place power as used, with its choices. `cards` lists the Place cards returned to hand,
/// "this card" (the card the Hunted played) included where the power returns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "power", rename_all = "snake_case", deny_unknown_fields)]
pub enum Power {
    /// The Lair: take back the whole discard (one card under Persecution).
    Lair { cards: PlaceSet },
    /// The Lair: copy the power of the place under the Creature token.
    LairCopy { copy: CopiedPower },
    /// The Jungle: this card and one card of the discard.
    Jungle { cards: PlaceSet },
    /// The River: commit two cards next turn, keep one after seeing the tokens.
    River {},
    /// The Beach: put the Beacon on, or take it off and advance Rescue.
    Beach {},
    /// The Rover: take a card numbered 6 to 10 from the reserve.
    Rover { card: Place },
    /// The Swamp: this card and two cards of the discard.
    Swamp { cards: PlaceSet },
    /// The Shelter: draw two Survival cards, keep one.
    Shelter {},
    /// The Wreck: Rescue advances.
    Wreck {},
    /// The Source: `hunted` gains 1 Will.
    SourceWill { hunted: Seat },
    /// The Source: take one Survival card.
    SourceDraw {},
    /// The Artefact: commit two cards next turn, both resolved.
    Artefact {},
}

/// A power copied by The Lair: any power but the Lair's and the Artefact's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "power", rename_all = "snake_case", deny_unknown_fields)]
pub enum CopiedPower {
    Jungle { cards: PlaceSet },
    River {},
    Beach {},
    Rover { card: Place },
    Swamp { cards: PlaceSet },
    Shelter {},
    Wreck {},
    SourceWill { hunted: Seat },
    SourceDraw {},
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_as_tagged_json() {
        let action: Action = serde_json::from_str(
            r#"{"type":"play_hunt","play":{"card":"force_field","places":["lair","jungle"]}}"#,
        )
        .unwrap();
        assert_eq!(
            action,
            Action::PlayHunt {
                play: HuntPlay::ForceField {
                    places: PlaceSet::from([Place::Lair, Place::Jungle])
                },
                flashback: false
            }
        );
        let json = serde_json::to_string(&Action::UsePower {
            via: Via::Own,
            power: Power::LairCopy {
                copy: CopiedPower::Wreck {},
            },
        })
        .unwrap();
        assert_eq!(
            json,
            r#"{"type":"use_power","via":"own","power":{"power":"lair_copy","copy":{"power":"wreck"}}}"#
        );
    }

    #[test]
    fn unknown_fields_are_refused() {
        let err = serde_json::from_str::<Action>(r#"{"type":"give_up","now":true}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{err}");
        let err = serde_json::from_str::<Action>(
            r#"{"type":"play_hunt","play":{"card":"despair","extra":1}}"#,
        )
        .unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{err}");
    }
}
