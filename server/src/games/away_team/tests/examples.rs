//! The acceptance examples of rules 7 (example 7 is in `leaks`, example 9 in
//! `encounter_files`).

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{Action, Effect, Event, FigureState, Mode};

use super::support::{Loaded, crew, file, fire, group, round, shooters, shots, start};
use crate::games::away_team::encounter::Encounter;
use crate::games::away_team::figures::effective_skill;
use crate::games::away_team::orders::d6_method;
use crate::games::away_team::state::Ending;

const NEUTRALISE: &str = "objective = \"neutralise\"";

fn lost(s: &crate::games::away_team::State) -> bool {
    matches!(s.ending, Some(Ending::Lost(_)))
}

#[test]
fn example_1_outside_security_a_skill_9_hits_on_5_not_6_and_a_guard_hits_on_8() {
    let text = file(
        NEUTRALISE,
        &[
            crew("captain", "captain", 11),
            crew("sci", "science", 9),
            crew("guard", "security-guard", 9),
            group("raiders", 3, 8, "ranged = false"),
        ],
    );
    let e = Encounter::parse(&text).expect("valid");
    assert_eq!(effective_skill(&e.crew[1], 9), 6);
    assert_eq!(effective_skill(&e.crew[2], 9), 9);
    let mut s = start(&text);
    let events = round(
        &mut s,
        &[fire("sci", "raiders-1", Mode::Stun)],
        &[],
        &[2, 3],
    );
    let shot = shots(&events)[0];
    assert_eq!((shot.skill, shot.result, shot.hit), (6, 5, true));
    let events = round(
        &mut s,
        &[
            fire("sci", "raiders-2", Mode::Stun),
            fire("guard", "raiders-3", Mode::Stun),
        ],
        &[],
        &[3, 3, 4, 4],
    );
    let shots = shots(&events);
    assert_eq!(
        (shots[0].skill, shots[0].result, shots[0].hit),
        (6, 6, false)
    );
    assert_eq!(
        (shots[1].skill, shots[1].result, shots[1].hit),
        (9, 8, true)
    );
}

#[test]
fn example_2_the_target_groups_defense_mod_is_added_to_the_dice() {
    let text = file(
        "objective = \"neutralise\"\nrange_mod = 0",
        &[
            crew("captain", "captain", 11),
            crew("guard", "security-guard", 8),
            group("raiders", 2, 8, "ranged = false\ndefense_mod = 1"),
        ],
    );
    let mut s = start(&text);
    let events = round(
        &mut s,
        &[fire("guard", "raiders-1", Mode::Kill)],
        &[],
        &[3, 3],
    );
    let shot = shots(&events)[0];
    assert_eq!(shot.dice, [3, 3]);
    let mods: Vec<(&str, i32)> = shot
        .modifiers
        .iter()
        .map(|m| (m.name.as_str(), m.value))
        .collect();
    assert_eq!(mods, [("range_mod", 0), ("defense_mod", 1)]);
    assert_eq!(
        (shot.result, shot.hit, shot.effect),
        (7, true, Effect::Killed)
    );
    let events = round(
        &mut s,
        &[fire("guard", "raiders-2", Mode::Kill)],
        &[],
        &[4, 3],
    );
    let shot = shots(&events)[0];
    assert_eq!(
        (shot.result, shot.hit, shot.effect),
        (8, false, Effect::Missed)
    );
}

#[test]
fn example_3_a_stun_that_hits_a_stun_immune_alien_does_nothing_and_it_fires_back() {
    let text = file(
        NEUTRALISE,
        &[
            crew("captain", "captain", 11),
            group("golems", 1, 7, "stun_immune = true"),
        ],
    );
    let mut s = start(&text);
    let events = round(
        &mut s,
        &[fire("captain", "golems-1", Mode::Stun)],
        &[("golems-1", "captain")],
        &[1, 1, 6, 6],
    );
    let shots = shots(&events);
    assert_eq!((shots[0].hit, shots[0].effect), (true, Effect::Shrugged));
    assert_eq!(shooters(&events), ["captain", "golems-1"]);
    assert_eq!(s.aliens[0].state, FigureState::Active);
}

