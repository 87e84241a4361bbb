//! Each action: first checked against the step and the sender's seat (pure), then carried out.
//!
//! `check` never mutates and `execute` never refuses: `apply` runs them in that order, so a
//! refused action leaves the state and the dice untouched.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    Action, Event, HuntCard, HuntPlay, Phase, Place, PlaceSet, Sealed, SurvivalPlay, Token,
};

use super::board::{adjacent, adjacent_pair};
use super::cards::{Symbol, hunt_card, hunt_play_card, survival_phase, survival_play_card};
use super::flow::{Flow, Table};
use super::powers;
use super::state::{Played, Presence, State, Step};
use crate::games::{Audience, RuleError, SeatSet};

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

/// Whether `seat` may send `action` now, and why not.
pub fn check(s: &State, seat: Seat, action: &Action) -> Result<(), RuleError> {
    let hunted = asked(s, seat)?;
    match (s.step, hunted, action) {
        (Step::HuntCard(phase), None, Action::PlayHunt { play, flashback }) => {
            check_hunt(s, phase, play, *flashback)
        }
        (Step::HuntCard(_), None, Action::Pass {}) => Ok(()),
        (Step::CreatureToken, None, Action::PlayHunt { play, flashback }) => {
            check_hunt(s, Phase::Hunting, play, *flashback)
        }
        (Step::CreatureToken, None, Action::PlaceCreatureToken { .. }) => Ok(()),
        (Step::ArtemiaToken, None, Action::PlaceArtemiaToken { places }) => {
            check_token(*places, s.fx.virus, "Virus")
        }
        (Step::ArtemiaToken, None, Action::Pass {}) => Ok(()),
        (Step::TargetToken, None, Action::PlaceTargetToken { places }) => {
            check_token(*places, s.fx.mirage, "Mirage")
        }
        (Step::Explore(_), Some(i), action) => check_explore(s, i, action),
        (Step::Ascendancy(_), Some(i), Action::KeepCards { cards })
        | (Step::Phobia(_), Some(i), Action::HideCards { cards }) => {
            in_hand(s, i, *cards)?;
            count(*cards, 2)
        }
        (Step::ForbiddenZone(_), Some(i), Action::DiscardPlace { card })
        | (Step::ArtemiaDiscard(_), Some(i), Action::DiscardPlace { card }) => {
            in_hand(s, i, PlaceSet::only(*card))
        }
        (Step::Survival(phase, _), Some(i), Action::PlaySurvival { play }) => {
            check_survival(s, i, phase, play)
        }
        (Step::Survival(..), Some(_), Action::Pass {}) => Ok(()),
        (Step::RiverChoice(_), Some(i), Action::KeepInPlay { card }) => in_play(s, i, *card),
        (Step::Hologram(_), Some(_), Action::ShiftArtemiaToken { from, to }) => {
            if !s.artemia_token.contains(*from) {
                return Err(err("no_token", "the Artemia token is not on that place"));
            }
            if !adjacent(*from, *to) {
                return Err(err(
                    "not_adjacent",
                    "the token moves to a neighbouring place",
                ));
            }
            if s.artemia_token.contains(*to) {
                return Err(err(
                    "token_already_there",
                    "the Artemia token already covers that place",
                ));
            }
            Ok(())
        }
        (Step::WrongTrack(_), Some(_), Action::ShiftCreatureToken { to }) => {
            match s.creature_token {
                Some(from) if adjacent(from, *to) => Ok(()),
                _ => Err(err(
                    "not_adjacent",
                    "the Creature token moves to a neighbouring place",
                )),
            }
        }
        (Step::Scream(_), Some(_), Action::LoseWill {}) => Ok(()),
        (Step::Scream(_), Some(i), Action::DiscardTwo { cards }) => {
            in_hand(s, i, *cards)?;
            count(*cards, 2)
        }
        (Step::Toxin(_), Some(i), Action::DiscardSurvival { card }) => {
            if s.hunted[i].survival.contains(*card) {
                Ok(())
            } else {
                Err(err(
                    "card_not_in_hand",
                    "you do not hold that Survival card",
                ))
            }
        }
        (Step::Place(_, slot), Some(i), Action::UsePower { via, power }) => {
            powers::check(s, i, s.hunted[i].presences[slot], *via, power)
        }
        (Step::Place(..), Some(i), Action::TakeBack { card }) => {
            in_discard(s, i, PlaceSet::only(*card))
        }
        (Step::Shelter(..), Some(i), Action::KeepSurvival { card }) => {
            if s.hunted[i].shelter_draw.contains(card) {
                Ok(())
            } else {
                Err(err("card_not_drawn", "keep one of the two cards you drew"))
            }
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

fn in_discard(s: &State, i: usize, cards: PlaceSet) -> Result<(), RuleError> {
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

fn hunted_seat(s: &State, seat: Seat) -> Result<usize, RuleError> {
    s.hunted_index(seat).ok_or_else(|| {
        err(
            "unknown_seat",
            format!("{seat} is not a Hunted at this table"),
        )
    })
}

fn check_hunt(s: &State, phase: Phase, play: &HuntPlay, flashback: bool) -> Result<(), RuleError> {
    let card = hunt_play_card(play);
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
    match *play {
        HuntPlay::ForceField { places } if !adjacent_pair(places) => Err(err(
            "not_adjacent",
            "Force Field covers two adjacent places",
        )),
        HuntPlay::Anticipation { hunted }
        | HuntPlay::Ascendancy { hunted }
        | HuntPlay::Phobia { hunted } => hunted_seat(s, hunted).map(drop),
        HuntPlay::Detour { hunted, from, to } => {
            let i = hunted_seat(s, hunted)?;
            if !s.hunted[i].presences.iter().any(|p| p.at == from) {
                return Err(err("no_presence", "that Hunted is not on that place"));
            }
            if !adjacent(from, to) {
                return Err(err(
                    "not_adjacent",
                    "Detour moves a presence to an adjacent place",
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn check_explore(s: &State, i: usize, action: &Action) -> Result<(), RuleError> {
    let h = &s.hunted[i];
    match action {
        Action::PlaySurvival { play } => check_survival(s, i, Phase::Exploration, play),
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
            two_of_discard(s, i, *cards)
        }
        Action::GiveUp {} if h.gave_up => {
            Err(err("already_gave_up", "you may Give up once per turn"))
        }
        Action::GiveUp {} => Ok(()),
        Action::Commit { cards } => {
            in_hand(s, i, *cards)?;
            count(*cards, h.commit_count())?;
            if !cards.intersection(s.fx.force_field).is_empty() {
                return Err(err(
                    "place_blocked",
                    "Force Field blocks that place this turn",
                ));
            }
            Ok(())
        }
        _ => Err(wrong_step(s)),
    }
}

fn check_survival(s: &State, i: usize, phase: Phase, play: &SurvivalPlay) -> Result<(), RuleError> {
    let h = &s.hunted[i];
    let card = survival_play_card(play);
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
    match *play {
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
        _ => Ok(()),
    }
}

/// Carries out a checked action.
pub fn execute(t: &mut Table, seat: Seat, action: &Action) -> Flow {
    let hunted = t.s.hunted_index(seat);
    match (t.s.step, hunted, *action) {
        (Step::HuntCard(phase), None, Action::PlayHunt { play, flashback }) => {
            play_hunt(t, phase, play, flashback)?;
            after_hunt_step(t, phase)
        }
        (Step::HuntCard(phase), None, _) => {
            t.tell(Event::Passed { seat });
            after_hunt_step(t, phase)
        }
        (Step::CreatureToken, None, Action::PlayHunt { play, flashback }) => {
            play_hunt(t, Phase::Hunting, play, flashback)
        }
        (Step::CreatureToken, None, Action::PlaceCreatureToken { place }) => {
            t.s.creature_token = Some(place);
            t.tell(Event::TokenPlaced {
                token: Token::Creature,
                places: PlaceSet::only(place),
            });
            t.after_creature_token()
        }
        (Step::ArtemiaToken, None, Action::PlaceArtemiaToken { places }) => {
            t.s.artemia_token = places;
            t.tell(Event::TokenPlaced {
                token: Token::Artemia,
                places,
            });
            t.after_artemia_token()
        }
        (Step::ArtemiaToken, None, _) => {
            t.tell(Event::Passed { seat });
            t.after_artemia_token()
        }
        (Step::TargetToken, None, Action::PlaceTargetToken { places }) => {
            t.s.target_token = places;
            t.tell(Event::TokenPlaced {
                token: Token::Target,
                places,
            });
            t.begin_survival(Phase::Hunting)
        }
        (Step::Explore(waiting), Some(i), action) => explore(t, i, waiting, action),
        (Step::Ascendancy(i), _, Action::KeepCards { cards }) => {
            let rest = t.s.hunted[i].hand.difference(cards);
            t.discard(i, rest);
            t.s.step = Step::CreatureToken;
            Ok(())
        }
        (Step::Phobia(i), _, Action::HideCards { cards }) => {
            let shown = t.s.hunted[i].hand.difference(cards);
            t.s.fx.phobia = Some((i, shown));
            t.tell_secret(
                Event::PhobiaShown {
                    hunted: seat,
                    count: shown.len(),
                    cards: Some(shown),
                },
                Audience::Seats(SeatSet::only(seat).with(Seat::Creature)),
            );
            t.s.step = Step::CreatureToken;
            Ok(())
        }
        (Step::ForbiddenZone(mut waiting), Some(i), Action::DiscardPlace { card }) => {
            seal(t, i, Sealed::Discard { card }, PlaceSet::only(card));
            waiting.remove(i);
            t.s.step = Step::ForbiddenZone(waiting);
            if waiting.is_empty() {
                resolve_forbidden_zone(t);
            }
            Ok(())
        }
        (Step::Survival(phase, mut waiting), Some(i), action) => {
            waiting.remove(i);
            t.s.step = Step::Survival(phase, waiting);
            match (phase, action) {
                (Phase::Hunting, Action::PlaySurvival { play }) => play_survival_now(t, i, play)?,
                (Phase::Hunting, _) => t.tell(Event::Passed { seat }),
                (_, Action::PlaySurvival { play }) => seal_survival(t, i, Some(play)),
                _ => seal_survival(t, i, None),
            }
            if waiting.is_empty() {
                t.after_survival(phase)
            } else {
                Ok(())
            }
        }
        (Step::RiverChoice(mut waiting), Some(i), Action::KeepInPlay { card }) => {
            let other = t.s.hunted[i].in_play.difference(PlaceSet::only(card));
            let h = &mut t.s.hunted[i];
            h.in_play = PlaceSet::only(card);
            h.hand = h.hand.union(other);
            t.tell_secret(
                Event::RiverChoice {
                    hunted: seat,
                    kept: Some(card),
                    returned: other.first(),
                },
                Audience::only(seat),
            );
            waiting.remove(i);
            t.s.step = Step::RiverChoice(waiting);
            if waiting.is_empty() {
                t.reveal()
            } else {
                Ok(())
            }
        }
        (Step::Hologram(i), _, Action::ShiftArtemiaToken { from, to }) => {
            t.s.artemia_token.remove(from);
            t.s.artemia_token.insert(to);
            t.tell(Event::TokenShifted {
                token: Token::Artemia,
                hunted: seat,
                from,
                to,
            });
            t.resolve_sealed_survival(Phase::Reckoning, i + 1)
        }
        (Step::WrongTrack(i), _, Action::ShiftCreatureToken { to }) => {
            let from = t.s.creature_token.unwrap_or(to);
            t.s.creature_token = Some(to);
            t.tell(Event::TokenShifted {
                token: Token::Creature,
                hunted: seat,
                from,
                to,
            });
            t.resolve_sealed_survival(Phase::Reckoning, i + 1)
        }
        (Step::Scream(mut waiting), Some(i), action) => {
            let choice = match action {
                Action::DiscardTwo { cards } => Some(cards),
                _ => None,
            };
            seal(
                t,
                i,
                Sealed::Scream { cards: choice },
                choice.unwrap_or(PlaceSet::EMPTY),
            );
            waiting.remove(i);
            t.s.step = Step::Scream(waiting);
            if waiting.is_empty() {
                t.resolve_scream()
            } else {
                Ok(())
            }
        }
        (Step::Toxin(mut waiting), Some(i), Action::DiscardSurvival { card }) => {
            t.discard_survival(i, card);
            waiting.remove(i);
            t.s.step = Step::Toxin(waiting);
            if waiting.is_empty() {
                t.resolve_places(0, 0)
            } else {
                Ok(())
            }
        }
        (Step::Place(i, slot), _, Action::UsePower { via, power }) => {
            let presence = t.s.hunted[i].presences[slot];
            powers::execute(t, i, slot, presence, via, power)?;
            if matches!(t.s.step, Step::Shelter(..)) {
                Ok(())
            } else {
                t.resolve_places(i, slot + 1)
            }
        }
        (Step::Place(i, slot), _, Action::TakeBack { card }) => {
            t.take_back(i, PlaceSet::only(card));
            t.resolve_places(i, slot + 1)
        }
        (Step::Shelter(i, slot), _, Action::KeepSurvival { card }) => {
            let drawn = std::mem::take(&mut t.s.hunted[i].shelter_draw);
            let discarded = drawn.iter().copied().find(|&c| c != card);
            t.s.hunted[i].survival.insert(card);
            t.s.survival_discard.extend(discarded);
            t.tell_secret(
                Event::ShelterKept {
                    hunted: seat,
                    kept: Some(card),
                    discarded,
                },
                Audience::only(seat),
            );
            t.resolve_places(i, slot + 1)
        }
        (Step::ArtemiaDiscard(mut waiting), Some(i), Action::DiscardPlace { card }) => {
            t.discard(i, PlaceSet::only(card));
            waiting.remove(i);
            t.s.step = Step::ArtemiaDiscard(waiting);
            if waiting.is_empty() {
                t.after_artemia_discards()
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

fn after_hunt_step(t: &mut Table, phase: Phase) -> Flow {
    match phase {
        Phase::Exploration => t.begin_explore(),
        Phase::Hunting => Ok(()),
        Phase::Reckoning | Phase::EndOfTurn => t.begin_survival(phase),
    }
}

fn play_hunt(t: &mut Table, phase: Phase, play: HuntPlay, flashback: bool) -> Flow {
    let card = hunt_play_card(&play);
    let symbol = hunt_card(card).map_or(Symbol::None, |(_, symbol)| symbol);
    t.s.hunt_hand
        .remove(if flashback { HuntCard::Flashback } else { card });
    t.s.fx.allowance = t.s.fx.allowance.saturating_sub(1);
    t.s.fx.played.push(Played {
        play,
        flashback,
        phase,
    });
    t.s.fx.artemia_card |= symbol == Symbol::Artemia;
    t.s.fx.target_card |= symbol == Symbol::Target;
    t.tell(Event::HuntCardPlayed { play, flashback });
    let fx = &mut t.s.fx;
    match play {
        HuntPlay::Despair {} => fx.despair = true,
        HuntPlay::ForceField { places } => {
            fx.force_field = places;
            t.s.target_token = places;
            t.tell(Event::TokenPlaced {
                token: Token::Target,
                places,
            });
        }
        HuntPlay::Anticipation { hunted } => {
            t.s.fx.anticipation = t.s.hunted_index(hunted);
        }
        HuntPlay::Ascendancy { hunted } => {
            if let Some(i) = t.s.hunted_index(hunted)
                && t.s.hunted[i].hand.len() > 2
            {
                t.s.step = Step::Ascendancy(i);
            }
        }
        HuntPlay::Fierceness {} => fx.fierceness = true,
        HuntPlay::ForbiddenZone {} => begin_forbidden_zone(t),
        HuntPlay::Interference {} => fx.interference = true,
        HuntPlay::Persecution {} => fx.persecution = true,
        HuntPlay::Mutation {} => fx.mutation = true,
        HuntPlay::Phobia { hunted } => {
            if let Some(i) = t.s.hunted_index(hunted) {
                if t.s.hunted[i].hand.len() > 2 {
                    t.s.step = Step::Phobia(i);
                } else {
                    t.s.fx.phobia = Some((i, PlaceSet::EMPTY));
                }
            }
        }
        HuntPlay::Virus {} => fx.virus = true,
        HuntPlay::Clone {} => fx.clone = true,
        HuntPlay::Mirage {} => fx.mirage = true,
        HuntPlay::Scream {} => fx.scream = true,
        HuntPlay::Toxin {} => fx.toxin = true,
        HuntPlay::Cataclysm { place } => fx.cataclysm = Some(place),
        HuntPlay::Detour { hunted, from, to } => {
            if let Some(i) = t.s.hunted_index(hunted)
                && let Some(p) = t.s.hunted[i].presences.iter_mut().find(|p| p.at == from)
            {
                *p = Presence {
                    card: p.card,
                    at: to,
                };
                t.tell(Event::PresenceMoved { hunted, from, to });
            }
        }
        HuntPlay::Stasis {} => fx.stasis = true,
        HuntPlay::Tracking {} => fx.tracking = true,
    }
    Ok(())
}

/// Forbidden Zone: every Hunted holding a Place card discards one, secretly.
fn begin_forbidden_zone(t: &mut Table) {
    let n = t.s.hunted.len();
    let waiting = super::state::Waiting::from_fn(n, |i| t.s.hunted[i].hand.len() >= 2);
    for i in 0..n {
        if let Some(card) = t.s.hunted[i].hand.first()
            && !waiting.contains(i)
        {
            t.s.hunted[i].sealed = Some(Sealed::Discard { card });
        }
    }
    if waiting.is_empty() {
        resolve_forbidden_zone(t);
    } else {
        t.s.step = Step::ForbiddenZone(waiting);
    }
}

fn resolve_forbidden_zone(t: &mut Table) {
    for i in 0..t.s.hunted.len() {
        if let Some(Sealed::Discard { card }) = t.s.hunted[i].sealed.take() {
            t.discard(i, PlaceSet::only(card));
        }
    }
    t.s.step = Step::CreatureToken;
}

/// A secret choice, told to its maker only until every choice is in.
fn seal(t: &mut Table, i: usize, sealed: Sealed, cards: PlaceSet) {
    t.s.hunted[i].sealed = Some(sealed);
    t.tell_secret(
        Event::Chose {
            hunted: State::seat(i),
            cards: Some(cards),
        },
        Audience::only(State::seat(i)),
    );
}

fn seal_survival(t: &mut Table, i: usize, play: Option<SurvivalPlay>) {
    t.s.hunted[i].sealed = Some(Sealed::Survival { play });
    t.tell_secret(
        Event::SurvivalSubmitted {
            hunted: State::seat(i),
            play,
        },
        Audience::only(State::seat(i)),
    );
}

fn explore(t: &mut Table, i: usize, mut waiting: super::state::Waiting, action: Action) -> Flow {
    let seat = State::seat(i);
    match action {
        Action::PlaySurvival { play } => play_survival_now(t, i, play),
        Action::Resist { cards } => {
            t.tell(Event::Resisted { hunted: seat });
            t.lose_will(i, 1);
            t.take_back(i, cards);
            t.exhaust_now(i)
        }
        Action::GiveUp {} => t.give_up(i),
        Action::Commit { cards } => {
            let h = &mut t.s.hunted[i];
            h.hand = h.hand.difference(cards);
            h.in_play = cards;
            h.committed = true;
            t.tell_secret(
                Event::Committed {
                    hunted: seat,
                    count: cards.len(),
                    cards: Some(cards),
                },
                Audience::only(seat),
            );
            waiting.remove(i);
            t.s.step = Step::Explore(waiting);
            if waiting.is_empty() {
                t.begin_hunting()
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

/// A Survival card of phase 1 or 2, resolved as it is played.
fn play_survival_now(t: &mut Table, i: usize, play: SurvivalPlay) -> Flow {
    let seat = State::seat(i);
    let card = survival_play_card(&play);
    let h = &mut t.s.hunted[i];
    h.survival.remove(card);
    h.survival_played = Some(play);
    t.s.survival_discard.push(card);
    let touches_discard = matches!(
        play,
        SurvivalPlay::Sacrifice { .. }
            | SurvivalPlay::SixthSense { .. }
            | SurvivalPlay::Vortex { .. }
    );
    let audience = if touches_discard {
        t.discard_audience()
    } else {
        Audience::Everyone
    };
    t.tell_secret(
        Event::SurvivalCardPlayed {
            hunted: seat,
            card,
            play: Some(play),
        },
        audience,
    );
    match play {
        SurvivalPlay::Adrenaline {} => {
            let will = t.s.hunted[i].will + 1;
            t.set_will(i, will);
        }
        SurvivalPlay::Ingenuity {} if !t.s.beacon => {
            t.s.beacon = true;
            t.tell(Event::BeaconPlaced);
        }
        SurvivalPlay::Sacrifice { discard } => {
            t.discard(i, PlaceSet::only(discard));
            t.s.fx.sacrifice = true;
        }
        SurvivalPlay::SixthSense { cards } => t.take_back(i, cards),
        SurvivalPlay::Smokescreen {} => t.s.fx.smokescreen = true,
        SurvivalPlay::StrikeBack {} => strike_back(t, i),
        SurvivalPlay::Vortex {
            in_play,
            from_discard,
        } => {
            let audience = t.discard_audience();
            let h = &mut t.s.hunted[i];
            h.in_play.remove(in_play);
            h.discard.insert(in_play);
            h.discard.remove(from_discard);
            h.in_play.insert(from_discard);
            t.tell_secret(
                Event::Exchanged {
                    hunted: seat,
                    to_discard: Some(in_play),
                    to_play: Some(from_discard),
                },
                audience,
            );
        }
        _ => {}
    }
    Ok(())
}

/// Strike Back: two random cards of the Hunt hand go, in random order, under the Hunt deck.
fn strike_back(t: &mut Table, i: usize) {
    let mut hand: Vec<HuntCard> = t.s.hunt_hand.iter().collect();
    let mut moved = Vec::new();
    while moved.len() < 2 && !hand.is_empty() {
        let k = t.dice.index(hand.len());
        moved.push(hand.remove(k));
    }
    for &card in &moved {
        t.s.hunt_hand.remove(card);
        t.s.hunt_deck.insert(0, card);
    }
    t.s.known_bottom += moved.len();
    // The Creature learns which cards, not their order under the deck (section 13).
    moved.sort();
    t.tell_secret(
        Event::StruckBack {
            hunted: State::seat(i),
            count: moved.len(),
            cards: Some(moved),
        },
        Audience::only(Seat::Creature),
    );
}
