//! What an Artemia bot believes: a whole match drawn to agree with one seat's view (rules
//! section 13 says what each seat is shown). No I/O.
//!
//! The view names every card a seat may know: its own hands, the public discards (not to the
//! Creature under Smokescreen), the cards revealed, the Hunt and Survival discards, and for
//! the Creature its Hunt hand and the cards Strike Back put under the deck. Everything else is
//! only counted, and is drawn here from the cards the view leaves unaccounted for: another
//! Hunted's face-down cards from those he owns outside his discard, the other Survival hands
//! and the Survival deck from the Survival cards nobody has shown, the Creature's hand and the
//! Hunt deck from the Hunt cards neither in the discard nor played this turn. Secret choices of
//! other seats (sealed cards) are believed not made yet: they are theirs to make in the world.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    Decision, HuntCard, HuntPlay, HuntedView, Phase, Place, PlaceSet, Sealed, SurvivalCard,
    SurvivalPlay, TablePhase, View,
};

use super::board::{BoardSide, reserve_slot};
use super::cards::{HuntHand, SurvivalHand, Symbol, hunt_card, hunt_play_card};
use super::heuristic;
use super::state::{Hunted, Played, Presence, State, Step, TurnEffects, Waiting};
use crate::games::{Dice, Roll};

/// A full state that agrees with what `seat` sees in `view`; the hidden cards drawn from
/// `dice`. `None` when the view describes no table (a bug, not a reason to stop).
pub fn believe(seat: Seat, view: &View, dice: &mut Dice) -> Option<State> {
    let side = match view.board_side {
        1 => BoardSide::One,
        2 => BoardSide::Two,
        _ => return None,
    };
    let n = view.hunted.len();
    if !(1..=6).contains(&n) {
        return None;
    }
    let me = match seat {
        Seat::Hunted(k) if (1..=n).contains(&usize::from(k)) => Some(usize::from(k) - 1),
        _ => None,
    };
    let fx = effects(view);
    let revealed = match view.phase {
        TablePhase::Reckoning => view.decision != Some(Decision::RiverChoice),
        TablePhase::EndOfTurn | TablePhase::Over => true,
        TablePhase::Exploration | TablePhase::Hunting => false,
    };
    let mut hunted: Vec<Hunted> = view
        .hunted
        .iter()
        .map(|h| place_cards(h, view, &fx, dice))
        .collect::<Option<_>>()?;
    let survival_deck = deal_survival(view, me, &mut hunted, dice)?;
    let step = step(view, me, &mut hunted)?;
    let (hunt_hand, hunt_deck, known_bottom) = deal_hunt(view, &fx, dice)?;
    let mut world = State {
        side,
        turn: view.turn,
        step,
        rescue: view.rescue,
        assimilation: view.assimilation,
        beacon: view.beacon,
        reserve: reserve(view),
        hunted,
        hunt_deck,
        known_bottom,
        hunt_hand,
        hunt_discard: view.hunt_discard.clone(),
        survival_deck,
        survival_discard: view.survival_discard.clone(),
        fx,
        creature_token: view.creature_token,
        artemia_token: view.artemia_token,
        target_token: view.target_token,
        revealed,
        winner: None,
    };
    for (j, h) in view.hunted.iter().enumerate() {
        // Half the worlds keep the uniform draw: a Hunted may not play as the heuristic does.
        if Some(j) != me && h.in_play.is_none() && h.in_play_count == 1 && dice.below(2) == 0 {
            guess_face_down(&mut world, j, dice);
        }
    }
    Some(world)
}

/// Hunted `j`'s one face-down card, drawn again as a Hunted would choose it from what the
/// table shows (the `normal` heuristic's weighing, its dice included), rather than uniformly
/// from the cards he may hold: a sharper guess, and still one the view allows.
fn guess_face_down(world: &mut State, j: usize, dice: &mut Dice) {
    let h = &world.hunted[j];
    let held = h.hand.union(h.in_play);
    let could = held.difference(world.fx.force_field);
    let Some(card) = heuristic::likely_commit(world, j, could, dice) else {
        return;
    };
    let h = &mut world.hunted[j];
    h.in_play = PlaceSet::only(card);
    h.hand = held.difference(h.in_play);
}

