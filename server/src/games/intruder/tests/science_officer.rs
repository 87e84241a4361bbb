//! The Science Officer (rules 17.3): two crew seats give secret orders, executed in turn order,
//! and score by their own table.

use xenotable_protocol::intruder::{
    Action, Crewman, Event, ObjectKind, ObjectPlace, Phase, Power, Room, SelfDestruct,
};
use xenotable_protocol::{Outcome, Seat};

use super::super::state::{Ending, State, Step};
use super::super::{Intruder, Scenario};
use super::support::{Loaded, automatic, bare, intruder, play, put};
use crate::games::{Game, RuleError, Told, Viewer};

/// An empty station of the Science Officer scenario at the Crew Movement Phase of `turn`.
fn moving(turn: u32) -> State {
    let mut s = bare();
    s.scenario = Scenario::ScienceOfficer;
    s.turn = turn;
    s.phase = Phase::CrewMovement;
    s.step = Step::CrewMovement;
    for c in &mut s.crew {
        c.mp = 3;
    }
    s
}

fn give(s: &mut State, seat: Seat, orders: Vec<Action>) -> Result<Vec<Told<Event>>, RuleError> {
    play(
        s,
        seat,
        &Action::Orders { orders },
        &mut Loaded::new(&[6; 12]),
    )
}

fn cage_in_lab(s: &State) -> u8 {
    s.objects
        .iter()
        .position(|o| {
            o.kind == ObjectKind::Cage && o.place == (ObjectPlace::Room { room: Room::Lab })
        })
        .unwrap() as u8
}

fn pick_up(crewman: Crewman, object: u8) -> Action {
    Action::PickUp { crewman, object }
}

#[test]
fn a_seat_orders_its_own_crewmen_only() {
    let mut s = moving(1);
    put(&mut s, Crewman::S1, Room::Lab);
    put(&mut s, Crewman::C1, Room::Lab);
    let cage = cage_in_lab(&s);
    let refused = give(&mut s, Seat::Science, vec![pick_up(Crewman::C1, cage)]);
    assert_eq!(refused.unwrap_err().code(), "not_your_crewman");
    let refused = give(&mut s, Seat::Science, vec![Action::EndMovement {}]);
    assert_eq!(refused.unwrap_err().code(), "not_an_order");
    let refused = play(
        &mut s,
        Seat::Crew,
        &Action::EndMovement {},
        &mut Loaded::new(&[]),
    );
    assert_eq!(refused.unwrap_err().code(), "not_your_turn");
}

#[test]
fn until_both_are_ready_neither_seat_sees_the_others_orders() {
    let mut s = moving(1);
    put(&mut s, Crewman::S1, Room::Lab);
    put(&mut s, Crewman::C1, Room::Lab);
    let cage = cage_in_lab(&s);
    let orders = vec![pick_up(Crewman::S1, cage)];
    let told = give(&mut s, Seat::Science, orders.clone()).unwrap();
    assert_eq!(Intruder::to_act(&s), vec![Seat::Command]);
    let given = &told[0];
    for (viewer, seen) in [
        (Viewer::Seat(Seat::Science), Some(orders.clone())),
        (Viewer::Seat(Seat::Command), None),
        (Viewer::Spectator, None),
    ] {
        assert_eq!(
            Intruder::redact(given, viewer),
            Some(Event::OrdersGiven {
                seat: Seat::Science,
                orders: seen.clone()
            })
        );
        let view = Intruder::view(&s, viewer);
        assert_eq!(view.orders, seen);
        assert_eq!(view.ready, vec![Seat::Science]);
    }
    assert!(
        Intruder::legal_actions(&s, Seat::Science).is_empty(),
        "ready"
    );
    give(&mut s, Seat::Command, vec![]).unwrap();
    assert_eq!(
        s.objects[usize::from(cage)].place,
        ObjectPlace::Carried {
            crewman: Crewman::S1
        }
    );
    assert!(s.orders.is_empty());
}

#[test]
fn command_goes_first_on_odd_turns_and_science_on_even_turns() {
    for (turn, winner, loser) in [(1, Crewman::C1, Crewman::S1), (2, Crewman::S1, Crewman::C1)] {
        let mut s = moving(turn);
        put(&mut s, Crewman::S1, Room::Lab);
        put(&mut s, Crewman::C1, Room::Lab);
        let cage = cage_in_lab(&s);
        give(&mut s, Seat::Science, vec![pick_up(Crewman::S1, cage)]).unwrap();
        let told = give(&mut s, Seat::Command, vec![pick_up(Crewman::C1, cage)]).unwrap();
        assert_eq!(
            s.objects[usize::from(cage)].place,
            ObjectPlace::Carried { crewman: winner },
            "turn {turn}"
        );
        assert!(told.iter().any(|t| matches!(
            &t.event,
            Event::OrderFailed { crewman, code, .. } if *crewman == loser && code == "not_here"
        )));
    }
}

