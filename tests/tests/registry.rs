//! Matches through the game registry, as the rooms will drive them: JSON in, JSON out.

use serde_json::{Value, json};
use xenotable_protocol::Seat;
use xenotable_server::games::{AnyMatch, GameId, MatchSetup, Viewer, games, new_match};

fn artemia(hunted: u8, seed: u64) -> Box<dyn AnyMatch> {
    let seats = std::iter::once(Seat::Creature)
        .chain((1..=hunted).map(Seat::Hunted))
        .collect();
    new_match(&MatchSetup {
        game: GameId::Artemia,
        seats,
        scenario: None,
        options: json!({"board-side": 2}),
        seed,
    })
    .expect("a valid match")
}

/// A tiny deterministic move picker, apart from the match's own dice.
struct Picker(u64);

impl Picker {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays random legal moves read from each seat's own view until the match ends.
fn play_out(m: &mut dyn AnyMatch, pick: &mut Picker) -> Vec<(Seat, Value)> {
    let mut log = Vec::new();
    while m.outcome().is_none() {
        let to_act = m.to_act();
        let seat = to_act[pick.below(to_act.len())];
        let view = m.view(Viewer::Seat(seat));
        let legal = view["legal"].as_array().expect("a legal list").clone();
        assert_eq!(legal, m.legal(seat));
        let action = legal[pick.below(legal.len())].clone();
        m.act(seat, &action).expect("a listed action is accepted");
        log.push((seat, action));
    }
    log
}

/// The same match made again and fed `log` ends in the very same state.
fn assert_replays(played: &dyn AnyMatch, mut replay: Box<dyn AnyMatch>, log: &[(Seat, Value)]) {
    for (seat, action) in log {
        replay.act(*seat, action).expect("the log replays");
    }
    assert_eq!(replay.state_hash(), played.state_hash());
    assert_eq!(
        replay.view(Viewer::Omniscient),
        played.view(Viewer::Omniscient)
    );
}

#[test]
fn the_registry_lists_artemia_with_its_seats() {
    let list = serde_json::to_value(games()).unwrap();
    let artemia = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "artemia")
        .expect("artemia is listed");
    assert_eq!(artemia["seats"][0], "creature");
    assert_eq!(artemia["seats"][6], "hunted-6");
}

#[test]
fn a_json_match_plays_to_an_outcome_and_replays_identically() {
    for seed in 0..20u64 {
        let hunted = (seed % 6) as u8 + 1;
        let mut m = artemia(hunted, seed);
        let log = play_out(m.as_mut(), &mut Picker(seed));
        let outcome = m.outcome().expect("finished");
        assert!(["rescue", "assimilation"].contains(&outcome.reason.as_str()));
        assert!(m.to_act().is_empty());
        let view = m.view(Viewer::Spectator);
        assert_eq!(view["outcome"]["reason"], outcome.reason);

        assert_replays(m.as_ref(), artemia(hunted, seed), &log);
    }
}

#[test]
fn malformed_actions_are_refused_and_change_nothing() {
    let mut m = artemia(3, 11);
    let before = m.state_hash();
    let bad = [
        json!("pass"),
        json!({"type": "dance"}),
        json!({"type": "pass", "extra": 1}),
        json!({"type": "commit", "cards": "lair"}),
        json!({"type": "commit", "cards": ["lair", "lair"]}),
        json!({"type": "play-hunt", "play": {"card": "despair", "why": true}}),
    ];
    for action in bad {
        let err = m
            .act(Seat::Creature, &action)
            .expect_err("malformed action refused");
        assert_eq!(err.code(), "bad_action", "{action}");
        assert_eq!(m.state_hash(), before);
    }
    let err = m
        .act(Seat::Hunted(1), &json!({"type": "pass"}))
        .expect_err("out of turn");
    assert_eq!(err.code(), "not_your_turn");
    let err = m
        .act(Seat::Marines, &json!({"type": "pass"}))
        .expect_err("not a seat of this game");
    assert_eq!(err.code(), "not_your_turn");
    assert_eq!(m.state_hash(), before);
}

