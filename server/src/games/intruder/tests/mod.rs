//! Tests of the Intruder rules: the acceptance examples, random games and hidden information.

mod bots;
mod capture;
mod construction;
mod examples;
mod freezer;
mod intelligent;
mod leaks;
mod lost;
mod prometheus;
mod properties;
mod rules;
mod science_officer;
mod set_up;
mod shuttle;
mod support;
