//! One test per rule, named after it: AP costs, activation, sustained fire, overwatch and
//! jams, the flamer, melee, doors, reinforcements, escape, victory, deployment, setup.

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{
    Action, Cell, Event, Facing, MeleeResult, Phase, Role, Side, Status,
};

use super::support::*;
use crate::games::derelict::scenario::AlienPool;
use crate::games::derelict::{Derelict, Options};
use crate::games::{Game, MatchSetup, SetupError, new_match};

fn room(width: usize, height: usize, marks: &[((usize, usize), char)]) -> Vec<String> {
    rows(width, height, ':', marks)
}

/// A soldier m1 on (3,5) facing N in a 7 × 7 room, with `marks` (aliens face S).
fn soldier_at_3_5(marks: &[((usize, usize), char)]) -> Table {
    let mut all = vec![((3, 5), 'M')];
    all.extend_from_slice(marks);
    let rows = room(7, 7, &all);
    let aliens = vec![Facing::S; rows.concat().matches('A').count()];
    start(&rows, &soldiers(1), &[(sq(3, 5), Facing::N)], &aliens)
}

/// A heavy flamer m1 on (3,6) facing N and a soldier m2 on (4,3) facing N in a 7 × 7 room.
fn flamer_and_soldier(marks: &[((usize, usize), char)]) -> Table {
    let mut all = vec![((3, 6), 'M'), ((4, 3), 'M')];
    all.extend_from_slice(marks);
    let rows = room(7, 7, &all);
    let aliens = vec![Facing::S; rows.concat().matches('A').count()];
    start(
        &rows,
        &[(1, Role::Flamer), (1, Role::Soldier)],
        &[(sq(3, 6), Facing::N), (sq(4, 3), Facing::N)],
        &aliens,
    )
}

fn overwatch_shots(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::OverwatchShot { .. }))
        .count()
}

// AP costs (3.1, 3.2).

#[test]
fn marine_turns_shots_doors_and_overwatch_cost_one_ap() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A')]);
    t.marines(turn(m(1), Side::Left));
    assert_eq!(t.ap_of(m(1)), Some(3));
    t.marines(turn(m(1), Side::Right));
    t.roll(71, &[1, 2]);
    t.marines(shoot(m(1), sq(3, 1)));
    assert_eq!(t.ap_of(m(1)), Some(1));
    t.marines(Action::Overwatch { model: m(1) });
    assert_eq!(t.ap_of(m(1)), Some(0));

    let mut t = soldier_at_3_5(&[((3, 4), 'D')]);
    t.marines(Action::Open { model: m(1) });
    assert_eq!(t.ap_of(m(1)), Some(3));
    assert_eq!(t.s.board.cell((3, 4)), Cell::OpenDoor);
    t.marines(Action::Close { model: m(1) });
    assert_eq!(t.ap_of(m(1)), Some(2));
    assert_eq!(t.s.board.cell((3, 4)), Cell::ClosedDoor);
}

#[test]
fn unjamming_costs_one_ap() {
    let mut t = soldier_at_3_5(&[]);
    t.s.models[0].jammed = true;
    t.marines(Action::Unjam { model: m(1) });
    assert_eq!(t.ap_of(m(1)), Some(3));
    assert!(!t.model(m(1)).jammed);
    assert_eq!(
        t.refuse(Seat::Marines, Action::Unjam { model: m(1) }),
        "not_jammed"
    );
}

#[test]
fn a_step_with_a_shot_costs_what_the_step_costs() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A')]);
    t.roll(491, &[1, 2, 1, 2]);
    t.marines(step_shooting(m(1), sq(3, 4), sq(3, 1)));
    assert_eq!(t.ap_of(m(1)), Some(3));
    t.marines(step_shooting(m(1), sq(3, 5), sq(3, 1)));
    assert_eq!(t.ap_of(m(1)), Some(1));
    assert_eq!(kill_numbers(&t.events), [6, 6]);
}

#[test]
fn a_flamer_shot_costs_two_ap_and_a_reload_four() {
    let mut t = flamer_and_soldier(&[]);
    t.marines(Action::Flame {
        model: m(1),
        target: sq(2, 2),
    });
    assert_eq!(t.ap_of(m(1)), Some(2));
    assert_eq!(t.model(m(1)).shots, 5);
    let mut t = flamer_and_soldier(&[]);
    t.s.models[0].shots = 0;
    t.marines(Action::Reload { model: m(1) });
    assert_eq!(t.ap_of(m(1)), Some(0));
    assert_eq!(t.model(m(1)).shots, 6);
}

#[test]
fn alien_melee_and_doors_cost_one_ap() {
    let rows = room(7, 7, &[((3, 5), 'M'), ((3, 3), 'A'), ((2, 3), 'D')]);
    let mut t = start(&rows, &soldiers(1), &[(sq(3, 5), Facing::W)], &[Facing::S]);
    t.end_marine_turn();
    t.aliens(step(a(1), sq(3, 4)));
    t.roll(822, &[1, 1, 1, 1]);
    t.aliens(Action::Attack { model: a(1) });
    assert_eq!(t.ap_of(a(1)), Some(4));
    t.aliens(turn(a(1), Side::Right));
    t.aliens(turn(a(1), Side::Right));
    t.aliens(step(a(1), sq(3, 3)));
    t.aliens(turn(a(1), Side::Left));
    assert_eq!(t.ap_of(a(1)), Some(3));
    t.aliens(Action::Open { model: a(1) });
    assert_eq!(t.ap_of(a(1)), Some(2));
    assert_eq!(t.s.board.cell((2, 3)), Cell::OpenDoor);
}

