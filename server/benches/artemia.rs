//! Plays random full games of Artemia on one core and prints games/s and actions/s.
//!
//! Each action counts the whole loop a server does for a move: who may act, the legal actions
//! of that seat, and `apply`. Run with `cargo bench -p xenotable-server --bench artemia`.

use std::time::{Duration, Instant};

use xenotable_server::games::artemia::{Artemia, BoardSide, Config};
use xenotable_server::games::{Dice, Game, Roll};

fn main() {
    let budget = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<u64>().ok())
        .map_or(Duration::from_secs(5), Duration::from_secs);
    // Warm up caches and the allocator before timing.
    play(0..200);
    let start = Instant::now();
    let mut games = 0u64;
    let mut actions = 0u64;
    let mut next = 1_000u64;
    while start.elapsed() < budget {
        actions += play(next..next + 100);
        games += 100;
        next += 100;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "artemia: {games} random games, {actions} actions in {secs:.2} s: {:.0} games/s, {:.0} actions/s (legal-action generation included, one core)",
        games as f64 / secs,
        actions as f64 / secs
    );
}

/// Plays one random game per seed, 1 to 6 Hunted in turn; returns the actions applied.
fn play(seeds: std::ops::Range<u64>) -> u64 {
    let mut actions = 0;
    for seed in seeds {
        let config = Config {
            hunted: (seed % 6) as usize + 1,
            side: if seed % 2 == 0 {
                BoardSide::One
            } else {
                BoardSide::Two
            },
        };
        let mut dice = Dice::from_seed(seed);
        let mut pick = Dice::from_seed(!seed);
        let mut state = Artemia::setup(&config, &mut dice);
        while Artemia::outcome(&state).is_none() {
            let seats = Artemia::to_act(&state);
            let seat = seats[pick.index(seats.len())];
            let legal = Artemia::legal_actions(&state, seat);
            let action = legal[pick.index(legal.len())];
            if Artemia::apply(&mut state, seat, &action, &mut dice).is_ok() {
                actions += 1;
            }
        }
    }
    actions
}
