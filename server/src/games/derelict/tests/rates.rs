//! Erratum 21: kill and jam rates over many shots played through `apply`, voluntary and on
//! overwatch, against the odds of rules 6.3 and 7.2 (within one percentage point).

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Action, Event, Facing, Side};

use super::support::*;
use crate::games::derelict::Derelict;
use crate::games::{Dice, Game};

/// Shots tallied by what they needed: (fired, killed).
#[derive(Default)]
struct Tally {
    fired: u32,
    killed: u32,
}

impl Tally {
    fn add(&mut self, hit: bool) {
        self.fired += 1;
        self.killed += u32::from(hit);
    }

    fn assert_rate(&self, in_36: f64, what: &str) {
        let rate = f64::from(self.killed) / f64::from(self.fired);
        let want = in_36 / 36.0;
        assert!(
            (rate - want).abs() < 0.01,
            "{what}: {rate:.4} over {} shots against {want:.4}",
            self.fired
        );
    }
}

/// Sustained fire: a marine shoots one alien until it dies or his 4 AP are spent, again and
/// again from the same table; every shot is tallied by its kill number (6, 5, 4, 3).
#[test]
fn kill_rates_of_sustained_fire_played_through_apply_match_the_odds() {
    let rows = rows(9, 11, '.', &[((5, 9), 'M'), ((5, 4), 'A')]);
    let table = start(&rows, &soldiers(1), &[(sq(5, 9), Facing::N)], &[Facing::S]);
    let mut dice = Dice::from_seed(6_000);
    let mut by_kill_number: [Tally; 4] = Default::default();
    for _ in 0..60_000 {
        let mut s = table.s.clone();
        for _ in 0..4 {
            let told = Derelict::apply(&mut s, Seat::Marines, &shoot(m(1), sq(5, 4)), &mut dice)
                .expect("a shot in sight with AP left");
            let events: Vec<Event> = told.into_iter().map(|t| t.event).collect();
            let (kill_number, hit) = events
                .iter()
                .find_map(|e| match *e {
                    Event::Shot {
                        kill_number, hit, ..
                    } => Some((kill_number, hit)),
                    _ => None,
                })
                .expect("a shot");
            by_kill_number[usize::from(6 - kill_number)].add(hit);
            assert_eq!(died(&events, a(1)), hit, "{events:?}");
            if hit {
                break;
            }
        }
    }
    for (k, in_36) in [11.0, 20.0, 27.0, 32.0].into_iter().enumerate() {
        by_kill_number[k].assert_rate(in_36, &format!("kill number {}", 6 - k));
    }
}

/// Overwatch: an alien turns in sight of a marine on overwatch, again and again from the same
/// table. The shot kills on a 6 (11/36) and jams on any double (6/36), killing or not.
#[test]
fn kill_and_jam_rates_of_overwatch_played_through_apply_match_the_odds() {
    let rows = rows(7, 7, ':', &[((3, 5), 'M'), ((3, 2), 'A')]);
    let mut table = start(&rows, &soldiers(1), &[(sq(3, 5), Facing::N)], &[Facing::W]);
    table.marines(Action::Overwatch { model: m(1) });
    table.end_marine_turn();
    let mut dice = Dice::from_seed(7_000);
    let (mut kills, mut jams) = (Tally::default(), Tally::default());
    for _ in 0..100_000 {
        let mut s = table.s.clone();
        let told = Derelict::apply(&mut s, Seat::Aliens, &turn(a(1), Side::Left), &mut dice)
            .expect("a free turn");
        let events: Vec<Event> = told.into_iter().map(|t| t.event).collect();
        let shot = events.iter().find_map(|e| match *e {
            Event::OverwatchShot { hit, jammed, .. } => Some((hit, jammed)),
            _ => None,
        });
        let (hit, jammed) = shot.expect("the watching marine fires");
        kills.add(hit);
        jams.add(jammed);
        assert_eq!(died(&events, a(1)), hit);
        assert_eq!(s.models[0].jammed, jammed);
    }
    kills.assert_rate(11.0, "overwatch kills");
    jams.assert_rate(6.0, "overwatch jams");
}
