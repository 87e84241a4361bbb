//! Writing a scenario in the canonical form of rules 12.5: what the editor saves, and what
//! [`parse`](super::parse) reads back unchanged. No I/O.

use super::key::{Key, MAGIC, MAP_LINE};
use super::{AlienPool, Scenario};

/// The canonical file of a scenario: the magic line, the comments, all ten keys in table order
/// with defaults written out, `map:` and the rows; every line ends with LF.
pub fn write(s: &Scenario) -> String {
    let mut out = String::new();
    line(&mut out, MAGIC);
    for comment in &s.comments {
        line(&mut out, &format!(";{comment}"));
    }
    for key in Key::ALL {
        let value = value(s, key);
        if value.is_empty() {
            line(&mut out, &format!("{}:", key.word()));
        } else {
            line(&mut out, &format!("{}: {value}", key.word()));
        }
    }
    line(&mut out, MAP_LINE);
    for row in s.map.rows() {
        line(&mut out, &row);
    }
    out
}

fn line(out: &mut String, text: &str) {
    out.push_str(text);
    out.push('\n');
}

/// The value of `key` as the canonical form spells it.
fn value(s: &Scenario, key: Key) -> String {
    match key {
        Key::Title => s.title.clone(),
        Key::Author => s.author.clone(),
        Key::Squad => s
            .squad
            .iter()
            .map(|item| format!("{} {}", item.count, item.role.word()))
            .collect::<Vec<_>>()
            .join(", "),
        Key::Reinforcements => s.reinforcements.to_string(),
        Key::AlienPool => match s.alien_pool {
            AlienPool::Limited(n) => n.to_string(),
            AlienPool::Unlimited => "unlimited".to_owned(),
        },
        Key::ExitNeeded => s.exit_needed.to_string(),
        Key::TurnLimit => s.turn_limit.to_string(),
        Key::Timer => format!("{}+{}", s.timer.base, s.timer.per_sergeant),
        Key::OverwatchRange => s.overwatch_range.to_string(),
        Key::FlamerReloads => s.flamer_reloads.to_string(),
    }
}
