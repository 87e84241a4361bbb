//! Reading a scenario file (rules 12.1–12.4): the one door from untrusted bytes to a
//! [`Scenario`]. It reports the first error only, at its line and column, in the precedence
//! order of 12.4: size, then the first disallowed byte, then the lines from the top (magic,
//! headers, `map:`, rows), then the end-of-file checks, then the checks across the whole file.
//! No I/O.

use std::fmt::Display;
use std::str::FromStr;

use xenotable_protocol::derelict::{Cell, Role};

use super::key::{Key, MAGIC, MAP_LINE};
use super::{AlienPool, MAX_SIDE, Map, Scenario, SquadItem, Timer};
use crate::games::ScenarioError;

/// The largest file, in bytes.
pub const MAX_BYTES: usize = 65_536;

/// The largest squad, and the largest count of one role.
const MAX_SQUAD: u8 = 10;

/// The longest title or author, in characters.
const MAX_TEXT: usize = 80;

/// `reinforcements` when the file does not say.
const DEFAULT_REINFORCEMENTS: u8 = 2;

/// `flamer-reloads` when the file does not say.
const DEFAULT_FLAMER_RELOADS: u8 = 1;

/// Reads a scenario from the text of its file.
pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    parse_bytes(text.as_bytes())
}

/// Reads a scenario from the raw bytes of its file, checking size and bytes first (12.1).
pub fn parse_bytes(bytes: &[u8]) -> Result<Scenario, ScenarioError> {
    if bytes.len() > MAX_BYTES {
        return Err(ScenarioError::new(1, 1, "file larger than 65,536 bytes"));
    }
    if let Some(at) = first_disallowed(bytes) {
        let (line, column) = position(bytes, at);
        return Err(ScenarioError::new(line, column, disallowed(bytes, at)));
    }
    if bytes.is_empty() {
        return Err(ScenarioError::new(1, 1, "empty file"));
    }
    // Every byte is now ASCII, so each one is the character of the same code.
    let text: String = bytes.iter().copied().map(char::from).collect();
    read(&lines(&text))
}

/// Whether the byte at `at` may stand in a file: printable ASCII, LF, or a CR right before LF.
fn allowed(bytes: &[u8], at: usize) -> bool {
    match bytes[at] {
        b' '..=b'~' | b'\n' => true,
        b'\r' => bytes.get(at + 1) == Some(&b'\n'),
        _ => false,
    }
}

fn first_disallowed(bytes: &[u8]) -> Option<usize> {
    (0..bytes.len()).find(|&at| !allowed(bytes, at))
}

/// Why the byte at `at` is refused.
fn disallowed(bytes: &[u8], at: usize) -> String {
    match bytes[at] {
        b'\t' => "tab not allowed".to_owned(),
        b'\r' => "CR not followed by LF".to_owned(),
        byte if byte.is_ascii() => format!("control byte 0x{byte:02X} not allowed"),
        byte => format!("non-ASCII byte 0x{byte:02X}"),
    }
}

/// The 1-based line and column of the byte at `at`.
fn position(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |k| k + 1);
    (line, at - line_start + 1)
}

/// The lines of a file: split at LF, a final LF starts no further line, a CR before LF dropped.
fn lines(text: &str) -> Vec<&str> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    body.split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect()
}

/// Reads the lines of a file whose bytes are all allowed: magic, headers, `map:` and rows from
/// the top, then the end-of-file checks, then the checks across the whole file.
fn read(lines: &[&str]) -> Result<Scenario, ScenarioError> {
    if lines.first() != Some(&MAGIC) {
        return Err(ScenarioError::new(
            1,
            1,
            format!("not a Derelict scenario: the first line must be \"{MAGIC}\""),
        ));
    }
    let mut headers = Headers::default();
    let mut map_line = None;
    for (k, line) in lines.iter().enumerate().skip(1) {
        if *line == MAP_LINE {
            map_line = Some(k + 1);
            break;
        }
        headers.read_line(k + 1, line)?;
    }
    let after_last = lines.len() + 1;
    let Some(map_line) = map_line else {
        return Err(ScenarioError::new(after_last, 1, "missing \"map:\" line"));
    };
    let rows = read_rows(&lines[map_line..], map_line + 1)?;
    if rows.is_empty() {
        return Err(ScenarioError::new(
            map_line + 1,
            1,
            "no map row after \"map:\"",
        ));
    }
    if let Some(key) = Key::REQUIRED.into_iter().find(|k| !headers.seen[k.index()]) {
        return Err(ScenarioError::new(
            after_last,
            1,
            format!("missing key \"{}\"", key.word()),
        ));
    }
    // `read_rows` checked every code and both sides, so the rows always form a map.
    let map = Map::from_rows(&rows)
        .ok_or_else(|| ScenarioError::new(map_line, 1, "map rows do not form a map"))?;
    headers.into_scenario(map, map_line)
}

