//! The thinking bots: the belief sampler draws only worlds its seat's view allows, the bots
//! are blind to what the crew cannot see, and the rules of thumb do what they say.

use serde_json::Value;
use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Identity, ObjectKind, ObjectPlace, Phase, Power, Room, SelfDestruct,
};

use super::super::belief::believe;
use super::super::heuristic::{choose, evaluate, root_candidates};
use super::super::state::{CREW, Ending, Place, State, Step};
use super::super::{Intruder, Scenario};
use super::properties::random_turn;
use super::support::{Loaded, animal, arm, bare, crew, in_segment, intruder, put, setup};
use crate::bots::{Budget, CONFIDENCE, Choose, Mind, NormalBot, StrongBot};
use crate::games::{Dice, Game, Viewer};

/// The seats whose bots think, in the scenarios that have them.
const THINKING: [(Scenario, Seat); 7] = [
    (Scenario::Solitaire, Seat::Crew),
    (Scenario::Intelligent, Seat::Crew),
    (Scenario::Intelligent, Seat::Intruder),
    (Scenario::Return, Seat::Crew),
    (Scenario::ReturnIntelligent, Seat::Crew),
    (Scenario::ReturnIntelligent, Seat::Intruder),
    (Scenario::ScienceOfficerIntelligent, Seat::Intruder),
];

fn json(view: &xenotable_protocol::intruder::View) -> Value {
    serde_json::to_value(view).expect("a view")
}

fn seat_view(s: &State, seat: Seat) -> xenotable_protocol::intruder::View {
    Intruder::view(s, Viewer::Seat(seat))
}

/// Random games of each thinking seat's scenario: at every step, worlds believed from the
/// seat's view show that seat exactly that view.
fn believed_views_checked(lost_crewmen: bool, games: u64) -> usize {
    let mut checked = 0;
    for (scenario, seat) in THINKING {
        if lost_crewmen && scenario.intruder_seat() {
            continue;
        }
        for seed in 0..games {
            let mut dice = Dice::from_seed(seed);
            let mut choices = Dice::from_seed(seed + 700);
            let mut belief = Dice::from_seed(seed + 1_400);
            let mut s = setup(scenario, 30, lost_crewmen, &mut dice);
            for step in 0..400 {
                let view = seat_view(&s, seat);
                let world = believe(seat, &view, &mut belief)
                    .unwrap_or_else(|| panic!("{scenario:?} {seat} seed {seed} step {step}"));
                let believed = seat_view(&world, seat);
                if believed != view {
                    let (a, b) = (json(&believed), json(&view));
                    let differ: Vec<String> = b
                        .as_object()
                        .into_iter()
                        .flatten()
                        .filter(|&(key, value)| a.get(key) != Some(value))
                        .map(|(key, value)| format!("{key}: {} != {value}", a[key]))
                        .collect();
                    panic!("{scenario:?} {seat} seed {seed} step {step}: {differ:?}");
                }
                checked += 1;
                let Some((mover, action)) = random_turn(&s, &mut choices) else {
                    break;
                };
                Intruder::apply(&mut s, mover, &action, &mut dice).expect("legal");
            }
        }
    }
    checked
}

#[test]
fn every_believed_world_shows_its_seat_exactly_the_view_it_came_from() {
    let checked = believed_views_checked(false, 12);
    assert!(checked > 10_000, "{checked} views checked");
}

#[test]
fn lost_crewmen_are_believed_hidden_among_the_face_down_counters() {
    let checked = believed_views_checked(true, 12);
    assert!(checked > 3_000, "{checked} views checked");
}

