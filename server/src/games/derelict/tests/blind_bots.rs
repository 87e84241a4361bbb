//! Bots decide on what their seat is shown, and nothing else: two matches that differ only in
//! what no view shows get the same decisions from bots of the same seed. Derelict hides no
//! piece (rules 13), so what differs here is the bookkeeping no view carries: the scenario's
//! flamer reloads and the length of the marines' next turn.

use serde_json::Value;
use xenotable_protocol::MatchView;
use xenotable_protocol::derelict::Phase;

use super::support::chapel_at_random_until;
use crate::bots::{Budget, Choose, NormalBot, StrongBot};
use crate::games::derelict::{Derelict, State};
use crate::games::{Game, Seat, Viewer};

/// What a room shows `seat`.
fn seat_view(s: &State, seat: Seat) -> Value {
    serde_json::to_value(MatchView {
        game: Derelict::view(s, Viewer::Seat(seat)),
        to_act: Derelict::to_act(s),
        legal: Derelict::legal_actions(s, seat),
        outcome: Derelict::outcome(s),
        clock: None,
    })
    .expect("views are JSON")
}

/// A chapel match played at random up to the aliens' first move of a turn.
fn into_an_alien_turn() -> State {
    chapel_at_random_until(5, |s| {
        s.phase == Phase::AlienTurn && s.arrivals == 0 && s.turn >= 1
    })
}

#[test]
fn bots_of_one_seed_decide_alike_on_matches_that_look_alike() {
    let s = into_an_alien_turn();
    let mut other = s.clone();
    other.rules.flamer_reloads += 1;
    other.rules.timer.per_sergeant += 7;
    assert_ne!(s, other, "the matches differ");
    for seat in [Seat::Aliens, Seat::Marines] {
        assert_eq!(
            seat_view(&s, seat),
            seat_view(&other, seat),
            "and look alike"
        );
    }
    let (view, other_view) = (seat_view(&s, Seat::Aliens), seat_view(&other, Seat::Aliens));
    for seed in [1, 2, 3] {
        let mut strong = StrongBot::<Derelict>::new(Seat::Aliens, seed, Budget::iterations(40));
        let mut twin = StrongBot::<Derelict>::new(Seat::Aliens, seed, Budget::iterations(40));
        let decision = strong.choose(&view);
        assert!(decision.is_some());
        assert_eq!(decision, twin.choose(&other_view), "strong, seed {seed}");
        let mut normal = NormalBot::<Derelict>::new(Seat::Aliens, seed);
        let mut twin = NormalBot::<Derelict>::new(Seat::Aliens, seed);
        assert_eq!(
            normal.choose(&view),
            twin.choose(&other_view),
            "normal, seed {seed}"
        );
    }
}

#[test]
fn the_believed_world_is_the_match_as_its_view_shows_it() {
    let s = into_an_alien_turn();
    let view = Derelict::view(&s, Viewer::Seat(Seat::Aliens));
    let world = super::super::belief::believe(&view).expect("a world");
    assert_eq!(Derelict::view(&world, Viewer::Seat(Seat::Aliens)), view);
    assert_eq!(
        Derelict::legal_actions(&world, Seat::Aliens),
        Derelict::legal_actions(&s, Seat::Aliens)
    );
}
