//! Random games with pinned seeds: they end, and the invariants hold at every step.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{Action, CounterMove, Crewman, Event, Identity, Room};

use super::super::orders::Foresight;
use super::super::scenario::SCENARIOS;
use super::super::state::{Place, State};
use super::super::{Config, Intruder, Scenario};
use super::support::setup;
use crate::games::intruder::invariants::{check as check_invariants, check_actors};
use crate::games::{Dice, Game, Roll};

/// Random games per scenario.
const GAMES: u64 = 10_000;
/// Their turn limit: short enough for the seven scenarios' 70,000 games to stay quick in `cargo
/// test`, long enough for metamorphoses, panics, captures and the Freezer to come up.
const TURN_LIMIT: u32 = 8;
/// Random games per scenario with the lost-crewmen option on.
const LOST_CREWMEN_GAMES: u64 = 2_000;
/// Random games with the marines option, spread over the three return scenarios.
const RETURN_MARINES_GAMES: u64 = 3_000;

/// A random legal action of `seat`: a phase-1 plan merges one random listed move (or none) per
/// counter, and orders merge random listed one-order lists, so whole plans and lists are
/// played, not only the one-item ones listed.
pub fn choose(s: &State, legal: &[Action], dice: &mut Dice) -> Action {
    match legal.first() {
        Some(Action::PlanMovement { .. }) => random_plan(legal, dice),
        Some(Action::Orders { .. }) => random_orders(s, legal, dice),
        _ => pick(legal, dice),
    }
}

/// Random listed orders, each one in three, in a random order, less those already illegal
/// after the ones kept before them (17.3: they would be refused).
fn random_orders(s: &State, legal: &[Action], dice: &mut Dice) -> Action {
    let mut orders: Vec<Action> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Orders { orders } => orders.first().cloned(),
            _ => None,
        })
        .filter(|_| dice.below(3) == 0)
        .collect();
    for i in (1..orders.len()).rev() {
        orders.swap(i, dice.index(i + 1));
    }
    let mut foresight = Foresight::new(s);
    orders.retain(|order| foresight.admit(order).is_ok());
    Action::Orders { orders }
}

fn random_plan(legal: &[Action], dice: &mut Dice) -> Action {
    let mut plan: Vec<CounterMove> = Vec::new();
    for a in legal {
        if let Action::PlanMovement { moves } = a
            && let [m] = moves.as_slice()
        {
            match plan.iter_mut().find(|p| p.id == m.id) {
                // Each listed path replaces the kept one with a chance of one in three.
                Some(kept) if dice.below(3) == 0 => *kept = m.clone(),
                Some(_) => {}
                None if dice.below(3) != 0 => plan.push(m.clone()),
                None => {}
            }
        }
    }
    Action::PlanMovement { moves: plan }
}

/// One random action of a random seat that has a decision pending, with that seat.
pub fn random_turn(s: &State, dice: &mut Dice) -> Option<(Seat, Action)> {
    let seats = Intruder::to_act(s);
    if seats.is_empty() {
        return None;
    }
    let seat = seats[dice.index(seats.len())];
    let legal = Intruder::legal_actions(s, seat);
    Some((seat, choose(s, &legal, dice)))
}

/// A random legal action, ending steps often so that games move on.
pub fn pick(legal: &[Action], dice: &mut Dice) -> Action {
    let ender = legal.iter().find(|a| {
        matches!(
            a,
            Action::EndMovement {} | Action::EndActions {} | Action::EndSetUp {}
        )
    });
    match ender {
        Some(end) if dice.below(4) == 0 => end.clone(),
        _ => legal[dice.index(legal.len())].clone(),
    }
}

/// Plays one random game of `scenario` (with lost crewmen or not) to its end, every seat picking
/// random legal actions; returns the number of actions and the final state.
fn random_game(scenario: Scenario, lost: bool, seed: u64) -> (usize, State) {
    random_game_with(
        &Config {
            scenario,
            turn_limit: TURN_LIMIT,
            lost_crewmen: lost,
            marines: false,
        },
        seed,
    )
}

