//! Whether a seat may send an action now, and what it will do: the one check that both
//! [`Game::apply`](crate::games::Game::apply) and the legal lists run. Pure: it changes nothing,
//! and returns the [`Plan`] that execution carries out.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    Action, HuntCard, HuntPlay, Phase, Place, PlaceSet, SurvivalPlay,
};

use super::board::{adjacent, adjacent_pair};
use super::cards::{Symbol, hunt_card, hunt_play_card, survival_phase, survival_play_card};
use super::plan::{Hunt, HuntEffect, Plan, Survival, SurvivalChoice, SurvivalEffect};
use super::powers;
use super::state::{State, Step, Waiting};
use crate::games::RuleError;

fn err(code: &'static str, message: impl Into<std::borrow::Cow<'static, str>>) -> RuleError {
    RuleError::new(code, message)
}

/// Who is asked to act at this step: the Creature, or one of these Hunted.
fn asked(s: &State, seat: Seat) -> Result<Option<usize>, RuleError> {
    if s.step == Step::Over {
        return Err(RuleError::game_over());
    }
    if !super::to_act(s).contains(&seat) {
        return Err(RuleError::not_your_turn());
    }
    Ok(s.hunted_index(seat))
}

fn wrong_step(s: &State) -> RuleError {
    RuleError::wrong_phase(format!(
        "that action is not possible now: {}",
        super::view::describe(s.step)
    ))
}

