//! The `strong` level: determinized Monte Carlo search. Each iteration believes a world from
//! the view (a fresh draw of whatever the view hides), picks one of the seat's legal actions
//! by UCB1 over the results so far, plays it in that world and then plays on with the game's
//! heuristic for every seat (with some random moves) until the game says the playout is over
//! ([`Mind::playout_over`], by default its horizon), and scores the end with the game's
//! [`Mind::end_worth`] (by default the outcome) or its evaluation. The action tried most
//! often is played.
//!
//! The statistics live at the root only (flat UCB over determinizations): the worlds differ
//! in their hidden parts, so deeper nodes would mix positions a seat cannot tell apart.
//!
//! A game may ask instead, seat by seat ([`Mind::search`]), for [`Search::Improve`]: rollouts that improve on its `normal` play.
//! Each round believes one world and draws one dice stream, and plays every root candidate
//! ([`Mind::root_candidates`], with `normal`'s own choice always among them) in that same
//! world on those same dice, then `normal` for every seat (some of an opponent's moves random,
//! if the game asks: [`Mind::surprise`]) until the playout is over. Common worlds and
//! dice make the candidates' differences far less noisy than their means. `normal`'s choice is
//! played unless another candidate beats it by a clear margin: where a few rounds cannot tell
//! the candidates apart, the search plays no worse than `normal`.

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

/// How many standard errors of its paired difference a candidate must stay above `normal`'s
/// choice by, in [`Search::Improve`], to be played instead, unless the game asks otherwise
/// ([`Mind::confidence`]).
pub const CONFIDENCE: f64 = 1.5;

/// The least mean gain over `normal`'s choice, on rewards in 0..=1, worth playing another
/// candidate for in [`Search::Improve`]: smaller gains are as likely the evaluation's quirks.
const MARGIN: f64 = 0.01;

/// How a game's `strong` bot searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// UCB1 over every root candidate, playouts with one move in five random; the action
    /// tried most often is played.
    Bandit,
    /// Rollouts of `normal` after each root candidate, on common worlds and dice; `normal`'s
    /// choice is played unless another candidate is clearly better.
    Improve,
}

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

/// The index of the legal action the search prefers, searched as the game asks.
pub fn search<G: Mind>(seat: Seat, sight: &Sight<G>, dice: &mut Dice, budget: Budget) -> usize {
    if sight.legal.len() <= 1 {
        return 0;
    }
    match G::search(seat) {
        Search::Bandit => bandit::<G>(seat, sight, dice, budget),
        Search::Improve => improve::<G>(seat, sight, dice, budget),
    }
}

/// A fresh dice stream drawn from the bot's own: the world's future dice are unknown to the
/// seat, so any stream will do.
fn stream(dice: &mut Dice) -> Dice {
    Dice::from_seed(u64::from(dice.below(u32::MAX)) << 32 | u64::from(dice.below(u32::MAX)))
}

