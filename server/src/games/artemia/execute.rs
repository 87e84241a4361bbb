//! Carrying out a checked action ([`Plan`]): it changes the state, tells what happened, and
//! moves the match on to the next decision. It cannot refuse; what could go wrong was refused
//! by the check.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{Event, HuntCard, Phase, PlaceSet, Sealed, Token};

use super::cards::Symbol;
use super::flow::Table;
use super::plan::{Hunt, HuntEffect, Plan, Survival, SurvivalChoice, SurvivalEffect};
use super::powers;
use super::state::{Played, Presence, State, Step, Waiting};
use crate::games::{Audience, Flow, Roll, SeatSet};

/// Carries out a checked action.
pub fn execute(t: &mut Table, plan: Plan) -> Flow {
    match plan {
        Plan::Hunt { hunt, step_over } => {
            play_hunt(t, hunt);
            if step_over {
                after_hunt_step(t, hunt.phase)
            } else {
                Ok(())
            }
        }
        Plan::PassHunt { phase } => {
            t.tell(Event::Passed {
                seat: Seat::Creature,
            });
            after_hunt_step(t, phase)
        }
        Plan::CreatureToken(place) => {
            t.s.creature_token = Some(place);
            t.tell(Event::TokenPlaced {
                token: Token::Creature,
                places: PlaceSet::only(place),
            });
            t.after_creature_token()
        }
        Plan::ArtemiaToken(Some(places)) => {
            t.s.artemia_token = places;
            t.tell(Event::TokenPlaced {
                token: Token::Artemia,
                places,
            });
            t.after_artemia_token()
        }
        Plan::ArtemiaToken(None) => {
            t.tell(Event::Passed {
                seat: Seat::Creature,
            });
            t.after_artemia_token()
        }
        Plan::TargetToken(places) => {
            t.s.target_token = places;
            t.tell(Event::TokenPlaced {
                token: Token::Target,
                places,
            });
            t.begin_survival(Phase::Hunting)
        }
        Plan::SurvivalNow { i, survival } => {
            play_survival_now(t, i, survival);
            Ok(())
        }
        Plan::SurvivalStep {
            i,
            phase,
            waiting,
            choice,
        } => {
            match choice {
                SurvivalChoice::Now(survival) => play_survival_now(t, i, survival),
                SurvivalChoice::Pass => t.tell(Event::Passed {
                    seat: State::seat(i),
                }),
                SurvivalChoice::Seal(play) => {
                    t.s.hunted[i].sealed = Some(Sealed::Survival { play });
                    t.tell_secret(
                        Event::SurvivalSubmitted {
                            hunted: State::seat(i),
                            play,
                        },
                        Audience::only(State::seat(i)),
                    );
                }
            }
            chose(
                t,
                i,
                waiting,
                |w| Step::Survival(phase, w),
                |t| t.after_survival(phase),
            )
        }
        Plan::Resist { i, cards } => {
            t.tell(Event::Resisted {
                hunted: State::seat(i),
            });
            t.lose_will(i, 1);
            t.take_back(i, cards);
            t.exhaust_now(i)
        }
        Plan::GiveUp { i } => t.give_up(i),
        Plan::Commit { i, cards, waiting } => {
            let h = &mut t.s.hunted[i];
            h.hand = h.hand.difference(cards);
            h.in_play = cards;
            h.committed = true;
            let seat = State::seat(i);
            t.tell_secret(
                Event::Committed {
                    hunted: seat,
                    count: cards.len(),
                    cards: Some(cards),
                },
                Audience::only(seat),
            );
            chose(t, i, waiting, Step::Explore, |t| t.begin_hunting())
        }
        Plan::KeepCards { i, cards } => {
            let rest = t.s.hunted[i].hand.difference(cards);
            t.discard(i, rest);
            t.s.step = Step::CreatureToken;
            Ok(())
        }
        Plan::HideCards { i, cards } => {
            let seat = State::seat(i);
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
        Plan::ForbiddenZone { i, card, waiting } => {
            seal(t, i, Sealed::Discard { card }, PlaceSet::only(card));
            chose(t, i, waiting, Step::ForbiddenZone, |t| {
                resolve_forbidden_zone(t);
                Ok(())
            })
        }
        Plan::KeepInPlay { i, card, waiting } => {
            let seat = State::seat(i);
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
            chose(t, i, waiting, Step::RiverChoice, |t| t.reveal())
        }
        Plan::ShiftArtemiaToken { i, from, to } => {
            t.s.artemia_token.remove(from);
            t.s.artemia_token.insert(to);
            t.tell(Event::TokenShifted {
                token: Token::Artemia,
                hunted: State::seat(i),
                from,
                to,
            });
            t.resolve_sealed_survival(Phase::Reckoning, i + 1)
        }
        Plan::ShiftCreatureToken { i, from, to } => {
            t.s.creature_token = Some(to);
            t.tell(Event::TokenShifted {
                token: Token::Creature,
                hunted: State::seat(i),
                from,
                to,
            });
            t.resolve_sealed_survival(Phase::Reckoning, i + 1)
        }
        Plan::Scream { i, cards, waiting } => {
            seal(
                t,
                i,
                Sealed::Scream { cards },
                cards.unwrap_or(PlaceSet::EMPTY),
            );
            chose(t, i, waiting, Step::Scream, |t| t.resolve_scream())
        }
        Plan::Toxin { i, card, waiting } => {
            t.discard_survival(i, card);
            chose(t, i, waiting, Step::Toxin, |t| t.resolve_places(0, 0))
        }
        Plan::UsePower { i, slot, power } => {
            powers::execute(t, i, slot, power)?;
            if matches!(t.s.step, Step::Shelter(..)) {
                Ok(())
            } else {
                t.resolve_places(i, slot + 1)
            }
        }
        Plan::TakeBack { i, slot, card } => {
            t.take_back(i, PlaceSet::only(card));
            t.resolve_places(i, slot + 1)
        }
        Plan::KeepSurvival {
            i,
            slot,
            kept,
            discarded,
        } => {
            t.s.hunted[i].shelter_draw.clear();
            t.s.hunted[i].survival.insert(kept);
            t.s.survival_discard.extend(discarded);
            t.tell_secret(
                Event::ShelterKept {
                    hunted: State::seat(i),
                    kept: Some(kept),
                    discarded,
                },
                Audience::only(State::seat(i)),
            );
            t.resolve_places(i, slot + 1)
        }
        Plan::ArtemiaDiscard { i, card, waiting } => {
            t.discard(i, PlaceSet::only(card));
            chose(t, i, waiting, Step::ArtemiaDiscard, |t| {
                t.after_artemia_discards()
            })
        }
    }
}

/// Hunted `i` has made his choice of a step where the `waiting` Hunted choose at once: the step
/// (made by `step` of those still waiting) goes on until nobody waits, then `then` resolves it.
fn chose(
    t: &mut Table,
    i: usize,
    mut waiting: Waiting,
    step: impl FnOnce(Waiting) -> Step,
    then: impl FnOnce(&mut Table) -> Flow,
) -> Flow {
    waiting.remove(i);
    t.s.step = step(waiting);
    if waiting.is_empty() { then(t) } else { Ok(()) }
}

fn after_hunt_step(t: &mut Table, phase: Phase) -> Flow {
    match phase {
        Phase::Exploration => t.begin_explore(),
        Phase::Hunting => Ok(()),
        Phase::Reckoning | Phase::EndOfTurn => t.begin_survival(phase),
    }
}

fn play_hunt(t: &mut Table, hunt: Hunt) {
    t.s.hunt_hand.remove(hunt.given);
    t.s.fx.allowance = t.s.fx.allowance.saturating_sub(1);
    t.s.fx.played.push(Played {
        play: hunt.play,
        flashback: hunt.flashback,
        phase: hunt.phase,
    });
    t.s.fx.artemia_card |= hunt.symbol == Symbol::Artemia;
    t.s.fx.target_card |= hunt.symbol == Symbol::Target;
    t.tell(Event::HuntCardPlayed {
        play: hunt.play,
        flashback: hunt.flashback,
    });
    let fx = &mut t.s.fx;
    match hunt.effect {
        HuntEffect::Despair => fx.despair = true,
        HuntEffect::ForceField(places) => {
            fx.force_field = places;
            t.s.target_token = places;
            t.tell(Event::TokenPlaced {
                token: Token::Target,
                places,
            });
        }
        HuntEffect::Anticipation(i) => fx.anticipation = Some(i),
        HuntEffect::Ascendancy(i) => {
            if t.s.hunted[i].hand.len() > 2 {
                t.s.step = Step::Ascendancy(i);
            }
        }
        HuntEffect::Fierceness => fx.fierceness = true,
        HuntEffect::ForbiddenZone => begin_forbidden_zone(t),
        HuntEffect::Interference => fx.interference = true,
        HuntEffect::Persecution => fx.persecution = true,
        HuntEffect::Mutation => fx.mutation = true,
        HuntEffect::Phobia(i) => {
            if t.s.hunted[i].hand.len() > 2 {
                t.s.step = Step::Phobia(i);
            } else {
                t.s.fx.phobia = Some((i, PlaceSet::EMPTY));
            }
        }
        HuntEffect::Virus => fx.virus = true,
        HuntEffect::Clone => fx.clone = true,
        HuntEffect::Mirage => fx.mirage = true,
        HuntEffect::Scream => fx.scream = true,
        HuntEffect::Toxin => fx.toxin = true,
        HuntEffect::Cataclysm(place) => fx.cataclysm = Some(place),
        HuntEffect::Detour { hunted, slot, to } => {
            let p = &mut t.s.hunted[hunted].presences[slot];
            let from = p.at;
            *p = Presence {
                card: p.card,
                at: to,
            };
            t.tell(Event::PresenceMoved {
                hunted: State::seat(hunted),
                from,
                to,
            });
        }
        HuntEffect::Stasis => fx.stasis = true,
        HuntEffect::Tracking => fx.tracking = true,
    }
}

/// Forbidden Zone: every Hunted holding a Place card discards one, secretly.
fn begin_forbidden_zone(t: &mut Table) {
    let n = t.s.hunted.len();
    let waiting = Waiting::from_fn(n, |i| t.s.hunted[i].hand.len() >= 2);
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

/// A Survival card of phase 1 or 2, resolved as it is played.
fn play_survival_now(t: &mut Table, i: usize, survival: Survival) {
    let seat = State::seat(i);
    let h = &mut t.s.hunted[i];
    h.survival.remove(survival.card);
    h.survival_played = Some(survival.play);
    t.s.survival_discard.push(survival.card);
    let audience = if survival.effect.touches_discard() {
        t.discard_audience()
    } else {
        Audience::Everyone
    };
    t.tell_secret(
        Event::SurvivalCardPlayed {
            hunted: seat,
            card: survival.card,
            play: Some(survival.play),
        },
        audience,
    );
    match survival.effect {
        SurvivalEffect::Adrenaline => {
            let will = t.s.hunted[i].will + 1;
            t.set_will(i, will);
        }
        SurvivalEffect::Ingenuity => {
            // The Beacon goes on The Beach; nothing happens if it is already there.
            if !t.s.beacon {
                t.s.beacon = true;
                t.tell(Event::BeaconPlaced);
            }
        }
        SurvivalEffect::Sacrifice(discard) => {
            t.discard(i, PlaceSet::only(discard));
            t.s.fx.sacrifice = true;
        }
        SurvivalEffect::SixthSense(cards) => t.take_back(i, cards),
        SurvivalEffect::Smokescreen => t.s.fx.smokescreen = true,
        SurvivalEffect::StrikeBack => strike_back(t, i),
        SurvivalEffect::Vortex {
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
    }
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
