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
use xenotable_protocol::artemia::{
    Action, HuntCard, Phase, Place, PlaceSet, SurvivalCard, SurvivalPlay,
};
use xenotable_server::games::artemia::{Artemia, State};
use xenotable_server::games::{Dice, Game, Roll, Viewer};

use crate::common::{Db, Picker, Server};
use crate::driver::{self, Coverage, Secrets, Setup, Through};

fn hunted(i: usize) -> Seat {
    Seat::Hunted(i as u8 + 1)
}

/// Whether `viewer` sees the Place discards (section 13).
fn sees_discards(s: &State, viewer: Viewer) -> bool {
    !s.fx.smokescreen || matches!(viewer, Viewer::Seat(Seat::Hunted(_)))
}

/// Where a Hunted's Place cards lie.
#[derive(Clone, Copy)]
enum Pile {
    Hand,
    InPlay,
    Discard,
}

impl Pile {
    fn get(self, s: &State, i: usize) -> PlaceSet {
        let h = &s.hunted[i];
        match self {
            Pile::Hand => h.hand,
            Pile::InPlay => h.in_play,
            Pile::Discard => h.discard,
        }
    }

    fn of(self, s: &mut State, i: usize) -> &mut PlaceSet {
        let h = &mut s.hunted[i];
        match self {
            Pile::Hand => &mut h.hand,
            Pile::InPlay => &mut h.in_play,
            Pile::Discard => &mut h.discard,
        }
    }

    /// The cards of this pile of Hunted `i` that the step leaves there, outside `pinned`.
    fn staying(self, t: &State, after: Option<&State>, i: usize, pinned: PlaceSet) -> Vec<Place> {
        let now = self.get(t, i);
        let then = after.map_or(now, |a| self.get(a, i));
        now.intersection(then).difference(pinned).iter().collect()
    }
}

/// Exchanges a random card of one pile of Hunted `i` with a random card of another, each
/// picked among the cards the step leaves there, outside its pinned cards.
fn exchange(
    t: &mut State,
    after: Option<&State>,
    i: usize,
    (from, pinned_from): (Pile, PlaceSet),
    (to, pinned_to): (Pile, PlaceSet),
    r: &mut Dice,
) -> Option<(Place, Place)> {
    let xs = from.staying(t, after, i, pinned_from);
    let ys = to.staying(t, after, i, pinned_to);
    let (&x, &y) = (r.choose(&xs)?, r.choose(&ys)?);
    from.of(t, i).remove(x);
    from.of(t, i).insert(y);
    to.of(t, i).remove(y);
    to.of(t, i).insert(x);
    Some((x, y))
}

