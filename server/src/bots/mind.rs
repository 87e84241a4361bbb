//! What a game gives its thinking bots (`normal` and `strong`): a belief sampler, a heuristic
//! and an evaluation, all in the game's own terms, each in the game's folder.
//!
//! Blind by signature: a bot holds only its seat's view as the seat receives it (JSON, read
//! here into the game's typed [`Game::View`] and its legal actions), and the game's
//! [`Mind::believe`] turns that into full states: worlds that agree with the view, whose hidden
//! parts are drawn from the bot's own dice. Nothing in a bot can reach the match's true state.

use serde::de::DeserializeOwned;
use serde_json::Value;
use xenotable_protocol::{Outcome, Seat};

use super::strong::{CONFIDENCE, Search};
use crate::games::{Dice, Game};

/// A game whose bots can think.
pub trait Mind: Game<View: DeserializeOwned> {
    /// How many actions a `strong` bot's playout may run past its decision before it judges
    /// the world with [`Mind::evaluate`], unless [`Mind::playout_over`] says otherwise.
    const HORIZON: usize = 60;

    /// How the `strong` bot at `seat` searches: by default a bandit over every legal action.
    fn search(_seat: Seat) -> Search {
        Search::Bandit
    }

    /// Whether a `strong` bot's playout for `seat`, which began in `start` (its decision
    /// played) and has run `actions` actions since to reach `world`, has gone far enough to be
    /// judged with [`Mind::evaluate`]. A game may stop where its evaluation reads best, a
    /// turn's end say; by default after [`Mind::HORIZON`] actions. A playout also stops when
    /// the match is over, whatever this says.
    fn playout_over(
        _seat: Seat,
        _start: &Self::State,
        _world: &Self::State,
        actions: usize,
    ) -> bool {
        actions >= Self::HORIZON
    }

    /// In a [`Search::Improve`] rollout for `seat`, one move of `mover` in this many is random
    /// rather than `normal`'s; none when 0, the default. An opponent played a little at random
    /// keeps the search from betting everything on the opponent playing exactly as `normal`.
    fn surprise(_seat: Seat, _mover: Seat) -> u32 {
        0
    }

    /// In a [`Search::Improve`] search for `seat`, how many standard errors of its paired gain
    /// a candidate must stay above `normal`'s choice by to be played instead: lower, the search
    /// trusts its rollouts sooner.
    fn confidence(_seat: Seat) -> f64 {
        CONFIDENCE
    }

    /// A full state that agrees with `view`, all that `seat` may know; what the view hides is
    /// drawn from `dice`. `None` when the view describes no world this game can build.
    fn believe(seat: Seat, view: &Self::View, dice: &mut Dice) -> Option<Self::State>;

    /// The `normal` level's choice for `seat` in `world`, out of `legal` (never empty): its
    /// index. Cheap: a `strong` bot's playouts call it at every step.
    fn heuristic(world: &Self::State, seat: Seat, legal: &[Self::Action], dice: &mut Dice)
    -> usize;

    /// How good `world` is for `seat`, from 0 (lost) to 1 (won), for a playout that stopped
    /// before the match ended.
    fn evaluate(world: &Self::State, seat: Seat) -> f64;

    /// What a playout's end, `outcome` reached in `world`, is worth to `seat`, from 0 to 1: by
    /// default 1 won, ½ drawn, 0 lost ([`outcome_worth`]). A game whose seat plays for points
    /// may judge the end by them instead, on [`Mind::evaluate`]'s scale, so that an end with
    /// more points is worth more than an end with fewer.
    fn end_worth(_world: &Self::State, outcome: &Outcome, seat: Seat) -> f64 {
        outcome_worth(outcome, seat)
    }

    /// The actions of `legal` (indices) that a [`Search::Improve`] search weighs against the
    /// `normal` choice, which it always weighs too: those that differ in play. By default every
    /// legal action.
    fn root_candidates(_world: &Self::State, _seat: Seat, legal: &[Self::Action]) -> Vec<usize> {
        (0..legal.len()).collect()
    }
}

/// What a match's end is worth to `seat`: 1 won, ½ drawn, 0 lost; lost too when nobody won
/// but the end is no draw (Intruder's crew alone, beaten by the automatic Intruders).
pub fn outcome_worth(outcome: &Outcome, seat: Seat) -> f64 {
    if outcome.winners.contains(&seat) {
        1.0
    } else if outcome.is_draw() {
        0.5
    } else {
        0.0
    }
}

/// What a seat's view tells its bot: the game's own view and what the seat may send.
pub struct Sight<G: Game> {
    pub view: G::View,
    pub legal: Vec<G::Action>,
}

/// The fields every view carries around the game's own (see `MatchView`).
const ENVELOPE: [&str; 4] = ["to_act", "legal", "outcome", "clock"];

impl<G: Mind> Sight<G> {
    /// The view a room sends a seat, read; `None` if it is not a view of this game.
    pub fn read(view: &Value) -> Option<Sight<G>> {
        let mut own = view.as_object()?.clone();
        let legal = own.remove("legal")?;
        for key in ENVELOPE {
            own.remove(key);
        }
        Some(Sight {
            view: serde_json::from_value(Value::Object(own)).ok()?,
            legal: serde_json::from_value(legal).ok()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_end_with_no_winner_is_worth_a_draw_only_if_it_is_one() {
        let end = |winners: &[Seat], reason: &str| Outcome {
            winners: winners.to_vec(),
            reason: reason.into(),
        };
        let crew =
            |winners: &[Seat], reason: &str| outcome_worth(&end(winners, reason), Seat::Crew);
        assert_eq!(crew(&[Seat::Crew], "intruders_gone_win"), 1.0);
        assert_eq!(crew(&[], "turn_limit_draw"), 0.5);
        assert_eq!(crew(&[], "crew_dead_loss"), 0.0);
        assert_eq!(crew(&[Seat::Intruder], "crew_dead_loss"), 0.0);
    }
}
