//! Whole-game properties with pinned seeds: random games end, invariants hold after every
//! action, `legal_actions` agrees with `apply`, views leak nothing, replays are identical.

use std::collections::HashSet;

use xenotable_protocol::artemia::{Action, View};

use super::random::random_action;
use super::support::{Picker, assert_invariants, hash, new_game, random_step};
use crate::games::artemia::{Artemia, BoardSide};
use crate::games::{Game, Viewer};

#[test]
fn random_games_end_with_an_outcome_and_keep_the_invariants() {
    let mut actions = 0usize;
    for game in 0..10_000u64 {
        let hunted = (game % 6) as usize + 1;
        let side = if game % 2 == 0 {
            BoardSide::One
        } else {
            BoardSide::Two
        };
        let (mut s, mut dice) = new_game(hunted, side, game);
        let mut pick = Picker::new(game);
        assert_invariants(&s);
        let mut steps = 0;
        while Artemia::outcome(&s).is_none() {
            random_step(&mut s, &mut dice, &mut pick);
            assert_invariants(&s);
            steps += 1;
            assert!(
                steps < 20_000,
                "game {game} stuck at {:?} turn {}",
                s.step,
                s.turn
            );
            assert!(s.turn <= 40, "game {game} still going at turn {}", s.turn);
        }
        actions += steps;
        assert!(Artemia::to_act(&s).is_empty());
    }
    assert!(actions > 0);
}

#[test]
fn legal_actions_agree_with_apply() {
    for game in 0..300u64 {
        let hunted = (game % 6) as usize + 1;
        let (mut s, mut dice) = new_game(hunted, BoardSide::One, 1_000 + game);
        let mut pick = Picker::new(game);
        while Artemia::outcome(&s).is_none() {
            for seat in Artemia::seats().into_iter().take(hunted + 1) {
                let legal = Artemia::legal_actions(&s, seat);
                for action in &legal {
                    let mut copy = s.clone();
                    let mut dice_copy = dice.clone();
                    assert!(
                        Artemia::apply(&mut copy, seat, action, &mut dice_copy).is_ok(),
                        "{seat} {action:?} listed but refused at {:?}",
                        s.step
                    );
                }
                for _ in 0..20 {
                    let action = random_action(&mut pick, hunted);
                    if legal.contains(&action) {
                        continue;
                    }
                    let before = hash(&s);
                    let dice_before = dice.clone();
                    let result = Artemia::apply(&mut s, seat, &action, &mut dice);
                    assert!(
                        result.is_err(),
                        "{seat} {action:?} unlisted but accepted at {:?}",
                        s.step
                    );
                    assert_eq!(hash(&s), before, "refused action changed the state");
                    assert_eq!(dice, dice_before, "refused action consumed dice");
                }
            }
            random_step(&mut s, &mut dice, &mut pick);
        }
    }
}

#[test]
fn no_legal_list_holds_the_same_action_twice() {
    let mut lists = 0usize;
    for game in 0..2_000u64 {
        let hunted = (game % 6) as usize + 1;
        let (mut s, mut dice) = new_game(hunted, BoardSide::One, 5_000 + game);
        let mut pick = Picker::new(game);
        while Artemia::outcome(&s).is_none() {
            for seat in Artemia::to_act(&s) {
                let legal = Artemia::legal_actions(&s, seat);
                let distinct: HashSet<&Action> = legal.iter().collect();
                assert_eq!(
                    distinct.len(),
                    legal.len(),
                    "{seat} at {:?} is offered an action twice: {legal:?}",
                    s.step
                );
                lists += 1;
            }
            random_step(&mut s, &mut dice, &mut pick);
        }
    }
    assert!(lists > 100_000, "only {lists} lists checked");
}

#[test]
fn same_seed_and_actions_give_the_same_events_and_state() {
    for seed in [1u64, 77, 4242] {
        let (mut a, mut dice_a) = new_game(4, BoardSide::Two, seed);
        let mut pick = Picker::new(seed);
        let mut log = Vec::new();
        let mut events_a = Vec::new();
        while Artemia::outcome(&a).is_none() {
            let seats = Artemia::to_act(&a);
            let seat = seats[pick.below(seats.len())];
            let legal = Artemia::legal_actions(&a, seat);
            let action = legal[pick.below(legal.len())];
            events_a.extend(Artemia::apply(&mut a, seat, &action, &mut dice_a).unwrap());
            log.push((seat, action));
        }
        let (mut b, mut dice_b) = new_game(4, BoardSide::Two, seed);
        let mut events_b = Vec::new();
        for (seat, action) in &log {
            events_b.extend(Artemia::apply(&mut b, *seat, action, &mut dice_b).unwrap());
        }
        assert_eq!(events_a, events_b);
        assert_eq!(hash(&a), hash(&b));
        assert_eq!(
            serde_json::to_string(&Artemia::view(&a, Viewer::Omniscient)).unwrap(),
            serde_json::to_string(&Artemia::view(&b, Viewer::Omniscient)).unwrap()
        );
    }
}

/// The views written together for every viewer, what they share written once, are byte for
/// byte what serde writes for each view alone, at every step of random games (a field added to
/// the view and not to `view::write`, or out of its order, fails here), and each reads back as
/// the view it was, the fields it leaves out included.
#[test]
fn views_written_together_are_each_what_serde_writes_alone() {
    let mut views = 0usize;
    for game in 0..300u64 {
        let hunted = (game % 6) as usize + 1;
        let (mut s, mut dice) = new_game(hunted, BoardSide::Two, 9_000 + game);
        let mut pick = Picker::new(game);
        let mut viewers: Vec<Viewer> = Artemia::seats()
            .into_iter()
            .take(hunted + 1)
            .map(Viewer::Seat)
            .chain([Viewer::Spectator, Viewer::Omniscient])
            .collect();
        loop {
            // Either order: what is shared must not depend on who comes first.
            viewers.reverse();
            let written = Artemia::write_views(&s, &viewers);
            assert_eq!(written.len(), viewers.len());
            for (text, &viewer) in written.iter().zip(&viewers) {
                let view = Artemia::view(&s, viewer);
                let alone = serde_json::to_string(&view).unwrap();
                assert_eq!(text, &alone, "{viewer:?} at {:?}", s.step);
                // What a view leaves out reads back as what it was.
                assert_eq!(serde_json::from_str::<View>(text).unwrap(), view);
                views += 1;
            }
            if Artemia::outcome(&s).is_some() {
                break;
            }
            random_step(&mut s, &mut dice, &mut pick);
        }
    }
    assert!(views > 10_000, "only {views} views checked");
}

/// A view sent on every move leaves out what says nothing: at the start of a match nobody has
/// committed, given up or sealed anything, no effect is in force and no token is out.
#[test]
fn a_view_leaves_out_the_fields_that_say_nothing() {
    let (s, _) = new_game(3, BoardSide::Two, 1);
    let view = serde_json::to_value(Artemia::view(&s, Viewer::Spectator)).unwrap();
    for quiet in [
        "beacon",
        "creature_token",
        "artemia_token",
        "target_token",
        "effects",
    ] {
        assert!(view.get(quiet).is_none(), "{quiet} in {view}");
    }
    let hunted = &view["hunted"][0];
    for quiet in [
        "hand",
        "in_play",
        "presences",
        "committed",
        "sealed",
        "gave_up",
        "river",
    ] {
        assert!(hunted.get(quiet).is_none(), "{quiet} in {hunted}");
    }
    assert_eq!(
        hunted["discard"],
        serde_json::json!([]),
        "an empty discard is shown"
    );
}
