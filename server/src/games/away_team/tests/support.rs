//! Test helpers: encounter files written in a line, loaded dice, and rounds played by hand.

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{Action, CrewOrder, Event, Mode, Shot};

pub use crate::games::Loaded;
use crate::games::away_team::encounter::Encounter;
use crate::games::away_team::state::State;
use crate::games::away_team::{AwayTeam, execute};
use crate::games::{Game, RuleError, Told};

/// The example encounter of rules 5.3, as shipped.
pub const CRYSTAL_SPIRES: &str =
    include_str!("../../../../../scenarios/away-team/crystal-spires.toml");

/// Every shipped encounter file: its id (file stem) and text.
pub fn shipped() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/away-team");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("scenarios/away-team")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "toml").then(|| {
                let id = path.file_stem()?.to_str()?.to_owned();
                Some((id, std::fs::read_to_string(&path).ok()?))
            })?
        })
        .collect();
    files.sort();
    files
}

/// Checks and plays `action` with loaded dice, as [`Game::apply`] does with the match's.
pub fn play(
    s: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Loaded,
) -> Result<Vec<Told<Event>>, RuleError> {
    let mv = AwayTeam::check(s, seat, action)?;
    Ok(execute(s, mv, dice))
}

/// A `[[crew]]` entry.
pub fn crew(id: &str, role: &str, skill: u8) -> String {
    format!("[[crew]]\nid = \"{id}\"\nname = \"{id}\"\nrole = \"{role}\"\nskill = {skill}\n")
}

/// An `[[alien]]` entry, with `extra` lines.
pub fn group(id: &str, count: u8, skill: u8, extra: &str) -> String {
    format!(
        "[[alien]]\nid = \"{id}\"\nname = \"{id}\"\ncount = {count}\nskill = {skill}\n{extra}\n"
    )
}

/// A file: `head` top-level lines, then the tables.
pub fn file(head: &str, tables: &[String]) -> String {
    format!(
        "format = \"away-team/1\"\ntitle = \"Test\"\n{head}\n{}",
        tables.join("\n")
    )
}

/// Round 1 of a file without rolled SKILLs.
pub fn start(text: &str) -> State {
    let encounter = Encounter::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    State::new(&encounter, &mut Loaded::new(&[]))
}

/// Plays an action that must be accepted; its events, whole.
pub fn act(s: &mut State, seat: Seat, action: Action, dice: &mut Loaded) -> Vec<Event> {
    let told = play(s, seat, &action, dice)
        .unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {} {e}", e.code()));
    told.into_iter().map(|t: Told<Event>| t.event).collect()
}

pub fn fire(crew: &str, target: &str, mode: Mode) -> Action {
    Action::Order {
        crew: crew.into(),
        order: CrewOrder::Fire {
            target: target.into(),
            mode,
        },
    }
}

pub fn target(alien: &str, crew: &str) -> Action {
    Action::Target {
        alien: alien.into(),
        crew: crew.into(),
    }
}

/// One round: the Away Team's orders and lock, then the Aliens' targets and lock (if they
/// still have to), fired with `faces`, all of which must be rolled.
pub fn round(
    s: &mut State,
    orders: &[Action],
    targets: &[(&str, &str)],
    faces: &[u8],
) -> Vec<Event> {
    let mut dice = Loaded::new(faces);
    let mut events = Vec::new();
    for order in orders {
        events.extend(act(s, Seat::AwayTeam, order.clone(), &mut dice));
    }
    events.extend(act(s, Seat::AwayTeam, Action::Lock {}, &mut dice));
    if s.ending.is_none() && !s.orders.aliens_locked {
        for (alien, crew) in targets {
            events.extend(act(s, Seat::Aliens, target(alien, crew), &mut dice));
        }
        events.extend(act(s, Seat::Aliens, Action::Lock {}, &mut dice));
    }
    assert_eq!(dice.left(), 0, "not every face was rolled: {events:#?}");
    events
}

/// The shots among `events`.
pub fn shots(events: &[Event]) -> Vec<&Shot> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Fired { shot } => Some(shot),
            _ => None,
        })
        .collect()
}

/// Who fired, in order.
pub fn shooters(events: &[Event]) -> Vec<&str> {
    shots(events).iter().map(|s| s.shooter.as_str()).collect()
}
