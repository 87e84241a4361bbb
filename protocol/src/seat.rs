//! Seats: the sides of a match, named as on the wire (`creature`, `hunted-3`, `marines`, ...).

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// A seat at a table of any game. Numbered seats count from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    /// Derelict: the marine player.
    Marines,
    /// Derelict and Away Team: the alien player.
    Aliens,
    /// Artemia: the Creature.
    Creature,
    /// Artemia: one of 1 to 6 Hunted.
    Hunted(u8),
    /// Intruder: the crew.
    Crew,
    /// Intruder: the human intruder.
    Intruder,
    /// Intruder: the science officer.
    Science,
    /// Intruder: the command officer.
    Command,
    /// Away Team: one of up to 3 teams.
    Team(u8),
    /// Away Team: the away team.
    AwayTeam,
}

impl Seat {
    /// The Hunted seat numbered `n` (1 to 6).
    pub fn hunted(n: u8) -> Option<Seat> {
        (1..=6).contains(&n).then_some(Seat::Hunted(n))
    }
}

impl Seat {
    /// Every seat of every game, numbered seats included, in the order of the enum.
    pub fn all() -> impl Iterator<Item = Seat> {
        [Seat::Marines, Seat::Aliens, Seat::Creature]
            .into_iter()
            .chain((1..=6).map(Seat::Hunted))
            .chain([Seat::Crew, Seat::Intruder, Seat::Science, Seat::Command])
            .chain((1..=3).map(Seat::Team))
            .chain([Seat::AwayTeam])
    }

    /// Every seat's wire name, for the schemas: written by `Display`, as serde writes them.
    fn names() -> Vec<String> {
        Seat::all().map(|seat| seat.to_string()).collect()
    }

    /// The seat's wire name (`hunted-3`): borrowed for every seat a game has, so views and
    /// logs that name seats on every move do not format them (written only for a numbered
    /// seat out of range, which no match has).
    pub fn name(self) -> Cow<'static, str> {
        const HUNTED: [&str; 6] = [
            "hunted-1", "hunted-2", "hunted-3", "hunted-4", "hunted-5", "hunted-6",
        ];
        const TEAMS: [&str; 3] = ["team-1", "team-2", "team-3"];
        let numbered = |names: &[&'static str], n: u8| {
            usize::from(n)
                .checked_sub(1)
                .and_then(|i| names.get(i).copied())
        };
        match self {
            Seat::Marines => "marines".into(),
            Seat::Aliens => "aliens".into(),
            Seat::Creature => "creature".into(),
            Seat::Hunted(n) => {
                numbered(&HUNTED, n).map_or_else(|| format!("hunted-{n}").into(), Cow::Borrowed)
            }
            Seat::Crew => "crew".into(),
            Seat::Intruder => "intruder".into(),
            Seat::Science => "science".into(),
            Seat::Command => "command".into(),
            Seat::Team(n) => {
                numbered(&TEAMS, n).map_or_else(|| format!("team-{n}").into(), Cow::Borrowed)
            }
            Seat::AwayTeam => "away-team".into(),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A seat name that names no seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSeatError(pub String);

impl fmt::Display for ParseSeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown seat {:?}", self.0)
    }
}

impl std::error::Error for ParseSeatError {}

impl FromStr for Seat {
    type Err = ParseSeatError;

    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        let numbered = |prefix: &str, max: u8| {
            s.strip_prefix(prefix)
                .filter(|n| !n.starts_with('0') && !n.starts_with('+'))
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|n| (1..=max).contains(n))
        };
        match s {
            "marines" => Ok(Seat::Marines),
            "aliens" => Ok(Seat::Aliens),
            "creature" => Ok(Seat::Creature),
            "crew" => Ok(Seat::Crew),
            "intruder" => Ok(Seat::Intruder),
            "science" => Ok(Seat::Science),
            "command" => Ok(Seat::Command),
            "away-team" => Ok(Seat::AwayTeam),
            _ => {
                if let Some(n) = numbered("hunted-", 6) {
                    Ok(Seat::Hunted(n))
                } else if let Some(n) = numbered("team-", 3) {
                    Ok(Seat::Team(n))
                } else {
                    Err(ParseSeatError(s.to_owned()))
                }
            }
        }
    }
}

impl Serialize for Seat {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

/// On the wire, one of the seat names (`Seat::all`).
impl JsonSchema for Seat {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Seat".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "string", "enum": Seat::names()})
    }
}

impl utoipa::PartialSchema for Seat {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(Seat::names()))
            .description(Some("A seat of a match, as the game names it"))
            .into()
    }
}

impl utoipa::ToSchema for Seat {}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Seat, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_names_round_trip() {
        let seats = [
            Seat::Marines,
            Seat::Aliens,
            Seat::Creature,
            Seat::Hunted(1),
            Seat::Hunted(6),
            Seat::Crew,
            Seat::Intruder,
            Seat::Science,
            Seat::Command,
            Seat::Team(3),
            Seat::AwayTeam,
        ];
        for seat in seats {
            let json = serde_json::to_string(&seat).unwrap();
            assert_eq!(serde_json::from_str::<Seat>(&json).unwrap(), seat);
        }
        for name in Seat::names() {
            assert_eq!(name.parse::<Seat>().map(|s| s.to_string()), Ok(name));
        }
        assert_eq!(Seat::all().count(), 17);
        assert_eq!(
            serde_json::to_string(&Seat::Hunted(2)).unwrap(),
            "\"hunted-2\""
        );
    }

    /// The names kept for speed are the names written out: every seat, and numbered seats out
    /// of range (which no match has) still named by their number.
    #[test]
    fn every_seat_is_named_by_its_number() {
        for n in 0..=9 {
            assert_eq!(Seat::Hunted(n).name(), format!("hunted-{n}"));
            assert_eq!(Seat::Team(n).name(), format!("team-{n}"));
        }
    }

    #[test]
    fn out_of_range_seats_are_refused() {
        for bad in [
            "hunted-0",
            "hunted-7",
            "hunted-01",
            "team-4",
            "hunted-",
            "Creature",
            "",
        ] {
            assert!(bad.parse::<Seat>().is_err(), "{bad} should not parse");
        }
    }
}
