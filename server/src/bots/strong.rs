//! The `strong` level: determinized Monte Carlo search. Each iteration believes a world from
//! the view (a fresh draw of whatever the view hides), picks one of the seat's legal actions
//! by UCB1 over the results so far, plays it in that world and then plays on with the game's
//! heuristic for every seat (with some random moves) up to the game's horizon, and scores the
//! end with the outcome or the game's evaluation. The action tried most often is played.
//!
//! The statistics live at the root only (flat UCB over determinizations): the worlds differ
//! in their hidden parts, so deeper nodes would mix positions a seat cannot tell apart.

use std::fmt;
use std::marker::PhantomData;

use serde_json::Value;
use xenotable_protocol::Seat;

use super::mind::{Mind, Sight};
use super::{Budget, Choose};
use crate::games::{Dice, Roll};

/// UCB1's exploration constant for rewards in 0..=1.
const EXPLORATION: f64 = 1.0;

/// In a playout, one move in this many is random rather than the heuristic's, so the search
/// sees more than one line of play.
const RANDOM_ONE_IN: u32 = 5;

/// A bot that searches for its seat within a budget per decision.
pub struct StrongBot<G> {
    seat: Seat,
    dice: Dice,
    budget: Budget,
    game: PhantomData<fn() -> G>,
}

impl<G: Mind> StrongBot<G> {
    /// The bot at `seat`, its choices following `seed`, thinking within `budget`.
    pub fn new(seat: Seat, seed: u64, budget: Budget) -> StrongBot<G> {
        StrongBot {
            seat,
            dice: Dice::from_seed(seed),
            budget,
            game: PhantomData,
        }
    }
}

impl<G> fmt::Debug for StrongBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StrongBot")
            .field("seat", &self.seat)
            .field("budget", &self.budget)
            .finish()
    }
}

impl<G: Mind> Choose for StrongBot<G> {
    fn choose(&mut self, view: &Value) -> Option<Value> {
        let sight = Sight::<G>::read(view)?;
        if sight.legal.is_empty() {
            return None;
        }
        let k = search::<G>(self.seat, &sight, &mut self.dice, self.budget);
        serde_json::to_value(sight.legal.get(k)?).ok()
    }
}

/// The index of the legal action the search prefers.
pub fn search<G: Mind>(seat: Seat, sight: &Sight<G>, dice: &mut Dice, budget: Budget) -> usize {
    let n = sight.legal.len();
    if n <= 1 {
        return 0;
    }
    let mut visits = vec![0u32; n];
    let mut total = vec![0.0f64; n];
    let mut allowance = budget.start();
    while allowance.another() {
        let Some(mut world) = G::believe(seat, &sight.view, dice) else {
            break;
        };
        let k = pick(&visits, &total, allowance.done());
        // The world's future dice are unknown to the seat: any stream will do.
        let mut world_dice = Dice::from_seed(
            u64::from(dice.below(u32::MAX)) << 32 | u64::from(dice.below(u32::MAX)),
        );
        let reward = match G::apply(&mut world, seat, &sight.legal[k], &mut world_dice) {
            Ok(_) => playout::<G>(&mut world, seat, &mut world_dice),
            Err(_) => 0.0,
        };
        visits[k] += 1;
        total[k] += reward;
    }
    (0..n)
        .max_by(|&a, &b| {
            visits[a]
                .cmp(&visits[b])
                .then(mean(total[a], visits[a]).total_cmp(&mean(total[b], visits[b])))
                .then(b.cmp(&a))
        })
        .unwrap_or(0)
}

fn mean(total: f64, visits: u32) -> f64 {
    if visits == 0 {
        0.0
    } else {
        total / f64::from(visits)
    }
}

/// UCB1: every action once, in order, then the best mean plus its exploration bonus.
fn pick(visits: &[u32], total: &[f64], iteration: u32) -> usize {
    if let Some(k) = visits.iter().position(|&v| v == 0) {
        return k;
    }
    let ln = f64::from(iteration.max(1)).ln();
    let score =
        |k: usize| mean(total[k], visits[k]) + EXPLORATION * (ln / f64::from(visits[k])).sqrt();
    (0..visits.len())
        .max_by(|&a, &b| score(a).total_cmp(&score(b)).then(b.cmp(&a)))
        .unwrap_or(0)
}

/// Plays `world` on to its horizon and scores it for `seat`.
fn playout<G: Mind>(world: &mut G::State, seat: Seat, dice: &mut Dice) -> f64 {
    for _ in 0..G::HORIZON {
        if G::outcome(world).is_some() {
            break;
        }
        let Some(&mover) = G::to_act(world).first() else {
            break;
        };
        let legal = G::legal_actions(world, mover);
        if legal.is_empty() {
            break;
        }
        let k = if dice.below(RANDOM_ONE_IN) == 0 {
            dice.index(legal.len())
        } else {
            G::heuristic(world, mover, &legal, dice)
        };
        if G::apply(world, mover, &legal[k], dice).is_err() {
            break;
        }
    }
    match G::outcome(world) {
        Some(outcome) if outcome.winners.contains(&seat) => 1.0,
        Some(outcome) if outcome.winners.is_empty() => 0.5,
        Some(_) => 0.0,
        None => G::evaluate(world, seat),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ucb_tries_every_action_once_then_favours_the_better_mean() {
        assert_eq!(pick(&[1, 0, 1], &[1.0, 0.0, 0.0], 2), 1);
        assert_eq!(pick(&[10, 10], &[2.0, 8.0], 20), 1);
        assert_eq!(pick(&[10, 10], &[8.0, 2.0], 20), 0);
    }
}