/// Whether `seat` may send `action` now, and what it will do.
pub fn check(s: &State, seat: Seat, action: &Action) -> Result<Plan, RuleError> {
    let hunted = asked(s, seat)?;
    match (s.step, hunted, *action) {
        (Step::HuntCard(phase), None, Action::PlayHunt { play, flashback }) => Ok(Plan::Hunt {
            hunt: check_hunt(s, phase, play, flashback)?,
            step_over: true,
        }),
        (Step::HuntCard(phase), None, Action::Pass {}) => Ok(Plan::PassHunt { phase }),
        (Step::CreatureToken, None, Action::PlayHunt { play, flashback }) => Ok(Plan::Hunt {
            hunt: check_hunt(s, Phase::Hunting, play, flashback)?,
            step_over: false,
        }),
        (Step::CreatureToken, None, Action::PlaceCreatureToken { place }) => {
            Ok(Plan::CreatureToken(place))
        }
        (Step::ArtemiaToken, None, Action::PlaceArtemiaToken { places }) => {
            check_token(places, s.fx.virus, "Virus")?;
            Ok(Plan::ArtemiaToken(Some(places)))
        }
        (Step::ArtemiaToken, None, Action::Pass {}) => Ok(Plan::ArtemiaToken(None)),
        (Step::TargetToken, None, Action::PlaceTargetToken { places }) => {
            check_token(places, s.fx.mirage, "Mirage")?;
            Ok(Plan::TargetToken(places))
        }
        (Step::Explore(waiting), Some(i), action) => check_explore(s, i, waiting, action),
        (Step::Ascendancy(_), Some(i), Action::KeepCards { cards }) => {
            in_hand(s, i, cards)?;
            count(cards, 2)?;
            Ok(Plan::KeepCards { i, cards })
        }
        (Step::Phobia(_), Some(i), Action::HideCards { cards }) => {
            in_hand(s, i, cards)?;
            count(cards, 2)?;
            Ok(Plan::HideCards { i, cards })
        }
        (Step::ForbiddenZone(waiting), Some(i), Action::DiscardPlace { card }) => {
            in_hand(s, i, PlaceSet::only(card))?;
            Ok(Plan::ForbiddenZone { i, card, waiting })
        }
        (Step::ArtemiaDiscard(waiting), Some(i), Action::DiscardPlace { card }) => {
            in_hand(s, i, PlaceSet::only(card))?;
            Ok(Plan::ArtemiaDiscard { i, card, waiting })
        }
        (Step::Survival(phase, waiting), Some(i), action) => {
            let choice = match (phase, action) {
                (Phase::Hunting, Action::PlaySurvival { play }) => {
                    SurvivalChoice::Now(check_survival_now(s, i, phase, play)?)
                }
                (Phase::Hunting, Action::Pass {}) => SurvivalChoice::Pass,
                (_, Action::PlaySurvival { play }) => {
                    check_survival(s, i, phase, play)?;
                    SurvivalChoice::Seal(Some(play))
                }
                (_, Action::Pass {}) => SurvivalChoice::Seal(None),
                _ => return Err(wrong_step(s)),
            };
            Ok(Plan::SurvivalStep {
                i,
                phase,
                waiting,
                choice,
            })
        }
        (Step::RiverChoice(waiting), Some(i), Action::KeepInPlay { card }) => {
            in_play(s, i, card)?;
            Ok(Plan::KeepInPlay { i, card, waiting })
        }
        (Step::Hologram(_), Some(i), Action::ShiftArtemiaToken { from, to }) => {
            if !s.artemia_token.contains(from) {
                return Err(err("no_token", "the Artemia token is not on that place"));
            }
            if !adjacent(from, to) {
                return Err(err(
                    "not_adjacent",
                    "the token moves to a neighbouring place",
                ));
            }
            if s.artemia_token.contains(to) {
                return Err(err(
                    "token_already_there",
                    "the Artemia token already covers that place",
                ));
            }
            Ok(Plan::ShiftArtemiaToken { i, from, to })
        }
        (Step::WrongTrack(_), Some(i), Action::ShiftCreatureToken { to }) => {
            match s.creature_token {
                Some(from) if adjacent(from, to) => Ok(Plan::ShiftCreatureToken { i, from, to }),
                _ => Err(err(
                    "not_adjacent",
                    "the Creature token moves to a neighbouring place",
                )),
            }
        }
        (Step::Scream(waiting), Some(i), Action::LoseWill {}) => Ok(Plan::Scream {
            i,
            cards: None,
            waiting,
        }),
        (Step::Scream(waiting), Some(i), Action::DiscardTwo { cards }) => {
            in_hand(s, i, cards)?;
            count(cards, 2)?;
            Ok(Plan::Scream {
                i,
                cards: Some(cards),
                waiting,
            })
        }
        (Step::Toxin(waiting), Some(i), Action::DiscardSurvival { card }) => {
            if s.hunted[i].survival.contains(card) {
                Ok(Plan::Toxin { i, card, waiting })
            } else {
                Err(err(
                    "card_not_in_hand",
                    "you do not hold that Survival card",
                ))
            }
        }
        (Step::Place(_, slot), Some(i), Action::UsePower { via, power }) => {
            let presence = s.hunted[i].presences[slot];
            let power = powers::check(s, i, presence, via, &power)?;
            Ok(Plan::UsePower { i, slot, power })
        }
        (Step::Place(_, slot), Some(i), Action::TakeBack { card }) => {
            in_discard(s, i, PlaceSet::only(card))?;
            Ok(Plan::TakeBack { i, slot, card })
        }
        (Step::Shelter(_, slot), Some(i), Action::KeepSurvival { card }) => {
            let drawn = &s.hunted[i].shelter_draw;
            if !drawn.contains(&card) {
                return Err(err("card_not_drawn", "keep one of the two cards you drew"));
            }
            Ok(Plan::KeepSurvival {
                i,
                slot,
                kept: card,
                discarded: drawn.iter().copied().find(|&c| c != card),
            })
        }
        _ => Err(wrong_step(s)),
    }
}

fn count(cards: PlaceSet, n: usize) -> Result<(), RuleError> {
    if cards.len() == n {
        Ok(())
    } else {
        Err(err(
            "wrong_card_count",
            format!("choose exactly {n} card(s)"),
        ))
    }
}

fn in_hand(s: &State, i: usize, cards: PlaceSet) -> Result<(), RuleError> {
    if cards.is_subset(s.hunted[i].hand) {
        Ok(())
    } else {
        Err(err("card_not_in_hand", "you do not hold that Place card"))
    }
}

pub(super) fn in_discard(s: &State, i: usize, cards: PlaceSet) -> Result<(), RuleError> {
    if cards.is_subset(s.hunted[i].discard) {
        Ok(())
    } else {
        Err(err(
            "card_not_in_discard",
            "that Place card is not in your discard",
        ))
    }
}

fn in_play(s: &State, i: usize, card: Place) -> Result<(), RuleError> {
    if s.hunted[i].in_play.contains(card) {
        Ok(())
    } else {
        Err(err("card_not_in_play", "you have no such card in play"))
    }
}

