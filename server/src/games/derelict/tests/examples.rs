//! The acceptance examples of rules section 14, one test each (example 12's file part is the
//! scenario parser's).

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Action, Cell, Event, Facing, MeleeResult, Role, Side, Status};

use super::support::*;
use crate::games::derelict::Derelict;
use crate::games::derelict::scenario::{AlienPool, Scenario};
use crate::games::{Clock, Game};

/// A 7 × 7 corridor floor with a marine start at (3,3) and the cells of `marks`.
fn open_with(marks: &[((usize, usize), char)]) -> Vec<String> {
    let mut all = vec![((3, 3), 'M')];
    all.extend_from_slice(marks);
    rows(7, 7, '.', &all)
}

#[test]
fn example_1_marine_steps_cost_one_forward_two_back_and_never_sideways() {
    for (to, cost) in [(sq(3, 2), 1), (sq(2, 2), 1), (sq(4, 2), 1), (sq(3, 4), 2)] {
        let mut t = start(&open_with(&[]), &soldiers(1), &[(sq(3, 3), Facing::N)], &[]);
        t.marines(step(m(1), to));
        assert_eq!(t.ap_of(m(1)), Some(4 - cost), "step to {to}");
    }
    let mut t = start(&open_with(&[]), &soldiers(1), &[(sq(3, 3), Facing::N)], &[]);
    for to in [sq(4, 3), sq(2, 3), sq(4, 4)] {
        assert_eq!(
            t.refuse(Seat::Marines, step(m(1), to)),
            "not_a_step",
            "{to}"
        );
    }
}

#[test]
fn example_2_corner_cutting_is_refused_but_a_model_does_not_forbid_the_step() {
    let mut t = start(
        &open_with(&[((3, 2), '#')]),
        &soldiers(1),
        &[(sq(3, 3), Facing::N)],
        &[],
    );
    assert_eq!(t.refuse(Seat::Marines, step(m(1), sq(4, 2))), "corner");
    let mut t = start(
        &open_with(&[((3, 2), 'A')]),
        &soldiers(1),
        &[(sq(3, 3), Facing::N)],
        &[Facing::S],
    );
    t.marines(step(m(1), sq(4, 2)));
    assert_eq!(t.model(m(1)).at, sq(4, 2));
}

/// An alien facing N at (3,3) and a marine at (3,6) facing N who sees it, in the alien turn.
fn alien_turn_with_watcher(overwatch: bool) -> Table {
    let mut t = start(
        &open_with(&[((3, 3), 'A'), ((3, 6), 'M')]),
        &soldiers(1),
        &[(sq(3, 6), Facing::N)],
        &[Facing::N],
    );
    if overwatch {
        t.marines(Action::Overwatch { model: m(1) });
    }
    t.end_marine_turn();
    t
}

#[test]
fn example_3_alien_steps_cost_two_sideways_and_back_one_forward_and_turns_are_free() {
    for (to, cost) in [(sq(4, 3), 2), (sq(3, 4), 2), (sq(4, 2), 1)] {
        let mut t = alien_turn_with_watcher(false);
        t.aliens(step(a(1), to));
        assert_eq!(t.ap_of(a(1)), Some(6 - cost), "step to {to}");
    }
    let mut t = alien_turn_with_watcher(true);
    t.roll(71, &[1, 2]);
    let events = t.aliens(turn(a(1), Side::Right));
    assert_eq!(t.model(a(1)).facing, Facing::E);
    assert_eq!(t.ap_of(a(1)), Some(6));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::OverwatchShot { model, target, .. } if *model == m(1) && *target == a(1))),
        "{events:?}"
    );
}

#[test]
fn example_4_acting_with_another_marine_forfeits_the_first_ones_ap() {
    let mut t = start(
        &open_with(&[((5, 3), 'M')]),
        &soldiers(2),
        &[(sq(3, 3), Facing::N), (sq(5, 3), Facing::N)],
        &[],
    );
    t.marines(step(m(1), sq(3, 2)));
    assert_eq!(t.ap_of(m(1)), Some(3));
    t.marines(turn(m(2), Side::Left));
    assert_eq!(t.ap_of(m(1)), None, "m1's 3 AP are lost");
    assert_eq!(t.ap_of(m(2)), Some(3));
    assert_eq!(t.refuse(Seat::Marines, turn(m(1), Side::Left)), "finished");
    assert_eq!(t.refuse(Seat::Marines, step(m(1), sq(3, 1))), "finished");
}

/// Example 5's corridor: a marine at (5,9) facing N, an alien at (5,4).
fn firing_line() -> Table {
    let rows = rows(9, 11, '.', &[((5, 9), 'M'), ((5, 4), 'A')]);
    start(&rows, &soldiers(1), &[(sq(5, 9), Facing::N)], &[Facing::S])
}

