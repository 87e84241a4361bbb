//! Artemia (rules 13). A Hunted's Place hand, the cards he commits before the reveal, his
//! Survival hand and the cards The Shelter draws him are his; his sealed choices (Forbidden
//! Zone, Scream, phase-3 and phase-4 Survival submissions, River) are his until all are in;
//! the cards Phobia shows are his and the Creature's. The Creature's Hunt hand is his. Nobody
//! sees the order of the decks, but the Creature knows which cards Strike Back put under his.
//! Under Smokescreen the Place discards are the Hunted's: the Creature and spectators see only
//! how many cards lie there. The dice decide only shuffles and Strike Back, all hidden.

use std::mem::discriminant;

use serde_json::{Value, json};
use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{Action, Phase, Place, PlaceSet, SurvivalCard, SurvivalPlay};
use xenotable_server::games::artemia::{Artemia, State};
use xenotable_server::games::{Dice, Game, Viewer};

use crate::common::{Db, Picker, Server};
use crate::driver::{self, Coverage, Secrets, Setup};

fn hunted(i: usize) -> Seat {
    Seat::Hunted(i as u8 + 1)
}

/// Whether `viewer` sees the Place discards (section 13).
fn sees_discards(s: &State, viewer: Viewer) -> bool {
    !s.fx.smokescreen || matches!(viewer, Viewer::Seat(Seat::Hunted(_)))
}

/// The cards of `now` that the step leaves there (`then`: the same set after the step).
fn staying(now: PlaceSet, then: Option<PlaceSet>) -> Vec<Place> {
    now.intersection(then.unwrap_or(now)).iter().collect()
}

/// Exchanges a random card of `from` with a random card of `to` (both of Hunted `i`), each
/// picked among the cards the step leaves where they are, `from`'s outside `pinned`.
fn exchange(
    t: &mut State,
    after: Option<&State>,
    i: usize,
    from: fn(&mut State, usize) -> &mut PlaceSet,
    to: fn(&mut State, usize) -> &mut PlaceSet,
    pinned: PlaceSet,
    r: &mut Dice,
) -> Option<(Place, Place)> {
    let mut then = after.cloned();
    let then_from = then.as_mut().map(|a| *from(a, i));
    let then_to = then.as_mut().map(|a| *to(a, i));
    let xs: Vec<Place> = staying(*from(t, i), then_from)
        .into_iter()
        .filter(|&x| !pinned.contains(x))
        .collect();
    let ys = staying(*to(t, i), then_to);
    let (&x, &y) = (r.choose(&xs)?, r.choose(&ys)?);
    from(t, i).remove(x);
    from(t, i).insert(y);
    to(t, i).remove(y);
    to(t, i).insert(x);
    Some((x, y))
}

fn hand(s: &mut State, i: usize) -> &mut PlaceSet {
    &mut s.hunted[i].hand
}

fn in_play(s: &mut State, i: usize) -> &mut PlaceSet {
    &mut s.hunted[i].in_play
}

fn discard(s: &mut State, i: usize) -> &mut PlaceSet {
    &mut s.hunted[i].discard
}

