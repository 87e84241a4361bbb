//! The acceptance examples of rules section 19 that the first landing covers.

use xenotable_protocol::intruder::{
    Action, Crewman, Effect, Event, ObjectKind, Phase, Power, Room, SelfDestruct, Weapon,
};

use super::super::intent::check;
use super::super::state::{CREW, Place, State, Step};
use super::super::station::random_move;
use super::super::tables::{chart, target_of};
use super::support::{Loaded, arm, asked_to_defend, bare, crew, interact, intruder, put};
use xenotable_protocol::Seat;

#[test]
fn example_1_a_counter_in_the_mess_moves_by_the_table() {
    let moves: Vec<Option<Room>> = (1..=6).map(|r| random_move(Room::Mes, r)).collect();
    assert_eq!(
        moves,
        [
            Some(Room::A1),
            Some(Room::Sh2),
            Some(Room::Sh2),
            Some(Room::Liv),
            None,
            None
        ]
    );
}

#[test]
fn example_2_shafts_cost_two_and_the_arms_room_needs_a_command_officer() {
    let mut s = bare();
    s.step = Step::CrewMovement;
    put(&mut s, Crewman::S1, Room::Inf);
    s.crew[Crewman::S1 as usize].mp = 3;
    let mut dice = Loaded::new(&[]);
    for to in [Room::Lab, Room::B1, Room::Cm] {
        crew(
            &mut s,
            Action::Move {
                crewman: Crewman::S1,
                to,
            },
            &mut dice,
        )
        .expect("1 MP each");
    }
    assert_eq!(s.crewman(Crewman::S1).room, Room::Cm);
    assert_eq!(s.crewman(Crewman::S1).mp, 0);

    let mut s = bare();
    s.step = Step::CrewMovement;
    put(&mut s, Crewman::S1, Room::Inf);
    s.crew[Crewman::S1 as usize].mp = 3;
    crew(
        &mut s,
        Action::Move {
            crewman: Crewman::S1,
            to: Room::Sh2,
        },
        &mut dice,
    )
    .unwrap();
    assert_eq!(s.crewman(Crewman::S1).mp, 1, "a shaft costs 2 MP");

    let mut s = bare();
    s.step = Step::CrewMovement;
    put(&mut s, Crewman::S1, Room::Cm);
    put(&mut s, Crewman::C1, Room::Cm);
    s.crew[Crewman::S1 as usize].mp = 3;
    let into_arms = Action::Move {
        crewman: Crewman::S1,
        to: Room::Arm,
    };
    assert_eq!(
        check(&s, Seat::Crew, &into_arms).unwrap_err().code(),
        "locked"
    );
    let by_s1 = Action::Unlock {
        crewman: Crewman::S1,
        room: Room::Arm,
    };
    assert_eq!(
        check(&s, Seat::Crew, &by_s1).unwrap_err().code(),
        "may_not_unlock"
    );
    crew(
        &mut s,
        Action::Unlock {
            crewman: Crewman::C1,
            room: Room::Arm,
        },
        &mut dice,
    )
    .unwrap();
    crew(&mut s, into_arms, &mut dice).expect("unlocked this phase");
}

#[test]
fn example_3_a_flamethrower_and_a_blaster_leave_no_hand_for_a_cage_or_improvising() {
    let mut s = bare();
    s.step = Step::CrewMovement;
    put(&mut s, Crewman::C1, Room::Lab);
    s.crew[Crewman::C1 as usize].mp = 3;
    arm(&mut s, Crewman::C1, ObjectKind::Flamethrower);
    arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    let cage = s
        .objects
        .iter()
        .position(|o| o.kind == ObjectKind::Cage)
        .unwrap() as u8;
    let pick = Action::PickUp {
        crewman: Crewman::C1,
        object: cage,
    };
    assert_eq!(check(&s, Seat::Crew, &pick).unwrap_err().code(), "too_much");

    let id = intruder(&mut s, Room::Lab, true);
    s.stage = 3;
    s.step = Step::CrewActions(Some(Room::Lab));
    s.attacks = vec![0; s.counters.len()];
    let improvise = Action::Attack {
        crewman: Crewman::C1,
        intruder: id,
        object: None,
    };
    assert_eq!(
        check(&s, Seat::Crew, &improvise).unwrap_err().code(),
        "no_improvised"
    );
}

