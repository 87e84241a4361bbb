//! Return to Prometheus (rules 17.4): the set-up, the teams' set-up step, option `marines` and
//! the team seats.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Effect, Event, Identity, ObjectKind, ObjectPlace, Phase, Power, Room,
    SelfDestruct, Weapon,
};

use super::super::prometheus::set_up;
use super::super::state::{CREW, Place, State, Step};
use super::super::station::PANIC_ORDER;
use super::super::tables::power;
use super::super::{Intruder, Scenario};
use super::support::{Loaded, bare, crew, in_segment, intruder, play, put};
use crate::games::{Dice, Game, RuleError, Viewer};

/// Dice faces rolling, on 2d6, the seven powers of `sums` in order.
fn power_faces(sums: [u8; 7]) -> Vec<u8> {
    sums.iter()
        .flat_map(|&sum| [sum / 2, sum - sum / 2])
        .collect()
}

/// Seven powers without Clone or Very Fast: Shock, Reflexes, Vacuum, Cold, Extra Strong,
/// Flame, Gas.
const NO_CLONE: [u8; 7] = [2, 3, 4, 5, 8, 9, 10];
/// Seven powers with Clone (7) and Immune to Sleep Darts (11), without Very Fast.
const WITH_CLONE: [u8; 7] = [2, 3, 4, 5, 7, 8, 11];

fn return_set_up(sums: [u8; 7], movement: &[u8], marines: bool) -> State {
    let mut faces = power_faces(sums);
    faces.extend_from_slice(movement);
    let mut dice = Loaded::new(&faces);
    let s = set_up(Scenario::Return, 100, marines, &mut dice);
    assert_eq!(dice.left(), 0, "every loaded die was rolled");
    s
}

fn on_map(s: &State, identity: Identity) -> usize {
    s.counters
        .iter()
        .filter(|c| c.identity == identity && matches!(c.place, Place::Map(_)))
        .count()
}

fn by_crew(s: &mut State, action: Action) -> Result<(), RuleError> {
    play(s, Seat::Crew, &action, &mut Dice::from_seed(5)).map(|_| ())
}

fn code(result: Result<(), RuleError>) -> String {
    result.expect_err("refused").code().to_owned()
}

#[test]
fn rule_17_4_return_starts_at_stage_6_with_all_seven_powers_rolled_and_public() {
    let s = return_set_up(NO_CLONE, &[5; 39], false);
    assert_eq!(s.stage, 6);
    assert_eq!(s.unknown_powers(), 0);
    let expected: Vec<Power> = NO_CLONE.iter().map(|&sum| power(sum)).collect();
    assert_eq!(s.known, expected);
    let view = Intruder::view(&s, crate::games::Viewer::Seat(Seat::Crew));
    assert_eq!(view.known_powers, expected);
}

#[test]
fn rule_17_4_six_dummies_six_lab_animals_and_one_intruder_are_placed_in_panic_order() {
    // A 5 stays everywhere: the counters are still where panic order put them.
    let s = return_set_up(NO_CLONE, &[5; 39], false);
    assert_eq!(on_map(&s, Identity::Dummy), 6);
    assert_eq!(on_map(&s, Identity::LabAnimal), 6);
    assert_eq!(on_map(&s, Identity::Intruder), 1);
    assert!(s.counters.iter().all(|c| !c.face_up));
    for (n, room) in PANIC_ORDER.iter().enumerate() {
        let here = s
            .counters
            .iter()
            .filter(|c| c.place == Place::Map(*room))
            .count();
        assert_eq!(here, if n < 13 - 9 { 2 } else { 1 }, "{room:?}");
    }
    assert_eq!(
        s.counters
            .iter()
            .filter(|c| c.place == Place::NotUsed)
            .count(),
        0,
        "nothing is set aside"
    );
}

#[test]
fn rule_17_4_five_intruders_are_shuffled_in_when_clone_was_rolled() {
    let s = return_set_up(WITH_CLONE, &[5; 51], false);
    assert!(s.has(Power::Clone));
    assert_eq!(on_map(&s, Identity::Intruder), 5);
    assert_eq!(s.intruders_counted(), 5);
}