#[test]
fn an_action_beyond_the_ap_left_is_refused() {
    let mut t = soldier_at_3_5(&[]);
    t.marines(step(m(1), sq(3, 6)));
    t.marines(turn(m(1), Side::Left));
    t.marines(turn(m(1), Side::Left));
    assert_eq!(t.ap_of(m(1)), Some(0));
    assert_eq!(
        t.refuse(Seat::Marines, turn(m(1), Side::Left)),
        "not_enough_ap"
    );
    assert_eq!(
        t.refuse(Seat::Marines, step(m(1), sq(3, 5))),
        "not_enough_ap"
    );
}

#[test]
fn an_alien_turns_for_free_at_most_twice_in_a_row() {
    let mut t = soldier_at_3_5(&[((1, 1), 'A')]);
    t.end_marine_turn();
    t.aliens(turn(a(1), Side::Left));
    t.aliens(turn(a(1), Side::Left));
    assert_eq!(
        t.refuse(Seat::Aliens, turn(a(1), Side::Left)),
        "too_many_turns"
    );
    t.aliens(step(a(1), sq(1, 0)));
    t.aliens(turn(a(1), Side::Left));
    assert_eq!(t.ap_of(a(1)), Some(5));
}

// Activation (2.4).

#[test]
fn a_finished_model_cannot_act_again_this_turn_but_can_next_turn() {
    let rows = room(7, 7, &[((1, 5), 'M'), ((5, 5), 'M')]);
    let mut t = start(
        &rows,
        &soldiers(2),
        &[(sq(1, 5), Facing::N), (sq(5, 5), Facing::N)],
        &[],
    );
    t.marines(step(m(1), sq(1, 4)));
    let events = t.marines(step(m(2), sq(5, 4)));
    assert_eq!(events[0], Event::Activated { model: m(2), ap: 4 });
    assert_eq!(t.refuse(Seat::Marines, step(m(1), sq(1, 3))), "finished");
    t.end_marine_turn();
    t.end_alien_turn();
    t.marines(step(m(1), sq(1, 3)));
    assert_eq!(t.ap_of(m(1)), Some(3));
}

// Sustained fire (6.2).

#[test]
fn sustained_fire_needs_6_then_5_then_4_then_3() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A')]);
    t.roll(2734168, &[1, 2, 1, 2, 1, 2, 1, 2]);
    for _ in 0..4 {
        t.marines(shoot(m(1), sq(3, 1)));
    }
    assert_eq!(kill_numbers(&t.events), [6, 5, 4, 3]);
}

#[test]
fn a_turn_ends_the_sequence() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A')]);
    t.roll(491, &[1, 2, 1, 2]);
    t.marines(shoot(m(1), sq(3, 1)));
    t.marines(turn(m(1), Side::Left));
    t.marines(turn(m(1), Side::Right));
    t.marines(shoot(m(1), sq(3, 1)));
    assert_eq!(kill_numbers(&t.events), [6, 6]);
}

#[test]
fn a_step_ends_the_sequence() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A')]);
    t.roll(21697, &[1, 2, 1, 2, 1, 2]);
    t.marines(shoot(m(1), sq(3, 1)));
    t.marines(shoot(m(1), sq(3, 1)));
    t.marines(step(m(1), sq(3, 4)));
    t.marines(shoot(m(1), sq(3, 1)));
    assert_eq!(kill_numbers(&t.events), [6, 5, 6]);
}

#[test]
fn a_shot_at_another_target_starts_a_new_sequence() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A'), ((2, 1), 'A')]);
    t.roll(21697, &[1, 2, 1, 2, 1, 2]);
    t.marines(shoot(m(1), sq(3, 1)));
    t.marines(shoot(m(1), sq(2, 1)));
    t.marines(shoot(m(1), sq(3, 1)));
    assert_eq!(kill_numbers(&t.events), [6, 6, 6]);
}

#[test]
fn a_new_turn_starts_a_new_sequence() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A')]);
    t.roll(491, &[1, 2, 1, 2]);
    t.marines(shoot(m(1), sq(3, 1)));
    t.end_marine_turn();
    t.end_alien_turn();
    t.marines(shoot(m(1), sq(3, 1)));
    assert_eq!(kill_numbers(&t.events), [6, 6]);
}

#[test]
fn a_step_with_a_shot_fires_shot_one_and_a_standing_shot_follows_as_shot_two() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A')]);
    t.roll(491, &[1, 2, 1, 2]);
    t.marines(step_shooting(m(1), sq(3, 4), sq(3, 1)));
    t.marines(shoot(m(1), sq(3, 1)));
    assert_eq!(kill_numbers(&t.events), [6, 5]);
}

