//! Intruder: the crew of Deep Space Station Prometheus hunts a shapeshifting alien hidden among
//! face-down counters (`shared/rules/intruder.md`).
//!
//! Not yet in the registry: players are offered Intruder once the solitaire rules are whole
//! (shuttles and stowaways, 15.2, and the lost-crewmen option, 14.3, are still to come), so
//! nobody plays a partial rulebook. Until then the rules are exercised by their tests and
//! bench.
//!
//! Pure rules: no I/O, no clock, no randomness but the match's [`Dice`]. The files follow the
//! rules: `station` (the map and random movement), `tables` (life stages, powers, the CRT),
//! `state` (the truth and the set-up), `flow` (the automatic turn: movement, interactions with
//! the automatic Intruder, metamorphosis, panic, the end), `act` (the crew's intents: one
//! `check` for `apply` and `legal`), `capture` (Lab Animals, Cages, prod control), `freezer`,
//! `construction` (the Weapon Construction Track), `legal`, `view` and `roll` (dice, loadable
//! in tests).

mod act;
mod capture;
mod construction;
mod flow;
mod freezer;
mod legal;
mod roll;
mod state;
mod station;
mod tables;
mod view;

#[cfg(test)]
mod tests;

use serde::Deserialize;
use xenotable_protocol::intruder::{Action, Event, View};
use xenotable_protocol::{Outcome, Seat};

pub use state::State;

use crate::games::{Dice, Game, RuleError, ScenarioInfo, SetupError, Told, Viewer};
use flow::Table;
use roll::Roll;

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
    /// Lost crewmen (14.3): not available yet.
    #[serde(default)]
    pub lost_crewmen: bool,
    /// Marines (17.4): only in the `return` scenarios, which are not available yet.
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

/// A validated match: the scenario and the turn limit.
#[derive(Debug, Clone)]
pub struct Config {
    pub turn_limit: u32,
}

/// The one seat of the solitaire scenario.
const SEATS: [Seat; 1] = [Seat::Crew];

/// The built-in scenarios available now, with their seats.
pub fn scenarios() -> Vec<ScenarioInfo> {
    vec![ScenarioInfo {
        id: "solitaire".into(),
        name: "Solitaire".into(),
        seats: SEATS.to_vec(),
    }]
}

impl Game for Intruder {
    const ID: &'static str = "intruder";
    const NAME: &'static str = "Intruder";

    type Options = Options;
    type Config = Config;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;

    fn seats() -> Vec<Seat> {
        SEATS.to_vec()
    }

    fn options() -> serde_json::Value {
        serde_json::json!({
            "turn-limit": {"default": DEFAULT_TURN_LIMIT, "min": 0},
        })
    }

    fn configure(
        seats: &[Seat],
        scenario: Option<&str>,
        options: Options,
    ) -> Result<Config, SetupError> {
        match scenario {
            Some("solitaire") | None => {}
            Some(other) => return Err(SetupError::UnknownScenario(other.to_owned())),
        }
        if let Some(seat) = seats.iter().find(|s| !SEATS.contains(s)) {
            return Err(SetupError::UnknownSeat(seat.to_string()));
        }
        if seats != SEATS {
            return Err(SetupError::Seats(
                "solitaire is played by the crew seat alone".into(),
            ));
        }
        if options.lost_crewmen {
            return Err(SetupError::Options(
                "lost-crewmen is not available yet".into(),
            ));
        }
        if options.marines {
            return Err(SetupError::Options(
                "marines is only for the return scenarios".into(),
            ));
        }
        Ok(Config {
            turn_limit: options.turn_limit,
        })
    }

    fn setup(config: &Config, dice: &mut Dice) -> State {
        new_state(config.turn_limit, dice)
    }

    fn to_act(state: &State) -> Vec<Seat> {
        if state.ending.is_some() {
            Vec::new()
        } else {
            SEATS.to_vec()
        }
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        legal::legal_actions(state, seat)
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        dice: &mut Dice,
    ) -> Result<Vec<Told<Event>>, RuleError> {
        play(state, seat, action, dice)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn conceal(event: &Event) -> Event {
        view::conceal(event)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.ending.as_ref().map(|e| Outcome {
            winners: if e.crew_won == Some(true) {
                vec![Seat::Crew]
            } else {
                Vec::new()
            },
            reason: match e.crew_won {
                Some(true) => format!("{}_win", e.reason),
                Some(false) => format!("{}_loss", e.reason),
                None => format!("{}_draw", e.reason),
            },
        })
    }
}

/// The solitaire set-up, played on to the crew's first decision.
fn new_state(turn_limit: u32, dice: &mut impl Roll) -> State {
    let mut state = State::solitaire(turn_limit, dice);
    let mut out = Vec::new();
    Table {
        s: &mut state,
        dice,
        out: &mut out,
    }
    .start_turn();
    state
}

/// Checks and plays `action` with any source of dice. On `Err` nothing changed.
fn play<R: Roll>(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut R,
) -> Result<Vec<Told<Event>>, RuleError> {
    let checked = act::check(state, seat, action)?;
    let mut out = Vec::new();
    act::execute(
        &mut Table {
            s: state,
            dice,
            out: &mut out,
        },
        checked,
    );
    Ok(out)
}
