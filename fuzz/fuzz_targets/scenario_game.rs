//! Scenario-game detection: which game an uploaded file is for (`scenarios::game_of`) and the
//! check that follows (`scenarios::check`). No panic; a byte order mark changes nothing; a file
//! accepted without naming its game is of the game detected, and the game's own check agrees;
//! ids made from titles are valid ids.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xenotable_server::games;
use xenotable_server::ids::ScenarioId;
use xenotable_server::scenarios::{check, game_of};

const BOM: &[u8] = b"\xef\xbb\xbf";

fuzz_target!(|data: &[u8]| {
    let game = game_of(data);
    if !data.starts_with(BOM) {
        assert_eq!(
            game_of(&[BOM, data].concat()),
            game,
            "a mark changes nothing"
        );
    }
    match check(data, None) {
        Ok(checked) => {
            assert_eq!(Some(checked.game), game);
            assert_eq!(
                games::check_scenario(checked.game, data),
                Ok(checked.title.clone())
            );
            assert_valid(&ScenarioId::from_title(&checked.title));
        }
        Err(e) => match game {
            Some(game) => assert_eq!(check(data, Some(game)).err(), Some(e)),
            None => assert_eq!((e.line, e.column), (1, 1), "{e}"),
        },
    }
    for info in games::games() {
        let named = check(data, Some(info.id));
        assert_eq!(named.is_ok(), games::check_scenario(info.id, data).is_ok());
    }
    assert_valid(&ScenarioId::from_title(&String::from_utf8_lossy(data)));
});

/// An id made from a title reads back as itself.
fn assert_valid(id: &ScenarioId) {
    assert_eq!(id.as_str().parse::<ScenarioId>().as_ref(), Ok(id), "{id}");
}
