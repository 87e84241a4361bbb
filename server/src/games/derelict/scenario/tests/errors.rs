//! Every error of rules 12.4, each refused at the line and column the table prescribes, and
//! the precedence between several errors in one file.

use super::super::{MAX_BYTES, parse, parse_bytes};
use super::examples::CHAPEL_CROSSING;

/// The full error text for a file that must be refused.
fn refused(text: &str) -> String {
    match parse(text) {
        Ok(s) => panic!("accepted a bad file as {s:?}:\n{text}"),
        Err(e) => e.to_string(),
    }
}

/// The example with its lines changed by `f` (lines numbered from 0 here).
fn example_with(f: impl FnOnce(&mut Vec<String>)) -> String {
    let mut lines: Vec<String> = CHAPEL_CROSSING.lines().map(str::to_owned).collect();
    f(&mut lines);
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The example with line `number` (1-based) replaced.
fn example_line(number: usize, text: &str) -> String {
    example_with(|lines| lines[number - 1] = text.to_owned())
}

/// The example with `text` inserted as line `number` (1-based).
fn example_inserted(number: usize, text: &str) -> String {
    example_with(|lines| lines.insert(number - 1, text.to_owned()))
}

/// The example without line `number` (1-based).
fn example_without(number: usize) -> String {
    example_with(|lines| {
        lines.remove(number - 1);
    })
}

/// The example with every map cell of these codes made corridor floor.
fn example_without_cells(codes: &[char]) -> String {
    example_with(|lines| {
        for row in lines.iter_mut().skip(13) {
            *row = row.replace(codes, ".");
        }
    })
}

/// A file of exactly `size` bytes: the example padded with one long comment line.
fn example_of_size(size: usize) -> String {
    let padding = size - CHAPEL_CROSSING.len() - 2;
    example_inserted(2, &format!(";{}", "x".repeat(padding)))
}

#[test]
fn a_row_longer_than_the_first_is_refused_at_its_first_extra_character() {
    let text = example_line(15, "#MMM........D:::::E##");
    assert_eq!(
        refused(&text),
        "line 15, column 21: row longer than the first row (20 squares)"
    );
}

#[test]
fn an_unknown_cell_code_is_refused_where_it_stands() {
    let text = example_line(16, "#MM.#######.#::e:::#");
    assert_eq!(refused(&text), "line 16, column 16: invalid cell 'e'");
}

#[test]
fn a_missing_or_wrong_header_is_refused_at_the_start() {
    let magic = "line 1, column 1: not a Derelict scenario: the first line must be \"DERELICT 1\"";
    assert_eq!(refused(&example_line(1, "DERELICT 2")), magic);
    assert_eq!(refused(&example_line(1, "DERELICT 1 ")), magic);
    assert_eq!(refused(&example_without(1)), magic);
    assert_eq!(refused("\n"), magic);
}

#[test]
fn a_second_map_line_is_an_invalid_cell() {
    let text = format!("{CHAPEL_CROSSING}map:\n#X#\n");
    assert_eq!(refused(&text), "line 22, column 1: invalid cell 'm'");
}

#[test]
fn a_comment_inside_the_map_is_an_invalid_cell() {
    let text = example_inserted(15, "; the corridor");
    assert_eq!(refused(&text), "line 15, column 1: invalid cell ';'");
}

#[test]
fn a_file_over_65536_bytes_is_refused_at_the_start() {
    assert_eq!(example_of_size(MAX_BYTES).len(), MAX_BYTES);
    assert!(parse(&example_of_size(MAX_BYTES)).is_ok());
    assert_eq!(
        refused(&example_of_size(MAX_BYTES + 1)),
        "line 1, column 1: file larger than 65,536 bytes"
    );
}

#[test]
fn a_map_without_an_exit_is_refused_at_the_map_line() {
    let text = example_line(20, "#E..#######........#");
    assert_eq!(refused(&text), "line 13, column 1: no exit square (X)");
}

#[test]
fn fewer_marine_starts_than_marines_are_refused_at_the_map_line() {
    let text = example_line(16, "#M..#######.#::::::#");
    assert_eq!(
        refused(&text),
        "line 13, column 1: 4 M squares for 5 marines"
    );
    let smaller_squad = text.replace("1 flamer, 3 soldier", "3 soldier");
    assert!(parse(&smaller_squad).is_ok());
}

#[test]
fn a_duplicate_key_is_refused_at_its_second_occurrence() {
    let text = example_inserted(12, "title: Chapel Crossing Again");
    assert_eq!(refused(&text), "line 12, column 1: duplicate key \"title\"");
}

#[test]
fn bad_numbers_are_refused_at_the_first_character_of_the_value() {
    let cases = [
        (
            9,
            "turn-limit: 1000",
            "line 9, column 13: turn-limit: expected an integer 0-999",
        ),
        (
            9,
            "turn-limit: -1",
            "line 9, column 13: turn-limit: expected an integer 0-999",
        ),
        (
            9,
            "turn-limit:",
            "line 9, column 12: turn-limit: expected an integer 0-999",
        ),
        (
            6,
            "reinforcements:   two  ",
            "line 6, column 19: reinforcements: expected an integer 0-10",
        ),
        (
            7,
            "alien-pool: many",
            "line 7, column 13: alien-pool: expected an integer 0-999 or \"unlimited\"",
        ),
        (
            8,
            "exit-needed: 0",
            "line 8, column 14: exit-needed: expected an integer 1-10",
        ),
        (
            10,
            "timer: 120-30",
            "line 10, column 8: timer: expected <base>+<per-sergeant>, integers 1-3600 and 0-600",
        ),
        (
            10,
            "timer: 0+30",
            "line 10, column 8: timer: expected <base>+<per-sergeant>, integers 1-3600 and 0-600",
        ),
        (
            11,
            "overwatch-range: 65",
            "line 11, column 18: overwatch-range: expected an integer 0-64",
        ),
        (
            12,
            "flamer-reloads: 99999999999999999999",
            "line 12, column 17: flamer-reloads: expected an integer 0-9",
        ),
        (
            5,
            "squad: 1 sergeant, 1 medic",
            "line 5, column 8: squad: unknown role \"medic\" (sergeant, soldier or flamer)",
        ),
        (
            5,
            "squad: 1 sergeant,, 4 soldier",
            "line 5, column 8: squad: expected items \"<n> <role>\" separated by commas",
        ),
        (
            5,
            "squad: 0 sergeant, 5 soldier",
            "line 5, column 8: squad: expected a count 1-10, not \"0\"",
        ),
        (
            5,
            "squad: 2 soldier, 3 soldier",
            "line 5, column 8: squad: role \"soldier\" listed twice",
        ),
        (
            5,
            "squad: 5 sergeant, 6 soldier",
            "line 5, column 8: squad: 11 marines; at most 10",
        ),
        (
            3,
            "title:",
            "line 3, column 7: title: expected 1-80 characters",
        ),
    ];
    for (line, text, expected) in cases {
        assert_eq!(refused(&example_line(line, text)), expected, "{text}");
    }
    let long_title = format!("title: {}", "t".repeat(81));
    assert_eq!(
        refused(&example_line(3, &long_title)),
        "line 3, column 8: title: expected 1-80 characters"
    );
}

#[test]
fn a_non_ascii_byte_is_refused_where_it_stands() {
    let text = example_line(3, "title: Chapel Crossing é");
    assert_eq!(refused(&text), "line 3, column 24: non-ASCII byte 0xC3");
}

#[test]
fn an_empty_file_is_refused_at_the_start() {
    assert_eq!(refused(""), "line 1, column 1: empty file");
}

#[test]
fn binary_bytes_are_refused_where_they_stand() {
    assert_eq!(
        parse_bytes(&[0, 1, 2, 255]).map_err(|e| e.to_string()),
        Err("line 1, column 1: control byte 0x00 not allowed".to_owned())
    );
    let text = example_line(17, "###.#\0::A:::#");
    assert_eq!(
        refused(&text),
        "line 17, column 6: control byte 0x00 not allowed"
    );
    let bytes = [CHAPEL_CROSSING.as_bytes(), &[0xFF]].concat();
    assert_eq!(
        parse_bytes(&bytes).map_err(|e| e.to_string()),
        Err("line 22, column 1: non-ASCII byte 0xFF".to_owned())
    );
}

#[test]
fn tabs_and_lone_carriage_returns_are_refused_where_they_stand() {
    assert_eq!(
        refused(&example_line(4, "author:\txenotable")),
        "line 4, column 8: tab not allowed"
    );
    assert_eq!(
        refused(&example_line(4, "author: xeno\rtable")),
        "line 4, column 13: CR not followed by LF"
    );
    let no_final_lf = format!("{}\r", CHAPEL_CROSSING.trim_end());
    assert_eq!(
        refused(&no_final_lf),
        "line 21, column 21: CR not followed by LF"
    );
}

#[test]
fn a_header_line_that_is_not_key_value_is_refused_at_column_1() {
    let expected = "line 4, column 1: expected \"key: value\"";
    assert_eq!(refused(&example_line(4, "author:xenotable")), expected);
    assert_eq!(refused(&example_line(4, "author xenotable")), expected);
    assert_eq!(refused(&example_line(4, ": xenotable")), expected);
    assert_eq!(
        refused(&example_line(4, "#MMM...")),
        "line 4, column 1: expected \"key: value\""
    );
}

#[test]
fn an_unknown_key_is_refused_at_column_1() {
    assert_eq!(
        refused(&example_line(4, "colour: red")),
        "line 4, column 1: unknown key \"colour\""
    );
    assert_eq!(
        refused(&example_line(4, "Author: xenotable")),
        "line 4, column 1: unknown key \"Author\""
    );
}

#[test]
fn a_map_line_with_a_value_is_refused_at_column_1() {
    assert_eq!(
        refused(&example_line(13, "map: big")),
        "line 13, column 1: \"map:\" must stand alone on its line"
    );
}

#[test]
fn a_missing_map_line_is_refused_after_the_last_line() {
    let headers_only: String = CHAPEL_CROSSING
        .lines()
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        refused(&headers_only),
        "line 13, column 1: missing \"map:\" line"
    );
    let no_final_lf = headers_only.trim_end();
    assert_eq!(
        refused(no_final_lf),
        "line 13, column 1: missing \"map:\" line"
    );
    assert_eq!(
        refused("DERELICT 1"),
        "line 2, column 1: missing \"map:\" line"
    );
}

