//! What executing a checked action works on, in every game: the state it changes, the dice it
//! rolls and the events it tells, each with its audience.
//!
//! [`Game::execute`](super::Game::execute) cannot refuse: the check has already said yes. Each
//! game adds its own rules to [`Table`] in its own files (`impl Table<'_, State, Event, R>`);
//! what is here is what every game's execution shares. No I/O.

use super::{Audience, Dice, Told};

/// One checked action being carried out: the state `s`, the dice, and the events told so far.
///
/// `R` is the dice: the match's [`Dice`], or in tests dice loaded with chosen faces.
pub struct Table<'a, S, E, R = Dice> {
    /// The whole truth of the match, being changed.
    pub s: &'a mut S,
    /// The one source of randomness.
    pub dice: &'a mut R,
    told: Vec<Told<E>>,
}

impl<'a, S, E, R> Table<'a, S, E, R> {
    /// A table for one action on `s`, rolling `dice`, with nothing told yet.
    pub fn new(s: &'a mut S, dice: &'a mut R) -> Table<'a, S, E, R> {
        Table {
            s,
            dice,
            told: Vec::new(),
        }
    }

    /// Tells everyone `event`: it has no secret.
    pub fn tell(&mut self, event: E) {
        self.told.push(Told::public(event));
    }

    /// Tells `event`, whose secret parts only `audience` sees whole.
    pub fn tell_secret(&mut self, event: E, audience: Audience) {
        self.told.push(Told::secret(event, audience));
    }

    /// Everything told, in order.
    pub fn told(self) -> Vec<Told<E>> {
        self.told
    }
}

/// The match ended: nothing after it is resolved. Returned as `Err(Ended)` by a piece of
/// resolution, so `?` unwinds whatever was still to happen; the state records how it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended;

/// The result of a piece of resolution: `Err(Ended)` once the match is over.
pub type Flow = Result<(), Ended>;
