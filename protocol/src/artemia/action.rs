//! What a seat may send: the intents of the Creature and of the Hunted.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::cards::{Place, PlaceSet, SurvivalCard};
use crate::Seat;

/// One intent of a seat. `"type"` names it; see each variant for who may send it and when.
///
/// Names are kebab-case, as in every game. Artemia's were once snake_case, and the command logs
/// of matches stored then hold them: every renamed name of an action, and of the cards and
/// powers an action carries, is also read in its old spelling (`alias`), never written so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// Creature: play a Hunt card from hand (with `flashback`, play Flashback as a copy of the
    /// top card of the Hunt discard, which `play` then names).
    #[serde(alias = "play_hunt")]
    PlayHunt {
        play: HuntPlay,
        #[serde(default)]
        flashback: bool,
    },
    /// Creature, phase 2: put the Creature token on a place.
    #[serde(alias = "place_creature_token")]
    PlaceCreatureToken { place: Place },
    /// Creature, phase 2: put out the Artemia token (two adjacent places with Virus).
    #[serde(alias = "place_artemia_token")]
    PlaceArtemiaToken { places: PlaceSet },
    /// Creature, phase 2: put the Target token (two adjacent places with Mirage).
    #[serde(alias = "place_target_token")]
    PlaceTargetToken { places: PlaceSet },

    /// Hunted: play a Survival card from hand.
    #[serde(alias = "play_survival")]
    PlaySurvival { play: SurvivalPlay },
    /// Hunted, phase 1: lose 1 Will, take back two Place cards of the discard (all if fewer).
    Resist { cards: PlaceSet },
    /// Hunted, phase 1: Will back to 3, whole discard back to hand; Assimilation advances.
    #[serde(alias = "give_up")]
    GiveUp {},
    /// Hunted, phase 1: commit one Place card face down (two under River or Artefact).
    Commit { cards: PlaceSet },
    /// Hunted, phase 3, River: the card that stays in play; the other goes back to hand.
    #[serde(alias = "keep_in_play")]
    KeepInPlay { card: Place },
    /// Hunted named by Ascendancy: the two Place cards kept in hand; the rest are discarded.
    #[serde(alias = "keep_cards")]
    KeepCards { cards: PlaceSet },
    /// Hunted named by Phobia: the two Place cards hidden from the Creature.
    #[serde(alias = "hide_cards")]
    HideCards { cards: PlaceSet },
    /// Hunted: discard a Place card from hand (Forbidden Zone, or caught by the Artemia token).
    #[serde(alias = "discard_place")]
    DiscardPlace { card: Place },
    /// Hunted at the Scream target: lose 1 Will.
    #[serde(alias = "lose_will")]
    LoseWill {},
    /// Hunted at the Scream target: discard two Place cards from hand instead.
    #[serde(alias = "discard_two")]
    DiscardTwo { cards: PlaceSet },
    /// Hunted at the Toxin target: discard one Survival card.
    #[serde(alias = "discard_survival")]
    DiscardSurvival { card: SurvivalCard },
    /// Hunted resolving Hologram: move the Artemia token from one place it covers to a neighbour.
    #[serde(alias = "shift_artemia_token")]
    ShiftArtemiaToken { from: Place, to: Place },
    /// Hunted resolving Wrong Track: move the Creature token to a neighbouring place.
    #[serde(alias = "shift_creature_token")]
    ShiftCreatureToken { to: Place },
    /// Hunted, reckoning (R2): use the power reached by `via` for the presence being resolved.
    #[serde(alias = "use_power")]
    UsePower {
        #[serde(default)]
        via: Via,
        power: Power,
    },
    /// Hunted, reckoning (R2): take one Place card back from the discard instead of a power.
    #[serde(alias = "take_back")]
    TakeBack { card: Place },
    /// Hunted after The Shelter's draw: the Survival card kept; the other is discarded.
    #[serde(alias = "keep_survival")]
    KeepSurvival { card: SurvivalCard },

    /// Either side: decline an optional step (a Hunt or Survival card, the Artemia token).
    Pass {},
}

