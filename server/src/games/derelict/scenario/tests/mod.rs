//! Tests of the scenario file: the rules' example and defaults, every error of 12.4 at its
//! position, round trips over random scenarios, random garbage, and the shipped files.

mod errors;
mod examples;
mod properties;
mod random;
mod shipped;