#[test]
fn example_4_the_kill_that_brings_hostility_to_its_limit_loses_at_once() {
    let text = file(
        "objective = \"neutralise\"\nhostility_limit = 3",
        &[
            crew("captain", "captain", 11),
            crew("sec", "security-officer", 10),
            group("raiders", 2, 8, ""),
            group("folk", 2, 7, "peaceful = true"),
        ],
    );
    let mut s = start(&text);
    s.hostility = 2;
    let events = round(
        &mut s,
        &[
            fire("captain", "folk-1", Mode::Kill),
            fire("sec", "raiders-1", Mode::Kill),
        ],
        &[("raiders-1", "captain"), ("raiders-2", "sec")],
        &[1, 1],
    );
    assert_eq!(s.hostility, 3);
    assert!(events.contains(&Event::HostilityRose { hostility: 3 }));
    assert!(lost(&s), "{:?}", s.ending);
    assert_eq!(shooters(&events), ["captain"]);
}

#[test]
fn example_5_the_captain_killed_in_round_2_ends_the_match_before_the_others_fire() {
    let text = file(
        NEUTRALISE,
        &[
            crew("captain", "captain", 11),
            crew("sec", "security-officer", 10),
            group("raiders", 3, 8, ""),
        ],
    );
    let mut s = start(&text);
    round(
        &mut s,
        &[fire("captain", "raiders-1", Mode::Kill)],
        &[
            ("raiders-1", "sec"),
            ("raiders-2", "sec"),
            ("raiders-3", "sec"),
        ],
        &[1, 1, 6, 6, 6, 6],
    );
    assert_eq!(s.round, 2);
    let events = round(
        &mut s,
        &[],
        &[("raiders-2", "captain"), ("raiders-3", "sec")],
        &[1, 1],
    );
    assert_eq!(shooters(&events), ["raiders-2"]);
    assert_eq!(
        s.ending,
        Some(Ending::Lost("the Captain was killed".into()))
    );
    assert!(matches!(events.last(), Some(Event::Ended { .. })));
}

#[test]
fn example_6_the_d6_method_rerolls_numbers_no_active_crew_member_has() {
    let text = file(
        NEUTRALISE,
        &[
            crew("captain", "captain", 11),
            crew("a", "medical", 8),
            crew("b", "medical", 8),
            crew("c", "medical", 8),
            crew("d", "medical", 8),
            group("raiders", 1, 8, ""),
        ],
    );
    let mut s = start(&text);
    s.crew[1].state = FigureState::Stunned;
    let mut dice = Loaded::new(&[6, 5, 2]);
    // Active: captain (1), b (2), c (3), d (4); a is stunned.
    assert_eq!(d6_method(&s, &mut dice), Some((vec![6, 5, 2], 2)));
    assert_eq!(dice.left(), 0);
}

#[test]
fn example_8_non_ranged_and_unprovoked_peaceful_aliens_hold_until_a_stun_provokes_them() {
    let text = file(
        NEUTRALISE,
        &[
            crew("captain", "captain", 11),
            crew("sec", "security-officer", 10),
            group("hounds", 1, 7, "ranged = false"),
            group("folk", 3, 7, "peaceful = true"),
            group("raiders", 1, 8, ""),
        ],
    );
    let mut s = start(&text);
    assert_eq!(s.to_order(), [4]);
    let mut dice = Loaded::new(&[]);
    let refused = super::support::play(
        &mut s,
        Seat::Aliens,
        &super::support::target("folk-2", "sec"),
        &mut dice,
    )
    .unwrap_err();
    assert_eq!(refused.code(), "alien_not_firing");
    let events = round(&mut s, &[], &[("raiders-1", "sec")], &[6, 6]);
    assert_eq!(shooters(&events), ["raiders-1"]);
    let events = round(
        &mut s,
        &[fire("captain", "folk-1", Mode::Stun)],
        &[("raiders-1", "sec")],
        &[1, 1, 1, 6, 6, 2, 6, 6, 6, 6],
    );
    assert!(events.contains(&Event::Provoked {
        group: "folk".into()
    }));
    assert_eq!(
        shooters(&events),
        ["captain", "folk-2", "folk-3", "raiders-1"]
    );
    let rolled: Vec<(&str, &str)> = events
        .iter()
        .filter_map(|e| match e {
            Event::TargetRolled { alien, crew, .. } => Some((alien.as_str(), crew.as_str())),
            _ => None,
        })
        .collect();
    assert_eq!(rolled, [("folk-2", "captain"), ("folk-3", "sec")]);
    assert_eq!(s.to_order(), [2, 3, 4]);
}

