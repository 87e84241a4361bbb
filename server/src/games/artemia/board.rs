//! The map and the track: adjacency, A-spaces, starting distances and reserve copies.

use xenotable_protocol::artemia::{Place, PlaceSet};

/// Places that share a side on the two-row map (1–5 above 6–10).
const ADJACENT: [(Place, Place); 13] = [
    (Place::Lair, Place::Jungle),
    (Place::Jungle, Place::River),
    (Place::River, Place::Beach),
    (Place::Beach, Place::Rover),
    (Place::Swamp, Place::Shelter),
    (Place::Shelter, Place::Wreck),
    (Place::Wreck, Place::Source),
    (Place::Source, Place::Artefact),
    (Place::Lair, Place::Swamp),
    (Place::Jungle, Place::Shelter),
    (Place::River, Place::Wreck),
    (Place::Beach, Place::Source),
    (Place::Rover, Place::Artefact),
];

/// The places adjacent to `place`.
pub fn neighbours(place: Place) -> PlaceSet {
    ADJACENT
        .iter()
        .filter_map(|&(a, b)| {
            if a == place {
                Some(b)
            } else if b == place {
                Some(a)
            } else {
                None
            }
        })
        .collect()
}

/// Whether two places share a side.
pub fn adjacent(a: Place, b: Place) -> bool {
    neighbours(a).contains(b)
}

/// Whether `places` is exactly two adjacent places.
pub fn adjacent_pair(places: PlaceSet) -> bool {
    let mut it = places.iter();
    match (it.next(), it.next(), it.next()) {
        (Some(a), Some(b), None) => adjacent(a, b),
        _ => false,
    }
}

/// Every pair of adjacent places.
pub fn adjacent_pairs() -> impl Iterator<Item = PlaceSet> {
    ADJACENT.iter().map(|&(a, b)| PlaceSet::from([a, b]))
}

/// The side of the board, chosen before the game: it decides the A-spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BoardSide {
    #[default]
    One,
    Two,
}

impl BoardSide {
    /// The Rescue distances that are A-spaces on this side.
    pub const fn a_spaces(self) -> &'static [u8] {
        match self {
            BoardSide::One => &[1, 2, 3, 4, 5, 6],
            BoardSide::Two => &[1, 3, 5, 7, 9, 11],
        }
    }

    pub const fn number(self) -> u8 {
        match self {
            BoardSide::One => 1,
            BoardSide::Two => 2,
        }
    }
}

/// Starting Rescue and Assimilation distances and reserve copies by number of Hunted (1 to 6).
const TRACK: [(u8, u8, u8); 6] = [
    (13, 7, 1),
    (14, 8, 2),
    (15, 9, 2),
    (16, 10, 3),
    (17, 11, 3),
    (18, 12, 3),
];

/// (Rescue, Assimilation, reserve copies of each of 6–10) for `hunted` Hunted.
pub fn track_start(hunted: usize) -> (u8, u8, u8) {
    TRACK[hunted.clamp(1, 6) - 1]
}

/// The places whose cards are in the reserve.
pub const RESERVE: [Place; 5] = [
    Place::Swamp,
    Place::Shelter,
    Place::Wreck,
    Place::Source,
    Place::Artefact,
];

/// The index of a reserve place in [`RESERVE`].
pub fn reserve_slot(place: Place) -> Option<usize> {
    RESERVE.iter().position(|&p| p == place)
}

/// The Place cards every Hunted starts with.
pub const STARTING_HAND: [Place; 5] = [
    Place::Lair,
    Place::Jungle,
    Place::River,
    Place::Beach,
    Place::Rover,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_is_the_two_row_grid() {
        assert_eq!(
            neighbours(Place::Jungle),
            PlaceSet::from([Place::Lair, Place::River, Place::Shelter])
        );
        assert_eq!(
            neighbours(Place::Artefact),
            PlaceSet::from([Place::Rover, Place::Source])
        );
        assert!(!adjacent(Place::Rover, Place::Swamp));
        for place in Place::ALL {
            for other in neighbours(place).iter() {
                assert!(neighbours(other).contains(place), "{place:?} {other:?}");
            }
        }
    }

    #[test]
    fn a_spaces_differ_by_board_side() {
        assert!(BoardSide::One.a_spaces().contains(&6));
        assert!(!BoardSide::One.a_spaces().contains(&7));
        assert!(BoardSide::Two.a_spaces().contains(&7));
        assert!(!BoardSide::Two.a_spaces().contains(&6));
    }
}
