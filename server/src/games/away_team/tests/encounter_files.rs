//! Encounter files (rules 5): the shipped files, the example, and every kind of error with its
//! exact position.

use xenotable_protocol::away_team::{Mode, Role};

use super::support::{CRYSTAL_SPIRES, shipped};
use crate::games::away_team::MAX_FILE_BYTES;
use crate::games::away_team::encounter::{Encounter, Objective, SkillSpec};
use crate::games::{Dice, Roll};

fn error(text: &str) -> String {
    match Encounter::parse(text) {
        Ok(e) => panic!("accepted: {e:?}"),
        Err(e) => e.to_string(),
    }
}

/// The example file with one line replaced.
fn edited(from: &str, to: &str) -> String {
    assert!(CRYSTAL_SPIRES.contains(from), "{from}");
    CRYSTAL_SPIRES.replacen(from, to, 1)
}

#[test]
fn every_shipped_encounter_validates_and_has_a_kebab_case_id() {
    let files = shipped();
    assert!(files.len() >= 3);
    for (id, text) in &files {
        assert!(
            id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{id}"
        );
        if let Err(e) = Encounter::parse(text) {
            panic!("{id}: {e}");
        }
    }
    let parsed: Vec<Encounter> = files
        .iter()
        .filter_map(|(_, t)| Encounter::parse(t).ok())
        .collect();
    assert!(
        parsed
            .iter()
            .any(|e| matches!(e.objective, Objective::Survive { .. }))
    );
    assert!(parsed.iter().any(|e| {
        e.objective == Objective::Neutralise
            && e.groups.iter().any(|g| g.stun_immune)
            && e.groups.iter().any(|g| g.peaceful)
    }));
}

#[test]
fn the_example_reads_as_written_with_defaults() {
    let e = Encounter::parse(CRYSTAL_SPIRES).expect("valid");
    assert_eq!(e.title, "Ambush at the Crystal Spires");
    assert_eq!(
        e.objective,
        Objective::NeutraliseGroup {
            group: 0,
            capture: false
        }
    );
    assert_eq!((e.max_rounds, e.range_mod, e.crew_defense_mod), (8, 1, 0));
    assert_eq!((e.hostility_limit, e.allow_retreat), (2, true));
    assert_eq!(e.crew.len(), 3);
    assert_eq!(e.crew[1].skill, SkillSpec::Roll);
    assert_eq!(e.crew[2].role, Role::Science);
    assert_eq!(e.crew[2].skill_mod, 0);
    let folk = &e.groups[1];
    assert_eq!((folk.count, folk.skill, folk.defense_mod), (2, 7, 0));
    assert!(folk.peaceful && folk.stun_immune && folk.ranged);
    assert_eq!(folk.weapon, Mode::Kill);
}

#[test]
fn a_second_captain_is_refused_at_its_role_exactly_as_the_rules_say() {
    let text = CRYSTAL_SPIRES.replacen("role = \"science\"", "role = \"captain\"", 1);
    assert_eq!(
        error(&text),
        "line 26, column 8: crew[2].role: only one captain allowed"
    );
    let text = edited("role = \"security-officer\"", "role = \"captain\"");
    assert_eq!(
        error(&text),
        "line 20, column 8: crew[1].role: only one captain allowed"
    );
}

#[test]
fn seven_raiders_are_refused_at_the_count() {
    assert_eq!(
        error(&edited("count = 3", "count = 7")),
        "line 32, column 9: alien[0].count: must be 1 to 6"
    );
}

#[test]
fn unknown_keys_are_reported_at_the_key() {
    assert_eq!(
        error(&edited("max_rounds = 8", "max_rounds = 8\nbonus = 1")),
        "line 7, column 1: bonus: unknown key"
    );
    assert_eq!(
        error(&edited("skill = 11", "skill = 11\n  rank = \"high\"")),
        "line 16, column 3: crew[0].rank: unknown key"
    );
    assert_eq!(
        error(&format!("{CRYSTAL_SPIRES}\n[extra]\nx = 1\n")),
        "line 44, column 2: extra: unknown key"
    );
}