/// A Hunt card as played, with the choices it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "card", rename_all = "kebab-case", deny_unknown_fields)]
pub enum HuntPlay {
    Despair {},
    /// The two adjacent places blocked for this turn's commits.
    #[serde(alias = "force_field")]
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
    #[serde(alias = "forbidden_zone")]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "card", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SurvivalPlay {
    Adrenaline {},
    Ingenuity {},
    /// The Place card discarded from hand.
    Sacrifice {
        discard: Place,
    },
    /// The two cards (all, if fewer) taken back from the discard.
    #[serde(alias = "sixth_sense")]
    SixthSense {
        cards: PlaceSet,
    },
    Smokescreen {},
    #[serde(alias = "strike_back")]
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
    #[serde(alias = "wrong_track")]
    WrongTrack {},
    Amplifier {},
    /// The card in play taken back to hand at the end of the turn.
    #[serde(alias = "double_back")]
    DoubleBack {
        keep: Place,
    },
}

/// How a presence reaches the power it uses in R2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "power", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Power {
    /// The Lair: take back the whole discard (one card under Persecution).
    Lair { cards: PlaceSet },
    /// The Lair: copy the power of the place under the Creature token.
    #[serde(alias = "lair_copy")]
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
    #[serde(alias = "source_will")]
    SourceWill { hunted: Seat },
    /// The Source: take one Survival card.
    #[serde(alias = "source_draw")]
    SourceDraw {},
    /// The Artefact: commit two cards next turn, both resolved.
    Artefact {},
}

/// A power copied by The Lair: any power but the Lair's and the Artefact's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "power", rename_all = "kebab-case", deny_unknown_fields)]
pub enum CopiedPower {
    Jungle {
        cards: PlaceSet,
    },
    River {},
    Beach {},
    Rover {
        card: Place,
    },
    Swamp {
        cards: PlaceSet,
    },
    Shelter {},
    Wreck {},
    #[serde(alias = "source_will")]
    SourceWill {
        hunted: Seat,
    },
    #[serde(alias = "source_draw")]
    SourceDraw {},
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_as_tagged_json() {
        let action: Action = serde_json::from_str(
            r#"{"type":"play-hunt","play":{"card":"force-field","places":["lair","jungle"]}}"#,
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
            r#"{"type":"use-power","via":"own","power":{"power":"lair-copy","copy":{"power":"wreck"}}}"#
        );
    }

