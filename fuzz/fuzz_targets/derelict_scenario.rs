//! The Derelict ASCII scenario parser, on raw bytes as uploads reach it. No panic; an error
//! points into the file; an accepted map writes back to canonical text that reads as the same
//! scenario, the registry agrees, and a match set up on it keeps the invariants while played.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xenotable_fuzz::{Bytes, Table};
use xenotable_server::games::derelict::{Derelict, Options, scenario};
use xenotable_server::games::{Game, GameId, check_scenario};

fuzz_target!(|data: &[u8]| {
    match scenario::parse_bytes(data) {
        Ok(parsed) => {
            let canonical = scenario::write(&parsed);
            assert_eq!(
                scenario::parse(&canonical).as_ref(),
                Ok(&parsed),
                "{canonical}"
            );
            assert_eq!(
                check_scenario(GameId::Derelict, data),
                Ok(parsed.title.clone())
            );
            let seats = Derelict::seats();
            let config = Derelict::configure(&seats, Some(&canonical), Options::default())
                .expect("a scenario that parses configures a match");
            // A short game on it, its choices read from the file itself.
            let mut table = Table::<Derelict>::new(&config, &seats, data.len() as u64);
            table.play(&mut Bytes::new(data));
        }
        Err(e) => {
            // At most one past the last line: where a missing part is reported.
            let lines = data.split(|&b| b == b'\n').count();
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            assert!(e.line <= lines + 1, "{e}");
        }
    }
});