#[test]
fn rule_17_4_three_phase_one_movements_are_played_at_set_up() {
    // Every counter rolls 1 three times: from SH1 it goes LAB, B1, CM.
    let s = return_set_up(NO_CLONE, &[1; 39], false);
    let first: Vec<&Place> = s.counters.iter().map(|c| &c.place).collect();
    assert!(first.contains(&&Place::Map(Room::Cm)));
    assert!(
        s.counters
            .iter()
            .all(|c| !matches!(c.place, Place::Map(Room::Sh1 | Room::Sh2 | Room::Sh3))),
        "nobody is left in a shaft after three moves"
    );
    assert_eq!((s.turn, s.step.clone()), (0, Step::SetUp));
}

#[test]
fn rule_17_4_the_set_up_movements_come_before_the_teams_are_placed() {
    // Very Fast: every counter rolls twice in each movement, since no crewman is on the
    // station yet to stop it. Movement 1 (1, 5) takes the counters of SA2, SB2 and SC2 to A2,
    // B2 and C2; movement 2 (4, 1) takes them into DK1, DK2 and AIR, where the teams will
    // start, and out again. Every loaded die is rolled.
    let with_very_fast = [2, 3, 4, 5, 6, 8, 9];
    let movement: Vec<u8> = [[1, 5], [4, 1], [5, 5]]
        .iter()
        .flat_map(|pair| pair.repeat(13))
        .collect();
    let s = return_set_up(with_very_fast, &movement, false);
    assert!(s.has(Power::VeryFast));
    for airlock in [Room::Dk1, Room::Dk2, Room::Air] {
        assert!(s.counters.iter().all(|c| c.place != Place::Map(airlock)));
        assert!(!s.crew_in(airlock).is_empty(), "the team is placed");
    }
}

#[test]
fn rule_17_4_three_teams_start_in_air_dk1_and_dk2_with_their_objects() {
    let s = return_set_up(NO_CLONE, &[5; 39], false);
    for (n, room) in [Room::Air, Room::Dk1, Room::Dk2].into_iter().enumerate() {
        let team = [CREW[n], CREW[3 + n], CREW[6 + n]];
        assert_eq!(s.crew_in(room), team);
        let mut kinds: Vec<String> = (0..s.objects.len())
            .filter(|&o| s.objects[o].place == ObjectPlace::Room { room })
            .map(|o| format!("{:?}", s.objects[o].kind))
            .collect();
        kinds.sort();
        assert_eq!(
            kinds,
            [
                "Blaster",
                "Cage",
                "Flamethrower",
                "GasCanister",
                "SleepDartPistol"
            ]
        );
    }
    let at = |place: ObjectPlace| s.objects.iter().filter(|o| o.place == place).count();
    assert_eq!(at(ObjectPlace::Room { room: Room::Arm }), 0, "ARM is empty");
    assert_eq!(at(ObjectPlace::Track { turns: 0 }), 3);
    assert!(
        s.objects
            .iter()
            .filter(|o| matches!(o.place, ObjectPlace::Track { .. }))
            .all(|o| o.kind == ObjectKind::ElectricProd),
        "the track holds only the Prods"
    );
    let lab: Vec<ObjectKind> = s
        .objects
        .iter()
        .filter(|o| o.place == ObjectPlace::Room { room: Room::Lab })
        .map(|o| o.kind)
        .collect();
    assert_eq!(lab, [ObjectKind::Cage]);
}

