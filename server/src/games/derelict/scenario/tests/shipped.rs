//! The scenarios shipped in `scenarios/derelict/`: valid, canonical, named by a store id, and
//! playable (every marine can walk to an exit, every entry leads to the marines).

use std::collections::VecDeque;
use std::path::PathBuf;

use xenotable_protocol::derelict::Cell;

use super::super::{Map, parse, write};
use super::examples::CHAPEL_CROSSING;

fn shipped_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scenarios/derelict"
    ))
}

/// Every shipped file: its id (the name without `.txt`) and its text.
fn shipped() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(shipped_dir())
        .expect("scenarios/derelict exists")
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            let id = name
                .strip_suffix(".txt")
                .unwrap_or_else(|| panic!("{name}: a shipped scenario is a .txt file"))
                .to_owned();
            let text = std::fs::read_to_string(&path).expect("a readable file");
            (id, text)
        })
        .collect();
    files.sort();
    files
}

/// Lowercase words of letters and digits joined by single dashes.
fn is_kebab_id(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// The squares reachable from `start` by orthogonal steps over anything but walls (doors can be
/// opened or destroyed).
fn reachable(map: &Map, start: (usize, usize)) -> Vec<(usize, usize)> {
    let mut seen = vec![false; map.width() * map.height()];
    let mut queue = VecDeque::from([start]);
    seen[start.1 * map.width() + start.0] = true;
    let mut found = Vec::new();
    while let Some((x, y)) = queue.pop_front() {
        found.push((x, y));
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            if map.get(nx, ny) == Cell::Wall {
                continue;
            }
            let (nx, ny) = (nx as usize, ny as usize);
            if !seen[ny * map.width() + nx] {
                seen[ny * map.width() + nx] = true;
                queue.push_back((nx, ny));
            }
        }
    }
    found
}

/// Whether some square of `to` can be reached from every square of `from`.
fn every_reaches(map: &Map, from: Cell, to: Cell) -> bool {
    map.squares_of(from).all(|start| {
        reachable(map, start)
            .iter()
            .any(|&(x, y)| map.get(x as i32, y as i32) == to)
    })
}

#[test]
fn at_least_three_scenarios_are_shipped_with_kebab_ids() {
    let files = shipped();
    assert!(files.len() >= 3, "{} shipped scenarios", files.len());
    for (id, _) in &files {
        assert!(is_kebab_id(id), "{id} is not a lowercase-kebab id");
    }
}

#[test]
fn every_shipped_scenario_is_valid_canonical_and_playable() {
    for (id, text) in shipped() {
        let scenario = parse(&text).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(write(&scenario), text, "{id} is not in canonical form");
        assert!(
            every_reaches(&scenario.map, Cell::MarineStart, Cell::Exit),
            "{id}: a marine start square cannot reach an exit"
        );
        assert!(
            every_reaches(&scenario.map, Cell::Entry, Cell::MarineStart),
            "{id}: an entry square cannot reach the marines"
        );
    }
}

#[test]
fn chapel_crossing_is_the_rules_example() {
    let text = std::fs::read_to_string(shipped_dir().join("chapel-crossing.txt"))
        .expect("chapel-crossing.txt is shipped");
    assert_eq!(text, CHAPEL_CROSSING);
}
