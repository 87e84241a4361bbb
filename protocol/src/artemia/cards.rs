//! The cards and places of Artemia.

use std::fmt;

use schemars::JsonSchema;
use serde::de::{self, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the ten places of the map, numbered 1 to 10.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    Lair = 1,
    Jungle = 2,
    River = 3,
    Beach = 4,
    Rover = 5,
    Swamp = 6,
    Shelter = 7,
    Wreck = 8,
    Source = 9,
    Artefact = 10,
}

impl Place {
    /// The ten places in number order.
    pub const ALL: [Place; 10] = [
        Place::Lair,
        Place::Jungle,
        Place::River,
        Place::Beach,
        Place::Rover,
        Place::Swamp,
        Place::Shelter,
        Place::Wreck,
        Place::Source,
        Place::Artefact,
    ];

    /// The number printed on the place (1 to 10).
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The place numbered `n`.
    pub fn from_number(n: u8) -> Option<Place> {
        n.checked_sub(1)
            .and_then(|i| Place::ALL.get(usize::from(i)).copied())
    }
}

/// A set of Place cards or places, kept as a bit set in number order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PlaceSet(u16);

impl PlaceSet {
    /// No place.
    pub const EMPTY: PlaceSet = PlaceSet(0);

    /// The set holding just `place`.
    pub const fn only(place: Place) -> PlaceSet {
        PlaceSet(1 << place as u16)
    }

    pub const fn contains(self, place: Place) -> bool {
        self.0 & (1 << place as u16) != 0
    }

    pub fn insert(&mut self, place: Place) {
        self.0 |= 1 << place as u16;
    }

    pub fn remove(&mut self, place: Place) {
        self.0 &= !(1 << place as u16);
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn union(self, other: PlaceSet) -> PlaceSet {
        PlaceSet(self.0 | other.0)
    }

    pub const fn intersection(self, other: PlaceSet) -> PlaceSet {
        PlaceSet(self.0 & other.0)
    }

    pub const fn difference(self, other: PlaceSet) -> PlaceSet {
        PlaceSet(self.0 & !other.0)
    }

    pub const fn is_subset(self, other: PlaceSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The places in number order.
    pub fn iter(self) -> impl Iterator<Item = Place> {
        Place::ALL.into_iter().filter(move |p| self.contains(*p))
    }

    /// The lowest-numbered place, if any.
    pub fn first(self) -> Option<Place> {
        self.iter().next()
    }
}

impl FromIterator<Place> for PlaceSet {
    fn from_iter<I: IntoIterator<Item = Place>>(iter: I) -> PlaceSet {
        let mut set = PlaceSet::EMPTY;
        for place in iter {
            set.insert(place);
        }
        set
    }
}

impl<const N: usize> From<[Place; N]> for PlaceSet {
    fn from(places: [Place; N]) -> PlaceSet {
        places.into_iter().collect()
    }
}

impl fmt::Debug for PlaceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for PlaceSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for place in self.iter() {
            seq.serialize_element(&place)?;
        }
        seq.end()
    }
}

/// On the wire, an array of distinct places in any order.
impl JsonSchema for PlaceSet {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PlaceSet".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "array",
            "items": generator.subschema_for::<Place>(),
            "uniqueItems": true,
            "maxItems": Place::ALL.len(),
        })
    }
}

impl<'de> Deserialize<'de> for PlaceSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PlaceSet, D::Error> {
        struct SetVisitor;

        impl<'de> Visitor<'de> for SetVisitor {
            type Value = PlaceSet;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of distinct places")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PlaceSet, A::Error> {
                let mut set = PlaceSet::EMPTY;
                while let Some(place) = seq.next_element::<Place>()? {
                    if set.contains(place) {
                        return Err(de::Error::custom(format_args!(
                            "place {place:?} is listed twice"
                        )));
                    }
                    set.insert(place);
                }
                Ok(set)
            }
        }

        deserializer.deserialize_seq(SetVisitor)
    }
}

/// The 20 Hunt cards of the Creature, one of each.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum HuntCard {
    Despair,
    ForceField,
    Anticipation,
    Ascendancy,
    Fierceness,
    ForbiddenZone,
    Interference,
    Persecution,
    Mutation,
    Phobia,
    Virus,
    Clone,
    Mirage,
    Scream,
    Toxin,
    Cataclysm,
    Detour,
    Stasis,
    Tracking,
    Flashback,
}

impl HuntCard {
    /// All 20 Hunt cards.
    pub const ALL: [HuntCard; 20] = [
        HuntCard::Despair,
        HuntCard::ForceField,
        HuntCard::Anticipation,
        HuntCard::Ascendancy,
        HuntCard::Fierceness,
        HuntCard::ForbiddenZone,
        HuntCard::Interference,
        HuntCard::Persecution,
        HuntCard::Mutation,
        HuntCard::Phobia,
        HuntCard::Virus,
        HuntCard::Clone,
        HuntCard::Mirage,
        HuntCard::Scream,
        HuntCard::Toxin,
        HuntCard::Cataclysm,
        HuntCard::Detour,
        HuntCard::Stasis,
        HuntCard::Tracking,
        HuntCard::Flashback,
    ];
}

/// The 15 Survival cards of the Hunted, one of each.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum SurvivalCard {
    Adrenaline,
    Ingenuity,
    Sacrifice,
    #[serde(alias = "sixth_sense")]
    SixthSense,
    Smokescreen,
    #[serde(alias = "strike_back")]
    StrikeBack,
    Vortex,
    Detector,
    Dodge,
    Drone,
    Gate,
    Hologram,
    #[serde(alias = "wrong_track")]
    WrongTrack,
    Amplifier,
    #[serde(alias = "double_back")]
    DoubleBack,
}

impl SurvivalCard {
    /// All 15 Survival cards.
    pub const ALL: [SurvivalCard; 15] = [
        SurvivalCard::Adrenaline,
        SurvivalCard::Ingenuity,
        SurvivalCard::Sacrifice,
        SurvivalCard::SixthSense,
        SurvivalCard::Smokescreen,
        SurvivalCard::StrikeBack,
        SurvivalCard::Vortex,
        SurvivalCard::Detector,
        SurvivalCard::Dodge,
        SurvivalCard::Drone,
        SurvivalCard::Gate,
        SurvivalCard::Hologram,
        SurvivalCard::WrongTrack,
        SurvivalCard::Amplifier,
        SurvivalCard::DoubleBack,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn place_sets_travel_as_ordered_arrays() {
        let set = PlaceSet::from([Place::Wreck, Place::Lair]);
        assert_eq!(serde_json::to_string(&set).unwrap(), r#"["lair","wreck"]"#);
        let back: PlaceSet = serde_json::from_str(r#"["wreck","lair"]"#).unwrap();
        assert_eq!(back, set);
    }

    #[test]
    fn place_sets_refuse_a_repeated_card() {
        let err = serde_json::from_str::<PlaceSet>(r#"["lair","lair"]"#).unwrap_err();
        assert!(err.to_string().contains("twice"), "{err}");
    }

    #[test]
    fn places_are_numbered_one_to_ten() {
        for (i, place) in Place::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(place.number()), i + 1);
            assert_eq!(Place::from_number(place.number()), Some(place));
        }
        assert_eq!(Place::from_number(0), None);
        assert_eq!(Place::from_number(11), None);
    }
}
