//! Intruder: the crew of Deep Space Station Prometheus hunts a shapeshifting alien hidden among
//! face-down counters (`shared/rules/intruder.md`).
//!
//! In the registry with its built-in scenarios ([`scenarios`]): a match names one by id (none:
//! `solitaire`), and the id is what [`Game::configure`] receives as the scenario.
//!
//! Scenarios (rules 1) each have a fixed seat list; [`scenarios`] lists those the engine plays:
//! `solitaire` (the crew against the automatic Intruder) and `intelligent` (17.1: an `intruder`
//! seat that sees every identity decides phase-1 movement as one plan, attacks and targets, and
//! opens Cages and destroys objects lying with its free Intruders), `science-officer` (17.3:
//! `science` and `command` seats give secret orders for their own crewmen at each crew decision
//! point, executed in turn order; their own score table), `science-officer-intelligent` (both),
//! and Return to Prometheus (17.4: stage 6 with all 7 powers rolled at set-up and public, three
//! set-up movements, three teams starting in AIR, DK1 and DK2 that spread their objects and
//! discard useless weapons in a set-up step before turn 1; team n is Cn, En and Sn and starts in
//! the n-th airlock): `return` (one `crew` seat), `return-intelligent` (with the Intruder seat,
//! which plans the three set-up movements) and `return-teams` (`team-1` to `team-3` give orders
//! as in 17.3, the first block rotating each turn, and share the score). Option `marines` (17.4)
//! arms Command Officers and Engineers with four weapons without counters. The team at AIR
//! leaves from AIR in its own Shuttle #3 under 15.2. Option `lost-crewmen` (14.3, not with an
//! `intruder` seat) loses a crewman at each panic as one more face-down counter. The
//! list-shaped intents (a phase-1 plan, orders) are listed by `legal_actions` as their one-item
//! forms; any combination of listed items applies.
//!
//! Pure rules: no I/O, no clock, no randomness but the match's [`Dice`]. The files follow the
//! rules: `scenario` (scenarios and seats), `station` (the map and random movement), `tables`
//! (life stages, powers, the CRT), `state` (the truth and the set-up), `flow` (the turn:
//! movement, interactions with the automatic Intruder, metamorphosis, panic, the end), `intent`
//! (the crew's intents checked: one `check` for `apply` and `legal`, sent to the rules of the
//! step), `crew_movement` (moving, carrying, unlocking), `combat` (crew attacks, self-defence,
//! the CRT), `crew_actions` (self-destruct, airlocks, inventory), `candidates` (the crew
//! actions worth checking, and whether anyone may act), `execute` (carrying out a checked
//! intent), `capture` (Lab Animals, Cages, prod control), `freezer`, `construction` (the Weapon Construction Track), `shuttle` (leaving in a
//! Shuttle, the stowaway and the fight aboard, repeated at once; escaped crewmen count alive and
//! at detonation 3 of them make a draw, for both seats of 17.3 too), `lost` (lost crewmen:
//! lost at a panic, found when revealed or when nobody else is in play), `prometheus` (the
//! Return to Prometheus set-up and its set-up step), `intruder_seat` (the Intruder seat's
//! intents), `orders` (crews shared by several seats: 17.3 and the teams of 17.4), `legal` (who
//! acts and what they may send) and `view`.

mod belief;
mod bot;
mod candidates;
mod capture;
mod combat;
mod construction;
mod crew_actions;
mod crew_movement;
mod execute;
mod flow;
mod freezer;
mod heuristic;
mod intent;
mod intruder_seat;
#[cfg(any(test, feature = "fuzzing"))]
pub mod invariants;
mod legal;
mod lost;
mod orders;
mod prometheus;
mod scenario;
mod shuttle;
mod state;
mod station;
mod tables;
mod view;

#[cfg(test)]
mod tests;

use serde::Deserialize;
use xenotable_protocol::intruder::{Action, Event, View};
use xenotable_protocol::{Outcome, Seat};

pub use scenario::Scenario;
pub use state::State;

use crate::bots::{
    Bot, BotLevel, Budget, CONFIDENCE, Mind, NormalBot, Search, StrongBot, outcome_worth,
};
use crate::games::{Dice, Game, Roll, RuleError, ScenarioInfo, SetupError, Told, Viewer};
use bot::RandomIntruder;
use flow::Table;
use intent::Intent;
use intruder_seat::Decision;
use scenario::SCENARIOS;

