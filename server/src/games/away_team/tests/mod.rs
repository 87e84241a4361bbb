//! Tests of the Away Team rules: the acceptance examples, the encounter files, hidden
//! information, bots' moves and random games.

mod encounter_files;
mod examples;
mod leaks;
mod properties;
mod rules;
mod setup;
pub(super) mod support;
