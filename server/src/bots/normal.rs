//! The `normal` level: one world believed from the view, and the game's heuristic in it.

use std::fmt;
use std::marker::PhantomData;

use serde_json::Value;
use xenotable_protocol::Seat;

use super::Choose;
use super::mind::{Mind, Sight};
use crate::games::{Dice, Roll};

/// A bot that plays `G`'s heuristic for its seat.
pub struct NormalBot<G> {
    seat: Seat,
    dice: Dice,
    game: PhantomData<fn() -> G>,
}

impl<G: Mind> NormalBot<G> {
    /// The bot at `seat`, its choices following `seed`.
    pub fn new(seat: Seat, seed: u64) -> NormalBot<G> {
        NormalBot {
            seat,
            dice: Dice::from_seed(seed),
            game: PhantomData,
        }
    }
}

impl<G> fmt::Debug for NormalBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NormalBot")
            .field("seat", &self.seat)
            .finish()
    }
}

impl<G: Mind> Choose for NormalBot<G> {
    /// The heuristic's pick in the believed world; a random legal action if the view cannot
    /// be believed (which would be a bug in the game's sampler, not a reason to stop).
    fn choose(&mut self, view: &Value) -> Option<Value> {
        let sight = Sight::<G>::read(view)?;
        let k = match sight.legal.len() {
            0 => return None,
            1 => 0,
            n => match G::believe(self.seat, &sight.view, &mut self.dice) {
                Some(world) => G::heuristic(&world, self.seat, &sight.legal, &mut self.dice),
                None => self.dice.index(n),
            },
        };
        serde_json::to_value(sight.legal.get(k)?).ok()
    }
}
