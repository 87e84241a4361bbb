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

/// How many of the `normal` marine's best actions the marines' `strong` search weighs.
const MARINE_CANDIDATES: usize = 4;

/// Actions at most in one of the marines' rollouts, whatever the turn.
const MARINE_ROLLOUT_CAP: usize = 400;

/// Derelict hides nothing: a bot's one world is its view, rebuilt.
///
/// The aliens' `strong` is the bandit. The marines' improves on the `normal` marine instead: a
/// marine turn offers hundreds of legal actions (every flamer target, every step with every
/// shot), most of them plainly wasted AP, and a playout with random moves in it loses the
/// marines' turn clock to turns and closed doors. So it weighs only the few actions the
/// `normal` marine rates highest, and judges each rollout when the next marine turn begins,
/// the aliens' reply played out.
impl Mind for Derelict {
    fn search(seat: Seat) -> Search {
        match seat {
            Seat::Marines => Search::Improve,
            _ => Search::Bandit,
        }
    }

    /// The marines' rollouts run until the next marine turn begins (or
    /// [`MARINE_ROLLOUT_CAP`] actions); the aliens' playouts to the horizon.
    fn playout_over(seat: Seat, start: &State, world: &State, actions: usize) -> bool {
        match seat {
            Seat::Marines => {
                actions >= MARINE_ROLLOUT_CAP
                    || (world.phase == Phase::MarineTurn && world.turn > start.turn)
            }
            _ => actions >= Self::HORIZON,
        }
    }

    /// The marines weigh the `normal` marine's best [`MARINE_CANDIDATES`]; the aliens every
    /// legal action.
    fn root_candidates(world: &State, seat: Seat, legal: &[Action]) -> Vec<usize> {
        match seat {
            Seat::Marines => heuristic::candidates(world, seat, legal, MARINE_CANDIDATES),
            _ => (0..legal.len()).collect(),
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
