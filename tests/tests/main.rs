//! The server end to end, as its clients see it: one test binary, one module per capability.
//! One binary rather than one per file: each binary compiles the harness (`common/`) and links
//! the whole server again, and the 24 of them took 139 s of a cold build's compile time.

mod common;

mod api_docs;
mod api_examples;
mod away_team_live;
mod bad_input;
mod bot_levels;
mod chat;
mod cluster;
mod derelict_live;
mod history;
mod intruder_live;
mod intruder_seats_live;
mod lifecycle;
mod limits;
mod live_match;
mod old_names;
mod recovery;
mod registry;
mod scenario_cli;
mod scenarios;
mod seat_handover;
mod seeds;
mod self_contained;
mod web_surface;
mod wire_names;