/// Redraws what Hunted `i` holds unseen by `viewer`.
fn redraw_hunted(t: &mut State, after: Option<&State>, i: usize, viewer: Viewer, r: &mut Dice) {
    let h = &t.hunted[i];
    // A sealed choice or The Shelter's draw waits on the cards he holds. Of the cards drawn,
    // one may be exchanged with one of the deck, but for the one the step discards in the open.
    if h.sealed.is_some() || !h.shelter_draw.is_empty() {
        let drawn: Vec<usize> = (0..h.shelter_draw.len())
            .filter(|&d| after.is_none_or(|a| !a.survival_discard.contains(&h.shelter_draw[d])))
            .collect();
        if let (Some(&d), false) = (r.choose(&drawn), t.survival_deck.is_empty()) {
            let k = r.index(t.survival_deck.len());
            std::mem::swap(&mut t.survival_deck[k], &mut t.hunted[i].shelter_draw[d]);
        }
        return;
    }
    // A Survival card exchanged with one of the deck.
    let held: Vec<_> = h
        .survival
        .iter()
        .filter(|&c| after.is_none_or(|a| a.hunted[i].survival.contains(c)))
        .collect();
    if let (Some(&card), false) = (r.choose(&held), t.survival_deck.is_empty()) {
        let k = r.index(t.survival_deck.len());
        t.hunted[i].survival.remove(card);
        t.hunted[i].survival.insert(t.survival_deck[k]);
        t.survival_deck[k] = card;
    }
    // Phobia's shown cards are the Creature's knowledge.
    let shown = t.fx.phobia.filter(|&(p, _)| p == i).map(|(_, shown)| shown);
    let pinned = match (shown, viewer) {
        (Some(shown), Viewer::Seat(Seat::Creature)) => shown,
        _ => PlaceSet::EMPTY,
    };
    // A committed card exchanged with one of the hand, before the reveal; never a card Force
    // Field forbade, nor the one Vortex put in play in the open.
    let vortex = match t.hunted[i].survival_played {
        Some(SurvivalPlay::Vortex { from_discard, .. }) => PlaceSet::only(from_discard),
        _ => PlaceSet::EMPTY,
    };
    if !t.revealed && after.is_none_or(|a| !a.revealed) {
        let pinned = pinned.union(t.fx.force_field);
        let mut then = after.cloned();
        if let Some(a) = then.as_mut() {
            a.hunted[i].in_play = a.hunted[i].in_play.difference(vortex);
        }
        let saved = t.hunted[i].in_play;
        t.hunted[i].in_play = saved.difference(vortex);
        let swapped = exchange(t, then.as_ref(), i, hand, in_play, pinned, r);
        t.hunted[i].in_play = t.hunted[i].in_play.union(saved.intersection(vortex));
        if let (Some((x, y)), Some(shown)) = (swapped, shown) {
            follow_phobia(t, shown, x, y);
        }
    }
    // Under Smokescreen, a card of the hand exchanged with one of the discard.
    if !sees_discards(t, viewer)
        && let (Some((x, y)), Some(shown)) =
            (exchange(t, after, i, hand, discard, pinned, r), shown)
    {
        follow_phobia(t, shown, x, y);
    }
}

/// Phobia showed the hand but two cards: `x` left the hand for `y`.
fn follow_phobia(t: &mut State, mut shown: PlaceSet, x: Place, y: Place) {
    if shown.contains(x) {
        shown.remove(x);
        shown.insert(y);
        if let Some((_, s)) = t.fx.phobia.as_mut() {
            *s = shown;
        }
    }
}

/// A random legal action of `seat` now, other than `action`, that `like` accepts.
fn other(
    s: &State,
    seat: Seat,
    action: &Action,
    pick: &mut Picker,
    like: impl Fn(&Action) -> bool,
) -> Option<Action> {
    let others: Vec<Action> = Artemia::legal_actions(s, seat)
        .into_iter()
        .filter(|a| a != action && like(a))
        .collect();
    (!others.is_empty()).then(|| others[pick.below(others.len())])
}

/// The Survival card of a play, by its wire name.
fn card_of(play: &SurvivalPlay) -> Value {
    json!(play)["card"].clone()
}

impl Secrets for Artemia {
    const ROLLS_ARE_PUBLIC: bool = false;