/// Takes back two cards of the discard, or all if fewer.
fn two_of_discard(s: &State, i: usize, cards: PlaceSet) -> Result<(), RuleError> {
    in_discard(s, i, cards)?;
    count(cards, s.hunted[i].discard.len().min(2))
}

fn check_token(places: PlaceSet, two: bool, card: &str) -> Result<(), RuleError> {
    if two {
        if adjacent_pair(places) {
            Ok(())
        } else {
            Err(err(
                "not_adjacent",
                format!("with {card} the token covers two adjacent places"),
            ))
        }
    } else {
        count(places, 1).map_err(|_| err("wrong_place_count", "the token goes on one place"))
    }
}

/// The index of a Hunted seat named by an action.
pub(super) fn hunted_seat(s: &State, seat: Seat) -> Result<usize, RuleError> {
    s.hunted_index(seat).ok_or_else(|| {
        err(
            "unknown_seat",
            format!("{seat} is not a Hunted at this table"),
        )
    })
}

fn check_hunt(s: &State, phase: Phase, play: HuntPlay, flashback: bool) -> Result<Hunt, RuleError> {
    let card = hunt_play_card(&play);
    if flashback {
        if !s.hunt_hand.contains(HuntCard::Flashback) {
            return Err(err("card_not_in_hand", "you do not hold Flashback"));
        }
        if s.hunt_discard.last() != Some(&card) {
            return Err(err(
                "flashback_mismatch",
                "Flashback copies the top card of the Hunt discard",
            ));
        }
    } else if !s.hunt_hand.contains(card) {
        return Err(err("card_not_in_hand", "you do not hold that Hunt card"));
    }
    let Some((card_phase, symbol)) = hunt_card(card) else {
        return Err(err("flashback_mismatch", "Flashback cannot copy Flashback"));
    };
    if card_phase != phase {
        return Err(RuleError::wrong_phase(
            "that Hunt card is played in another phase",
        ));
    }
    if s.fx.sacrifice {
        return Err(err(
            "hunt_card_limit",
            "Sacrifice: no Hunt card may be played this turn",
        ));
    }
    if s.fx.allowance == 0 || s.fx.played_in(phase) {
        return Err(err(
            "hunt_card_limit",
            "no more Hunt cards may be played now",
        ));
    }
    if symbol == Symbol::Target && s.fx.target_card {
        return Err(err(
            "target_card_limit",
            "only one Target card may be played each turn",
        ));
    }
    Ok(Hunt {
        play,
        flashback,
        given: if flashback { HuntCard::Flashback } else { card },
        symbol,
        phase,
        effect: hunt_effect(s, play)?,
    })
}

/// What a Hunt card will do, with the Hunted and presences it names found.
fn hunt_effect(s: &State, play: HuntPlay) -> Result<HuntEffect, RuleError> {
    Ok(match play {
        HuntPlay::Despair {} => HuntEffect::Despair,
        HuntPlay::ForceField { places } if !adjacent_pair(places) => {
            return Err(err(
                "not_adjacent",
                "Force Field covers two adjacent places",
            ));
        }
        HuntPlay::ForceField { places } => HuntEffect::ForceField(places),
        HuntPlay::Anticipation { hunted } => HuntEffect::Anticipation(hunted_seat(s, hunted)?),
        HuntPlay::Ascendancy { hunted } => HuntEffect::Ascendancy(hunted_seat(s, hunted)?),
        HuntPlay::Fierceness {} => HuntEffect::Fierceness,
        HuntPlay::ForbiddenZone {} => HuntEffect::ForbiddenZone,
        HuntPlay::Interference {} => HuntEffect::Interference,
        HuntPlay::Persecution {} => HuntEffect::Persecution,
        HuntPlay::Mutation {} => HuntEffect::Mutation,
        HuntPlay::Phobia { hunted } => HuntEffect::Phobia(hunted_seat(s, hunted)?),
        HuntPlay::Virus {} => HuntEffect::Virus,
        HuntPlay::Clone {} => HuntEffect::Clone,
        HuntPlay::Mirage {} => HuntEffect::Mirage,
        HuntPlay::Scream {} => HuntEffect::Scream,
        HuntPlay::Toxin {} => HuntEffect::Toxin,
        HuntPlay::Cataclysm { place } => HuntEffect::Cataclysm(place),
        HuntPlay::Detour { hunted, from, to } => {
            let i = hunted_seat(s, hunted)?;
            let slot = s.hunted[i]
                .presences
                .iter()
                .position(|p| p.at == from)
                .ok_or_else(|| err("no_presence", "that Hunted is not on that place"))?;
            if !adjacent(from, to) {
                return Err(err(
                    "not_adjacent",
                    "Detour moves a presence to an adjacent place",
                ));
            }
            HuntEffect::Detour {
                hunted: i,
                slot,
                to,
            }
        }
        HuntPlay::Stasis {} => HuntEffect::Stasis,
        HuntPlay::Tracking {} => HuntEffect::Tracking,
    })
}

