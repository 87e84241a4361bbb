//! The Intruder bot (every seat: `crew`, `intruder`, `science`, `command`, `team-1` to
//! `team-3`). It reads only its seat's JSON view. The list-shaped intents are listed as their
//! one-item forms. A phase-1 plan merges them (rules 17.1: any set of listed moves, one per
//! counter, is accepted): it keeps at most one random listed move per counter. Orders are not
//! merged: an order already illegal after the ones before it is refused (17.3), which a view
//! cannot foresee (two crewmen taking the same object), so the bot gives one listed list. Any
//! other decision is a random legal action too.

use serde_json::{Value, json};

use crate::bots::Choose;
use crate::games::{Dice, Roll};

/// A listed item joins the list with a chance of one in this many.
const ODDS: u32 = 3;

/// Random legal play for a seat of Intruder.
#[derive(Debug, Clone)]
pub struct RandomIntruder {
    dice: Dice,
}

impl RandomIntruder {
    /// A bot whose choices follow `seed`.
    pub fn new(seed: u64) -> RandomIntruder {
        RandomIntruder {
            dice: Dice::from_seed(seed),
        }
    }

    /// The items of the listed one-item lists under `key`.
    fn items<'v>(legal: &'v [Value], key: &str) -> impl Iterator<Item = &'v Value> {
        legal.iter().filter_map(move |a| a[key].as_array()?.first())
    }

    /// A plan with at most one move per counter: each listed move replaces the one kept for
    /// its counter, or is taken, by chance.
    fn plan(&mut self, legal: &[Value]) -> Value {
        let mut moves: Vec<Value> = Vec::new();
        for m in Self::items(legal, "moves") {
            if self.dice.below(ODDS) != 0 {
                continue;
            }
            match moves.iter_mut().find(|kept| kept["id"] == m["id"]) {
                Some(kept) => *kept = m.clone(),
                None => moves.push(m.clone()),
            }
        }
        json!({"type": "plan-movement", "moves": moves})
    }
}

impl Choose for RandomIntruder {
    /// Its intent for this view, or `None` while it has no decision.
    fn choose(&mut self, view: &Value) -> Option<Value> {
        let legal = view.get("legal")?.as_array()?;
        match legal.first()?["type"].as_str() {
            Some("plan-movement") => Some(self.plan(legal)),
            _ => self.dice.choose(legal).cloned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_merges_listed_moves_with_at_most_one_per_counter() {
        let legal = json!([
            {"type": "plan-movement", "moves": []},
            {"type": "plan-movement", "moves": [{"id": 7, "path": ["a1"]}]},
            {"type": "plan-movement", "moves": [{"id": 7, "path": ["a2"]}]},
            {"type": "plan-movement", "moves": [{"id": 9, "path": ["b1"]}]},
            {"type": "plan-movement", "moves": [{"id": 9, "path": []}]},
        ]);
        let listed: Vec<Value> = legal
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a["moves"].get(0).cloned())
            .collect();
        let mut bot = RandomIntruder::new(3);
        let mut sizes = Vec::new();
        for _ in 0..100 {
            let plan = bot.choose(&json!({"legal": legal})).expect("a plan");
            assert_eq!(plan["type"], "plan-movement");
            let moves = plan["moves"].as_array().expect("moves");
            for m in moves {
                assert!(listed.contains(m), "{m} is not listed");
                assert_eq!(moves.iter().filter(|o| o["id"] == m["id"]).count(), 1);
            }
            sizes.push(moves.len());
        }
        assert!(
            sizes.contains(&2),
            "two counters planned at once: {sizes:?}"
        );
    }

    #[test]
    fn orders_are_one_listed_list() {
        let orders = [
            json!({"type": "pick-up", "crewman": "s1", "object": 4}),
            json!({"type": "pick-up", "crewman": "s2", "object": 4}),
        ];
        let mut legal = vec![json!({"type": "orders", "orders": []})];
        legal.extend(
            orders
                .iter()
                .map(|o| json!({"type": "orders", "orders": [o]})),
        );
        let mut bot = RandomIntruder::new(8);
        let mut given = Vec::new();
        for _ in 0..100 {
            let chosen = bot.choose(&json!({"legal": legal})).expect("orders");
            assert!(legal.contains(&chosen), "{chosen}");
            given.push(chosen);
        }
        assert!(
            legal.iter().all(|l| given.contains(l)),
            "every listed list is given some time"
        );
    }

    #[test]
    fn other_decisions_are_a_legal_action() {
        let legal = json!([{"type": "end-destruction"}, {"type": "destroy-object", "object": 2}]);
        let mut bot = RandomIntruder::new(1);
        let chosen = bot.choose(&json!({"legal": legal})).expect("a choice");
        assert!(legal.as_array().expect("a list").contains(&chosen));
        assert_eq!(bot.choose(&json!({"legal": []})), None);
    }
}
