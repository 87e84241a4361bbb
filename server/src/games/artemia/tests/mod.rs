//! Tests of the whole game: scripted turns for every rule, and properties over random games.

mod audiences;
mod blind_bots;
mod examples;
mod hunt_cards;
mod leaks;
mod phases;
mod places;
mod properties;
mod random;
mod support;
mod survival_cards;