fn check_explore(s: &State, i: usize, waiting: Waiting, action: Action) -> Result<Plan, RuleError> {
    let h = &s.hunted[i];
    match action {
        Action::PlaySurvival { play } => Ok(Plan::SurvivalNow {
            i,
            survival: check_survival_now(s, i, Phase::Exploration, play)?,
        }),
        Action::Resist { cards } => {
            if h.will == 0 {
                return Err(err("no_will", "you have no Will left to Resist"));
            }
            if h.discard.is_empty() {
                return Err(err(
                    "empty_discard",
                    "there is nothing in your discard to take back",
                ));
            }
            two_of_discard(s, i, cards)?;
            Ok(Plan::Resist { i, cards })
        }
        Action::GiveUp {} if h.gave_up => {
            Err(err("already_gave_up", "you may Give up once per turn"))
        }
        Action::GiveUp {} => Ok(Plan::GiveUp { i }),
        Action::Commit { cards } => {
            in_hand(s, i, cards)?;
            count(cards, h.commit_count())?;
            if !cards.intersection(s.fx.force_field).is_empty() {
                return Err(err(
                    "place_blocked",
                    "Force Field blocks that place this turn",
                ));
            }
            Ok(Plan::Commit { i, cards, waiting })
        }
        _ => Err(wrong_step(s)),
    }
}

/// A Survival card of phase 1 or 2, checked, with what it does as it is played.
fn check_survival_now(
    s: &State,
    i: usize,
    phase: Phase,
    play: SurvivalPlay,
) -> Result<Survival, RuleError> {
    check_survival(s, i, phase, play)?;
    let effect = SurvivalEffect::of(play)
        .ok_or_else(|| RuleError::wrong_phase("that Survival card is played in another phase"))?;
    Ok(Survival {
        play,
        card: survival_play_card(&play),
        effect,
    })
}

fn check_survival(s: &State, i: usize, phase: Phase, play: SurvivalPlay) -> Result<(), RuleError> {
    let h = &s.hunted[i];
    let card = survival_play_card(&play);
    if s.fx.despair {
        return Err(err(
            "despair",
            "Despair: no Survival card may be played this turn",
        ));
    }
    if h.survival_played.is_some() {
        return Err(err(
            "survival_card_limit",
            "you have played a Survival card this turn",
        ));
    }
    if !h.survival.contains(card) {
        return Err(err(
            "card_not_in_hand",
            "you do not hold that Survival card",
        ));
    }
    if survival_phase(card) != phase {
        return Err(RuleError::wrong_phase(
            "that Survival card is played in another phase",
        ));
    }
    match play {
        SurvivalPlay::Sacrifice { discard } => in_hand(s, i, PlaceSet::only(discard)),
        SurvivalPlay::SixthSense { cards } => two_of_discard(s, i, cards),
        SurvivalPlay::Vortex {
            in_play: played,
            from_discard,
        } => {
            in_play(s, i, played)?;
            in_discard(s, i, PlaceSet::only(from_discard))?;
            if s.fx.force_field.contains(from_discard) {
                return Err(err(
                    "place_blocked",
                    "Force Field blocks that place this turn",
                ));
            }
            Ok(())
        }
        SurvivalPlay::DoubleBack { keep } => in_play(s, i, keep),
        SurvivalPlay::Adrenaline {}
        | SurvivalPlay::Ingenuity {}
        | SurvivalPlay::Smokescreen {}
        | SurvivalPlay::StrikeBack {}
        | SurvivalPlay::Detector {}
        | SurvivalPlay::Dodge {}
        | SurvivalPlay::Drone {}
        | SurvivalPlay::Gate {}
        | SurvivalPlay::Hologram {}
        | SurvivalPlay::WrongTrack {}
        | SurvivalPlay::Amplifier {} => Ok(()),
    }
}
