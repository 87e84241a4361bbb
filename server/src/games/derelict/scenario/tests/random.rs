//! Seeded random scenarios and files for the property tests (no proptest: the match dice).

use xenotable_protocol::derelict::{Cell, Role};

use super::super::{AlienPool, Map, Scenario, SquadItem, Timer, write};
use crate::games::{Dice, Roll};

/// A number in `0..=high`.
pub(super) fn up_to(dice: &mut Dice, high: u32) -> u32 {
    dice.below(high + 1)
}

/// Whether a coin lands heads, one time in `n`.
pub(super) fn one_in(dice: &mut Dice, n: u32) -> bool {
    dice.below(n) == 0
}

/// Up to `max` printable ASCII characters.
fn printable(dice: &mut Dice, max: u32) -> String {
    let len = up_to(dice, max);
    (0..len)
        .map(|_| char::from(b' ' + up_to(dice, u32::from(b'~' - b' ')) as u8))
        .collect()
}

/// A title or author: printable, no spaces at either end, `min` to 80 characters.
fn text(dice: &mut Dice, min: usize) -> String {
    loop {
        let text = printable(dice, 80).trim_matches(' ').to_owned();
        if text.len() >= min {
            return text;
        }
    }
}

/// One to three distinct roles in random order, 1 to 10 marines in all.
fn squad(dice: &mut Dice) -> Vec<SquadItem> {
    let mut roles = [Role::Sergeant, Role::Soldier, Role::Flamer];
    dice.shuffle(&mut roles);
    let kinds = 1 + up_to(dice, 2);
    let mut left = 10;
    (0..kinds)
        .map(|k| {
            // Leave at least one marine for each role still to come.
            let count = 1 + up_to(dice, left - (kinds - k));
            left -= count;
            SquadItem {
                count: count as u8,
                role: roles[k as usize],
            }
        })
        .collect()
}

/// A random map of 1–64 × 1–64 cells with at least `marines` M squares, an X and an E.
fn map(dice: &mut Dice, marines: usize) -> Map {
    let (width, height) = loop {
        let side = |dice: &mut Dice| 1 + up_to(dice, 63) as usize;
        let (w, h) = (side(dice), side(dice));
        if w * h >= marines + 2 {
            break (w, h);
        }
    };
    let mut map = Map::walls(width, height).expect("sides within 1..=64");
    for y in 0..height {
        for x in 0..width {
            let cell = *dice.choose(&Cell::ALL).expect("nine cells");
            map.set(x, y, cell);
        }
    }
    let mut squares: Vec<usize> = (0..width * height).collect();
    dice.shuffle(&mut squares);
    let required = [Cell::Exit, Cell::Entry]
        .into_iter()
        .chain(std::iter::repeat_n(Cell::MarineStart, marines));
    for (square, cell) in squares.into_iter().zip(required) {
        map.set(square % width, square / width, cell);
    }
    map
}

/// A random valid scenario.
pub(super) fn scenario(dice: &mut Dice) -> Scenario {
    let squad = squad(dice);
    let size: u32 = squad.iter().map(|i| u32::from(i.count)).sum();
    let comments = (0..up_to(dice, 3)).map(|_| printable(dice, 40)).collect();
    Scenario {
        title: text(dice, 1),
        author: if one_in(dice, 3) {
            String::new()
        } else {
            text(dice, 0)
        },
        comments,
        reinforcements: up_to(dice, 10) as u8,
        alien_pool: if one_in(dice, 2) {
            AlienPool::Unlimited
        } else {
            AlienPool::Limited(up_to(dice, 999) as u16)
        },
        exit_needed: 1 + up_to(dice, size - 1) as u8,
        turn_limit: up_to(dice, 999) as u16,
        timer: Timer {
            base: 1 + up_to(dice, 3599) as u16,
            per_sergeant: up_to(dice, 600) as u16,
        },
        overwatch_range: up_to(dice, 64) as u8,
        flamer_reloads: up_to(dice, 9) as u8,
        map: map(dice, size as usize),
        squad,
    }
}

/// Whether a key line of the canonical file of `s` holds its key's default value.
fn is_default(line: &str, s: &Scenario) -> bool {
    let default_exit = format!("exit-needed: {}", s.squad_size().div_ceil(2));
    [
        "author:",
        "reinforcements: 2",
        "alien-pool: unlimited",
        default_exit.as_str(),
        "turn-limit: 0",
        "timer: 120+30",
        "overwatch-range: 0",
        "flamer-reloads: 1",
    ]
    .contains(&line)
}

/// Another file of the same scenario `s`: keys shuffled, defaults sometimes left out, comments
/// (still in order) and blank lines among them, spaces around values, short rows, CR before LF,
/// blank lines after the map and no final LF.
pub(super) fn variant(dice: &mut Dice, s: &Scenario) -> String {
    let canonical = write(s);
    let lines: Vec<&str> = canonical.lines().collect();
    let header_count = 10;
    let comments = &lines[1..=s.comments.len()];
    let headers_end = 1 + s.comments.len() + header_count;
    let mut headers = Vec::new();
    for line in &lines[1 + s.comments.len()..headers_end] {
        if !(is_default(line, s) && one_in(dice, 2)) {
            headers.push(spaced(dice, line));
        }
    }
    dice.shuffle(&mut headers);
    let mut out = vec!["DERELICT 1".to_owned()];
    let (mut h, mut c) = (
        headers.into_iter(),
        comments.iter().map(|l| (*l).to_owned()),
    );
    loop {
        if one_in(dice, 4) {
            out.push(String::new());
        }
        let next = if one_in(dice, 2) {
            c.next().or_else(|| h.next())
        } else {
            h.next().or_else(|| c.next())
        };
        match next {
            Some(line) => out.push(line),
            None => break,
        }
    }
    out.push("map:".to_owned());
    for (k, row) in lines[headers_end + 1..].iter().enumerate() {
        let short = row.trim_end_matches('#');
        if k > 0 && !short.is_empty() && one_in(dice, 2) {
            out.push(short.to_owned());
        } else {
            out.push((*row).to_owned());
        }
    }
    out.extend((0..up_to(dice, 2)).map(|_| String::new()));
    let mut text: String = out
        .iter()
        .map(|line| {
            let end = if one_in(dice, 3) { "\r\n" } else { "\n" };
            format!("{line}{end}")
        })
        .collect();
    if one_in(dice, 4) && text.ends_with("#\n") {
        text.pop();
    }
    text
}

/// A canonical `key: value` line with random spaces around the value.
fn spaced(dice: &mut Dice, line: &str) -> String {
    let (key, value) = line.split_once(':').expect("a key line");
    let value = value.trim_start_matches(' ');
    let before = " ".repeat(up_to(dice, 2) as usize);
    let after = " ".repeat(up_to(dice, 2) as usize);
    format!("{key}: {before}{value}{after}")
}