/// The map rows, checked cell by cell; `first` is the line number of `lines[0]`.
fn read_rows<'a>(lines: &[&'a str], first: usize) -> Result<Vec<&'a str>, ScenarioError> {
    let mut rows: Vec<&str> = Vec::new();
    let mut after_blank = false;
    for (k, line) in lines.iter().enumerate() {
        let number = first + k;
        if line.is_empty() {
            after_blank = true;
            continue;
        }
        if after_blank {
            return Err(ScenarioError::new(number, 1, "map row after a blank line"));
        }
        if rows.len() == MAX_SIDE {
            return Err(ScenarioError::new(number, 1, "more than 64 map rows"));
        }
        check_row(line, rows.first().map(|r| r.len()))
            .map_err(|(column, message)| ScenarioError::new(number, column, message))?;
        rows.push(line);
    }
    Ok(rows)
}

/// Checks one map row, left to right, against the first row's `width` (none for the first row
/// itself); an error comes with its 1-based column.
fn check_row(row: &str, width: Option<usize>) -> Result<(), (usize, String)> {
    for (k, code) in row.chars().enumerate() {
        let column = k + 1;
        match width {
            Some(width) if k >= width => {
                return Err((
                    column,
                    format!("row longer than the first row ({width} squares)"),
                ));
            }
            None if k >= MAX_SIDE => {
                return Err((column, format!("row longer than {MAX_SIDE} squares")));
            }
            _ => {}
        }
        if Cell::from_code(code).is_none() {
            return Err((column, format!("invalid cell '{code}'")));
        }
    }
    Ok(())
}

/// `exit-needed` as given, with where its value stands: the check against the squad size comes
/// last (12.4) but points at the value.
#[derive(Debug, Clone, Copy)]
struct ExitNeeded {
    count: u8,
    line: usize,
    column: usize,
}

/// The header section as read so far, defaults in place of keys not seen yet.
#[derive(Debug)]
struct Headers {
    seen: [bool; Key::ALL.len()],
    comments: Vec<String>,
    title: String,
    author: String,
    squad: Vec<SquadItem>,
    reinforcements: u8,
    alien_pool: AlienPool,
    exit_needed: Option<ExitNeeded>,
    turn_limit: u16,
    timer: Timer,
    overwatch_range: u8,
    flamer_reloads: u8,
}

impl Default for Headers {
    fn default() -> Headers {
        Headers {
            seen: [false; Key::ALL.len()],
            comments: Vec::new(),
            title: String::new(),
            author: String::new(),
            squad: Vec::new(),
            reinforcements: DEFAULT_REINFORCEMENTS,
            alien_pool: AlienPool::Unlimited,
            exit_needed: None,
            turn_limit: 0,
            timer: Timer::default(),
            overwatch_range: 0,
            flamer_reloads: DEFAULT_FLAMER_RELOADS,
        }
    }
}

impl Headers {
    /// Reads one line before `map:`: blank, comment or `key: value`.
    fn read_line(&mut self, number: usize, line: &str) -> Result<(), ScenarioError> {
        if line.is_empty() {
            return Ok(());
        }
        if let Some(comment) = line.strip_prefix(';') {
            self.comments.push(comment.to_owned());
            return Ok(());
        }
        let at_start = |message: String| ScenarioError::new(number, 1, message);
        let Some((word, value, column)) = split_header(line) else {
            return Err(at_start("expected \"key: value\"".to_owned()));
        };
        if word == "map" {
            return Err(at_start("\"map:\" must stand alone on its line".to_owned()));
        }
        let Some(key) = Key::from_word(word) else {
            return Err(at_start(format!("unknown key \"{word}\"")));
        };
        if self.seen[key.index()] {
            return Err(at_start(format!("duplicate key \"{word}\"")));
        }
        self.seen[key.index()] = true;
        self.set(key, value, number, column)
            .map_err(|message| ScenarioError::new(number, column, format!("{word}: {message}")))
    }

    /// Stores the value of `key`, found at `line`, `column`; an error is the message only.
    fn set(&mut self, key: Key, value: &str, line: usize, column: usize) -> Result<(), String> {
        match key {
            Key::Title => self.title = text(value, 1)?,
            Key::Author => self.author = text(value, 0)?,
            Key::Squad => self.squad = squad(value)?,
            Key::Reinforcements => self.reinforcements = integer(value, 0, 10)?,
            Key::AlienPool => self.alien_pool = alien_pool(value)?,
            Key::ExitNeeded => {
                let count = integer(value, 1, MAX_SQUAD)?;
                self.exit_needed = Some(ExitNeeded {
                    count,
                    line,
                    column,
                });
            }
            Key::TurnLimit => self.turn_limit = integer(value, 0, 999)?,
            Key::Timer => self.timer = timer(value)?,
            Key::OverwatchRange => self.overwatch_range = integer(value, 0, 64)?,
            Key::FlamerReloads => self.flamer_reloads = integer(value, 0, 9)?,
        }
        Ok(())
    }

