//! Unit tests of single rules, named after the rule they prove.

use xenotable_protocol::intruder::{
    Action, Crewman, Effect, Event, ObjectKind, Power, Room, Weapon,
};
use xenotable_protocol::{Outcome, Seat};

use super::super::flow::Table;
use super::super::state::{Ending, Step};
use super::super::{Intruder, Options, Scenario};
use super::support::{Loaded, arm, automatic, bare, crew, in_segment, intruder, put};
use crate::games::{Game, SetupError};
use xenotable_protocol::intruder::Phase;

fn attack(crewman: Crewman, intruder: u32, object: u8) -> Action {
    Action::Attack {
        crewman,
        intruder,
        object: Some(object),
    }
}

#[test]
fn a_sleeper_wakes_only_at_its_own_compartments_crew_segment_of_the_same_phase_next_turn() {
    // Played from turn 1's First Interaction: C1 stands by a loose Lab Animal in MES (whose
    // segment comes first), S1 darts the stage 1 Intruder in LAB to sleep.
    let mut s = bare();
    s.known = vec![Power::ImmuneToGas, Power::ImmuneToFlame];
    put(&mut s, Crewman::C1, Room::Mes);
    super::support::animal(&mut s, Room::Mes);
    put(&mut s, Crewman::S1, Room::Lab);
    let dart = arm(&mut s, Crewman::S1, ObjectKind::SleepDartPistol);
    let id = intruder(&mut s, Room::Lab, true);
    let k = s.counter_by_id(id).unwrap();
    // No attack (6), the dart reads S (1), no metamorphosis (6), the animal stays (6); one
    // spare die, for an attack roll that must not come.
    let mut dice = Loaded::new(&[6, 1, 6, 6, 6]);
    automatic(&mut s, &mut dice, |t| {
        t.begin_interaction(Phase::FirstInteraction)
    });
    assert_eq!(s.step, Step::CrewActions(Some(Room::Mes)));
    crew(&mut s, Action::EndActions {}, &mut dice).unwrap();
    assert_eq!(s.step, Step::CrewActions(Some(Room::Lab)));
    let events = crew(&mut s, attack(Crewman::S1, id, dart), &mut dice).unwrap();
    assert!(events.contains(&Event::IntruderAsleep { intruder: id }));
    // The rest of turn 1: it sleeps through the Second Interaction, and neither moves nor
    // attacks; turn 2 reaches MES's crew action segment with LAB's sleeper still asleep.
    let mut told = Vec::new();
    while !(s.turn == 2 && s.step == Step::CrewActions(Some(Room::Mes))) {
        let end = match s.step {
            Step::CrewMovement => Action::EndMovement {},
            _ => Action::EndActions {},
        };
        told.extend(crew(&mut s, end, &mut dice).unwrap());
    }
    assert!(
        s.counters[k].asleep_until.is_some(),
        "not woken by MES's segment"
    );
    assert!(
        !told.iter().any(|e| matches!(
            e,
            Event::AttackRoll { .. }
                | Event::IntruderWoke { .. }
                | Event::CounterMoved {
                    from: Room::Lab,
                    ..
                }
        )),
        "{told:?}"
    );
    // LAB's Intruder action segment passes it by; it wakes as LAB's crew segment begins.
    let events = crew(&mut s, Action::EndActions {}, &mut dice).unwrap();
    assert!(
        !events.iter().any(|e| matches!(e, Event::AttackRoll { .. })),
        "{events:?}"
    );
    assert_eq!(events.last(), Some(&Event::IntruderWoke { intruder: id }));
    assert_eq!(s.step, Step::CrewActions(Some(Room::Lab)));
    assert_eq!(dice.left(), 1);
}