/// [`random_game`] with options.
fn random_game_with(config: &Config, seed: u64) -> (usize, State) {
    let mut dice = Dice::from_seed(seed);
    let mut choices = Dice::from_seed(seed ^ 0x5eed);
    let mut s = Intruder::setup(config, &mut dice);
    let mut actions = 0;
    loop {
        check_invariants(&s);
        check_actors(&s);
        let Some((seat, action)) = random_turn(&s, &mut choices) else {
            assert!(
                Intruder::outcome(&s).is_some(),
                "nobody is to act only at the end"
            );
            return (actions, s);
        };
        Intruder::apply(&mut s, seat, &action, &mut dice).expect("a legal action applies");
        actions += 1;
        assert!(actions < 200_000, "the game ends");
    }
}

fn random_games_of(scenario: Scenario) {
    for seed in 0..GAMES {
        let (_, s) = random_game(scenario, false, seed);
        assert!(s.ending.is_some());
        assert!(s.turn <= TURN_LIMIT);
    }
}

/// Random games with lost crewmen: they end, keep every invariant, and crewmen get lost and
/// found.
fn random_games_with_lost_crewmen(scenario: Scenario, games: u64) {
    let (mut lost, mut found) = (0, 0);
    for seed in 0..games {
        let (_, s) = random_game(scenario, true, seed);
        assert!(s.ending.is_some());
        let counters = s
            .counters
            .iter()
            .filter(|c| c.identity == Identity::LostCrewman);
        lost += counters.clone().count();
        found += counters.filter(|c| c.place == Place::Found).count();
    }
    assert!(lost > 0 && found > 0, "{lost} lost, {found} found");
}

#[test]
fn random_solitaire_games_with_lost_crewmen_end_and_keep_every_invariant() {
    random_games_with_lost_crewmen(Scenario::Solitaire, LOST_CREWMEN_GAMES);
}

#[test]
fn random_science_officer_games_with_lost_crewmen_end_and_keep_every_invariant() {
    random_games_with_lost_crewmen(Scenario::ScienceOfficer, LOST_CREWMEN_GAMES);
}

#[test]
fn random_solitaire_games_end_and_keep_every_invariant() {
    random_games_of(Scenario::Solitaire);
}

#[test]
fn random_intelligent_intruder_games_end_and_keep_every_invariant() {
    random_games_of(Scenario::Intelligent);
}

#[test]
fn random_science_officer_games_end_and_keep_every_invariant() {
    random_games_of(Scenario::ScienceOfficer);
}

#[test]
fn random_science_officer_intelligent_games_end_and_keep_every_invariant() {
    random_games_of(Scenario::ScienceOfficerIntelligent);
}

#[test]
fn random_return_games_end_and_keep_every_invariant() {
    random_games_of(Scenario::Return);
}

#[test]
fn random_return_intelligent_games_end_and_keep_every_invariant() {
    random_games_of(Scenario::ReturnIntelligent);
}

#[test]
fn random_return_teams_games_end_and_keep_every_invariant() {
    random_games_of(Scenario::ReturnTeams);
}

#[test]
fn random_return_marines_games_end_and_keep_every_invariant() {
    for scenario in [
        Scenario::Return,
        Scenario::ReturnTeams,
        Scenario::ReturnIntelligent,
    ] {
        let config = Config {
            scenario,
            turn_limit: TURN_LIMIT,
            lost_crewmen: false,
            marines: true,
        };
        for seed in 0..RETURN_MARINES_GAMES / 3 {
            let (_, s) = random_game_with(&config, seed);
            assert!(s.ending.is_some());
        }
    }
}

/// Intents of every kind of step, illegal most of the time.
pub fn probes() -> Vec<Action> {
    vec![
        Action::EndMovement {},
        Action::EndActions {},
        Action::NoDefence {},
        Action::Move {
            crewman: Crewman::C1,
            to: Room::Arm,
        },
        Action::PickUp {
            crewman: Crewman::S3,
            object: 200,
        },
        Action::PlanMovement {
            moves: vec![CounterMove {
                id: u32::MAX,
                path: vec![],
            }],
        },
        Action::IntruderAttack {
            intruder: u32::MAX,
            target: None,
        },
        Action::DestroyObject { object: 200 },
        Action::EndDestruction {},
        Action::Orders {
            orders: vec![Action::EndMovement {}],
        },
    ]
}