#[test]
fn example_4_targets_by_canonical_order_and_science_officers_spared_among_seven_or_more() {
    assert_eq!(target_of(2, 3), Some(0), "C2 holds 1-3");
    assert_eq!(target_of(2, 4), Some(1), "S1 holds 4-6");

    let mut s = bare();
    // Everyone but S3: C1 to E3 hold 1 to 6.
    for &c in &CREW[..8] {
        put(&mut s, c, Room::Cm);
    }
    intruder(&mut s, Room::Cm, true);
    s.known = vec![Power::VeryFast, Power::ImmuneToGas];
    // Attack roll 1, then target rolls 1..6 would name C1..E3: 6 names E3.
    let mut dice = Loaded::new(&[1, 6]);
    let events = interact(&mut s, &mut dice);
    assert!(
        events.contains(&Event::TargetChosen {
            intruder: s
                .counters
                .iter()
                .find(|c| c.place == Place::Map(Room::Cm))
                .unwrap()
                .id,
            roll: Some(6),
            target: Crewman::E3,
        })
    );
}

#[test]
fn example_5_the_seed_combat_example() {
    let mut s = bare();
    s.stage = 3;
    put(&mut s, Crewman::C1, Room::Mes);
    put(&mut s, Crewman::S1, Room::Mes);
    arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    let flamer = arm(&mut s, Crewman::C1, ObjectKind::Flamethrower);
    let dart = arm(&mut s, Crewman::S1, ObjectKind::SleepDartPistol);
    let id = intruder(&mut s, Room::Mes, false);
    // Attack 2, target 5 (S1), powers on 2d6: 3 Fast Reflexes, 5 Immune to Cold, 8 Extra
    // Strong, 9 Immune to Flame.
    let mut dice = Loaded::new(&[2, 5, 1, 2, 2, 3, 4, 4, 4, 5]);
    interact(&mut s, &mut dice);
    assert_eq!(
        s.known,
        [
            Power::FastReflexes,
            Power::ImmuneToCold,
            Power::ExtraStrong,
            Power::ImmuneToFlame
        ]
    );
    assert!(asked_to_defend(&s));
    // S1's dart rolls 3 ("–" in self-defence); kill roll 2 (1-4): S1 dies.
    let mut dice = Loaded::new(&[3, 2]);
    crew(
        &mut s,
        Action::Defend {
            crewman: Crewman::S1,
            object: Some(dart),
        },
        &mut dice,
    )
    .unwrap();
    assert!(!s.crewman(Crewman::S1).alive);
    assert_eq!(s.step, Step::CrewActions(Some(Room::Mes)));
    let flame = Action::Attack {
        crewman: Crewman::C1,
        intruder: id,
        object: Some(flamer),
    };
    assert!(
        check(&s, Seat::Crew, &flame).is_ok(),
        "allowed, but it reads –"
    );
    // C1's Blaster rolls 1, +1 after S1's death: 2, K.
    let blaster = s.carried(Crewman::C1)[0] as u8;
    let mut dice = Loaded::new(&[1]);
    let events = crew(
        &mut s,
        Action::Attack {
            crewman: Crewman::C1,
            intruder: id,
            object: Some(blaster),
        },
        &mut dice,
    )
    .unwrap();
    assert!(events.contains(&Event::CrewAttack {
        crewman: Crewman::C1,
        intruder: id,
        weapon: Weapon::Blaster,
        roll: 1,
        modified: 2,
        defence: false,
        effect: Effect::Kill,
    }));
    assert_eq!(s.killed, 1);
}