#[test]
fn a_map_line_without_rows_is_refused_on_the_next_line() {
    let text: String = CHAPEL_CROSSING
        .lines()
        .take(13)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        refused(&text),
        "line 14, column 1: no map row after \"map:\""
    );
    assert_eq!(
        refused(&format!("{text}\n\n")),
        "line 14, column 1: no map row after \"map:\""
    );
}

#[test]
fn a_missing_required_key_is_refused_after_the_last_line() {
    assert_eq!(
        refused(&example_without(3)),
        "line 21, column 1: missing key \"title\""
    );
    assert_eq!(
        refused(&example_without(5)),
        "line 21, column 1: missing key \"squad\""
    );
}

#[test]
fn a_row_after_a_blank_line_is_refused_at_column_1() {
    let text = example_inserted(17, "");
    assert_eq!(
        refused(&text),
        "line 18, column 1: map row after a blank line"
    );
    let after_map_line = example_inserted(14, "");
    assert_eq!(
        refused(&after_map_line),
        "line 15, column 1: map row after a blank line"
    );
}

#[test]
fn blank_lines_after_the_last_row_are_accepted() {
    let text = format!("{CHAPEL_CROSSING}\n\n");
    assert_eq!(parse(&text), parse(CHAPEL_CROSSING));
}

