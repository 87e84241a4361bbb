//! Acceptance 1 beyond the examples: SKILL by role, kill against stun, Hostility, each
//! objective, the round limit, retreat, and the order of locking.

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{Action, Effect, Event, FigureState, Mode};

use super::support::{Loaded, crew, file, fire, group, play, round, shots, start, target};
use crate::games::away_team::encounter::Encounter;
use crate::games::away_team::figures::effective_skill;
use crate::games::away_team::state::{Ending, State};

fn refused(s: &mut State, seat: Seat, action: Action) -> &'static str {
    let before = s.clone();
    let code = play(s, seat, &action, &mut Loaded::new(&[]))
        .expect_err("refused")
        .code();
    assert_eq!(*s, before, "a refusal changed the state");
    code
}

#[test]
fn only_crew_outside_security_lose_three_and_the_captain_is_exempt() {
    let roles = [
        ("security-officer", 9),
        ("security-guard", 9),
        ("science", 6),
        ("medical", 6),
        ("engineering", 6),
    ];
    for (role, expected) in roles {
        let text = file(
            "objective = \"neutralise\"",
            &[
                crew("captain", "captain", 9),
                crew("x", role, 9),
                group("r", 1, 8, ""),
            ],
        );
        let e = Encounter::parse(&text).expect("valid");
        assert_eq!(effective_skill(&e.crew[1], 9), expected, "{role}");
        assert_eq!(effective_skill(&e.crew[0], 9), 9, "the Captain");
    }
    let text = file(
        "objective = \"neutralise\"",
        &[
            crew("captain", "captain", 9),
            crew("doc", "medical", 9).replace("skill = 9", "skill = 9\nskill_mod = 2"),
            group("r", 1, 8, ""),
        ],
    );
    let e = Encounter::parse(&text).expect("valid");
    assert_eq!(effective_skill(&e.crew[1], 9), 8);
}

fn two_targets() -> State {
    start(&file(
        "objective = \"neutralise\"",
        &[
            crew("captain", "captain", 11),
            crew("sec", "security-officer", 10),
            group("raiders", 2, 8, "ranged = false"),
            group("boss", 1, 8, "ranged = false"),
        ],
    ))
}

#[test]
fn a_kill_kills_and_a_stun_stuns() {
    let mut s = two_targets();
    let events = round(
        &mut s,
        &[
            fire("captain", "raiders-1", Mode::Kill),
            fire("sec", "raiders-2", Mode::Stun),
        ],
        &[],
        &[1, 1, 1, 1],
    );
    let effects: Vec<Effect> = shots(&events).iter().map(|s| s.effect).collect();
    assert_eq!(effects, [Effect::Killed, Effect::Stunned]);
    assert_eq!(s.aliens[0].state, FigureState::Killed);
    assert_eq!(s.aliens[1].state, FigureState::Stunned);
    assert_eq!(
        refused(&mut s, Seat::AwayTeam, fire("sec", "raiders-2", Mode::Kill)),
        "alien_out"
    );
}

#[test]
fn a_kill_on_a_stun_immune_alien_still_kills() {
    let mut s = start(&file(
        "objective = \"neutralise\"",
        &[
            crew("captain", "captain", 11),
            group("golems", 2, 7, "stun_immune = true\nranged = false"),
        ],
    ));
    let events = round(
        &mut s,
        &[fire("captain", "golems-1", Mode::Kill)],
        &[],
        &[1, 1],
    );
    assert_eq!(shots(&events)[0].effect, Effect::Killed);
}

fn peaceful_table(limit: u32) -> State {
    start(&file(
        &format!("objective = \"neutralise\"\nhostility_limit = {limit}"),
        &[
            crew("captain", "captain", 11),
            group("raiders", 1, 8, "ranged = false"),
            group("folk", 6, 7, "peaceful = true\nranged = false"),
        ],
    ))
}

