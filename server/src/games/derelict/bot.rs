//! The `strong` marine player: the shared search ([`search`]) over the few actions the
//! `normal` marine player rates highest. A marine turn offers hundreds of legal actions (every
//! flamer target, every step with every shot), most of them plainly wasted AP; searching them
//! all would leave each a playout or two. No I/O.

use serde_json::Value;
use xenotable_protocol::Seat;

use super::{Derelict, belief, heuristic};
use crate::bots::{Budget, Choose, Sight, search};
use crate::games::Dice;

/// How many of the `normal` player's best actions the search weighs.
pub const CANDIDATES: usize = 6;

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
        let mut sight = Sight::<Derelict>::read(view)?;
        if let Some(shown) = belief::believe(&sight.view) {
            let legal = std::mem::take(&mut sight.legal);
            sight.legal = heuristic::candidates(&shown, Seat::Marines, &legal, CANDIDATES)
                .into_iter()
                .filter_map(|k| legal.get(k).cloned())
                .collect();
        }
        let k = search::<Derelict>(Seat::Marines, &sight, &mut self.dice, self.budget);
        serde_json::to_value(sight.legal.get(k)?).ok()
    }
}