/// A valid file whose map has `rows` rows of `width` cells (marines and exit in the first row).
fn map_of(width: usize, rows: usize) -> String {
    let first = format!("MX{}", "#".repeat(width - 2));
    let rest = "#\n".repeat(rows - 1);
    format!("DERELICT 1\ntitle: Big\nsquad: 1 soldier\nreinforcements: 0\nmap:\n{first}\n{rest}")
}

#[test]
fn more_than_64_rows_are_refused_at_the_first_character_of_row_65() {
    assert!(parse(&map_of(64, 64)).is_ok());
    // The map line is line 5: row 65 is line 70.
    assert_eq!(
        refused(&map_of(64, 65)),
        "line 70, column 1: more than 64 map rows"
    );
}

#[test]
fn a_row_over_64_squares_is_refused_at_its_first_extra_character() {
    assert_eq!(
        refused(&map_of(65, 1)),
        "line 6, column 65: row longer than 64 squares"
    );
}

#[test]
fn exit_needed_over_the_squad_is_refused_at_its_value() {
    let text = example_line(8, "exit-needed: 6");
    assert_eq!(
        refused(&text),
        "line 8, column 14: exit-needed: 6 is more than the squad (5)"
    );
}

#[test]
fn a_map_without_entries_is_refused_only_when_aliens_arrive() {
    let no_entries = example_without_cells(&['E']);
    assert_eq!(
        refused(&no_entries),
        "line 13, column 1: no entry square (E), yet reinforcements arrive"
    );
    assert!(parse(&no_entries.replace("alien-pool: 16", "alien-pool: 0")).is_ok());
    assert!(parse(&no_entries.replace("reinforcements: 2", "reinforcements: 0")).is_ok());
}

