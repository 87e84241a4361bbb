//! The fixed words of a scenario file: its first line, the header keys in the order of the
//! rules' table (12.2, also the order the canonical form writes them in, 12.5) and the line
//! that starts the map.

/// The first line of every scenario file.
pub const MAGIC: &str = "DERELICT 1";

/// The line between the headers and the map rows.
pub(super) const MAP_LINE: &str = "map:";

/// One header key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Key {
    Title,
    Author,
    Squad,
    Reinforcements,
    AlienPool,
    ExitNeeded,
    TurnLimit,
    Timer,
    OverwatchRange,
    FlamerReloads,
}

impl Key {
    /// Every key, in table order.
    pub(super) const ALL: [Key; 10] = [
        Key::Title,
        Key::Author,
        Key::Squad,
        Key::Reinforcements,
        Key::AlienPool,
        Key::ExitNeeded,
        Key::TurnLimit,
        Key::Timer,
        Key::OverwatchRange,
        Key::FlamerReloads,
    ];

    /// The keys a file must give (the others have defaults), in table order.
    pub(super) const REQUIRED: [Key; 2] = [Key::Title, Key::Squad];

    /// The key as the file spells it.
    pub(super) const fn word(self) -> &'static str {
        match self {
            Key::Title => "title",
            Key::Author => "author",
            Key::Squad => "squad",
            Key::Reinforcements => "reinforcements",
            Key::AlienPool => "alien-pool",
            Key::ExitNeeded => "exit-needed",
            Key::TurnLimit => "turn-limit",
            Key::Timer => "timer",
            Key::OverwatchRange => "overwatch-range",
            Key::FlamerReloads => "flamer-reloads",
        }
    }

    /// The key a file's word names.
    pub(super) fn from_word(word: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|k| k.word() == word)
    }

    /// Its place in [`Key::ALL`].
    pub(super) const fn index(self) -> usize {
        self as usize
    }
}