#[test]
fn example_6_no_killing_at_stage_two_except_in_self_defence_and_never_by_science() {
    let mut s = bare();
    s.stage = 2;
    put(&mut s, Crewman::C1, Room::Lab);
    put(&mut s, Crewman::S2, Room::Lab);
    let blaster = arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    let s2_blaster = arm(&mut s, Crewman::S2, ObjectKind::Blaster);
    let id = intruder(&mut s, Room::Lab, true);
    s.known = vec![Power::VeryFast, Power::ImmuneToGas, Power::ImmuneToShock];
    s.attacks = vec![0; s.counters.len()];
    s.step = Step::CrewActions(Some(Room::Lab));
    let attack = Action::Attack {
        crewman: Crewman::C1,
        intruder: id,
        object: Some(blaster),
    };
    assert_eq!(
        check(&s, Seat::Crew, &attack).unwrap_err().code(),
        "too_young_to_kill"
    );

    // It attacks C1 (roll 1, target roll 1); C1 defends with his Blaster: 2 reads IR.
    let mut dice = Loaded::new(&[1, 1]);
    interact(&mut s, &mut dice);
    assert!(asked_to_defend(&s));
    let s2 = Action::Defend {
        crewman: Crewman::S2,
        object: Some(s2_blaster),
    };
    assert_eq!(
        check(&s, Seat::Crew, &s2).unwrap_err().code(),
        "science_never_kills"
    );
    let mut dice = Loaded::new(&[2]);
    let events = crew(
        &mut s,
        Action::Defend {
            crewman: Crewman::C1,
            object: Some(blaster),
        },
        &mut dice,
    )
    .unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CrewAttack {
            effect: Effect::Retreat,
            ..
        }
    )));
    assert!(
        !events.iter().any(|e| matches!(e, Event::KillRoll { .. })),
        "the attack is cancelled"
    );
    assert_eq!(dice.left(), 0);
}

#[test]
fn example_7_at_most_three_attacks_on_an_intruder_per_phase() {
    let mut s = bare();
    s.stage = 3;
    for c in [Crewman::C1, Crewman::C2, Crewman::C3] {
        put(&mut s, c, Room::Lab);
        arm(&mut s, c, ObjectKind::Blaster);
    }
    put(&mut s, Crewman::E1, Room::Lab);
    let gas = arm(&mut s, Crewman::E1, ObjectKind::GasCanister);
    let id = intruder(&mut s, Room::Lab, true);
    s.known = vec![
        Power::ImmuneToCold,
        Power::VeryFast,
        Power::ExtraStrong,
        Power::FastReflexes,
    ];
    // It attacks (1), target roll 1: C1; C1 defends with his Blaster: 4 reads "–"; the kill
    // roll 6 misses.
    let mut dice = Loaded::new(&[1, 1]);
    interact(&mut s, &mut dice);
    let blaster = |s: &State, c: Crewman| Some(s.carried(c)[0] as u8);
    let object = blaster(&s, Crewman::C1);
    let mut dice = Loaded::new(&[4, 6]);
    crew(
        &mut s,
        Action::Defend {
            crewman: Crewman::C1,
            object,
        },
        &mut dice,
    )
    .unwrap();
    assert_eq!(s.step, Step::CrewActions(Some(Room::Lab)));
    for c in [Crewman::C2, Crewman::C3] {
        let object = blaster(&s, c);
        let mut dice = Loaded::new(&[4]);
        crew(
            &mut s,
            Action::Attack {
                crewman: c,
                intruder: id,
                object,
            },
            &mut dice,
        )
        .unwrap();
    }
    assert_eq!(s.attacks.iter().max(), Some(&3));
    let fourth = Action::Attack {
        crewman: Crewman::E1,
        intruder: id,
        object: Some(gas),
    };
    assert!(check(&s, Seat::Crew, &fourth).is_err());
    assert_ne!(
        s.step,
        Step::CrewActions(Some(Room::Lab)),
        "nobody may act any more: the segment ended by itself"
    );
}