#[test]
fn an_immune_intruder_reads_no_effect_on_every_line_even_ck() {
    let mut s = bare();
    s.stage = 3;
    put(&mut s, Crewman::C1, Room::Pwr);
    let flamer = arm(&mut s, Crewman::C1, ObjectKind::Flamethrower);
    let id = intruder(&mut s, Room::Pwr, true);
    s.known = vec![
        Power::ImmuneToFlame,
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToCold,
    ];
    in_segment(&mut s, Room::Pwr);
    let mut dice = Loaded::new(&[1]);
    let events = crew(&mut s, attack(Crewman::C1, id, flamer), &mut dice).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CrewAttack {
            effect: Effect::None,
            roll: 1,
            ..
        }
    )));
    assert_eq!(s.killed, 0);
}

#[test]
fn a_blaster_resistant_intruder_is_read_on_the_blaster_star_column() {
    let mut s = bare();
    s.stage = 3;
    put(&mut s, Crewman::C1, Room::Pwr);
    let blaster = arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    let id = intruder(&mut s, Room::Pwr, true);
    s.known = vec![
        Power::BlasterResistant,
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToCold,
    ];
    in_segment(&mut s, Room::Pwr);
    let mut dice = Loaded::new(&[3]);
    let events = crew(&mut s, attack(Crewman::C1, id, blaster), &mut dice).unwrap();
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::CrewAttack {
                weapon: Weapon::BlasterResistant,
                effect: Effect::None,
                ..
            }
        )),
        "3 kills on the Blaster column, not on Blaster*"
    );
}

#[test]
fn metamorphosis_adds_an_unknown_power_and_tops_up_known_clones() {
    let mut s = bare();
    s.stage = 2;
    put(&mut s, Crewman::C1, Room::Cm);
    intruder(&mut s, Room::Sa1, false);
    s.known = vec![Power::Clone, Power::VeryFast, Power::ImmuneToGas];
    s.step = Step::CrewMovement;
    s.phase = xenotable_protocol::intruder::Phase::CrewMovement;
    // Metamorphosis 1 succeeds at stage 2; the second interaction finds nothing contested.
    let mut dice = Loaded::new(&[1, 6, 6, 6, 6]);
    Table::new(&mut s, &mut dice).end_movement();
    assert_eq!(s.stage, 3);
    assert_eq!(s.unknown_powers(), 1);
    assert_eq!(s.intruders_counted(), 2, "stage 3 wants 2 Intruders");
}

#[test]
fn the_turn_limit_ends_and_scores_the_game_and_zero_is_a_draw() {
    let mut s = bare();
    for c in &mut s.crew {
        c.alive = true;
    }
    intruder(&mut s, Room::Sa1, false);
    s.turn_limit = 1;
    let mut dice = Loaded::new(&[]);
    Table::new(&mut s, &mut dice).start_turn();
    assert_eq!(
        s.ending,
        Some(Ending {
            reason: "turn_limit",
            score: 0,
            crew_won: None
        })
    );
    assert_eq!(
        Intruder::outcome(&s),
        Some(Outcome {
            winners: vec![],
            reason: "turn_limit_draw".into()
        })
    );
    assert!(Intruder::legal_actions(&s, Seat::Crew).is_empty());
}

fn refused(seats: &[Seat], scenario: Option<&str>, options: Options) -> Option<&'static str> {
    Intruder::configure(seats, scenario, options)
        .err()
        .map(|e: SetupError| e.code())
}

