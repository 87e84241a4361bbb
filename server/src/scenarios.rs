//! Scenario files outside the rules: which game a file belongs to, the ids they are stored
//! under, and the shipped ones loaded from `scenarios/<game>/<id>.<ext>` at every start.
//!
//! The games' own parsers (through [`games::check_scenario`]) are the only judges of a file.

use std::path::Path;

use crate::games::{self, GameId, ScenarioError};
use crate::store::{ScenarioRecord, Store, StoreError};

/// The longest scenario id.
const MAX_ID: usize = 64;

/// The byte order mark some editors put at the start of a UTF-8 file.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The game a scenario file is written for, as the games of the table claim it (Derelict by
/// its first line `DERELICT 1`, Away Team by its TOML `format` line); `None` if no game does. A
/// UTF-8 byte order mark is skipped: the game's own parser then judges it.
pub fn game_of(bytes: &[u8]) -> Option<GameId> {
    struct Claims<'a>(&'a [u8]);
    impl games::Visit for Claims<'_> {
        type Output = bool;
        fn visit<G: games::Listed>(self) -> bool {
            G::claims_scenario_file(self.0)
        }
    }
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    GameId::ALL
        .iter()
        .copied()
        .find(|game| game.visit(Claims(bytes)))
}

/// Whether `id` may name a scenario: 1 to 64 of `a-z`, `0-9` and `-`, starting with a letter
/// or digit (it appears in URLs and file names).
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID
        && !id.starts_with('-')
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// An id made from a title: lowercase words joined by `-` (`Chapel Crossing` → `chapel-crossing`).
pub fn id_from_title(title: &str) -> String {
    let mut id = String::new();
    for word in title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if id.len() + word.len() + 1 > MAX_ID {
            break;
        }
        if !id.is_empty() {
            id.push('-');
        }
        id.push_str(&word.to_ascii_lowercase());
    }
    if id.is_empty() {
        id.push_str("scenario");
    }
    id
}

