//! Derelict (rules 13) has perfect information: both seats and spectators see the whole table
//! and every die rolled; nobody sees the dice to come. So every viewer receives the same frames
//! (bar its own `legal` list), and a step that rolls nothing is told alike whatever the dice
//! hold for later.

use serde_json::{Value, json};
use xenotable_protocol::Seat;
use xenotable_server::games::derelict::{Derelict, State};
use xenotable_server::games::{Dice, Viewer};

use crate::common::{Db, Picker, Server};
use crate::driver::{self, Coverage, Received, Secrets, Setup, Through};

impl Secrets for Derelict {
    const ROLLS_ARE_PUBLIC: bool = true;

    /// The same table with other dice to come.
    fn twin(
        s: &State,
        _through: Option<Through<'_, Self>>,
        _dice: &Dice,
        _viewer: Viewer,
        pick: &mut Picker,
    ) -> (State, Dice) {
        let seed = pick.below(1 << 30) as u64;
        (s.clone(), Dice::from_seed(seed))
    }

    /// Confirms a deployment one time in four and ends a turn one time in eight, so that the
    /// match moves on.
    fn choose(_view: &Value, legal: &[Value], pick: &mut Picker) -> usize {
        let find = |t: &str| legal.iter().position(|a| a["type"] == t);
        match (find("confirm"), find("end-turn")) {
            (Some(k), _) if pick.below(4) == 0 => k,
            (_, Some(k)) if pick.below(8) == 0 => k,
            _ => pick.below(legal.len()),
        }
    }
}

/// A small deck: three marines near the exit, aliens arriving from three entries, a door to
/// fight over; the clock is long enough never to run out during the test.
const SCENARIO: &str = "DERELICT 1
title: Wire Secrecy
squad: 1 sergeant, 1 flamer, 1 soldier
reinforcements: 2
alien-pool: 8
exit-needed: 2
turn-limit: 5
timer: 3600+0
map:
##########
#MMM...E.#
#...:::d.#
#A..:::..X
#E.......#
######E###
";

/// A frame as any viewer gets it: without what is the viewer's own (`you`, `legal`, `ref`)
/// and the clock's wall-clock times (each connection reads its own).
fn shared(frame: &Value) -> Value {
    let mut frame = frame.clone();
    if let Some(f) = frame.as_object_mut() {
        f.remove("you");
        f.remove("ref");
    }
    if let Some(view) = frame.get_mut("view").and_then(Value::as_object_mut) {
        view.remove("legal");
        if let Some(clock) = view.get_mut("clock").and_then(Value::as_object_mut) {
            clock.remove("deadline_ms");
            clock.remove("remaining_ms");
        }
    }
    frame
}

/// Every connection received the same frames, bar its own parts.
fn assert_everyone_sees_the_same(received: &[Received]) {
    let (first, others) = received.split_first().expect("connections");
    let expected: Vec<Value> = first.frames.iter().map(shared).collect();
    assert!(expected.len() > 10, "too few frames: {}", expected.len());
    for other in others {
        let seen: Vec<Value> = other.frames.iter().map(shared).collect();
        assert_eq!(
            seen.len(),
            expected.len(),
            "{:?}'s frame count",
            other.viewer
        );
        for (k, (a, b)) in seen.iter().zip(&expected).enumerate() {
            assert!(
                a == b,
                "frame {k}: {:?} and {:?} differ: {}",
                other.viewer,
                first.viewer,
                driver::diff(a, b)
            );
        }
    }
}

#[tokio::test]
async fn derelict_frames_are_the_same_for_every_viewer_and_independent_of_dice_to_come() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let id = server.upload_scenario(SCENARIO).await;
    let mut coverage = Coverage::default();
    let seats = [Seat::Marines, Seat::Aliens];
    for n in 0..3 {
        let setup = Setup {
            scenario: Some(&id),
            options: json!(null),
            seats: &seats,
            seed: 1_300 + n,
            pick: 31 + n,
            max_steps: 3_000,
        };
        let (played, received) = driver::play::<Derelict>(&server, &db, setup).await;
        assert_everyone_sees_the_same(&received);
        coverage.add(played);
    }
    eprintln!("{coverage:?}");
    assert!(
        coverage.steps > 100 && coverage.compared > 500 && coverage.rolled > 0,
        "{coverage:?}"
    );
    drop(server);
    db.drop_db().await;
}