#[test]
fn rule_17_4_the_owner_spreads_each_teams_objects_within_carry_limits() {
    let mut s = return_set_up(NO_CLONE, &[5; 39], false);
    let flamethrower = 12;
    let cage = 15;
    let blaster = 0;
    by_crew(
        &mut s,
        Action::PickUp {
            crewman: Crewman::C1,
            object: flamethrower,
        },
    )
    .expect("free pick-up at set-up");
    by_crew(
        &mut s,
        Action::PickUp {
            crewman: Crewman::C1,
            object: blaster,
        },
    )
    .expect("one large and one small");
    assert_eq!(
        code(by_crew(
            &mut s,
            Action::PickUp {
                crewman: Crewman::C1,
                object: cage,
            }
        )),
        "too_much"
    );
    assert_eq!(
        code(by_crew(
            &mut s,
            Action::PickUp {
                crewman: Crewman::C2,
                object: cage,
            }
        )),
        "not_here",
        "each team spreads its own objects"
    );
    by_crew(
        &mut s,
        Action::Drop {
            crewman: Crewman::C1,
            object: blaster,
        },
    )
    .expect("drops are free");
    by_crew(&mut s, Action::EndSetUp {}).expect("the set-up ends");
    assert_eq!(s.turn, 1);
    assert_ne!(s.phase, Phase::Movement, "turn 1 is under way");
}

#[test]
fn rule_17_4_only_weapons_useless_against_the_intruder_may_be_discarded() {
    let mut s = return_set_up(NO_CLONE, &[5; 39], false);
    let gas = 6;
    let flamethrower = 12;
    let blaster = 0;
    by_crew(
        &mut s,
        Action::PickUp {
            crewman: Crewman::E1,
            object: gas,
        },
    )
    .expect("picked up");
    for object in [gas, flamethrower] {
        by_crew(
            &mut s,
            Action::Discard {
                crewman: Crewman::E1,
                object,
            },
        )
        .expect("immune to gas and flame");
        assert_eq!(s.objects[usize::from(object)].place, ObjectPlace::Lost {});
    }
    assert_eq!(
        code(by_crew(
            &mut s,
            Action::Discard {
                crewman: Crewman::E1,
                object: blaster,
            }
        )),
        "not_useless"
    );
}

#[test]
fn rule_17_4_return_intelligent_plans_the_three_set_up_movements() {
    let mut dice = Dice::from_seed(4);
    let mut s = set_up(Scenario::ReturnIntelligent, 100, false, &mut dice);
    for _ in 0..3 {
        assert_eq!(Intruder::to_act(&s), [Seat::Intruder]);
        assert_eq!(s.turn, 0);
        Intruder::apply(
            &mut s,
            Seat::Intruder,
            &Action::PlanMovement { moves: Vec::new() },
            &mut dice,
        )
        .expect("a plan");
    }
    assert_eq!(s.step, Step::SetUp);
    assert_eq!(Intruder::to_act(&s), [Seat::Crew]);
    Intruder::apply(&mut s, Seat::Crew, &Action::EndSetUp {}, &mut dice).expect("ends");
    assert_eq!((s.turn, s.step.clone()), (1, Step::IntruderMovement));
}

#[test]
fn rule_17_4_the_intruder_seat_plans_its_set_up_movements_before_the_teams_are_placed() {
    // Very Fast: the counter of SA2 goes to A2, then through DK1 (team 2's airlock, empty
    // still) back to A2: nobody is there to stop it.
    let with_very_fast = [2, 3, 4, 5, 6, 8, 9];
    let mut dice = Loaded::new(&power_faces(with_very_fast));
    let mut s = set_up(Scenario::ReturnIntelligent, 100, false, &mut dice);
    assert!(s.has(Power::VeryFast));
    let id = s
        .counters
        .iter()
        .find(|c| c.place == Place::Map(Room::Sa2))
        .map(|c| c.id)
        .unwrap();
    let plan = |path: &[Room]| Action::PlanMovement {
        moves: vec![xenotable_protocol::intruder::CounterMove {
            id,
            path: path.to_vec(),
        }],
    };
    for path in [[Room::A2].as_slice(), &[Room::Dk1, Room::A2]] {
        assert!(Intruder::legal_actions(&s, Seat::Intruder).contains(&plan(path)));
        play(&mut s, Seat::Intruder, &plan(path), &mut dice).expect("planned");
    }
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(s.counters[k].place, Place::Map(Room::A2));
}

fn teams_set_up() -> (State, Dice) {
    let mut dice = Dice::from_seed(9);
    let s = set_up(Scenario::ReturnTeams, 100, false, &mut dice);
    (s, dice)
}

