//! Away Team: a landing party against groups of aliens in a phaser skirmish of secret orders
//! (`shared/rules/away-team.md`).
//!
//! Pure rules: no I/O, no clock, no randomness but the match's [`Dice`]. The files follow the
//! rules: `encounter` (the TOML file, the one door for a scenario), `figures`, `shot` (2d6
//! under SKILL), `state`, `orders` (secret orders, locks, the d6 method), `fire` (resolution),
//! `checks`, `objectives`, `legal` and `view`; the bots' mind in `belief` and `heuristic`.

mod belief;
mod bot;
mod checks;
mod encounter;
mod figures;
mod fire;
mod heuristic;
#[cfg(any(test, feature = "fuzzing"))]
pub mod invariants;
mod legal;
mod objectives;
mod orders;
mod shot;
mod state;
mod view;

#[cfg(test)]
mod tests;

/// A match of `encounter` with both seats, through the registry, for tests of rules and bots.
#[cfg(test)]
pub(crate) fn test_match(encounter: &str, seed: u64) -> Box<dyn crate::games::AnyMatch> {
    crate::games::new_match(&crate::games::MatchSetup {
        game: crate::games::GameId::AwayTeam,
        seats: SEATS.to_vec(),
        scenario: Some(encounter.into()),
        options: serde_json::Value::Null,
        seed,
    })
    .expect("a match")
}

use serde::Deserialize;
use xenotable_protocol::away_team::{Action, Event, View};
use xenotable_protocol::{Outcome, Seat};

pub use encounter::{Encounter, MAX_FILE_BYTES};
pub use state::State;

use crate::bots::{Bot, BotLevel, Budget, Mind, NormalBot, Search, StrongBot};
use crate::games::{Dice, Game, Roll, RuleError, ScenarioError, SetupError, Told, Viewer};
use bot::{AutomaticAliens, RandomAwayTeam};
use fire::Table;
use orders::Move;

/// The game, for the registry.
pub struct AwayTeam;

/// Away Team has no options: everything is in the encounter file.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {}

/// Both seats; each may be a person or a bot.
const SEATS: [Seat; 2] = [Seat::AwayTeam, Seat::Aliens];

impl Game for AwayTeam {
    const ID: &'static str = "away-team";
    const NAME: &'static str = "Away Team";

    type Options = Options;
    type Config = Encounter;
    type State = State;
    type Action = Action;
    type Checked = Move;
    type View = View;
    type Event = Event;

    fn seats() -> Vec<Seat> {
        SEATS.to_vec()
    }

    fn options() -> serde_json::Value {
        serde_json::json!({})
    }

    fn check_scenario(text: &str) -> Result<String, ScenarioError> {
        Encounter::parse(text).map(|e| e.title)
    }

    /// An encounter has a line `format = "away-team/..."` (a basic or a literal TOML string).
    fn claims_scenario_file(bytes: &[u8]) -> bool {
        String::from_utf8_lossy(bytes).lines().any(|line| {
            let line: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            ["format=\"away-team/", "format='away-team/"]
                .iter()
                .any(|start| line.starts_with(start))
        })
    }

    /// The Aliens are played by the rules' automatic method at every level (rules 3.1, 3.5:
    /// they are part of the game); the Away Team at random, by the heuristic (`normal`) or by
    /// rollouts that improve on the heuristic's orders (`strong`).
    fn bot(seat: Seat, level: BotLevel, seed: u64, budget: Budget) -> Option<Bot> {
        match (seat, level) {
            (Seat::Aliens, _) => Some(Bot::new(AutomaticAliens)),
            (_, BotLevel::Random) => Some(Bot::new(RandomAwayTeam::new(seed))),
            (_, BotLevel::Normal) => Some(Bot::thinking(NormalBot::<AwayTeam>::new(seat, seed))),
            (_, BotLevel::Strong) => Some(Bot::thinking(StrongBot::<AwayTeam>::new(
                seat, seed, budget,
            ))),
        }
    }

    fn configure(
        seats: &[Seat],
        scenario: Option<&str>,
        _options: Options,
    ) -> Result<Encounter, SetupError> {
        SetupError::check_seats(seats, |seat| SEATS.contains(&seat))?;
        if let Some(missing) = SEATS.iter().find(|s| !seats.contains(s)) {
            return Err(SetupError::Seats(format!(
                "Away Team needs both seats: {missing} is missing"
            )));
        }
        let text = scenario.ok_or_else(|| {
            SetupError::UnknownScenario("Away Team is played on an encounter file".into())
        })?;
        Ok(Encounter::parse(text)?)
    }

    fn setup(config: &Encounter, dice: &mut Dice) -> State {
        State::new(config, dice)
    }

    fn to_act(state: &State) -> Vec<Seat> {
        if state.ending.is_some() {
            return Vec::new();
        }
        SEATS
            .into_iter()
            .filter(|&seat| !state.locked(seat))
            .collect()
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        legal::legal_actions(state, seat)
    }

    fn check(state: &State, seat: Seat, action: &Action) -> Result<Move, RuleError> {
        orders::check(state, seat, action)
    }

    fn execute(state: &mut State, mv: Move, dice: &mut Dice) -> Vec<Told<Event>> {
        execute(state, mv, dice)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn conceal(event: &Event) -> Option<Event> {
        view::conceal(event)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.ending.as_ref().map(|e| e.outcome())
    }
}

impl Mind for AwayTeam {
    /// A round takes a lock and an order per crew member for the Away Team, the d6 method and
    /// a lock for the Aliens: a playout runs about twenty rounds, most encounters to their end.
    const HORIZON: usize = 200;

    /// Each order is weighed by playing the encounter out with the heuristic's orders after
    /// it: the heuristic is sound, and its few alternatives (another group, another mode,
    /// holding, the retreat) are worth a rollout each.
    fn search(_seat: Seat) -> Search {
        Search::Improve
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

    /// The next crew member's distinct orders, or the lock ([`heuristic::choices`]): every
    /// other legal action only edits what is decided already.
    fn root_candidates(world: &State, _seat: Seat, legal: &[Action]) -> Vec<usize> {
        heuristic::choices(world, legal)
    }
}

/// Carries out a checked move with any dice: the match's, or loaded dice in tests.
fn execute<R: Roll>(state: &mut State, mv: Move, dice: &mut R) -> Vec<Told<Event>> {
    let mut table = Table::new(state, dice);
    // `Err(Ended)` only says the encounter ended; the state records how.
    let _ = orders::execute(&mut table, mv);
    table.told()
}