/// The game, for the registry.
pub struct Intruder;

/// The turn limit when none is chosen (rules 1).
const DEFAULT_TURN_LIMIT: u32 = 100;

/// Match options (rules 1).
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Options {
    /// The game ends and is scored at the end of this turn; 0: no limit.
    #[serde(default = "default_turn_limit")]
    pub turn_limit: u32,
    /// Lost crewmen (14.3): not with an `intruder` seat.
    #[serde(default)]
    pub lost_crewmen: bool,
    /// Marines (17.4): only in the `return` scenarios.
    #[serde(default)]
    pub marines: bool,
}

fn default_turn_limit() -> u32 {
    DEFAULT_TURN_LIMIT
}

impl Default for Options {
    fn default() -> Options {
        Options {
            turn_limit: DEFAULT_TURN_LIMIT,
            lost_crewmen: false,
            marines: false,
        }
    }
}

/// A validated match: the scenario, the turn limit, whether crewmen get lost (14.3) and
/// option `marines` (17.4).
#[derive(Debug, Clone)]
pub struct Config {
    pub scenario: Scenario,
    pub turn_limit: u32,
    pub lost_crewmen: bool,
    pub marines: bool,
}

/// An action that passed its check, by the kind of seat that sent it.
#[derive(Debug, Clone)]
pub enum Checked {
    /// A crew seat's orders, where several seats share the crew (17.3, 17.4): checked as far as
    /// they can be foreseen, executed once no seat owes any.
    Orders { seat: Seat, orders: Vec<Action> },
    /// A decision of the Intruder seat (17.1).
    Intruder(Decision),
    /// An intent of the crew seat.
    Crew(Intent),
}

/// The scenarios the engine plays.
fn playable() -> impl Iterator<Item = Scenario> {
    SCENARIOS.into_iter().filter(|s| s.playable())
}

/// The built-in scenarios available now, with their seats.
pub fn scenarios() -> Vec<ScenarioInfo> {
    playable()
        .map(|s| ScenarioInfo {
            id: s.id().into(),
            name: s.name().into(),
            seats: s.seats().to_vec(),
        })
        .collect()
}

impl Game for Intruder {
    const ID: &'static str = "intruder";
    const NAME: &'static str = "Intruder";

    type Options = Options;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Checked = Checked;
    type View = View;
    type Event = Event;

    /// Every seat of the playable scenarios, in the order of rules 1.
    fn seats() -> Vec<Seat> {
        let mut seats: Vec<Seat> = Vec::new();
        for seat in playable().flat_map(|s| s.seats().iter().copied()) {
            if !seats.contains(&seat) {
                seats.push(seat);
            }
        }
        seats
    }

    fn options() -> serde_json::Value {
        serde_json::json!({
            "turn-limit": {"default": DEFAULT_TURN_LIMIT, "min": 0},
            "lost-crewmen": {
                "name": "Lost crewmen (not with an intruder seat)",
                "default": false,
                "choices": [false, true],
            },
            "marines": {
                "name": "Marines (return scenarios only)",
                "default": false,
                "choices": [false, true],
            },
        })
    }

    /// Every seat plays at random, merging listed moves into one plan (see `bot`); the `crew`
    /// and `intruder` seats also at `normal` (the rules of thumb of `heuristic`) and `strong`
    /// (a search over the worlds of `belief`). The seats that share a crew (17.3, 17.4) give
    /// orders, which the search does not weigh: they play at random only.
    fn bot(seat: Seat, level: BotLevel, seed: u64, budget: Budget) -> Option<Bot> {
        let thinks = matches!(seat, Seat::Crew | Seat::Intruder);
        match level {
            BotLevel::Random => Some(Bot::new(RandomIntruder::new(seed))),
            BotLevel::Normal if thinks => {
                Some(Bot::thinking(NormalBot::<Intruder>::new(seat, seed)))
            }
            BotLevel::Strong if thinks => Some(Bot::thinking(StrongBot::<Intruder>::new(
                seat, seed, budget,
            ))),
            BotLevel::Normal | BotLevel::Strong => None,
        }
    }

    fn scenarios() -> Vec<ScenarioInfo> {
        scenarios()
    }

