//! Secrecy over the wire (issue 13, acceptance 3). For each game, random matches are played by a
//! person at every seat, with a spectator watching, each connection keeping every frame it
//! receives. The match is mirrored in process from its stored record (seed, seats, scenario,
//! options) and the commands sent, which the stored log must equal at the end. Every frame each
//! connection receives is checked twice:
//!
//! - wire = view: it is exactly the frame the server's per-viewer functions give for that viewer
//!   (the game's view with `to_act`, `legal` and `outcome`, the events redacted for it, its own
//!   seq); a command withheld from a viewer reaches it not at all, and nothing else reaches
//!   anyone (a ping is answered next, at the end);
//! - independence: at every step, for every viewer, twins are built that differ from the real
//!   match only in what the rules hide from that viewer, and the viewer must be told the same on
//!   each: the twin state before the step must give it the same view; the step played on a twin
//!   state (what the step itself reveals kept as it is) must tell it the same events and the same
//!   next view, unless the swapped part is revealed by the step (its next view differs: that
//!   difference is the view's, checked at the next step); and the acting seat's other secret
//!   choices, played on the real state, must tell it exactly the same, with no such escape;
//! - history: at the end each viewer connects again, and its `welcome` carries exactly the
//!   updates it received (their seqs and events), no more.
//!
//! Each game states its hidden information (its rules' table) in its own module, as the twins
//! and secret choices it builds; [`driver`] plays the matches.

#[path = "../common/mod.rs"]
mod common;

mod artemia;
mod away_team;
mod derelict;
mod driver;
mod intruder;
