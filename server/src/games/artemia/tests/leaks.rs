//! Leak tests (rules section 13): changing a hidden part in a way the public information allows
//! leaves the view of every viewer who must not know it byte-identical, and every event a viewer
//! outside its audience receives has its secret parts removed.

use serde_json::Value;
use xenotable_protocol::{MatchView, Seat};

use super::support::{Picker, new_game, random_step};
use crate::games::artemia::state::State;
use crate::games::artemia::{Artemia, BoardSide};
use crate::games::{Dice, Game, Roll, Viewer};

/// Every viewer of a table of `hunted` Hunted but the omniscient one.
fn viewers(hunted: usize) -> Vec<Viewer> {
    std::iter::once(Viewer::Spectator)
        .chain(std::iter::once(Viewer::Seat(Seat::Creature)))
        .chain((1..=hunted as u8).map(|n| Viewer::Seat(Seat::Hunted(n))))
        .collect()
}

/// The whole view a connection would get: the table, who acts, what this seat may send.
fn view(s: &State, viewer: Viewer) -> String {
    let legal = match viewer {
        Viewer::Seat(seat) => Artemia::legal_actions(s, seat),
        Viewer::Spectator | Viewer::Omniscient => Vec::new(),
    };
    serde_json::to_string(&MatchView {
        game: Artemia::view(s, viewer),
        to_act: Artemia::to_act(s),
        legal,
        outcome: Artemia::outcome(s),
        clock: None,
    })
    .expect("views serialize")
}

/// Asserts that every viewer but those `knowing` sees `a` and `b` alike.
fn assert_alike(a: &State, b: &State, knowing: &[Viewer], what: &str) {
    for viewer in viewers(a.hunted.len()) {
        if !knowing.contains(&viewer) {
            assert_eq!(
                view(a, viewer),
                view(b, viewer),
                "{viewer:?} can tell {what}"
            );
        }
    }
}

/// Random states: every state of a few hundred random games, at every step.
fn for_random_states(games: u64, mut check: impl FnMut(&State, &mut Picker)) {
    for game in 0..games {
        let hunted = (game % 6) as usize + 1;
        let side = if game % 3 == 0 {
            BoardSide::Two
        } else {
            BoardSide::One
        };
        let (mut s, mut dice) = new_game(hunted, side, 50_000 + game);
        let mut pick = Picker::new(game + 7);
        while Artemia::outcome(&s).is_none() {
            check(&s, &mut pick);
            random_step(&mut s, &mut dice, &mut pick);
        }
    }
}

fn hunted_viewer(i: usize) -> Viewer {
    Viewer::Seat(State::seat(i))
}

#[test]
fn a_face_down_card_swapped_with_another_card_of_the_hand_is_invisible_to_others() {
    let mut tried = 0;
    for_random_states(300, |s, pick| {
        if s.revealed {
            return;
        }
        for i in 0..s.hunted.len() {
            let h = &s.hunted[i];
            let Some(down) = h.in_play.iter().nth(pick.below(h.in_play.len().max(1))) else {
                continue;
            };
            let allowed = h.hand.difference(s.fx.force_field);
            let Some(up) = allowed.iter().nth(pick.below(allowed.len().max(1))) else {
                continue;
            };
            let mut other = s.clone();
            let o = &mut other.hunted[i];
            o.in_play.remove(down);
            o.in_play.insert(up);
            o.hand.remove(up);
            o.hand.insert(down);
            assert_alike(s, &other, &[hunted_viewer(i)], "the face-down card");
            tried += 1;
        }
    });
    assert!(tried > 1_000, "only {tried} swaps tried");
}

#[test]
fn the_order_of_the_decks_is_invisible_to_everyone() {
    let mut dice = Dice::from_seed(3);
    for_random_states(200, |s, _| {
        let mut other = s.clone();
        dice.shuffle(&mut other.survival_deck);
        let known = other.known_bottom.min(other.hunt_deck.len());
        dice.shuffle(&mut other.hunt_deck[known..]);
        assert_alike(s, &other, &[], "the order of the decks");
        let mut other = s.clone();
        dice.shuffle(&mut other.hunt_deck);
        assert_alike(
            s,
            &other,
            &[Viewer::Seat(Seat::Creature)],
            "the Hunt deck order",
        );
    });
}