#[test]
fn every_legal_action_applies_and_others_are_refused_without_change() {
    let probes = probes();
    for scenario in SCENARIOS.into_iter().filter(|s| s.playable()) {
        let mut dice = Dice::from_seed(11);
        let mut choices = Dice::from_seed(12);
        let mut s = setup(scenario, 20, false, &mut dice);
        for _ in 0..400 {
            for &seat in scenario.seats() {
                let legal = Intruder::legal_actions(&s, seat);
                for a in &legal {
                    let mut copy = s.clone();
                    let mut d = dice.clone();
                    assert!(
                        Intruder::apply(&mut copy, seat, a, &mut d).is_ok(),
                        "{seat} {a:?}"
                    );
                }
                for a in probes.iter().filter(|a| !legal.contains(a)) {
                    let mut copy = s.clone();
                    let mut d = dice.clone();
                    assert!(
                        Intruder::apply(&mut copy, seat, a, &mut d).is_err(),
                        "{seat} {a:?}"
                    );
                    assert_eq!(copy, s, "a refusal changes nothing");
                }
            }
            let Some((seat, action)) = random_turn(&s, &mut choices) else {
                break;
            };
            Intruder::apply(&mut s, seat, &action, &mut dice).expect("a legal action applies");
        }
    }
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    let (n1, a) = random_game(Scenario::Intelligent, false, 77);
    let (n2, b) = random_game(Scenario::Intelligent, false, 77);
    assert_eq!(n1, n2);
    assert_eq!(a, b);
}

#[test]
fn no_opaque_id_survives_a_panic() {
    let mut panics = 0;
    for seed in 0..60 {
        let mut seen: Vec<u32> = Vec::new();
        play_out(Scenario::Intelligent, seed, seed + 1000, |s, told| {
            for event in told {
                if let Event::Panic { placed } = event {
                    panics += 1;
                    assert!(placed.iter().all(|(id, _)| !seen.contains(id)));
                }
            }
            seen.extend(s.counters.iter().map(|c| c.id));
        });
    }
    assert!(panics > 0, "the seeds include panics");
}

/// Plays a random game to its end, showing `step` the state before the game and after each
/// action with what that action told.
fn play_out(
    scenario: Scenario,
    seed: u64,
    choice_seed: u64,
    mut step: impl FnMut(&State, &[Event]),
) {
    let mut dice = Dice::from_seed(seed);
    let mut choices = Dice::from_seed(choice_seed);
    let mut s = setup(scenario, 30, false, &mut dice);
    step(&s, &[]);
    while let Some((seat, action)) = random_turn(&s, &mut choices) {
        let told: Vec<Event> = Intruder::apply(&mut s, seat, &action, &mut dice)
            .expect("a legal action applies")
            .into_iter()
            .map(|t| t.event)
            .collect();
        step(&s, &told);
    }
}

/// How many times each kind of event `kind` names was told in 300 random solitaire games.
fn census(
    choice_seeds: u64,
    kind: impl Fn(&Event) -> Option<&'static str>,
) -> std::collections::BTreeMap<&'static str, usize> {
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..300 {
        play_out(Scenario::Solitaire, seed, seed + choice_seeds, |_, told| {
            for k in told.iter().filter_map(&kind) {
                *seen.entry(k).or_insert(0) += 1;
            }
        });
    }
    seen
}

#[test]
fn random_games_catch_cage_release_and_transfer_lab_animals_and_build_weapons() {
    let seen = census(3000, |event| match event {
        Event::CatchRoll { caught: true, .. } => Some("caught"),
        Event::LabAnimalCaged { .. } => Some("animal caged"),
        Event::LabAnimalTransferred { .. } => Some("transferred"),
        Event::CageOpened { .. } => Some("opened by the Intruder"),
        Event::Released { .. } => Some("released"),
        Event::WeaponConstructed { .. } => Some("weapon worked on"),
        _ => None,
    });
    assert_eq!(seen.len(), 6, "{seen:?}");
}

#[test]
fn random_games_start_the_self_destruct_and_launch_shuttles_and_fight_stowaways() {
    let seen = census(5000, |event| match event {
        Event::SelfDestructMarker { r#box: 9 } => Some("self-destruct started"),
        Event::ShuttleLeft { .. } => Some("shuttle left"),
        Event::StowawayRoll {
            stowaway: Some(_), ..
        } => Some("stowaway aboard"),
        Event::ShuttleRound { .. } => Some("fight aboard"),
        _ => None,
    });
    assert_eq!(seen.len(), 4, "{seen:?}");
}