#[test]
fn solitaire_is_played_by_the_crew_alone_without_marines() {
    let seats = [Seat::Crew];
    assert!(Intruder::configure(&seats, Some("solitaire"), Options::default()).is_ok());
    assert!(Intruder::configure(&seats, None, Options::default()).is_ok());
    assert!(Intruder::configure(&seats, Some("return"), Options::default()).is_ok());
    assert_eq!(
        refused(&seats, Some("no-such"), Options::default()),
        Some("unknown_scenario")
    );
    assert_eq!(
        refused(&[Seat::Crew, Seat::Crew], None, Options::default()),
        Some("duplicate_seat")
    );
    assert_eq!(
        refused(&[Seat::Crew, Seat::Marines], None, Options::default()),
        Some("unknown_seat")
    );
    assert_eq!(refused(&[], None, Options::default()), Some("bad_seats"));
    let marines = Options {
        marines: true,
        ..Options::default()
    };
    assert_eq!(refused(&seats, None, marines), Some("bad_options"));
    let options: Options = serde_json::from_str(r#"{"turn-limit": 0}"#).unwrap();
    assert_eq!(options.turn_limit, 0);
}

#[test]
fn every_scenario_of_rules_1_has_its_fixed_seat_list() {
    let seats = |id| Scenario::from_id(id).map(|s| s.seats().to_vec());
    assert_eq!(seats("solitaire"), Some(vec![Seat::Crew]));
    assert_eq!(seats("intelligent"), Some(vec![Seat::Crew, Seat::Intruder]));
    assert_eq!(
        seats("science-officer"),
        Some(vec![Seat::Science, Seat::Command])
    );
    assert_eq!(
        seats("science-officer-intelligent"),
        Some(vec![Seat::Science, Seat::Command, Seat::Intruder])
    );
    assert_eq!(seats("return"), Some(vec![Seat::Crew]));
    assert_eq!(
        seats("return-teams"),
        Some(vec![Seat::Team(1), Seat::Team(2), Seat::Team(3)])
    );
    assert_eq!(
        seats("return-intelligent"),
        Some(vec![Seat::Crew, Seat::Intruder])
    );
    assert_eq!(seats("nothing"), None);
}

#[test]
fn the_game_seats_are_the_union_of_the_playable_scenarios_seats() {
    let listed = super::super::scenarios();
    for seat in Intruder::seats() {
        assert!(listed.iter().any(|s| s.seats.contains(&seat)), "{seat}");
    }
    for scenario in &listed {
        for seat in &scenario.seats {
            assert!(Intruder::seats().contains(seat), "{seat}");
        }
        assert!(
            Intruder::configure(&scenario.seats, Some(&scenario.id), Options::default()).is_ok()
        );
    }
}

#[test]
fn an_inventory_turns_one_not_used_counter_face_up_for_everyone_to_see() {
    let mut s = bare();
    put(&mut s, Crewman::S2, Room::Inf);
    put(&mut s, Crewman::C1, Room::Cm);
    s.phase = xenotable_protocol::intruder::Phase::SecondInteraction;
    s.step = Step::CrewActions(None);
    let by_c1 = Action::Inventory {
        crewman: Crewman::C1,
    };
    assert_eq!(
        super::super::intent::check(&s, Seat::Crew, &by_c1)
            .unwrap_err()
            .code(),
        "not_science"
    );
    let hidden_before = Intruder::view(&s, crate::games::Viewer::Spectator)
        .counters
        .len();
    let mut dice = Loaded::new(&[]);
    let events = crew(
        &mut s,
        Action::Inventory {
            crewman: Crewman::S2,
        },
        &mut dice,
    )
    .unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Inventoried { .. }))
    );
    let view = Intruder::view(&s, crate::games::Viewer::Spectator);
    assert_eq!(
        view.counters.len(),
        hidden_before + 1,
        "the counted one is listed face up"
    );
    assert!(
        view.counters
            .iter()
            .all(|c| c.identity.is_some() || c.room.is_some())
    );
}

/// A stage 3 Intruder face up in the Main Airlock with these powers known, C1 in C2 to open it,
/// in the general action step.
fn at_the_airlock(known: [Power; 4]) -> (super::super::state::State, u32) {
    let mut s = bare();
    s.stage = 3;
    for c in &mut s.crew {
        c.alive = true;
        c.room = Room::Cm;
    }
    put(&mut s, Crewman::C1, Room::C2);
    let id = intruder(&mut s, Room::Air, true);
    s.known = known.to_vec();
    s.step = Step::CrewActions(None);
    s.cursor = 28;
    s.attacks = vec![0; s.counters.len()];
    (s, id)
}

/// C1 opens the airlock (no die is rolled).
fn open_airlock(s: &mut super::super::state::State) {
    let open = Action::OpenAirlock {
        crewman: Crewman::C1,
    };
    crew(s, open, &mut Loaded::new(&[])).expect("C1 may open it");
}

