//! The rules' invariants of every reachable state, as assertions: the property tests check
//! them after every action, and so do the fuzz targets (through the `fuzzing` feature).

use super::board::{self, RESERVE};
use super::state::{State, Step};

/// Panics naming the first invariant `s` breaks: Will at most 3, each card in one pile, every
/// reserve copy and starting card accounted for, every Hunt and Survival card exactly once, the
/// tracks within their start, and a winner exactly when the game is over.
pub fn check(s: &State) {
    let copies = s.reserve;
    for (i, h) in s.hunted.iter().enumerate() {
        assert!(h.will <= 3, "hunted-{} will {}", i + 1, h.will);
        let piles = [h.hand, h.discard, h.in_play];
        for a in 0..3 {
            for b in a + 1..3 {
                assert!(
                    piles[a].intersection(piles[b]).is_empty(),
                    "hunted-{} card in two piles: {piles:?}",
                    i + 1
                );
            }
        }
    }
    for (k, &place) in RESERVE.iter().enumerate() {
        let owners = s
            .hunted
            .iter()
            .filter(|h| h.owned().contains(place))
            .count();
        let start = board::track_start(s.hunted.len()).2;
        assert_eq!(
            usize::from(copies[k]) + owners,
            usize::from(start),
            "reserve copies of {place:?}"
        );
    }
    for h in &s.hunted {
        for p in board::STARTING_HAND {
            assert!(h.owned().contains(p), "starting card {p:?} lost");
        }
    }
    let mut hunt: Vec<_> = s.hunt_deck.iter().chain(&s.hunt_discard).copied().collect();
    hunt.extend(s.hunt_hand.iter());
    hunt.extend(s.fx.played.iter().map(|p| p.card()));
    hunt.sort();
    let mut all = xenotable_protocol::artemia::HuntCard::ALL.to_vec();
    all.sort();
    assert_eq!(hunt, all, "every Hunt card exactly once");
    let mut survival: Vec<_> = s
        .survival_deck
        .iter()
        .chain(&s.survival_discard)
        .copied()
        .collect();
    for h in &s.hunted {
        survival.extend(h.survival.iter());
        survival.extend(h.shelter_draw.iter());
    }
    survival.sort();
    let mut all = xenotable_protocol::artemia::SurvivalCard::ALL.to_vec();
    all.sort();
    assert_eq!(survival, all, "every Survival card exactly once");
    assert!(s.hunt_hand.len() <= 3);
    let (rescue, assimilation, _) = board::track_start(s.hunted.len());
    assert!(s.rescue <= rescue && s.assimilation <= assimilation);
    assert_eq!(s.winner.is_some(), s.step == Step::Over);
    assert_eq!(s.winner.is_some(), s.rescue == 0 || s.assimilation == 0);
}
