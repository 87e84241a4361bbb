//! Bots: a seat played by the server. A bot is given only its seat's view, exactly what a human
//! client at that seat would receive, and answers with an action from the view's `legal` list.
//! Its move is then an ordinary command, checked and logged like any other.
//!
//! Which bot plays a seat is the game's choice ([`Game::bot`](crate::games::Game::bot)), by
//! [`BotLevel`]; a game with bots of its own keeps them (heuristics, belief sampler) in its
//! folder. What is shared lives here: the seed, the budget, and the search over sampled worlds.

pub mod arena;
mod budget;
mod mind;
mod normal;
mod strong;

use serde_json::Value;
use sha2::{Digest, Sha256};
use xenotable_protocol::Seat;

pub use budget::{Allowance, Budget};
pub use mind::{Mind, Sight, outcome_worth};
pub use normal::NormalBot;
pub use strong::{CONFIDENCE, Search, StrongBot, search};
pub use xenotable_protocol::BotLevel;

use crate::games::{Dice, GameId, Listed, Roll, Visit};

/// A game that has no bot of this level for this seat (yet): refused when the match is made,
/// rather than played by a weaker bot than was asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{game} has no {level} bot for {seat}; choose one of: {offered}")]
pub struct NoSuchBot {
    pub game: GameId,
    pub seat: Seat,
    pub level: BotLevel,
    /// The levels it has for that seat, comma-separated.
    pub offered: String,
}

impl NoSuchBot {
    /// The stable code of this error.
    pub fn code(&self) -> &'static str {
        "bot_level_unavailable"
    }
}