#[test]
fn an_airlock_kills_an_intruder_without_fast_reflexes_or_vacuum_immunity() {
    let (mut s, id) = at_the_airlock([
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToShock,
        Power::ImmuneToCold,
    ]);
    open_airlock(&mut s);
    assert_eq!(s.killed, 1);
    assert_eq!(
        s.ending.as_ref().map(|e| (e.reason, e.crew_won)),
        Some(("intruders_gone", Some(true)))
    );
    assert!(s.counter_by_id(id).is_some());
}

#[test]
fn fast_reflexes_hold_the_airlock_edge_and_return_to_the_corridor() {
    let (mut s, id) = at_the_airlock([
        Power::FastReflexes,
        Power::ImmuneToGas,
        Power::VeryFast,
        Power::ImmuneToCold,
    ]);
    let mut dice = Loaded::new(&[6; 100]);
    let open = Action::OpenAirlock {
        crewman: Crewman::C1,
    };
    let events = crew(&mut s, open, &mut dice).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::AirlockOpened { held, .. } if held == &vec![id]))
    );
    assert_eq!(s.killed, 0);
    assert_eq!(s.step, Step::CrewMovement);
    // On to the next turn's phase 1: the Intruder climbs back into C2 without rolling.
    let back = Event::CounterMoved {
        id,
        roll: 0,
        from: Room::Air,
        to: Some(Room::C2),
    };
    let mut seen = Vec::new();
    while s.turn < 3 && !seen.contains(&back) {
        let next = if s.step == Step::CrewMovement {
            Action::EndMovement {}
        } else {
            Action::EndActions {}
        };
        seen.extend(crew(&mut s, next, &mut dice).unwrap());
    }
    assert!(seen.contains(&back), "{seen:?}");
}

#[test]
fn vacuum_immunity_removes_it_alive_and_turns_a_would_be_win_into_a_loss() {
    let (mut s, _) = at_the_airlock([
        Power::ImmuneToVacuum,
        Power::ImmuneToGas,
        Power::VeryFast,
        Power::ImmuneToCold,
    ]);
    s.killed = 1;
    open_airlock(&mut s);
    let ending = s.ending.clone().expect("no Intruder left on the station");
    assert_eq!(
        (ending.reason, ending.score, ending.crew_won),
        ("intruders_gone", 7, Some(false))
    );
}

#[test]
fn no_airlock_may_be_opened_on_a_face_up_intruder_at_stage_two() {
    let (mut s, _) = at_the_airlock([
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToShock,
        Power::ImmuneToCold,
    ]);
    s.stage = 2;
    let open = Action::OpenAirlock {
        crewman: Crewman::C1,
    };
    assert_eq!(
        super::super::intent::check(&s, Seat::Crew, &open)
            .unwrap_err()
            .code(),
        "too_young_to_kill"
    );
}

#[test]
fn every_crew_roll_after_a_death_in_the_compartment_gets_one_more_and_deaths_do_not_add_up() {
    // Two stage 3 Intruders in MES each kill a crewman (E1, then E2); then C1 and C2 both fire
    // their Blasters there: each roll gets +1, and only +1.
    let mut s = bare();
    s.stage = 3;
    s.known = vec![
        Power::VeryFast,
        Power::ImmuneToGas,
        Power::ImmuneToCold,
        Power::FastReflexes,
    ];
    for c in [Crewman::C1, Crewman::C2, Crewman::E1, Crewman::E2] {
        put(&mut s, c, Room::Mes);
    }
    let blasters = [
        arm(&mut s, Crewman::C1, ObjectKind::Blaster),
        arm(&mut s, Crewman::C2, ObjectKind::Blaster),
    ];
    let ids = [
        intruder(&mut s, Room::Mes, true),
        intruder(&mut s, Room::Mes, true),
    ];
    // First Intruder: attacks (1), target 3 of four (E1), no defence, kill (1). Second:
    // attacks (1), target 5 of three (E2), no defence, kill (1). Then C1 and C2 roll 4 each;
    // quiet dice for the panic that follows.
    let mut dice = Loaded::new(&[[1, 3, 1, 1, 5, 1, 4, 4].as_slice(), &[6; 30]].concat());
    automatic(&mut s, &mut dice, |t| {
        t.begin_interaction(Phase::FirstInteraction)
    });
    for _ in 0..2 {
        crew(&mut s, Action::NoDefence {}, &mut dice).unwrap();
    }
    assert!(!s.crewman(Crewman::E1).alive && !s.crewman(Crewman::E2).alive);
    assert_eq!(s.step, Step::CrewActions(Some(Room::Mes)));
    let mut modified = Vec::new();
    for (c, blaster) in [Crewman::C1, Crewman::C2].into_iter().zip(blasters) {
        let target = ids
            .into_iter()
            .find(|&id| s.counter_by_id(id).is_some())
            .unwrap();
        for e in crew(&mut s, attack(c, target, blaster), &mut dice).unwrap() {
            if let Event::CrewAttack {
                roll, modified: m, ..
            } = e
            {
                modified.push((roll, m));
            }
        }
    }
    assert_eq!(modified, [(4, 5), (4, 5)]);
}

