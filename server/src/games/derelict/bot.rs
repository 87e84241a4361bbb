//! The `strong` marine player: rollouts that improve on the `normal` marine. No I/O.
//!
//! A marine turn offers hundreds of legal actions (every flamer target, every step with every
//! shot), most of them plainly wasted AP, and a playout with random moves in it loses the
//! marines' turn clock to turns and closed doors. So the search weighs only the few actions
//! the `normal` marine rates highest, his own choice first. Each round draws one dice stream
//! and plays every candidate on the same world with the same dice, then `normal` for both
//! seats until the next marine turn begins, and scores that with [`heuristic::evaluate`].
//! Common dice make the candidates' differences far less noisy than their means; `normal`'s
//! choice is played unless another beats it by a clear margin, so where a few rounds cannot
//! tell them apart the marines play no worse than `normal`.

use serde_json::Value;
use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Action, Phase};

use super::{Derelict, State, belief, heuristic};
use crate::bots::{Budget, Choose, Sight};
use crate::games::{Dice, Game, Roll};

/// How many of the `normal` marine's best actions the search weighs.
pub const CANDIDATES: usize = 4;
/// Actions at most in one rollout, whatever the turn.
const ROLLOUT_CAP: usize = 400;
/// How many standard errors of its paired difference a candidate must stay above `normal`'s
/// choice by to be played instead.
const CONFIDENCE: f64 = 1.5;
/// The least mean gain over `normal`'s choice worth playing another candidate for.
const MARGIN: f64 = 0.01;

/// A `strong` bot for the marines.
#[derive(Debug, Clone)]
pub struct SearchingMarines {
    dice: Dice,
    budget: Budget,
}

impl SearchingMarines {
    /// A bot whose choices follow `seed`, thinking within `budget`.
    pub fn new(seed: u64, budget: Budget) -> SearchingMarines {
        SearchingMarines {
            dice: Dice::from_seed(seed),
            budget,
        }
    }
}

impl Choose for SearchingMarines {
    fn choose(&mut self, view: &Value) -> Option<Value> {
        let sight = Sight::<Derelict>::read(view)?;
        let action = match sight.legal.len() {
            0 => return None,
            1 => sight.legal[0],
            _ => match belief::believe(&sight.view) {
                Some(world) => improve(&world, &sight.legal, &mut self.dice, self.budget),
                None => *self.dice.choose(&sight.legal)?,
            },
        };
        serde_json::to_value(action).ok()
    }
}

/// The candidate the rollouts prefer: `normal`'s choice unless another is clearly better.
pub(super) fn improve(world: &State, legal: &[Action], dice: &mut Dice, budget: Budget) -> Action {
    let candidates: Vec<Action> = heuristic::candidates(world, Seat::Marines, legal, CANDIDATES)
        .into_iter()
        .filter_map(|k| legal.get(k).copied())
        .collect();
    let Some(&normal) = candidates.first() else {
        return legal[0];
    };
    let mut gains: Vec<Vec<f64>> = vec![Vec::new(); candidates.len()];
    let mut allowance = budget.start();
    'rounds: loop {
        let seed = u64::from(dice.below(u32::MAX)) << 32 | u64::from(dice.below(u32::MAX));
        let mut rewards = Vec::with_capacity(candidates.len());
        for action in &candidates {
            if !allowance.another() {
                break 'rounds;
            }
            rewards.push(rollout(world, action, &mut Dice::from_seed(seed)));
        }
        for (k, reward) in rewards.iter().enumerate() {
            gains[k].push(reward - rewards[0]);
        }
    }
    let clear = |k: usize| {
        let (mean, error) = mean_and_error(&gains[k]);
        mean > MARGIN && mean > CONFIDENCE * error
    };
    (1..candidates.len())
        .filter(|&k| clear(k))
        .max_by(|&a, &b| {
            mean_and_error(&gains[a])
                .0
                .total_cmp(&mean_and_error(&gains[b]).0)
        })
        .map_or(normal, |k| candidates[k])
}

/// The mean of `xs` and its standard error; (0, ∞) with fewer than two.
fn mean_and_error(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.len() < 2 {
        return (0.0, f64::INFINITY);
    }
    let mean = xs.iter().sum::<f64>() / n;
    let variance = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (variance / n).sqrt())
}

/// Plays `action` in a copy of `world`, then `normal` for both seats until the next marine
/// turn begins, and scores the end for the marines.
fn rollout(world: &State, action: &Action, dice: &mut Dice) -> f64 {
    let mut s = world.clone();
    if Derelict::apply(&mut s, Seat::Marines, action, dice).is_err() {
        return 0.0;
    }
    let turn = s.turn;
    for _ in 0..ROLLOUT_CAP {
        let next_turn = s.phase == Phase::MarineTurn && s.turn > turn;
        let Some(&seat) = Derelict::to_act(&s).first() else {
            break;
        };
        if next_turn {
            break;
        }
        let legal = Derelict::legal_actions(&s, seat);
        if legal.is_empty() {
            break;
        }
        let k = heuristic::choose(&s, seat, &legal, dice);
        if Derelict::apply(&mut s, seat, &legal[k], dice).is_err() {
            break;
        }
    }
    heuristic::evaluate(&s, Seat::Marines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gain_is_clear_only_with_a_mean_above_its_error() {
        let (mean, error) = mean_and_error(&[0.1, 0.3]);
        assert!((mean - 0.2).abs() < 1e-9, "{mean}");
        assert!((error - 0.1).abs() < 1e-9, "{error}");
        assert_eq!(mean_and_error(&[0.5]).1, f64::INFINITY);
    }
}
