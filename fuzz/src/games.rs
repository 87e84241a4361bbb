//! The four games as the fuzz targets play them: their invariants, and a match of each set
//! up from the first fuzz bytes (seed, seats, scenario and options).

use xenotable_protocol::Seat;
use xenotable_server::games::artemia::{self, Artemia};
use xenotable_server::games::away_team::{self, AwayTeam};
use xenotable_server::games::derelict::{self, Derelict};
use xenotable_server::games::intruder::{self, Intruder};
use xenotable_server::games::{Game, ScenarioInfo};

use crate::{Bytes, Fuzzed, Table};

/// The shipped Derelict maps (`scenarios/derelict/`).
pub const DERELICT_MAPS: [&str; 4] = [
    include_str!("../../scenarios/derelict/chapel-crossing.txt"),
    include_str!("../../scenarios/derelict/corridor-run.txt"),
    include_str!("../../scenarios/derelict/hive-junction.txt"),
    include_str!("../../scenarios/derelict/sealed-wards.txt"),
];

/// The shipped Away Team encounters (`scenarios/away-team/`).
pub const ENCOUNTERS: [&str; 3] = [
    include_str!("../../scenarios/away-team/crystal-spires.toml"),
    include_str!("../../scenarios/away-team/last-stand.toml"),
    include_str!("../../scenarios/away-team/sleeping-colony.toml"),
];

impl Fuzzed for Artemia {
    fn invariants(state: &artemia::State) {
        artemia::invariants::check(state);
    }
    const COMPLETE_LISTS: bool = true;
}

impl Fuzzed for Derelict {
    fn invariants(state: &derelict::State) {
        derelict::invariants::check(state);
    }
    const COMPLETE_LISTS: bool = true;
}

impl Fuzzed for AwayTeam {
    fn invariants(state: &away_team::State) {
        away_team::invariants::check(state);
    }
    const COMPLETE_LISTS: bool = true;
}

impl Fuzzed for Intruder {
    fn invariants(state: &intruder::State) {
        intruder::invariants::check(state);
        intruder::invariants::check_actors(state);
    }
    const COMPLETE_LISTS: bool = false;
}

/// An Artemia match: 1 to 6 Hunted, board side 1 or 2.
pub fn artemia(bytes: &mut Bytes) -> Table<Artemia> {
    let choice = bytes.byte();
    let hunted = usize::from(choice % 6) + 1;
    let seats: Vec<Seat> = Artemia::seats().into_iter().take(hunted + 1).collect();
    let options = artemia::Options {
        board_side: Some(choice / 6 % 2 + 1),
    };
    let config = Artemia::configure(&seats, None, options).expect("a valid Artemia match");
    Table::new(&config, &seats, bytes.u64())
}

/// A Derelict match on one of the shipped maps.
pub fn derelict(bytes: &mut Bytes) -> Table<Derelict> {
    let map = DERELICT_MAPS[usize::from(bytes.byte()) % DERELICT_MAPS.len()];
    let seats = Derelict::seats();
    let config = Derelict::configure(&seats, Some(map), derelict::Options::default())
        .expect("the shipped maps are valid");
    Table::new(&config, &seats, bytes.u64())
}

/// An Away Team match on one of the shipped encounters.
pub fn away_team(bytes: &mut Bytes) -> Table<AwayTeam> {
    let encounter = ENCOUNTERS[usize::from(bytes.byte()) % ENCOUNTERS.len()];
    let seats = AwayTeam::seats();
    let config = AwayTeam::configure(&seats, Some(encounter), away_team::Options::default())
        .expect("the shipped encounters are valid");
    Table::new(&config, &seats, bytes.u64())
}

/// An Intruder match of one of the built-in scenarios, with a turn limit (0: none) and the
/// lost-crewmen and marines options where the scenario allows them.
pub fn intruder(bytes: &mut Bytes) -> Table<Intruder> {
    let scenarios: Vec<ScenarioInfo> = Intruder::scenarios();
    let choice = bytes.byte();
    let scenario = &scenarios[usize::from(choice) % scenarios.len()];
    let options = intruder::Options {
        turn_limit: u32::from(bytes.byte() % 16),
        lost_crewmen: choice & 0x40 != 0,
        marines: choice & 0x80 != 0,
    };
    let config = Intruder::configure(&scenario.seats, Some(&scenario.id), options)
        .or_else(|_| {
            let plain = intruder::Options {
                lost_crewmen: false,
                marines: false,
                ..options
            };
            Intruder::configure(&scenario.seats, Some(&scenario.id), plain)
        })
        .expect("a built-in scenario with its own seats is valid");
    Table::new(&config, &scenario.seats, bytes.u64())
}