/// Flat UCB1 over every legal action ([`Search::Bandit`]).
fn bandit<G: Mind>(seat: Seat, sight: &Sight<G>, dice: &mut Dice, budget: Budget) -> usize {
    let n = sight.legal.len();
    let mut visits = vec![0u32; n];
    let mut total = vec![0.0f64; n];
    let mut allowance = budget.start();
    while allowance.another() {
        let Some(mut world) = G::believe(seat, &sight.view, dice) else {
            break;
        };
        let k = pick(&visits, &total, allowance.done());
        let mut world_dice = stream(dice);
        let reward = match G::apply(&mut world, seat, &sight.legal[k], &mut world_dice) {
            Ok(_) => playout::<G>(&mut world, seat, &mut world_dice, |_| RANDOM_ONE_IN),
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

/// Rollout-based improvement on `normal` ([`Search::Improve`]): the index of the legal action
/// played.
fn improve<G: Mind>(seat: Seat, sight: &Sight<G>, dice: &mut Dice, budget: Budget) -> usize {
    let legal = &sight.legal;
    let Some(first) = G::believe(seat, &sight.view, dice) else {
        return 0;
    };
    let normal = G::heuristic(&first, seat, legal, dice);
    let candidates = candidates(normal, G::root_candidates(&first, seat, legal), legal.len());
    if candidates.len() <= 1 {
        return normal;
    }
    // Per candidate, its rewards less `normal`'s choice's in the same round.
    let mut gains = vec![Gains::default(); candidates.len()];
    let mut allowance = budget.start();
    let mut next_world = Some(first);
    'rounds: loop {
        let Some(world) = next_world
            .take()
            .or_else(|| G::believe(seat, &sight.view, dice))
        else {
            break;
        };
        let seed = stream(dice);
        let mut normal_reward = 0.0;
        for (i, &k) in candidates.iter().enumerate() {
            if !allowance.another() {
                break 'rounds;
            }
            let reward = rollout::<G>(world.clone(), seat, &legal[k], seed.clone());
            if i == 0 {
                normal_reward = reward;
            } else {
                gains[i].add(reward - normal_reward);
            }
        }
    }
    surest(&gains, G::confidence(seat)).map_or(normal, |i| candidates[i])
}

/// The candidate (by its place in the gains, `normal`'s choice first) whose gain on `normal`'s
/// choice is surest, less `confidence` standard errors, if that is more than [`MARGIN`].
fn surest(gains: &[Gains], confidence: f64) -> Option<usize> {
    gains
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, g)| (i, g.sure(confidence)))
        .filter(|&(_, sure)| sure > MARGIN)
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(i, _)| i)
}