fn orders(
    s: &mut State,
    seat: Seat,
    orders: Vec<Action>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    Intruder::apply(s, seat, &Action::Orders { orders }, dice).map(|_| ())
}

#[test]
fn rule_17_4_each_team_seat_orders_its_own_team() {
    let (mut s, mut dice) = teams_set_up();
    assert_eq!(
        Intruder::to_act(&s),
        [Seat::Team(1), Seat::Team(2), Seat::Team(3)]
    );
    let cage_of_team_2 = 16;
    let refused = orders(
        &mut s,
        Seat::Team(1),
        vec![Action::PickUp {
            crewman: Crewman::C2,
            object: cage_of_team_2,
        }],
        &mut dice,
    );
    assert_eq!(code(refused), "not_your_crewman");
    orders(
        &mut s,
        Seat::Team(2),
        vec![Action::PickUp {
            crewman: Crewman::C2,
            object: cage_of_team_2,
        }],
        &mut dice,
    )
    .expect("team 2 commands C2");
    assert_eq!(
        Intruder::to_act(&s),
        [Seat::Team(1), Seat::Team(3)],
        "orders stay secret until every team is ready"
    );
    orders(&mut s, Seat::Team(1), vec![], &mut dice).expect("ready");
    orders(&mut s, Seat::Team(3), vec![], &mut dice).expect("ready");
    assert_eq!(
        s.objects[usize::from(cage_of_team_2)].place,
        ObjectPlace::Carried {
            crewman: Crewman::C2
        }
    );
    assert_eq!(s.turn, 1, "the set-up ended once every order was executed");
}

#[test]
fn rule_17_4_the_team_going_first_rotates_each_turn() {
    // E1, E2 and E3 stand by team 3's Blaster in DK2 and all three teams order it picked up:
    // the team going first gets it.
    let blaster = 2;
    for (turn, first) in [
        (1, Crewman::E1),
        (2, Crewman::E2),
        (3, Crewman::E3),
        (4, Crewman::E1),
    ] {
        let (mut s, mut dice) = teams_set_up();
        s.turn = turn;
        for e in [Crewman::E1, Crewman::E2] {
            s.crew[e as usize].room = Room::Dk2;
        }
        for (n, crewman) in [Crewman::E1, Crewman::E2, Crewman::E3]
            .into_iter()
            .enumerate()
        {
            let take = Action::PickUp {
                crewman,
                object: blaster,
            };
            orders(&mut s, Seat::Team(n as u8 + 1), vec![take], &mut dice).expect("given");
        }
        assert_eq!(
            s.objects[usize::from(blaster)].place,
            ObjectPlace::Carried { crewman: first },
            "turn {turn}"
        );
    }
}

#[test]
fn rule_17_4_the_teams_share_the_score_and_all_win_or_all_lose() {
    use super::super::state::Ending;
    let (mut s, _) = teams_set_up();
    for (crew_won, winners, reason) in [
        (
            Some(true),
            vec![Seat::Team(1), Seat::Team(2), Seat::Team(3)],
            "intruders_gone_win",
        ),
        (Some(false), vec![], "intruders_gone_loss"),
        (None, vec![], "intruders_gone_draw"),
    ] {
        s.ending = Some(Ending {
            reason: "intruders_gone",
            score: 0,
            crew_won,
        });
        let outcome = Intruder::outcome(&s).expect("over");
        assert_eq!(
            (outcome.winners, outcome.reason.as_str()),
            (winners, reason)
        );
    }
}

/// Marines in turn 1's First Interaction, in the crew action segment of AIR (team 1's airlock).
fn marines_in_air() -> State {
    let mut s = return_set_up(NO_CLONE, &[5; 39], true);
    s.turn = 1;
    s.phase = Phase::FirstInteraction;
    in_segment(&mut s, Room::Air);
    s
}