/// The effects of this turn: the public ones as shown, the rest read off the Hunt cards played.
fn effects(view: &View) -> TurnEffects {
    let e = &view.effects;
    let mut fx = TurnEffects {
        allowance: view.creature.allowance,
        sacrifice: e.sacrifice,
        despair: e.despair,
        force_field: e.force_field,
        anticipation: e.anticipation.and_then(hunted_index),
        fierceness: e.fierceness,
        persecution: e.persecution,
        mutation: e.mutation,
        clone: e.clone,
        scream: e.scream,
        toxin: e.toxin,
        stasis: e.stasis,
        smokescreen: e.smokescreen,
        beach_used: e.beach_used,
        wreck_used: e.wreck_used,
        tracking: e.tracking_next_turn,
        ..TurnEffects::default()
    };
    for p in &view.creature.played {
        let card = hunt_play_card(&p.play);
        let Some((phase, symbol)) = hunt_card(card) else {
            continue;
        };
        fx.played.push(Played {
            play: p.play,
            flashback: p.flashback,
            phase,
        });
        fx.artemia_card |= symbol == Symbol::Artemia;
        fx.target_card |= symbol == Symbol::Target;
        match p.play {
            HuntPlay::Interference {} => fx.interference = true,
            HuntPlay::Virus {} => fx.virus = true,
            HuntPlay::Mirage {} => fx.mirage = true,
            HuntPlay::Cataclysm { place } => fx.cataclysm = Some(place),
            HuntPlay::Phobia { hunted }
                if !matches!(view.decision, Some(Decision::Phobia { .. })) =>
            {
                fx.phobia = hunted_index(hunted)
                    .map(|i| (i, view.creature.phobia_shown.unwrap_or(PlaceSet::EMPTY)));
            }
            _ => {}
        }
    }
    fx
}

fn hunted_index(seat: Seat) -> Option<usize> {
    match seat {
        Seat::Hunted(k) if k >= 1 => Some(usize::from(k) - 1),
        _ => None,
    }
}

/// One Hunted: his Place cards where the view puts them, the unseen ones drawn; his Survival
/// hand is dealt later ([`deal_survival`]).
fn place_cards(h: &HuntedView, view: &View, fx: &TurnEffects, dice: &mut Dice) -> Option<Hunted> {
    let mut unseen = h.owned;
    for known in [h.hand, h.discard, h.in_play].into_iter().flatten() {
        unseen = unseen.difference(known);
    }
    // Face-down cards were committed from the hand, never from a Force Field place.
    let in_play = match h.in_play {
        Some(cards) => cards,
        None => draw_places(&mut unseen, h.in_play_count, fx.force_field, dice),
    };
    let discard = match h.discard {
        Some(cards) => cards,
        None => draw_places(&mut unseen, h.discard_count, PlaceSet::EMPTY, dice),
    };
    let hand = h.hand.unwrap_or(unseen);
    if hand.len() != h.hand_count || discard.len() != h.discard_count {
        return None;
    }
    let presences = presences(&h.presences, in_play);
    // The view shows a pending River or Artefact power, this turn's or next turn's as one
    // flag: it is next turn's once the Hunted may have used the place's power (R2 on).
    let past_r2 = matches!(view.phase, TablePhase::EndOfTurn)
        || matches!(
            view.decision,
            Some(Decision::Place { .. } | Decision::Shelter { .. } | Decision::ArtemiaDiscard)
        );
    let earned = |place: Place| past_r2 && presences.iter().any(|p| p.at == place);
    let (river, river_next) = split(h.river, earned(Place::River));
    let (artefact, artefact_next) = split(h.artefact, earned(Place::Artefact));
    let ready = |card| view.phase == TablePhase::Reckoning && h.survival_played == Some(card);
    Some(Hunted {
        will: h.will,
        hand,
        discard,
        in_play,
        survival: SurvivalHand::EMPTY,
        river,
        artefact,
        river_next,
        artefact_next,
        committed: h.committed,
        gave_up: h.gave_up,
        survival_played: h.survival_played,
        sealed: h.sealed,
        presences,
        drone_ready: ready(SurvivalPlay::Drone {}),
        gate_ready: ready(SurvivalPlay::Gate {}),
        shelter_draw: Vec::new(),
    })
}

/// `(this turn, next turn)` for a pending power flag.
fn split(flag: bool, earned: bool) -> (bool, bool) {
    (flag && !earned, flag && earned)
}

