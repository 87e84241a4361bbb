//! Tests of the Intruder rules: the acceptance examples, random games and hidden information.

mod examples;
mod intelligent;
mod leaks;
mod properties;
mod rules;
mod science_officer;
mod support;