/// Where the believed worlds put the one Intruder, over `draws` draws.
fn intruder_rooms(view: &xenotable_protocol::intruder::View, draws: u64) -> Vec<Room> {
    let mut rooms = Vec::new();
    for seed in 0..draws {
        let world = believe(Seat::Crew, view, &mut Dice::from_seed(seed)).expect("a world");
        let count = |identity| {
            world
                .counters
                .iter()
                .filter(|c| c.identity == identity && c.place != Place::Spare)
                .count()
        };
        assert_eq!(count(Identity::Intruder), 1, "seed {seed}");
        assert_eq!(count(Identity::LabAnimal), 6, "seed {seed}");
        assert_eq!(count(Identity::Dummy), 6, "seed {seed}");
        for c in &world.counters {
            if c.identity == Identity::Intruder
                && let Place::Map(room) = c.place
            {
                assert!(!c.face_up, "a hidden Intruder is face down");
                rooms.push(room);
            }
        }
    }
    rooms
}

#[test]
fn the_crew_believes_the_intruder_under_any_face_down_counter_as_the_dice_fall() {
    let s = setup(Scenario::Solitaire, 30, false, &mut Dice::from_seed(5));
    let view = seat_view(&s, Seat::Crew);
    let rooms = intruder_rooms(&view, 200);
    assert_eq!(rooms.len(), 200, "every world has its Intruder on the map");
    let mut distinct = rooms.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() >= 6, "{distinct:?}");
    // The same dice, the same world: the bot's own seed decides its beliefs.
    assert_eq!(intruder_rooms(&view, 200), rooms);
}

#[test]
fn the_intruder_seat_believes_what_it_sees() {
    let s = setup(Scenario::Intelligent, 30, false, &mut Dice::from_seed(5));
    let view = seat_view(&s, Seat::Intruder);
    let truth = s
        .counters
        .iter()
        .find(|c| c.identity == Identity::Intruder && matches!(c.place, Place::Map(_)))
        .map(|c| (c.id, c.place));
    for seed in 0..20 {
        let world = believe(Seat::Intruder, &view, &mut Dice::from_seed(seed)).expect("a world");
        let believed = world
            .counters
            .iter()
            .find(|c| c.identity == Identity::Intruder && matches!(c.place, Place::Map(_)))
            .map(|c| (c.id, c.place));
        assert_eq!(believed, truth, "seed {seed}");
    }
}

/// The JSON view a room sends the crew seat, with its legal actions.
fn sent(s: &State) -> Value {
    let mut view = serde_json::to_value(seat_view(s, Seat::Crew)).expect("a view");
    view["legal"] =
        serde_json::to_value(Intruder::legal_actions(s, Seat::Crew)).expect("legal actions");
    view
}

/// A crew decision with several choices, reached by the normal bot, where the Intruder is
/// still face down on the map; and that state with its identity swapped with a face-down Lab
/// Animal or Dummy's.
fn hidden_intruder_pair() -> (State, State) {
    let mut dice = Dice::from_seed(11);
    let mut s = setup(Scenario::Solitaire, 30, false, &mut dice);
    let mut bot = NormalBot::<Intruder>::new(Seat::Crew, 4);
    for _ in 0..2_000 {
        let hidden: Vec<usize> = (0..s.counters.len())
            .filter(|&k| matches!(s.counters[k].place, Place::Map(_)) && !s.counters[k].face_up)
            .collect();
        let intruder = hidden
            .iter()
            .copied()
            .find(|&k| s.counters[k].identity == Identity::Intruder);
        let other = hidden
            .iter()
            .copied()
            .find(|&k| s.counters[k].identity != Identity::Intruder);
        if let (Some(a), Some(b)) = (intruder, other)
            && s.turn >= 2
            && s.step == Step::CrewMovement
            && Intruder::legal_actions(&s, Seat::Crew).len() > 5
        {
            let mut swapped = s.clone();
            swapped.counters[a].identity = s.counters[b].identity;
            swapped.counters[b].identity = Identity::Intruder;
            return (s, swapped);
        }
        let action = bot.choose(&sent(&s)).expect("a move");
        let action: Action = serde_json::from_value(action).expect("an action");
        Intruder::apply(&mut s, Seat::Crew, &action, &mut dice).expect("legal");
    }
    panic!("no crew decision with the Intruder hidden");
}