/// Erratum 21: the shot of a step with a shot is aimed from the square the step ends on (6.1,
/// 3.1). On corridor floor a marine sees sideways only into rooms (5.2.3): after a diagonal step
/// from (3,5) to (2,4) he sees (2,1) straight ahead, which he could not see from (3,5), and no
/// longer sees (3,1), which he could.
#[test]
fn a_step_with_a_shot_aims_from_the_square_it_ends_on() {
    let corridor = |alien: (usize, usize)| {
        let rows = rows(7, 7, '.', &[((3, 5), 'M'), (alien, 'A')]);
        start(&rows, &soldiers(1), &[(sq(3, 5), Facing::N)], &[Facing::S])
    };
    let mut t = corridor((2, 1));
    assert!(!t.is_legal(Seat::Marines, shoot(m(1), sq(2, 1))));
    t.roll(71, &[1, 2]);
    let events = t.marines(step_shooting(m(1), sq(2, 4), sq(2, 1)));
    assert_eq!(kill_numbers(&events), [6]);

    let mut t = corridor((3, 1));
    assert!(t.is_legal(Seat::Marines, shoot(m(1), sq(3, 1))));
    assert_eq!(
        t.refuse(Seat::Marines, step_shooting(m(1), sq(2, 4), sq(3, 1))),
        "not_visible"
    );
}

#[test]
fn voluntary_shots_never_jam() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A')]);
    t.roll(30, &[2, 2]);
    t.marines(shoot(m(1), sq(3, 1)));
    assert!(!t.model(m(1)).jammed);
}

#[test]
fn a_bolter_shoots_only_aliens_and_closed_doors_in_sight() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A'), ((3, 3), 'D'), ((5, 5), 'M')]);
    assert_eq!(
        t.refuse(Seat::Marines, shoot(m(1), sq(3, 1))),
        "not_visible"
    );
    assert_eq!(
        t.refuse(Seat::Marines, shoot(m(1), sq(2, 2))),
        "not_a_target"
    );
    assert_eq!(
        t.refuse(Seat::Marines, shoot(m(1), sq(5, 5))),
        "not_a_target"
    );
    assert!(t.is_legal(Seat::Marines, shoot(m(1), sq(3, 3))));
}

#[test]
fn a_jammed_marine_cannot_shoot_but_may_move() {
    let mut t = soldier_at_3_5(&[((3, 1), 'A')]);
    t.s.models[0].jammed = true;
    assert_eq!(t.refuse(Seat::Marines, shoot(m(1), sq(3, 1))), "jammed");
    assert_eq!(
        t.refuse(Seat::Marines, step_shooting(m(1), sq(3, 4), sq(3, 1))),
        "jammed"
    );
    t.marines(step(m(1), sq(3, 4)));
}

// Overwatch and jams (7).

/// A soldier on overwatch at (3,5) facing N, an alien on (3,2) facing W next to a door on
/// (2,2), in the alien turn.
fn watched_alien(range: u8) -> Table {
    let rows = room(7, 7, &[((3, 5), 'M'), ((3, 2), 'A'), ((2, 2), 'D')]);
    let mut s = scenario(
        &rows.iter().map(String::as_str).collect::<Vec<_>>(),
        &soldiers(1),
    );
    s.overwatch_range = range;
    let mut t = Table::start(&s, &[(sq(3, 5), Facing::N)], &[Facing::W]);
    t.marines(Action::Overwatch { model: m(1) });
    t.end_marine_turn();
    t
}

#[test]
fn overwatch_fires_at_every_alien_action_in_sight_free_turns_included() {
    let mut t = watched_alien(0);
    let actions = [
        Action::Open { model: a(1) },
        Action::Close { model: a(1) },
        turn(a(1), Side::Left),
        step(a(1), sq(3, 3)),
        step(a(1), sq(3, 4)),
    ];
    for action in actions {
        t.roll(71, &[1, 2]);
        let events = t.aliens(action);
        assert_eq!(overwatch_shots(&events), 1, "{action:?}: {events:?}");
    }
    // Melee against the watching marine: resolved first, then the overwatch shot.
    t.roll(22831, &[1, 1, 1, 1, 1, 2]);
    let events = t.aliens(Action::Attack { model: a(1) });
    assert!(matches!(
        events[0],
        Event::Melee {
            result: MeleeResult::Standoff,
            ..
        }
    ));
    assert_eq!(overwatch_shots(&events), 1);
    assert!(
        t.model(m(1)).overwatch,
        "overwatch lasts through the alien turn"
    );
}

#[test]
fn overwatch_does_not_fire_out_of_range_or_out_of_arc() {
    let mut t = watched_alien(2);
    let events = t.aliens(turn(a(1), Side::Left));
    assert_eq!(overwatch_shots(&events), 0, "f = 3 beyond range 2");
    t.roll(71, &[1, 2]);
    let events = t.aliens(step(a(1), sq(3, 3)));
    assert_eq!(overwatch_shots(&events), 1, "f = 2 within range 2");
    let events = t.aliens(step(a(1), sq(4, 4)));
    assert_eq!(overwatch_shots(&events), 1);
    let mut t = watched_alien(0);
    t.s.models[0].facing = Facing::S;
    let events = t.aliens(turn(a(1), Side::Left));
    assert_eq!(overwatch_shots(&events), 0, "behind the marine");
}

#[test]
fn a_double_jams_even_when_it_kills() {
    let mut t = watched_alien(0);
    t.roll(56, &[6, 6]);
    let events = t.aliens(turn(a(1), Side::Left));
    assert!(died(&events, a(1)));
    assert!(t.model(m(1)).jammed);
    assert_eq!(t.s.active, None, "the dead alien is no longer active");
}

