//! The rules contract shared by every game, and the games themselves.
//!
//! Rules are pure: no I/O, no clock, no async, no global RNG. A match is its seed and its
//! ordered command log; all randomness comes from the match's [`Dice`]. An action is first
//! checked ([`Game::check`], which changes nothing), then executed ([`Game::execute`], which
//! cannot refuse), so a refused action leaves the match exactly as it was. State leaves a match
//! only through [`Game::view`] and [`Game::redact`].
//!
//! The server knows a game by its module and one line of the table below: its [`Game`] type.
//! Everything else it needs (name, seats, options, scenarios, scenario files, bots) comes from
//! that type's `Game` impl.

#[macro_use]
mod table;

// The games' modules are declared here, not by the table: rustfmt and cargo-mutants find a
// module only through a plain `mod` item.
pub mod artemia;
pub mod away_team;
pub mod derelict;
pub mod intruder;
#[cfg(test)]
pub mod noughts;

game_table! {
    Artemia in artemia,
    Derelict in derelict,
    AwayTeam in away_team,
    Intruder in intruder,
    #[cfg(test)]
    Noughts in noughts,
}

mod dice;
mod error;
mod execution;
mod registry;
mod told;
mod views;

#[cfg(test)]
pub use dice::Loaded;
pub use dice::{Dice, Roll};
pub use error::{RuleError, ScenarioError, SetupError};
pub use execution::{Ended, Flow, Table};
pub use registry::{
    AnyMatch, Envelope, GameInfo, Json, JsonEvent, MAX_SCENARIO_BYTES, Match, MatchError,
    MatchSetup, WireSchemas, built_in_scenarios, check_scenario, games, new_match, rewrite_action,
    wire_schemas,
};
pub use table::{Listed, UnknownGame, Visit};
pub use told::{Audience, Redacted, SeatSet, Told};
pub use views::SharedFields;
pub use xenotable_protocol::{Outcome, Seat};

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::bots::{Bot, BotLevel, Budget};

/// Who looks at a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// A player, who sees what the seat may know.
    Seat(Seat),
    /// A spectator, who sees only what is public.
    Spectator,
    /// Everything: for replays of finished matches and for tests.
    Omniscient,
}

/// A scenario of a game: a named starting position with its own seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ScenarioInfo {
    pub id: String,
    pub name: String,
    pub seats: Vec<Seat>,
}

/// A turn that runs against the clock (Derelict's marine turn).
///
/// The rules only say who is timed and for how long; the room owns the wall clock, shows the
/// deadline to every viewer and, when it passes, plays [`Game::time_up`] as a logged command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Clock {
    /// The seat whose time runs.
    pub seat: Seat,
    /// Tells one timed span from the next (Derelict: the turn number); a new period is a fresh
    /// clock.
    pub period: u32,
    /// The length of the period.
    pub seconds: u32,
}

/// One game's rules.
///
/// Untrusted setup data enters through [`Game::configure`] only; the returned `Config` is valid.
pub trait Game {
    /// The game id on the wire (`artemia`).
    const ID: &'static str;
    /// The game's display name.
    const NAME: &'static str;

    /// Options chosen when a match is created, as JSON (`{"board-side": 2}`).
    type Options: DeserializeOwned + Default;
    /// A validated match configuration: seats, scenario and options.
    type Config: Clone;
    /// The whole truth of a match; never sent to anyone.
    type State: Clone + std::hash::Hash + Send;
    /// What a seat may send.
    type Action: Clone + PartialEq + Serialize + DeserializeOwned + JsonSchema;
    /// An action that passed [`Game::check`], resolved into what it will do (which card, which
    /// place, which target), so that [`Game::execute`] has nothing left to refuse.
    type Checked;
    /// What one viewer may know.
    type View: Serialize + JsonSchema;
    /// What happened, before redaction.
    type Event: Clone + Serialize + JsonSchema;

    /// Every seat the game can have, in table order.
    fn seats() -> Vec<Seat>;

    /// The options a new match may set, for the lobby: by option name, its choices and default.
    fn options() -> serde_json::Value;

    /// The scenarios built into the rules, named by id (Intruder's `solitaire`). A match of a
    /// game that has them is made on one of these ids, given to [`Game::configure`] as the
    /// scenario; games without them are played on scenario files (or on none).
    fn scenarios() -> Vec<ScenarioInfo> {
        Vec::new()
    }

    /// Checks a scenario file of this game and returns its title. Games without scenario files
    /// refuse every text.
    fn check_scenario(text: &str) -> Result<String, ScenarioError> {
        let _ = text;
        Err(ScenarioError::new(
            1,
            1,
            format!("{} has no scenario files", Self::NAME),
        ))
    }