    fn configure(
        seats: &[Seat],
        scenario: Option<&str>,
        options: Options,
    ) -> Result<Config, SetupError> {
        let scenario = match scenario {
            None => Scenario::Solitaire,
            Some(id) => Scenario::from_id(id)
                .filter(|s| s.playable())
                .ok_or_else(|| SetupError::UnknownScenario(id.to_owned()))?,
        };
        SetupError::check_seats(seats, |seat| scenario.seats().contains(&seat))?;
        if seats.len() != scenario.seats().len() {
            let names: Vec<String> = scenario.seats().iter().map(Seat::to_string).collect();
            return Err(SetupError::Seats(format!(
                "{} is played by the seats {}",
                scenario.id(),
                names.join(", ")
            )));
        }
        if options.lost_crewmen && scenario.intruder_seat() {
            return Err(SetupError::Options(
                "lost-crewmen is not played with an intruder seat".into(),
            ));
        }
        if options.marines && !scenario.is_return() {
            return Err(SetupError::Options(
                "marines is only for the return scenarios".into(),
            ));
        }
        Ok(Config {
            scenario,
            turn_limit: options.turn_limit,
            lost_crewmen: options.lost_crewmen,
            marines: options.marines,
        })
    }

    fn setup(config: &Config, dice: &mut Dice) -> State {
        new_state(config, dice)
    }

    fn to_act(state: &State) -> Vec<Seat> {
        legal::to_act(state)
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        legal::legal_actions(state, seat)
    }

    fn check(state: &State, seat: Seat, action: &Action) -> Result<Checked, RuleError> {
        if state.scenario.split_crew() && seat != Seat::Intruder && state.ending.is_none() {
            orders::check(state, seat, action).map(|orders| Checked::Orders { seat, orders })
        } else if seat == Seat::Intruder && legal::to_act(state).contains(&seat) {
            intruder_seat::check(state, action).map(Checked::Intruder)
        } else {
            intent::check(state, seat, action).map(Checked::Crew)
        }
    }

    fn execute(state: &mut State, checked: Checked, dice: &mut Dice) -> Vec<Told<Event>> {
        execute(state, checked, dice)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn conceal(event: &Event) -> Option<Event> {
        Some(view::conceal(event))
    }

    /// The crew's victory points (16.2); with two crew seats each its own (17.3); the team
    /// seats share the crew's (17.4). The Intruder seat scores none: it wins when the crew loses.
    fn score(state: &State, seat: Seat) -> Option<f64> {
        if seat == Seat::Intruder {
            return None;
        }
        let points = orders::scores(state)
            .into_iter()
            .find(|&(s, _)| s == seat)
            .map_or(state.score(), |(_, points)| points);
        Some(f64::from(points))
    }

    fn outcome(state: &State) -> Option<Outcome> {
        if let Some(e) = &state.ending
            && state.scenario.split_crew()
        {
            return Some(orders::outcome(state, e));
        }
        state.ending.as_ref().map(|e| Outcome {
            winners: match e.crew_won {
                Some(true) => vec![Seat::Crew],
                // The Intruder seat wins when the crew loses (17.1).
                Some(false) if state.scenario.intruder_seat() => vec![Seat::Intruder],
                Some(false) | None => Vec::new(),
            },
            reason: match e.crew_won {
                Some(true) => format!("{}_win", e.reason),
                Some(false) => format!("{}_loss", e.reason),
                None => format!("{}_draw", e.reason),
            },
        })
    }
}

/// The crew and the Intruder seat think: worlds drawn from the seat's view (`belief`), the
/// rules of thumb and the score (`heuristic`).
impl Mind for Intruder {
    /// A rollout is judged when the turn its decision left it in has ended (the Intruders'
    /// phase and the events played out), or after [`ROLLOUT_CAP`] actions: the score reads a
    /// whole turn better than the middle of one, where a fight's result is not yet known. A
    /// decision that ends a turn is so judged after the next one, by what it led to. The
    /// Intruder seat's rollouts run a turn further ([`rollout_turns`]); a crew's rollout with
    /// the self-destruct running against an Intruder seat runs to the match's end, which the
    /// blast decides ([`heuristic::blast_decides`]).
    fn playout_over(seat: Seat, start: &State, world: &State, actions: usize) -> bool {
        if seat != Seat::Intruder && heuristic::blast_decides(start) {
            return actions >= ROLLOUT_CAP * BLAST_TURNS;
        }
        let turns = rollout_turns(seat);
        actions >= ROLLOUT_CAP * turns as usize || world.turn >= start.turn + turns
    }