/// The Rust names of compartments and crewmen ("Dk2", "C1") as words of `message`. "Lab" is
/// left out: it is also a word of "Lab Animal".
fn debug_names(message: &str) -> Vec<String> {
    use super::super::state::CREW;
    use super::super::station::ROOMS;
    let names: Vec<String> = ROOMS
        .iter()
        .filter(|&&r| r != Room::Lab)
        .map(|r| format!("{r:?}"))
        .chain(CREW.iter().map(|c| format!("{c:?}")))
        .collect();
    message
        .split(|ch: char| !ch.is_ascii_alphanumeric())
        .filter(|word| names.iter().any(|n| n == word))
        .map(str::to_owned)
        .collect()
}

#[test]
fn refusals_name_compartments_and_crewmen_by_their_wire_names() {
    use super::super::state::Step;
    let mut s = bare();
    put(&mut s, Crewman::C1, Room::Cm);
    s.step = Step::CrewMovement;
    s.crew[Crewman::C1 as usize].mp = 3;
    let far = Action::Move {
        crewman: Crewman::C1,
        to: Room::Dk2,
    };
    let refused = crew(&mut s, far, &mut Loaded::new(&[])).unwrap_err();
    assert_eq!(refused.message(), "dk2 is not next to cm");
    let dead = Action::Move {
        crewman: Crewman::S3,
        to: Room::B2,
    };
    let refused = crew(&mut s, dead, &mut Loaded::new(&[])).unwrap_err();
    assert_eq!(refused.message(), "s3 is dead");
    // Every refusal met while random games of every scenario are played: whatever the crew
    // (each seat, its orders one at a time) or the Intruder seat could try.
    let mut refusals = 0;
    for scenario in super::super::scenario::SCENARIOS {
        for seed in 0..3 {
            let mut dice = crate::games::Dice::from_seed(seed);
            let mut choices = crate::games::Dice::from_seed(seed + 100);
            let mut s = super::support::setup(scenario, 6, false, &mut dice);
            while let Some((seat, action)) = super::properties::random_turn(&s, &mut choices) {
                let tries = super::super::legal::candidates(&s)
                    .into_iter()
                    .chain(super::super::intruder_seat::candidates(&s))
                    .chain(super::properties::probes());
                for tried in tries {
                    for seat in scenario.seats() {
                        let tried = match seat {
                            Seat::Crew | Seat::Intruder => tried.clone(),
                            _ => Action::Orders {
                                orders: vec![tried.clone()],
                            },
                        };
                        let mut copy = s.clone();
                        let mut d = dice.clone();
                        if let Err(e) = Intruder::apply(&mut copy, *seat, &tried, &mut d) {
                            refusals += 1;
                            let names = debug_names(e.message());
                            assert!(names.is_empty(), "{}: {:?}", e.message(), names);
                        }
                    }
                }
                Intruder::apply(&mut s, seat, &action, &mut dice).expect("legal");
            }
        }
    }
    assert!(refusals > 10_000, "{refusals} refusals read");
}