/// A stage 3 Intruder caged in the Lab, its Cage borne by `carriers` (powers all known, so the
/// rest of the turn rolls none); returns the Cage.
fn caged_and_borne(s: &mut State, carriers: &[Crewman]) -> u8 {
    s.stage = 3;
    s.known = vec![Power::FastReflexes, Power::ImmuneToCold, Power::ImmuneToGas];
    let cage = cage_in_lab(s);
    let id = intruder(s, Room::Lab, true);
    let k = s.counter_by_id(id).unwrap();
    s.counters[k].cage = Some(usize::from(cage));
    for &c in carriers {
        put(s, c, Room::Lab);
        s.crew[c as usize].bears = Some(usize::from(cage));
    }
    cage
}

/// S1 and S2 bear a caged Intruder in the Lab, C1 stands by: the state, the Cage, the carry to
/// B1.
fn science_bears_with_c1_by() -> (State, u8, Action) {
    let mut s = moving(1);
    let cage = caged_and_borne(&mut s, &[Crewman::S1, Crewman::S2]);
    put(&mut s, Crewman::C1, Room::Lab);
    (s, cage, Action::CarryCage { cage, to: Room::B1 })
}

#[test]
fn a_caged_intruder_is_carried_on_the_order_of_the_seat_owning_every_carrier() {
    let (mut s, cage, carry) = science_bears_with_c1_by();
    let refused = give(&mut s, Seat::Command, vec![carry.clone()]);
    assert_eq!(refused.unwrap_err().code(), "not_your_crewman");
    assert!(
        Intruder::legal_actions(&s, Seat::Science).contains(&Action::Orders {
            orders: vec![carry.clone()]
        })
    );
    give(&mut s, Seat::Science, vec![carry]).unwrap();
    let told = give(&mut s, Seat::Command, Vec::new()).unwrap();
    assert!(told.iter().any(|t| t.event
        == Event::CageCarried {
            cage,
            from: Room::Lab,
            to: Room::B1,
            carriers: vec![Crewman::S1, Crewman::S2],
        }));
    assert_eq!(s.crew[Crewman::S2 as usize].room, Room::B1);
}

#[test]
fn a_cage_borne_by_both_seats_is_no_order_of_either() {
    let mut s = moving(1);
    let cage = caged_and_borne(&mut s, &[Crewman::C1, Crewman::S1]);
    let carry = Action::CarryCage { cage, to: Room::B1 };
    for seat in [Seat::Science, Seat::Command] {
        let refused = give(&mut s, seat, vec![carry.clone()]);
        assert_eq!(refused.unwrap_err().code(), "not_your_crewman");
        assert!(
            !Intruder::legal_actions(&s, seat).contains(&Action::Orders {
                orders: vec![carry.clone()]
            })
        );
    }
}

#[test]
fn a_carry_fails_when_a_carrier_of_the_other_seat_joined_first() {
    // Turn 1: command's block goes first; C1 picks the Cage up and becomes a carrier, so the
    // science seat's carry has become illegal and cancels its carriers' later orders.
    let (mut s, cage, carry) = science_bears_with_c1_by();
    let later = Action::Drop {
        crewman: Crewman::S1,
        object: cage,
    };
    give(&mut s, Seat::Science, vec![carry, later]).unwrap();
    let told = give(&mut s, Seat::Command, vec![pick_up(Crewman::C1, cage)]).unwrap();
    let failed: Vec<&Event> = told
        .iter()
        .map(|t| &t.event)
        .filter(|e| matches!(e, Event::OrderFailed { .. }))
        .collect();
    assert_eq!(failed.len(), 2, "{failed:?}");
    assert!(failed.iter().all(|e| matches!(
        e,
        Event::OrderFailed { seat: Seat::Science, code, .. } if code == "not_your_crewman"
    )));
    assert_eq!(s.crew[Crewman::S1 as usize].bears, Some(usize::from(cage)));
    assert_eq!(s.crew[Crewman::S1 as usize].room, Room::Lab);
}

