//! Hidden information (rules 6, example 7): before both sides lock, nobody sees the other
//! side's orders, in views or in events; after the reveal everybody sees all of them.

use serde_json::{Value, json};
use xenotable_protocol::Seat;

use super::support::CRYSTAL_SPIRES;
use crate::games::away_team::test_match;
use crate::games::{AnyMatch, Dice, Viewer};

/// Plays `count` random legal actions of `seat` whose type is `kind`; the JSON of every
/// event as each viewer sees it.
fn edit(m: &mut dyn AnyMatch, seat: Seat, kind: &str, count: usize, dice: &mut Dice) -> Vec<Value> {
    let mut seen = Vec::new();
    for _ in 0..count {
        let legal: Vec<Value> = m
            .legal(seat)
            .into_iter()
            .filter(|a| a["type"] == kind)
            .collect();
        let action = dice.choose(&legal).expect("a legal edit").clone();
        for event in m.act(seat, &action).expect("legal") {
            for viewer in VIEWERS {
                seen.push(
                    json!({"viewer": format!("{viewer:?}"), "event": event.for_viewer(viewer)}),
                );
            }
        }
    }
    seen
}

const VIEWERS: [Viewer; 3] = [
    Viewer::Seat(Seat::AwayTeam),
    Viewer::Seat(Seat::Aliens),
    Viewer::Spectator,
];

fn text(m: &dyn AnyMatch, viewer: Viewer) -> String {
    m.view(viewer).to_string()
}

#[test]
fn example_7_away_team_orders_never_reach_the_aliens_or_spectators_before_both_lock() {
    let mut reference: Option<(String, String)> = None;
    let mut dice = Dice::from_seed(77);
    for _ in 0..20 {
        let mut m = test_match(CRYSTAL_SPIRES, 3);
        let events = edit(&mut *m, Seat::AwayTeam, "order", 4, &mut dice);
        if dice.below(2) == 0 {
            m.act(Seat::AwayTeam, &json!({"type": "retreat"}))
                .expect("retreat allowed");
        }
        m.act(Seat::AwayTeam, &json!({"type": "lock"}))
            .expect("lock");
        for e in &events {
            if e["viewer"] != "Seat(AwayTeam)" {
                assert_eq!(e["event"]["edit"], Value::Null, "{e}");
            }
        }
        let views = (
            text(&*m, Viewer::Seat(Seat::Aliens)),
            text(&*m, Viewer::Spectator),
        );
        assert!(!views.1.contains("\"mode\""), "{}", views.1);
        match &reference {
            None => reference = Some(views),
            Some(r) => assert_eq!(*r, views),
        }
    }
}

#[test]
fn alien_orders_never_reach_the_away_team_or_spectators_before_both_lock() {
    let mut reference: Option<(String, String)> = None;
    let mut dice = Dice::from_seed(78);
    for _ in 0..20 {
        let mut m = test_match(CRYSTAL_SPIRES, 4);
        let events = edit(&mut *m, Seat::Aliens, "target", 5, &mut dice);
        for e in &events {
            if e["viewer"] != "Seat(Aliens)" {
                assert_eq!(e["event"]["edit"], Value::Null, "{e}");
            }
        }
        let views = (
            text(&*m, Viewer::Seat(Seat::AwayTeam)),
            text(&*m, Viewer::Spectator),
        );
        match &reference {
            None => reference = Some(views),
            Some(r) => assert_eq!(*r, views),
        }
    }
}

#[test]
fn example_7_after_both_lock_every_order_is_in_every_view() {
    let mut m = test_match(CRYSTAL_SPIRES, 5);
    m.act(
        Seat::AwayTeam,
        &json!({"type": "order", "crew": "sci", "order": {"order": "fire", "target": "raiders-2", "mode": "stun"}}),
    )
    .expect("order");
    m.act(Seat::AwayTeam, &json!({"type": "lock"}))
        .expect("lock");
    for alien in ["raiders-1", "raiders-2", "raiders-3"] {
        m.act(
            Seat::Aliens,
            &json!({"type": "target", "alien": alien, "crew": "sec"}),
        )
        .expect("target");
    }
    let events = m.act(Seat::Aliens, &json!({"type": "lock"})).expect("lock");
    let revealed = events
        .iter()
        .find(|e| e.whole["type"] == "revealed")
        .expect("a reveal");
    for viewer in VIEWERS {
        let event = revealed.for_viewer(viewer);
        let view = m.view(viewer);
        for orders in [&event["orders"], &view["revealed"]] {
            assert_eq!(orders["round"], 1);
            assert_eq!(
                orders["away_team"][2]["order"],
                json!({"order": "fire", "target": "raiders-2", "mode": "stun"}),
                "{viewer:?}"
            );
            assert_eq!(orders["aliens"].as_array().map(Vec::len), Some(3));
            assert_eq!(orders["aliens"][0]["crew"], "sec");
        }
    }
}