    fn twin(
        s: &State,
        after: Option<&State>,
        _dice: &Dice,
        viewer: Viewer,
        pick: &mut Picker,
    ) -> (State, Dice) {
        let mut t = s.clone();
        let mut r = Dice::from_seed(pick.below(1 << 30) as u64);
        // The order of the decks; the Creature knows which cards lie at the bottom of his.
        r.shuffle(&mut t.survival_deck);
        let known = match viewer {
            Viewer::Seat(Seat::Creature) => t.known_bottom.min(t.hunt_deck.len()),
            _ => 0,
        };
        let (bottom, top) = t.hunt_deck.split_at_mut(known);
        r.shuffle(bottom);
        r.shuffle(top);
        // The Creature's hand: a card exchanged with one of the deck.
        if viewer != Viewer::Seat(Seat::Creature) && !t.hunt_deck.is_empty() {
            let held: Vec<_> = t
                .hunt_hand
                .iter()
                .filter(|&c| after.is_none_or(|a| a.hunt_hand.contains(c)))
                .collect();
            if let Some(&card) = r.choose(&held) {
                let k = r.index(t.hunt_deck.len());
                t.hunt_hand.remove(card);
                t.hunt_hand.insert(t.hunt_deck[k]);
                t.hunt_deck[k] = card;
            }
        }
        for i in 0..t.hunted.len() {
            if viewer != Viewer::Seat(hunted(i)) {
                redraw_hunted(&mut t, after, i, viewer, &mut r);
            }
        }
        // Other dice to come: only shuffles and Strike Back, all hidden.
        (t, r)
    }

    fn secret_choice(
        s: &State,
        after: &State,
        seat: Seat,
        action: &Action,
        viewer: Viewer,
        pick: &mut Picker,
    ) -> Option<Action> {
        if !matches!(seat, Seat::Hunted(_)) {
            return None;
        }
        let phase = s.step.phase();
        // Others still have to choose: the sealed choices stay sealed.
        let pending =
            discriminant(&s.step) == discriminant(&after.step) && after.step.phase() == phase;
        let hidden_discards = !sees_discards(s, viewer);
        let mut other = |like: fn(&Action) -> bool| other(s, seat, action, pick, like);
        match action {
            Action::Commit { .. } if !after.revealed => {
                other(|a| matches!(a, Action::Commit { .. }))
            }
            Action::DiscardPlace { .. }
                if (phase == Phase::Hunting && pending) || hidden_discards =>
            {
                other(|a| matches!(a, Action::DiscardPlace { .. }))
            }
            Action::LoseWill {} | Action::DiscardTwo { .. } if pending => {
                other(|a| matches!(a, Action::LoseWill {} | Action::DiscardTwo { .. }))
            }
            // The last choice reveals them all; under Smokescreen only how many cards each
            // discarded.
            Action::DiscardTwo { .. } if hidden_discards => {
                other(|a| matches!(a, Action::DiscardTwo { .. }))
            }
            Action::PlaySurvival { .. } | Action::Pass {}
                if matches!(phase, Phase::Reckoning | Phase::EndOfTurn) && pending =>
            {
                other(|a| matches!(a, Action::PlaySurvival { .. } | Action::Pass {}))
            }
            Action::KeepInPlay { .. } if pending => {
                other(|a| matches!(a, Action::KeepInPlay { .. }))
            }
            Action::HideCards { .. } if viewer != Viewer::Seat(Seat::Creature) => {
                other(|a| matches!(a, Action::HideCards { .. }))
            }
            Action::KeepCards { .. } if hidden_discards => {
                other(|a| matches!(a, Action::KeepCards { .. }))
            }
            Action::TakeBack { .. } if hidden_discards => {
                other(|a| matches!(a, Action::TakeBack { .. }))
            }
            Action::Resist { .. } if hidden_discards => {
                other(|a| matches!(a, Action::Resist { .. }))
            }
            Action::PlaySurvival {
                play:
                    play @ (SurvivalPlay::Sacrifice { .. }
                    | SurvivalPlay::SixthSense { .. }
                    | SurvivalPlay::Vortex { .. }),
            } if hidden_discards => {
                let card = card_of(play);
                let others: Vec<Action> = Artemia::legal_actions(s, seat)
                    .into_iter()
                    .filter(|a| match a {
                        Action::PlaySurvival { play: p } => a != action && card_of(p) == card,
                        _ => false,
                    })
                    .collect();
                (!others.is_empty()).then(|| others[pick.below(others.len())])
            }
            _ => None,
        }
    }