#[test]
fn an_unseen_survival_card_exchanged_with_the_deck_is_invisible_to_others() {
    let mut tried = 0;
    for_random_states(300, |s, pick| {
        let Some(&from_deck) = s
            .survival_deck
            .get(pick.below(s.survival_deck.len().max(1)))
        else {
            return;
        };
        let i = pick.below(s.hunted.len());
        let hand = s.hunted[i].survival;
        let Some(held) = hand.iter().nth(pick.below(hand.len().max(1))) else {
            return;
        };
        let mut other = s.clone();
        other.hunted[i].survival.remove(held);
        other.hunted[i].survival.insert(from_deck);
        for card in other.survival_deck.iter_mut() {
            if *card == from_deck {
                *card = held;
            }
        }
        assert_alike(s, &other, &[hunted_viewer(i)], "a Survival card in hand");
        tried += 1;
    });
    assert!(tried > 1_000, "only {tried} exchanges tried");
}

#[test]
fn an_unseen_hunt_card_exchanged_with_the_deck_is_invisible_to_the_hunted() {
    let mut tried = 0;
    for_random_states(300, |s, pick| {
        let known = s.known_bottom.min(s.hunt_deck.len());
        if s.hunt_deck.len() == known || s.hunt_hand.is_empty() {
            return;
        }
        let k = known + pick.below(s.hunt_deck.len() - known);
        let from_deck = s.hunt_deck[k];
        let held = s
            .hunt_hand
            .iter()
            .nth(pick.below(s.hunt_hand.len()))
            .expect("non-empty hand");
        let mut other = s.clone();
        other.hunt_hand.remove(held);
        other.hunt_hand.insert(from_deck);
        other.hunt_deck[k] = held;
        assert_alike(
            s,
            &other,
            &[Viewer::Seat(Seat::Creature)],
            "a Hunt card in hand",
        );
        tried += 1;
    });
    assert!(tried > 1_000, "only {tried} exchanges tried");
}

#[test]
fn under_smokescreen_the_discards_are_invisible_to_the_creature_and_spectators() {
    let mut tried = 0;
    for_random_states(600, |s, pick| {
        let mut other = s.clone();
        other.fx.smokescreen = true;
        let mut base = s.clone();
        base.fx.smokescreen = true;
        let i = pick.below(s.hunted.len());
        let h = &s.hunted[i];
        let (Some(a), Some(b)) = (h.hand.first(), h.discard.first()) else {
            return;
        };
        let o = &mut other.hunted[i];
        o.hand.remove(a);
        o.discard.insert(a);
        o.discard.remove(b);
        o.hand.insert(b);
        let hunted: Vec<Viewer> = (0..s.hunted.len()).map(hunted_viewer).collect();
        assert_alike(&base, &other, &hunted, "a discard under Smokescreen");
        tried += 1;
    });
    assert!(tried > 500, "only {tried} swaps tried");
}

/// The names of the fields that carry a secret in some event.
const SECRET_FIELDS: [&str; 6] = ["cards", "play", "kept", "returned", "to_discard", "to_play"];

#[test]
fn events_reach_viewers_outside_their_audience_without_their_secrets() {
    let mut concealed = 0;
    for game in 0..200u64 {
        let hunted = (game % 6) as usize + 1;
        let (mut s, mut dice) = new_game(hunted, BoardSide::One, 70_000 + game);
        let mut pick = Picker::new(game);
        while Artemia::outcome(&s).is_none() {
            let seats = Artemia::to_act(&s);
            let seat = seats[pick.below(seats.len())];
            let legal = Artemia::legal_actions(&s, seat);
            let action = legal[pick.below(legal.len())];
            let told = Artemia::apply(&mut s, seat, &action, &mut dice).expect("legal action");
            for t in &told {
                for viewer in viewers(hunted) {
                    let seen = Artemia::redact(t, viewer).expect("every event is told");
                    if t.audience.includes(viewer) {
                        assert_eq!(seen, t.event);
                        continue;
                    }
                    let json = serde_json::to_value(&seen).expect("events serialize");
                    let Value::Object(fields) = json else {
                        panic!("events are objects")
                    };
                    for name in SECRET_FIELDS {
                        if let Some(value) = fields.get(name) {
                            assert!(value.is_null(), "{viewer:?} sees {name} of {:?}", t.event);
                            concealed += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(concealed > 1_000, "only {concealed} secret fields met");
}

#[test]
fn the_omniscient_view_shows_every_hand() {
    let (s, _) = new_game(3, BoardSide::One, 9);
    let view = Artemia::view(&s, Viewer::Omniscient);
    assert!(view.creature.hand.is_some());
    assert!(
        view.hunted
            .iter()
            .all(|h| h.hand.is_some() && h.survival.is_some())
    );
    let spectator = Artemia::view(&s, Viewer::Spectator);
    assert!(spectator.creature.hand.is_none());
    assert!(
        spectator
            .hunted
            .iter()
            .all(|h| h.hand.is_none() && h.survival.is_none())
    );
}
