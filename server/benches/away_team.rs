//! Plays all-bot Away Team matches on one core, as a room does (each bot reads its seat's JSON
//! view and its move goes through the registry as JSON), and prints matches/s and actions/s.
//!
//! Run with `cargo bench -p xenotable-server --bench away_team [-- <matches>]`.

use std::time::Instant;

use serde_json::Value;
use xenotable_server::bots::{Bot, BotLevel, Budget};
use xenotable_server::games::{MatchSetup, Seat, Viewer, new_match};

const ENCOUNTERS: [&str; 3] = [
    include_str!("../../scenarios/away-team/crystal-spires.toml"),
    include_str!("../../scenarios/away-team/last-stand.toml"),
    include_str!("../../scenarios/away-team/sleeping-colony.toml"),
];

fn main() {
    let matches = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<u64>().ok())
        .unwrap_or(6_000);
    // Warm up caches and the allocator before timing.
    play(0..30);
    let start = Instant::now();
    let actions = play(1_000..1_000 + matches);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "away-team: {matches} all-bot matches, {actions} actions in {secs:.2} s: {:.0} matches/s, {:.0} actions/s (JSON views, bots and registry included, one core)",
        matches as f64 / secs,
        actions as f64 / secs
    );
}

/// Plays one all-bot match per seed, the encounters in turn; returns the actions applied.
fn play(seeds: std::ops::Range<u64>) -> u64 {
    let mut actions = 0;
    for seed in seeds {
        let setup = MatchSetup {
            game: xenotable_server::games::GameId::AwayTeam,
            seats: vec![Seat::AwayTeam, Seat::Aliens],
            scenario: Some(ENCOUNTERS[(seed % 3) as usize].into()),
            options: Value::Null,
            seed,
        };
        let Ok(mut m) = new_match(&setup) else {
            return actions;
        };
        let mut bots = [Seat::AwayTeam, Seat::Aliens].map(|seat| {
            (
                seat,
                Bot::for_seat(
                    xenotable_server::games::GameId::AwayTeam,
                    seat,
                    BotLevel::Random,
                    seed,
                    Budget::default(),
                )
                .expect("random bots for every seat"),
            )
        });
        while m.outcome().is_none() {
            let to_act = m.to_act();
            let Some((seat, action)) = bots.iter_mut().find_map(|(seat, bot)| {
                to_act
                    .contains(seat)
                    .then(|| bot.choose(&m.view(Viewer::Seat(*seat))))
                    .flatten()
                    .map(|a| (*seat, a))
            }) else {
                break;
            };
            if m.act(seat, &action).is_ok() {
                actions += 1;
            }
        }
    }
    actions
}