#[test]
fn example_5_sustained_fire_needs_6_5_then_4_and_a_step_starts_again_at_6() {
    let mut t = firing_line();
    t.roll(57801, &[1, 2, 1, 2, 4, 1]);
    for _ in 0..3 {
        t.marines(shoot(m(1), sq(5, 4)));
    }
    assert_eq!(kill_numbers(&t.events), [6, 5, 4]);
    assert!(died(&t.events, a(1)), "the third shot kills on (4,1)");

    let mut t = firing_line();
    t.roll(5689, &[1, 2, 1, 2, 3, 3]);
    for _ in 0..3 {
        t.marines(shoot(m(1), sq(5, 4)));
    }
    assert_eq!(kill_numbers(&t.events), [6, 5, 4]);
    assert!(!died(&t.events, a(1)), "the third shot misses on (3,3)");

    let mut t = firing_line();
    t.roll(57801, &[1, 2, 1, 2, 4, 1]);
    t.marines(shoot(m(1), sq(5, 4)));
    t.marines(shoot(m(1), sq(5, 4)));
    t.marines(step(m(1), sq(5, 8)));
    t.marines(shoot(m(1), sq(5, 4)));
    assert_eq!(kill_numbers(&t.events), [6, 5, 6]);
    assert!(!died(&t.events, a(1)), "(4,1) misses a 6");
    assert_eq!(t.ap_of(m(1)), Some(0));
}

/// Example 6's room: marine (1,1) facing E, alien (3,3), with extra cells.
fn grazing(marks: &[((usize, usize), char)]) -> Table {
    let mut all = vec![((1, 1), 'M'), ((3, 3), 'A')];
    all.extend_from_slice(marks);
    let rows = rows(5, 5, ':', &all);
    let aliens = vec![Facing::N; rows.concat().matches('A').count()];
    start(&rows, &soldiers(1), &[(sq(1, 1), Facing::E)], &aliens)
}

#[test]
fn example_6_a_grazed_corner_blocks_only_when_both_sides_block() {
    let mut t = grazing(&[((2, 1), '#'), ((1, 2), '#')]);
    assert_eq!(
        t.refuse(Seat::Marines, shoot(m(1), sq(3, 3))),
        "not_visible"
    );
    let t = grazing(&[((2, 1), '#')]);
    assert!(t.is_legal(Seat::Marines, shoot(m(1), sq(3, 3))));
    let mut t = grazing(&[((2, 1), '#'), ((1, 2), 'A')]);
    // The alien on (1,2) is a1 in reading order; the target on (3,3) is a2.
    assert_eq!(t.model(a(2)).at, sq(3, 3));
    assert_eq!(
        t.refuse(Seat::Marines, shoot(m(1), sq(3, 3))),
        "not_visible"
    );
}

/// Example 7's corridor: marine (5,9) facing N, aliens on `marks`.
fn corridor(marks: &[((usize, usize), char)]) -> Table {
    let mut all = vec![((5, 9), 'M')];
    all.extend_from_slice(marks);
    let rows = rows(9, 11, '.', &all);
    let aliens = vec![Facing::N; rows.concat().matches('A').count()];
    start(&rows, &soldiers(1), &[(sq(5, 9), Facing::N)], &aliens)
}

#[test]
fn example_7_from_a_corridor_a_marine_sees_straight_ahead_or_into_rooms() {
    let mut t = corridor(&[((6, 7), 'A'), ((5, 2), 'A')]);
    // Reading order: a1 on (5,2), a2 on (6,7).
    assert_eq!(
        t.refuse(Seat::Marines, shoot(m(1), sq(6, 7))),
        "not_visible"
    );
    assert!(t.is_legal(Seat::Marines, shoot(m(1), sq(5, 2))));
    // (6,7) room-type: an `A` next to room floor.
    let t = corridor(&[((6, 7), 'A'), ((7, 7), ':')]);
    assert!(t.s.board.is_room((6, 7)));
    assert!(t.is_legal(Seat::Marines, shoot(m(1), sq(6, 7))));
}