#[test]
fn wrong_types_are_reported_at_the_value() {
    assert_eq!(
        error(&edited("max_rounds = 8", "max_rounds = \"8\"")),
        "line 6, column 14: max_rounds: expected an integer, found string"
    );
    assert_eq!(
        error(&edited("allow_retreat = true", "allow_retreat = 1")),
        "line 9, column 17: allow_retreat: expected a boolean, found integer"
    );
    assert_eq!(
        error(&edited("skill = 9", "skill = 9.5")),
        "line 27, column 9: crew[2].skill: must be an integer 2 to 12 or \"roll\""
    );
    assert_eq!(
        error(&edited("skill = \"roll\"", "skill = \"dice\"")),
        "line 21, column 9: crew[1].skill: must be an integer 2 to 12 or \"roll\""
    );
    assert_eq!(
        error(&edited(
            "title = \"Ambush at the Crystal Spires\"",
            "title = [1]"
        )),
        "line 2, column 9: title: expected a string, found array"
    );
    let head = "format = \"away-team/1\"\ntitle = \"T\"\nobjective = \"survive\"\n";
    assert_eq!(
        error(&format!("{head}crew = 3\n")),
        "line 4, column 8: crew: expected an array of tables, found integer"
    );
    assert_eq!(
        error(&format!("{head}crew = [{{ id = \"c\" }}, 2]\n")),
        "line 4, column 23: crew[1]: expected a table, found integer"
    );
}

#[test]
fn missing_keys_are_reported_at_the_table_header_or_the_top() {
    assert_eq!(
        error(&edited("name = \"Science Officer\"\n", "")),
        "line 23, column 1: crew[2].name: required key is missing"
    );
    assert_eq!(
        error(&edited("title = \"Ambush at the Crystal Spires\"\n", "")),
        "line 1, column 1: title: required key is missing"
    );
    assert_eq!(
        error(&edited("skill = 8\n", "")),
        "line 29, column 1: alien[0].skill: required key is missing"
    );
}

#[test]
fn syntax_errors_use_the_parser_position() {
    let e = error(&edited("max_rounds = 8", "max_rounds = = 8"));
    assert!(e.starts_with("line 6, column "), "{e}");
    assert_eq!(
        error(&edited("title = \"Ambush", "title = \"Ambush\n")),
        "line 2, column 16: invalid basic string, expected `\"`"
    );
    let e = error(&format!("{CRYSTAL_SPIRES}title = \"again\"\n"));
    assert!(e.starts_with("line 43, column 1"), "{e}");
}

#[test]
fn files_over_the_limit_are_refused_unread() {
    let padding = "#".repeat(MAX_FILE_BYTES);
    assert_eq!(
        error(&format!("{CRYSTAL_SPIRES}{padding}")),
        format!(
            "line 1, column 1: the file is {} bytes; at most 65536 are allowed",
            CRYSTAL_SPIRES.len() + MAX_FILE_BYTES
        )
    );
    let fits = format!(
        "{CRYSTAL_SPIRES}{}",
        "#".repeat(MAX_FILE_BYTES - CRYSTAL_SPIRES.len())
    );
    assert!(Encounter::parse(&fits).is_ok());
}