#[test]
fn a_failed_order_cancels_the_rest_of_that_crewmans_list() {
    // Turn 1: command's block goes first and C1 takes the Lab's Cage, so S1's pick-up, legal
    // when given, has become illegal: it fails, and S1's move after it is never tried.
    let mut s = moving(1);
    for c in [Crewman::S1, Crewman::S2, Crewman::C1] {
        put(&mut s, c, Room::Lab);
    }
    let cage = cage_in_lab(&s);
    let orders = vec![
        pick_up(Crewman::S1, cage),
        Action::Move {
            crewman: Crewman::S1,
            to: Room::Inf,
        },
        Action::Move {
            crewman: Crewman::S2,
            to: Room::Inf,
        },
    ];
    give(&mut s, Seat::Science, orders).unwrap();
    let told = give(&mut s, Seat::Command, vec![pick_up(Crewman::C1, cage)]).unwrap();
    assert_eq!(s.crewman(Crewman::S1).room, Room::Lab);
    assert_eq!(s.crewman(Crewman::S2).room, Room::Inf);
    let failed: Vec<&Event> = told
        .iter()
        .map(|t| &t.event)
        .filter(|e| matches!(e, Event::OrderFailed { .. }))
        .collect();
    assert_eq!(
        failed,
        [&Event::OrderFailed {
            seat: Seat::Science,
            crewman: Crewman::S1,
            code: "not_here".into()
        }]
    );
}

#[test]
fn an_order_already_illegal_when_given_is_refused_at_once_and_its_seat_is_not_ready() {
    let mut s = moving(1);
    put(&mut s, Crewman::S1, Room::Inf);
    put(&mut s, Crewman::C1, Room::Cm);
    let to = |room| Action::Move {
        crewman: Crewman::S1,
        to: room,
    };
    let before = s.clone();
    // INF does not lead to B1; nor do 3 MP take S1 four compartments on.
    for (orders, code) in [
        (vec![to(Room::B1)], "not_adjacent"),
        (
            vec![to(Room::Lab), to(Room::B1), to(Room::Cm), to(Room::A1)],
            "no_mp",
        ),
    ] {
        let refused = give(&mut s, Seat::Science, orders).unwrap_err();
        assert_eq!(refused.code(), code);
        assert_eq!(s, before, "nothing changed, nobody was told");
        assert_eq!(Intruder::to_act(&s), vec![Seat::Science, Seat::Command]);
        assert!(
            Intruder::view(&s, Viewer::Seat(Seat::Science))
                .ready
                .is_empty()
        );
    }
    // Each order is checked as the ones before it leave S1: LAB, then B1, then CM.
    give(
        &mut s,
        Seat::Science,
        vec![to(Room::Lab), to(Room::B1), to(Room::Cm)],
    )
    .unwrap();
    assert_eq!(
        Intruder::view(&s, Viewer::Spectator).ready,
        vec![Seat::Science]
    );
}

#[test]
fn a_seat_with_no_crewman_able_to_act_is_ready_at_once() {
    let mut s = moving(1);
    put(&mut s, Crewman::S1, Room::Inf);
    assert_eq!(Intruder::to_act(&s), vec![Seat::Science]);
    assert!(Intruder::legal_actions(&s, Seat::Command).is_empty());
    give(&mut s, Seat::Science, vec![]).unwrap();
    assert_ne!(s.step, Step::CrewMovement, "the movement is over");
}

#[test]
fn the_attacked_crewmans_owner_chooses_self_defence_first() {
    let mut s = moving(1);
    put(&mut s, Crewman::S1, Room::Mes);
    put(&mut s, Crewman::C1, Room::Mes);
    let id = super::support::intruder(&mut s, Room::Mes, true);
    let k = s.counter_by_id(id).unwrap();
    s.step = Step::SelfDefence {
        room: Room::Mes,
        intruder: k,
        target: Crewman::S1,
        rest: vec![],
    };
    s.attacks = vec![0; s.counters.len()];
    s.phase = Phase::FirstInteraction;
    s.known = vec![Power::VeryFast, Power::ImmuneToGas];
    // Science Officers never improvise (a lethal weapon): S1 defends with a dart.
    let dart = super::support::arm(&mut s, Crewman::S1, ObjectKind::SleepDartPistol);
    let c1 = Action::Defend {
        crewman: Crewman::C1,
        object: None,
    };
    let s1 = Action::Defend {
        crewman: Crewman::S1,
        object: Some(dart),
    };
    give(&mut s, Seat::Command, vec![c1]).unwrap();
    let told = give(&mut s, Seat::Science, vec![s1]).unwrap();
    assert!(told.iter().any(|t| matches!(
        t.event,
        Event::CrewAttack {
            crewman: Crewman::S1,
            defence: true,
            ..
        }
    )));
    assert!(!s.crewman(Crewman::C1).acted, "C1's defence lapsed");
}