#[test]
fn each_peaceful_kill_adds_one_hostility_and_stuns_add_none() {
    let mut s = peaceful_table(3);
    round(
        &mut s,
        &[fire("captain", "folk-1", Mode::Stun)],
        &[],
        &[1, 1],
    );
    assert_eq!(s.hostility, 0);
    assert!(s.provoked[1]);
    round(
        &mut s,
        &[fire("captain", "folk-2", Mode::Kill)],
        &[],
        &[1, 1],
    );
    round(
        &mut s,
        &[fire("captain", "folk-3", Mode::Kill)],
        &[],
        &[1, 1],
    );
    assert_eq!((s.hostility, s.ending.clone()), (2, None));
    round(
        &mut s,
        &[fire("captain", "folk-4", Mode::Kill)],
        &[],
        &[1, 1],
    );
    assert!(matches!(s.ending, Some(Ending::Lost(ref r)) if r.contains("Hostility")));
}

#[test]
fn a_hostility_limit_of_zero_never_loses() {
    let mut s = peaceful_table(0);
    for k in 1..=5 {
        round(
            &mut s,
            &[fire("captain", &format!("folk-{k}"), Mode::Kill)],
            &[],
            &[1, 1],
        );
    }
    assert_eq!((s.hostility, s.ending.clone()), (5, None));
}

#[test]
fn neutralise_needs_every_hostile_and_provoked_alien_out_but_not_calm_peaceful_ones() {
    let mut s = peaceful_table(0);
    round(
        &mut s,
        &[fire("captain", "raiders-1", Mode::Stun)],
        &[],
        &[1, 1],
    );
    assert_eq!(s.ending, Some(Ending::Won("the objective is met".into())));

    let mut s = peaceful_table(0);
    round(
        &mut s,
        &[fire("captain", "folk-1", Mode::Stun)],
        &[],
        &[1, 1],
    );
    round(
        &mut s,
        &[fire("captain", "raiders-1", Mode::Stun)],
        &[],
        &[1, 1],
    );
    assert_eq!(s.ending, None, "the provoked folk are still active");
}

fn objective_group(capture: bool) -> State {
    start(&file(
        &format!(
            "objective = \"neutralise-group\"\nobjective_group = \"envoys\"\ncapture = {capture}"
        ),
        &[
            crew("captain", "captain", 11),
            crew("sec", "security-officer", 10),
            group("envoys", 2, 8, "ranged = false"),
            group("raiders", 1, 8, "ranged = false"),
        ],
    ))
}

#[test]
fn neutralise_group_is_won_when_the_group_is_out_whoever_else_stands() {
    let mut s = objective_group(false);
    round(
        &mut s,
        &[
            fire("captain", "envoys-1", Mode::Kill),
            fire("sec", "envoys-2", Mode::Stun),
        ],
        &[],
        &[1, 1, 1, 1],
    );
    assert_eq!(s.ending, Some(Ending::Won("the objective is met".into())));
}

#[test]
fn capture_is_won_by_stunning_all_and_lost_by_one_kill() {
    let mut s = objective_group(true);
    round(
        &mut s,
        &[
            fire("captain", "envoys-1", Mode::Stun),
            fire("sec", "envoys-2", Mode::Stun),
        ],
        &[],
        &[1, 1, 1, 1],
    );
    assert_eq!(s.ending, Some(Ending::Won("the objective is met".into())));

    let mut s = objective_group(true);
    round(
        &mut s,
        &[
            fire("captain", "envoys-1", Mode::Kill),
            fire("sec", "envoys-2", Mode::Stun),
        ],
        &[],
        &[1, 1],
    );
    assert!(matches!(s.ending, Some(Ending::Lost(ref r)) if r.contains("captured")));
}

#[test]
fn the_last_round_ending_without_the_objective_loses() {
    let mut s = start(&file(
        "objective = \"neutralise\"\nmax_rounds = 2",
        &[
            crew("captain", "captain", 11),
            group("r", 1, 8, "ranged = false"),
        ],
    ));
    round(&mut s, &[], &[], &[]);
    assert_eq!(s.ending, None);
    round(&mut s, &[], &[], &[]);
    assert_eq!(
        s.ending,
        Some(Ending::Lost("round 2 ended without the objective".into()))
    );
}

