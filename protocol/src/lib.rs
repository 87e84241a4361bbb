//! Xenotable wire types: what crosses the network between the server and its clients.
//!
//! Only data lives here: lobby and match messages and, per game, the `Action` a seat may send,
//! the `View` one viewer may see and the `Event` that tells what happened. No rules, no I/O.
//! Every enum is internally tagged JSON and unknown fields are refused, so a client's typo is an
//! error rather than a silently ignored intent.
//!
//! One wire convention for every game: tags and enum values are kebab-case (`"type":"play-hunt"`,
//! `"card":"force-field"`, `"phase":"end-of-turn"`), like the seat ids `hunted-1` and `away-team`
//! and the game ids; field names are snake_case (`to_act`, `deadline_ms`); stable codes, the
//! error codes (`not_your_turn`) and the outcome reasons (`exit_reached`), are snake_case. The
//! frame types are snake_case too (`"t":"act"`, `"t":"hand_over"`), and match statuses single
//! words. An action type renamed since
//! matches were stored also reads its old name, so their command logs still replay.

pub mod artemia;
pub mod away_team;
mod bot_level;
pub mod derelict;
mod envelope;
pub mod intruder;
pub mod schema;
mod seat;
mod wire;

pub use bot_level::{BotLevel, UnknownBotLevel};
pub use envelope::{ClockView, JsonView, MatchView, Outcome};
pub use seat::{ParseSeatError, Seat};
pub use wire::{
    ApiError, ChatLine, ClientFrame, CreateMatch, JoinMatch, LogEntry, MatchCreated, MatchStatus,
    MatchSummary, SeatRequest, SeatSummary, SeatToken, ServerFrame, StandIn, UnknownStatus,
};
