//! Bots: a seat played by the server. A bot is given only its seat's view, exactly what a human
//! client at that seat would receive, and answers with an action from the view's `legal` list.
//! Its move is then an ordinary command, checked and logged like any other.

mod away_team;
mod intruder;

use serde_json::Value;
use xenotable_protocol::Seat;

use crate::games::away_team::AwayTeam;
use crate::games::intruder::Intruder;
use crate::games::{Dice, Game};
pub use away_team::{AutomaticAliens, RandomAwayTeam};
pub use intruder::RandomIntruder;

/// The bot that plays a seat of a game.
#[derive(Debug, Clone)]
pub enum Bot {
    Random(RandomBot),
    AwayTeam(RandomAwayTeam),
    Aliens(AutomaticAliens),
    Intruder(RandomIntruder),
}

impl Bot {
    /// The bot for `seat` of `game`, its choices following `seed`.
    pub fn for_seat(game: &str, seat: Seat, seed: u64) -> Bot {
        match (game, seat) {
            (AwayTeam::ID, Seat::AwayTeam) => Bot::AwayTeam(RandomAwayTeam::new(seed)),
            (AwayTeam::ID, Seat::Aliens) => Bot::Aliens(AutomaticAliens),
            (Intruder::ID, _) => Bot::Intruder(RandomIntruder::new(seed)),
            _ => Bot::Random(RandomBot::new(seed)),
        }
    }

    /// The bot's action for this view of its seat, or `None` while it has none to play (no
    /// legal action, or it waits for another seat).
    pub fn choose(&mut self, view: &Value) -> Option<Value> {
        match self {
            Bot::Random(bot) => bot.choose(view),
            Bot::AwayTeam(bot) => bot.choose(view),
            Bot::Aliens(bot) => bot.choose(view),
            Bot::Intruder(bot) => bot.choose(view),
        }
    }
}

/// A bot that plays a uniformly random legal action.
#[derive(Debug, Clone)]
pub struct RandomBot {
    dice: Dice,
}

impl RandomBot {
    /// A bot whose choices follow `seed`, so a bot match can be played again.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            dice: Dice::from_seed(seed),
        }
    }

    /// Chooses one of the legal actions of `view`, or `None` when there is none.
    pub fn choose(&mut self, view: &Value) -> Option<Value> {
        let legal = view.get("legal")?.as_array()?;
        self.dice.choose(legal).cloned()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_random_bot_picks_only_from_the_legal_list() {
        let mut bot = RandomBot::new(5);
        let view = json!({"legal": [{"type": "a"}, {"type": "b"}], "secret": "unused"});
        for _ in 0..50 {
            let action = bot.choose(&view).expect("a choice");
            assert!(view["legal"].as_array().unwrap().contains(&action));
        }
        assert_eq!(bot.choose(&json!({"legal": []})), None);
        assert_eq!(bot.choose(&json!({})), None);
    }
}
