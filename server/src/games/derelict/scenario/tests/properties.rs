//! Properties over random scenarios and random bytes, with pinned seeds: the round trips of
//! 12.5 hold, other spellings of a scenario read the same, and no input makes the parser panic.

use super::super::{Scenario, parse, parse_bytes, write};
use super::random::{one_in, scenario, up_to, variant};
use crate::games::{Dice, Roll, ScenarioError};

#[test]
fn a_written_scenario_parses_back_identical() {
    let mut dice = Dice::from_seed(125);
    for _ in 0..400 {
        let s = scenario(&mut dice);
        let file = write(&s);
        assert_eq!(parse(&file).as_ref(), Ok(&s), "{file}");
    }
}

#[test]
fn a_canonical_file_is_written_back_byte_for_byte() {
    let mut dice = Dice::from_seed(126);
    for _ in 0..400 {
        let file = write(&scenario(&mut dice));
        let parsed = parse(&file).expect("a written scenario is valid");
        assert_eq!(write(&parsed), file);
    }
}

#[test]
fn every_spelling_of_a_scenario_reads_the_same() {
    let mut dice = Dice::from_seed(123);
    for _ in 0..400 {
        let s = scenario(&mut dice);
        let file = variant(&mut dice, &s);
        assert_eq!(parse(&file).as_ref(), Ok(&s), "{file:?}");
    }
}

/// The lines of `bytes` as the parser counts them (a final LF starts no further line).
fn line_lengths(bytes: &[u8]) -> Vec<usize> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    body.split(|&b| b == b'\n').map(<[u8]>::len).collect()
}

/// What any input must give: a scenario that round-trips, or an error inside the file (at
/// most one line past the last, at most one column past the end of its line).
fn check_outcome(bytes: &[u8]) {
    match parse_bytes(bytes) {
        Ok(s) => round_trips(&s),
        Err(ScenarioError { line, column, .. }) => {
            let lengths = line_lengths(bytes);
            assert!(line >= 1 && column >= 1, "{line}:{column}");
            if bytes.len() <= super::super::MAX_BYTES {
                assert!(line <= lengths.len() + 1, "line {line} of {bytes:?}");
                let length = lengths.get(line - 1).copied().unwrap_or(0);
                assert!(column <= length + 1, "{line}:{column} of {bytes:?}");
            }
        }
    }
}

fn round_trips(s: &Scenario) {
    assert_eq!(parse(&write(s)).as_ref(), Ok(s));
}

/// The pieces random files are made of: the grammar's words and a few bytes it refuses.
const PIECES: [&[u8]; 24] = [
    b"DERELICT 1\n",
    b"map:\n",
    b"\n",
    b"\r\n",
    b"title: ",
    b"squad: ",
    b"1 soldier",
    b", 2 flamer",
    b"exit-needed: ",
    b"timer: 5+",
    b"alien-pool: ",
    b"reinforcements: ",
    b"unlimited",
    b"; note",
    b":",
    b" ",
    b"7",
    b"999999",
    b"#####",
    b"MMX:E",
    b".dDA",
    b"\t",
    b"\0",
    b"\xC3\xA9",
];

#[test]
fn random_bytes_never_make_the_parser_panic() {
    let mut dice = Dice::from_seed(0xDE7E);
    for _ in 0..3000 {
        let len = up_to(&mut dice, 300) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| up_to(&mut dice, 255) as u8).collect();
        check_outcome(&bytes);
    }
    for _ in 0..3000 {
        let pieces = up_to(&mut dice, 40);
        let bytes: Vec<u8> = (0..pieces)
            .flat_map(|_| *dice.choose(&PIECES).expect("pieces"))
            .copied()
            .collect();
        check_outcome(&bytes);
    }
}

/// `file` changed in a few random places: bytes replaced, inserted or removed, lines doubled,
/// dropped or swapped.
fn mutated(dice: &mut Dice, file: &str) -> Vec<u8> {
    let mut lines: Vec<Vec<u8>> = file.lines().map(|l| l.as_bytes().to_vec()).collect();
    for _ in 0..=up_to(dice, 3) {
        let at = dice.index(lines.len());
        match up_to(dice, 5) {
            0 => lines.insert(at, lines[at].clone()),
            1 => {
                lines.remove(at);
            }
            2 => {
                let other = dice.index(lines.len());
                lines.swap(at, other);
            }
            kind => {
                let line = &mut lines[at];
                let pos = dice.index(line.len() + 1);
                let byte = if one_in(dice, 2) {
                    *dice
                        .choose(b"#.:DdEXMA;: 0123456789+,-\r\t")
                        .expect("bytes")
                } else {
                    up_to(dice, 255) as u8
                };
                match kind {
                    3 => line.insert(pos, byte),
                    4 if pos < line.len() => line[pos] = byte,
                    _ if pos < line.len() => {
                        line.remove(pos);
                    }
                    _ => line.push(byte),
                }
            }
        }
        if lines.is_empty() {
            break;
        }
    }
    lines.join(&b'\n')
}

#[test]
fn mutated_files_never_make_the_parser_panic() {
    let mut dice = Dice::from_seed(0xF11E);
    let mut accepted = 0;
    for _ in 0..3000 {
        let file = write(&scenario(&mut dice));
        let bytes = mutated(&mut dice, &file);
        check_outcome(&bytes);
        accepted += usize::from(parse_bytes(&bytes).is_ok());
    }
    // The mutations must leave some files valid, or the accepting path is not exercised.
    assert!(accepted > 100, "only {accepted} mutated files were valid");
}
