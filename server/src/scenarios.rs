//! Scenario files outside the rules: which game a file belongs to, and the shipped ones
//! (`scenarios/<game>/<id>.<ext>`, built into the binary) stored at every start.
//!
//! The games' own parsers (through [`games::check_scenario`]) are the only judges of a file.

use std::borrow::Cow;
use std::path::Path;

use rust_embed::Embed;

use crate::games::{self, GameId, ScenarioError};
use crate::ids::ScenarioId;
use crate::store::{ScenarioRecord, Store, StoreError};

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

/// The shipped scenarios, built into the binary so that a server started anywhere has them.
#[derive(Embed)]
#[folder = "../scenarios/"]
struct BuiltIn;

/// What the rules get for scenario `id` of `game`, offline (the arena): the text of the file
/// shipped as `<game>/<id>.<ext>`, or the id itself when it names one of the game's built-in
/// scenarios (Intruder's `solitaire`).
pub fn shipped_text(game: GameId, id: &str) -> Option<String> {
    if games::built_in_scenarios(game).iter().any(|s| s.id == id) {
        return Some(id.to_owned());
    }
    BuiltIn::iter()
        .filter_map(|name| ShippedFile::new(name.into_owned(), Cow::Borrowed(&[])))
        .find(|file| file.game == game.as_str() && file.id == id)
        .and_then(|file| BuiltIn::get(&file.path))
        .map(|file| String::from_utf8_lossy(&file.data).into_owned())
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

/// A shipped scenario file, before it is checked.
struct ShippedFile {
    /// Where it comes from, for the logs: `<game>/<file>`, under `dir` when read from one.
    path: String,
    /// The name of its folder.
    game: String,
    /// Its file stem.
    id: String,
    bytes: Cow<'static, [u8]>,
}

impl ShippedFile {
    /// The file at `<game>/<file>`; `None` for any other path (a file beside the games' folders,
    /// or deeper in one), which is not a scenario.
    fn new(path: String, bytes: Cow<'static, [u8]>) -> Option<ShippedFile> {
        let (game, file) = path.split_once('/')?;
        if file.contains('/') {
            return None;
        }
        let id = Path::new(file).file_stem()?.to_str()?.to_owned();
        Some(ShippedFile {
            game: game.to_owned(),
            id,
            bytes,
            path,
        })
    }
}

/// Checks every shipped file (`<game>/<id>.<ext>`) and stores the valid ones as shipped
/// scenarios, id = file stem: those built into the binary, or with `dir` those of that
/// directory instead (development). A file that does not validate is logged and skipped (a
/// test keeps the built-in files valid). Returns how many were stored.
pub async fn load_shipped(store: &dyn Store, dir: Option<&Path>) -> Result<usize, ShippedError> {
    let files = match dir {
        None => BuiltIn::iter()
            .filter_map(|name| {
                let bytes = BuiltIn::get(&name)?.data;
                ShippedFile::new(name.into_owned(), bytes)
            })
            .collect(),
        Some(dir) => read_shipped(dir)?,
    };
    let mut stored = 0;
    for file in files {
        let path = &file.path;
        let Ok(game) = file.game.parse::<GameId>() else {
            tracing::error!(path, "shipped scenario of no known game");
            continue;
        };
        let Ok(id) = file.id.parse::<ScenarioId>() else {
            tracing::error!(path, "shipped scenario id must be a-z, 0-9, -");
            continue;
        };
        let title = match games::check_scenario(game, &file.bytes) {
            Ok(title) => title,
            Err(e) => {
                tracing::error!(path, error = %e, "shipped scenario refused");
                continue;
            }
        };
        store
            .put_scenario(ScenarioRecord {
                id,
                game,
                name: title,
                text: String::from_utf8_lossy(&file.bytes).into_owned(),
                shipped: true,
            })
            .await?;
        stored += 1;
    }
    Ok(stored)
}

/// The files of `dir/<game>/`, in order.
fn read_shipped(dir: &Path) -> Result<Vec<ShippedFile>, ShippedError> {
    let unreadable = |path: &Path| {
        let path = path.display().to_string();
        move |source| ShippedError::Read { path, source }
    };
    let list = |path: &Path| -> Result<Vec<_>, ShippedError> {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .map_err(unreadable(path))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        entries.sort();
        Ok(entries)
    };
    let mut files = Vec::new();
    for game_dir in list(dir)?.iter().filter(|p| p.is_dir()) {
        let Some(game) = game_dir.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        for path in list(game_dir)?.iter().filter(|p| p.is_file()) {
            let Some(file) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let bytes = std::fs::read(path).map_err(unreadable(path))?;
            if let Some(mut shipped) = ShippedFile::new(format!("{game}/{file}"), bytes.into()) {
                shipped.path = path.display().to_string();
                files.push(shipped);
            }
        }
    }
    Ok(files)
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

    /// The files built in are the repository's `scenarios/`, every one of them valid.
    #[tokio::test]
    async fn every_shipped_file_is_built_in_and_stored() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        let mut on_disk: Vec<String> = read_shipped(&dir)
            .expect("scenarios/")
            .into_iter()
            .map(|f| format!("{}/{}", f.game, f.id))
            .collect();
        assert!(on_disk.len() >= 7, "{on_disk:?}");
        let store = crate::store::SqliteStore::memory().await.expect("a store");
        let stored = load_shipped(&store, None).await.expect("stored");
        assert_eq!(stored, on_disk.len());
        let mut listed: Vec<String> = store
            .list_scenarios(None)
            .await
            .expect("listed")
            .into_iter()
            .filter(|s| s.shipped)
            .map(|s| format!("{}/{}", s.game, s.id))
            .collect();
        on_disk.sort();
        listed.sort();
        assert_eq!(listed, on_disk);
    }

    #[test]
    fn a_file_of_no_game_is_refused_at_its_start() {
        let err = check(b"hello", None).err().expect("refused");
        assert!(err.to_string().starts_with("line 1, column 1: "), "{err}");
    }
}