    /// Keeping a card drawn at The Shelter: the card at the same place of the twin's draw.
    fn same_choice(s: &State, twin: &State, seat: Seat, action: &Action) -> Action {
        match (action, s.hunted_index(seat)) {
            (Action::KeepSurvival { card }, Some(i)) => s.hunted[i]
                .shelter_draw
                .iter()
                .position(|c| c == card)
                .and_then(|k| twin.hunted[i].shelter_draw.get(k))
                .map_or(*action, |&card| Action::KeepSurvival { card }),
            _ => *action,
        }
    }

    /// Steers towards the secrets: plays Smokescreen when it can, under Smokescreen prefers what
    /// moves cards to or from the discards, and otherwise plays a card one time in two when one
    /// may be played.
    fn choose(view: &Value, legal: &[Value], pick: &mut Picker) -> usize {
        let find = |like: &dyn Fn(&Value) -> bool| -> Vec<usize> {
            (0..legal.len()).filter(|&k| like(&legal[k])).collect()
        };
        let card = |a: &Value| a["play"]["card"].as_str().unwrap_or_default().to_owned();
        let smokescreen = find(&|a| card(a) == "smokescreen");
        let discards = find(&|a| {
            matches!(
                a["type"].as_str(),
                Some("resist" | "take_back" | "discard_place" | "keep_cards")
            ) || ["sacrifice", "sixth_sense", "vortex"].contains(&card(a).as_str())
        });
        let cards = find(&|a| matches!(a["type"].as_str(), Some("play_hunt" | "play_survival")));
        let under_smokescreen = view["effects"]["smokescreen"] == true;
        let preferred = if !smokescreen.is_empty() {
            smokescreen
        } else if under_smokescreen && !discards.is_empty() {
            discards
        } else {
            cards
        };
        if !preferred.is_empty() && pick.below(4) != 0 {
            preferred[pick.below(preferred.len())]
        } else {
            pick.below(legal.len())
        }
    }
}

/// The first seed from `from` whose deal gives the Hunted Smokescreen and Vortex, which then
/// moves Place cards between play and a hidden discard.
fn seed_dealing_smokescreen(seats: &[Seat], from: u64) -> u64 {
    let config = Artemia::configure(seats, None, Default::default()).expect("the seats");
    let dealt = |s: &State, card: SurvivalCard| s.hunted.iter().any(|h| h.survival.contains(card));
    (from..)
        .find(|&seed| {
            let s = Artemia::setup(&config, &mut Dice::from_seed(seed));
            dealt(&s, SurvivalCard::Smokescreen) && dealt(&s, SurvivalCard::Vortex)
        })
        .expect("a seed")
}

#[tokio::test]
async fn artemia_frames_are_independent_of_hands_decks_and_sealed_choices() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let mut coverage = Coverage::default();
    for (n, count) in (0..).zip([3u8, 5, 2, 4, 6, 3]) {
        let seats: Vec<Seat> = std::iter::once(Seat::Creature)
            .chain((1..=count).map(Seat::Hunted))
            .collect();
        // Every other match deals Smokescreen, which hides the discards.
        let seed = match n % 2 {
            0 => seed_dealing_smokescreen(&seats, 2_130 + n),
            _ => 2_130 + n,
        };
        let setup = Setup {
            scenario: None,
            options: json!({"board-side": 1 + n % 2}),
            seats: &seats,
            seed,
            pick: 21 + n,
            max_steps: 5_000,
        };
        coverage.add(driver::play::<Artemia>(&server, &db, setup).await.0);
    }
    eprintln!("{coverage:?}");
    coverage.assert_covers(&[
        "committed",
        "survival_cards_drawn",
        "hunt_cards_drawn",
        "chose",
        "survival_submitted",
    ]);
    drop(server);
    db.drop_db().await;
}