#[test]
fn the_size_error_comes_before_every_other() {
    let text = format!("\0{}", example_of_size(MAX_BYTES));
    assert_eq!(
        refused(&text),
        "line 1, column 1: file larger than 65,536 bytes"
    );
}

#[test]
fn the_first_disallowed_byte_comes_before_every_line_error() {
    let text = example_with(|lines| {
        lines[0] = "DERELICT 2".to_owned();
        lines[19] = "#E..#######......\t.X#".to_owned();
    });
    assert_eq!(refused(&text), "line 20, column 18: tab not allowed");
}

#[test]
fn line_errors_come_from_the_top() {
    let text = example_with(|lines| {
        lines[3] = "title: Twice".to_owned();
        lines[17] = "###.D::Z::d.D::::::#".to_owned();
    });
    assert_eq!(refused(&text), "line 4, column 1: duplicate key \"title\"");
    let bad_value_then_bad_cell = example_with(|lines| {
        lines[8] = "turn-limit: soon".to_owned();
        lines[17] = "###.D::Z::d.D::::::#".to_owned();
    });
    assert_eq!(
        refused(&bad_value_then_bad_cell),
        "line 9, column 13: turn-limit: expected an integer 0-999"
    );
}

#[test]
fn line_errors_come_before_end_of_file_checks() {
    let text = example_with(|lines| {
        lines.remove(2);
        lines[16] = "###.D::Z::d.D::::::#".to_owned();
    });
    assert_eq!(refused(&text), "line 17, column 8: invalid cell 'Z'");
}

#[test]
fn end_of_file_checks_come_in_order_missing_map_no_row_missing_key() {
    let no_title_no_map: String = CHAPEL_CROSSING
        .lines()
        .take(12)
        .filter(|l| !l.starts_with("title"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        refused(&no_title_no_map),
        "line 12, column 1: missing \"map:\" line"
    );
    let no_title_no_row = format!("{no_title_no_map}map:\n");
    assert_eq!(
        refused(&no_title_no_row),
        "line 13, column 1: no map row after \"map:\""
    );
}

#[test]
fn end_of_file_checks_come_before_the_whole_file_checks() {
    let text = example_with(|lines| {
        lines.remove(4);
        lines[18] = "#E..#######........#".to_owned();
    });
    assert_eq!(refused(&text), "line 21, column 1: missing key \"squad\"");
}

#[test]
fn whole_file_checks_come_in_the_order_of_the_table() {
    let cases: [(&[char], &str); 3] = [
        (
            &['E', 'X', 'M'],
            "line 13, column 1: 0 M squares for 5 marines",
        ),
        (&['E', 'X'], "line 13, column 1: no exit square (X)"),
        (
            &['E'],
            "line 13, column 1: no entry square (E), yet reinforcements arrive",
        ),
    ];
    for (codes, expected) in cases {
        let text = example_without_cells(codes).replace("exit-needed: 3", "exit-needed: 9");
        assert_eq!(refused(&text), expected);
    }
}

#[test]
fn a_row_after_a_blank_line_is_refused_before_its_cells_are_read() {
    let text = example_inserted(17, "");
    let text = text.replace("###.D::A::d", "###.D::Z::d");
    assert_eq!(
        refused(&text),
        "line 18, column 1: map row after a blank line"
    );
}
