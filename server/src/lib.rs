//! Xenotable: an authoritative game server for asymmetric science-fiction board games.
//!
//! `games` holds the rules, pure and deterministic; everything that touches the network, the
//! clock or the disk lives outside it and reaches a match only through the `Game` contract:
//! `room` runs live matches (one task each), `cluster` decides which node of several runs which match, `store` keeps them, `http` is the wire, `bots`
//! play seats from their views, `ids` are the typed ids of matches and scenarios, and
//! `app`/`cli`/`config` wire it all together.

pub mod app;
pub mod bots;
pub mod cli;
pub mod cluster;
pub mod config;
pub mod games;
pub mod http;
pub mod ids;
pub mod loadgen;
pub mod room;
pub mod scenarios;
pub mod store;
#[cfg(test)]
mod testing;
pub mod tokens;