#[test]
fn the_thinking_bots_decide_alike_on_states_the_crew_cannot_tell_apart() {
    let (truth, swapped) = hidden_intruder_pair();
    assert_ne!(truth, swapped, "the true states differ");
    let (a, b) = (sent(&truth), sent(&swapped));
    assert_eq!(a.to_string(), b.to_string(), "the views are byte-equal");
    for seed in 0..4 {
        let mut normal = [0, 1].map(|_| NormalBot::<Intruder>::new(Seat::Crew, seed));
        assert_eq!(
            normal[0].choose(&a),
            normal[1].choose(&b),
            "normal, seed {seed}"
        );
        let budget = Budget::iterations(40);
        let mut strong = [0, 1].map(|_| StrongBot::<Intruder>::new(Seat::Crew, seed, budget));
        assert_eq!(
            strong[0].choose(&a),
            strong[1].choose(&b),
            "strong, seed {seed}"
        );
    }
}

/// A bare station in the Crew Movement Phase, turn 5: crewmen put there have 3 MP.
fn moving() -> State {
    let mut s = bare();
    s.turn = 5;
    s.phase = Phase::CrewMovement;
    s.step = Step::CrewMovement;
    for c in &mut s.crew {
        c.mp = 3;
    }
    s
}

/// The action the crew's rules of thumb pick in `s`.
fn crew_pick(s: &State) -> Action {
    let legal = Intruder::legal_actions(s, Seat::Crew);
    legal[choose(s, Seat::Crew, &legal, &mut Dice::from_seed(1))].clone()
}

#[test]
fn an_unarmed_crewman_picks_up_a_weapon_lying_with_him() {
    let mut s = moving();
    put(&mut s, Crewman::C1, Room::Arm);
    intruder(&mut s, Room::Lab, false);
    let Action::PickUp { crewman, object } = crew_pick(&s) else {
        panic!("{:?}", crew_pick(&s));
    };
    assert_eq!(crewman, Crewman::C1);
    let kind = s.objects[usize::from(object)].kind;
    assert!(
        matches!(kind, ObjectKind::Blaster | ObjectKind::GasCanister),
        "{kind:?}"
    );
    // A Science Officer takes a Sleep Dart Pistol: he never uses a lethal weapon.
    let mut s = moving();
    put(&mut s, Crewman::S1, Room::Arm);
    intruder(&mut s, Room::Lab, false);
    let Action::PickUp { object, .. } = crew_pick(&s) else {
        panic!("{:?}", crew_pick(&s));
    };
    assert_eq!(
        s.objects[usize::from(object)].kind,
        ObjectKind::SleepDartPistol
    );
}

#[test]
fn a_command_officer_opens_the_arms_room_for_the_unarmed() {
    let mut s = moving();
    put(&mut s, Crewman::C1, Room::Cm);
    intruder(&mut s, Room::Lab, false);
    assert_eq!(
        crew_pick(&s),
        Action::Unlock {
            crewman: Crewman::C1,
            room: Room::Arm
        }
    );
    s.unlocked.push(Room::Arm);
    assert_eq!(
        crew_pick(&s),
        Action::Move {
            crewman: Crewman::C1,
            to: Room::Arm
        }
    );
}

#[test]
fn an_armed_crewman_hunts_the_counters_that_may_be_the_intruder() {
    let mut s = moving();
    put(&mut s, Crewman::C1, Room::Cm);
    arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    intruder(&mut s, Room::Sb1, false);
    assert_eq!(
        crew_pick(&s),
        Action::Move {
            crewman: Crewman::C1,
            to: Room::B1
        }
    );
}