    /// Every action as the command logs stored before the rename hold it, snake_case, one for
    /// each renamed name, beside what it is today: each reads as that, and writes the new names.
    const OLD_LOG: [(&str, &str); 28] = [
        (
            r#"{"type":"play_hunt","play":{"card":"force_field","places":["lair","jungle"]}}"#,
            r#"{"type":"play-hunt","play":{"card":"force-field","places":["lair","jungle"]},"flashback":false}"#,
        ),
        (
            r#"{"type":"play_hunt","play":{"card":"forbidden_zone"},"flashback":true}"#,
            r#"{"type":"play-hunt","play":{"card":"forbidden-zone"},"flashback":true}"#,
        ),
        (
            r#"{"type":"place_creature_token","place":"river"}"#,
            r#"{"type":"place-creature-token","place":"river"}"#,
        ),
        (
            r#"{"type":"place_artemia_token","places":["lair","jungle"]}"#,
            r#"{"type":"place-artemia-token","places":["lair","jungle"]}"#,
        ),
        (
            r#"{"type":"place_target_token","places":["beach","rover"]}"#,
            r#"{"type":"place-target-token","places":["beach","rover"]}"#,
        ),
        (
            r#"{"type":"play_survival","play":{"card":"sixth_sense","cards":["swamp"]}}"#,
            r#"{"type":"play-survival","play":{"card":"sixth-sense","cards":["swamp"]}}"#,
        ),
        (
            r#"{"type":"play_survival","play":{"card":"strike_back"}}"#,
            r#"{"type":"play-survival","play":{"card":"strike-back"}}"#,
        ),
        (
            r#"{"type":"play_survival","play":{"card":"wrong_track"}}"#,
            r#"{"type":"play-survival","play":{"card":"wrong-track"}}"#,
        ),
        (
            r#"{"type":"play_survival","play":{"card":"double_back","keep":"wreck"}}"#,
            r#"{"type":"play-survival","play":{"card":"double-back","keep":"wreck"}}"#,
        ),
        (
            r#"{"type":"play_survival","play":{"card":"vortex","in_play":"lair","from_discard":"beach"}}"#,
            r#"{"type":"play-survival","play":{"card":"vortex","in_play":"lair","from_discard":"beach"}}"#,
        ),
        (r#"{"type":"give_up"}"#, r#"{"type":"give-up"}"#),
        (
            r#"{"type":"keep_in_play","card":"river"}"#,
            r#"{"type":"keep-in-play","card":"river"}"#,
        ),
        (
            r#"{"type":"keep_cards","cards":["lair","river"]}"#,
            r#"{"type":"keep-cards","cards":["lair","river"]}"#,
        ),
        (
            r#"{"type":"hide_cards","cards":["lair","river"]}"#,
            r#"{"type":"hide-cards","cards":["lair","river"]}"#,
        ),
        (
            r#"{"type":"discard_place","card":"jungle"}"#,
            r#"{"type":"discard-place","card":"jungle"}"#,
        ),
        (r#"{"type":"lose_will"}"#, r#"{"type":"lose-will"}"#),
        (
            r#"{"type":"discard_two","cards":["lair","river"]}"#,
            r#"{"type":"discard-two","cards":["lair","river"]}"#,
        ),
        (
            r#"{"type":"discard_survival","card":"double_back"}"#,
            r#"{"type":"discard-survival","card":"double-back"}"#,
        ),
        (
            r#"{"type":"shift_artemia_token","from":"lair","to":"river"}"#,
            r#"{"type":"shift-artemia-token","from":"lair","to":"river"}"#,
        ),
        (
            r#"{"type":"shift_creature_token","to":"beach"}"#,
            r#"{"type":"shift-creature-token","to":"beach"}"#,
        ),
        (
            r#"{"type":"use_power","via":"gate","power":{"power":"lair_copy","copy":{"power":"source_will","hunted":"hunted-2"}}}"#,
            r#"{"type":"use-power","via":"gate","power":{"power":"lair-copy","copy":{"power":"source-will","hunted":"hunted-2"}}}"#,
        ),
        (
            r#"{"type":"take_back","card":"lair"}"#,
            r#"{"type":"take-back","card":"lair"}"#,
        ),
        (
            r#"{"type":"keep_survival","card":"sixth_sense"}"#,
            r#"{"type":"keep-survival","card":"sixth-sense"}"#,
        ),
        (
            r#"{"type":"use_power","power":{"power":"source_draw"}}"#,
            r#"{"type":"use-power","via":"own","power":{"power":"source-draw"}}"#,
        ),
        (
            r#"{"type":"use_power","via":"drone","power":{"power":"source_will","hunted":"hunted-1"}}"#,
            r#"{"type":"use-power","via":"drone","power":{"power":"source-will","hunted":"hunted-1"}}"#,
        ),
        (
            r#"{"type":"use_power","power":{"power":"lair_copy","copy":{"power":"source_draw"}}}"#,
            r#"{"type":"use-power","via":"own","power":{"power":"lair-copy","copy":{"power":"source-draw"}}}"#,
        ),
        (
            r#"{"type":"keep_survival","card":"strike_back"}"#,
            r#"{"type":"keep-survival","card":"strike-back"}"#,
        ),
        (
            r#"{"type":"discard_survival","card":"wrong_track"}"#,
            r#"{"type":"discard-survival","card":"wrong-track"}"#,
        ),
    ];

    #[test]
    fn actions_of_logs_stored_before_the_rename_read_as_today_and_write_the_new_names() {
        for (old, new) in OLD_LOG {
            let read: Action = serde_json::from_str(old).unwrap_or_else(|e| panic!("{old}: {e}"));
            assert_eq!(serde_json::to_string(&read).unwrap(), new, "{old}");
            assert_eq!(serde_json::from_str::<Action>(new).unwrap(), read, "{new}");
        }
    }

    #[test]
    fn unknown_fields_are_refused() {
        let err = serde_json::from_str::<Action>(r#"{"type":"give-up","now":true}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{err}");
        let err = serde_json::from_str::<Action>(
            r#"{"type":"play-hunt","play":{"card":"despair","extra":1}}"#,
        )
        .unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{err}");
    }
}