#[test]
fn example_10_stun_weapons_stun_the_crew_and_only_the_last_stun_loses() {
    let text = file(
        NEUTRALISE,
        &[
            crew("captain", "captain", 11),
            crew("sec", "security-officer", 10),
            group("stunners", 2, 8, "weapon = \"stun\""),
        ],
    );
    let mut s = start(&text);
    round(
        &mut s,
        &[],
        &[("stunners-1", "captain"), ("stunners-2", "sec")],
        &[1, 1, 6, 6],
    );
    assert_eq!(s.crew[0].state, FigureState::Stunned);
    assert_eq!(s.ending, None);
    let mut dice = Loaded::new(&[]);
    let refused = super::support::play(
        &mut s,
        Seat::AwayTeam,
        &Action::Order {
            crew: "captain".into(),
            order: xenotable_protocol::away_team::CrewOrder::Hold {},
        },
        &mut dice,
    )
    .unwrap_err();
    assert_eq!(refused.code(), "crew_out");
    let events = round(
        &mut s,
        &[],
        &[("stunners-1", "sec"), ("stunners-2", "sec")],
        &[1, 1],
    );
    assert_eq!(shooters(&events), ["stunners-1"]);
    assert_eq!(
        s.ending,
        Some(Ending::Lost("every crew member is out".into()))
    );
}

#[test]
fn example_11_a_shot_at_a_fallen_alien_goes_to_the_next_of_its_group_or_is_lost() {
    let text = file(
        NEUTRALISE,
        &[
            crew("captain", "captain", 11),
            crew("sec", "security-officer", 10),
            group("raiders", 2, 8, "ranged = false"),
            group("guards", 1, 8, "ranged = false"),
        ],
    );
    let mut s = start(&text);
    let events = round(
        &mut s,
        &[
            fire("captain", "raiders-1", Mode::Kill),
            fire("sec", "raiders-1", Mode::Kill),
        ],
        &[],
        &[1, 1, 1, 1],
    );
    assert!(events.contains(&Event::Retargeted {
        shooter: "sec".into(),
        from: "raiders-1".into(),
        to: Some("raiders-2".into()),
    }));
    assert_eq!(shots(&events)[1].target, "raiders-2");
    assert_eq!(s.aliens[1].state, FigureState::Killed);

    let mut s = start(&text);
    round(
        &mut s,
        &[fire("captain", "raiders-1", Mode::Kill)],
        &[],
        &[1, 1],
    );
    let events = round(
        &mut s,
        &[
            fire("captain", "raiders-2", Mode::Kill),
            fire("sec", "raiders-2", Mode::Kill),
        ],
        &[],
        &[1, 1],
    );
    assert!(events.contains(&Event::Retargeted {
        shooter: "sec".into(),
        from: "raiders-2".into(),
        to: None,
    }));
    assert_eq!(shooters(&events), ["captain"]);
}

#[test]
fn example_12_surviving_the_last_round_wins_even_with_every_alien_standing() {
    let text = file(
        "objective = \"survive\"\nsurvive_rounds = 3",
        &[
            crew("captain", "captain", 11),
            crew("sec", "security-officer", 10),
            group("raiders", 2, 2, ""),
        ],
    );
    let mut s = start(&text);
    for r in 1..=3 {
        assert_eq!(s.ending, None, "round {r}");
        round(
            &mut s,
            &[],
            &[("raiders-1", "captain"), ("raiders-2", "sec")],
            &[6, 6, 6, 6],
        );
    }
    assert_eq!(s.ending, Some(Ending::Won("the objective is met".into())));
    assert!(s.aliens.iter().all(|a| a.state == FigureState::Active));
    let mut dice = Loaded::new(&[]);
    assert!(act_refused(&mut s, &mut dice));
}

fn act_refused(s: &mut crate::games::away_team::State, dice: &mut Loaded) -> bool {
    super::support::play(s, Seat::AwayTeam, &Action::Lock {}, dice)
        .is_err_and(|e| e.code() == "game_over")
}

#[test]
fn rolled_skill_is_one_die_plus_six_from_the_match_dice() {
    let e = Encounter::parse(super::support::CRYSTAL_SPIRES).expect("valid");
    let s = crate::games::away_team::State::new(&e, &mut Loaded::new(&[4]));
    assert_eq!((s.crew[1].skill, s.crew[1].roll), (10, Some(4)));
    assert_eq!((s.crew[0].skill, s.crew[0].roll), (11, None));
}