    /// Checks a scenario file as the bytes it came in (at most [`MAX_SCENARIO_BYTES`]) and
    /// returns its title. By default: the text, then [`Game::check_scenario`]; a game whose
    /// files are not UTF-8 text judges the bytes itself.
    fn check_scenario_file(bytes: &[u8]) -> Result<String, ScenarioError> {
        Self::check_scenario(registry::utf8(bytes)?)
    }

    /// Whether an uploaded file that does not name its game is one of this game's scenario
    /// files, by its first line or its format line (a byte order mark already skipped). Only
    /// a game with scenario files claims any.
    fn claims_scenario_file(bytes: &[u8]) -> bool {
        let _ = bytes;
        false
    }

    /// The bot of `level` that plays `seat` when the server plays it, its choices following
    /// `seed`, a search thinking within `budget`; `None` when the game has no such bot. By
    /// default only a random legal player.
    fn bot(seat: Seat, level: BotLevel, seed: u64, budget: Budget) -> Option<Bot> {
        let _ = (seat, budget);
        (level == BotLevel::Random).then(|| Bot::random(seed))
    }

    /// Checks the seats, the scenario file (its text, for games that have them) and the
    /// options of a new match.
    fn configure(
        seats: &[Seat],
        scenario: Option<&str>,
        options: Self::Options,
    ) -> Result<Self::Config, SetupError>;

    /// The starting state; any shuffle draws from `dice`.
    fn setup(config: &Self::Config, dice: &mut Dice) -> Self::State;

    /// The seats that may act now (none once the match is over).
    fn to_act(state: &Self::State) -> Vec<Seat>;

    /// Exactly the actions that [`Game::check`] accepts from `seat` now.
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;

    /// Whether `seat` may send `action` now, and what it will do: the refusal, with a stable
    /// code, or the checked action. Changes nothing.
    fn check(
        state: &Self::State,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Self::Checked, RuleError>;

    /// Carries out a checked action: changes the state, rolls the dice and tells what happened.
    /// Cannot refuse.
    fn execute(
        state: &mut Self::State,
        checked: Self::Checked,
        dice: &mut Dice,
    ) -> Vec<Told<Self::Event>>;

    /// Plays `action` for `seat`: [`Game::check`], then [`Game::execute`]. On `Err` the state
    /// and the dice are exactly as before, since only the check ran. Games do not override it.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        dice: &mut Dice,
    ) -> Result<Vec<Told<Self::Event>>, RuleError> {
        let checked = Self::check(state, seat, action)?;
        Ok(Self::execute(state, checked, dice))
    }

    /// What `viewer` may know of the state.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// The views of `viewers` (after a command, one per viewer told of it), each as the JSON
    /// object serde writes for its [`Game::view`]. By default each is written whole; a game
    /// whose viewers see mostly the same table writes what they share once ([`SharedFields`]).
    fn write_views(state: &Self::State, viewers: &[Viewer]) -> Vec<String> {
        viewers
            .iter()
            .map(|&viewer| registry::json_text(&Self::view(state, viewer)))
            .collect()
    }

    /// The event as everyone outside its audience may see it: its secret parts removed, or
    /// `None` when they may not even learn that it happened. A command whose every event is
    /// `None` for a viewer is withheld from that viewer whole (no update, no seq), so a game
    /// returns `None` only for a command that changes nothing of that viewer's view.
    fn conceal(event: &Self::Event) -> Option<Self::Event>;

    /// The event as `viewer` may see it; `None`: withheld. The server's path too: it tells
    /// each viewer [`Redacted::for_viewer`] of [`Told::redacted`], as JSON.
    fn redact(told: &Told<Self::Event>, viewer: Viewer) -> Option<Self::Event> {
        told.redacted(Self::conceal).for_viewer(viewer).cloned()
    }

    /// How the match ended, once it has.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// The points `seat` has scored, in a game that keeps a score (Intruder's victory points);
    /// `None` in a game decided by its outcome alone. The arena reports their mean.
    fn score(state: &Self::State, seat: Seat) -> Option<f64> {
        let _ = (state, seat);
        None
    }

    /// The clock running now, if the game times this moment.
    fn clock(state: &Self::State) -> Option<Clock> {
        let _ = state;
        None
    }

    /// The clock of [`Game::clock`] ran out. On `Err` nothing changed.
    fn time_up(
        state: &mut Self::State,
        dice: &mut Dice,
    ) -> Result<Vec<Told<Self::Event>>, RuleError> {
        let _ = (state, dice);
        Err(RuleError::new("no_clock", "no clock is running"))
    }
}
