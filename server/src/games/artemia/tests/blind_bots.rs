//! Bots decide on what their seat is shown, and nothing else (issue 16, acceptance 3): two
//! matches whose hidden parts are swapped as in the leak tests (a face-down card for a card of
//! the same hand, a Hunt card of the Creature's hand for one of the deck, a Survival card in
//! hand for one of the deck) show a seat byte-identical views, and its `normal` and `strong`
//! bots of one seed make the same decisions in both.

use serde_json::Value;
use xenotable_protocol::{MatchView, Seat};

use super::support::{Picker, new_game, random_step};
use crate::bots::{Budget, Choose, NormalBot, StrongBot};
use crate::games::artemia::state::{State, Step};
use crate::games::artemia::{Artemia, BoardSide};
use crate::games::{Game, Viewer};

/// What a room shows `seat`, as JSON text.
fn seat_view(s: &State, seat: Seat) -> String {
    serde_json::to_string(&MatchView {
        game: Artemia::view(s, Viewer::Seat(seat)),
        to_act: Artemia::to_act(s),
        legal: Artemia::legal_actions(s, seat),
        outcome: Artemia::outcome(s),
        clock: None,
    })
    .expect("views are JSON")
}

/// A 3-Hunted match played at random from `seed` until `stop` holds, from turn 2 on (so the
/// discards say something).
fn played_until(seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let (mut s, mut dice) = new_game(3, BoardSide::One, seed);
    let mut pick = Picker::new(seed);
    for _ in 0..5_000 {
        if s.turn >= 2 && stop(&s) {
            return s;
        }
        random_step(&mut s, &mut dice, &mut pick);
        assert!(Artemia::outcome(&s).is_none(), "the match ended first");
    }
    panic!("never came");
}

/// Hunted `i`'s face-down card swapped with a card of his hand he could have committed.
fn swap_face_down(s: &mut State, i: usize) {
    let h = &mut s.hunted[i];
    let down = h.in_play.first().expect("a face-down card");
    let up = h
        .hand
        .difference(s.fx.force_field)
        .first()
        .expect("a card in hand");
    h.in_play.remove(down);
    h.in_play.insert(up);
    h.hand.remove(up);
    h.hand.insert(down);
}

/// A card of the Creature's hand swapped with the top of the Hunt deck.
fn swap_hunt_card(s: &mut State) {
    let held = s.hunt_hand.iter().next().expect("a Hunt card in hand");
    let top = s.hunt_deck.pop().expect("a Hunt deck");
    s.hunt_hand.remove(held);
    s.hunt_hand.insert(top);
    s.hunt_deck.push(held);
}

/// A Survival card of Hunted `i` swapped with the top of the Survival deck.
fn swap_survival_card(s: &mut State, i: usize) {
    let Some(held) = s.hunted[i].survival.iter().next() else {
        return;
    };
    let Some(top) = s.survival_deck.pop() else {
        return;
    };
    s.hunted[i].survival.remove(held);
    s.hunted[i].survival.insert(top);
    s.survival_deck.push(held);
}

/// Asserts both matches differ yet look alike to `seat`, and that its bots decide alike.
fn assert_blind(s: &State, other: &State, seat: Seat) {
    assert_ne!(s, other, "the matches differ");
    let (view, other_view) = (seat_view(s, seat), seat_view(other, seat));
    assert_eq!(view, other_view, "and look alike to {seat}");
    let view: Value = serde_json::from_str(&view).expect("JSON");
    let other_view: Value = serde_json::from_str(&other_view).expect("JSON");
    for seed in [1, 2, 3] {
        let mut strong = StrongBot::<Artemia>::new(seat, seed, Budget::iterations(30));
        let mut twin = StrongBot::<Artemia>::new(seat, seed, Budget::iterations(30));
        let decision = strong.choose(&view);
        assert!(decision.is_some(), "{seat} decides");
        assert_eq!(
            decision,
            twin.choose(&other_view),
            "strong {seat}, seed {seed}"
        );
        let mut normal = NormalBot::<Artemia>::new(seat, seed);
        let mut twin = NormalBot::<Artemia>::new(seat, seed);
        let decision = normal.choose(&view);
        assert!(decision.is_some(), "{seat} decides");
        assert_eq!(
            decision,
            twin.choose(&other_view),
            "normal {seat}, seed {seed}"
        );
    }
}

#[test]
fn the_creature_decides_alike_whatever_the_hunted_hold_face_down() {
    let s = played_until(11, |s| {
        s.step == Step::CreatureToken
            && s.hunted
                .iter()
                .all(|h| !h.hand.difference(s.fx.force_field).is_empty())
    });
    let mut other = s.clone();
    for i in 0..other.hunted.len() {
        swap_face_down(&mut other, i);
        swap_survival_card(&mut other, i);
    }
    assert_blind(&s, &other, Seat::Creature);
}

#[test]
fn a_hunted_decides_alike_whatever_the_others_and_the_creature_hold() {
    let s = played_until(12, |s| {
        matches!(s.step, Step::Explore(w) if w.contains(0) && !w.contains(1))
            && !s.hunted[1].hand.difference(s.fx.force_field).is_empty()
            && !s.hunt_hand.is_empty()
    });
    let mut other = s.clone();
    swap_face_down(&mut other, 1);
    swap_hunt_card(&mut other);
    swap_survival_card(&mut other, 2);
    assert_blind(&s, &other, Seat::Hunted(1));
}
