//! The ids of matches and scenarios. Each is parsed once where it comes in (a URL, a request
//! body, a stored row) and carried typed from there on, so nothing inside handles a string that
//! might name nothing. Both are stored as text (PostgreSQL keeps a match id in its `UUID` type);
//! a stored id that does not parse is corrupt data, never a row quietly left out.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};
use uuid::Uuid;

/// A match: a random UUID, written hyphenated and lowercase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MatchId(Uuid);

impl MatchId {
    /// A new match's id, drawn at random (UUID v4): nobody can guess the id of another's match.
    pub fn random() -> MatchId {
        MatchId(Uuid::new_v4())
    }

    /// The UUID, for a database that has a type for it.
    pub fn uuid(self) -> Uuid {
        self.0
    }
}

impl From<Uuid> for MatchId {
    fn from(uuid: Uuid) -> MatchId {
        MatchId(uuid)
    }
}

/// The text is not a UUID, so it names no match.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a match id is a UUID")]
pub struct BadMatchId;

impl FromStr for MatchId {
    type Err = BadMatchId;

    fn from_str(text: &str) -> Result<MatchId, BadMatchId> {
        Uuid::parse_str(text).map(MatchId).map_err(|_| BadMatchId)
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.hyphenated().fmt(f)
    }
}

impl Serialize for MatchId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A scenario: a file stored under this id, or one built into a game's rules (Intruder's
/// `solitaire`). 1 to [`ScenarioId::MAX_LEN`] of `a-z`, `0-9` and `-`, starting with a letter or
/// a digit: it appears in URLs and file names as it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ScenarioId(String);

impl ScenarioId {
    /// The longest scenario id.
    pub const MAX_LEN: usize = 64;

    /// An id made from a title: its words in lowercase, joined by `-` (`Chapel Crossing` →
    /// `chapel-crossing`), as many as fit; `scenario` when the title has no word.
    pub fn from_title(title: &str) -> ScenarioId {
        let mut id = String::new();
        for word in title
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
        {
            if id.len() + word.len() + 1 > ScenarioId::MAX_LEN {
                break;
            }
            if !id.is_empty() {
                id.push('-');
            }
            id.push_str(&word.to_ascii_lowercase());
        }
        if id.is_empty() {
            id.push_str("scenario");
        }
        ScenarioId(id)
    }

    /// The id as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The text cannot name a scenario.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "a scenario id has 1 to {max} of a-z, 0-9 and -, not starting with -",
    max = ScenarioId::MAX_LEN
)]
pub struct BadScenarioId;

impl FromStr for ScenarioId {
    type Err = BadScenarioId;

    fn from_str(text: &str) -> Result<ScenarioId, BadScenarioId> {
        let fits = !text.is_empty()
            && text.len() <= ScenarioId::MAX_LEN
            && !text.starts_with('-')
            && text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if fits {
            Ok(ScenarioId(text.to_owned()))
        } else {
            Err(BadScenarioId)
        }
    }
}

impl TryFrom<String> for ScenarioId {
    type Error = BadScenarioId;

    fn try_from(text: String) -> Result<ScenarioId, BadScenarioId> {
        text.parse()
    }
}

impl fmt::Display for ScenarioId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for ScenarioId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_id_reads_back_from_how_it_is_written() {
        let id = MatchId::random();
        assert_eq!(id.to_string().parse(), Ok(id));
        assert_eq!(
            serde_json::to_value(id).unwrap(),
            serde_json::json!(id.to_string())
        );
        let upper = "6F9619FF-8B86-D011-B42D-00C04FC964FF".parse::<MatchId>();
        assert_eq!(
            upper.map(|id| id.to_string()).as_deref(),
            Ok("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
            "written one way whatever way it came"
        );
        for bad in [
            "",
            "42",
            "not-a-uuid",
            "6f9619ff-8b86-d011-b42d-00c04fc964f",
        ] {
            assert_eq!(bad.parse::<MatchId>(), Err(BadMatchId), "{bad:?}");
        }
    }

    #[test]
    fn a_scenario_id_is_lowercase_letters_digits_and_dashes() {
        for good in ["chapel-crossing", "a", "7", "return-teams", &"a".repeat(64)] {
            assert_eq!(
                good.parse::<ScenarioId>()
                    .map(|id| id.to_string())
                    .as_deref(),
                Ok(good)
            );
        }
        for bad in ["", "-a", "Chapel", "a/b", "a b", "é", &"a".repeat(65)] {
            assert_eq!(bad.parse::<ScenarioId>(), Err(BadScenarioId), "{bad:?}");
        }
    }

    #[test]
    fn a_scenario_id_made_from_a_title_is_a_valid_id() {
        let made = |title| ScenarioId::from_title(title).to_string();
        assert_eq!(made("Chapel Crossing"), "chapel-crossing");
        assert_eq!(made("  The Nest: part 2!"), "the-nest-part-2");
        assert_eq!(made("***"), "scenario");
        for title in ["Chapel Crossing", "***", &"word ".repeat(40), "Ünïcode ☃ 2"] {
            let id = ScenarioId::from_title(title);
            assert_eq!(id.as_str().parse(), Ok(id.clone()), "{title:?}");
        }
    }
}
