//! Plays random solitaire games of Intruder on one core and prints applied actions/s.
//!
//! Two figures: the whole loop a server runs for a move (the legal actions of the crew, a
//! random pick, `apply` with the automatic Intruder inside), and `apply` alone replaying the
//! same games. Run with `cargo bench -p xenotable-server --bench intruder`.

use std::time::{Duration, Instant};

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::Action;
use xenotable_server::games::intruder::{Config, Intruder, Options};
use xenotable_server::games::{Dice, Game};

fn main() {
    let budget = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<u64>().ok())
        .map_or(Duration::from_secs(5), Duration::from_secs);
    let config = Intruder::configure(&[Seat::Crew], Some("solitaire"), Options::default())
        .expect("the solitaire scenario");
    // Warm up caches and the allocator before timing.
    play(&config, 0..5);
    let start = Instant::now();
    let mut logs = Vec::new();
    let mut next = 1_000u64;
    while start.elapsed() < budget {
        logs.extend(play(&config, next..next + 5));
        next += 5;
    }
    let secs = start.elapsed().as_secs_f64();
    let actions: usize = logs.iter().map(|(_, log)| log.len()).sum();
    println!(
        "intruder solitaire: {} random games, {actions} actions in {secs:.2} s: {:.0} actions/s (legal-action generation included, one core)",
        logs.len(),
        actions as f64 / secs
    );
    let start = Instant::now();
    let replayed = replay(&config, &logs);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "intruder solitaire: the same {replayed} actions replayed in {secs:.2} s: {:.0} applied actions/s (apply only, automatic Intruder included, one core)",
        replayed as f64 / secs
    );
}

/// Plays one random game per seed, ending steps one time in four so games move on.
fn play(config: &Config, seeds: std::ops::Range<u64>) -> Vec<(u64, Vec<Action>)> {
    seeds
        .map(|seed| {
            let mut dice = Dice::from_seed(seed);
            let mut pick = Dice::from_seed(!seed);
            let mut state = Intruder::setup(config, &mut dice);
            let mut log = Vec::new();
            while Intruder::outcome(&state).is_none() {
                let legal = Intruder::legal_actions(&state, Seat::Crew);
                let ender = legal
                    .iter()
                    .find(|a| matches!(a, Action::EndMovement {} | Action::EndActions {}));
                let action = match ender {
                    Some(end) if pick.below(4) == 0 => end.clone(),
                    _ => legal[pick.index(legal.len())].clone(),
                };
                Intruder::apply(&mut state, Seat::Crew, &action, &mut dice)
                    .expect("a legal action applies");
                log.push(action);
            }
            (seed, log)
        })
        .collect()
}

/// Replays every log from its seed; returns the number of actions applied.
fn replay(config: &Config, logs: &[(u64, Vec<Action>)]) -> usize {
    let mut applied = 0;
    for (seed, log) in logs {
        let mut dice = Dice::from_seed(*seed);
        let mut state = Intruder::setup(config, &mut dice);
        for action in log {
            Intruder::apply(&mut state, Seat::Crew, action, &mut dice).expect("the log replays");
            applied += 1;
        }
    }
    applied
}