#[test]
fn out_of_range_values_are_refused() {
    let cases = [
        (
            "format = \"away-team/1\"",
            "format = \"away-team/2\"",
            "line 1, column 10: format: must be \"away-team/1\"",
        ),
        (
            "range_mod = 1",
            "range_mod = 7",
            "line 7, column 13: range_mod: must be -6 to 6",
        ),
        (
            "hostility_limit = 2",
            "hostility_limit = 21",
            "line 8, column 19: hostility_limit: must be 0 to 20",
        ),
        (
            "max_rounds = 8",
            "max_rounds = 0",
            "line 6, column 14: max_rounds: must be 1 to 50",
        ),
        (
            "skill = 11",
            "skill = 13",
            "line 15, column 9: crew[0].skill: must be 2 to 12",
        ),
        (
            "skill = 8\n",
            "skill = 1\n",
            "line 33, column 9: alien[0].skill: must be 2 to 12",
        ),
        (
            "defense_mod = 1",
            "defense_mod = -7",
            "line 34, column 15: alien[0].defense_mod: must be -6 to 6",
        ),
        (
            "id = \"sec\"",
            "id = \"Sec\"",
            "line 18, column 6: crew[1].id: must be a lowercase letter then up to 23 of a-z, 0-9, _ and -",
        ),
        (
            "id = \"sci\"",
            "id = \"sec\"",
            "line 24, column 6: crew[2].id: id \"sec\" is already used",
        ),
        (
            "id = \"spirefolk\"",
            "id = \"sci\"",
            "line 37, column 6: alien[1].id: id \"sci\" is already used",
        ),
        (
            "id = \"sci\"",
            "id = \"raiders-2\"",
            "line 30, column 6: alien[0].id: this group's alien \"raiders-2\" would have the id of a crew member",
        ),
        (
            "role = \"science\"",
            "role = \"cook\"",
            "line 26, column 8: crew[2].role: must be one of \"captain\", \"security-officer\", \"security-guard\", \"science\", \"medical\", \"engineering\"",
        ),
        (
            "name = \"Raiders\"",
            "name = \"\"",
            "line 31, column 8: alien[0].name: must be 1 to 40 characters long",
        ),
        (
            "objective_group = \"raiders\"",
            "objective_group = \"pirates\"",
            "line 5, column 19: objective_group: no alien group has id \"pirates\"",
        ),
        (
            "peaceful = true",
            "peaceful = true\nweapon = \"laser\"",
            "line 42, column 10: alien[1].weapon: must be one of \"kill\", \"stun\"",
        ),
    ];
    let long_title = format!("title = \"{}\"", "x".repeat(81));
    let long_description = format!("description = \"{}\"", "y".repeat(2001));
    let long_id = format!("id = \"{}\"", "s".repeat(25));
    let more = [
        (
            "title = \"Ambush at the Crystal Spires\"",
            long_title.as_str(),
            "line 2, column 9: title: must be 1 to 80 characters long",
        ),
        (
            "description = \"Recover the envoy; the spire folk are watching.\"",
            long_description.as_str(),
            "line 3, column 15: description: must be 0 to 2000 characters long",
        ),
        (
            "objective = \"neutralise-group\"",
            "objective = \"conquer\"",
            "line 4, column 13: objective: must be one of \"neutralise\", \"neutralise-group\", \"survive\"",
        ),
        (
            "id = \"sec\"",
            long_id.as_str(),
            "line 18, column 6: crew[1].id: must be a lowercase letter then up to 23 of a-z, 0-9, _ and -",
        ),
        (
            "skill = 9",
            "skill = 9\nskill_mod = 7",
            "line 28, column 13: crew[2].skill_mod: must be -6 to 6",
        ),
        (
            "peaceful = true",
            "peaceful = \"yes\"",
            "line 41, column 12: alien[1].peaceful: expected a boolean, found string",
        ),
        (
            "stun_immune = true",
            "stun_immune = 1",
            "line 42, column 15: alien[1].stun_immune: expected a boolean, found integer",
        ),
        (
            "skill = 7\n",
            "skill = 7\nranged = 0\n",
            "line 41, column 10: alien[1].ranged: expected a boolean, found integer",
        ),
    ];
    for (from, to, expected) in more.iter().filter(|c| !c.2.is_empty()) {
        assert_eq!(error(&edited(from, to)), *expected, "{to}");
    }
    for (from, to, expected) in cases {
        assert_eq!(error(&edited(from, to)), expected, "{to}");
    }
}