/// `count` cards drawn from `pool` (and taken out of it), avoiding `avoid` while it can.
fn draw_places(pool: &mut PlaceSet, count: usize, avoid: PlaceSet, dice: &mut Dice) -> PlaceSet {
    let mut drawn = PlaceSet::EMPTY;
    for from in [pool.difference(avoid), *pool] {
        let mut cards: Vec<Place> = from.difference(drawn).iter().collect();
        dice.shuffle(&mut cards);
        for card in cards {
            if drawn.len() == count {
                break;
            }
            drawn.insert(card);
        }
    }
    *pool = pool.difference(drawn);
    drawn
}

/// The presences where the view shows them, each matched with the card in play that put it
/// there: a card of its own place, or, for a presence a Detour moved, the card left over.
fn presences(at: &[Place], in_play: PlaceSet) -> Vec<Presence> {
    let mut left = in_play;
    let own: Vec<bool> = at
        .iter()
        .map(|&place| {
            let own = left.contains(place);
            left.remove(place);
            own
        })
        .collect();
    at.iter()
        .zip(own)
        .map(|(&place, own)| {
            let card = if own {
                place
            } else {
                let card = left.first().unwrap_or(place);
                left.remove(card);
                card
            };
            Presence { card, at: place }
        })
        .collect()
}

/// The Survival cards: the seat's own as shown, the others' and the deck drawn from the cards
/// nobody has shown. Returns the deck, top last.
fn deal_survival(
    view: &View,
    me: Option<usize>,
    hunted: &mut [Hunted],
    dice: &mut Dice,
) -> Option<Vec<SurvivalCard>> {
    let mut unseen: Vec<SurvivalCard> = SurvivalCard::ALL
        .into_iter()
        .filter(|c| !view.survival_discard.contains(c))
        .collect();
    let shelter = match &view.decision {
        Some(Decision::Shelter { hunted, drawn }) => Some((hunted_index(*hunted)?, drawn)),
        _ => None,
    };
    if let Some(i) = me {
        for &card in view.hunted[i].survival.as_deref().unwrap_or_default() {
            hunted[i].survival.insert(card);
        }
        if let Some((j, Some(drawn))) = shelter
            && j == i
        {
            hunted[i].shelter_draw = drawn.clone();
        }
        let own = hunted[i].survival;
        let drawn = hunted[i].shelter_draw.clone();
        unseen.retain(|c| !own.contains(*c) && !drawn.contains(c));
    }
    dice.shuffle(&mut unseen);
    for (i, h) in view.hunted.iter().enumerate() {
        if Some(i) == me {
            continue;
        }
        for _ in 0..h.survival_count {
            hunted[i].survival.insert(unseen.pop()?);
        }
    }
    if let Some((j, _)) = shelter
        && Some(j) != me
    {
        // The Shelter draws two, or one when only one was left.
        let count = unseen.len().checked_sub(view.survival_deck)?.min(2);
        for _ in 0..count {
            hunted[j].shelter_draw.push(unseen.pop()?);
        }
    }
    (unseen.len() == view.survival_deck).then_some(unseen)
}

/// The Hunt cards: the Creature's hand and the deck. For the Creature, its hand as shown and
/// the cards Strike Back put at the bottom; for anyone else, both drawn from the unseen cards.
fn deal_hunt(
    view: &View,
    fx: &TurnEffects,
    dice: &mut Dice,
) -> Option<(HuntHand, Vec<HuntCard>, usize)> {
    let played: Vec<HuntCard> = fx.played.iter().map(Played::card).collect();
    let own = view.creature.hand.as_deref().unwrap_or_default();
    let bottom = view.creature.known_bottom.as_deref().unwrap_or_default();
    let mut unseen: Vec<HuntCard> = HuntCard::ALL
        .into_iter()
        .filter(|c| {
            !view.hunt_discard.contains(c)
                && !played.contains(c)
                && !own.contains(c)
                && !bottom.contains(c)
        })
        .collect();
    dice.shuffle(&mut unseen);
    let mut hand = HuntHand::EMPTY;
    for &card in own {
        hand.insert(card);
    }
    if view.creature.hand.is_none() {
        for _ in 0..view.creature.hand_count {
            hand.insert(unseen.pop()?);
        }
    }
    let mut deck = bottom.to_vec();
    dice.shuffle(&mut deck);
    let known_bottom = deck.len();
    deck.extend(unseen);
    (deck.len() == view.hunt_deck && hand.len() == view.creature.hand_count).then_some((
        hand,
        deck,
        known_bottom,
    ))
}