#[test]
fn rule_17_4_marines_carry_nothing_and_the_science_officer_has_the_dart_pistol_and_cage() {
    let mut s = return_set_up(NO_CLONE, &[5; 39], true);
    for n in 0..3 {
        let kinds: Vec<ObjectKind> = s
            .carried(CREW[6 + n])
            .into_iter()
            .map(|o| s.objects[o].kind)
            .collect();
        assert_eq!(kinds, [ObjectKind::SleepDartPistol, ObjectKind::Cage]);
        assert!(s.carried(CREW[n]).is_empty() && s.carried(CREW[3 + n]).is_empty());
    }
    let lost = s
        .objects
        .iter()
        .filter(|o| o.place == ObjectPlace::Lost {})
        .count();
    assert_eq!(
        lost, 9,
        "each team's Blaster, Gas Canister and Flamethrower have no use"
    );
    s.objects[0].place = ObjectPlace::Room { room: Room::Air };
    let pick = Action::PickUp {
        crewman: Crewman::C1,
        object: 0,
    };
    assert_eq!(code(by_crew(&mut s, pick)), "too_much");
}

#[test]
fn rule_17_4_a_marine_attacks_with_any_of_his_four_weapons() {
    for (weapon, effect) in [
        (Weapon::Blaster, Effect::Kill),
        (Weapon::SleepDart, Effect::Sleep),
    ] {
        let mut s = marines_in_air();
        let id = intruder(&mut s, Room::Air, true);
        // A second Intruder keeps the segment open after the first one's fate.
        intruder(&mut s, Room::Air, true);
        let attack = Action::MarineAttack {
            crewman: Crewman::E1,
            target: id,
            weapon,
        };
        let told = crew(&mut s, attack, &mut Loaded::new(&[1])).expect("a marine attack");
        assert!(told.iter().any(|e| matches!(
            e,
            Event::CrewAttack { weapon: w, effect: e, .. } if *w == weapon && *e == effect
        )));
    }
    let mut s = marines_in_air();
    let id = intruder(&mut s, Room::Air, true);
    let by_science = Action::MarineAttack {
        crewman: Crewman::S1,
        target: id,
        weapon: Weapon::Blaster,
    };
    assert_eq!(
        crew(&mut s, by_science, &mut Loaded::new(&[]))
            .expect_err("refused")
            .code(),
        "not_a_marine"
    );
    let improvised = Action::Attack {
        crewman: Crewman::C1,
        intruder: id,
        object: None,
    };
    assert_eq!(
        crew(&mut s, improvised, &mut Loaded::new(&[]))
            .expect_err("refused")
            .code(),
        "marine_armed"
    );
}

#[test]
fn rule_17_4_a_marine_kills_a_lab_animal_on_k_for_no_points() {
    let mut s = marines_in_air();
    let k = s
        .counters
        .iter()
        .position(|c| c.identity == Identity::LabAnimal)
        .expect("a Lab Animal");
    s.counters[k].place = Place::Map(Room::Air);
    s.counters[k].face_up = true;
    let score = s.score();
    let attack = |weapon| Action::MarineAttack {
        crewman: Crewman::C1,
        target: s.counters[k].id,
        weapon,
    };
    let (miss, kill) = (attack(Weapon::Gas), attack(Weapon::Flamethrower));
    crew(&mut s, miss, &mut Loaded::new(&[4])).expect("a miss");
    assert_eq!(s.counters[k].place, Place::Map(Room::Air));
    crew(&mut s, kill, &mut Loaded::new(&[1])).expect_err("C1 has acted");
    let kill = Action::MarineAttack {
        crewman: Crewman::E1,
        target: s.counters[k].id,
        weapon: Weapon::Flamethrower,
    };
    crew(&mut s, kill, &mut Loaded::new(&[1])).expect("a kill");
    assert_eq!(s.counters[k].place, Place::Killed);
    assert_eq!(s.score(), score, "0 points");
}

