//! Where randomness comes from: the match's [`Dice`], or loaded dice in tests.

use crate::games::Dice;

/// A source of dice rolls and draws.
pub trait Roll {
    /// One die: 1 to 6.
    fn d6(&mut self) -> u8;
    /// A number uniform in `0..len` (`len` > 0).
    fn index(&mut self, len: usize) -> usize;

    /// An opaque counter id (nine digits at most, so it reads well on the wire).
    fn opaque_id(&mut self) -> u32 {
        self.index(1_000_000_000) as u32
    }

    /// Two dice added: 2 to 12.
    fn two_d6(&mut self) -> u8 {
        self.d6() + self.d6()
    }

    /// Shuffles `items`, every order equally likely (Fisher–Yates, from the end).
    fn shuffle<T>(&mut self, items: &mut [T])
    where
        Self: Sized,
    {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

impl Roll for Dice {
    fn d6(&mut self) -> u8 {
        Dice::d6(self)
    }

    fn index(&mut self, len: usize) -> usize {
        Dice::index(self, len)
    }
}