#[test]
fn bad_setups_name_their_problem() {
    let setup = |seats: Vec<Seat>, options: Value| MatchSetup {
        game: GameId::Artemia,
        seats,
        scenario: None,
        options,
        seed: 1,
    };
    let cases = [
        (setup(vec![Seat::Creature], Value::Null), "bad_seats"),
        (
            setup(vec![Seat::Creature, Seat::Hunted(2)], Value::Null),
            "bad_seats",
        ),
        (
            setup(
                vec![Seat::Creature, Seat::Hunted(1), Seat::Hunted(1)],
                Value::Null,
            ),
            "duplicate_seat",
        ),
        (
            setup(vec![Seat::Creature, Seat::Marines], Value::Null),
            "unknown_seat",
        ),
        (
            setup(
                vec![Seat::Creature, Seat::Hunted(1)],
                json!({"board-side": 3}),
            ),
            "bad_options",
        ),
        (
            setup(
                vec![Seat::Creature, Seat::Hunted(1)],
                json!({"board_side": 2}),
            ),
            "bad_options",
        ),
    ];
    for (setup, code) in cases {
        let err = new_match(&setup).err().expect("refused");
        assert_eq!(err.code(), code, "{:?}", setup.seats);
    }
    let err = "chess".parse::<GameId>().expect_err("no such game");
    assert_eq!(err.code(), "unknown_game");
}

fn intruder(seed: u64) -> Box<dyn AnyMatch> {
    new_match(&MatchSetup {
        game: GameId::Intruder,
        seats: vec![Seat::Crew],
        scenario: Some("solitaire".into()),
        options: json!({"turn-limit": 8}),
        seed,
    })
    .expect("a valid match")
}

#[test]
fn the_registry_lists_intruder_with_its_built_in_scenarios_and_their_seats() {
    let list = serde_json::to_value(games()).unwrap();
    let intruder = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "intruder")
        .expect("intruder is listed");
    // Every seat of the playable scenarios, in the order of rules 1.
    assert_eq!(
        intruder["seats"],
        json!([
            "crew", "intruder", "science", "command", "team-1", "team-2", "team-3"
        ])
    );
    let seats: Vec<(&Value, &Value)> = intruder["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (&s["id"], &s["seats"]))
        .collect();
    assert_eq!(
        seats,
        [
            (&json!("solitaire"), &json!(["crew"])),
            (&json!("intelligent"), &json!(["crew", "intruder"])),
            (&json!("science-officer"), &json!(["science", "command"])),
            (
                &json!("science-officer-intelligent"),
                &json!(["science", "command", "intruder"])
            ),
            (&json!("return"), &json!(["crew"])),
            (
                &json!("return-teams"),
                &json!(["team-1", "team-2", "team-3"])
            ),
            (&json!("return-intelligent"), &json!(["crew", "intruder"])),
        ]
    );
}

#[test]
fn an_intruder_json_match_plays_to_an_outcome_and_replays_identically() {
    for seed in 0..6u64 {
        let mut m = intruder(seed);
        let log = play_out(m.as_mut(), &mut Picker(seed));
        let outcome = m.outcome().expect("finished");
        assert!(m.to_act().is_empty());
        assert_eq!(
            m.view(Viewer::Spectator)["outcome"]["reason"],
            outcome.reason
        );
        assert_replays(m.as_ref(), intruder(seed), &log);
    }
}

#[test]
fn intruder_setups_name_their_problem() {
    let setup = |seats: Vec<Seat>, scenario: Option<&str>, options: Value| MatchSetup {
        game: GameId::Intruder,
        seats,
        scenario: scenario.map(str::to_owned),
        options,
        seed: 1,
    };
    let cases = [
        (
            setup(vec![Seat::Crew], Some("prometheus"), Value::Null),
            "unknown_scenario",
        ),
        (
            setup(vec![Seat::Crew], Some("return-teams"), Value::Null),
            "unknown_seat",
        ),
        (
            setup(vec![Seat::Crew], None, json!({"marines": true})),
            "bad_options",
        ),
        (setup(vec![], None, Value::Null), "bad_seats"),
        (
            setup(vec![Seat::Marines], None, Value::Null),
            "unknown_seat",
        ),
        (
            setup(vec![Seat::Crew], None, json!({"turn_limit": 3})),
            "bad_options",
        ),
    ];
    for (setup, code) in cases {
        let err = new_match(&setup).err().expect("refused");
        assert_eq!(err.code(), code, "{:?}", setup.scenario);
    }
    assert!(new_match(&setup(vec![Seat::Crew], None, Value::Null)).is_ok());
    let teams = vec![Seat::Team(1), Seat::Team(2), Seat::Team(3)];
    let marines = json!({"marines": true});
    assert!(new_match(&setup(teams, Some("return-teams"), marines)).is_ok());
}