#[test]
fn example_8_overwatch_shots_are_simultaneous_a_double_jams_and_unjam_keeps_overwatch() {
    let rows = [
        "A#A#A####",
        "#########",
        ":::::::::",
        "::::A::::",
        ":::::::::",
        ":::::::::",
        ":M:M:M:::",
    ];
    let mut t = Table::start(
        &scenario(&rows, &soldiers(3)),
        &[
            (sq(1, 6), Facing::N),
            (sq(3, 6), Facing::N),
            (sq(5, 6), Facing::N),
        ],
        &[Facing::S; 4],
    );
    t.marines(Action::Overwatch { model: m(2) });
    t.marines(Action::Overwatch { model: m(3) });
    t.end_marine_turn();
    t.roll(719, &[6, 6, 2, 5]);
    let events = t.aliens(step(a(4), sq(4, 4)));
    let shots: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::OverwatchShot {
                model,
                dice,
                hit,
                jammed,
                ..
            } => Some((*model, *dice, *hit, *jammed)),
            _ => None,
        })
        .collect();
    assert_eq!(
        shots,
        [(m(2), [6, 6], true, true), (m(3), [2, 5], false, false)]
    );
    assert!(died(&events, a(4)));
    assert!(t.model(m(2)).jammed && !t.model(m(3)).jammed);
    t.end_alien_turn();
    t.marines(Action::Unjam { model: m(2) });
    assert_eq!(t.ap_of(m(2)), Some(3));
    assert!(!t.model(m(2)).jammed);
    assert!(t.model(m(2)).overwatch, "unjamming keeps overwatch");
}

/// A marine at (3,3) facing N, an alien at `alien` facing `facing` and any other `marks`, in
/// the alien turn.
fn melee(alien: (usize, usize), facing: Facing, marks: &[((usize, usize), char)]) -> Table {
    let mut marks = marks.to_vec();
    marks.push((alien, 'A'));
    let mut t = start(
        &open_with(&marks),
        &soldiers(1),
        &[(sq(3, 3), Facing::N)],
        &[facing],
    );
    t.end_marine_turn();
    t
}

#[test]
fn example_9_melee_from_the_side_turns_the_marine_from_the_front_kills_the_alien() {
    let mut t = melee((2, 3), Facing::E, &[]);
    t.roll(1021, &[1, 3, 2, 5]);
    let events = t.aliens(Action::Attack { model: a(1) });
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Melee {
            result: MeleeResult::Parried,
            alien_dice: [1, 3, 2],
            marine_die: 5,
            ..
        }
    )));
    assert_eq!(
        t.model(m(1)).facing,
        Facing::W,
        "the marine faces the alien"
    );
    assert_eq!(t.model(m(1)).status, Status::OnBoard);
    assert_eq!(t.model(a(1)).status, Status::OnBoard);

    let mut t = melee((3, 2), Facing::S, &[]);
    t.roll(1021, &[1, 3, 2, 5]);
    let events = t.aliens(Action::Attack { model: a(1) });
    assert!(died(&events, a(1)));

    let mut t = melee((3, 2), Facing::S, &[]);
    t.roll(1394, &[4, 4, 1, 4]);
    let events = t.aliens(Action::Attack { model: a(1) });
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Melee {
            result: MeleeResult::Standoff,
            ..
        }
    )));
    assert!(!died(&events, a(1)) && !died(&events, m(1)));
}

#[test]
fn example_10_a_door_breaks_under_a_melee_six_or_a_bolter_kill() {
    for (seed, rolls, destroyed) in [(32, [6, 2, 2], true), (99, [5, 5, 1], false)] {
        let mut t = melee((3, 1), Facing::S, &[((3, 2), 'D')]);
        t.roll(seed, &rolls);
        t.aliens(Action::Attack { model: a(1) });
        let cell = t.s.board.cell((3, 2));
        assert_eq!(cell == Cell::Corridor, destroyed, "{rolls:?}: {cell:?}");
        assert_eq!(cell == Cell::ClosedDoor, !destroyed);
    }
    let mut t = start(
        &open_with(&[((3, 1), 'D')]),
        &soldiers(1),
        &[(sq(3, 3), Facing::N)],
        &[],
    );
    t.roll(14, &[6, 1]);
    let events = t.marines(shoot(m(1), sq(3, 1)));
    assert!(events.contains(&Event::DoorDestroyed { door: sq(3, 1) }));
    assert_eq!(t.s.board.cell((3, 1)), Cell::Corridor);
}

fn chapel_with_pool(pool: u16) -> Scenario {
    let mut s = chapel();
    s.alien_pool = AlienPool::Limited(pool);
    s
}

/// The squad of the example on its start squares, m3 on (3,1) facing S.
const CHAPEL_DEPLOYMENT: [((u8, u8), Facing); 5] = [
    ((1, 1), Facing::E),
    ((2, 1), Facing::E),
    ((3, 1), Facing::S),
    ((1, 2), Facing::E),
    ((2, 2), Facing::E),
];

fn chapel_start(pool: u16) -> Table {
    let marines: Vec<_> = CHAPEL_DEPLOYMENT
        .iter()
        .map(|&((x, y), f)| (sq(x, y), f))
        .collect();
    Table::start(&chapel_with_pool(pool), &marines, &[Facing::W, Facing::E])
}