/// Erratum 21: a double jams whether or not it kills, so a missed double jams too (7.2).
#[test]
fn a_missed_double_jams_too() {
    let mut t = watched_alien(0);
    t.roll(seed_rolling(&[3, 3]), &[3, 3]);
    let events = t.aliens(turn(a(1), Side::Left));
    assert!(!died(&events, a(1)), "(3,3) misses a 6");
    assert!(t.model(m(1)).jammed);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::OverwatchShot {
            hit: false,
            jammed: true,
            ..
        }
    )));
}

#[test]
fn an_alien_killed_by_its_own_melee_draws_no_overwatch_fire() {
    // m2 on (1,4) watches the alien on (3,2), which attacks m1 on (3,3) from the front.
    let rows = room(7, 7, &[((3, 3), 'M'), ((1, 4), 'M'), ((3, 2), 'A')]);
    let mut t = start(
        &rows,
        &soldiers(2),
        &[(sq(3, 3), Facing::N), (sq(1, 4), Facing::N)],
        &[Facing::S],
    );
    t.marines(Action::Overwatch { model: m(2) });
    t.end_marine_turn();
    t.roll(1021, &[1, 3, 2, 5]);
    let events = t.aliens(Action::Attack { model: a(1) });
    assert!(died(&events, a(1)), "the marine won from the front");
    assert_eq!(
        overwatch_shots(&events),
        0,
        "only a living alien is shot at"
    );
}

#[test]
fn an_arrival_draws_no_overwatch_fire_but_its_first_action_does() {
    let mut t = entries((3, 3), 1, AlienPool::Unlimited);
    t.marines(Action::Overwatch { model: m(1) });
    t.end_marine_turn();
    let events = t.aliens(Action::Arrive {
        to: sq(0, 0),
        facing: Facing::E,
    });
    assert_eq!(overwatch_shots(&events), 0, "arriving is not an action");
    t.roll(71, &[1, 2]);
    let events = t.aliens(turn(a(1), Side::Right));
    assert_eq!(overwatch_shots(&events), 1);
}

#[test]
fn a_jammed_marine_on_overwatch_does_not_fire() {
    let mut t = watched_alien(0);
    t.s.models[0].jammed = true;
    let events = t.aliens(turn(a(1), Side::Left));
    assert_eq!(overwatch_shots(&events), 0);
}

#[test]
fn overwatch_ends_with_any_action_but_unjam() {
    let mut t = soldier_at_3_5(&[]);
    t.marines(Action::Overwatch { model: m(1) });
    assert_eq!(
        t.refuse(Seat::Marines, Action::Overwatch { model: m(1) }),
        "already_on_overwatch"
    );
    t.s.models[0].jammed = true;
    t.marines(Action::Unjam { model: m(1) });
    assert!(t.model(m(1)).overwatch);
    t.marines(turn(m(1), Side::Left));
    assert!(!t.model(m(1)).overwatch);
}

#[test]
fn a_flamer_cannot_go_on_overwatch() {
    let mut t = flamer_and_soldier(&[]);
    assert_eq!(
        t.refuse(Seat::Marines, Action::Overwatch { model: m(1) }),
        "no_bolter"
    );
}

// Heavy flamer (8).

#[test]
fn the_flamer_burns_every_model_in_its_area_marines_included() {
    let mut t = flamer_and_soldier(&[((3, 3), 'A')]);
    t.roll(58, &[2, 6]);
    let events = t.marines(Action::Flame {
        model: m(1),
        target: sq(3, 3),
    });
    let burned: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Burned {
                model, die, killed, ..
            } => Some((*model, *die, *killed)),
            _ => None,
        })
        .collect();
    assert_eq!(
        burned,
        [(a(1), 2, true), (m(2), 6, true)],
        "ascending (y, x)"
    );
    assert_eq!(t.model(m(2)).status, Status::Dead);

    let mut t = flamer_and_soldier(&[((3, 3), 'A')]);
    t.roll(0, &[1, 1]);
    let events = t.marines(Action::Flame {
        model: m(1),
        target: sq(3, 3),
    });
    assert!(!died(&events, a(1)) && !died(&events, m(2)), "a 1 spares");
}

#[test]
fn the_flamer_targets_floor_in_sight_within_twelve_without_a_marine() {
    let mut t = flamer_and_soldier(&[((3, 1), '#')]);
    let flame = |target| Action::Flame {
        model: m(1),
        target,
    };
    assert_eq!(t.refuse(Seat::Marines, flame(sq(4, 3))), "marine_on_target");
    assert_eq!(t.refuse(Seat::Marines, flame(sq(3, 1))), "not_floor");
    assert_eq!(t.refuse(Seat::Marines, flame(sq(3, 0))), "not_visible");
    assert_eq!(t.refuse(Seat::Marines, flame(sq(2, 6))), "not_visible");
    let rows = room(3, 15, &[((1, 14), 'M')]);
    let mut t = start(&rows, &[(1, Role::Flamer)], &[(sq(1, 14), Facing::N)], &[]);
    assert!(t.is_legal(Seat::Marines, flame(sq(1, 2))));
    assert_eq!(t.refuse(Seat::Marines, flame(sq(1, 1))), "not_visible");
}

