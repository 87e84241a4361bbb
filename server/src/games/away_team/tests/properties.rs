//! Random games with pinned seeds: they end, invariants hold, the legal list agrees with
//! `apply`, and the same seed and actions give the same match.

use std::hash::{DefaultHasher, Hash, Hasher};

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{Action, CrewOrder, Event, Mode};

use super::support::shipped;
use crate::games::away_team::encounter::Encounter;
use crate::games::away_team::invariants::check as check_invariants;
use crate::games::away_team::{AwayTeam, State};
use crate::games::{Dice, Game, Roll, Told};

/// Most actions a random game may take before it counts as stuck.
const MAX_ACTIONS: usize = 3_000;

fn hash(s: &State) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// Every action of either side on any figure, in or out: the legal list must be exactly the
/// ones `apply` accepts.
fn every_action(s: &State) -> Vec<Action> {
    let crew: Vec<String> = (0..s.crew.len()).map(|c| s.crew_id(c)).collect();
    let aliens: Vec<String> = (0..s.aliens.len()).map(|a| s.alien_id(a)).collect();
    let mut out = vec![
        Action::Lock {},
        Action::RollTargets {},
        Action::Retreat {},
        Action::CancelRetreat {},
    ];
    for c in &crew {
        out.push(Action::Order {
            crew: c.clone(),
            order: CrewOrder::Hold {},
        });
        for a in &aliens {
            for mode in [Mode::Stun, Mode::Kill] {
                out.push(Action::Order {
                    crew: c.clone(),
                    order: CrewOrder::Fire {
                        target: a.clone(),
                        mode,
                    },
                });
            }
            out.push(Action::Target {
                alien: a.clone(),
                crew: c.clone(),
            });
        }
    }
    out
}

/// The legal list of each seat is exactly what `apply` accepts; a refusal changes neither the
/// state nor the dice.
fn check_legal_agrees(s: &State, dice: &Dice) {
    let every = every_action(s);
    for seat in [Seat::AwayTeam, Seat::Aliens] {
        let legal = AwayTeam::legal_actions(s, seat);
        for action in &every {
            let mut copy = s.clone();
            let mut d = dice.clone();
            let accepted = AwayTeam::apply(&mut copy, seat, action, &mut d).is_ok();
            assert_eq!(accepted, legal.contains(action), "{seat} {action:?}");
            if !accepted {
                assert_eq!(copy, *s);
                assert_eq!(d, *dice);
            }
        }
    }
}

/// A bot-like random player: random legal edits, then a lock sooner or later.
fn pick(s: &State, chooser: &mut Dice) -> Option<(Seat, Action)> {
    let to_act = AwayTeam::to_act(s);
    let seat = *chooser.choose(&to_act)?;
    let legal = AwayTeam::legal_actions(s, seat);
    let lockable = legal.contains(&Action::Lock {});
    if lockable && chooser.below(3) == 0 {
        return Some((seat, Action::Lock {}));
    }
    if legal.contains(&Action::RollTargets {}) && chooser.below(2) == 0 {
        return Some((seat, Action::RollTargets {}));
    }
    chooser.choose(&legal).map(|a| (seat, a.clone()))
}

/// Plays a random game; its actions and every event.
fn random_game(
    encounter: &Encounter,
    seed: u64,
    thorough: bool,
) -> (Vec<(Seat, Action)>, Vec<Told<Event>>, State) {
    let mut dice = Dice::from_seed(seed);
    let mut chooser = Dice::from_seed(seed ^ 0xa11e);
    let mut s = AwayTeam::setup(encounter, &mut dice);
    let mut log = Vec::new();
    let mut events = Vec::new();
    while s.ending.is_none() {
        assert!(
            log.len() < MAX_ACTIONS,
            "seed {seed}: the game does not end"
        );
        if thorough {
            check_legal_agrees(&s, &dice);
        }
        let (seat, action) = pick(&s, &mut chooser).expect("someone can act");
        events.extend(AwayTeam::apply(&mut s, seat, &action, &mut dice).expect("legal"));
        check_invariants(&s);
        log.push((seat, action));
    }
    (log, events, s)
}

fn encounters() -> Vec<Encounter> {
    shipped()
        .iter()
        .map(|(id, text)| Encounter::parse(text).unwrap_or_else(|e| panic!("{id}: {e}")))
        .collect()
}

#[test]
fn thousands_of_random_games_end_with_invariants_holding() {
    let mut endings = [0usize; 3];
    let (mut games, mut rounds, mut actions) = (0u32, 0u32, 0usize);
    for encounter in encounters() {
        for seed in 0..1_000 {
            let (log, _, s) = random_game(&encounter, seed, false);
            games += 1;
            rounds += s.round;
            actions += log.len();
            let outcome = AwayTeam::outcome(&s).expect("ended");
            endings[match outcome.winners.as_slice() {
                [Seat::AwayTeam] => 0,
                [Seat::Aliens] => 1,
                _ => 2,
            }] += 1;
        }
    }
    assert!(
        endings[0] > 0 && endings[1] > 0 && endings[2] > 0,
        "{endings:?}"
    );
    assert!(rounds > games, "random games should last more than a round");
    assert!(
        actions > 10 * games as usize,
        "{actions} actions in {games} games"
    );
}

#[test]
fn legal_actions_are_exactly_what_apply_accepts_in_random_games() {
    for encounter in encounters() {
        for seed in 0..25 {
            random_game(&encounter, 10_000 + seed, true);
        }
    }
}

#[test]
fn the_same_seed_and_actions_give_the_same_match() {
    for encounter in encounters() {
        for seed in [1, 2, 3] {
            let (log, events, end) = random_game(&encounter, seed, false);
            let mut dice = Dice::from_seed(seed);
            let mut s = AwayTeam::setup(&encounter, &mut dice);
            let mut replayed = Vec::new();
            for (seat, action) in &log {
                replayed.extend(AwayTeam::apply(&mut s, *seat, action, &mut dice).expect("replay"));
            }
            assert_eq!(hash(&s), hash(&end));
            assert_eq!(replayed, events);
        }
    }
}