#[test]
fn objective_keys_must_fit_the_objective() {
    assert_eq!(
        error(&edited("objective_group = \"raiders\"\n", "")),
        "line 1, column 1: objective_group: required key is missing"
    );
    assert_eq!(
        error(&edited(
            "objective = \"neutralise-group\"",
            "objective = \"neutralise\""
        )),
        "line 5, column 19: objective_group: only allowed with objective = \"neutralise-group\""
    );
    assert_eq!(
        error(&edited(
            "objective_group = \"raiders\"",
            "objective_group = \"spirefolk\"\ncapture = true"
        )),
        "line 6, column 11: capture: the objective group is stun-immune and cannot be captured"
    );
    let survive = edited(
        "objective = \"neutralise-group\"\nobjective_group = \"raiders\"",
        "objective = \"survive\"",
    );
    assert_eq!(
        error(&survive),
        "line 1, column 1: survive_rounds: required key is missing"
    );
    assert!(Encounter::parse(&survive.replacen("max_rounds = 8", "survive_rounds = 3", 1)).is_ok());
    assert_eq!(
        error(&edited("max_rounds = 8", "survive_rounds = 3")),
        "line 6, column 18: survive_rounds: only allowed with objective = \"survive\""
    );
    let peaceful = edited(
        "objective = \"neutralise-group\"\nobjective_group = \"raiders\"",
        "objective = \"neutralise\"",
    )
    .replacen("defense_mod = 1", "peaceful = true", 1);
    assert_eq!(
        error(&peaceful),
        "line 4, column 13: objective: neutralise needs at least one group that is not peaceful"
    );
}

#[test]
fn rosters_are_bounded() {
    let crew = "\n[[crew]]\nid = \"c{}\"\nname = \"Ensign\"\nrole = \"medical\"\nskill = 7\n";
    let four_more: String = (0..4).map(|k| crew.replace("{}", &k.to_string())).collect();
    let text = CRYSTAL_SPIRES.replacen("[[alien]]", &format!("{four_more}\n[[alien]]"), 1);
    let e = error(&text);
    assert!(e.contains("crew: must have 1 to 6 entries"), "{e}");
    let no_captain = edited("role = \"captain\"", "role = \"medical\"");
    assert_eq!(
        error(&no_captain),
        "line 11, column 1: crew: exactly one crew member must be the captain"
    );
    let swarm = "\n[[alien]]\nid = \"swarm\"\nname = \"Swarm\"\ncount = 6\nskill = 5\n";
    let many = format!(
        "{CRYSTAL_SPIRES}{swarm}{}",
        swarm.replace("swarm", "hive").replace("6", "2")
    );
    assert_eq!(
        error(&many),
        "line 53, column 9: alien[3].count: more than 12 aliens in all"
    );
    let one = "\n[[alien]]\nid = \"g{}\"\nname = \"G\"\nskill = 5\n";
    let five_more: String = (0..5).map(|k| one.replace("{}", &k.to_string())).collect();
    let e = error(&format!("{CRYSTAL_SPIRES}{five_more}"));
    assert!(
        e.starts_with("line 64, column 1: alien: must have 1 to 6 entries"),
        "{e}"
    );
}

#[test]
fn random_edits_never_panic() {
    let mut dice = Dice::from_seed(5_2);
    let bytes = CRYSTAL_SPIRES.as_bytes();
    let alphabet = b"[]{}=\"'#.,-_0123456789abcxyz \n\t\\";
    for _ in 0..3_000 {
        let mut text = bytes.to_vec();
        for _ in 0..=dice.below(4) {
            let at = dice.index(text.len());
            match dice.below(3) {
                0 => {
                    text.remove(at);
                }
                1 => text.insert(at, alphabet[dice.index(alphabet.len())]),
                _ => text[at] = alphabet[dice.index(alphabet.len())],
            }
        }
        let text = String::from_utf8_lossy(&text);
        if let Err(e) = Encounter::parse(&text) {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
        }
    }
    for _ in 0..500 {
        let len = dice.index(200);
        let text: String = (0..len)
            .map(|_| char::from_u32(dice.below(0x3000)).unwrap_or('?'))
            .collect();
        let _ = Encounter::parse(&text);
    }
}