/// The reserve counts in [`RESERVE`](super::board::RESERVE) order.
fn reserve(view: &View) -> [u8; 5] {
    let mut copies = [0; 5];
    for r in &view.reserve {
        if let Some(k) = reserve_slot(r.place) {
            copies[k] = r.copies;
        }
    }
    copies
}

/// The decision point the view shows. Whose secret choice is still to come is known for the
/// seat itself (its sealed choice); any other seat who could choose is believed still to.
fn step(view: &View, me: Option<usize>, hunted: &mut [Hunted]) -> Option<Step> {
    let n = hunted.len();
    let phase = match view.phase {
        TablePhase::Exploration => Phase::Exploration,
        TablePhase::Hunting => Phase::Hunting,
        TablePhase::Reckoning => Phase::Reckoning,
        TablePhase::EndOfTurn => Phase::EndOfTurn,
        TablePhase::Over => return Some(Step::Over),
    };
    let open = |i: usize, h: &Hunted| Some(i) != me || h.sealed.is_none();
    let index = |seat: Seat| hunted_index(seat).filter(|&i| i < n);
    let at_target = |h: &Hunted| h.presences.iter().any(|p| view.target_token.contains(p.at));
    Some(match view.decision.as_ref()? {
        Decision::HuntCard => Step::HuntCard(phase),
        Decision::Explore => Step::Explore(Waiting::from_fn(n, |i| !hunted[i].committed)),
        Decision::CreatureToken => Step::CreatureToken,
        Decision::ArtemiaToken => Step::ArtemiaToken,
        Decision::TargetToken => Step::TargetToken,
        Decision::Ascendancy { hunted } => Step::Ascendancy(index(*hunted)?),
        Decision::Phobia { hunted } => Step::Phobia(index(*hunted)?),
        Decision::Hologram { hunted } => Step::Hologram(index(*hunted)?),
        Decision::WrongTrack { hunted } => Step::WrongTrack(index(*hunted)?),
        Decision::ForbiddenZone => {
            for (i, h) in hunted.iter_mut().enumerate() {
                if Some(i) != me && h.hand.len() == 1 {
                    h.sealed = h.hand.first().map(|card| Sealed::Discard { card });
                }
            }
            Step::ForbiddenZone(Waiting::from_fn(n, |i| {
                hunted[i].hand.len() >= 2 && open(i, &hunted[i])
            }))
        }
        Decision::SurvivalCard => Step::Survival(
            phase,
            Waiting::from_fn(n, |i| {
                let h = &hunted[i];
                !view.effects.despair
                    && h.survival_played.is_none()
                    && !h.survival.is_empty()
                    && open(i, h)
            }),
        ),
        Decision::RiverChoice => Step::RiverChoice(Waiting::from_fn(n, |i| {
            hunted[i].river && hunted[i].in_play.len() == 2
        })),
        Decision::Scream => {
            for (i, h) in hunted.iter_mut().enumerate() {
                if Some(i) != me && at_target(h) && h.hand.len() < 2 {
                    h.sealed = Some(Sealed::Scream { cards: None });
                }
            }
            Step::Scream(Waiting::from_fn(n, |i| {
                let h = &hunted[i];
                at_target(h) && h.hand.len() >= 2 && open(i, h)
            }))
        }
        Decision::Toxin => Step::Toxin(Waiting::from_fn(n, |i| {
            at_target(&hunted[i]) && hunted[i].survival.len() >= 2
        })),
        Decision::Place {
            hunted: seat,
            place,
        } => {
            let i = index(*seat)?;
            Step::Place(i, slot(&hunted[i], *place)?)
        }
        Decision::Shelter { hunted: seat, .. } => {
            let i = index(*seat)?;
            let h = &hunted[i];
            let slot = h
                .presences
                .iter()
                .position(|p| p.at == Place::Shelter)
                .unwrap_or(h.presences.len().saturating_sub(1));
            Step::Shelter(i, slot)
        }
        Decision::ArtemiaDiscard => Step::ArtemiaDiscard(Waiting::from_fn(n, |i| {
            let h = &hunted[i];
            let detector = h.survival_played == Some(SurvivalPlay::Detector {});
            !detector
                && h.hand.len() >= 2
                && h.presences
                    .iter()
                    .any(|p| view.artemia_token.contains(p.at))
        })),
    })
}