#[test]
fn example_8_panic_places_eleven_counters_in_order_under_new_ids() {
    let mut s = bare();
    put(&mut s, Crewman::C1, Room::Cm);
    put(&mut s, Crewman::C2, Room::Cm);
    s.stage = 3;
    let id = intruder(&mut s, Room::Cm, true);
    let mut n = 1;
    for c in &mut s.counters {
        if c.place == Place::NotUsed && n < 11 {
            c.place = Place::Map(Room::Sa1);
            n += 1;
        }
    }
    assert_eq!(n, 11, "11 counters take part in the panic");
    s.known = vec![
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToShock,
        Power::ImmuneToCold,
    ];
    let before: Vec<u32> = s.counters.iter().map(|c| c.id).collect();
    // Attack 1 on C1 (target roll 1); no self-defence; kill roll 1: C1 dies.
    let mut dice = Loaded::new(&[1, 1]);
    interact(&mut s, &mut dice);
    let mut dice = Loaded::new(&[1]);
    crew(&mut s, Action::NoDefence {}, &mut dice).unwrap();
    assert!(!s.crewman(Crewman::C1).alive);
    // C2 lets his crew action segment and the general step pass; the phase ends in panic:
    // two metamorphosis rolls, then movement.
    assert_eq!(s.step, Step::CrewActions(Some(Room::Cm)));
    let mut dice = Loaded::new(&[6; 40]);
    crew(&mut s, Action::EndActions {}, &mut dice).unwrap();
    assert_eq!(s.step, Step::CrewActions(None), "the general step");
    let events = crew(&mut s, Action::EndActions {}, &mut dice).unwrap();
    let placed = events
        .iter()
        .find_map(|e| match e {
            Event::Panic { placed } => Some(placed.clone()),
            _ => None,
        })
        .expect("a panic");
    let rooms: Vec<Room> = placed.iter().map(|&(_, r)| r).collect();
    use Room::*;
    assert_eq!(
        rooms,
        [Sh1, Sh2, Sh3, Sa1, Sb1, Sc1, Sa2, Sb2, Sc2, Sh1, Sh2]
    );
    assert!(placed.iter().all(|(new, _)| !before.contains(new)));
    assert!(!placed.iter().any(|&(new, _)| new == id));
    assert_eq!(s.crewman(Crewman::C2).room, Cm);
    assert_eq!(s.turn, 2, "a new turn begins");
}

