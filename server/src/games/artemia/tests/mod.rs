//! Tests of the whole game: scripted turns for every rule, and properties over random games.

mod leaks;
mod properties;
mod random;
mod support;
