//! Derelict: marines against aliens in the corridors of a wrecked ship
//! (rules: `shared/rules/derelict.md`).
//!
//! Pure rules: no I/O, no clock, no randomness but the match's [`Dice`]. The files follow the
//! rules' words: `board` (squares and their kinds), `los` (fire arc and line of sight),
//! `movement`, `doors`, `fire` (storm bolter, sustained fire), `overwatch`, `flamer`, `melee`,
//! `reinforcements`, `victory`, `state` (the whole truth), `flow` (the turn sequence), `act`
//! (checking and carrying out each action), `legal` and `view`. The room owns the wall clock;
//! the rules only say how long a marine turn lasts ([`Game::clock`]) and what happens when it
//! runs out ([`Game::time_up`]).

mod act;
mod belief;
mod board;
mod doors;
mod fire;
mod flamer;
mod flow;
mod heuristic;
#[cfg(any(test, feature = "fuzzing"))]
pub mod invariants;
mod legal;
mod los;
mod melee;
mod movement;
mod overwatch;
mod reinforcements;
pub mod scenario;
mod squad;
mod state;
mod victory;
mod view;
mod way;

#[cfg(test)]
mod tests;

use serde::Deserialize;
use xenotable_protocol::derelict::{Action, Event, Phase, View};
use xenotable_protocol::{Outcome, Seat};

pub use scenario::Scenario;
pub use state::State;

use crate::bots::{Bot, BotLevel, Budget, Mind, NormalBot, Search, StrongBot};
use crate::games::{Clock, Dice, Game, RuleError, ScenarioError, SetupError, Told, Viewer};
use flow::Table;

/// The game of Derelict.
pub struct Derelict;

/// Derelict has no match options: everything comes from the scenario.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {}

impl Game for Derelict {
    const ID: &'static str = "derelict";
    const NAME: &'static str = "Derelict";

    type Options = Options;
    type Config = Scenario;
    type State = State;
    type Action = Action;
    type Checked = act::Plan;
    type View = View;
    type Event = Event;

    fn seats() -> Vec<Seat> {
        vec![Seat::Marines, Seat::Aliens]
    }

    fn options() -> serde_json::Value {
        serde_json::json!({})
    }

    /// Both sides at every level: `normal` plays the heuristics of `heuristic`, `strong`
    /// searches worlds rebuilt from the view (`belief`) as [`Mind`] below asks.
    fn bot(seat: Seat, level: BotLevel, seed: u64, budget: Budget) -> Option<Bot> {
        Some(match level {
            BotLevel::Random => Bot::random(seed),
            BotLevel::Normal => Bot::thinking(NormalBot::<Derelict>::new(seat, seed)),
            BotLevel::Strong => Bot::thinking(StrongBot::<Derelict>::new(seat, seed, budget)),
        })
    }

    fn check_scenario(text: &str) -> Result<String, ScenarioError> {
        scenario::parse(text).map(|s| s.title)
    }

    /// A map is ASCII: its parser judges the raw bytes, so a bad byte is reported where it
    /// stands even when it is not UTF-8.
    fn check_scenario_file(bytes: &[u8]) -> Result<String, ScenarioError> {
        scenario::parse_bytes(bytes).map(|s| s.title)
    }

    /// A map starts with its format line, `DERELICT 1`.
    fn claims_scenario_file(bytes: &[u8]) -> bool {
        bytes.starts_with(b"DERELICT")
    }

    fn configure(
        seats: &[Seat],
        scenario: Option<&str>,
        _options: Options,
    ) -> Result<Scenario, SetupError> {
        SetupError::check_seats(seats, |seat| Derelict::seats().contains(&seat))?;
        if seats.len() != 2 {
            return Err(SetupError::Seats(
                "Derelict needs both seats, marines and aliens".into(),
            ));
        }
        let text = scenario.ok_or_else(|| {
            SetupError::UnknownScenario("Derelict is played on a scenario".into())
        })?;
        Ok(scenario::parse(text)?)
    }

    fn setup(config: &Scenario, _dice: &mut Dice) -> State {
        State::new(config)
    }

    fn to_act(state: &State) -> Vec<Seat> {
        act::to_act(state).into_iter().collect()
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        legal::legal_actions(state, seat)
    }

    fn check(state: &State, seat: Seat, action: &Action) -> Result<act::Plan, RuleError> {
        act::check(state, seat, action)
    }