#[test]
fn the_crew_runs_for_a_shuttle_dock_while_the_self_destruct_runs() {
    let mut s = moving();
    put(&mut s, Crewman::C1, Room::B1);
    arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    intruder(&mut s, Room::Lab, false);
    assert_ne!(
        crew_pick(&s),
        Action::Move {
            crewman: Crewman::C1,
            to: Room::B2
        },
        "no hurry before the self-destruct"
    );
    s.self_destruct = SelfDestruct::Active { turn: 4, r#box: 6 };
    assert_eq!(
        crew_pick(&s),
        Action::Move {
            crewman: Crewman::C1,
            to: Room::B2
        }
    );
}

/// A stage `stage` Intruder caged in `room`, its Cage borne by S1, in the Crew Movement Phase;
/// the Intruder's counter and its Cage.
fn caged_by_s1(stage: u8, room: Room) -> (State, usize, usize) {
    let mut s = moving();
    s.stage = stage;
    put(&mut s, Crewman::S1, room);
    let cage = usize::from(arm(&mut s, Crewman::S1, ObjectKind::Cage));
    s.objects[cage].place = ObjectPlace::Room { room };
    s.crew[Crewman::S1 as usize].bears = Some(cage);
    let id = intruder(&mut s, room, true);
    let k = s.counter_by_id(id).expect("the caged Intruder");
    s.counters[k].cage = Some(cage);
    (s, k, cage)
}

/// Plays the crew's rules of thumb until they end the movement.
fn crew_moves(s: &mut State) {
    for _ in 0..30 {
        let action = crew_pick(s);
        if action == (Action::EndMovement {}) {
            return;
        }
        crew(s, action, &mut Loaded::new(&[])).expect("a legal move");
    }
    panic!("the crew never ends its movement");
}

#[test]
fn the_crew_carries_a_caged_intruder_into_the_freezer_and_turns_it_on_from_the_command_module() {
    let (mut s, k, cage) = caged_by_s1(1, Room::B1);
    crew_moves(&mut s);
    assert_eq!(
        s.objects[cage].place,
        ObjectPlace::Room { room: Room::Frz },
        "S1's 3 MP: into the Command Module, into the Freezer unlocked on the way, out again"
    );
    assert_eq!(s.counters[k].place, Place::Map(Room::Frz));
    assert_eq!(s.crewman(Crewman::S1).bears, None, "set down");
    assert_eq!(s.crewman(Crewman::S1).room, Room::Cm, "out of the Freezer");
    s.phase = Phase::SecondInteraction;
    s.step = Step::CrewActions(None);
    s.cursor = 28;
    s.attacks = vec![0; s.counters.len()];
    assert_eq!(
        crew_pick(&s),
        Action::TurnOnFreezer {
            crewman: Crewman::S1
        }
    );
}

#[test]
fn a_crewman_stays_in_the_command_module_while_a_caged_intruder_waits_in_the_freezer() {
    // S1 is armed, and a counter that may be the Intruder lies next door: he would hunt it.
    let (mut s, _, cage) = caged_by_s1(1, Room::Cm);
    arm(&mut s, Crewman::S1, ObjectKind::SleepDartPistol);
    let pet = animal(&mut s, Room::B1);
    let a = s.counter_by_id(pet).expect("the animal");
    s.counters[a].face_up = false;
    crew_moves(&mut s);
    assert_eq!(s.objects[cage].place, ObjectPlace::Room { room: Room::Frz });
    assert_eq!(s.crewman(Crewman::S1).mp, 1, "a MP left to hunt with");
    assert_eq!(s.crewman(Crewman::S1).room, Room::Cm);
}

#[test]
fn the_nearest_crewman_goes_to_help_carry_a_caged_intruder_that_lacks_carriers() {
    // From stage 3 a Cage holding an Intruder takes two carriers (9.2).
    let (mut s, _, cage) = caged_by_s1(3, Room::B1);
    put(&mut s, Crewman::C1, Room::A1);
    put(&mut s, Crewman::E1, Room::Pwr);
    crew_moves(&mut s);
    assert_eq!(s.crewman(Crewman::C1).bears, Some(cage));
    assert_eq!(s.crewman(Crewman::E1).bears, None, "one more was enough");
    assert_eq!(s.carriers(cage), vec![Crewman::C1, Crewman::S1]);
}

#[test]
fn the_crew_spares_a_caged_intruder_for_the_freezer_unless_it_is_immune_to_cold() {
    let (mut s, _, _) = caged_by_s1(3, Room::B1);
    put(&mut s, Crewman::C1, Room::B1);
    arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    s.phase = Phase::FirstInteraction;
    in_segment(&mut s, Room::B1);
    let attack = |s: &State| matches!(crew_pick(s), Action::Attack { .. });
    let legal = Intruder::legal_actions(&s, Seat::Crew);
    assert!(
        legal.iter().any(|a| matches!(a, Action::Attack { .. })),
        "{legal:?}"
    );
    assert!(!attack(&s), "{:?}", crew_pick(&s));
    // The Freezer would only hold it (12.3): a kill is worth more.
    s.known.push(Power::ImmuneToCold);
    assert!(attack(&s), "{:?}", crew_pick(&s));
}

/// The Second Interaction's general step, turn `turn` of 100, with the self-destruct `track`.
fn acting(turn: u32, track: SelfDestruct) -> State {
    let mut s = bare();
    s.turn = turn;
    s.phase = Phase::SecondInteraction;
    s.step = Step::CrewActions(None);
    s.self_destruct = track;
    s
}

#[test]
fn the_crew_leaves_in_a_shuttle_as_soon_as_it_may() {
    let mut s = acting(20, SelfDestruct::Active { turn: 14, r#box: 4 });
    for c in [Crewman::C1, Crewman::E1, Crewman::S1] {
        put(&mut s, c, Room::Dk2);
    }
    intruder(&mut s, Room::Lab, false);
    let Action::LeaveInShuttle { with, .. } = crew_pick(&s) else {
        panic!("{:?}", crew_pick(&s));
    };
    assert_eq!(with.len(), 2, "with everybody there");
}

#[test]
fn a_command_officer_blows_up_a_station_lost_late_in_the_match() {
    let lost_late = |turn: u32| {
        let mut s = acting(turn, SelfDestruct::Off {});
        for c in [Crewman::C1, Crewman::E1, Crewman::S1, Crewman::S2] {
            put(&mut s, c, Room::Cm);
        }
        intruder(&mut s, Room::Lab, false);
        crew_pick(&s)
    };
    assert_eq!(
        lost_late(90),
        Action::StartSelfDestruct {
            crewman: Crewman::C1
        }
    );
    assert_ne!(
        lost_late(20),
        Action::StartSelfDestruct {
            crewman: Crewman::C1
        },
        "time enough to turn it round"
    );
}

/// Whether a strong crew of `scenario` weighs starting the self-destruct, C1 in the Command
/// Module at turn 20 with the crewmen `alive` (the others dead) and the Intruder in the Lab.
fn weighs_the_blast(scenario: Scenario, alive: &[Crewman]) -> bool {
    let mut s = acting(20, SelfDestruct::Off {});
    s.scenario = scenario;
    for &c in alive {
        put(&mut s, c, Room::Cm);
    }
    intruder(&mut s, Room::Lab, false);
    let legal = Intruder::legal_actions(&s, Seat::Crew);
    let start = legal
        .iter()
        .position(|a| matches!(a, Action::StartSelfDestruct { .. }))
        .expect("C1 may start the self-destruct");
    root_candidates(&s, &legal).contains(&start)
}

#[test]
fn a_strong_crew_weighs_the_self_destruct_against_an_intruder_seat_once_a_crewman_is_lost() {
    assert!(
        !weighs_the_blast(Scenario::Intelligent, &CREW),
        "not while nobody has died"
    );
    assert!(weighs_the_blast(Scenario::Intelligent, &CREW[..8]));
    assert!(
        !weighs_the_blast(Scenario::Solitaire, &CREW[..4]),
        "never in solitaire, where the score is the result"
    );
}

#[test]
fn a_crews_rollout_with_the_self_destruct_running_against_an_intruder_seat_plays_on_to_the_blast() {
    let mut dice = Dice::from_seed(3);
    let mut start = setup(Scenario::Intelligent, 30, false, &mut dice);
    start.self_destruct = SelfDestruct::Active {
        turn: start.turn,
        r#box: 9,
    };
    let mut solitaire = start.clone();
    solitaire.scenario = Scenario::Solitaire;
    let (world, actions) = play_unjudged(Seat::Crew, &start, 2, &mut dice);
    assert!(
        !Intruder::playout_over(Seat::Crew, &start, &world, actions),
        "still going after two turns' ends"
    );
    assert!(
        Intruder::playout_over(Seat::Crew, &solitaire, &world, actions),
        "in solitaire, judged at the turn's end as ever"
    );
}

/// A crewman with a Blaster attacked by the Intruder in the Lab, stage 3: the state of his
/// self-defence and his Blaster.
fn attacked() -> (State, u8) {
    let mut s = bare();
    s.stage = 3;
    put(&mut s, Crewman::C1, Room::Lab);
    let blaster = arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    let id = intruder(&mut s, Room::Lab, true);
    let k = s.counter_by_id(id).expect("the Intruder");
    s.step = Step::SelfDefence {
        room: Room::Lab,
        intruder: k,
        target: Crewman::C1,
        rest: Vec::new(),
    };
    s.attacks = vec![0; s.counters.len()];
    (s, blaster)
}

#[test]
fn an_attacked_crewman_defends_himself_with_his_weapon() {
    let (s, blaster) = attacked();
    assert_eq!(
        crew_pick(&s),
        Action::Defend {
            crewman: Crewman::C1,
            object: Some(blaster)
        }
    );
}

#[test]
fn a_strong_crews_rollout_is_judged_when_the_turn_it_began_in_has_ended() {
    let mut dice = Dice::from_seed(3);
    let start = setup(Scenario::Solitaire, 30, false, &mut dice);
    let (world, actions) = play_unjudged(Seat::Crew, &start, 1, &mut dice);
    assert!(actions > 20, "a whole turn, not a fixed horizon: {actions}");
    assert!(Intruder::playout_over(Seat::Crew, &start, &world, actions));
}

/// Plays `normal` for every seat from `start` until `turns` more turns have begun, checking at
/// every step that `seat`'s rollout from `start` is not yet judged: the world and the actions
/// played.
fn play_unjudged(seat: Seat, start: &State, turns: u32, dice: &mut Dice) -> (State, usize) {
    let mut world = start.clone();
    let mut actions = 0;
    while world.turn < start.turn + turns && Intruder::outcome(&world).is_none() {
        assert!(
            !Intruder::playout_over(seat, start, &world, actions),
            "judged in turn {} after {actions} actions",
            world.turn
        );
        let mover = Intruder::to_act(&world)[0];
        let legal = Intruder::legal_actions(&world, mover);
        let k = choose(&world, mover, &legal, dice);
        Intruder::apply(&mut world, mover, &legal[k], dice).expect("a legal action");
        actions += 1;
    }
    assert_eq!(world.turn, start.turn + turns, "{turns} whole turns played");
    (world, actions)
}

#[test]
fn the_intruder_seats_rollout_is_judged_when_the_turn_after_the_one_it_began_in_has_ended() {
    let mut dice = Dice::from_seed(3);
    let start = setup(Scenario::Intelligent, 30, false, &mut dice);
    let (world, actions) = play_unjudged(Seat::Intruder, &start, 2, &mut dice);
    assert!(Intruder::playout_over(
        Seat::Intruder,
        &start,
        &world,
        actions
    ));
}

#[test]
fn a_strong_intruder_seat_weighs_every_way_its_intruder_may_go_and_no_decoy_move() {
    let mut dice = Dice::from_seed(1);
    let s = setup(Scenario::Intelligent, 30, false, &mut dice);
    assert_eq!(s.step, Step::IntruderMovement);
    let intruder = s
        .counters
        .iter()
        .find(|c| c.identity == Identity::Intruder && matches!(c.place, Place::Map(_)))
        .expect("the Intruder on the map")
        .id;
    let legal = Intruder::legal_actions(&s, Seat::Intruder);
    let moved = |k: usize| match &legal[k] {
        Action::PlanMovement { moves } => moves.iter().map(|m| m.id).collect::<Vec<_>>(),
        other => panic!("not a plan: {other:?}"),
    };
    let weighed = root_candidates(&s, &legal);
    assert!(
        weighed.iter().any(|&k| moved(k).is_empty()),
        "staying put is weighed"
    );
    let ways = (0..legal.len()).filter(|&k| moved(k) == [intruder]).count();
    assert!(ways >= 2, "the Intruder has ways to go: {ways}");
    assert_eq!(weighed.len(), ways + 1, "every way the Intruder may go");
    assert!(
        weighed
            .iter()
            .all(|&k| moved(k).iter().all(|&id| id == intruder)),
        "no decoy's move"
    );
    assert!(legal.len() > weighed.len(), "the decoys may move too");
}

#[test]
fn a_strong_crew_weighs_every_action_in_a_fight_and_none_but_the_plan_while_moving() {
    let mut s = moving();
    put(&mut s, Crewman::C1, Room::Cm);
    intruder(&mut s, Room::Lab, false);
    let legal = Intruder::legal_actions(&s, Seat::Crew);
    assert!(legal.len() > 1);
    assert_eq!(root_candidates(&s, &legal), Vec::<usize>::new());
    let (s, _) = attacked();
    let legal = Intruder::legal_actions(&s, Seat::Crew);
    assert!(legal.len() > 1);
    assert_eq!(
        root_candidates(&s, &legal),
        (0..legal.len()).collect::<Vec<_>>()
    );
}

#[test]
fn the_intruder_seat_attacks_the_unarmed_first_and_stalks_the_weak() {
    let mut s = bare();
    s.scenario = Scenario::Intelligent;
    s.stage = 3;
    put(&mut s, Crewman::C1, Room::Lab);
    put(&mut s, Crewman::C2, Room::Lab);
    arm(&mut s, Crewman::C1, ObjectKind::Blaster);
    let id = intruder(&mut s, Room::Lab, true);
    let k = s.counter_by_id(id).expect("the Intruder");
    s.step = Step::IntruderAttack {
        room: Room::Lab,
        intruder: k,
        rest: Vec::new(),
    };
    let legal = Intruder::legal_actions(&s, Seat::Intruder);
    let pick = &legal[choose(&s, Seat::Intruder, &legal, &mut Dice::from_seed(1))];
    assert_eq!(
        pick,
        &Action::IntruderAttack {
            intruder: id,
            target: Some(Crewman::C2)
        }
    );
    // In phase 1 it heads for the lone unarmed crewman, not the armed pair.
    let mut s = bare();
    s.scenario = Scenario::Intelligent;
    s.phase = Phase::Movement;
    s.step = Step::IntruderMovement;
    for c in [Crewman::C1, Crewman::C2] {
        put(&mut s, c, Room::Pwr);
        arm(&mut s, c, ObjectKind::Blaster);
    }
    put(&mut s, Crewman::S1, Room::Sb2);
    intruder(&mut s, Room::B1, true);
    let legal = Intruder::legal_actions(&s, Seat::Intruder);
    let pick = &legal[choose(&s, Seat::Intruder, &legal, &mut Dice::from_seed(1))];
    let Action::PlanMovement { moves } = pick else {
        panic!("{pick:?}");
    };
    assert_eq!(moves[0].path.last(), Some(&Room::B2), "{moves:?}");
}

#[test]
fn a_world_is_judged_by_the_crews_score_for_the_crew_and_against_it_for_the_intruder() {
    let mut s = bare();
    for c in [Crewman::C1, Crewman::C2] {
        put(&mut s, c, Room::Cm);
    }
    let even = evaluate(&s, Seat::Crew);
    s.killed = 1;
    let ahead = evaluate(&s, Seat::Crew);
    assert!(ahead > even, "{ahead} > {even}");
    assert!((evaluate(&s, Seat::Intruder) - (1.0 - ahead)).abs() < 1e-12);
    assert!((0.0..=1.0).contains(&ahead));
}

#[test]
fn the_intruder_seats_search_trusts_its_rollouts_sooner_than_the_crews() {
    assert_eq!(Intruder::confidence(Seat::Crew), CONFIDENCE);
    assert!(Intruder::confidence(Seat::Intruder) < CONFIDENCE);
}

/// The match in `s` ended with the crew's score as it stands, `crew_won` as 16.2 says.
fn ended(mut s: State, crew_won: Option<bool>) -> State {
    s.ending = Some(Ending {
        reason: "intruders_gone",
        score: s.score(),
        crew_won,
    });
    s
}

/// What the end of the match in `s` is worth to its crew's search.
fn end_worth(s: &State) -> f64 {
    let outcome = Intruder::outcome(s).expect("the match is over");
    Intruder::end_worth(s, &outcome, Seat::Crew)
}

#[test]
fn a_lone_crews_playout_ends_are_judged_by_their_score_a_capture_above_a_kill() {
    let mut s = bare();
    for c in CREW {
        put(&mut s, c, Room::Cm);
    }
    s.killed = 1;
    let kill = end_worth(&ended(s.clone(), Some(true)));
    s.killed = 0;
    s.captured = 1;
    let capture = end_worth(&ended(s.clone(), Some(true)));
    assert!(capture > kill, "15 points over 7: {capture} > {kill}");
    assert!(kill > 0.5, "a win is worth more than a draw: {kill}");
    // An expelled Immune-to-Vacuum Intruder makes a loss of a score above zero (16.2).
    let lost = end_worth(&ended(s.clone(), Some(false)));
    assert!(lost < 0.5, "a loss is worth less than a draw: {lost}");
    // Against an Intruder seat the end is who won, however many points.
    s.scenario = Scenario::Intelligent;
    assert_eq!(end_worth(&ended(s.clone(), Some(true))), 1.0);
    s.killed = 1;
    s.captured = 0;
    assert_eq!(end_worth(&ended(s, Some(true))), 1.0);
}

#[test]
fn a_caged_intruder_counts_for_most_of_a_capture_unless_an_intruder_seat_may_free_it() {
    let (mut s, _, _) = caged_by_s1(1, Room::B1);
    let mut killed = s.clone();
    let k = killed
        .counters
        .iter()
        .position(|c| c.cage.is_some())
        .expect("the caged Intruder");
    killed.counters[k].cage = None;
    killed.counters[k].place = Place::Killed;
    killed.killed = 1;
    let (caged, kill) = (evaluate(&s, Seat::Crew), evaluate(&killed, Seat::Crew));
    assert!(caged > kill, "alone: caged {caged} > killed {kill}");
    s.scenario = Scenario::Intelligent;
    killed.scenario = Scenario::Intelligent;
    let (caged, kill) = (evaluate(&s, Seat::Crew), evaluate(&killed, Seat::Crew));
    assert!(
        caged < kill,
        "an Intruder seat opens Cages: caged {caged} < killed {kill}"
    );
}