fn retreat_table(allow: bool) -> State {
    start(&file(
        &format!("objective = \"neutralise\"\nallow_retreat = {allow}"),
        &[
            crew("captain", "captain", 11),
            crew("sec", "security-officer", 10),
            group("raiders", 2, 8, ""),
        ],
    ))
}

#[test]
fn a_retreat_takes_the_covering_fire_then_draws_with_the_captain_alive() {
    let mut s = retreat_table(true);
    let events = round(
        &mut s,
        &[Action::Retreat {}, fire("sec", "raiders-1", Mode::Kill)],
        &[("raiders-1", "sec"), ("raiders-2", "sec")],
        &[1, 1, 1, 6, 6],
    );
    assert_eq!(
        shots(&events)
            .iter()
            .map(|s| s.shooter.as_str())
            .collect::<Vec<_>>(),
        ["raiders-1", "raiders-2"]
    );
    assert_eq!(s.crew[1].state, FigureState::Killed);
    assert!(matches!(s.ending, Some(Ending::Draw(_))));

    let mut s = retreat_table(true);
    round(
        &mut s,
        &[Action::Retreat {}],
        &[("raiders-1", "captain"), ("raiders-2", "sec")],
        &[1, 1],
    );
    assert_eq!(
        s.ending,
        Some(Ending::Lost("the Captain was killed".into()))
    );
}

#[test]
fn a_retreat_can_be_taken_back_and_is_refused_where_not_allowed() {
    let mut s = retreat_table(false);
    assert_eq!(
        refused(&mut s, Seat::AwayTeam, Action::Retreat {}),
        "retreat_not_allowed"
    );
    let mut s = retreat_table(true);
    assert_eq!(
        refused(&mut s, Seat::AwayTeam, Action::CancelRetreat {}),
        "not_retreating"
    );
    round(
        &mut s,
        &[Action::Retreat {}, Action::CancelRetreat {}],
        &[("raiders-1", "sec"), ("raiders-2", "sec")],
        &[6, 6, 6, 6],
    );
    assert_eq!((s.ending.clone(), s.round), (None, 2));
}

#[test]
fn the_aliens_roll_only_after_the_away_team_locks_and_lock_only_with_every_target() {
    let mut s = retreat_table(false);
    assert_eq!(
        refused(&mut s, Seat::Aliens, Action::RollTargets {}),
        "away_team_not_locked"
    );
    assert_eq!(
        refused(&mut s, Seat::Aliens, Action::Lock {}),
        "orders_incomplete"
    );
    assert_eq!(
        refused(&mut s, Seat::Aliens, fire("sec", "raiders-1", Mode::Kill)),
        "wrong_side"
    );
    assert_eq!(
        refused(&mut s, Seat::AwayTeam, target("raiders-1", "sec")),
        "wrong_side"
    );
    let mut dice = Loaded::new(&[3, 1, 1]);
    play(&mut s, Seat::AwayTeam, &Action::Lock {}, &mut dice).expect("lock");
    assert_eq!(refused(&mut s, Seat::AwayTeam, Action::Lock {}), "locked");
    play(&mut s, Seat::Aliens, &Action::RollTargets {}, &mut dice).expect("roll");
    assert_eq!(dice.left(), 0);
    assert_eq!(s.orders.targets, [Some(0), Some(0)]);
    assert_eq!(
        refused(&mut s, Seat::Aliens, Action::RollTargets {}),
        "already_rolled"
    );
}

