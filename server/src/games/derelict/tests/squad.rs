//! The `normal` marine player leads the squad out: along the shortest way, doors opened on
//! it, the lead marine first, overwatch only when an alien could reach, and no redeploying.

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Action, Facing, Phase, Side};

use super::support::{Table, chapel_at_random_until, m, rows, scenario, soldiers, sq, start, step};
use crate::bots::{Budget, Mind, Sight, search};
use crate::games::derelict::{Derelict, State, heuristic};
use crate::games::{Dice, Game, Viewer};

/// What the `normal` marine player does now.
fn normal_marine(t: &Table) -> Action {
    let legal = Derelict::legal_actions(&t.s, Seat::Marines);
    let k = heuristic::choose(&t.s, Seat::Marines, &legal, &mut Dice::from_seed(7));
    legal[k]
}

/// A corridor `#M........X` of `length` floor squares, with `marks` put on it.
fn corridor(length: usize, marks: &[((usize, usize), char)]) -> Vec<String> {
    let mut all = vec![((1, 1), 'M'), ((length + 1, 1), 'X')];
    all.extend_from_slice(marks);
    let mut map = rows(length + 3, 3, '#', &all);
    for x in 2..=length {
        if map[1].as_bytes()[x] == b'#' {
            map[1].replace_range(x..=x, ".");
        }
    }
    map
}

#[test]
fn a_marine_with_a_clear_way_walks_round_the_corner_to_the_exit() {
    // The way runs east to (5,1), then south to the exit at (5,3).
    let map: Vec<String> = ["#######", "#M....#", "#####.#", "#####X#", "#######"]
        .map(String::from)
        .to_vec();
    let mut t = start(&map, &soldiers(1), &[(sq(1, 1), Facing::E)], &[]);
    let mut played = Vec::new();
    while t.s.phase == Phase::MarineTurn && played.len() < 10 {
        let action = normal_marine(&t);
        played.push(action);
        if action == (Action::EndTurn {}) {
            t.end_marine_turn();
            t.end_alien_turn();
        } else {
            t.marines(action);
        }
    }
    assert_eq!(
        played,
        [
            step(m(1), sq(2, 1)),
            step(m(1), sq(3, 1)),
            step(m(1), sq(4, 1)),
            step(m(1), sq(5, 1)),
            Action::EndTurn {},
            Action::Turn {
                model: m(1),
                side: Side::Right
            },
            step(m(1), sq(5, 2)),
            step(m(1), sq(5, 3)),
        ]
    );
    assert_eq!(t.s.escaped, 1, "and out");
}

#[test]
fn a_marine_opens_the_closed_door_on_his_way() {
    let t = start(
        &corridor(4, &[((2, 1), 'D')]),
        &soldiers(1),
        &[(sq(1, 1), Facing::E)],
        &[],
    );
    assert_eq!(normal_marine(&t), Action::Open { model: m(1) });
}

/// Two marines one behind the other in a corridor, facing the exit.
fn two_in_a_row() -> Table {
    start(
        &corridor(6, &[((2, 1), 'M')]),
        &soldiers(2),
        &[(sq(1, 1), Facing::E), (sq(2, 1), Facing::E)],
        &[],
    )
}

#[test]
fn the_marine_nearest_the_exit_moves_first() {
    let t = two_in_a_row();
    assert_eq!(normal_marine(&t), step(m(2), sq(3, 1)));
}

/// A marine who has taken three steps along a corridor with a closed door ahead, and an
/// alien behind it or not.
fn three_steps_on(alien: bool) -> Table {
    let far_side = if alien { 'A' } else { '.' };
    let map = corridor(8, &[((7, 1), 'D'), ((8, 1), far_side)]);
    let aliens: &[Facing] = if alien { &[Facing::W] } else { &[] };
    let mut t = start(&map, &soldiers(1), &[(sq(1, 1), Facing::E)], aliens);
    for x in 2..=4 {
        t.marines(step(m(1), sq(x, 1)));
    }
    t
}

#[test]
fn the_last_ap_goes_on_overwatch_only_when_an_alien_could_reach_the_marine() {
    let watch = Action::Overwatch { model: m(1) };
    assert_eq!(normal_marine(&three_steps_on(true)), watch);
    assert_eq!(normal_marine(&three_steps_on(false)), step(m(1), sq(5, 1)));
}

#[test]
fn marines_deploy_once_each_then_confirm() {
    let map = corridor(4, &[((2, 1), 'M'), ((3, 1), 'M')]);
    let rows: Vec<&str> = map.iter().map(String::as_str).collect();
    let mut t = Table::deploying(&scenario(&rows, &soldiers(2)));
    let mut deployed = Vec::new();
    while t.s.phase == Phase::MarineDeployment && deployed.len() < 5 {
        let action = normal_marine(&t);
        t.marines(action);
        deployed.push(action);
    }
    // The two squares nearest the exit, facing it, one marine each.
    let at: Vec<_> = deployed
        .iter()
        .filter_map(|a| match *a {
            Action::Deploy { to, facing, .. } => Some((to, facing)),
            _ => None,
        })
        .collect();
    assert_eq!(at.len(), 2, "{deployed:?}");
    assert!(at.contains(&(sq(3, 1), Facing::E)), "{deployed:?}");
    assert!(at.contains(&(sq(2, 1), Facing::E)), "{deployed:?}");
    assert_eq!(deployed.last(), Some(&Action::Confirm {}));
}