#[test]
fn the_flamer_holds_six_shots_and_reloads_only_when_empty_and_only_as_often_as_allowed() {
    let rows = room(7, 7, &[((3, 6), 'M')]);
    let mut t = start(&rows, &[(1, Role::Flamer)], &[(sq(3, 6), Facing::N)], &[]);
    let flame = Action::Flame {
        model: m(1),
        target: sq(3, 1),
    };
    let reload = Action::Reload { model: m(1) };
    let empty_it = |t: &mut Table| {
        for _ in 0..3 {
            t.marines(flame);
            t.marines(flame);
            t.end_marine_turn();
            t.end_alien_turn();
        }
    };
    assert_eq!(t.refuse(Seat::Marines, reload), "flamer_not_empty");
    empty_it(&mut t);
    assert_eq!(t.model(m(1)).shots, 0);
    assert_eq!(t.refuse(Seat::Marines, flame), "flamer_empty");
    t.marines(reload);
    assert_eq!((t.model(m(1)).shots, t.model(m(1)).reloads), (6, 0));
    t.end_marine_turn();
    t.end_alien_turn();
    empty_it(&mut t);
    assert_eq!(t.refuse(Seat::Marines, reload), "no_reloads");
}

// Melee (9).

/// A soldier at (3,3) facing N and an alien on `alien` facing `facing`, in the alien turn.
fn melee_table(alien: (usize, usize), facing: Facing) -> Table {
    let rows = room(7, 7, &[((3, 3), 'M'), (alien, 'A')]);
    let mut t = start(&rows, &soldiers(1), &[(sq(3, 3), Facing::N)], &[facing]);
    t.end_marine_turn();
    t
}

#[test]
fn melee_from_the_rear_won_by_the_marine_turns_him_to_face_the_alien() {
    let mut t = melee_table((3, 4), Facing::N);
    t.roll(1021, &[1, 3, 2, 5]);
    let events = t.aliens(Action::Attack { model: a(1) });
    assert!(matches!(
        events[1],
        Event::Melee {
            result: MeleeResult::Parried,
            ..
        }
    ));
    assert_eq!(t.model(m(1)).facing, Facing::S);
    assert!(!died(&events, a(1)));
}

#[test]
fn melee_won_by_the_alien_kills_the_marine() {
    let mut t = melee_table((3, 2), Facing::S);
    t.roll(1656, &[1, 6, 2, 5]);
    let events = t.aliens(Action::Attack { model: a(1) });
    assert!(died(&events, m(1)));
}

#[test]
fn a_marine_turned_by_melee_keeps_overwatch_and_fires_at_the_alien() {
    let rows = room(7, 7, &[((3, 3), 'M'), ((4, 3), 'A')]);
    let mut t = start(
        &rows,
        &soldiers(2)
            .into_iter()
            .map(|(_, r)| (1, r))
            .collect::<Vec<_>>(),
        &[(sq(3, 3), Facing::N)],
        &[Facing::W],
    );
    t.marines(Action::Overwatch { model: m(1) });
    t.end_marine_turn();
    t.roll(156316, &[1, 3, 2, 5, 1, 2]);
    let events = t.aliens(Action::Attack { model: a(1) });
    assert_eq!(t.model(m(1)).facing, Facing::E);
    assert!(t.model(m(1)).overwatch);
    assert_eq!(overwatch_shots(&events), 1, "the alien is now in his arc");
}

#[test]
fn aliens_attack_only_a_marine_or_a_closed_door_in_front() {
    let mut t = melee_table((1, 1), Facing::S);
    assert_eq!(
        t.refuse(Seat::Aliens, Action::Attack { model: a(1) }),
        "nothing_to_attack"
    );
    let mut t = soldier_at_3_5(&[((3, 1), 'A')]);
    assert_eq!(
        t.refuse(Seat::Marines, Action::Attack { model: m(1) }),
        "marines_do_not_melee"
    );
}

// Doors (4).

#[test]
fn a_door_with_a_model_in_it_cannot_be_closed() {
    let mut t = soldier_at_3_5(&[((3, 4), 'd'), ((3, 3), 'A')]);
    t.end_marine_turn();
    t.aliens(step(a(1), sq(3, 4)));
    t.end_alien_turn();
    assert_eq!(
        t.refuse(Seat::Marines, Action::Close { model: m(1) }),
        "door_blocked"
    );
}

#[test]
fn a_destroyed_door_is_floor_and_cannot_be_closed() {
    let mut t = soldier_at_3_5(&[((3, 3), 'D')]);
    t.roll(56, &[6, 6]);
    t.marines(shoot(m(1), sq(3, 3)));
    assert_eq!(t.s.board.cell((3, 3)), Cell::Corridor);
    t.marines(step(m(1), sq(3, 4)));
    assert_eq!(
        t.refuse(Seat::Marines, Action::Close { model: m(1) }),
        "no_open_door"
    );
    assert_eq!(
        t.refuse(Seat::Marines, Action::Open { model: m(1) }),
        "no_closed_door"
    );
    t.marines(step(m(1), sq(3, 3)));
}

// Reinforcements (10).

/// Entries on (0,0) and (6,0), a soldier on `marine`, `reinforcements` per turn from `pool`.
fn entries(marine: (usize, usize), reinforcements: u8, pool: AlienPool) -> Table {
    let rows = room(7, 7, &[((0, 0), 'E'), ((6, 0), 'E'), (marine, 'M')]);
    let mut s = scenario(
        &rows.iter().map(String::as_str).collect::<Vec<_>>(),
        &soldiers(1),
    );
    s.reinforcements = reinforcements;
    s.alien_pool = pool;
    let (x, y) = marine;
    Table::start(&s, &[(sq(x as u8, y as u8), Facing::N)], &[])
}