/// Erratum 21: every shot adds `range_mod`, and the target's `defense_mod` (crew shots) or the
/// scenario's `crew_defense_mod` (alien shots), to its dice (rules 2.2).
#[test]
fn a_shot_adds_the_range_and_the_targets_defence_modifiers_to_its_dice() {
    let mut s = start(&file(
        "objective = \"neutralise\"\nrange_mod = 2\ncrew_defense_mod = -1",
        &[
            crew("captain", "captain", 11),
            crew("guard", "security-guard", 8),
            crew("sec", "security-officer", 10),
            group("raiders", 3, 8, "defense_mod = -3"),
        ],
    ));
    let events = round(
        &mut s,
        &[fire("guard", "raiders-1", Mode::Kill)],
        &[
            ("raiders-1", "captain"),
            ("raiders-2", "captain"),
            ("raiders-3", "sec"),
        ],
        &[4, 3, 4, 3, 3, 3],
    );
    type Seen<'a> = (&'a str, Vec<(&'a str, i32)>, i32, bool);
    let seen: Vec<Seen> = shots(&events)
        .iter()
        .map(|s| {
            let mods = s.modifiers.iter().map(|m| (m.name.as_str(), m.value));
            (s.shooter.as_str(), mods.collect(), s.result, s.hit)
        })
        .collect();
    assert_eq!(
        seen,
        [
            (
                "guard",
                vec![("range_mod", 2), ("defense_mod", -3)],
                6,
                true
            ),
            (
                "raiders-2",
                vec![("range_mod", 2), ("crew_defense_mod", -1)],
                8,
                false
            ),
            (
                "raiders-3",
                vec![("range_mod", 2), ("crew_defense_mod", -1)],
                7,
                true
            ),
        ]
    );
}

/// Erratum 21: Hostility is checked before the objective (rules 3.4, checks 2 and 4): the kill
/// that puts the objective group out and Hostility at its limit loses.
#[test]
fn hostility_at_its_limit_loses_even_when_the_same_kill_meets_the_objective() {
    let mut s = start(&file(
        "objective = \"neutralise-group\"\nobjective_group = \"folk\"\nhostility_limit = 1",
        &[
            crew("captain", "captain", 11),
            group("folk", 1, 7, "peaceful = true\nranged = false"),
        ],
    ));
    round(
        &mut s,
        &[fire("captain", "folk-1", Mode::Kill)],
        &[],
        &[1, 1],
    );
    assert_eq!(
        s.ending,
        Some(Ending::Lost("Hostility reached 1 (limit 1)".into()))
    );
}

/// Erratum 21: a shot at an alien already out goes to the lowest-numbered active alien of its
/// group (rules 3.2), not to another one.
#[test]
fn a_shot_at_a_fallen_alien_goes_to_the_lowest_numbered_active_one() {
    let mut s = start(&file(
        "objective = \"neutralise\"",
        &[
            crew("captain", "captain", 11),
            crew("sec", "security-officer", 10),
            group("raiders", 3, 8, "ranged = false"),
        ],
    ));
    let events = round(
        &mut s,
        &[
            fire("captain", "raiders-1", Mode::Kill),
            fire("sec", "raiders-1", Mode::Stun),
        ],
        &[],
        &[1, 1, 1, 1],
    );
    let targets: Vec<&str> = shots(&events).iter().map(|s| s.target.as_str()).collect();
    assert_eq!(targets, ["raiders-1", "raiders-2"]);
    assert_eq!(s.aliens[2].state, FigureState::Active);
}

/// Erratum 21: a stun that a stun-immune alien shrugs off leaves it unaffected (rules 2.4), so
/// its peaceful group is not provoked and does not fire (rules 3.3).
#[test]
fn a_stun_shrugged_off_does_not_provoke_a_peaceful_group() {
    let mut s = start(&file(
        "objective = \"neutralise\"",
        &[
            crew("captain", "captain", 11),
            group("raiders", 1, 8, "ranged = false"),
            group("golems", 2, 7, "peaceful = true\nstun_immune = true"),
        ],
    ));
    let events = round(
        &mut s,
        &[fire("captain", "golems-1", Mode::Stun)],
        &[],
        &[1, 1],
    );
    assert_eq!(shots(&events)[0].effect, Effect::Shrugged);
    assert_eq!(shots(&events).len(), 1, "no golem fires: {events:#?}");
    assert!(!events.iter().any(|e| matches!(e, Event::Provoked { .. })));
    assert_eq!(s.provoked, [false, false]);
    assert!(s.to_order().is_empty());
}