/// What the `strong` marine player does in `s`, searching `iterations` rollouts with `seed`.
fn strong_marine(s: &State, iterations: u32, seed: u64) -> Action {
    let sight = Sight::<Derelict> {
        view: Derelict::view(s, Viewer::Seat(Seat::Marines)),
        legal: Derelict::legal_actions(s, Seat::Marines),
    };
    let budget = Budget::iterations(iterations);
    let k = search::<Derelict>(Seat::Marines, &sight, &mut Dice::from_seed(seed), budget);
    sight.legal[k]
}

#[test]
fn the_strong_marine_plays_the_normal_choice_when_rollouts_cannot_tell() {
    // One round of rollouts, one per candidate: no candidate can be clearly better than
    // `normal`'s own.
    let t = two_in_a_row();
    assert_eq!(strong_marine(&t.s, 4, 3), normal_marine(&t));
}

#[test]
fn the_strong_marine_weighs_only_the_normal_marines_best_four() {
    // A chapel match played at random into a marine turn, its first action still to come.
    let s = chapel_at_random_until(11, |s| s.phase == Phase::MarineTurn && s.turn >= 2);
    let legal = Derelict::legal_actions(&s, Seat::Marines);
    assert!(legal.len() > 4, "{legal:?}");
    let weighed = Derelict::root_candidates(&s, Seat::Marines, &legal);
    assert_eq!(weighed, heuristic::candidates(&s, Seat::Marines, &legal, 4));
}

#[test]
fn the_marines_rollouts_are_judged_when_the_next_marine_turn_begins() {
    let mut t = two_in_a_row();
    let start = t.s.clone();
    let over =
        |world: &State, actions| Derelict::playout_over(Seat::Marines, &start, world, actions);
    assert!(!over(&t.s, 0), "the marines' own turn");
    t.end_marine_turn();
    assert!(!over(&t.s, 1), "the aliens' reply");
    assert!(over(&t.s, 400), "however long the turn runs");
    t.end_alien_turn();
    assert_eq!(t.s.phase, Phase::MarineTurn);
    assert!(over(&t.s, 2), "the next marine turn");
}

#[test]
fn the_aliens_rollouts_are_judged_when_the_next_alien_turn_begins() {
    let mut t = two_in_a_row();
    t.end_marine_turn();
    let start = t.s.clone();
    let over =
        |world: &State, actions| Derelict::playout_over(Seat::Aliens, &start, world, actions);
    assert!(!over(&t.s, 0), "the aliens' own turn");
    t.end_alien_turn();
    assert_eq!(t.s.phase, Phase::MarineTurn);
    assert!(!over(&t.s, 1), "the marines' reply");
    assert!(over(&t.s, 400), "however long the turn runs");
    t.end_marine_turn();
    assert_eq!(t.s.phase, Phase::AlienTurn);
    assert!(over(&t.s, 2), "the next alien turn");
}

#[test]
fn the_strong_aliens_weigh_only_the_normal_aliens_best_three() {
    // An alien turn where more than three actions are worth weighing.
    let worth_weighing = |s: &State| {
        let legal = Derelict::legal_actions(s, Seat::Aliens);
        heuristic::candidates(s, Seat::Aliens, &legal, usize::MAX).len()
    };
    let s = chapel_at_random_until(11, |s| {
        s.phase == Phase::AlienTurn && s.turn >= 2 && worth_weighing(s) > 3
    });
    let legal = Derelict::legal_actions(&s, Seat::Aliens);
    let weighed = Derelict::root_candidates(&s, Seat::Aliens, &legal);
    assert_eq!(weighed.len(), 3);
    assert_eq!(weighed, heuristic::candidates(&s, Seat::Aliens, &legal, 3));
}

#[test]
fn the_strong_aliens_never_weigh_a_facing_that_changes_nothing() {
    // Every alien faced: facing one again is legal but a no-op, which a rollout would tell
    // from confirming by the dice alone; confirming is the one action left to weigh.
    let mut s = chapel_at_random_until(5, |s| s.phase == Phase::AlienDeployment);
    for m in s.models.iter_mut().filter(|m| !m.is_marine()) {
        m.faced = true;
    }
    let legal = Derelict::legal_actions(&s, Seat::Aliens);
    assert!(
        legal.iter().any(|a| matches!(a, Action::Face { .. })),
        "{legal:?}"
    );
    let weighed: Vec<Action> = Derelict::root_candidates(&s, Seat::Aliens, &legal)
        .into_iter()
        .map(|k| legal[k])
        .collect();
    assert_eq!(weighed, vec![Action::Confirm {}]);
}

#[test]
fn the_strong_marines_search_against_aliens_that_sometimes_play_at_random() {
    assert!(Derelict::surprise(Seat::Marines, Seat::Aliens) > 0);
    assert_eq!(Derelict::surprise(Seat::Marines, Seat::Marines), 0);
    assert_eq!(Derelict::surprise(Seat::Aliens, Seat::Marines), 0);
}