#[test]
fn example_12_two_dead_science_officers_one_kill_one_capture_command_wins() {
    let mut s = moving(1);
    for c in super::super::state::CREW {
        put(&mut s, c, Room::Cm);
    }
    s.crew[Crewman::S1 as usize].alive = false;
    s.crew[Crewman::S2 as usize].alive = false;
    s.killed = 1;
    s.captured = 1;
    assert_eq!(
        super::super::orders::scores(&s),
        [(Seat::Science, 9), (Seat::Command, 22)]
    );
    s.ending = Some(Ending {
        reason: "intruders_gone",
        score: s.score(),
        crew_won: Some(true),
    });
    assert_eq!(
        Intruder::outcome(&s),
        Some(Outcome {
            winners: vec![Seat::Command],
            reason: "intruders_gone_win".into()
        })
    );
    // Equal positive scores share the win; none positive: nobody (the automatic Intruder).
    s.killed = 0;
    s.captured = 0;
    s.crew[Crewman::S1 as usize].alive = true;
    s.crew[Crewman::S2 as usize].alive = true;
    assert_eq!(Intruder::outcome(&s).unwrap().winners, vec![]);
}

#[test]
fn detonation_is_scored_as_16_2_for_both_seats_a_draw_with_three_escaped_else_a_loss() {
    for (scenario, escaped, expected) in [
        (Scenario::ScienceOfficer, 3, (vec![], "detonation_draw")),
        (Scenario::ScienceOfficer, 2, (vec![], "detonation_loss")),
        (
            Scenario::ScienceOfficerIntelligent,
            3,
            (vec![], "detonation_draw"),
        ),
        (
            Scenario::ScienceOfficerIntelligent,
            2,
            (vec![Seat::Intruder], "detonation_loss"),
        ),
    ] {
        let mut s = moving(14);
        s.scenario = scenario;
        intruder(&mut s, Room::Sa1, false);
        put(&mut s, Crewman::S1, Room::Cm);
        for &c in &[Crewman::C1, Crewman::C2, Crewman::C3][..escaped] {
            put(&mut s, c, Room::Dk1);
            s.crew[c as usize].aboard = Some(1);
        }
        s.shuttles[0].left = true;
        // A positive score for the Command seat is no win at detonation.
        s.killed = 1;
        s.self_destruct = SelfDestruct::Active { turn: 5, r#box: 1 };
        s.phase = Phase::SecondInteraction;
        automatic(&mut s, &mut Loaded::new(&[]), |t| t.end_interaction());
        let (winners, reason) = expected;
        assert_eq!(
            Intruder::outcome(&s),
            Some(Outcome {
                winners,
                reason: reason.into()
            }),
            "{scenario:?} with {escaped} escaped"
        );
    }
}

#[test]
fn a_caged_permanently_trapped_intruder_scores_as_captured() {
    // Stage 6 with all seven powers known and no Extra Strong: S1 darts the Intruder in PWR to
    // sleep, C1 cages it, and it is trapped for good (12.1): a capture for both seats (17.3).
    let mut s = bare();
    s.scenario = Scenario::ScienceOfficer;
    s.stage = 6;
    s.known = vec![
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToCold,
        Power::FastReflexes,
        Power::ImmuneToFlame,
        Power::Clone,
        Power::BlasterResistant,
    ];
    for c in super::super::state::CREW {
        put(&mut s, c, Room::Mes);
    }
    put(&mut s, Crewman::S1, Room::Pwr);
    put(&mut s, Crewman::C1, Room::Pwr);
    let dart = super::support::arm(&mut s, Crewman::S1, ObjectKind::SleepDartPistol);
    super::support::arm(&mut s, Crewman::C1, ObjectKind::Cage);
    let id = intruder(&mut s, Room::Pwr, true);
    // No attack (6); S1's dart reads S (1); C1 cages the sleeper (5).
    let mut dice = Loaded::new(&[6, 1, 5]);
    automatic(&mut s, &mut dice, |t| {
        t.begin_interaction(Phase::FirstInteraction)
    });
    assert_eq!(
        Intruder::to_act(&s),
        vec![Seat::Science],
        "C1 cannot cage it awake"
    );
    let dart = Action::Attack {
        crewman: Crewman::S1,
        intruder: id,
        object: Some(dart),
    };
    play(
        &mut s,
        Seat::Science,
        &Action::Orders { orders: vec![dart] },
        &mut dice,
    )
    .unwrap();
    let cage = Action::CageIntruder {
        crewman: Crewman::C1,
        intruder: id,
    };
    play(
        &mut s,
        Seat::Command,
        &Action::Orders { orders: vec![cage] },
        &mut dice,
    )
    .unwrap();
    assert_eq!(dice.left(), 0);
    let k = s.counter_by_id(id).unwrap();
    assert!(s.permanently_trapped(k));
    assert_eq!(
        super::super::orders::scores(&s),
        [(Seat::Science, 20), (Seat::Command, 15)]
    );
    assert_eq!(
        Intruder::outcome(&s),
        Some(Outcome {
            winners: vec![Seat::Science],
            reason: "intruders_gone_win".into()
        })
    );
}
