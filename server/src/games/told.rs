//! Events with their audience: who may see the secret parts of an event, and the one place
//! that decides what each viewer is told of one ([`Redacted::for_viewer`]).

use xenotable_protocol::Seat;

use super::Viewer;

/// A set of seats, as a bit mask over every seat of every game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u32);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set holding just `seat`.
    pub fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << bit(seat))
    }

    pub fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << bit(seat))
    }

    pub fn contains(self, seat: Seat) -> bool {
        self.0 & 1 << bit(seat) != 0
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// A distinct bit for each seat of each game.
fn bit(seat: Seat) -> u32 {
    match seat {
        Seat::Marines => 0,
        Seat::Aliens => 1,
        Seat::Creature => 2,
        Seat::Hunted(n) => 2 + u32::from(n.clamp(1, 6)),
        Seat::Crew => 9,
        Seat::Intruder => 10,
        Seat::Science => 11,
        Seat::Command => 12,
        Seat::Team(n) => 12 + u32::from(n.clamp(1, 3)),
        Seat::AwayTeam => 16,
    }
}

/// Who may see the secret parts of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Audience {
    /// The event has no secret.
    Everyone,
    /// Only these seats (and omniscient viewers) see its secret parts.
    Seats(SeatSet),
}

impl Audience {
    /// Only `seat` sees the secret parts.
    pub fn only(seat: Seat) -> Audience {
        Audience::Seats(SeatSet::only(seat))
    }

    /// Whether `viewer` sees the event whole.
    pub fn includes(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::Everyone, _) | (_, Viewer::Omniscient) => true,
            (Audience::Seats(seats), Viewer::Seat(seat)) => seats.contains(seat),
            (Audience::Seats(_), Viewer::Spectator) => false,
        }
    }
}

/// An event as it happened, with the audience of its secret parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told<E> {
    pub event: E,
    pub audience: Audience,
}

impl<E> Told<E> {
    /// An event with no secret.
    pub fn public(event: E) -> Told<E> {
        Told {
            event,
            audience: Audience::Everyone,
        }
    }

    /// An event whose secret parts only `audience` sees.
    pub fn secret(event: E, audience: Audience) -> Told<E> {
        Told { event, audience }
    }
}

impl<E> Told<E> {
    /// The event in the two forms its viewers get: whole, and as `conceal` leaves it for
    /// everyone outside its audience (`None`: they are not told of it).
    pub fn redacted(&self, conceal: impl FnOnce(&E) -> Option<E>) -> Redacted<E>
    where
        E: Clone,
    {
        Redacted {
            whole: self.event.clone(),
            concealed: conceal(&self.event),
            audience: self.audience,
        }
    }
}

/// An event ready for every viewer: whole for its audience, concealed for everyone else. The
/// server builds one per event (as JSON) and serves each viewer from it; the rules' tests read
/// events through it too ([`Game::redact`](super::Game::redact)).
#[derive(Debug, Clone, PartialEq)]
pub struct Redacted<T> {
    pub whole: T,
    /// As everyone outside the audience sees it; `None`: withheld from them.
    pub concealed: Option<T>,
    pub audience: Audience,
}

impl<T> Redacted<T> {
    /// The event as `viewer` may see it; `None`: withheld.
    pub fn for_viewer(&self, viewer: Viewer) -> Option<&T> {
        if self.audience.includes(viewer) {
            Some(&self.whole)
        } else {
            self.concealed.as_ref()
        }
    }

    /// Both forms turned into another type (the wire's JSON), the audience kept.
    pub fn map<U>(&self, f: impl Fn(&T) -> U) -> Redacted<U> {
        Redacted {
            whole: f(&self.whole),
            concealed: self.concealed.as_ref().map(&f),
            audience: self.audience,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_has_its_own_bit() {
        let seats: Vec<Seat> = [
            Seat::Marines,
            Seat::Aliens,
            Seat::Creature,
            Seat::Crew,
            Seat::Intruder,
            Seat::Science,
            Seat::Command,
            Seat::AwayTeam,
        ]
        .into_iter()
        .chain((1..=6).map(Seat::Hunted))
        .chain((1..=3).map(Seat::Team))
        .collect();
        for (i, a) in seats.iter().enumerate() {
            for b in &seats[i + 1..] {
                assert_ne!(bit(*a), bit(*b), "{a} and {b}");
            }
        }
    }

    #[test]
    fn adding_a_seat_already_in_the_set_keeps_it() {
        let set = SeatSet::only(Seat::Creature).with(Seat::Creature);
        assert!(set.contains(Seat::Creature));
        assert_eq!(set, SeatSet::only(Seat::Creature));
        let gathered: SeatSet = [Seat::Hunted(2), Seat::Hunted(2)].into_iter().collect();
        assert!(gathered.contains(Seat::Hunted(2)));
    }

    #[test]
    fn secrets_reach_only_their_audience() {
        let audience = Audience::Seats(SeatSet::only(Seat::Hunted(1)).with(Seat::Creature));
        assert!(audience.includes(Viewer::Seat(Seat::Hunted(1))));
        assert!(audience.includes(Viewer::Seat(Seat::Creature)));
        assert!(audience.includes(Viewer::Omniscient));
        assert!(!audience.includes(Viewer::Seat(Seat::Hunted(2))));
        assert!(!audience.includes(Viewer::Spectator));
        assert!(Audience::Everyone.includes(Viewer::Spectator));
    }
}
