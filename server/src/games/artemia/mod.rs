//! Artemia: one Creature against 1 to 6 Hunted on a hostile planet (`shared/rules/artemia.md`).
//!
//! Pure rules: no I/O, no clock, no randomness but the match's [`Dice`]. The files follow the
//! rulebook: `board` (the map and the track), `cards` (the card tables), `state` (the whole
//! truth), `flow` (the turn, phase by phase, and the reckoning), `check` (whether a seat may
//! send an action, and its [`Plan`](plan::Plan)), `plan` (what a checked action will do),
//! `execute` (carrying a plan out), `powers` (the place powers), `legal` (what each seat may do)
//! and `view` (what each viewer may know).

mod belief;
mod board;
mod cards;
mod check;
mod execute;
mod flow;
mod heuristic;
#[cfg(any(test, feature = "fuzzing"))]
pub mod invariants;
mod legal;
mod plan;
mod powers;
mod state;
mod view;

#[cfg(test)]
mod tests;

use serde::Deserialize;
use xenotable_protocol::artemia::{Action, Event, View};
use xenotable_protocol::{Outcome, Seat};

pub use board::BoardSide;
pub use state::State;

use crate::bots::{Bot, BotLevel, Budget, Mind, NormalBot, StrongBot};
use crate::games::{Dice, Game, RuleError, SetupError, Told, Viewer};
use flow::Table;
use plan::Plan;
use state::Step;

/// The game of Artemia.
pub struct Artemia;

/// Options chosen when a match is created.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Board side 1 or 2 (which Rescue distances are A-spaces).
    #[serde(rename = "board-side", default)]
    pub board_side: Option<u8>,
}

/// A validated match configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub hunted: usize,
    pub side: BoardSide,
}

impl Game for Artemia {
    const ID: &'static str = "artemia";
    const NAME: &'static str = "Artemia";

    type Options = Options;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Checked = Plan;
    type View = View;
    type Event = Event;

    fn seats() -> Vec<Seat> {
        std::iter::once(Seat::Creature)
            .chain((1..=6).map(Seat::Hunted))
            .collect()
    }

    fn options() -> serde_json::Value {
        serde_json::json!({
            "board-side": {"name": "Board side (which Rescue spaces are A-spaces)", "choices": [1, 2], "default": 1}
        })
    }

    /// Every seat at every level: `normal` plays the heuristics of `heuristic`, `strong`
    /// searches worlds drawn to agree with the seat's view (`belief`).
    fn bot(seat: Seat, level: BotLevel, seed: u64, budget: Budget) -> Option<Bot> {
        Some(match level {
            BotLevel::Random => Bot::random(seed),
            BotLevel::Normal => Bot::thinking(NormalBot::<Artemia>::new(seat, seed)),
            BotLevel::Strong => Bot::thinking(StrongBot::<Artemia>::new(seat, seed, budget)),
        })
    }

    fn configure(
        seats: &[Seat],
        scenario: Option<&str>,
        options: Options,
    ) -> Result<Config, SetupError> {
        if scenario.is_some() {
            return Err(SetupError::UnknownScenario(
                "Artemia is played without scenario files".to_owned(),
            ));
        }
        let side = match options.board_side {
            None | Some(1) => BoardSide::One,
            Some(2) => BoardSide::Two,
            Some(n) => {
                return Err(SetupError::Options(format!(
                    "board-side is 1 or 2, not {n}"
                )));
            }
        };
        SetupError::check_seats(seats, |seat| {
            matches!(seat, Seat::Creature | Seat::Hunted(_))
        })?;
        if !seats.contains(&Seat::Creature) {
            return Err(SetupError::Seats("Artemia needs the creature seat".into()));
        }
        let hunted = seats.len() - 1;
        if hunted == 0 {
            return Err(SetupError::Seats("Artemia needs 1 to 6 Hunted".into()));
        }
        if let Some(seat) = (1..=hunted as u8)
            .map(Seat::Hunted)
            .find(|s| !seats.contains(s))
        {
            return Err(SetupError::Seats(format!(
                "the Hunted are numbered from hunted-1 without gaps: {seat} is missing"
            )));
        }
        Ok(Config { hunted, side })
    }

    fn setup(config: &Config, dice: &mut Dice) -> State {
        let mut state = State::new(config.hunted, config.side, dice);
        // The game cannot end while dealing: no counter moves.
        let _ = Table::new(&mut state, dice).deal();
        state
    }

    fn to_act(state: &State) -> Vec<Seat> {
        to_act(state)
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        legal::legal_actions(state, seat)
    }

    fn check(state: &State, seat: Seat, action: &Action) -> Result<Plan, RuleError> {
        check::check(state, seat, action)
    }

    fn execute(state: &mut State, plan: Plan, dice: &mut Dice) -> Vec<Told<Event>> {
        let mut table = Table::new(state, dice);
        // `Err(Ended)` only says the game ended; the state already records the winner.
        let _ = execute::execute(&mut table, plan);
        table.told()
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn write_views(state: &State, viewers: &[Viewer]) -> Vec<String> {
        let views: Vec<View> = viewers.iter().map(|&v| view::view(state, v)).collect();
        view::write(&views)
    }

    fn conceal(event: &Event) -> Option<Event> {
        Some(view::conceal(event))
    }

    fn outcome(state: &State) -> Option<Outcome> {
        flow::outcome(state)
    }
}

/// Artemia's bots believe the hands and face-down cards their view only counts.
impl Mind for Artemia {
    fn believe(seat: Seat, view: &View, dice: &mut Dice) -> Option<State> {
        belief::believe(seat, view, dice)
    }

    fn heuristic(world: &State, seat: Seat, legal: &[Action], dice: &mut Dice) -> usize {
        heuristic::choose(world, seat, legal, dice)
    }

    fn evaluate(world: &State, seat: Seat) -> f64 {
        heuristic::evaluate(world, seat)
    }
}

/// The seats that may act now, in seat order (the Creature first).
fn to_act(s: &State) -> Vec<Seat> {
    let hunted = |i: usize| vec![State::seat(i)];
    let waiting = |w: state::Waiting| w.iter().map(State::seat).collect();
    match s.step {
        Step::HuntCard(_) | Step::CreatureToken | Step::ArtemiaToken | Step::TargetToken => {
            vec![Seat::Creature]
        }
        Step::Explore(w)
        | Step::ForbiddenZone(w)
        | Step::Survival(_, w)
        | Step::RiverChoice(w)
        | Step::Scream(w)
        | Step::Toxin(w)
        | Step::ArtemiaDiscard(w) => waiting(w),
        Step::Ascendancy(i)
        | Step::Phobia(i)
        | Step::Hologram(i)
        | Step::WrongTrack(i)
        | Step::Place(i, _)
        | Step::Shelter(i, _) => hunted(i),
        Step::Over => Vec::new(),
    }
}
