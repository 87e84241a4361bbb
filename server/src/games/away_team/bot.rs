//! Away Team bots. Each reads only its seat's JSON view and answers with an action from its
//! `legal` list.
//!
//! The automatic Aliens follow the rules' d6 method (rules 3.1, 3.5): they wait until the Away
//! Team has locked, roll the targets (a public roll), then lock. The Away Team bot gives each
//! active crew member one random legal order, in random order, then locks; now and then it
//! retreats where the encounter allows it.
//!
//! The `normal` and `strong` Away Teams are the shared thinking bots over the game's
//! [`Mind`](crate::bots::Mind) (`mod.rs`, `heuristic.rs`).

use serde_json::Value;

use crate::bots::Choose;
use crate::games::{Dice, Roll};

/// One round in this many, the Away Team bot retreats where it may.
const RETREAT_ODDS: u32 = 20;

fn legal(view: &Value) -> Vec<&Value> {
    view.get("legal")
        .and_then(Value::as_array)
        .map(|l| l.iter().collect())
        .unwrap_or_default()
}

fn of_type<'v>(legal: &[&'v Value], kind: &str) -> Option<&'v Value> {
    legal.iter().copied().find(|a| a["type"] == kind)
}

/// The automatic Aliens seat.
#[derive(Debug, Clone, Default)]
pub struct AutomaticAliens;

impl Choose for AutomaticAliens {
    /// Rolls the targets once the Away Team has locked, then locks; `None` while it waits.
    fn choose(&mut self, view: &Value) -> Option<Value> {
        let legal = legal(view);
        if let Some(roll) = of_type(&legal, "roll-targets") {
            return Some(roll.clone());
        }
        let away_team_locked = view["locked"]["away_team"].as_bool() == Some(true);
        of_type(&legal, "lock")
            .filter(|_| away_team_locked)
            .cloned()
    }
}

/// An Away Team that orders every crew member once, at random, then locks.
#[derive(Debug, Clone)]
pub struct RandomAwayTeam {
    dice: Dice,
}

impl RandomAwayTeam {
    /// A bot whose choices follow `seed`.
    pub fn new(seed: u64) -> RandomAwayTeam {
        RandomAwayTeam {
            dice: Dice::from_seed(seed),
        }
    }
}

