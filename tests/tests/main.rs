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

/// With `autotests = false`, a file left out of the list above would never be compiled or run:
/// every `tests/tests/*.rs` file must be a module of this binary.
#[test]
fn every_test_file_is_a_module_of_the_e2e_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let listed = include_str!("main.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/tests is readable") {
        let path = entry.expect("a directory entry").path();
        let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs")
            && name != "main"
            && !listed.lines().any(|line| line == format!("mod {name};"))
        {
            missing.push(name.to_owned());
        }
    }
    assert!(
        missing.is_empty(),
        "never compiled: add a `mod` line to tests/tests/main.rs for {missing:?}"
    );
}
