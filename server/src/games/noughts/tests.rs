//! Mined Noughts, rule by rule, and its one secret kept.

use serde_json::json;

use super::*;
use crate::games::{AnyMatch, GameId, Match, MatchSetup, new_match};

/// A state with the mines where the test wants them.
fn mined(marines: u8, aliens: u8) -> State {
    State {
        squares: [Square::Free; SQUARES as usize],
        mines: [Some(marines), Some(aliens)],
        next: 0,
        ended: None,
    }
}

fn mark(state: &mut State, seat: Seat, square: u8) -> Result<Vec<Told<Event>>, RuleError> {
    Noughts::apply(
        state,
        seat,
        &Action::Mark { square },
        &mut Dice::from_seed(0),
    )
}

#[test]
fn three_marks_in_a_line_win_and_end_the_match() {
    let mut s = mined(8, 7);
    for (seat, square) in [
        (Seat::Marines, 0),
        (Seat::Aliens, 3),
        (Seat::Marines, 1),
        (Seat::Aliens, 4),
        (Seat::Marines, 2),
    ] {
        mark(&mut s, seat, square).expect("legal");
    }
    assert_eq!(
        Noughts::outcome(&s).map(|o| o.winners),
        Some(vec![Seat::Marines])
    );
    assert_eq!(Noughts::to_act(&s), []);
    assert_eq!(
        mark(&mut s, Seat::Aliens, 5).unwrap_err().code(),
        "game_over"
    );
}

#[test]
fn the_other_sides_mine_scorches_the_square_and_passes_the_turn() {
    let mut s = mined(0, 4);
    let told = mark(&mut s, Seat::Marines, 4).expect("legal");
    assert_eq!(
        told,
        [Told::public(Event::MineWentOff {
            seat: Seat::Marines,
            square: 4
        })]
    );
    assert_eq!(s.squares[4], Square::Scorched);
    assert_eq!(Noughts::to_act(&s), [Seat::Aliens]);
    assert!(!Noughts::legal_actions(&s, Seat::Aliens).contains(&Action::Mark { square: 4 }));
    assert_eq!(
        mark(&mut s, Seat::Aliens, 4).unwrap_err().code(),
        "square_not_free"
    );
}

#[test]
fn marking_ones_own_mine_disarms_it_and_only_its_owner_is_told() {
    let mut s = mined(2, 6);
    let told = mark(&mut s, Seat::Marines, 2).expect("legal");
    let disarmed = &told[0];
    assert_eq!(
        disarmed.event,
        Event::Disarmed {
            seat: Seat::Marines,
            square: 2
        }
    );
    assert!(disarmed.audience.includes(Viewer::Seat(Seat::Marines)));
    assert!(!disarmed.audience.includes(Viewer::Seat(Seat::Aliens)));
    assert_eq!(Noughts::conceal(&disarmed.event), None);
    assert_eq!(s.squares[2], Square::Marked(Seat::Marines));
    assert_eq!(s.mines, [None, Some(6)]);
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    let mut s = mined(8, 7);
    // X O X / X O O / O X X: no line; the last square holds the Marines' own mine.
    for (seat, square) in [
        (Seat::Marines, 0),
        (Seat::Aliens, 1),
        (Seat::Marines, 2),
        (Seat::Aliens, 4),
        (Seat::Marines, 3),
        (Seat::Aliens, 5),
        (Seat::Marines, 7),
        (Seat::Aliens, 6),
        (Seat::Marines, 8),
    ] {
        assert!(Noughts::outcome(&s).is_none());
        mark(&mut s, seat, square).unwrap_or_else(|e| panic!("{seat} {square}: {e}"));
    }
    let outcome = Noughts::outcome(&s).expect("over");
    assert_eq!(
        (outcome.winners, outcome.reason.as_str()),
        (vec![], "board_full")
    );
}

#[test]
fn only_the_side_to_move_marks_and_refusals_change_nothing() {
    let mut s = mined(0, 1);
    let before = s.clone();
    assert_eq!(
        mark(&mut s, Seat::Aliens, 3).unwrap_err().code(),
        "not_your_turn"
    );
    assert_eq!(
        mark(&mut s, Seat::Marines, 9).unwrap_err().code(),
        "square_not_free"
    );
    assert_eq!(s, before);
    assert_eq!(Noughts::legal_actions(&s, Seat::Aliens), []);
    assert_eq!(Noughts::legal_actions(&s, Seat::Marines).len(), 9);
}

#[test]
fn the_dice_mine_two_different_squares() {
    for seed in 0..200 {
        let s = Noughts::setup(&(), &mut Dice::from_seed(seed));
        let [Some(a), Some(b)] = s.mines else {
            panic!("both sides mined")
        };
        assert!(a < SQUARES && b < SQUARES && a != b, "{a} {b}");
    }
}

#[test]
fn a_side_sees_its_own_mine_and_nothing_of_the_other() {
    let a = mined(0, 4);
    let b = mined(0, 5);
    assert_eq!(Noughts::view(&a, Viewer::Seat(Seat::Marines)).mines, [0]);
    assert_eq!(
        Noughts::view(&a, Viewer::Seat(Seat::Marines)),
        Noughts::view(&b, Viewer::Seat(Seat::Marines)),
        "the Aliens' mine is not in the Marines' view"
    );
    assert_eq!(
        Noughts::view(&a, Viewer::Spectator),
        Noughts::view(&b, Viewer::Spectator)
    );
    assert_eq!(Noughts::view(&a, Viewer::Omniscient).mines, [0, 4]);
}

#[test]
fn it_plays_through_the_game_table_by_its_id() {
    let game: GameId = "mined-noughts".parse().expect("in the table");
    let mut m = new_match(&MatchSetup {
        game,
        seats: SIDES.to_vec(),
        scenario: None,
        options: json!({}),
        seed: 3,
    })
    .expect("a match");
    assert_eq!(m.game(), game);
    let typed: Match<Noughts> =
        Match::new(&SIDES, None, Options::default(), 3).expect("the same match");
    assert_eq!(
        m.state_hash(),
        typed.state_hash(),
        "the same seed, the same mines"
    );
    let square = m.legal(Seat::Marines)[0].clone();
    let told = m.act(Seat::Marines, &square).expect("legal");
    assert_eq!(
        told.last().map(|e| e.whole.to_value()["type"].clone()),
        Some(json!("marked"))
    );
}
