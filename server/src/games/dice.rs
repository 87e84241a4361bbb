//! The match's dice: the one source of randomness a game may use.
//!
//! A match is its seed and its ordered command log: replaying the log against a [`Dice`] built
//! from the same seed must give back the same match, move for move. So every draw here is
//! written by hand on the raw `next_u32` stream of ChaCha20, and the seed is turned into a key by
//! hand too. `rand`'s convenience methods (`random_range`, `shuffle`, `seed_from_u64`) are free
//! to change their algorithms between releases; this file does not use them, so a dependency
//! upgrade cannot change a stored match. The pinned test at the bottom fails if it ever does.
//!
//! No I/O, no clock, no global RNG.

use rand::rngs::ChaCha20Rng;
use rand::{Rng, SeedableRng};

/// A seeded random stream for one match (ChaCha20).
///
/// Cloning copies the position in the stream: a clone draws the same numbers as the original.
/// Two dice are equal when they stand at the same point of the same stream. `Debug` shows no
/// state, so a logged `Dice` cannot reveal future rolls.
#[derive(Debug, PartialEq, Eq)]
pub struct Dice {
    rng: ChaCha20Rng,
}

// chacha20 0.10 dropped `Clone` from its generators; its state round-trip (key, stream and
// word position) rebuilds the generator at the same point of the stream.
impl Clone for Dice {
    fn clone(&self) -> Dice {
        Dice {
            rng: ChaCha20Rng::deserialize_state(&self.rng.serialize_state()),
        }
    }
}

impl Dice {
    /// The dice of a match with this seed.
    ///
    /// The ChaCha key is the seed's 8 little-endian bytes followed by 24 zero bytes.
    pub fn from_seed(seed: u64) -> Dice {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        Dice {
            rng: ChaCha20Rng::from_seed(key),
        }
    }

    /// A number uniform in `0..n`, without modulo bias.
    ///
    /// `n` must be greater than 0. For `n == 0` (a bug in the caller) it returns 0 in release
    /// builds rather than panic, since game input arrives from the network.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0, "Dice::below(0)");
        if n == 0 {
            return 0;
        }
        // Accept only draws from the top `k * n` values of the u32 range, so that every
        // residue modulo `n` is equally likely; `threshold` is 2^32 mod n.
        let threshold = n.wrapping_neg() % n;
        loop {
            let x = self.rng.next_u32();
            if x >= threshold {
                return x % n;
            }
        }
    }
}

/// Where a game's dice come from: the match's [`Dice`], or in tests dice loaded with chosen
/// faces ([`Loaded`]). The one dice interface of every game.
pub trait Roll {
    /// One six-sided die: 1 to 6.
    fn d6(&mut self) -> u8;

    /// An index uniform in `0..len`; `len` must be greater than 0.
    fn index(&mut self, len: usize) -> usize;

    /// The sum of two six-sided dice: 2 to 12.
    fn two_d6(&mut self) -> u8 {
        self.d6() + self.d6()
    }

    /// Three six-sided dice, keeping the highest: 1 to 6.
    fn three_d6_keep_highest(&mut self) -> u8 {
        self.d6().max(self.d6()).max(self.d6())
    }

    /// One item picked uniformly, or `None` for an empty slice (which draws nothing).
    fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T>
    where
        Self: Sized,
    {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.index(items.len())])
        }
    }

    /// Shuffles `items` in place, every order equally likely (Fisher–Yates, from the end).
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
        // below(6) < 6, so the cast cannot truncate.
        self.below(6) as u8 + 1
    }

    /// `len` must be at most `u32::MAX`. For `len == 0` it returns 0 in release builds rather
    /// than panic.
    fn index(&mut self, len: usize) -> usize {
        debug_assert!(len > 0, "Dice::index(0)");
        debug_assert!(u32::try_from(len).is_ok(), "Dice::index: len over u32::MAX");
        let n = u32::try_from(len).unwrap_or(u32::MAX);
        self.below(n) as usize
    }
}

/// Dice for tests: each d6 shows the next face the test loaded; indices and shuffles come from
/// a seeded [`Dice`]. Rolling more d6 than were loaded is a bug in the test, and panics.
#[cfg(test)]
pub struct Loaded {
    faces: std::collections::VecDeque<u8>,
    draws: Dice,
}

#[cfg(test)]
impl Loaded {
    /// Dice that roll `faces`, in order.
    pub fn new(faces: &[u8]) -> Loaded {
        Loaded {
            faces: faces.iter().copied().collect(),
            draws: Dice::from_seed(7),
        }
    }

    /// Faces not rolled yet.
    pub fn left(&self) -> usize {
        self.faces.len()
    }
}

#[cfg(test)]
impl Roll for Loaded {
    fn d6(&mut self) -> u8 {
        self.faces
            .pop_front()
            .expect("the test rolled more dice than it loaded")
    }

