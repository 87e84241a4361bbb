//! Xenotable wire types: what crosses the network between the server and its clients.
//!
//! Only data lives here: lobby and match messages and, per game, the `Action` a seat may send,
//! the `View` one viewer may see and the `Event` that tells what happened. No rules, no I/O.
//! Every enum is internally tagged JSON and unknown fields are refused, so a client's typo is an
//! error rather than a silently ignored intent. Names are snake_case in the lobby frames and
//! Artemia, kebab-case in Derelict and Away Team (like the seat ids `hunted-1`, `away-team`).

pub mod artemia;
pub mod away_team;
pub mod derelict;
mod envelope;
pub mod intruder;
mod seat;
mod wire;

pub use envelope::{ClockView, JsonView, MatchView, Outcome};
pub use seat::{ParseSeatError, Seat};
pub use wire::{
    ApiError, ChatLine, ClientFrame, CreateMatch, JoinMatch, MatchCreated, MatchStatus,
    MatchSummary, SeatRequest, SeatSummary, SeatToken, ServerFrame, UnknownStatus,
};