/// Redraws what Hunted `i` holds unseen by `viewer`.
fn redraw_hunted(
    t: &mut State,
    through: Option<Through<'_, Artemia>>,
    i: usize,
    viewer: Viewer,
    r: &mut Dice,
) {
    let after = through.map(|t| t.after);
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
        let hand = (Pile::Hand, pinned.union(t.fx.force_field));
        let swapped = exchange(t, after, i, hand, (Pile::InPlay, vortex), r);
        if let (Some((x, y)), Some(shown)) = (swapped, shown) {
            follow_phobia(t, shown, x, y);
        }
    }
    // Under Smokescreen, the card Vortex takes from the discard exchanged with one of the hand
    // (taken instead on the twin), and a card of the hand with one of the discard.
    if !sees_discards(t, viewer)
        && let Some(Through {
            seat,
            action:
                Action::PlaySurvival {
                    play: SurvivalPlay::Vortex { from_discard, .. },
                },
            ..
        }) = through
        && seat == hunted(i)
    {
        let hand: Vec<Place> = t.hunted[i].hand.difference(pinned).iter().collect();
        if let Some(&x) = r.choose(&hand) {
            let h = &mut t.hunted[i];
            h.hand.remove(x);
            h.hand.insert(*from_discard);
            h.discard.remove(*from_discard);
            h.discard.insert(x);
            if let Some(shown) = shown {
                follow_phobia(t, shown, x, *from_discard);
            }
        }
    }
    if !sees_discards(t, viewer) {
        let hand = (Pile::Hand, pinned);
        let swapped = exchange(t, after, i, hand, (Pile::Discard, PlaceSet::EMPTY), r);
        if let (Some((x, y)), Some(shown)) = (swapped, shown) {
            follow_phobia(t, shown, x, y);
        }
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
        through: Option<Through<'_, Self>>,
        _dice: &Dice,
        viewer: Viewer,
        pick: &mut Picker,
    ) -> (State, Dice) {
        let after = through.map(|t| t.after);
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
                redraw_hunted(&mut t, through, i, viewer, &mut r);
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
    /// Vortex: the card that took the place of the real one in the twin's discard.
    fn same_choice(s: &State, twin: &State, seat: Seat, action: &Action) -> Action {
        let Some(i) = s.hunted_index(seat) else {
            return *action;
        };
        match *action {
            Action::KeepSurvival { card } => s.hunted[i]
                .shelter_draw
                .iter()
                .position(|&c| c == card)
                .and_then(|k| twin.hunted[i].shelter_draw.get(k))
                .map_or(*action, |&card| Action::KeepSurvival { card }),
            Action::PlaySurvival {
                play:
                    SurvivalPlay::Vortex {
                        in_play,
                        from_discard,
                    },
            } if !twin.hunted[i].discard.contains(from_discard) => {
                let discard = twin.hunted[i].discard.difference(s.hunted[i].discard);
                let from_discard = discard.first().unwrap_or(from_discard);
                Action::PlaySurvival {
                    play: SurvivalPlay::Vortex {
                        in_play,
                        from_discard,
                    },
                }
            }
            _ => *action,
        }
    }

    /// Steers towards the secrets: keeps Smokescreen for a turn with discards to hide (from
    /// the second), then plays it, and Scream with it; under Smokescreen prefers what moves cards to or from the
    /// discards (the Creature's cards that make the Hunted discard included); otherwise plays a
    /// card three times in four when one may be played.
    fn choose(view: &Value, legal: &[Value], pick: &mut Picker) -> usize {
        let card = |k: &usize| legal[*k]["play"]["card"].as_str().unwrap_or_default();
        let kind = |k: &usize| legal[*k]["type"].as_str().unwrap_or_default();
        let early = view["turn"].as_u64() < Some(2);
        let choices: Vec<usize> = (0..legal.len())
            .filter(|k| !(early && ["smokescreen", "scream"].contains(&card(k))))
            .collect();
        let among = |like: &dyn Fn(&usize) -> bool| -> Vec<usize> {
            choices.iter().copied().filter(|k| like(k)).collect()
        };
        let smokescreen = among(&|k| card(k) == "smokescreen");
        let discards = among(&|k| {
            [
                "resist",
                "take-back",
                "discard-place",
                "discard-two",
                "keep-cards",
            ]
            .contains(&kind(k))
                || ["sacrifice", "sixth-sense", "vortex"].contains(&card(k))
                || ["scream", "forbidden-zone", "ascendancy"].contains(&card(k))
        });
        let cards = among(&|k| ["play-hunt", "play-survival"].contains(&kind(k)));
        let preferred = if !smokescreen.is_empty() {
            smokescreen
        } else if view["effects"]["smokescreen"] == true && !discards.is_empty() {
            discards
        } else {
            cards
        };
        if !preferred.is_empty() && pick.below(4) != 0 {
            preferred[pick.below(preferred.len())]
        } else {
            choices[pick.below(choices.len())]
        }
    }
}

/// The first seed from `from` whose deal gives the Hunted Smokescreen and Vortex, which then
/// moves Place cards between play and a hidden discard, and the Creature Scream, whose
/// discards Smokescreen hides.
fn seed_dealing_smokescreen(seats: &[Seat], from: u64) -> u64 {
    let config = Artemia::configure(seats, None, Default::default()).expect("the seats");
    let dealt = |s: &State, card: SurvivalCard| s.hunted.iter().any(|h| h.survival.contains(card));
    (from..)
        .find(|&seed| {
            let s = Artemia::setup(&config, &mut Dice::from_seed(seed));
            dealt(&s, SurvivalCard::Smokescreen)
                && dealt(&s, SurvivalCard::Vortex)
                && s.hunt_hand.contains(HuntCard::Scream)
        })
        .expect("a seed")
}

#[tokio::test]
async fn artemia_frames_are_independent_of_hands_decks_and_sealed_choices() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let mut coverage = Coverage::default();
    for (n, count) in (0..).zip([3u8, 5, 2, 4, 6, 3, 4, 6, 5, 2, 6, 4]) {
        let seats: Vec<Seat> = std::iter::once(Seat::Creature)
            .chain((1..=count).map(Seat::Hunted))
            .collect();
        // Every other match deals Smokescreen, which hides the discards.
        let seed = match n % 2 {
            0 => seed_dealing_smokescreen(&seats, 2_130 + 100 * n),
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
        "chose",
        "survival-submitted",
        "river-choice",
        "phobia-shown",
        "survival-cards-drawn",
        "shelter-kept",
        "hunt-cards-drawn",
        "struck-back",
        "cards-discarded",
        "cards-taken-back",
        "exchanged",
        "survival-card-played",
    ]);
    drop(server);
    db.drop_db().await;
}
