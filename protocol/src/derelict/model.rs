//! Models on the board: their ids (`m1`, `a3`) and the squares they stand on.

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A model's id: marines `m1`..`mN` in squad order, aliens `a1`, `a2`, ... in the order they
/// came on the board (rules 2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ModelId {
    /// Marine number n, from 1.
    Marine(u16),
    /// Alien number n, from 1.
    Alien(u16),
}

impl fmt::Display for ModelId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelId::Marine(n) => write!(f, "m{n}"),
            ModelId::Alien(n) => write!(f, "a{n}"),
        }
    }
}

/// A text that names no model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseModelIdError(pub String);

impl fmt::Display for ParseModelIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a model id: {:?} (m1, a2, ...)", self.0)
    }
}

impl std::error::Error for ParseModelIdError {}

impl FromStr for ModelId {
    type Err = ParseModelIdError;

    fn from_str(s: &str) -> Result<ModelId, ParseModelIdError> {
        let bad = || ParseModelIdError(s.to_owned());
        let (kind, number) = s.split_at_checked(1).ok_or_else(bad)?;
        if number.starts_with(['0', '+']) {
            return Err(bad());
        }
        let n: u16 = number.parse().map_err(|_| bad())?;
        match kind {
            "m" => Ok(ModelId::Marine(n)),
            "a" => Ok(ModelId::Alien(n)),
            _ => Err(bad()),
        }
    }
}

impl Serialize for ModelId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// On the wire, `m` or `a` and the model's number, from 1, without leading zeros.
impl JsonSchema for ModelId {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ModelId".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "string", "pattern": "^[ma][1-9][0-9]{0,4}$"})
    }
}

impl<'de> Deserialize<'de> for ModelId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ModelId, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A square of the map: column `x` (0 = leftmost), row `y` (0 = first map row).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Square {
    pub x: u8,
    pub y: u8,
}

impl Square {
    pub const fn new(x: u8, y: u8) -> Square {
        Square { x, y }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_ids_read_and_write_as_short_names() {
        for (id, text) in [
            (ModelId::Marine(1), "\"m1\""),
            (ModelId::Alien(12), "\"a12\""),
        ] {
            assert_eq!(serde_json::to_string(&id).unwrap(), text);
            assert_eq!(serde_json::from_str::<ModelId>(text).unwrap(), id);
        }
        for bad in ["", "m", "x1", "m01", "a+1", "m-1", "a99999"] {
            assert!(bad.parse::<ModelId>().is_err(), "{bad} should not parse");
        }
    }
}
