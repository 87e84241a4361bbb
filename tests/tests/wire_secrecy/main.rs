//! Secrecy over the wire (issue 13, acceptance 3). For each game, random matches are played by a
//! person at every seat, with a spectator watching, each connection keeping every frame it
//! receives. The match is mirrored in process from its stored record (seed, seats, scenario,
//! options), and every frame each connection receives is checked twice:
//!
//! - it is exactly the frame the server's per-viewer functions give for that viewer (the game's
//!   view with `to_act`, `legal` and `outcome`, the events redacted for it, its own seq, nothing
//!   withheld shown and nothing else on the wire);
//! - it stays the same when what that viewer may not know is swapped: at every step, for every
//!   viewer, twin states are built that differ from the real one only in what the rules hide from
//!   that viewer, and the other seats' secret choices are swapped too; the viewer's view of the
//!   twin, and the events and view it is told when the step is played on the twin, must be the
//!   frames it received over the wire.
//!
//! Each game states its own hidden information (its rules' table) in its module, as the twins it
//! builds; the driver is [`driver`].

#[path = "../common/mod.rs"]
mod common;

mod away_team;
mod derelict;
mod driver;
mod intruder;
