//! Tests of the whole game: scripted turns for every rule and example, and properties over
//! random games.

mod blind_bots;
mod examples;
mod properties;
mod random;
mod rates;
mod rules;
mod squad;
mod support;
