//! The example of rules 12.6, defaults, padding and line ends.

use xenotable_protocol::derelict::{Cell, Role};

use super::super::{AlienPool, Map, Scenario, SquadItem, Timer, parse, write};

/// The example file of rules 12.6, verbatim.
pub(super) const CHAPEL_CROSSING: &str = "\
DERELICT 1
; start room north-west, exit south-east, entries in the far corners
title: Chapel Crossing
author: xenotable
squad: 1 sergeant, 1 flamer, 3 soldier
reinforcements: 2
alien-pool: 16
exit-needed: 3
turn-limit: 15
timer: 120+30
overwatch-range: 0
flamer-reloads: 1
map:
####################
#MMM........D:::::E#
#MM.#######.#::::::#
###.#:::::#.#::A:::#
###.D::A::d.D::::::#
###.#:::::#.########
#E..#######.......X#
####################
";

/// The map of the example.
const CHAPEL_ROWS: [&str; 8] = [
    "####################",
    "#MMM........D:::::E#",
    "#MM.#######.#::::::#",
    "###.#:::::#.#::A:::#",
    "###.D::A::d.D::::::#",
    "###.#:::::#.########",
    "#E..#######.......X#",
    "####################",
];

fn chapel_crossing() -> Scenario {
    Scenario {
        title: "Chapel Crossing".to_owned(),
        author: "xenotable".to_owned(),
        comments: vec![
            " start room north-west, exit south-east, entries in the far corners".to_owned(),
        ],
        squad: vec![
            SquadItem {
                count: 1,
                role: Role::Sergeant,
            },
            SquadItem {
                count: 1,
                role: Role::Flamer,
            },
            SquadItem {
                count: 3,
                role: Role::Soldier,
            },
        ],
        reinforcements: 2,
        alien_pool: AlienPool::Limited(16),
        exit_needed: 3,
        turn_limit: 15,
        timer: Timer {
            base: 120,
            per_sergeant: 30,
        },
        overwatch_range: 0,
        flamer_reloads: 1,
        map: Map::from_rows(&CHAPEL_ROWS).expect("the example map"),
    }
}

#[test]
fn the_rules_example_parses_to_its_scenario() {
    let parsed = parse(CHAPEL_CROSSING).expect("the example is valid");
    assert_eq!(parsed, chapel_crossing());
    assert_eq!((parsed.map.width(), parsed.map.height()), (20, 8));
    assert_eq!(parsed.map.get(7, 4), Cell::AlienStart);
    assert_eq!(parsed.map.get(12, 1), Cell::ClosedDoor);
    assert_eq!(parsed.map.get(10, 4), Cell::OpenDoor);
    assert_eq!(
        parsed.roles().collect::<Vec<_>>(),
        [
            Role::Sergeant,
            Role::Flamer,
            Role::Soldier,
            Role::Soldier,
            Role::Soldier
        ]
    );
}

#[test]
fn the_rules_example_is_written_back_byte_for_byte() {
    assert_eq!(write(&chapel_crossing()), CHAPEL_CROSSING);
}

#[test]
fn a_bad_cell_in_the_rules_example_is_refused_where_it_stands() {
    // Acceptance example 12: the `A` on square (7, 4) replaced by `Z`.
    let text = CHAPEL_CROSSING.replace("###.D::A::d", "###.D::Z::d");
    let error = parse(&text).expect_err("Z is no cell");
    assert_eq!(error.to_string(), "line 18, column 8: invalid cell 'Z'");
}

#[test]
fn keys_left_out_take_their_defaults() {
    let text = "DERELICT 1\ntitle: Minimal\nsquad: 3 soldier\nmap:\nMMMX\nE\n";
    let parsed = parse(text).expect("a minimal file is valid");
    let expected = Scenario {
        title: "Minimal".to_owned(),
        author: String::new(),
        comments: Vec::new(),
        squad: vec![SquadItem {
            count: 3,
            role: Role::Soldier,
        }],
        reinforcements: 2,
        alien_pool: AlienPool::Unlimited,
        exit_needed: 2,
        turn_limit: 0,
        timer: Timer {
            base: 120,
            per_sergeant: 30,
        },
        overwatch_range: 0,
        flamer_reloads: 1,
        map: Map::from_rows(&["MMMX", "E###"]).expect("a small map"),
    };
    assert_eq!(parsed, expected);
    assert_eq!(
        write(&parsed),
        "DERELICT 1\ntitle: Minimal\nauthor:\nsquad: 3 soldier\nreinforcements: 2\n\
         alien-pool: unlimited\nexit-needed: 2\nturn-limit: 0\ntimer: 120+30\n\
         overwatch-range: 0\nflamer-reloads: 1\nmap:\nMMMX\nE###\n"
    );
}

#[test]
fn exit_needed_defaults_to_half_the_squad_rounded_up() {
    for (squad, needed) in [
        ("1 soldier", 1),
        ("2 soldier", 1),
        ("1 sergeant, 4 flamer", 3),
    ] {
        let text = format!("DERELICT 1\ntitle: T\nsquad: {squad}\nmap:\nMMMMMX\nE\n");
        assert_eq!(parse(&text).map(|s| s.exit_needed), Ok(needed), "{squad}");
    }
}

#[test]
fn short_rows_are_padded_with_walls() {
    let text = "DERELICT 1\ntitle: Pad\nsquad: 1 flamer\nreinforcements: 0\nmap:\n:::::\nM\n:X\n";
    let map = parse(text).expect("short rows are valid").map;
    assert_eq!(map.rows().collect::<Vec<_>>(), [":::::", "M####", ":X###"]);
}

#[test]
fn a_carriage_return_before_each_line_feed_is_ignored() {
    let crlf = CHAPEL_CROSSING.replace('\n', "\r\n");
    assert_eq!(parse(&crlf), Ok(chapel_crossing()));
    let no_final_line_feed = CHAPEL_CROSSING.trim_end();
    assert_eq!(parse(no_final_line_feed), Ok(chapel_crossing()));
}

#[test]
fn spaces_around_values_and_squad_items_are_dropped() {
    let text = CHAPEL_CROSSING
        .replace("title: Chapel Crossing", "title:    Chapel Crossing   ")
        .replace(
            "squad: 1 sergeant, 1 flamer, 3 soldier",
            "squad:  1 sergeant ,1 flamer,   3  soldier  ",
        );
    assert_eq!(parse(&text), Ok(chapel_crossing()));
}

#[test]
fn comments_and_blank_lines_may_stand_anywhere_before_the_map() {
    let text = CHAPEL_CROSSING
        .replace("author: xenotable\n", "\n;\nauthor: xenotable\n\n")
        .replace("map:\n", ";last words\nmap:\n");
    let parsed = parse(&text).expect("comments and blanks are valid");
    assert_eq!(
        parsed.comments,
        [
            " start room north-west, exit south-east, entries in the far corners",
            "",
            "last words"
        ]
    );
    let canonical = write(&parsed);
    assert!(canonical.starts_with(
        "DERELICT 1\n; start room north-west, exit south-east, entries in the far corners\n;\n;last words\ntitle: Chapel Crossing\n"
    ));
}