/// The root candidates: `normal`'s choice first, then the game's others, each once and legal.
fn candidates(normal: usize, offered: Vec<usize>, legal: usize) -> Vec<usize> {
    let mut out = vec![normal];
    for k in offered {
        if k < legal && !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// A candidate's paired differences with `normal`'s choice, round by round.
#[derive(Debug, Clone, Copy, Default)]
struct Gains {
    rounds: u32,
    sum: f64,
    squares: f64,
}

impl Gains {
    fn add(&mut self, gain: f64) {
        self.rounds += 1;
        self.sum += gain;
        self.squares += gain * gain;
    }

    /// The mean gain less `confidence` standard errors: a gain the rounds make sure of.
    /// Below zero with fewer than two rounds.
    fn sure(&self, confidence: f64) -> f64 {
        if self.rounds < 2 {
            return -1.0;
        }
        let n = f64::from(self.rounds);
        let mean = self.sum / n;
        let variance = ((self.squares - n * mean * mean) / (n - 1.0)).max(0.0);
        mean - confidence * (variance / n).sqrt()
    }
}

/// Plays `action` for `seat` in `world` on `dice`, then `normal` for everyone (with the random
/// moves [`Mind::surprise`] asks for); the reward.
fn rollout<G: Mind>(mut world: G::State, seat: Seat, action: &G::Action, mut dice: Dice) -> f64 {
    match G::apply(&mut world, seat, action, &mut dice) {
        Ok(_) => playout::<G>(&mut world, seat, &mut dice, |mover| {
            G::surprise(seat, mover)
        }),
        Err(_) => 0.0,
    }
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

/// Plays `world` on until the match or the game's playout is over ([`Mind::playout_over`])
/// and scores it for `seat`; one move of each mover in `random_one_in(mover)` is random (none
/// when it is 0), the others the heuristic's.
fn playout<G: Mind>(
    world: &mut G::State,
    seat: Seat,
    dice: &mut Dice,
    random_one_in: impl Fn(Seat) -> u32,
) -> f64 {
    // The start is the world after the decision, not before: a game that judges at a turn's
    // end then looks a whole turn past a decision that ends one. Intruder's strong crew scored
    // 9.1 instead of 12.7 on the same seeds when such decisions were judged at once.
    let start = world.clone();
    for actions in 0.. {
        if G::outcome(world).is_some() || G::playout_over(seat, &start, world, actions) {
            break;
        }
        let Some(&mover) = G::to_act(world).first() else {
            break;
        };
        let legal = G::legal_actions(world, mover);
        if legal.is_empty() {
            break;
        }
        let one_in = random_one_in(mover);
        let k = if one_in > 0 && dice.below(one_in) == 0 {
            dice.index(legal.len())
        } else {
            G::heuristic(world, mover, &legal, dice)
        };
        if G::apply(world, mover, &legal[k], dice).is_err() {
            break;
        }
    }
    match G::outcome(world) {
        Some(outcome) => G::end_worth(world, &outcome, seat),
        None => G::evaluate(world, seat),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::noughts::{Action, Noughts, Square, State};
    use crate::games::{Game, Viewer};

    /// Mined Noughts as a thinking game whose playouts are over after two marks: the
    /// `normal` play marks the first free square, and in a [`Search::Improve`] rollout the
    /// other side plays every move at random.
    impl Mind for Noughts {
        fn playout_over(_seat: Seat, _start: &State, _world: &State, actions: usize) -> bool {
            actions >= 2
        }

        fn surprise(seat: Seat, mover: Seat) -> u32 {
            u32::from(mover != seat)
        }

        fn believe(_seat: Seat, _view: &Self::View, _dice: &mut Dice) -> Option<State> {
            None
        }

        fn heuristic(
            _world: &State,
            _seat: Seat,
            _legal: &[Self::Action],
            _dice: &mut Dice,
        ) -> usize {
            0
        }

        /// A half where the aliens' mark stands on square 1, where `normal` puts their first
        /// one; nothing otherwise.
        fn evaluate(world: &State, _seat: Seat) -> f64 {
            let view = Noughts::view(world, Viewer::Spectator);
            if view.squares[1] == Square::Marked(Seat::Aliens) {
                0.5
            } else {
                0.0
            }
        }
    }

    #[test]
    fn a_playout_stops_where_the_game_says_it_is_over() {
        let mut dice = Dice::from_seed(1);
        let mut world = Noughts::setup(&(), &mut dice);
        let reward = playout::<Noughts>(&mut world, Seat::Marines, &mut dice, |_| 0);
        let view = Noughts::view(&world, Viewer::Spectator);
        let taken = view.squares.iter().filter(|&&s| s != Square::Free).count();
        assert_eq!(taken, 2, "two actions, then judged: {:?}", view.squares);
        assert_eq!(
            reward, 0.5,
            "judged by the evaluation, the match being still on"
        );
    }

    /// The squares a two-action playout on `seed` leaves taken, random moves as `one_in` says.
    fn taken_after_two(seed: u64, one_in: impl Fn(Seat) -> u32) -> Vec<usize> {
        let mut dice = Dice::from_seed(seed);
        let mut world = Noughts::setup(&(), &mut dice);
        playout::<Noughts>(&mut world, Seat::Marines, &mut dice, one_in);
        let view = Noughts::view(&world, Viewer::Spectator);
        (0..view.squares.len())
            .filter(|&k| view.squares[k] != Square::Free)
            .collect()
    }

    #[test]
    fn a_surprised_mover_plays_at_random_and_only_that_mover() {
        // `normal` marks the first free square: the marines square 0, the aliens square 1.
        for seed in 0..20 {
            assert_eq!(taken_after_two(seed, |_| 0), vec![0, 1], "seed {seed}");
        }
        let aliens_at_random = |mover| u32::from(mover == Seat::Aliens);
        let taken: Vec<Vec<usize>> = (0..20)
            .map(|seed| taken_after_two(seed, aliens_at_random))
            .collect();
        assert!(
            taken.iter().all(|t| t[0] == 0),
            "the marines play normal: {taken:?}"
        );
        assert!(
            taken.iter().any(|t| t != &[0, 1]),
            "the aliens play at random: {taken:?}"
        );
    }

    #[test]
    fn a_rollout_plays_the_movers_as_the_game_says_surprise_them() {
        let mut dice = Dice::from_seed(1);
        let world = Noughts::setup(&(), &mut dice);
        let first = Action::Mark { square: 0 };
        let normal = playout::<Noughts>(&mut world.clone(), Seat::Aliens, &mut dice, |_| 0);
        assert_eq!(normal, 0.5, "normal aliens mark square 1 on this board");
        // After the marines' square 0 the aliens move, then the marines: with the aliens always
        // surprised, their mark lands on square 1 only now and then.
        let rewards: Vec<f64> = (0..40)
            .map(|seed| {
                rollout::<Noughts>(world.clone(), Seat::Marines, &first, Dice::from_seed(seed))
            })
            .collect();
        assert!(rewards.contains(&0.5), "square 1 some time: {rewards:?}");
        assert!(
            rewards.contains(&0.0),
            "another square some time: {rewards:?}"
        );
    }

    #[test]
    fn ucb_tries_every_action_once_then_favours_the_better_mean() {
        assert_eq!(pick(&[1, 0, 1], &[1.0, 0.0, 0.0], 2), 1);
        assert_eq!(pick(&[10, 10], &[2.0, 8.0], 20), 1);
        assert_eq!(pick(&[10, 10], &[8.0, 2.0], 20), 0);
    }

    #[test]
    fn root_candidates_always_hold_the_normal_choice_first_each_legal_one_once() {
        assert_eq!(candidates(2, vec![0, 1, 2, 3], 4), vec![2, 0, 1, 3]);
        assert_eq!(candidates(1, Vec::new(), 3), vec![1]);
        assert_eq!(candidates(0, vec![5, 0, 2, 2], 3), vec![0, 2]);
    }

    #[test]
    fn a_candidate_replaces_the_normal_choice_only_on_a_sure_gain() {
        let gains = |values: &[f64]| {
            let mut g = Gains::default();
            values.iter().for_each(|&v| g.add(v));
            g.sure(CONFIDENCE)
        };
        assert!(gains(&[0.2; 10]) > MARGIN, "a steady gain");
        assert!(gains(&[0.2]) < 0.0, "one round proves nothing");
        assert!(gains(&[1.0, -0.9, 1.0, -0.9]) < MARGIN, "noise");
        assert!(gains(&[0.005; 50]) < MARGIN, "too small to matter");
    }

    #[test]
    fn the_surest_gain_is_played_and_none_keeps_the_normal_choice() {
        let of = |values: &[f64]| {
            let mut g = Gains::default();
            values.iter().for_each(|&v| g.add(v));
            g
        };
        let normal = Gains::default();
        let sure = of(&[0.2, 0.25, 0.2, 0.25]);
        let surer = of(&[0.3, 0.3, 0.3, 0.3]);
        let noisy = of(&[1.0, -0.9, 1.0, -0.9]);
        assert_eq!(surest(&[normal, sure, surer, noisy], CONFIDENCE), Some(2));
        assert_eq!(surest(&[normal, noisy], CONFIDENCE), None);
        assert_eq!(
            surest(&[surer], CONFIDENCE),
            None,
            "normal's own gain is never counted"
        );
    }

    #[test]
    fn a_lower_confidence_plays_a_candidate_on_a_less_certain_gain() {
        let mut likely = Gains::default();
        [0.25, -0.05, 0.25, -0.05]
            .iter()
            .for_each(|&v| likely.add(v));
        let gains = [Gains::default(), likely];
        assert_eq!(surest(&gains, CONFIDENCE), None, "not sure enough at 1.5");
        assert_eq!(surest(&gains, 0.5), Some(1), "sure enough at 0.5");
    }
}