    /// The heuristic's play is improved on where a rollout can judge it: in fights, action
    /// segments and the Intruder seat's movement ([`heuristic::root_candidates`]); the crew's
    /// movement is the pack's plan as it stands.
    fn search(_seat: Seat) -> Search {
        Search::Improve
    }

    /// The Intruder seat trusts its rollouts sooner than the crew: a gain they show against the
    /// `normal` crew holds more often than not. Against that crew in `intelligent` (200
    /// iterations, 800 seeds) the seat won 60.4% of decided matches at 0.5, 56.9% at 1.5.
    fn confidence(seat: Seat) -> f64 {
        if seat == Seat::Intruder {
            INTRUDER_CONFIDENCE
        } else {
            CONFIDENCE
        }
    }

    fn believe(seat: Seat, view: &View, dice: &mut Dice) -> Option<State> {
        belief::believe(seat, view, dice)
    }

    fn heuristic(world: &State, seat: Seat, legal: &[Action], dice: &mut Dice) -> usize {
        heuristic::choose(world, seat, legal, dice)
    }

    fn evaluate(world: &State, seat: Seat) -> f64 {
        heuristic::evaluate(world, seat)
    }

    /// A lone crew against the automatic Intruders plays for points (16.2): a playout's end is
    /// judged by its score, so a capture (15) outweighs a kill (7) that ends the match sooner.
    /// Against an Intruder seat, and between crew seats, the end is who won.
    fn end_worth(world: &State, outcome: &Outcome, seat: Seat) -> f64 {
        if world.scenario.intruder_seat() || world.scenario.split_crew() {
            outcome_worth(outcome, seat)
        } else {
            heuristic::end_worth(world)
        }
    }

    fn root_candidates(world: &State, _seat: Seat, legal: &[Action]) -> Vec<usize> {
        heuristic::root_candidates(world, legal)
    }
}

/// How many standard errors of its paired gain a candidate of the strong Intruder seat must
/// stay above `normal`'s choice by ([`Mind::confidence`]).
const INTRUDER_CONFIDENCE: f64 = 0.5;

/// The most actions a `strong` bot's rollout plays per turn before it is judged: a turn is
/// dozens of crew actions, rarely more than a hundred.
const ROLLOUT_CAP: usize = 150;

/// The most turns' worth of actions a crew's rollout plays towards the blast (15.1: it comes
/// at the end of the ninth turn after the one the self-destruct was started in).
const BLAST_TURNS: usize = 10;

/// How many turns' ends a `strong` bot's rollout for `seat` runs to. The Intruder seat's
/// moves pay off a turn later, when it attacks the crewmen it closed in on: judged at the end
/// of the first turn, its strong level won 106 of 193 decided matches against the `normal`
/// crew, at the end of the second 115 of 195 (seeds 1 to 200, 200 iterations), and at the
/// third's 111 of 196. The crew gains nothing from a second turn (102 of 196 against 103 of
/// 193) and pays twice the time for each rollout.
fn rollout_turns(seat: Seat) -> u32 {
    if seat == Seat::Intruder { 2 } else { 1 }
}

/// The set-up of a match, played up to the first decision; what it told is kept for the views.
fn new_state(config: &Config, dice: &mut impl Roll) -> State {
    if config.scenario.is_return() {
        let mut state =
            prometheus::set_up(config.scenario, config.turn_limit, config.marines, dice);
        state.lost_crewmen = config.lost_crewmen;
        return state;
    }
    let mut state = State::solitaire(config.scenario, config.turn_limit, dice);
    state.lost_crewmen = config.lost_crewmen;
    let mut table = Table::new(&mut state, dice);
    table.start_turn();
    let set_up = table.told().into_iter().map(|t| t.event).collect();
    state.set_up = set_up;
    state
}

/// Carries out a checked action with any dice: the match's, or loaded dice in tests.
fn execute<R: Roll>(state: &mut State, checked: Checked, dice: &mut R) -> Vec<Told<Event>> {
    let mut table = Table::new(state, dice);
    match checked {
        Checked::Orders { seat, orders } => orders::give(&mut table, seat, orders),
        Checked::Intruder(decision) => intruder_seat::execute(&mut table, decision),
        Checked::Crew(intent) => execute::execute(&mut table, intent),
    }
    table.told()
}