/// The slot of the presence of `h` on `place`.
fn slot(h: &Hunted, place: Place) -> Option<usize> {
    h.presences.iter().position(|p| p.at == place)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::games::artemia::{Artemia, Config};
    use crate::games::{Game, Viewer};

    /// Every state of a few random matches (1 to 6 Hunted, both board sides), with its seats.
    fn random_states(matches: u64, mut check: impl FnMut(&State, u64)) {
        for m in 0..matches {
            let hunted = (m % 6) as usize + 1;
            let side = if m % 2 == 0 {
                BoardSide::One
            } else {
                BoardSide::Two
            };
            let mut dice = Dice::from_seed(900 + m);
            let mut s = Artemia::setup(&Config { hunted, side }, &mut dice);
            let mut k = 0;
            while Artemia::outcome(&s).is_none() && k < 3_000 {
                check(&s, m * 10_000 + k);
                let seats = Artemia::to_act(&s);
                let seat = seats[dice.index(seats.len())];
                let legal = Artemia::legal_actions(&s, seat);
                let action = legal[dice.index(legal.len())];
                Artemia::apply(&mut s, seat, &action, &mut dice).expect("a legal action");
                k += 1;
            }
        }
    }

    fn seats(s: &State) -> Vec<Seat> {
        std::iter::once(Seat::Creature)
            .chain((0..s.hunted.len()).map(State::seat))
            .collect()
    }

    #[test]
    fn every_believed_world_shows_its_seat_the_view_it_was_drawn_from() {
        let mut worlds = 0;
        random_states(24, |s, seed| {
            for seat in seats(s) {
                let view = Artemia::view(s, Viewer::Seat(seat));
                let mut dice = Dice::from_seed(seed);
                let world = believe(seat, &view, &mut dice)
                    .unwrap_or_else(|| panic!("{seat} believes nothing at {:?}", s.step));
                assert_eq!(
                    Artemia::view(&world, Viewer::Seat(seat)),
                    view,
                    "{seat} at {:?}",
                    s.step
                );
                super::super::invariants::check(&world);
                // Whether another seat has made its secret choice yet is its secret: a seat
                // asked to act knows it is, and may do the same in the world as at the table.
                if Artemia::to_act(s).contains(&seat) {
                    assert_eq!(
                        Artemia::legal_actions(&world, seat),
                        Artemia::legal_actions(s, seat),
                        "{seat} may do the same at {:?}",
                        s.step
                    );
                }
                worlds += 1;
            }
        });
        assert!(worlds > 10_000, "only {worlds} worlds believed");
    }

    #[test]
    fn the_hidden_cards_of_a_believed_world_follow_the_dice() {
        let mut tried = 0;
        random_states(12, |s, _| {
            if s.step != Step::CreatureToken || s.hunted.len() < 2 {
                return;
            }
            let creature = Artemia::view(s, Viewer::Seat(Seat::Creature));
            let hunted = Artemia::view(s, Viewer::Seat(Seat::Hunted(1)));
            let mut face_down = HashSet::new();
            let mut hunt_hands = HashSet::new();
            for seed in 0..40 {
                let mut dice = Dice::from_seed(seed);
                let world = believe(Seat::Creature, &creature, &mut dice).expect("a world");
                face_down.insert(world.hunted.iter().map(|h| h.in_play).collect::<Vec<_>>());
                let world = believe(Seat::Hunted(1), &hunted, &mut dice).expect("a world");
                hunt_hands.insert(world.hunt_hand);
            }
            assert!(face_down.len() > 1, "the face-down cards never vary");
            if s.hunt_hand.len() + s.hunt_deck.len() > 3 {
                assert!(hunt_hands.len() > 1, "the Hunt hand never varies");
            }
            tried += 1;
        });
        assert!(tried > 20, "only {tried} tables tried");
    }

    #[test]
    fn a_seat_believes_its_own_cards_as_they_are() {
        random_states(6, |s, seed| {
            for (i, h) in s.hunted.iter().enumerate() {
                let seat = State::seat(i);
                let view = Artemia::view(s, Viewer::Seat(seat));
                let world = believe(seat, &view, &mut Dice::from_seed(seed)).expect("a world");
                let mine = &world.hunted[i];
                assert_eq!(
                    (mine.hand, mine.in_play, mine.survival),
                    (h.hand, h.in_play, h.survival)
                );
            }
            let view = Artemia::view(s, Viewer::Seat(Seat::Creature));
            let world =
                believe(Seat::Creature, &view, &mut Dice::from_seed(seed)).expect("a world");
            assert_eq!(world.hunt_hand, s.hunt_hand);
        });
    }
}