    /// The scenario, after the checks across the whole file (the last row of 12.4's table, in
    /// its order); `map_line` is the line of `map:`.
    fn into_scenario(self, map: Map, map_line: usize) -> Result<Scenario, ScenarioError> {
        let at_map = |message: String| ScenarioError::new(map_line, 1, message);
        let squad_size: usize = self.squad.iter().map(|i| usize::from(i.count)).sum();
        let starts = map.squares_of(Cell::MarineStart).count();
        if starts < squad_size {
            return Err(at_map(format!(
                "{starts} M squares for {squad_size} marines"
            )));
        }
        if map.squares_of(Cell::Exit).next().is_none() {
            return Err(at_map("no exit square (X)".to_owned()));
        }
        let aliens_arrive = self.reinforcements > 0 && self.alien_pool != AlienPool::Limited(0);
        if aliens_arrive && map.squares_of(Cell::Entry).next().is_none() {
            return Err(at_map(
                "no entry square (E), yet reinforcements arrive".to_owned(),
            ));
        }
        let exit_needed = match self.exit_needed {
            Some(given) if usize::from(given.count) > squad_size => {
                return Err(ScenarioError::new(
                    given.line,
                    given.column,
                    format!(
                        "exit-needed: {} is more than the squad ({squad_size})",
                        given.count
                    ),
                ));
            }
            Some(given) => given.count,
            // ceil(N/2) of a squad of at most 10.
            None => self.squad.iter().map(|i| i.count).sum::<u8>().div_ceil(2),
        };
        Ok(Scenario {
            title: self.title,
            author: self.author,
            comments: self.comments,
            squad: self.squad,
            reinforcements: self.reinforcements,
            alien_pool: self.alien_pool,
            exit_needed,
            turn_limit: self.turn_limit,
            timer: self.timer,
            overwatch_range: self.overwatch_range,
            flamer_reloads: self.flamer_reloads,
            map,
        })
    }
}

/// A header line's key word, its value (spaces around it removed) and the value's 1-based
/// column; `None` unless the line reads `key:` or `key: value`.
fn split_header(line: &str) -> Option<(&str, &str, usize)> {
    let (word, rest) = line.split_once(':')?;
    if word.is_empty() {
        return None;
    }
    let after = if rest.is_empty() {
        rest
    } else {
        rest.strip_prefix(' ')?
    };
    let value = after.trim_start_matches(' ');
    let column = line.len() - value.len() + 1;
    Some((word, value.trim_end_matches(' '), column))
}

/// A title or author: `min` to 80 characters (all printable, the bytes were checked).
fn text(value: &str, min: usize) -> Result<String, String> {
    if (min..=MAX_TEXT).contains(&value.len()) {
        Ok(value.to_owned())
    } else {
        Err(format!("expected {min}-{MAX_TEXT} characters"))
    }
}

/// A decimal number made of digits only (no sign, no spaces).
fn number<T: FromStr>(value: &str) -> Option<T> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok()
}

/// An integer from `low` to `high`.
fn integer<T: FromStr + PartialOrd + Display>(value: &str, low: T, high: T) -> Result<T, String> {
    number(value)
        .filter(|n| (&low..=&high).contains(&n))
        .ok_or_else(|| format!("expected an integer {low}-{high}"))
}

fn alien_pool(value: &str) -> Result<AlienPool, String> {
    if value == "unlimited" {
        return Ok(AlienPool::Unlimited);
    }
    integer(value, 0, 999)
        .map(AlienPool::Limited)
        .map_err(|_| "expected an integer 0-999 or \"unlimited\"".to_owned())
}

fn timer(value: &str) -> Result<Timer, String> {
    let parts = value.split_once('+').and_then(|(base, per_sergeant)| {
        Some(Timer {
            base: integer(base, 1, 3600).ok()?,
            per_sergeant: integer(per_sergeant, 0, 600).ok()?,
        })
    });
    parts.ok_or_else(|| "expected <base>+<per-sergeant>, integers 1-3600 and 0-600".to_owned())
}

/// `<n> <role>` items separated by commas: each role at most once, 1–10 marines in all.
fn squad(value: &str) -> Result<Vec<SquadItem>, String> {
    let mut items: Vec<SquadItem> = Vec::new();
    for item in value.split(',') {
        let Some((count, role)) = item.trim_matches(' ').split_once(' ') else {
            return Err("expected items \"<n> <role>\" separated by commas".to_owned());
        };
        let count = integer(count, 1, MAX_SQUAD)
            .map_err(|_| format!("expected a count 1-{MAX_SQUAD}, not \"{count}\""))?;
        let word = role.trim_start_matches(' ');
        let Some(role) = Role::from_word(word) else {
            return Err(format!(
                "unknown role \"{word}\" (sergeant, soldier or flamer)"
            ));
        };
        if items.iter().any(|i| i.role == role) {
            return Err(format!("role \"{word}\" listed twice"));
        }
        items.push(SquadItem { count, role });
    }
    let total: usize = items.iter().map(|i| usize::from(i.count)).sum();
    if total > usize::from(MAX_SQUAD) {
        return Err(format!("{total} marines; at most {MAX_SQUAD}"));
    }
    Ok(items)
}
