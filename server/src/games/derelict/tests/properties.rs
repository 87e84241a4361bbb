//! Whole-game properties with pinned seeds: random games end, invariants hold after every
//! action, `legal_actions` agrees with `apply`, replays are identical, views are the same for
//! everyone.

use xenotable_protocol::Seat;

use super::random::{random_action, random_step};
use super::support::{Picker, assert_invariants, chapel, hall, hash};
use crate::games::derelict::Derelict;
use crate::games::derelict::scenario;
use crate::games::derelict::scenario::Scenario;
use crate::games::derelict::victory::LAST_TURN;
use crate::games::derelict::{Options, State};
use crate::games::{AnyMatch, Dice, Game, Match, Viewer};

fn new_game(scenario: &Scenario, seed: u64) -> (State, Dice) {
    let mut dice = Dice::from_seed(seed);
    let s = Derelict::setup(scenario, &mut dice);
    (s, dice)
}

#[test]
fn random_games_end_with_an_outcome_and_keep_the_invariants() {
    for (scenario, games) in [(chapel(), 300u64), (hall(), 20)] {
        for game in 0..games {
            let (mut s, mut dice) = new_game(&scenario, game);
            let mut pick = Picker::new(game);
            assert_invariants(&s);
            let mut steps = 0;
            while Derelict::outcome(&s).is_none() {
                random_step(&mut s, &mut dice, &mut pick);
                steps += 1;
                assert!(steps < 200_000, "game {game} stuck in {:?}", s.phase);
            }
            assert!(s.turn <= LAST_TURN);
            assert!(Derelict::to_act(&s).is_empty());
            assert!(Derelict::legal_actions(&s, Seat::Marines).is_empty());
            assert!(Derelict::legal_actions(&s, Seat::Aliens).is_empty());
        }
    }
}

#[test]
fn legal_actions_agree_with_apply() {
    for (scenario, games) in [(chapel(), 12u64), (hall(), 3)] {
        for game in 0..games {
            let (mut s, mut dice) = new_game(&scenario, 500 + game);
            let mut pick = Picker::new(game);
            while Derelict::outcome(&s).is_none() {
                for seat in Derelict::seats() {
                    let legal = Derelict::legal_actions(&s, seat);
                    for action in &legal {
                        let mut copy = s.clone();
                        let mut dice_copy = dice.clone();
                        let json = serde_json::to_value(action).expect("actions serialize");
                        assert_eq!(
                            serde_json::from_value::<xenotable_protocol::derelict::Action>(json)
                                .ok()
                                .as_ref(),
                            Some(action),
                            "a listed action reads back from its JSON"
                        );
                        let result = Derelict::apply(&mut copy, seat, action, &mut dice_copy);
                        assert!(
                            result.is_ok(),
                            "{seat} {action:?} listed but refused: {result:?}"
                        );
                    }
                    for _ in 0..30 {
                        let action = random_action(&mut pick, &s);
                        if legal.contains(&action) {
                            continue;
                        }
                        let before = hash(&s);
                        let dice_before = dice.clone();
                        let result = Derelict::apply(&mut s, seat, &action, &mut dice);
                        assert!(
                            result.is_err(),
                            "{seat} {action:?} unlisted but accepted in {:?}",
                            s.phase
                        );
                        assert_eq!(hash(&s), before, "refused action changed the state");
                        assert_eq!(dice, dice_before, "refused action consumed dice");
                    }
                }
                random_step(&mut s, &mut dice, &mut pick);
            }
        }
    }
}

#[test]
fn same_seed_and_actions_give_the_same_events_and_state() {
    for seed in [3u64, 77, 4242] {
        let scenario = hall();
        let (mut a, mut dice_a) = new_game(&scenario, seed);
        let mut pick = Picker::new(seed);
        let mut log = Vec::new();
        let mut events_a = Vec::new();
        while Derelict::outcome(&a).is_none() {
            let seat = Derelict::to_act(&a)[0];
            let legal = Derelict::legal_actions(&a, seat);
            let action = legal[pick.below(legal.len())];
            events_a.extend(Derelict::apply(&mut a, seat, &action, &mut dice_a).unwrap());
            log.push((seat, action));
        }
        let (mut b, mut dice_b) = new_game(&scenario, seed);
        let mut events_b = Vec::new();
        for (seat, action) in &log {
            events_b.extend(Derelict::apply(&mut b, *seat, action, &mut dice_b).unwrap());
        }
        assert_eq!(events_a, events_b);
        assert_eq!(hash(&a), hash(&b));
        assert_eq!(dice_a, dice_b);
    }
}

/// Erratum 21: Derelict hides nothing (rule 13). Through the registry, as every client gets it,
/// both seats, spectators and replays see the same table (only `legal` is each seat's own), and
/// that table tells each model's position, facing, AP, activation, overwatch, jam and flamer as
/// the state has them.
#[test]
fn everyone_sees_the_same_table() {
    let text = scenario::write(&chapel());
    let mut m = Match::<Derelict>::new(&Derelict::seats(), Some(&text), Options::default(), 9)
        .expect("a match");
    let mut pick = Picker::new(9);
    let mut overwatch_seen = false;
    for _ in 0..400 {
        if m.outcome().is_some() {
            break;
        }
        let table = |viewer| {
            let mut view = m.view(viewer);
            view.as_object_mut().map(|v| v.remove("legal"));
            view
        };
        let spectator = table(Viewer::Spectator);
        for viewer in [
            Viewer::Seat(Seat::Marines),
            Viewer::Seat(Seat::Aliens),
            Viewer::Omniscient,
        ] {
            assert_eq!(table(viewer), spectator, "{viewer:?}");
        }
        let seat = m.to_act()[0];
        let legal = m.legal(seat);
        let action = &legal[pick.below(legal.len())];
        m.act(seat, action).expect("legal");
        overwatch_seen |= tells_the_state(m.state());
    }
    assert!(overwatch_seen, "the game never put a marine on overwatch");
}

/// Checks the spectator's table against the whole truth; whether a marine is on overwatch.
fn tells_the_state(s: &State) -> bool {
    let view = Derelict::view(s, Viewer::Spectator);
    assert_eq!(view.active, s.active.map(|a| s.models[a.model].id));
    assert_eq!(view.ap, s.active.map(|a| a.ap));
    assert_eq!(
        (view.turn, view.phase, view.escaped),
        (s.turn, s.phase, s.escaped)
    );
    for marine in &view.marines {
        let model = &s.models[s.index(marine.id).expect("a marine of the state")];
        let placed = model.faced && model.on_board();
        assert_eq!(marine.at, placed.then_some(model.at));
        assert_eq!(marine.facing, placed.then_some(model.facing));
        assert_eq!(
            (marine.status, marine.acted, marine.overwatch, marine.jammed),
            (model.status, model.acted, model.overwatch, model.jammed)
        );
        assert_eq!(
            marine.flamer.map(|f| (f.shots, f.reloads)),
            model.has_flamer().then_some((model.shots, model.reloads))
        );
    }
    let aliens: Vec<_> = s
        .aliens()
        .filter(|a| a.on_board())
        .map(|a| (a.id, a.at, a.faced.then_some(a.facing), a.acted))
        .collect();
    let shown: Vec<_> = view
        .aliens
        .iter()
        .map(|a| (a.id, a.at, a.facing, a.acted))
        .collect();
    assert_eq!(shown, aliens);
    view.marines.iter().any(|m| m.overwatch)
}