/// The seed of the bot at `seat` of a match whose dice follow `match_seed`.
///
/// A keyed hash with its own domain, so a bot's choices are reproducible from the match's
/// seed yet share nothing with the match's dice: a bot's move never tells a future die, and
/// the dice never tell a bot's move.
pub fn bot_seed(match_seed: u64, seat: Seat) -> u64 {
    let digest = Sha256::new()
        .chain_update(b"xenotable/bot-seed/v1\0")
        .chain_update(match_seed.to_le_bytes())
        .chain_update(seat.to_string().as_bytes())
        .finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

/// How a bot picks its move.
pub trait Choose: Send + std::fmt::Debug {
    /// The bot's action for this view of its seat, or `None` while it has none to play (no
    /// legal action, or it waits for another seat).
    fn choose(&mut self, view: &Value) -> Option<Value>;
}

/// The bot that plays a seat of a match.
#[derive(Debug)]
pub struct Bot {
    choose: Box<dyn Choose>,
    /// It searches or weighs its options (`normal`, `strong`): a room lets it think on the
    /// blocking pool rather than on the async runtime.
    thinks: bool,
}

impl Bot {
    /// A bot that picks with `choose`, at once (a random or a rules-given choice).
    pub fn new(choose: impl Choose + 'static) -> Bot {
        Bot {
            choose: Box::new(choose),
            thinks: false,
        }
    }

    /// A bot that picks with `choose` after thinking it over: a heuristic or a search.
    pub fn thinking(choose: impl Choose + 'static) -> Bot {
        Bot {
            choose: Box::new(choose),
            thinks: true,
        }
    }

    /// Whether its choices take long enough to be made off the async runtime.
    pub fn thinks(&self) -> bool {
        self.thinks
    }

    /// A bot that plays a uniformly random legal action, following `seed`.
    pub fn random(seed: u64) -> Bot {
        Bot::new(RandomBot::new(seed))
    }

    /// The bot of `level` that `game` puts at `seat`, its choices following `seed`, a search
    /// thinking within `budget`; refused when the game has no such bot for that seat.
    pub fn for_seat(
        game: GameId,
        seat: Seat,
        level: BotLevel,
        seed: u64,
        budget: Budget,
    ) -> Result<Bot, NoSuchBot> {
        struct For(Seat, BotLevel, u64, Budget);
        impl Visit for For {
            type Output = Option<Bot>;
            fn visit<G: Listed>(self) -> Option<Bot> {
                G::bot(self.0, self.1, self.2, self.3)
            }
        }
        game.visit(For(seat, level, seed, budget)).ok_or_else(|| {
            let offered: Vec<&str> = BotLevel::ALL
                .into_iter()
                .filter(|&l| game.visit(For(seat, l, seed, budget)).is_some())
                .map(BotLevel::as_str)
                .collect();
            NoSuchBot {
                game,
                seat,
                level,
                offered: offered.join(", "),
            }
        })
    }

    /// The strongest bot `game` has for `seat`, and its level: who plays a person's seat
    /// handed over without a level named, or taken over. Every seat has a `random` bot at least.
    pub fn best_for_seat(game: GameId, seat: Seat, seed: u64, budget: Budget) -> (BotLevel, Bot) {
        BotLevel::ALL
            .into_iter()
            .rev()
            .find_map(|level| {
                Bot::for_seat(game, seat, level, seed, budget)
                    .ok()
                    .map(|bot| (level, bot))
            })
            .unwrap_or_else(|| (BotLevel::Random, Bot::random(seed)))
    }

    /// The bot's action for this view of its seat, or `None` while it has none to play.
    pub fn choose(&mut self, view: &Value) -> Option<Value> {
        self.choose.choose(view)
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
}

impl Choose for RandomBot {
    /// Chooses one of the legal actions of `view`, or `None` when there is none.
    fn choose(&mut self, view: &Value) -> Option<Value> {
        let legal = view.get("legal")?.as_array()?;
        self.dice.choose(legal).cloned()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn bot_seeds_share_nothing_with_the_match_dice() {
        let seats = [
            Seat::Creature,
            Seat::Hunted(1),
            Seat::Hunted(2),
            Seat::AwayTeam,
            Seat::Aliens,
            Seat::Marines,
            Seat::Crew,
        ];
        for match_seed in [0, 1, 42, u64::MAX] {
            let mut seen = std::collections::HashSet::new();
            for seat in seats {
                let seed = bot_seed(match_seed, seat);
                assert_eq!(seed, bot_seed(match_seed, seat), "reproducible");
                assert!(seen.insert(seed), "each seat has its own stream");
                let mut dice = Dice::from_seed(match_seed);
                let mut bot = Dice::from_seed(seed);
                let dice: Vec<u32> = (0..8).map(|_| dice.below(1 << 30)).collect();
                let bot: Vec<u32> = (0..8).map(|_| bot.below(1 << 30)).collect();
                assert_ne!(dice, bot, "{seat} at seed {match_seed}");
            }
        }
        assert_ne!(bot_seed(1, Seat::Aliens), bot_seed(2, Seat::Aliens));
    }

    #[test]
    fn the_best_bot_of_a_seat_is_its_strongest_level_on_offer() {
        let seats = [
            (GameId::Derelict, Seat::Marines),
            (GameId::Derelict, Seat::Aliens),
            (GameId::Artemia, Seat::Creature),
            (GameId::Artemia, Seat::Hunted(1)),
            (GameId::Intruder, Seat::Crew),
            (GameId::AwayTeam, Seat::AwayTeam),
        ];
        for (game, seat) in seats {
            let (best, _) = Bot::best_for_seat(game, seat, 3, Budget::default());
            let offered = |level| Bot::for_seat(game, seat, level, 3, Budget::default()).is_ok();
            assert!(offered(best), "{game} {seat}: {best} is offered");
            let stronger = BotLevel::ALL.into_iter().skip_while(|&l| l != best).skip(1);
            for stronger in stronger {
                assert!(!offered(stronger), "{game} {seat}: {stronger} is stronger");
            }
        }
        let (derelict, _) =
            Bot::best_for_seat(GameId::Derelict, Seat::Marines, 3, Budget::default());
        assert_eq!(derelict, BotLevel::Strong);
    }

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
