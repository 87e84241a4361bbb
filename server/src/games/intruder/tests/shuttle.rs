//! Shuttles and stowaways (rules 15.1, 15.2, 16).

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Effect, Event, ObjectKind, Phase, Power, Prompt, Room, SelfDestruct, Weapon,
};

use super::super::flow::Table;
use super::super::intent::check;
use super::super::state::{Place, State, Step};
use super::super::{Intruder, Scenario};
use super::support::{Loaded, arm, bare, crew, intruder, put};
use crate::games::{Game, Viewer};

/// C1 and E1 in Shuttle Dock #1 in its crew action segment of the Second Interaction, box 4 of
/// the track (Shuttles may leave), known powers so none is rolled aboard.
fn at_the_dock() -> State {
    let mut s = bare();
    put(&mut s, Crewman::C1, Room::Dk1);
    put(&mut s, Crewman::E1, Room::Dk1);
    put(&mut s, Crewman::C2, Room::Cm);
    s.known = vec![Power::ImmuneToGas, Power::ImmuneToFlame];
    s.phase = Phase::SecondInteraction;
    s.self_destruct = SelfDestruct::Active { turn: 1, r#box: 4 };
    s.step = Step::CrewActions(Some(Room::Dk1));
    s.cursor = 26;
    s
}

fn leave(with: &[Crewman]) -> Action {
    Action::LeaveInShuttle {
        crewman: Crewman::C1,
        with: with.to_vec(),
    }
}

fn stowaway_of(events: &[Event]) -> Option<Option<u32>> {
    events.iter().find_map(|e| match e {
        Event::StowawayRoll { stowaway, .. } => Some(*stowaway),
        _ => None,
    })
}

#[test]
fn shuttles_leave_only_from_box_4_of_the_track_or_freely_after_a_stop() {
    let mut s = at_the_dock();
    for (track, ok) in [
        (SelfDestruct::Off {}, false),
        (SelfDestruct::Active { turn: 1, r#box: 5 }, false),
        (SelfDestruct::Active { turn: 1, r#box: 4 }, true),
        (SelfDestruct::Active { turn: 1, r#box: 1 }, true),
        (SelfDestruct::Stopped {}, true),
    ] {
        s.self_destruct = track;
        let result = check(&s, Seat::Crew, &leave(&[]));
        assert_eq!(result.is_ok(), ok, "{track:?}");
        if !ok {
            assert_eq!(result.unwrap_err().code(), "shuttles_grounded");
        }
    }
    s.phase = Phase::FirstInteraction;
    assert_eq!(
        check(&s, Seat::Crew, &leave(&[])).unwrap_err().code(),
        "wrong_phase"
    );
}

#[test]
fn leaving_in_a_shuttle_takes_up_to_three_others_who_have_not_acted_and_their_objects() {
    let mut s = at_the_dock();
    for c in [Crewman::E2, Crewman::E3, Crewman::S1] {
        put(&mut s, c, Room::Dk1);
    }
    let all = [Crewman::E1, Crewman::E2, Crewman::E3, Crewman::S1];
    assert_eq!(
        check(&s, Seat::Crew, &leave(&all)).unwrap_err().code(),
        "shuttle_full"
    );
    s.crew[Crewman::S1 as usize].acted = true;
    assert_eq!(
        check(&s, Seat::Crew, &leave(&[Crewman::S1]))
            .unwrap_err()
            .code(),
        "already_acted"
    );
    intruder(&mut s, Room::Sa1, false);
    let blaster = arm(&mut s, Crewman::E1, ObjectKind::Blaster);
    let mut dice = Loaded::new(&[6; 30]);
    let events = crew(&mut s, leave(&all[..3]), &mut dice).expect("leaves");
    assert_eq!(
        stowaway_of(&events),
        Some(None),
        "ISI 2, roll 6: no stowaway"
    );
    for c in [Crewman::C1, Crewman::E1, Crewman::E2, Crewman::E3] {
        assert_eq!(s.crewman(c).aboard, Some(1));
    }
    assert_eq!(
        s.crew_in(Room::Dk1),
        vec![Crewman::S1],
        "the others are off the station"
    );
    assert_eq!(s.object_room(usize::from(blaster)), None);
    assert_eq!(s.object_shuttle(usize::from(blaster)), Some(1));
    let view = Intruder::view(&s, Viewer::Spectator);
    assert!(view.shuttles[0].left && !view.shuttles[1].left);
    assert_eq!(view.shuttles[0].crew.len(), 4);
    assert_eq!(view.shuttles[0].objects, vec![blaster]);
    // A Shuttle never returns: Shuttle #1 cannot leave again.
    s.crew[Crewman::S1 as usize].acted = false;
    s.phase = Phase::SecondInteraction;
    s.step = Step::CrewActions(None);
    let again = Action::LeaveInShuttle {
        crewman: Crewman::S1,
        with: Vec::new(),
    };
    assert_eq!(
        check(&s, Seat::Crew, &again).unwrap_err().code(),
        "shuttle_gone"
    );
}

#[test]
fn the_crew_aboard_fights_its_stowaway_and_opens_the_hatches_after_a_segment_preparing() {
    let mut s = at_the_dock();
    let id = intruder(&mut s, Room::Sa1, false);
    arm(&mut s, Crewman::E1, ObjectKind::SleepDartPistol);
    // Stowaway roll 2 (ISI 2): it is aboard; its attack roll 6: no attack.
    let mut dice = Loaded::new(&[2, 6]);
    let events = crew(&mut s, leave(&[Crewman::E1]), &mut dice).expect("leaves");
    assert_eq!(stowaway_of(&events), Some(Some(id)));
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(s.counters[k].place, Place::Shuttle(1));
    assert_eq!(
        Intruder::view(&s, Viewer::Spectator).prompt,
        Prompt::ShuttleActions { shuttle: 1 }
    );
    assert_eq!(
        Intruder::view(&s, Viewer::Spectator).shuttles[0].intruder,
        Some(id)
    );
    let prepare = Action::PrepareHatches {
        crewman: Crewman::C1,
    };
    crew(&mut s, prepare, &mut dice).expect("prepares");
    let open = Action::OpenHatches {
        crewman: Crewman::E1,
    };
    assert_eq!(
        check(&s, Seat::Crew, &open).unwrap_err().code(),
        "not_prepared",
        "a whole segment is spent preparing first"
    );
    // E1 ends the segment; the next repetition: attack roll 6, no attack.
    let mut dice = Loaded::new(&[6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    crew(&mut s, Action::EndActions {}, &mut dice).expect("next repetition");
    assert_eq!(s.shuttles[0].round, 2);
    let events = crew(&mut s, open, &mut dice).expect("opens");
    assert!(events.contains(&Event::IntruderKilled { intruder: id }));
    assert_eq!(s.counters[k].place, Place::Killed);
    assert!(s.crewman(Crewman::E1).alive && s.crewman(Crewman::C1).alive);
    assert!(!s.died, "a death aboard makes no panic on the station");
}

#[test]
fn a_shuttle_whose_crew_all_die_lands_the_intruder_on_its_home_world() {
    let mut s = at_the_dock();
    let id = intruder(&mut s, Room::Sa1, false);
    // Stowaway 1; attack 1; C1 (alone aboard) does not defend himself; kill 1: he dies.
    let mut dice = Loaded::new(&[1, 1, 1]);
    crew(&mut s, leave(&[]), &mut dice).expect("leaves");
    assert!(matches!(
        s.step,
        Step::ShuttleDefence {
            target: Crewman::C1,
            ..
        }
    ));
    let events = crew(&mut s, Action::NoDefence {}, &mut dice).expect("no defence");
    assert!(events.contains(&Event::ShuttleLanded {
        shuttle: 1,
        intruder: id
    }));
    let k = s.counter_by_id(id).unwrap();
    assert_eq!(s.counters[k].place, Place::Landed);
    assert_eq!(
        s.killed + s.captured_total(),
        0,
        "neither killed nor captured"
    );
    assert_eq!(
        s.ending.as_ref().map(|e| e.reason),
        Some("intruders_gone"),
        "gone alive: no Intruder is left (16.1)"
    );
}

#[test]
fn at_detonation_three_escaped_crewmen_make_a_draw_and_fewer_a_loss() {
    for (escaped, draw) in [(3, true), (2, false)] {
        let mut s = bare();
        intruder(&mut s, Room::Sa1, false);
        for c in [Crewman::C1, Crewman::C2, Crewman::C3][..escaped].iter() {
            put(&mut s, *c, Room::Dk1);
            s.crew[*c as usize].aboard = Some(1);
        }
        s.shuttles[0].left = true;
        put(&mut s, Crewman::S1, Room::Cm);
        s.self_destruct = SelfDestruct::Active { turn: 1, r#box: 1 };
        s.turn = 5;
        s.phase = Phase::SecondInteraction;
        let mut dice = Loaded::new(&[]);
        Table::new(&mut s, &mut dice).end_interaction();
        let ending = s.ending.as_ref().expect("destroyed");
        assert_eq!(ending.reason, "detonation");
        assert_eq!(ending.crew_won, if draw { None } else { Some(false) });
        assert!(s.crewman(Crewman::C1).alive, "escaped crewmen are alive");
        assert!(!s.crewman(Crewman::S1).alive);
    }
}

#[test]
fn the_intruder_seat_decides_the_stowaways_attack_and_target() {
    let mut s = at_the_dock();
    s.scenario = Scenario::Intelligent;
    let id = intruder(&mut s, Room::Sa1, false);
    let mut dice = Loaded::new(&[1]);
    crew(&mut s, leave(&[Crewman::E1]), &mut dice).expect("leaves");
    assert_eq!(Intruder::to_act(&s), vec![Seat::Intruder]);
    assert_eq!(
        Intruder::view(&s, Viewer::Seat(Seat::Crew)).prompt,
        Prompt::ShuttleAttack {
            shuttle: 1,
            intruder: id
        }
    );
    let legal = Intruder::legal_actions(&s, Seat::Intruder);
    assert_eq!(legal.len(), 3, "no attack, C1 or E1: {legal:?}");
    let attack = Action::IntruderAttack {
        intruder: id,
        target: Some(Crewman::E1),
    };
    // E1 is unarmed and stage 1 forbids nothing in self-defence: the crew is asked.
    super::support::play(&mut s, Seat::Intruder, &attack, &mut dice).expect("decided");
    assert_eq!(
        Intruder::view(&s, Viewer::Seat(Seat::Crew)).prompt,
        Prompt::ShuttleDefence {
            shuttle: 1,
            intruder: id,
            target: Crewman::E1
        }
    );
}

#[test]
fn rule_17_4_a_marine_aboard_fights_the_stowaway_with_his_four_weapons() {
    let mut s = at_the_dock();
    s.marines = true;
    let id = intruder(&mut s, Room::Sa1, false);
    // Stowaway roll 2 (ISI 2): it is aboard; its attack roll 6: no attack.
    let mut dice = Loaded::new(&[2, 6]);
    crew(&mut s, leave(&[Crewman::E1]), &mut dice).expect("leaves");
    let dart = Action::MarineAttack {
        crewman: Crewman::E1,
        target: id,
        weapon: Weapon::SleepDart,
    };
    assert!(Intruder::legal_actions(&s, Seat::Crew).contains(&dart));
    let events = crew(&mut s, dart, &mut Loaded::new(&[1, 6, 6, 6])).expect("attacks");
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CrewAttack {
            crewman: Crewman::E1,
            weapon: Weapon::SleepDart,
            effect: Effect::Sleep,
            ..
        }
    )));
}

#[test]
fn rule_17_4_a_marine_aboard_defends_himself_with_his_four_weapons() {
    let mut s = at_the_dock();
    s.marines = true;
    let id = intruder(&mut s, Room::Sa1, false);
    // Stowaway 1; attack 1 on C1, alone aboard.
    let mut dice = Loaded::new(&[1, 1]);
    crew(&mut s, leave(&[]), &mut dice).expect("leaves");
    let blaster = Action::MarineDefend {
        crewman: Crewman::C1,
        weapon: Weapon::Blaster,
    };
    assert!(Intruder::legal_actions(&s, Seat::Crew).contains(&blaster));
    let events = crew(&mut s, blaster, &mut Loaded::new(&[1])).expect("defends");
    assert!(events.contains(&Event::IntruderKilled { intruder: id }));
    assert!(s.crewman(Crewman::C1).alive);
}

#[test]
fn a_station_left_by_every_living_crewman_while_the_self_destruct_runs_is_scored_as_a_detonation() {
    // Five crewmen alive at box 4, four in Shuttle Dock #1 and E3 in #2: they all leave. The station still
    // blows up: a detonation with 5 escaped is a draw (16.2), not a station abandoned and
    // scored by points (-20, a loss), which leaving one behind to die would have beaten.
    let mut s = at_the_dock();
    put(&mut s, Crewman::E2, Room::Dk1);
    put(&mut s, Crewman::S1, Room::Dk1);
    s.crew[Crewman::C2 as usize].alive = false;
    put(&mut s, Crewman::E3, Room::Dk2);
    intruder(&mut s, Room::Sa1, false);
    // ISI 2, roll 6: no stowaway (for both Shuttles).
    let mut dice = Loaded::new(&[6]);
    let all = [Crewman::E1, Crewman::E2, Crewman::S1];
    crew(&mut s, leave(&all), &mut dice).expect("three leave with C1");
    assert!(s.ending.is_none(), "E3 is still on the station");
    assert_eq!(
        s.step,
        Step::CrewActions(None),
        "E3 may leave in the general step"
    );
    let alone = Action::LeaveInShuttle {
        crewman: Crewman::E3,
        with: Vec::new(),
    };
    let mut dice = Loaded::new(&[6]);
    let events = crew(&mut s, alone, &mut dice).expect("E3 leaves");
    let ending = s.ending.as_ref().expect("nobody is left on the station");
    assert_eq!(ending.reason, "detonation");
    assert_eq!(ending.crew_won, None, "4 dead, 5 escaped: a draw");
    assert_eq!(
        Intruder::outcome(&s).map(|o| o.reason),
        Some("detonation_draw".to_owned())
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Ended { reason, .. } if reason == "detonation"
    )));
}
