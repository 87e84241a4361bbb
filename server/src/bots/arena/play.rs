//! Playing arena matches: a match is made as the lobby makes it, and its bots are asked in
//! turn with the view a room would send them.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;
use xenotable_protocol::{Outcome, Seat};

use crate::bots::{Bot, BotLevel, Budget, bot_seed};
use crate::games::{AnyMatch, GameId, MatchSetup, Viewer, new_match};

/// What every match of a run is made of.
pub struct Arena {
    pub game: GameId,
    /// The scenario text (or built-in id) the rules get.
    pub scenario: Option<String>,
    pub seats: Vec<(Seat, BotLevel)>,
    pub budget: Budget,
    pub max_actions: u32,
}

/// How one match went.
#[derive(Debug, Clone)]
pub struct MatchResult {
    /// `None`: stopped at the action cap, or no bot had a move.
    pub outcome: Option<Outcome>,
    /// Actions played.
    pub actions: u32,
    /// Every bot decision's time, with the seat that took it.
    pub decisions: Vec<(Seat, Duration)>,
    /// The points each seat scored by the end, in a game that keeps a score.
    pub scores: Vec<(Seat, f64)>,
}

impl Arena {
    fn setup(&self, seed: u64) -> MatchSetup {
        MatchSetup {
            game: self.game,
            seats: self.seats.iter().map(|&(seat, _)| seat).collect(),
            scenario: self.scenario.clone(),
            options: Value::Null,
            seed,
        }
    }

    /// Refuses a run whose matches cannot be made or whose bots do not exist, before playing.
    pub fn check(&self) -> Result<(), String> {
        new_match(&self.setup(0)).map_err(|e| e.to_string())?;
        for &(seat, level) in &self.seats {
            Bot::for_seat(self.game, seat, level, 0, self.budget).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// Plays matches `seed`, `seed + 1`, ... on `threads` threads; the results in seed order.
    /// `finished` hears, as each match ends, how many have ended so far.
    pub fn play_all(
        &self,
        seed: u64,
        matches: u32,
        threads: usize,
        finished: &(dyn Fn(u32) + Sync),
    ) -> Vec<MatchResult> {
        let next = AtomicU32::new(0);
        let ended = AtomicU32::new(0);
        let results: Mutex<Vec<(u32, MatchResult)>> = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= matches {
                            break;
                        }
                        let result = play_match(self, seed.wrapping_add(u64::from(k)));
                        if let Ok(mut results) = results.lock() {
                            results.push((k, result));
                        }
                        finished(ended.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                });
            }
        });
        let mut results = results.into_inner().unwrap_or_default();
        results.sort_by_key(|&(k, _)| k);
        results.into_iter().map(|(_, r)| r).collect()
    }
}

/// Plays one match of `arena` on `seed` to its end, or to the action cap.
pub fn play_match(arena: &Arena, seed: u64) -> MatchResult {
    let mut result = MatchResult {
        outcome: None,
        actions: 0,
        decisions: Vec::new(),
        scores: Vec::new(),
    };
    let Ok(mut game) = new_match(&arena.setup(seed)) else {
        return result;
    };
    let mut bots: Vec<(Seat, Bot)> = arena
        .seats
        .iter()
        .filter_map(|&(seat, level)| {
            let bot = Bot::for_seat(arena.game, seat, level, bot_seed(seed, seat), arena.budget);
            bot.ok().map(|bot| (seat, bot))
        })
        .collect();
    while result.actions < arena.max_actions {
        if let Some(outcome) = game.outcome() {
            result.outcome = Some(outcome);
            break;
        }
        if !step(game.as_mut(), &mut bots, &mut result) {
            break;
        }
        result.actions += 1;
    }
    result.scores = arena
        .seats
        .iter()
        .filter_map(|&(seat, _)| Some((seat, game.score(seat)?)))
        .collect();
    result
}

/// The first bot to act that has a move plays it, as in a room; `false` when none does.
fn step(game: &mut dyn AnyMatch, bots: &mut [(Seat, Bot)], result: &mut MatchResult) -> bool {
    let to_act = game.to_act();
    for (seat, bot) in bots.iter_mut() {
        if !to_act.contains(seat) {
            continue;
        }
        let view = game.view(Viewer::Seat(*seat));
        let started = Instant::now();
        let action = bot.choose(&view);
        result.decisions.push((*seat, started.elapsed()));
        if let Some(action) = action
            && game.act(*seat, &action).is_ok()
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arena(game: GameId, seats: &[(Seat, BotLevel)]) -> Arena {
        Arena {
            game,
            scenario: None,
            seats: seats.to_vec(),
            budget: Budget::iterations(1),
            max_actions: 20_000,
        }
    }

    #[test]
    fn a_match_of_a_game_that_keeps_a_score_records_the_seats_score() {
        let arena = arena(GameId::Intruder, &[(Seat::Crew, BotLevel::Random)]);
        let result = play_match(&arena, 3);
        assert!(result.outcome.is_some(), "the match ends");
        let [(seat, points)] = result.scores[..] else {
            panic!("one score: {:?}", result.scores);
        };
        assert_eq!(seat, Seat::Crew);
        // Rules 16.2: every point comes in fives, sevens and fifteens, and some was scored or
        // lost over a whole random match.
        assert_eq!(points.fract(), 0.0);
        assert_ne!(points, 0.0, "seed 3 scores");
    }

    #[test]
    fn every_match_played_is_told_as_it_ends_counting_up_to_the_last() {
        let seats = [
            (Seat::Marines, BotLevel::Random),
            (Seat::Aliens, BotLevel::Random),
        ];
        let told = Mutex::new(Vec::new());
        let results = arena(GameId::Noughts, &seats).play_all(5, 6, 2, &|n| {
            told.lock().expect("not poisoned").push(n);
        });
        assert_eq!(results.len(), 6);
        let mut told = told.into_inner().expect("not poisoned");
        told.sort_unstable();
        assert_eq!(told, [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn a_match_of_a_game_without_a_score_records_none() {
        let seats = [
            (Seat::Marines, BotLevel::Random),
            (Seat::Aliens, BotLevel::Random),
        ];
        let result = play_match(&arena(GameId::Noughts, &seats), 3);
        assert!(result.outcome.is_some());
        assert!(result.scores.is_empty(), "{:?}", result.scores);
    }
}
