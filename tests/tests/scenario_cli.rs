//! `xenotable scenario check FILE` end to end: the real binary on real files, no server and no
//! database.

use std::path::PathBuf;
use std::process::{Command, Output};

/// A shipped scenario, valid and canonical.
const CHAPEL_CROSSING: &str = include_str!("../../scenarios/derelict/chapel-crossing.txt");

/// A temporary file holding `bytes`, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(bytes: &[u8]) -> TempFile {
        let path =
            std::env::temp_dir().join(format!("xenotable-scenario-{}.txt", uuid::Uuid::new_v4()));
        std::fs::write(&path, bytes).expect("a temporary file");
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs `xenotable scenario check` on `path`, with no database configured.
fn check(path: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xenotable-under-test"))
        .args(["scenario", "check"])
        .arg(path)
        .env_remove("DATABASE_URL")
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_valid_scenario_is_reported_ok_with_its_title() {
    let file = TempFile::new(CHAPEL_CROSSING.as_bytes());
    let out = check(&file.0);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        format!("{}: ok (Chapel Crossing)\n", file.0.display())
    );
    assert_eq!(text(&out.stderr), "");
}

/// Checks a file of `bytes`: it must exit 1 with `FILE: <error>` on stderr and nothing on stdout.
fn assert_refused(bytes: &[u8], error: &str) {
    let file = TempFile::new(bytes);
    let out = check(&file.0);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert_eq!(
        text(&out.stderr),
        format!("{}: {error}\n", file.0.display())
    );
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn an_invalid_scenario_exits_1_with_its_first_error_on_stderr() {
    let bad = CHAPEL_CROSSING.replace("###.D::A::d", "###.D::Z::d");
    assert_refused(bad.as_bytes(), "line 18, column 8: invalid cell 'Z'");
}

#[test]
fn a_binary_file_is_refused_where_its_first_bad_byte_stands() {
    let bytes = [CHAPEL_CROSSING.as_bytes(), b"\0\xFF"].concat();
    assert_refused(&bytes, "line 22, column 1: control byte 0x00 not allowed");
}

#[test]
fn a_file_of_no_game_is_refused_at_its_start() {
    assert_refused(
        b"hello\n",
        "line 1, column 1: not a scenario file of any game: a Derelict map starts with \
         `DERELICT 1`, an Away Team encounter has `format = \"away-team/1\"`",
    );
    assert_refused(
        b"DERELICT 2\n",
        "line 1, column 1: not a Derelict scenario: the first line must be \"DERELICT 1\"",
    );
}

#[test]
fn an_away_team_encounter_is_checked_by_its_own_rules() {
    let file = "format = \"away-team/1\"\ntitle = \"Elsewhere\"\nobjective = \"neutralise\"\n\n\
                [[crew]]\nid = \"kirk\"\nname = \"Kirk\"\nrole = \"captain\"\nskill = 11\n\n\
                [[alien]]\nid = \"gorn\"\nname = \"Gorn\"\ncount = 7\nskill = 8\n";
    assert_refused(
        file.as_bytes(),
        "line 14, column 9: alien[0].count: must be 1 to 6",
    );
}

#[test]
fn every_shipped_scenario_checks_ok() {
    let mut checked = 0;
    for game in ["derelict", "away-team"] {
        let dir = format!("{}/../scenarios/{game}", env!("CARGO_MANIFEST_DIR"));
        for entry in std::fs::read_dir(&dir).expect("the game's scenario folder exists") {
            let path = entry.expect("a directory entry").path();
            let out = check(&path);
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked} shipped scenarios");
}

#[test]
fn an_unreadable_file_exits_2() {
    let missing =
        std::env::temp_dir().join(format!("xenotable-missing-{}.txt", uuid::Uuid::new_v4()));
    let out = check(&missing);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with(&format!("{}: cannot read: ", missing.display())),
        "{}",
        text(&out.stderr)
    );
}