#[test]
fn example_11_a_marine_two_squares_away_holds_an_entry_back() {
    let mut t = chapel_start(1);
    for y in 2..=5 {
        t.marines(step(m(3), sq(3, y)));
    }
    t.end_marine_turn();
    assert_eq!(t.s.arrivals, 1);
    assert_eq!(
        t.refuse(
            Seat::Aliens,
            Action::Arrive {
                to: sq(1, 6),
                facing: Facing::E
            }
        ),
        "entry_unavailable"
    );
    let arrivals: Vec<Action> = Derelict::legal_actions(&t.s, Seat::Aliens);
    assert!(
        arrivals
            .iter()
            .all(|a| matches!(a, Action::Arrive { to, .. } if *to == sq(18, 1)))
    );
    assert_eq!(arrivals.len(), 4, "one square, four facings");
    let events = t.aliens(Action::Arrive {
        to: sq(18, 1),
        facing: Facing::W,
    });
    assert!(events.contains(&Event::Arrived {
        model: a(3),
        at: sq(18, 1),
        facing: Facing::W
    }));
    assert_eq!(t.s.pool, AlienPool::Limited(0));
    t.end_alien_turn();
    t.end_marine_turn();
    assert_eq!(t.s.arrivals, 0, "the pool is empty");
    assert!(!t.events.iter().any(|e| matches!(e, Event::HeldBack { .. })));
}

/// A squad of a sergeant and four soldiers; the sergeant m1 stands next to the exit.
fn sergeant_squad(timer: (u16, u16)) -> Table {
    let rows = ["MMMMM", ".....", "X...A"];
    let mut s = scenario(&rows, &[(1, Role::Sergeant), (4, Role::Soldier)]);
    s.timer.base = timer.0;
    s.timer.per_sergeant = timer.1;
    s.exit_needed = 2;
    let marines: Vec<_> = (0..5).map(|x| (sq(x, 0), Facing::S)).collect();
    Table::start(&s, &marines, &[Facing::N])
}

#[test]
fn example_12_a_sergeant_lengthens_the_marine_clock_while_on_the_board() {
    let mut t = sergeant_squad((120, 30));
    assert_eq!(
        Derelict::clock(&t.s),
        Some(Clock {
            seat: Seat::Marines,
            period: 1,
            seconds: 150
        })
    );
    t.marines(step(m(1), sq(0, 1)));
    t.marines(step(m(1), sq(0, 2)));
    assert_eq!(t.model(m(1)).status, Status::Escaped);
    assert_eq!(
        Derelict::clock(&t.s).map(|c| c.seconds),
        Some(150),
        "fixed when the turn began"
    );
    t.end_marine_turn();
    assert_eq!(Derelict::clock(&t.s), None, "alien turns are never timed");
    t.end_alien_turn();
    assert_eq!(
        Derelict::clock(&t.s),
        Some(Clock {
            seat: Seat::Marines,
            period: 2,
            seconds: 120
        })
    );
}

#[test]
fn example_12_a_dead_sergeant_no_longer_lengthens_the_clock() {
    let mut t = sergeant_squad((120, 30));
    t.marines(step(m(1), sq(0, 1)));
    t.end_marine_turn();
    // The alien on (4,2) walks west to the exit square (0,2) and attacks the sergeant on (0,1).
    t.aliens(turn(a(1), Side::Left));
    for x in [3, 2, 1, 0] {
        t.aliens(step(a(1), sq(x, 2)));
    }
    t.aliens(turn(a(1), Side::Right));
    t.roll(580, &[6, 1, 1, 1]);
    let events = t.aliens(Action::Attack { model: a(1) });
    assert!(died(&events, m(1)));
    t.end_alien_turn();
    assert_eq!(Derelict::clock(&t.s).map(|c| c.seconds), Some(120));
}

#[test]
fn example_12_time_up_ends_the_marine_turn_and_keeps_overwatch() {
    let mut t = sergeant_squad((2, 0));
    assert_eq!(Derelict::clock(&t.s).map(|c| c.seconds), Some(2));
    t.marines(Action::Overwatch { model: m(2) });
    t.marines(step(m(3), sq(2, 1)));
    let events = Derelict::time_up(&mut t.s, &mut t.dice).expect("a marine turn is timed");
    let events: Vec<Event> = events.into_iter().map(|e| e.event).collect();
    assert_eq!(events[0], Event::TimeUp { turn: 1 });
    assert_eq!(t.s.phase, xenotable_protocol::derelict::Phase::AlienTurn);
    assert!(t.model(m(2)).overwatch, "overwatch survives the clock");
    assert_eq!(t.s.active, None, "m3's 3 AP are lost");
    assert!(
        Derelict::time_up(&mut t.s, &mut t.dice).is_err(),
        "no clock in the alien turn"
    );
}
