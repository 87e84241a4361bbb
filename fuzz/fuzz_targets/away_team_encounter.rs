//! The Away Team encounter (TOML) parser, on text as uploads reach it. No panic; an error
//! points into the file; the registry agrees; a match set up on an accepted encounter keeps the
//! invariants while played.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xenotable_fuzz::{Bytes, Table};
use xenotable_server::games::away_team::{AwayTeam, Encounter, Options};
use xenotable_server::games::{Game, GameId, check_scenario};

fuzz_target!(|data: &[u8]| {
    // The registry refuses bytes that are not UTF-8 before the parser sees them.
    let Ok(text) = std::str::from_utf8(data) else {
        assert!(check_scenario(GameId::AwayTeam, data).is_err());
        return;
    };
    match Encounter::parse(text) {
        Ok(encounter) => {
            assert_eq!(
                check_scenario(GameId::AwayTeam, data),
                Ok(encounter.title.clone())
            );
            let seats = AwayTeam::seats();
            let config = AwayTeam::configure(&seats, Some(text), Options::default())
                .expect("an encounter that parses configures a match");
            assert_eq!(config, encounter);
            // A short game on it, its choices read from the file itself.
            let mut table = Table::<AwayTeam>::new(&config, &seats, data.len() as u64);
            table.play(&mut Bytes::new(data));
        }
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            // At most one past the last line: where a missing part is reported.
            assert!(e.line <= text.split('\n').count() + 1, "{e}");
            assert_eq!(check_scenario(GameId::AwayTeam, data), Err(e));
        }
    }
});