/// Why the shipped scenarios could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ShippedError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Checks every file under `dir/<game>/` and stores the valid ones as shipped scenarios, id =
/// file stem. A file that does not validate is logged and skipped (a test keeps the shipped
/// files valid). Returns how many were stored. A missing `dir` stores nothing.
pub async fn load_shipped(store: &dyn Store, dir: &Path) -> Result<usize, ShippedError> {
    let read = |path: &Path| {
        std::fs::read_dir(path).map_err(|source| ShippedError::Read {
            path: path.display().to_string(),
            source,
        })
    };
    if !dir.is_dir() {
        tracing::warn!(dir = %dir.display(), "no shipped scenarios here");
        return Ok(0);
    }
    let mut stored = 0;
    let mut games: Vec<_> = read(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    games.sort();
    for game_dir in games.iter().filter(|p| p.is_dir()) {
        let Some(game) = game_dir.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Ok(game) = game.parse::<GameId>() else {
            tracing::error!(dir = %game_dir.display(), "shipped scenarios of no known game");
            continue;
        };
        let mut files: Vec<_> = read(game_dir)?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        files.sort();
        for path in files.iter().filter(|p| p.is_file()) {
            let Some(id) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let bytes = std::fs::read(path).map_err(|source| ShippedError::Read {
                path: path.display().to_string(),
                source,
            })?;
            let title = match games::check_scenario(game, &bytes) {
                Ok(title) if valid_id(id) => title,
                Ok(_) => {
                    tracing::error!(path = %path.display(), "shipped scenario id must be a-z, 0-9, -");
                    continue;
                }
                Err(e) => {
                    tracing::error!(path = %path.display(), error = %e, "shipped scenario refused");
                    continue;
                }
            };
            store
                .put_scenario(ScenarioRecord {
                    id: id.to_owned(),
                    game,
                    name: title,
                    text: String::from_utf8_lossy(&bytes).into_owned(),
                    shipped: true,
                })
                .await?;
            stored += 1;
        }
    }
    Ok(stored)
}

/// A scenario file checked for the game it names.
pub struct Checked {
    pub game: GameId,
    pub title: String,
}

/// Finds the game of a file (or takes `game` when given) and checks the file.
pub fn check(bytes: &[u8], game: Option<GameId>) -> Result<Checked, ScenarioError> {
    let game = match game {
        Some(game) => game,
        None => game_of(bytes).ok_or_else(|| {
            ScenarioError::new(
                1,
                1,
                "not a scenario file of any game: a Derelict map starts with `DERELICT 1`, an \
                 Away Team encounter has `format = \"away-team/1\"`",
            )
        })?,
    };
    let title = games::check_scenario(game, bytes)?;
    Ok(Checked { game, title })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_names_its_game_by_its_first_line_or_format_key() {
        assert_eq!(game_of(b"DERELICT 1\ntitle: x\n"), Some(GameId::Derelict));
        assert_eq!(
            game_of(b"# note\nformat = \"away-team/1\"\ntitle = \"x\"\n"),
            Some(GameId::AwayTeam)
        );
        assert_eq!(game_of(b"hello\n"), None);
        assert_eq!(game_of(b"format = \"derelict/1\"\n"), None);
        assert_eq!(game_of(b""), None);
    }

    /// Erratum 17: a byte order mark before either kind of file, and a TOML literal string.
    #[test]
    fn erratum_17_a_byte_order_mark_is_skipped_and_a_literal_format_string_is_read() {
        assert_eq!(game_of(b"\xef\xbb\xbfDERELICT 1\n"), Some(GameId::Derelict));
        assert_eq!(
            game_of(b"\xef\xbb\xbfformat = \"away-team/1\"\n"),
            Some(GameId::AwayTeam)
        );
        assert_eq!(
            game_of(b"title = 'x'\nformat = 'away-team/1'\n"),
            Some(GameId::AwayTeam)
        );
        assert_eq!(game_of(b"\xef\xbb\xbf\xef\xbb\xbfDERELICT 1\n"), None);
    }

    /// Erratum 17 through `check`: the game's own parser judges the file. TOML allows the mark;
    /// a Derelict file is ASCII (Derelict rules 12.1), so its parser refuses the mark where it
    /// stands instead of the file being of no game.
    #[test]
    fn erratum_17_files_with_a_byte_order_mark_reach_their_games_parser() {
        let spires = include_str!("../../scenarios/away-team/crystal-spires.toml");
        for file in [
            format!("\u{feff}{spires}"),
            spires.replace("\"away-team/1\"", "'away-team/1'"),
        ] {
            let checked = check(file.as_bytes(), None).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                (checked.game, checked.title.as_str()),
                (GameId::AwayTeam, "Ambush at the Crystal Spires")
            );
        }
        let chapel = include_str!("../../scenarios/derelict/chapel-crossing.txt");
        let err = check(format!("\u{feff}{chapel}").as_bytes(), None)
            .err()
            .expect("a Derelict file is ASCII");
        assert_eq!(err.to_string(), "line 1, column 1: non-ASCII byte 0xEF");
    }

    #[test]
    fn ids_are_made_from_titles_and_checked() {
        assert_eq!(id_from_title("Chapel Crossing"), "chapel-crossing");
        assert_eq!(id_from_title("  The Nest: part 2!"), "the-nest-part-2");
        assert_eq!(id_from_title("***"), "scenario");
        assert!(id_from_title(&"word ".repeat(40)).len() <= MAX_ID);
        assert!(valid_id("chapel-crossing"));
        assert!(valid_id("a"));
        assert!(!valid_id(""));
        assert!(!valid_id("-a"));
        assert!(!valid_id("Chapel"));
        assert!(!valid_id("a/b"));
        assert!(!valid_id(&"a".repeat(65)));
    }

    #[test]
    fn a_file_of_no_game_is_refused_at_its_start() {
        let err = check(b"hello", None).err().expect("refused");
        assert!(err.to_string().starts_with("line 1, column 1: "), "{err}");
    }
}
