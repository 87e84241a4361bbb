//! Setting a match up: seats, the encounter file, options, the registry and the first view.

use serde_json::{Value, json};
use xenotable_protocol::Seat;

use super::support::CRYSTAL_SPIRES;
use crate::games::away_team::encounter::position;
use crate::games::away_team::{AwayTeam, Options, test_match};
use crate::games::{
    Game, GameId, MatchSetup, SetupError, Viewer, check_scenario, games, new_match,
};

#[test]
fn both_seats_and_an_encounter_are_required() {
    let both = [Seat::AwayTeam, Seat::Aliens];
    assert!(AwayTeam::configure(&both, Some(CRYSTAL_SPIRES), Options {}).is_ok());
    let code = |seats: &[Seat], scenario: Option<&str>| {
        AwayTeam::configure(seats, scenario, Options {})
            .expect_err("refused")
            .code()
    };
    assert_eq!(code(&[Seat::AwayTeam], Some(CRYSTAL_SPIRES)), "bad_seats");
    assert_eq!(
        code(
            &[Seat::AwayTeam, Seat::Aliens, Seat::Marines],
            Some(CRYSTAL_SPIRES)
        ),
        "unknown_seat"
    );
    assert_eq!(
        code(
            &[Seat::AwayTeam, Seat::AwayTeam, Seat::Aliens],
            Some(CRYSTAL_SPIRES)
        ),
        "duplicate_seat"
    );
    assert_eq!(code(&both, None), "unknown_scenario");
    assert!(matches!(
        AwayTeam::configure(&both, Some("format = 1"), Options {}),
        Err(SetupError::Scenario(e)) if e.to_string() == "line 1, column 10: format: expected a string, found integer"
    ));
}

#[test]
fn unknown_options_are_refused() {
    let setup = |options: Value| MatchSetup {
        game: GameId::AwayTeam,
        seats: vec![Seat::AwayTeam, Seat::Aliens],
        scenario: Some(CRYSTAL_SPIRES.into()),
        options,
        seed: 1,
    };
    assert!(new_match(&setup(json!({}))).is_ok());
    let refused = new_match(&setup(json!({"board-side": 2})))
        .err()
        .expect("refused");
    assert_eq!(refused.code(), "bad_options");
}

#[test]
fn the_registry_lists_the_game_and_checks_its_encounters() {
    let list = serde_json::to_value(games()).expect("json");
    let game = list
        .as_array()
        .and_then(|l| l.iter().find(|g| g["id"] == "away-team"))
        .expect("listed");
    assert_eq!(game["name"], "Away Team");
    assert_eq!(game["seats"], json!(["away-team", "aliens"]));
    assert_eq!(
        check_scenario(GameId::AwayTeam, CRYSTAL_SPIRES.as_bytes()),
        Ok("Ambush at the Crystal Spires".into())
    );
    assert!(check_scenario(GameId::AwayTeam, b"title = ").is_err());
}

#[test]
fn the_first_view_shows_the_rolled_skill_and_whose_orders_are_whose() {
    let m = test_match(CRYSTAL_SPIRES, 8);
    let spectator = m.view(Viewer::Spectator);
    let sec = &spectator["crew"][1];
    let roll = sec["skill_roll"].as_u64().expect("rolled");
    assert!((1..=6).contains(&roll));
    assert_eq!(sec["skill"].as_u64(), Some(roll + 6));
    assert_eq!(spectator["crew"][2]["effective_skill"], 6);
    assert_eq!(spectator["round"], 1);
    assert_eq!(
        spectator["to_order"],
        json!(["raiders-1", "raiders-2", "raiders-3"])
    );
    assert_eq!(spectator["away_team_orders"], Value::Null);
    assert_eq!(spectator["alien_orders"], Value::Null);
    assert_eq!(spectator["to_act"], json!(["away-team", "aliens"]));
    let away = m.view(Viewer::Seat(Seat::AwayTeam));
    assert_eq!(
        away["away_team_orders"]["orders"].as_array().map(Vec::len),
        Some(3)
    );
    assert_eq!(away["alien_orders"], Value::Null);
    let aliens = m.view(Viewer::Seat(Seat::Aliens));
    assert_eq!(
        aliens["alien_orders"][0],
        json!({"alien": "raiders-1", "crew": null})
    );
    // 3 raiders x 3 crew targets; no roll and no lock yet.
    assert_eq!(aliens["legal"].as_array().map(Vec::len), Some(9));
}

#[test]
fn columns_count_characters_not_bytes() {
    let text = "a = 1\ntitle = \"éé\" x";
    assert_eq!(position(text, text.len() - 1), (2, 14));
    assert_eq!(position(text, 0), (1, 1));
    assert_eq!(position(text, 10_000), (2, 15));
    assert_eq!(position(text, 16), (2, 10), "inside a character: its start");
}

#[test]
fn a_byte_order_mark_takes_no_column() {
    let text = "\u{feff}format = 1\n";
    assert_eq!(position(text, text.find('1').expect("a value")), (1, 10));
    let refused = check_scenario(GameId::AwayTeam, text.as_bytes());
    assert!(
        matches!(&refused, Err(e) if (e.line, e.column) == (1, 10)),
        "{refused:?}"
    );
}