    fn index(&mut self, len: usize) -> usize {
        self.draws.index(len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_seed_gives_pinned_values() {
        // If this fails, stored matches no longer replay: do not update the numbers, find what
        // changed the stream.
        let mut dice = Dice::from_seed(42);
        let d6: Vec<u8> = (0..10).map(|_| dice.d6()).collect();
        assert_eq!(d6, PINNED_D6);
        let mut deck: Vec<u32> = (0..10).collect();
        dice.shuffle(&mut deck);
        assert_eq!(deck, PINNED_SHUFFLE);
        assert_eq!(dice.two_d6(), PINNED_TWO_D6);
        assert_eq!(dice.three_d6_keep_highest(), PINNED_THREE_D6_KEEP_HIGHEST);
        assert_eq!(dice.below(1000), PINNED_BELOW_1000);
    }

    #[test]
    fn fixed_seed_gives_pinned_raw_stream() {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&42u64.to_le_bytes());
        let mut rng = ChaCha20Rng::from_seed(key);
        let raw: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        assert_eq!(raw, PINNED_RAW);
    }

    /// The first ChaCha20 keystream words for seed 42 (block counter 0, nonce 0), checked
    /// against OpenSSL's ChaCha20 when they were pinned.
    const PINNED_RAW: [u32; 4] = [0x26e5_761f, 0x6ae3_0a51, 0x5c8b_5c62, 0xb4eb_7f59];
    /// Seed 42: ten `d6`, then a shuffle of `0..10`, `two_d6`, `three_d6_keep_highest` and
    /// `below(1000)`, in that order on one stream.
    const PINNED_D6: [u8; 10] = [6, 2, 5, 2, 1, 4, 1, 5, 2, 2];
    const PINNED_SHUFFLE: [u32; 10] = [4, 5, 3, 9, 7, 8, 0, 6, 1, 2];
    const PINNED_TWO_D6: u8 = 7;
    const PINNED_THREE_D6_KEEP_HIGHEST: u8 = 5;
    const PINNED_BELOW_1000: u32 = 562;

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut dice = Dice::from_seed(7);
        for n in 1..=13u32 {
            let mut seen = vec![false; n as usize];
            for _ in 0..1000 {
                let x = dice.below(n);
                assert!(x < n, "below({n}) gave {x}");
                seen[x as usize] = true;
            }
            assert!(
                seen.iter().all(|&s| s),
                "below({n}) missed a value: {seen:?}"
            );
        }
    }

    #[test]
    fn below_handles_the_largest_range() {
        let mut dice = Dice::from_seed(7);
        for _ in 0..100 {
            assert!(dice.below(u32::MAX) < u32::MAX);
        }
        assert_eq!(Dice::from_seed(7).below(1), 0);
    }

    #[test]
    fn dice_stay_within_their_faces() {
        let mut dice = Dice::from_seed(3);
        for _ in 0..1000 {
            assert!((1..=6).contains(&dice.d6()));
            assert!((2..=12).contains(&dice.two_d6()));
            assert!((1..=6).contains(&dice.three_d6_keep_highest()));
        }
    }

    #[test]
    fn same_seed_gives_same_stream() {
        let mut a = Dice::from_seed(2024);
        let mut b = Dice::from_seed(2024);
        for _ in 0..100 {
            assert_eq!(a.below(1_000_000), b.below(1_000_000));
        }
        assert_eq!(a, b);
    }

    #[test]
    fn clone_continues_the_same_stream_from_any_position() {
        // Word positions around ChaCha's 16-word blocks and its 64-word buffer.
        for drawn in [0, 1, 15, 16, 17, 63, 64, 65, 200] {
            let mut a = Dice::from_seed(5);
            for _ in 0..drawn {
                a.rng.next_u32();
            }
            let mut b = a.clone();
            assert_eq!(a, b, "after {drawn} words");
            let xs: Vec<u32> = (0..100).map(|_| a.rng.next_u32()).collect();
            let ys: Vec<u32> = (0..100).map(|_| b.rng.next_u32()).collect();
            assert_eq!(xs, ys, "after {drawn} words");
        }
    }

    #[test]
    fn different_seeds_give_different_streams() {
        let draws = |seed| {
            let mut dice = Dice::from_seed(seed);
            (0..20).map(|_| dice.below(1_000_000)).collect::<Vec<_>>()
        };
        assert_ne!(draws(0), draws(1));
        assert_ne!(draws(1), draws(2));
        assert_ne!(draws(1), draws(1 << 56));
    }

    #[test]
    fn d6_faces_come_up_about_equally_often() {
        let mut dice = Dice::from_seed(99);
        let rolls = 60_000;
        let mut counts = [0u32; 6];
        for _ in 0..rolls {
            counts[usize::from(dice.d6() - 1)] += 1;
        }
        // Expected 10 000 each; the standard deviation is about 91, so 5% is over 5 sigma.
        for (face, &count) in counts.iter().enumerate() {
            assert!(
                (9_500..=10_500).contains(&count),
                "face {} came up {count} times in {rolls}: {counts:?}",
                face + 1
            );
        }
    }

    #[test]
    fn choose_picks_an_item_and_none_from_empty() {
        let mut dice = Dice::from_seed(11);
        let before = dice.clone();
        assert_eq!(dice.choose::<u8>(&[]), None);
        assert_eq!(dice, before, "choosing from nothing must not draw");
        let items = ["a", "b", "c"];
        let mut seen = [false; 3];
        for _ in 0..100 {
            let pick = dice.choose(&items).expect("non-empty");
            seen[items.iter().position(|i| i == pick).expect("from items")] = true;
        }
        assert_eq!(seen, [true; 3]);
    }

    #[test]
    fn shuffle_keeps_every_item() {
        let mut dice = Dice::from_seed(13);
        for len in 0..20 {
            let mut items: Vec<usize> = (0..len).collect();
            dice.shuffle(&mut items);
            items.sort_unstable();
            assert_eq!(items, (0..len).collect::<Vec<_>>());
        }
    }
}
