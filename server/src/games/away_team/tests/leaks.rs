//! Hidden information (rules 6, example 7; errata 16 and 20): before both sides lock, nobody
//! sees the other side's orders, in views or in events; an order edit is told to its own side
//! alone, not even as an event without its content; after the reveal everybody sees all orders.

use serde_json::{Value, json};
use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{Event, Mode};

use super::support::CRYSTAL_SPIRES;
use crate::games::away_team::{AwayTeam, test_match};
use crate::games::{AnyMatch, Dice, Game, JsonEvent, Roll, Viewer};

/// Plays `count` random legal actions of `seat` whose type is `kind`; the JSON of every
/// event as each viewer sees it (`null`: withheld).
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

/// Every event the owner's edits produced is withheld from the other seat and spectators.
fn assert_withheld_from_all_but(events: &[Value], owner: &str) {
    for e in events {
        if e["viewer"] != owner {
            assert_eq!(e["event"], Value::Null, "{e}");
        } else {
            assert_eq!(e["event"]["type"], "edited", "{e}");
        }
    }
}

#[test]
fn example_7_away_team_orders_never_reach_the_aliens_or_spectators_before_both_lock() {
    let mut reference: Option<(String, String)> = None;
    let mut dice = Dice::from_seed(77);
    for _ in 0..20 {
        let mut m = test_match(CRYSTAL_SPIRES, 3);
        let mut events = edit(&mut *m, Seat::AwayTeam, "order", 4, &mut dice);
        for _ in 0..dice.below(3) {
            events.extend(edit(&mut *m, Seat::AwayTeam, "retreat", 1, &mut dice));
            events.extend(edit(
                &mut *m,
                Seat::AwayTeam,
                "cancel-retreat",
                1,
                &mut dice,
            ));
        }
        if dice.below(2) == 0 {
            events.extend(edit(&mut *m, Seat::AwayTeam, "retreat", 1, &mut dice));
        }
        assert_withheld_from_all_but(&events, "Seat(AwayTeam)");
        m.act(Seat::AwayTeam, &json!({"type": "lock"}))
            .expect("lock");
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
        assert_withheld_from_all_but(&events, "Seat(Aliens)");
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
        .find(|e| e.whole.to_value()["type"] == "revealed")
        .expect("a reveal");
    for viewer in VIEWERS {
        let event = revealed.for_viewer(viewer).expect("public").to_value();
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

/// The one event of an accepted action.
fn only_event(m: &mut dyn AnyMatch, seat: Seat, action: Value) -> JsonEvent {
    let mut events = m.act(seat, &action).expect("legal");
    assert_eq!(events.len(), 1, "{action}");
    events.remove(0)
}

/// Erratum 16, and 20 for edits: each kind of edit (an order, a retreat, a retreat taken back, an
/// alien's target) is told whole to its own seat and to replays, and not at all to the other
/// seat or spectators, whose views it leaves byte for byte as they were.
#[test]
fn erratum_16_each_kind_of_edit_is_told_to_its_own_side_alone_and_changes_no_other_view() {
    let mut m = test_match(CRYSTAL_SPIRES, 16);
    let fire = json!({"type": "order", "crew": "sec", "order": {"order": "fire", "target": "raiders-1", "mode": "kill"}});
    let edits = [
        (Seat::AwayTeam, fire, "order"),
        (Seat::AwayTeam, json!({"type": "retreat"}), "retreat"),
        (
            Seat::AwayTeam,
            json!({"type": "cancel-retreat"}),
            "cancel-retreat",
        ),
        (
            Seat::Aliens,
            json!({"type": "target", "alien": "raiders-2", "crew": "captain"}),
            "target",
        ),
    ];
    for (owner, action, kind) in edits {
        let others: Vec<Viewer> = VIEWERS
            .into_iter()
            .filter(|&v| v != Viewer::Seat(owner))
            .collect();
        let before: Vec<String> = others.iter().map(|&v| text(&*m, v)).collect();
        let event = only_event(&mut *m, owner, action);
        let whole = event.whole.to_value();
        assert_eq!(whole["type"], "edited");
        assert_eq!(whole["edit"]["edit"], kind, "{whole}");
        for viewer in [Viewer::Seat(owner), Viewer::Omniscient] {
            assert_eq!(event.for_viewer(viewer), Some(&event.whole), "{viewer:?}");
        }
        for (k, &viewer) in others.iter().enumerate() {
            assert_eq!(event.for_viewer(viewer), None, "{kind} told to {viewer:?}");
            assert_eq!(
                text(&*m, viewer),
                before[k],
                "{kind} changed {viewer:?}'s view"
            );
        }
    }
}

/// Erratum 20 for every other kind of event: who receives what. The lock, the d6 method (only
/// rolled once the Away Team has locked, so no roll can hint at its orders), the reveal and the
/// shots are public, the same for both seats, spectators and replays.
#[test]
fn erratum_20_locks_rolled_targets_reveals_and_shots_are_told_to_everyone_alike() {
    let mut m = test_match(CRYSTAL_SPIRES, 20);
    let early = m.act(Seat::Aliens, &json!({"type": "roll-targets"}));
    assert_eq!(
        early.err().map(|e| e.code()),
        Some("away_team_not_locked"),
        "no target is rolled before the Away Team locks"
    );
    let mut kinds = Vec::new();
    let mut told = Vec::new();
    for (seat, action) in [
        (Seat::AwayTeam, json!({"type": "lock"})),
        (Seat::Aliens, json!({"type": "roll-targets"})),
        (Seat::Aliens, json!({"type": "lock"})),
    ] {
        told.extend(m.act(seat, &action).expect("legal"));
    }
    for event in &told {
        kinds.push(
            event.whole.to_value()["type"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        );
        for viewer in VIEWERS.into_iter().chain([Viewer::Omniscient]) {
            assert_eq!(
                event.for_viewer(viewer),
                Some(&event.whole),
                "{viewer:?}: {}",
                event.whole
            );
        }
    }
    for kind in ["locked", "target-rolled", "revealed", "fired"] {
        assert!(kinds.iter().any(|k| k == kind), "no {kind} in {kinds:?}");
    }
}

/// Rules 6: before the reveal each side sees its own orders, a replay sees both; every group
/// lists its own aliens.
#[test]
fn each_side_sees_its_own_orders_and_every_group_lists_its_own_aliens() {
    let mut m = test_match(CRYSTAL_SPIRES, 6);
    let fire = json!({"order": "fire", "target": "raiders-2", "mode": "stun"});
    m.act(
        Seat::AwayTeam,
        &json!({"type": "order", "crew": "sec", "order": fire}),
    )
    .expect("order");
    m.act(
        Seat::Aliens,
        &json!({"type": "target", "alien": "raiders-3", "crew": "sci"}),
    )
    .expect("target");
    let sec = json!({"crew": "sec", "order": fire});
    let raider_3 = json!({"alien": "raiders-3", "crew": "sci"});
    for viewer in [Viewer::Seat(Seat::AwayTeam), Viewer::Omniscient] {
        let orders = &m.view(viewer)["away_team_orders"]["orders"];
        assert!(
            orders.as_array().is_some_and(|o| o.contains(&sec)),
            "{orders}"
        );
    }
    for viewer in [Viewer::Seat(Seat::Aliens), Viewer::Omniscient] {
        let targets = &m.view(viewer)["alien_orders"];
        assert!(
            targets.as_array().is_some_and(|t| t.contains(&raider_3)),
            "{targets}"
        );
    }
    let view = m.view(Viewer::Spectator);
    let members = |g: usize| -> Vec<&Value> {
        view["groups"][g]["aliens"]
            .as_array()
            .map(|a| a.iter().map(|a| &a["id"]).collect())
            .unwrap_or_default()
    };
    assert_eq!(members(0), ["raiders-1", "raiders-2", "raiders-3"]);
    assert_eq!(members(1), ["spirefolk-1", "spirefolk-2"]);
}

/// What everyone outside an event's audience is told: nothing of an edit, every other event
/// whole (they are all public).
#[test]
fn conceal_withholds_an_edit_and_keeps_every_other_event_whole() {
    let mut s = super::support::start(CRYSTAL_SPIRES.replace("\"roll\"", "10").as_str());
    let events = super::support::round(
        &mut s,
        &[super::support::fire("sec", "raiders-1", Mode::Kill)],
        &[
            ("raiders-1", "sec"),
            ("raiders-2", "sec"),
            ("raiders-3", "sec"),
        ],
        &[1, 1, 6, 6, 6, 6],
    );
    let mut edits = 0;
    for event in &events {
        let concealed = AwayTeam::conceal(event);
        if matches!(event, Event::Edited { .. }) {
            edits += 1;
            assert_eq!(concealed, None);
        } else {
            assert_eq!(concealed.as_ref(), Some(event));
        }
    }
    assert_eq!(edits, 4, "{events:#?}");
    assert!(events.len() > edits + 3, "{events:#?}");
}
