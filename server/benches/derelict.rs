//! Plays random full games of Derelict on one core and prints applied actions/s.
//!
//! Two figures: the whole loop a server runs for a move (who acts, the legal actions of that
//! seat, `apply`), and `apply` alone replaying the same games (line of sight, overwatch and
//! dice included). Run with `cargo bench -p xenotable-server --bench derelict`.

use std::time::{Duration, Instant};

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::Action;
use xenotable_server::games::derelict::{Derelict, Scenario, scenario};
use xenotable_server::games::{Dice, Game, Roll};

/// The example of rules 12.6: 15 turns at most.
const CHAPEL: &str = include_str!("../../scenarios/derelict/chapel-crossing.txt");

/// Rooms behind doors, two entry zones, an unlimited pool and no turn limit: games end by the
/// squad's fate or after alien turn 200.
const HALL: &str = "\
DERELICT 1
title: Bench Hall
squad: 1 sergeant, 1 flamer, 3 soldier
reinforcements: 1
exit-needed: 2
overwatch-range: 6
map:
##############
#MMM..D::::::#
#MM...#::A:::E
#.....d::::::#
#.##D####.####
#.#:::::#....X
E.d:::A:D....#
##############
";

fn main() {
    let budget = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<u64>().ok())
        .map_or(Duration::from_secs(5), Duration::from_secs);
    for (name, text) in [("chapel-crossing", CHAPEL), ("hall", HALL)] {
        let scenario = scenario::parse(text).expect("a valid bench scenario");
        // Warm up caches and the allocator before timing.
        play(&scenario, 0..20);
        let start = Instant::now();
        let mut logs = Vec::new();
        let mut next = 1_000u64;
        while start.elapsed() < budget {
            logs.extend(play(&scenario, next..next + 20));
            next += 20;
        }
        let secs = start.elapsed().as_secs_f64();
        let actions: usize = logs.iter().map(|(_, log)| log.len()).sum();
        println!(
            "derelict {name}: {} random games, {actions} actions in {secs:.2} s: {:.0} actions/s (legal-action generation included, one core)",
            logs.len(),
            actions as f64 / secs
        );
        let start = Instant::now();
        let replayed = replay(&scenario, &logs);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "derelict {name}: the same {replayed} actions replayed in {secs:.2} s: {:.0} applied actions/s (apply only, line of sight included, one core)",
            replayed as f64 / secs
        );
    }
}

/// Plays one random game per seed; returns each seed with its log.
fn play(scenario: &Scenario, seeds: std::ops::Range<u64>) -> Vec<(u64, Vec<(Seat, Action)>)> {
    seeds
        .map(|seed| {
            let mut dice = Dice::from_seed(seed);
            let mut pick = Dice::from_seed(!seed);
            let mut state = Derelict::setup(scenario, &mut dice);
            let mut log = Vec::new();
            while Derelict::outcome(&state).is_none() {
                let seat = Derelict::to_act(&state)[0];
                let legal = Derelict::legal_actions(&state, seat);
                let action = legal[pick.index(legal.len())];
                if Derelict::apply(&mut state, seat, &action, &mut dice).is_ok() {
                    log.push((seat, action));
                }
            }
            (seed, log)
        })
        .collect()
}

/// Replays the logged games with `apply` alone; returns the actions applied.
fn replay(scenario: &Scenario, logs: &[(u64, Vec<(Seat, Action)>)]) -> usize {
    let mut applied = 0;
    for (seed, log) in logs {
        let mut dice = Dice::from_seed(*seed);
        let mut state = Derelict::setup(scenario, &mut dice);
        for (seat, action) in log {
            if Derelict::apply(&mut state, *seat, action, &mut dice).is_ok() {
                applied += 1;
            }
        }
    }
    applied
}