#[test]
fn reinforcements_are_held_back_by_a_marine_within_two_squares() {
    // (0,0) is two squares from the marine on (2,2); (6,0) is four away.
    let mut t = entries((2, 2), 1, AlienPool::Limited(3));
    let events = t.end_marine_turn();
    assert_eq!(t.s.arrivals, 1);
    assert!(!events.iter().any(|e| matches!(e, Event::HeldBack { .. })));
    assert_eq!(
        t.refuse(
            Seat::Aliens,
            Action::Arrive {
                to: sq(0, 0),
                facing: Facing::S
            }
        ),
        "entry_unavailable"
    );
    let mut t = entries((4, 2), 2, AlienPool::Limited(3));
    let events = t.end_marine_turn();
    assert_eq!(t.s.arrivals, 1, "(6,0) is within 2 of (4,2)");
    assert!(events.contains(&Event::HeldBack { count: 1 }));
    t.aliens(Action::Arrive {
        to: sq(0, 0),
        facing: Facing::S,
    });
    assert_eq!(
        t.s.pool,
        AlienPool::Limited(2),
        "the held-back alien stays in the pool"
    );
}

#[test]
fn an_entry_three_squares_from_every_marine_is_available() {
    // The soldier on (3,3) is exactly three squares from both entries.
    let mut t = entries((3, 3), 2, AlienPool::Unlimited);
    let events = t.end_marine_turn();
    assert_eq!(t.s.arrivals, 2);
    assert!(!events.iter().any(|e| matches!(e, Event::HeldBack { .. })));
}

#[test]
fn arrivals_are_placed_before_any_alien_acts_and_act_with_six_ap() {
    let mut t = entries((3, 6), 2, AlienPool::Unlimited);
    t.end_marine_turn();
    assert_eq!(t.s.arrivals, 2);
    assert_eq!(
        t.refuse(Seat::Aliens, Action::EndTurn {}),
        "arrivals_pending"
    );
    t.aliens(Action::Arrive {
        to: sq(6, 0),
        facing: Facing::S,
    });
    assert_eq!(
        t.refuse(
            Seat::Aliens,
            Action::Arrive {
                to: sq(6, 0),
                facing: Facing::S
            }
        ),
        "entry_unavailable"
    );
    assert_eq!(
        t.refuse(Seat::Aliens, step(a(1), sq(6, 1))),
        "arrivals_pending"
    );
    t.aliens(Action::Arrive {
        to: sq(0, 0),
        facing: Facing::E,
    });
    assert_eq!((t.model(a(1)).at, t.model(a(2)).at), (sq(6, 0), sq(0, 0)));
    assert_eq!(t.s.pool, AlienPool::Unlimited);
    t.aliens(step(a(2), sq(1, 0)));
    assert_eq!(t.ap_of(a(2)), Some(5));
}

// Escape and victory (3.4, 11).

/// Two soldiers facing S on (1,0) and (3,0), an exit on (1,2), an alien on (3,2).
fn exit_run(exit_needed: u8, turn_limit: u16) -> Table {
    let rows = ["#M#M#", "#...#", "#X.A#"];
    let mut s = scenario(&rows, &soldiers(2));
    s.exit_needed = exit_needed;
    s.turn_limit = turn_limit;
    Table::start(
        &s,
        &[(sq(1, 0), Facing::S), (sq(3, 0), Facing::S)],
        &[Facing::N],
    )
}

#[test]
fn a_marine_stepping_onto_an_exit_escapes_and_enough_escapes_win() {
    let mut t = exit_run(1, 0);
    t.marines(step(m(1), sq(1, 1)));
    let events = t.marines(step(m(1), sq(1, 2)));
    assert!(events.contains(&Event::Escaped {
        model: m(1),
        from: sq(1, 2)
    }));
    assert_eq!(t.model(m(1)).status, Status::Escaped);
    assert_eq!(t.s.board.occupant((1, 2)), None);
    let shown = &Derelict::view(&t.s, crate::games::Viewer::Spectator).marines[0];
    assert_eq!(
        (shown.status, shown.at, shown.facing),
        (Status::Escaped, None, None),
        "an escaped marine stands nowhere on the table"
    );
    let outcome = Derelict::outcome(&t.s).expect("over");
    assert_eq!(
        (outcome.winners, outcome.reason.as_str()),
        (vec![Seat::Marines], "exit_reached")
    );
    assert_eq!(t.s.phase, Phase::Over);
    assert_eq!(t.refuse(Seat::Marines, Action::EndTurn {}), "game_over");
}

#[test]
fn a_step_with_a_shot_may_not_end_on_an_exit() {
    let mut t = exit_run(2, 0);
    t.marines(step(m(1), sq(1, 1)));
    assert_eq!(
        t.refuse(Seat::Marines, step_shooting(m(1), sq(1, 2), sq(3, 2))),
        "no_shot_on_exit"
    );
}

#[test]
fn an_alien_on_an_exit_keeps_marines_out() {
    let mut t = exit_run(2, 0);
    t.marines(step(m(1), sq(1, 1)));
    t.end_marine_turn();
    t.aliens(turn(a(1), Side::Left));
    t.aliens(step(a(1), sq(2, 2)));
    t.aliens(step(a(1), sq(1, 2)));
    t.end_alien_turn();
    assert_eq!(t.refuse(Seat::Marines, step(m(1), sq(1, 2))), "occupied");
}

