//! One wire convention for every game: tags and enum values are kebab-case (`play-hunt`,
//! `end-of-turn`, `away-team`), field names snake_case (`to_act`). Random matches of every game
//! of the table, on every built-in and shipped scenario, are played through the registry, and
//! every string of every view (each seat's, a spectator's, the omniscient one), legal action
//! and event (whole and concealed) must be kebab-case, unless its field holds free text or a
//! stable code (error codes and outcome reasons are snake_case: `not_your_turn`).

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use common::Picker;
use serde_json::Value;
use xenotable_protocol::Seat;
use xenotable_server::games::{
    AnyMatch, GameId, MatchSetup, Viewer, built_in_scenarios, games, new_match,
};

/// Fields whose strings are not names on the wire: what people read (titles, names,
/// descriptions), the map drawn as text, and the stable snake_case codes: an error's `code`
/// (Intruder's failed orders tell it) and an outcome's `reason`.
const NOT_NAMES: [&str; 6] = ["title", "name", "description", "rows", "code", "reason"];

/// Moves played in each match at most: enough to pass through every phase of every game.
const MOVES: usize = 400;

/// Matches played per setup, each with its own seed.
const SEEDS: u64 = 3;

/// Whether `s` is kebab-case: lowercase words of letters and digits joined by single `-`.
fn kebab(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// Every string in `value` that is not kebab-case, under a field that holds names, as
/// `field: value` (`field` is the nearest object key; the root has none).
fn offenders(value: &Value, field: &str, found: &mut BTreeSet<String>) {
    match value {
        Value::String(s) if !NOT_NAMES.contains(&field) && !kebab(s) => {
            found.insert(format!("{field}: {s:?}"));
        }
        Value::Array(items) => items.iter().for_each(|v| offenders(v, field, found)),
        Value::Object(fields) => fields.iter().for_each(|(k, v)| offenders(v, k, found)),
        _ => {}
    }
}

/// The matches to play: each game with no scenario, on each built-in scenario, or on each
/// shipped scenario file (`scenarios/<game>/`), with the seats it is played with.
fn setups() -> Vec<MatchSetup> {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let mut setups = Vec::new();
    for info in games() {
        let game: GameId = info.id;
        let setup = |scenario: Option<String>, seats: Vec<Seat>| MatchSetup {
            game,
            seats,
            scenario,
            options: Value::Null,
            seed: 0,
        };
        let built_in = built_in_scenarios(game);
        let files = std::fs::read_dir(shipped.join(game.as_str()))
            .map(|dir| {
                dir.map(|entry| entry.expect("a directory entry").path())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        if !built_in.is_empty() {
            for scenario in built_in {
                setups.push(setup(Some(scenario.id), scenario.seats));
            }
        } else if !files.is_empty() {
            for file in files {
                let text = std::fs::read_to_string(&file).expect("a shipped scenario");
                setups.push(setup(Some(text), info.seats.clone()));
            }
        } else {
            setups.push(setup(None, info.seats.clone()));
        }
    }
    setups
}

/// Everything `m` sends now: every viewer's view (with its legal actions).
fn views(m: &dyn AnyMatch) -> Vec<Value> {
    m.seats()
        .iter()
        .map(|&seat| Viewer::Seat(seat))
        .chain([Viewer::Spectator, Viewer::Omniscient])
        .map(|viewer| m.view(viewer))
        .collect()
}

#[test]
fn every_tag_and_enum_value_on_the_wire_is_kebab_case() {
    let mut played = BTreeSet::new();
    let mut found = BTreeSet::new();
    for setup in setups() {
        for seed in 0..SEEDS {
            let setup = MatchSetup {
                seed,
                ..setup.clone()
            };
            let mut m = new_match(&setup).expect("a valid setup");
            let mut pick = Picker(seed);
            let mut sent = views(m.as_ref());
            for _ in 0..MOVES {
                let movers: Vec<(Seat, Vec<Value>)> = m
                    .to_act()
                    .into_iter()
                    .map(|seat| (seat, m.legal(seat)))
                    .filter(|(_, legal)| !legal.is_empty())
                    .collect();
                if m.outcome().is_some() || movers.is_empty() {
                    break;
                }
                let (seat, legal) = &movers[pick.below(movers.len())];
                let action = &legal[pick.below(legal.len())];
                let events = m.act(*seat, action).expect("a legal action is accepted");
                played.insert(setup.game);
                for event in &events {
                    sent.push(event.whole.to_value());
                    sent.extend(event.concealed.as_ref().map(|e| e.to_value()));
                }
                sent.extend(views(m.as_ref()));
            }
            let mut wrong = BTreeSet::new();
            for value in &sent {
                offenders(value, "", &mut wrong);
            }
            found.extend(wrong.into_iter().map(|w| format!("{}: {w}", setup.game)));
        }
    }
    assert_eq!(
        played.into_iter().collect::<Vec<_>>(),
        GameId::ALL.to_vec(),
        "every game was played"
    );
    assert!(
        found.is_empty(),
        "not kebab-case on the wire:\n{}",
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_check_tells_kebab_case_from_the_rest() {
    for good in ["play-hunt", "end-of-turn", "hunted-1", "m1", "lair"] {
        assert!(kebab(good), "{good}");
    }
    for bad in [
        "play_hunt",
        "N",
        "Lair",
        "",
        "-a",
        "a--b",
        "a-",
        "two words",
    ] {
        assert!(!kebab(bad), "{bad}");
    }
    let mut found = BTreeSet::new();
    let view: Value = serde_json::from_str(
        r#"{"phase":"end_of_turn","title":"Corridor Run","legal":[{"type":"give_up"}],
            "outcome":{"reason":"exit_reached"}}"#,
    )
    .unwrap();
    offenders(&view, "", &mut found);
    assert_eq!(
        found.into_iter().collect::<Vec<_>>(),
        [r#"phase: "end_of_turn""#, r#"type: "give_up""#]
    );
}