    fn execute(state: &mut State, plan: act::Plan, dice: &mut Dice) -> Vec<Told<Event>> {
        let mut table = Table::new(state, dice);
        act::execute(&mut table, plan);
        table.told()
    }

    fn view(state: &State, _viewer: Viewer) -> View {
        view::view(state)
    }

    // Never consulted: Derelict has no secrets (13), so every event is told to everyone
    // (`Table::tell`) and no viewer is outside an audience. Answering `None` here would change
    // nothing, which is why the mutant `conceal -> None` survives the tests.
    fn conceal(event: &Event) -> Option<Event> {
        Some(event.clone())
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.outcome.map(victory::outcome)
    }

    fn clock(state: &State) -> Option<Clock> {
        (state.phase == Phase::MarineTurn).then_some(Clock {
            seat: Seat::Marines,
            period: state.turn,
            seconds: state.turn_seconds,
        })
    }

    fn time_up(state: &mut State, dice: &mut Dice) -> Result<Vec<Told<Event>>, RuleError> {
        if state.phase != Phase::MarineTurn {
            return Err(RuleError::new("no_clock", "no marine turn is running"));
        }
        let mut table = Table::new(state, dice);
        table.tell(Event::TimeUp { turn: table.s.turn });
        table.end_marine_turn();
        Ok(table.told())
    }
}

/// How many of the `normal` Marines' best actions their `strong` search weighs.
const MARINE_CANDIDATES: usize = 4;
/// How many of the `normal` Aliens' best actions their `strong` search weighs.
const ALIEN_CANDIDATES: usize = 3;

/// In the marines' rollouts, one alien move in this many is random: searched against aliens
/// that always play `normal`'s best, the marines give up tempo to guard against them, which
/// loses the turn clock against aliens that play worse.
const ALIEN_SURPRISE: u32 = 4;

/// Actions at most in one of a `strong` bot's rollouts, whatever the turn.
const ROLLOUT_CAP: usize = 400;

/// Derelict hides nothing: a bot's one world is its view, rebuilt.
///
/// Both sides' `strong` bots improve on their `normal` play. A turn offers dozens to hundreds
/// of legal actions (every flamer target, every step with every shot, every turn in place),
/// most of them plainly wasted AP, and a playout with random moves in it loses the marines'
/// turn clock to turns and closed doors, and the aliens' tempo to pacing. So each side weighs
/// only the few actions its `normal` player rates highest, and judges each rollout when its
/// own next turn begins, the other side's reply played out: the evaluation reads the marines'
/// way out, which only the marines' next turn puts to the test.
impl Mind for Derelict {
    fn search(_seat: Seat) -> Search {
        Search::Improve
    }

    /// A rollout runs until the searching side's next turn begins (or [`ROLLOUT_CAP`]
    /// actions).
    fn playout_over(seat: Seat, start: &State, world: &State, actions: usize) -> bool {
        let own = match seat {
            Seat::Marines => Phase::MarineTurn,
            _ => Phase::AlienTurn,
        };
        actions >= ROLLOUT_CAP || (world.phase == own && world.turn > start.turn)
    }

    /// The `normal` player's best [`MARINE_CANDIDATES`] or [`ALIEN_CANDIDATES`].
    fn root_candidates(world: &State, seat: Seat, legal: &[Action]) -> Vec<usize> {
        let n = match seat {
            Seat::Marines => MARINE_CANDIDATES,
            _ => ALIEN_CANDIDATES,
        };
        heuristic::candidates(world, seat, legal, n)
    }

    /// The marines search against aliens that now and then play at random
    /// ([`ALIEN_SURPRISE`]); the aliens against the `normal` marines.
    fn surprise(seat: Seat, mover: Seat) -> u32 {
        match (seat, mover) {
            (Seat::Marines, Seat::Aliens) => ALIEN_SURPRISE,
            _ => 0,
        }
    }

    fn believe(_seat: Seat, view: &View, _dice: &mut Dice) -> Option<State> {
        belief::believe(view)
    }

    fn heuristic(world: &State, seat: Seat, legal: &[Action], dice: &mut Dice) -> usize {
        heuristic::choose(world, seat, legal, dice)
    }

    fn evaluate(world: &State, seat: Seat) -> f64 {
        heuristic::evaluate(world, seat)
    }
}