/// Turn 1's Second Interaction, in the crew action segment of AIR, with the Self-Destruct
/// Track at box 4: Shuttles may leave (15.1).
fn leaving_air(scenario: Scenario) -> State {
    let mut s = return_set_up(NO_CLONE, &[5; 39], false);
    s.scenario = scenario;
    s.turn = 1;
    s.phase = Phase::SecondInteraction;
    s.self_destruct = SelfDestruct::Active { turn: 1, r#box: 4 };
    in_segment(&mut s, Room::Air);
    s
}

fn leave_air() -> Action {
    Action::LeaveInShuttle {
        crewman: Crewman::C1,
        with: vec![Crewman::E1, Crewman::S1],
    }
}

#[test]
fn rule_17_4_the_team_at_air_leaves_from_air_in_its_own_shuttle() {
    let mut s = leaving_air(Scenario::Return);
    let docked = Intruder::view(&s, Viewer::Spectator).shuttles;
    let docks: Vec<(u8, Room, bool)> = docked.iter().map(|v| (v.shuttle, v.dock, v.left)).collect();
    assert_eq!(
        docks,
        [
            (1, Room::Dk1, false),
            (2, Room::Dk2, false),
            (3, Room::Air, false)
        ]
    );
    s.self_destruct = SelfDestruct::Active { turn: 1, r#box: 5 };
    assert_eq!(code(by_crew(&mut s, leave_air())), "shuttles_grounded");
    s.self_destruct = SelfDestruct::Stopped {};
    assert!(Intruder::legal_actions(&s, Seat::Crew).contains(&leave_air()));
    // ISI 2 (one Intruder on the station), roll 6: no stowaway.
    let told = crew(&mut s, leave_air(), &mut Loaded::new(&[6])).expect("leaves from AIR");
    assert!(told.contains(&Event::ShuttleLeft {
        shuttle: 3,
        crew: vec![Crewman::C1, Crewman::E1, Crewman::S1],
    }));
    for c in [Crewman::C1, Crewman::E1, Crewman::S1] {
        assert_eq!(s.crewman(c).aboard, Some(3));
    }
    let view = Intruder::view(&s, Viewer::Spectator);
    assert!(view.shuttles[2].left && !view.shuttles[0].left && !view.shuttles[1].left);
    assert_eq!(view.shuttles[2].crew.len(), 3);
}

#[test]
fn rule_17_4_a_stowaway_may_board_the_shuttle_at_air_and_is_fought_aboard() {
    let mut s = leaving_air(Scenario::ReturnTeams);
    let k = s
        .counters
        .iter()
        .position(|c| c.identity == Identity::Intruder && matches!(c.place, Place::Map(_)))
        .expect("the Intruder on the station");
    let id = s.counters[k].id;
    let give = |s: &mut State, seat: Seat, orders: Vec<Action>| {
        play(
            s,
            seat,
            &Action::Orders { orders },
            &mut Loaded::new(&[1, 1, 6, 6, 6, 6]),
        )
    };
    // Team 1 (C1, E1, S1 at AIR) orders the launch; teams 2 and 3 have nobody here.
    assert_eq!(Intruder::to_act(&s), vec![Seat::Team(1)]);
    give(&mut s, Seat::Team(1), vec![leave_air()]).expect("ordered");
    assert_eq!(s.counters[k].place, Place::Shuttle(3));
    let view = Intruder::view(&s, Viewer::Spectator);
    assert_eq!(view.shuttles[2].intruder, Some(id));
    // Its attack roll 1 on S1: team 1 decides S1's defence aboard Shuttle #3.
    assert_eq!(
        s.step,
        Step::ShuttleDefence {
            shuttle: 3,
            intruder: k,
            target: Crewman::S1
        }
    );
    assert_eq!(Intruder::to_act(&s), vec![Seat::Team(1)]);
}

#[test]
fn outside_return_to_prometheus_nobody_leaves_from_air() {
    let mut s = bare();
    put(&mut s, Crewman::C1, Room::Air);
    s.phase = Phase::SecondInteraction;
    s.self_destruct = SelfDestruct::Active { turn: 1, r#box: 4 };
    in_segment(&mut s, Room::Air);
    let alone = Action::LeaveInShuttle {
        crewman: Crewman::C1,
        with: Vec::new(),
    };
    assert_eq!(code(by_crew(&mut s, alone)), "not_in_dock");
    assert_eq!(Intruder::view(&s, Viewer::Spectator).shuttles.len(), 2);
}