/// The exit run where m2 steps next to the alien, which kills him in melee.
fn m2_killed_in_melee(exit_needed: u8) -> Table {
    let mut t = exit_run(exit_needed, 0);
    t.marines(step(m(2), sq(3, 1)));
    t.end_marine_turn();
    t.roll(580, &[6, 1, 1, 1]);
    let events = t.aliens(Action::Attack { model: a(1) });
    assert!(died(&events, m(2)));
    t
}

#[test]
fn aliens_win_once_too_few_marines_are_left_to_escape() {
    let t = m2_killed_in_melee(2);
    let outcome = Derelict::outcome(&t.s).expect("over");
    assert_eq!(
        (outcome.winners, outcome.reason.as_str()),
        (vec![Seat::Aliens], "exit_impossible")
    );
    assert!(t.events.iter().any(|e| matches!(e, Event::GameOver { .. })));
}

#[test]
fn aliens_do_not_win_while_exactly_enough_marines_are_left_to_escape() {
    let t = m2_killed_in_melee(1);
    assert_eq!(Derelict::outcome(&t.s), None, "one marine left, one needed");
    assert_eq!(t.s.phase, Phase::AlienTurn);
}

#[test]
fn aliens_win_at_the_end_of_the_last_scenario_turn() {
    let mut t = exit_run(1, 2);
    for _ in 0..2 {
        assert_eq!(Derelict::outcome(&t.s), None);
        t.end_marine_turn();
        t.end_alien_turn();
    }
    let outcome = Derelict::outcome(&t.s).expect("over");
    assert_eq!(
        (outcome.winners, outcome.reason.as_str()),
        (vec![Seat::Aliens], "turn_limit")
    );
    assert_eq!(t.s.turn, 2);
}

#[test]
fn aliens_win_at_the_end_of_alien_turn_200_without_a_limit() {
    let mut t = exit_run(1, 0);
    for turn in 1..=200 {
        assert_eq!(t.s.turn, turn);
        t.end_marine_turn();
        t.end_alien_turn();
    }
    let outcome = Derelict::outcome(&t.s).expect("over");
    assert_eq!(
        (outcome.winners, outcome.reason.as_str()),
        (vec![Seat::Aliens], "last_turn")
    );
    assert!(Derelict::to_act(&t.s).is_empty());
}

// Deployment and setup (2.1, 2.2).

#[test]
fn marines_deploy_on_distinct_start_squares_before_confirming() {
    let rows = room(
        5,
        3,
        &[((0, 0), 'M'), ((1, 0), 'M'), ((2, 0), 'M'), ((4, 2), 'A')],
    );
    let s = scenario(
        &rows.iter().map(String::as_str).collect::<Vec<_>>(),
        &soldiers(2),
    );
    let mut t = Table::deploying(&s);
    assert_eq!(Derelict::to_act(&t.s), [Seat::Marines]);
    let deploy = |n, x, facing| Action::Deploy {
        model: m(n),
        to: sq(x, 0),
        facing,
    };
    assert_eq!(t.refuse(Seat::Marines, Action::Confirm {}), "not_deployed");
    assert_eq!(
        t.refuse(
            Seat::Marines,
            Action::Deploy {
                model: m(1),
                to: sq(3, 0),
                facing: Facing::S
            }
        ),
        "not_a_start_square"
    );
    t.marines(deploy(1, 0, Facing::S));
    assert_eq!(t.refuse(Seat::Marines, deploy(2, 0, Facing::S)), "occupied");
    t.marines(deploy(2, 1, Facing::S));
    t.marines(deploy(1, 2, Facing::E));
    assert_eq!(
        t.s.board.occupant((0, 0)),
        None,
        "redeploying moves the marine"
    );
    assert_eq!(t.refuse(Seat::Aliens, Action::Confirm {}), "not_your_turn");
    assert_eq!(t.refuse(Seat::Marines, step(m(1), sq(3, 0))), "wrong_phase");
    t.marines(Action::Confirm {});
    assert_eq!(Derelict::to_act(&t.s), [Seat::Aliens]);
    assert_eq!(t.refuse(Seat::Aliens, Action::Confirm {}), "not_faced");
    assert_eq!(
        t.refuse(
            Seat::Aliens,
            Action::Face {
                model: m(1),
                facing: Facing::N
            }
        ),
        "not_your_model"
    );
    t.aliens(Action::Face {
        model: a(1),
        facing: Facing::W,
    });
    assert_eq!(Derelict::clock(&t.s), None, "deployment is untimed");
    t.aliens(Action::Confirm {});
    assert_eq!(t.s.phase, Phase::MarineTurn);
    assert_eq!(t.s.turn, 1);
    assert_eq!(t.model(a(1)).facing, Facing::W);
}

#[test]
fn marines_take_ids_in_squad_order_and_aliens_in_reading_order() {
    let s = chapel();
    let t = Table::deploying(&s);
    let roles: Vec<_> = t.s.marines().map(|m| (m.id, m.kind)).collect();
    use crate::games::derelict::state::Kind;
    assert_eq!(
        roles,
        [
            (m(1), Kind::Marine(Role::Sergeant)),
            (m(2), Kind::Marine(Role::Flamer)),
            (m(3), Kind::Marine(Role::Soldier)),
            (m(4), Kind::Marine(Role::Soldier)),
            (m(5), Kind::Marine(Role::Soldier)),
        ]
    );
    assert_eq!(t.model(a(1)).at, sq(15, 3));
    assert_eq!(t.model(a(2)).at, sq(7, 4));
}