#[test]
fn example_9_self_destruct_started_in_turn_5_is_stoppable_in_turn_10_and_destroys_in_turn_14() {
    let mut s = bare();
    put(&mut s, Crewman::C1, Room::Cm);
    put(&mut s, Crewman::S1, Room::Cm);
    put(&mut s, Crewman::C2, Room::Dk1);
    intruder(&mut s, Room::Sa1, false);
    s.known = vec![Power::ImmuneToGas, Power::VeryFast];
    s.turn = 5;
    s.phase = Phase::SecondInteraction;
    s.step = Step::CrewActions(None);
    let mut dice = Loaded::new(&[]);
    let start = Action::StartSelfDestruct {
        crewman: Crewman::S1,
    };
    assert_eq!(
        check(&s, Seat::Crew, &start).unwrap_err().code(),
        "may_not_destruct"
    );
    let mut turns = Vec::new();
    // Start, then play turns: every counter stays (6s), the crew ends its steps.
    let mut dice6 = Loaded::new(&[6; 400]);
    crew(
        &mut s,
        Action::StartSelfDestruct {
            crewman: Crewman::C1,
        },
        &mut dice,
    )
    .unwrap();
    while s.ending.is_none() {
        if let SelfDestruct::Active { r#box, .. } = s.self_destruct {
            turns.push((s.turn, s.phase, r#box));
        }
        let stop = Action::StopSelfDestruct {
            crewman: Crewman::S1,
        };
        let stoppable = check(&s, Seat::Crew, &stop).is_ok();
        if s.turn == 10 && s.phase == Phase::SecondInteraction {
            assert!(stoppable, "box 5 in turn 10");
        }
        if s.turn == 11 && s.phase == Phase::SecondInteraction {
            assert!(!stoppable, "box 4 in turn 11");
        }
        let leave = Action::LeaveInShuttle {
            crewman: Crewman::C2,
            with: Vec::new(),
        };
        if matches!(s.step, Step::CrewActions(_)) && s.phase == Phase::SecondInteraction {
            assert_eq!(
                check(&s, Seat::Crew, &leave).is_ok(),
                s.turn >= 11,
                "Shuttles leave from turn 11 (turn {})",
                s.turn
            );
        }
        let next = match s.step {
            Step::CrewMovement => Action::EndMovement {},
            _ => Action::EndActions {},
        };
        crew(&mut s, next, &mut dice6).unwrap();
    }
    assert_eq!(s.ending.as_ref().map(|e| e.reason), Some("detonation"));
    assert_eq!(s.turn, 14, "destroyed in phase 6 of turn 14");
    assert!(turns.contains(&(11, Phase::CrewMovement, 4)), "{turns:?}");
}

#[test]
fn example_10_two_free_intruders_and_one_caged_make_isi_3_a_3_stows_one_away_a_4_does_not() {
    for (roll, aboard) in [(3, true), (4, false)] {
        let mut s = bare();
        put(&mut s, Crewman::C1, Room::Dk1);
        put(&mut s, Crewman::C2, Room::Cm);
        s.known = vec![Power::ImmuneToGas, Power::ImmuneToFlame];
        let free = [
            intruder(&mut s, Room::Sa1, false),
            intruder(&mut s, Room::Sc2, true),
        ];
        let caged = intruder(&mut s, Room::Lab, true);
        let k = s.counter_by_id(caged).unwrap();
        s.counters[k].cage = Some(15);
        s.phase = Phase::SecondInteraction;
        s.self_destruct = SelfDestruct::Active { turn: 1, r#box: 4 };
        s.step = Step::CrewActions(Some(Room::Dk1));
        s.cursor = 26;
        let mut faces = vec![roll];
        faces.extend([6; 40]);
        let mut dice = Loaded::new(&faces);
        let leave = Action::LeaveInShuttle {
            crewman: Crewman::C1,
            with: Vec::new(),
        };
        let events = crew(&mut s, leave, &mut dice).expect("leaves");
        let (index, stowaway) = events
            .iter()
            .find_map(|e| match e {
                Event::StowawayRoll {
                    index, stowaway, ..
                } => Some((*index, *stowaway)),
                _ => None,
            })
            .expect("the stowaway roll");
        assert_eq!(index, 3, "ISI: two free Intruders + 1");
        assert_eq!(stowaway.is_some(), aboard, "roll {roll}");
        assert!(stowaway.is_none_or(|id| free.contains(&id)));
        assert_eq!(
            s.counters[k].place,
            Place::Map(Room::Lab),
            "the caged one stays"
        );
    }
}

#[test]
fn example_11_clone_found_at_stage_four_sends_two_clones_to_wait() {
    let mut s = bare();
    s.stage = 4;
    put(&mut s, Crewman::C1, Room::Lab);
    intruder(&mut s, Room::Lab, true);
    s.known = vec![
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToShock,
        Power::ImmuneToCold,
    ];
    // No attack (6); the one unknown power rolls 7 (Clone).
    let mut dice = Loaded::new(&[6, 3, 4]);
    interact(&mut s, &mut dice);
    assert!(s.has(Power::Clone));
    assert_eq!(chart(4).clones, 3);
    let waiting = s
        .counters
        .iter()
        .filter(|c| c.place == Place::ClonesNotYetInPlay)
        .count();
    assert_eq!(waiting, 2);
}

#[test]
fn example_12_score_is_minus_five_per_death_plus_seven_per_kill_plus_fifteen_per_capture() {
    let mut s = bare();
    for c in &mut s.crew {
        c.alive = true;
    }
    s.crew[0].alive = false;
    s.crew[1].alive = false;
    s.killed = 1;
    s.captured = 1;
    assert_eq!(s.score(), 12);
}

#[test]
fn example_12_two_dead_one_killed_one_frozen_end_in_a_twelve_point_win() {
    let (mut s, _, _) = super::freezer::freezer_loaded(&[
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::FastReflexes,
        Power::ImmuneToShock,
    ]);
    for c in CREW {
        if c != Crewman::E1 && c != Crewman::C2 {
            put(&mut s, c, Room::Cm);
        }
    }
    s.crew[Crewman::S3 as usize].alive = false;
    s.killed = 1;
    // E1 dies in the Freezer with the last Intruder: 2 dead, 1 killed, 1 frozen.
    crew(
        &mut s,
        super::freezer::turn_on(Crewman::C2),
        &mut Loaded::new(&[]),
    )
    .unwrap();
    let ending = s.ending.clone().expect("no Intruder is left");
    assert_eq!(
        (ending.reason, ending.score, ending.crew_won),
        ("intruders_gone", 12, Some(true))
    );
}