impl Choose for RandomAwayTeam {
    /// An order for a crew member not yet ordered this round, else (rarely) a retreat, else
    /// the lock.
    fn choose(&mut self, view: &Value) -> Option<Value> {
        let legal = legal(view);
        let unordered: Vec<&Value> = view["away_team_orders"]["orders"]
            .as_array()
            .map(|orders| {
                orders
                    .iter()
                    .filter(|o| o["order"].is_null())
                    .map(|o| &o["crew"])
                    .collect()
            })
            .unwrap_or_default();
        if let Some(&crew) = self.dice.choose(&unordered) {
            let orders: Vec<&Value> = legal
                .iter()
                .copied()
                .filter(|a| a["type"] == "order" && a["crew"] == *crew)
                .collect();
            return self.dice.choose(&orders).map(|&a| a.clone());
        }
        if let Some(retreat) = of_type(&legal, "retreat")
            && self.dice.below(RETREAT_ODDS) == 0
        {
            return Some(retreat.clone());
        }
        of_type(&legal, "lock").cloned()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use xenotable_protocol::Seat;

    use super::*;
    use crate::bots::{Bot, BotLevel, Budget};
    use crate::games::away_team::test_match;
    use crate::games::{AnyMatch, GameId, Viewer};

    const ENCOUNTERS: [&str; 3] = [
        include_str!("../../../../scenarios/away-team/crystal-spires.toml"),
        include_str!("../../../../scenarios/away-team/last-stand.toml"),
        include_str!("../../../../scenarios/away-team/sleeping-colony.toml"),
    ];

    /// The random-level bot the game puts at `seat`.
    fn random_bot(seat: Seat, seed: u64) -> Bot {
        Bot::for_seat(
            GameId::AwayTeam,
            seat,
            BotLevel::Random,
            seed,
            Budget::default(),
        )
        .expect("a random bot")
    }

    /// Lets the bots play until the match ends; the actions played, by seat.
    fn play_out(m: &mut dyn AnyMatch, bots: &mut [(Seat, Bot)]) -> Vec<(Seat, Value)> {
        let mut played = Vec::new();
        while m.outcome().is_none() {
            assert!(played.len() < 2_000, "the match does not end");
            let to_act = m.to_act();
            let next = bots.iter_mut().find_map(|(seat, bot)| {
                if !to_act.contains(seat) {
                    return None;
                }
                bot.choose(&m.view(Viewer::Seat(*seat))).map(|a| (*seat, a))
            });
            let (seat, action) = next.expect("a bot has a move");
            if action["type"] == "roll-targets" {
                assert_eq!(m.view(Viewer::Spectator)["locked"]["away_team"], true);
            }
            m.act(seat, &action).expect("a bot plays legal actions");
            played.push((seat, action));
        }
        played
    }

    #[test]
    fn the_automatic_aliens_wait_for_the_away_team_lock_then_roll_and_lock() {
        let mut m = test_match(ENCOUNTERS[0], 1);
        let mut aliens = AutomaticAliens;
        assert_eq!(aliens.choose(&m.view(Viewer::Seat(Seat::Aliens))), None);
        m.act(Seat::AwayTeam, &json!({"type": "lock"}))
            .expect("lock");
        let roll = aliens.choose(&m.view(Viewer::Seat(Seat::Aliens)));
        assert_eq!(roll, Some(json!({"type": "roll-targets"})));
        let events = m
            .act(Seat::Aliens, &json!({"type": "roll-targets"}))
            .expect("roll");
        // Three raiders to order; the spire folk are peaceful and unprovoked.
        assert_eq!(events.len(), 3);
        for e in &events {
            assert_eq!(e.whole.to_value()["type"], "target-rolled");
            assert_eq!(
                e.for_viewer(Viewer::Spectator),
                Some(&e.whole),
                "rolls are public"
            );
        }
        let lock = aliens.choose(&m.view(Viewer::Seat(Seat::Aliens)));
        assert_eq!(lock, Some(json!({"type": "lock"})));
    }

    #[test]
    fn a_match_against_the_automatic_aliens_plays_to_the_end() {
        for seed in 0..50 {
            let mut m = test_match(ENCOUNTERS[0], seed);
            let mut bots = [
                (Seat::AwayTeam, random_bot(Seat::AwayTeam, seed)),
                (Seat::Aliens, random_bot(Seat::Aliens, seed)),
            ];
            let played = play_out(&mut *m, &mut bots);
            assert!(
                played
                    .iter()
                    .any(|(s, a)| *s == Seat::Aliens && a["type"] == "roll-targets")
            );
        }
    }

    #[test]
    fn all_bot_matches_end_on_every_shipped_encounter() {
        let mut decided = 0;
        for encounter in ENCOUNTERS {
            for seed in 100..200 {
                let mut m = test_match(encounter, seed);
                let mut bots = [
                    (Seat::Aliens, random_bot(Seat::Aliens, seed)),
                    (Seat::AwayTeam, random_bot(Seat::AwayTeam, seed)),
                ];
                play_out(&mut *m, &mut bots);
                decided += usize::from(m.outcome().is_some_and(|o| !o.winners.is_empty()));
            }
        }
        assert!(decided > 0);
    }

    #[test]
    fn the_away_team_bot_orders_each_crew_member_once_then_locks() {
        let mut m = test_match(ENCOUNTERS[1], 9);
        let mut bot = RandomAwayTeam::new(9);
        let mut ordered = Vec::new();
        loop {
            let action = bot
                .choose(&m.view(Viewer::Seat(Seat::AwayTeam)))
                .expect("a move");
            if action["type"] == "lock" {
                break;
            }
            assert_eq!(action["type"], "order");
            assert!(!ordered.contains(&action["crew"]), "{action}");
            ordered.push(action["crew"].clone());
            m.act(Seat::AwayTeam, &action).expect("legal");
        }
        assert_eq!(ordered.len(), 4);
    }

    /// Plays the Away Team bot of `level` in `m` until it locks; its actions.
    fn orders_of(level: BotLevel, m: &mut dyn AnyMatch) -> Vec<Value> {
        let mut bot = Bot::for_seat(
            GameId::AwayTeam,
            Seat::AwayTeam,
            level,
            11,
            Budget::iterations(300),
        )
        .expect("a bot");
        let mut played = Vec::new();
        loop {
            assert!(played.len() < 20, "the bot does not lock: {played:?}");
            let action = bot
                .choose(&m.view(Viewer::Seat(Seat::AwayTeam)))
                .expect("a move");
            m.act(Seat::AwayTeam, &action).expect("legal");
            played.push(action.clone());
            if action["type"] == "lock" {
                return played;
            }
        }
    }

    #[test]
    fn the_thinking_bots_order_the_same_whatever_the_aliens_locked_in_secret() {
        for level in [BotLevel::Normal, BotLevel::Strong] {
            let mut matches = [("captain", "sci"), ("sci", "sec")].map(|(first, rest)| {
                let mut m = test_match(ENCOUNTERS[0], 4);
                for (alien, crew) in [
                    ("raiders-1", first),
                    ("raiders-2", rest),
                    ("raiders-3", rest),
                ] {
                    let target = json!({"type": "target", "alien": alien, "crew": crew});
                    m.act(Seat::Aliens, &target).expect("a target");
                }
                m.act(Seat::Aliens, &json!({"type": "lock"})).expect("lock");
                m
            });
            let [a, b] = &mut matches;
            let seen = |m: &dyn AnyMatch| m.view(Viewer::Seat(Seat::AwayTeam)).to_string();
            assert_eq!(seen(&**a), seen(&**b), "the Away Team sees the same");
            assert_ne!(
                a.view(Viewer::Omniscient),
                b.view(Viewer::Omniscient),
                "the truth differs"
            );
            let played = orders_of(level, &mut **a);
            assert_eq!(played, orders_of(level, &mut **b), "{level}");
            assert_eq!(played.last(), Some(&json!({"type": "lock"})), "{level}");
        }
    }
}