#[test]
fn the_game_needs_both_seats_and_a_scenario_and_takes_no_options() {
    let text = "DERELICT 1\ntitle: Tiny\nsquad: 1 soldier\nreinforcements: 0\nmap:\nMX\n";
    let both = [Seat::Marines, Seat::Aliens];
    assert!(Derelict::configure(&both, Some(text), Options {}).is_ok());
    assert_eq!(Derelict::check_scenario(text), Ok("Tiny".to_owned()));
    assert!(matches!(
        Derelict::configure(&both, None, Options {}),
        Err(SetupError::UnknownScenario(_))
    ));
    assert!(matches!(
        Derelict::configure(&both, Some("DERELICT 2\n"), Options {}),
        Err(SetupError::Scenario(_))
    ));
    assert!(matches!(
        Derelict::configure(&[Seat::Marines], Some(text), Options {}),
        Err(SetupError::Seats(_))
    ));
    assert!(matches!(
        Derelict::configure(&[Seat::Marines, Seat::Marines], Some(text), Options {}),
        Err(SetupError::DuplicateSeat(_))
    ));
    assert!(matches!(
        Derelict::configure(&[Seat::Marines, Seat::Creature], Some(text), Options {}),
        Err(SetupError::UnknownSeat(_))
    ));
    assert!(serde_json::from_str::<Options>(r#"{"board-side":1}"#).is_err());
}

#[test]
fn the_registry_plays_derelict_over_json() {
    let text = "DERELICT 1\ntitle: Tiny\nsquad: 1 soldier\nreinforcements: 0\nmap:\nMX\n";
    let mut game = new_match(&MatchSetup {
        game: crate::games::GameId::Derelict,
        seats: vec![Seat::Marines, Seat::Aliens],
        scenario: Some(text.into()),
        options: serde_json::Value::Null,
        seed: 5,
    })
    .expect("a match");
    let act = |game: &mut Box<dyn crate::games::AnyMatch>, seat, json: &str| {
        game.act(seat, &serde_json::from_str(json).unwrap())
    };
    act(
        &mut game,
        Seat::Marines,
        r#"{"type":"deploy","model":"m1","to":{"x":0,"y":0},"facing":"e"}"#,
    )
    .unwrap();
    act(&mut game, Seat::Marines, r#"{"type":"confirm"}"#).unwrap();
    act(&mut game, Seat::Aliens, r#"{"type":"confirm"}"#).unwrap();
    assert_eq!(game.clock().map(|c| c.seconds), Some(120));
    let view = game.view(crate::games::Viewer::Seat(Seat::Aliens));
    assert_eq!(view["phase"], "marine-turn");
    assert_eq!(view["legal"], serde_json::json!([]));
    act(
        &mut game,
        Seat::Marines,
        r#"{"type":"step","model":"m1","to":{"x":1,"y":0}}"#,
    )
    .unwrap();
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some("exit_reached".to_owned())
    );
}

// The view (13).

#[test]
fn the_view_shows_the_whole_table_to_everyone() {
    use xenotable_protocol::derelict::{Duty, Flamer};
    let marines: Vec<_> = [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2)]
        .iter()
        .map(|&(x, y)| (sq(x, y), Facing::E))
        .collect();
    let mut t = Table::start(&chapel(), &marines, &[Facing::W, Facing::N]);
    t.marines(step(m(3), sq(4, 1)));
    let view = Derelict::view(&t.s, crate::games::Viewer::Spectator);
    assert_eq!(view.rows, CHAPEL_ROWS);
    assert_eq!((view.phase, view.turn), (Phase::MarineTurn, 1));
    assert_eq!(
        (view.duties.marines, view.duties.aliens),
        (Duty::Act, Duty::Wait)
    );
    assert_eq!((view.active, view.ap), (Some(m(3)), Some(3)));
    assert_eq!(view.marines.len(), 5);
    assert!(view.marines[2].acted && !view.marines[0].acted);
    assert_eq!(view.marines[2].at, Some(sq(4, 1)));
    assert_eq!(
        view.marines[1].flamer,
        Some(Flamer {
            shots: 6,
            reloads: 1
        })
    );
    assert_eq!(view.marines[0].flamer, None);
    let aliens: Vec<_> = view.aliens.iter().map(|a| (a.id, a.at, a.facing)).collect();
    assert_eq!(
        aliens,
        [
            (a(1), sq(15, 3), Some(Facing::W)),
            (a(2), sq(7, 4), Some(Facing::N))
        ]
    );
    assert_eq!(
        (view.pool, view.escaped, view.exit_needed),
        (Some(16), 0, 3)
    );
    assert_eq!(view.turn_seconds, Some(150));
    t.end_marine_turn();
    let view = Derelict::view(&t.s, crate::games::Viewer::Seat(Seat::Marines));
    assert_eq!(
        (view.duties.marines, view.duties.aliens),
        (Duty::Wait, Duty::Arrive)
    );
    assert_eq!((view.arrivals, view.turn_seconds), (2, None));
    for (to, facing) in [(sq(18, 1), Facing::W), (sq(1, 6), Facing::E)] {
        t.aliens(Action::Arrive { to, facing });
    }
    let view = Derelict::view(&t.s, crate::games::Viewer::Spectator);
    assert_eq!(
        (view.arrivals, view.duties.marines, view.duties.aliens),
        (0, Duty::Wait, Duty::Act)
    );
}
