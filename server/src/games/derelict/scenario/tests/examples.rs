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
