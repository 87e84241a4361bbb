//! Plays random games of every playable Intruder scenario on one core and prints applied
//! actions/s.
//!
//! Two figures per scenario: the whole loop a server runs for a move (who is to act, the legal
//! actions of a random one of them, a random pick, `apply` with the automatic Intruder inside),
//! and `apply` alone replaying the same games. Run with
//! `cargo bench -p xenotable-server --bench intruder [seconds per scenario]`.

use std::time::{Duration, Instant};

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::Action;
use xenotable_server::games::intruder::{Config, Intruder, Options, scenarios};
use xenotable_server::games::{Dice, Game, Roll};

/// One game: its seed and the seats and actions played.
type Log = (u64, Vec<(Seat, Action)>);

fn main() {
    let budget = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<u64>().ok())
        .map_or(Duration::from_secs(5), Duration::from_secs);
    for info in scenarios() {
        let config = Intruder::configure(&info.seats, Some(&info.id), Options::default())
            .expect("a playable scenario");
        measure(&info.id, &config, budget);
    }
}

fn measure(id: &str, config: &Config, budget: Duration) {
    // Warm up caches and the allocator before timing.
    play(config, 0..5);
    let start = Instant::now();
    let mut logs = Vec::new();
    let mut next = 1_000u64;
    while start.elapsed() < budget {
        logs.extend(play(config, next..next + 5));
        next += 5;
    }
    let secs = start.elapsed().as_secs_f64();
    let actions: usize = logs.iter().map(|(_, log)| log.len()).sum();
    println!(
        "intruder {id}: {} random games, {actions} actions in {secs:.2} s: {:.0} actions/s (legal-action generation included, one core)",
        logs.len(),
        actions as f64 / secs
    );
    let start = Instant::now();
    let replayed = replay(config, &logs);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "intruder {id}: the same {replayed} actions replayed in {secs:.2} s: {:.0} applied actions/s (apply only, automatic Intruder included, one core)",
        replayed as f64 / secs
    );
}

/// Plays one random game per seed, a random seat of those to act picking a random legal action
/// and ending steps one time in four so games move on.
fn play(config: &Config, seeds: std::ops::Range<u64>) -> Vec<Log> {
    seeds
        .map(|seed| {
            let mut dice = Dice::from_seed(seed);
            let mut pick = Dice::from_seed(!seed);
            let mut state = Intruder::setup(config, &mut dice);
            let mut log = Vec::new();
            loop {
                let seats = Intruder::to_act(&state);
                if seats.is_empty() {
                    break;
                }
                let seat = seats[pick.index(seats.len())];
                let legal = Intruder::legal_actions(&state, seat);
                let ender = legal.iter().find(|a| {
                    matches!(
                        a,
                        Action::EndMovement {} | Action::EndActions {} | Action::EndDestruction {}
                    )
                });
                let action = match ender {
                    Some(end) if pick.below(4) == 0 => end.clone(),
                    _ => legal[pick.index(legal.len())].clone(),
                };
                Intruder::apply(&mut state, seat, &action, &mut dice)
                    .expect("a legal action applies");
                log.push((seat, action));
            }
            (seed, log)
        })
        .collect()
}

/// Replays every log from its seed; returns the number of actions applied.
fn replay(config: &Config, logs: &[Log]) -> usize {
    let mut applied = 0;
    for (seed, log) in logs {
        let mut dice = Dice::from_seed(*seed);
        let mut state = Intruder::setup(config, &mut dice);
        for (seat, action) in log {
            Intruder::apply(&mut state, *seat, action, &mut dice).expect("the log replays");
            applied += 1;
        }
    }
    applied
}
