//! The twelve acceptance examples of rules section 14, one test each, played through the
//! public `apply` door from scenarios set up on the state.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::Place::{
    Artefact, Beach, Jungle, Lair, River, Rover, Shelter, Source, Swamp, Wreck,
};
use xenotable_protocol::artemia::{
    Action, Event, HuntCard, HuntPlay, Phase, Place, Power, Token, Via,
};

use super::support::{Table, hunted, only, places};
use crate::games::artemia::state::{State, Step};
use crate::games::artemia::{Artemia, BoardSide};
use crate::games::{Game, Viewer};

const CREATURE: Seat = Seat::Creature;

fn play(card: HuntPlay) -> Action {
    Action::PlayHunt {
        play: card,
        flashback: false,
    }
}

fn use_power(power: Power) -> Action {
    Action::UsePower {
        via: Via::Own,
        power,
    }
}

fn power_choices(t: &Table, seat: Seat) -> Vec<Action> {
    t.legal(seat)
        .into_iter()
        .filter(|a| matches!(a, Action::UsePower { .. }))
        .collect()
}

#[test]
fn example_1_four_players_start_at_rescue_15_assimilation_9_with_two_reserve_copies() {
    let t = Table::new(3, 1);
    assert_eq!(t.s.hunted.len(), 3);
    assert_eq!((t.s.rescue, t.s.assimilation), (15, 9));
    assert_eq!(t.s.reserve, [2; 5]);
    for h in &t.s.hunted {
        assert_eq!(h.hand, places([Lair, Jungle, River, Beach, Rover]));
        assert!(h.discard.is_empty() && h.in_play.is_empty());
        assert_eq!(h.will, 3);
        assert_eq!(h.survival.len(), 1);
    }
    assert_eq!(t.s.hunt_hand.len(), 3);
    assert_eq!(t.s.hunt_deck.len(), 17);
    assert_eq!(t.s.survival_deck.len(), 12);
    assert!(!t.s.beacon);
    let view = Artemia::view(&t.s, Viewer::Spectator);
    assert_eq!((view.rescue, view.assimilation), (15, 9));
    assert_eq!(
        view.reserve
            .iter()
            .map(|r| (r.place, r.copies))
            .collect::<Vec<_>>(),
        [
            (Swamp, 2),
            (Shelter, 2),
            (Wreck, 2),
            (Source, 2),
            (Artefact, 2)
        ]
    );
    assert_eq!(view.creature.hand_count, 3);
    for h in &view.hunted {
        assert_eq!((h.will, h.hand_count, h.survival_count), (3, 5, 1));
        assert_eq!(h.owned, places([Lair, Jungle, River, Beach, Rover]));
    }
}

/// Whether the Creature is offered the Artemia token with no card, at this Rescue distance.
fn artemia_token_without_a_card(side: BoardSide, rescue: u8) -> bool {
    let mut t = Table::on_side(1, side, 2);
    t.s.rescue = rescue;
    t.explore(&[only(Lair)]);
    assert!(t.s.fx.played.is_empty());
    t.act(
        CREATURE,
        Action::PlaceCreatureToken {
            place: Place::Swamp,
        },
    );
    let token = Action::PlaceArtemiaToken {
        places: only(Jungle),
    };
    let offered = t.s.step == Step::ArtemiaToken;
    assert_eq!(offered, t.is_legal(CREATURE, token));
    if offered {
        t.act(CREATURE, token);
        assert_eq!(t.s.artemia_token, only(Jungle));
    } else {
        let refused = t.code(CREATURE, token);
        assert!(
            matches!(refused, "wrong_phase" | "not_your_turn"),
            "{refused}"
        );
        assert!(t.s.artemia_token.is_empty());
    }
    offered
}

#[test]
fn example_2_a_spaces_side_1_at_6_yes_at_7_no_side_2_at_7_yes_at_6_no() {
    assert!(artemia_token_without_a_card(BoardSide::One, 6));
    assert!(!artemia_token_without_a_card(BoardSide::One, 7));
    assert!(artemia_token_without_a_card(BoardSide::Two, 7));
    assert!(!artemia_token_without_a_card(BoardSide::Two, 6));
}

#[test]
fn example_3_two_hunted_caught_on_the_river_advance_assimilation_twice() {
    let mut t = Table::new(2, 3);
    t.s.hunted[0].will = 1;
    t.discard_places(1, places([Lair, Jungle]));
    let assimilation = t.s.assimilation;
    t.explore(&[only(River), only(River)]);
    let from = t.events.len();
    t.token_then_reckon(River);
    // Both caught: no R2 choice; R3–R5 resolved, the match waits in phase 4.
    assert_eq!(t.s.step.phase(), Phase::EndOfTurn, "{:?}", t.s.step);
    assert_eq!(t.s.hunted[0].will, 3);
    assert_eq!(t.s.hunted[1].will, 2);
    assert!(t.s.hunted[0].discard.is_empty());
    assert_eq!(t.s.hunted[0].hand, places([Lair, Jungle, Beach, Rover]));
    assert_eq!(t.s.hunted[0].in_play, only(River));
    assert_eq!(t.s.assimilation, assimilation - 2);
    let told: Vec<Event> = t.events[from..]
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Caught { .. }
                    | Event::WillChanged { .. }
                    | Event::AssimilationAdvanced { .. }
                    | Event::Exhausted { .. }
            )
        })
        .cloned()
        .collect();
    let caught = |n| Event::Caught {
        hunted: hunted(n),
        token: Token::Creature,
        place: River,
    };
    let will = |n, will| Event::WillChanged {
        hunted: hunted(n),
        will,
    };
    assert_eq!(
        told,
        [
            caught(1),
            will(1, 0),
            caught(2),
            will(2, 2),
            Event::AssimilationAdvanced {
                distance: assimilation - 1
            },
            Event::Exhausted { hunted: hunted(1) },
            will(1, 3),
            Event::AssimilationAdvanced {
                distance: assimilation - 2
            },
        ]
    );
}

/// hunted-3 (Will 3) caught by the Creature token on `at`: his Will right after the catch.
fn will_after_catch(fierceness: bool, at: Place) -> u8 {
    let mut t = Table::new(3, 4);
    t.set_hunt_hand(&[HuntCard::Fierceness]);
    t.explore(&[only(River), only(Beach), only(at)]);
    if fierceness {
        t.act(CREATURE, play(HuntPlay::Fierceness {}));
    }
    let from = t.events.len();
    t.token_then_reckon(at);
    t.r2_any();
    assert_eq!(t.s.step.phase(), Phase::EndOfTurn, "{:?}", t.s.step);
    let told = &t.events[from..];
    let caught = told
        .iter()
        .position(|e| matches!(e, Event::Caught { hunted: h, .. } if *h == hunted(3)))
        .expect("hunted-3 is caught");
    told[caught..]
        .iter()
        .find_map(|e| match e {
            Event::WillChanged { hunted: h, will } if *h == hunted(3) => Some(*will),
            _ => None,
        })
        .expect("hunted-3 loses Will")
}

#[test]
fn example_4_caught_on_the_lair_with_fierceness_loses_3_will() {
    assert_eq!(
        will_after_catch(true, Lair),
        0,
        "1 + 1 (Lair) + 1 (Fierceness)"
    );
    // The parts: without Fierceness the Lair costs 2, Fierceness elsewhere costs 2.
    assert_eq!(will_after_catch(false, Lair), 1);
    assert_eq!(will_after_catch(true, Jungle), 1);
    assert_eq!(will_after_catch(false, Jungle), 2);
}

#[test]
fn example_5_two_on_the_beach_first_in_seat_order_sets_the_beacon_later_beach_removes_it() {
    let mut t = Table::new(2, 5);
    t.discard_places(2, only(Lair));
    let rescue = t.s.rescue;
    t.explore(&[only(Beach), only(Beach)]);
    t.token_then_reckon(Swamp);
    assert_eq!(t.s.step, Step::Place(0, 0), "hunted-1 resolves first");
    assert!(!t.s.beacon);
    assert!(t.is_legal(hunted(1), use_power(Power::Beach {})));
    t.act(hunted(1), use_power(Power::Beach {}));
    assert!(t.s.beacon);
    assert_eq!(t.s.rescue, rescue);
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert_eq!(
        t.legal(hunted(2)),
        [Action::TakeBack { card: Lair }],
        "hunted-2 may only take back a card"
    );
    assert_eq!(t.code(hunted(2), use_power(Power::Beach {})), "beach_used");
    t.act(hunted(2), Action::TakeBack { card: Lair });
    assert!(t.s.hunted[1].hand.contains(Lair));
    assert!(t.s.beacon);
    t.end_turn();
    assert_eq!(t.s.rescue, rescue - 1, "clean-up");
    assert!(t.s.beacon, "the Beacon stays on between turns");

    // A later turn: hunted-1 takes his Beach back by Resisting and explores it again.
    t.creature_passes();
    t.act(hunted(1), Action::Resist { cards: only(Beach) });
    t.act(hunted(1), Action::Commit { cards: only(Beach) });
    t.act(
        hunted(2),
        Action::Commit {
            cards: only(Jungle),
        },
    );
    t.token_then_reckon(Swamp);
    assert_eq!(t.s.step, Step::Place(0, 0));
    let told = t.act(hunted(1), use_power(Power::Beach {}));
    assert!(!t.s.beacon);
    assert_eq!(t.s.rescue, rescue - 2);
    assert!(told.contains(&Event::BeaconRemoved));
    assert!(told.contains(&Event::RescueAdvanced {
        distance: rescue - 2
    }));
}

#[test]
fn example_6_resist_at_will_3_takes_two_back_resist_at_will_1_exhausts_at_once() {
    let mut t = Table::new(2, 6);
    t.discard_places(1, places([Lair, Jungle, River]));
    t.discard_places(2, places([Lair, Jungle, River]));
    t.s.hunted[1].will = 1;
    let assimilation = t.s.assimilation;
    t.creature_passes();

    t.act(
        hunted(1),
        Action::Resist {
            cards: places([Lair, River]),
        },
    );
    let h = &t.s.hunted[0];
    assert_eq!(h.will, 2);
    assert_eq!(h.hand, places([Lair, River, Beach, Rover]));
    assert_eq!(h.discard, only(Jungle));
    assert_eq!(t.s.assimilation, assimilation);

    let told = t.act(
        hunted(2),
        Action::Resist {
            cards: places([Lair, Jungle]),
        },
    );
    let h = &t.s.hunted[1];
    assert_eq!(h.will, 3);
    assert!(h.discard.is_empty());
    assert_eq!(h.hand, places([Lair, Jungle, River, Beach, Rover]));
    assert_eq!(t.s.assimilation, assimilation - 1);
    let zero = told
        .iter()
        .position(|e| {
            *e == Event::WillChanged {
                hunted: hunted(2),
                will: 0,
            }
        })
        .expect("Will reaches 0");
    let exhausted = told
        .iter()
        .position(|e| *e == Event::Exhausted { hunted: hunted(2) })
        .expect("exhausted at once");
    assert!(zero < exhausted);
    // Still phase 1: he goes on and commits.
    assert!(matches!(t.s.step, Step::Explore(w) if w.contains(1)));
}

#[test]
fn example_7_the_rover_offers_only_cards_not_owned_and_still_in_the_reserve() {
    let mut t = Table::new(2, 7);
    // hunted-1 owns 7, 8, 9, 10; hunted-2 owns 6 (in his discard), 7, 9, 10: the reserve
    // holds one 6 and one 8.
    for (i, cards) in [
        (1, [Shelter, Wreck, Source, Artefact]),
        (2, [Swamp, Shelter, Source, Artefact]),
    ] {
        for card in cards {
            t.give_place(i, card);
        }
        t.discard_places(i, places(cards));
    }
    assert_eq!(t.s.reserve, [1, 0, 1, 0, 0]);
    t.explore(&[only(Lair), only(Rover)]);
    t.token_then_reckon(Source);
    assert_eq!(t.s.step, Step::Place(0, 0));
    t.act(hunted(1), Action::TakeBack { card: Shelter });
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert_eq!(
        power_choices(&t, hunted(2)),
        [use_power(Power::Rover { card: Wreck })]
    );
    assert_eq!(
        t.code(hunted(2), use_power(Power::Rover { card: Swamp })),
        "already_owned"
    );
    t.act(hunted(2), use_power(Power::Rover { card: Wreck }));
    assert!(t.s.hunted[1].hand.contains(Wreck));
    assert_eq!(t.s.reserve, [1, 0, 0, 0, 0]);
    t.end_turn();

    // Only a 6 is left, and hunted-2 owns one: the power cannot act.
    t.creature_passes();
    t.act(
        hunted(2),
        Action::Resist {
            cards: places([Shelter, Rover]),
        },
    );
    t.act(hunted(2), Action::Commit { cards: only(Rover) });
    t.act(
        hunted(1),
        Action::Commit {
            cards: only(Jungle),
        },
    );
    t.token_then_reckon(Source);
    assert_eq!(t.s.step, Step::Place(0, 0));
    t.act(
        hunted(1),
        use_power(Power::Jungle {
            cards: places([Jungle, Lair]),
        }),
    );
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert!(power_choices(&t, hunted(2)).is_empty());
    assert_eq!(
        t.legal(hunted(2)),
        [Swamp, Source, Artefact].map(|card| Action::TakeBack { card })
    );
    assert_eq!(
        t.code(hunted(2), use_power(Power::Rover { card: Swamp })),
        "already_owned"
    );
    t.act(hunted(2), Action::TakeBack { card: Swamp });
    assert!(t.s.hunted[1].hand.contains(Swamp));
    assert_eq!(t.s.reserve, [1, 0, 0, 0, 0]);
}

#[test]
fn example_8_race_rescue_reaches_0_in_r2_so_the_hunted_win_and_r4_is_not_resolved() {
    let mut t = Table::new(2, 8);
    t.s.rescue = 1;
    t.s.assimilation = 1;
    t.give_place(2, Wreck);
    t.explore(&[only(Jungle), only(Wreck)]);
    t.token_then_reckon(Jungle);
    assert_eq!(t.s.step, Step::Place(1, 0), "hunted-1 is caught: no R2");
    let told = t.act(hunted(2), use_power(Power::Wreck {}));
    assert_eq!(t.s.rescue, 0);
    assert_eq!(t.s.assimilation, 1, "R4 is not resolved");
    assert_eq!(t.s.hunted[0].will, 3);
    assert!(!told.iter().any(|e| matches!(
        e,
        Event::Caught { .. } | Event::WillChanged { .. } | Event::AssimilationAdvanced { .. }
    )));
    let outcome = Artemia::outcome(&t.s).expect("the game is over");
    assert_eq!(outcome.reason, "rescue");
    assert_eq!(outcome.winners, [hunted(1), hunted(2)]);
    assert_eq!(told.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(t.s.step, Step::Over);
    assert!(t.to_act().is_empty());
}

#[test]
fn example_9_stasis_in_phase_4_leaves_the_rescue_distance_unchanged() {
    let mut t = Table::new(2, 9);
    t.set_hunt_hand(&[HuntCard::Stasis]);
    let rescue = t.s.rescue;
    t.explore(&[only(Jungle), only(River)]);
    t.token_then_reckon(Swamp);
    t.r2_any();
    assert_eq!(t.s.step, Step::HuntCard(Phase::EndOfTurn));
    let from = t.events.len();
    t.act(CREATURE, play(HuntPlay::Stasis {}));
    t.hunted_pass();
    assert_eq!(t.s.turn, 2, "the turn ended");
    assert_eq!(t.s.rescue, rescue);
    assert!(
        !t.events[from..]
            .iter()
            .any(|e| matches!(e, Event::RescueAdvanced { .. }))
    );
    assert_eq!(t.s.hunt_discard.last(), Some(&HuntCard::Stasis));
}

/// hunted-1 holds only 1 and 2, which Force Field blocks.
fn blocked_by_force_field() -> Table {
    let mut t = Table::new(1, 10);
    t.set_hunt_hand(&[HuntCard::ForceField]);
    t.discard_places(1, places([River, Beach, Rover]));
    t.act(
        CREATURE,
        play(HuntPlay::ForceField {
            places: places([Lair, Jungle]),
        }),
    );
    assert_eq!(t.s.target_token, places([Lair, Jungle]));
    assert!(matches!(t.s.step, Step::Explore(_)));
    assert!(
        !t.legal(hunted(1))
            .iter()
            .any(|a| matches!(a, Action::Commit { .. }))
    );
    for card in [Lair, Jungle] {
        assert_eq!(
            t.code(hunted(1), Action::Commit { cards: only(card) }),
            "place_blocked"
        );
    }
    t
}

fn commits(t: &Table) -> Vec<Action> {
    t.legal(hunted(1))
        .into_iter()
        .filter(|a| matches!(a, Action::Commit { .. }))
        .collect()
}

#[test]
fn example_10_force_field_on_1_and_2_blocks_a_hand_of_1_and_2_until_resist_or_give_up() {
    let mut t = blocked_by_force_field();
    t.act(
        hunted(1),
        Action::Resist {
            cards: places([River, Rover]),
        },
    );
    assert_eq!(
        commits(&t),
        [River, Rover].map(|card| Action::Commit { cards: only(card) })
    );
    assert_eq!(
        t.code(hunted(1), Action::Commit { cards: only(Lair) }),
        "place_blocked"
    );
    t.act(hunted(1), Action::Commit { cards: only(Rover) });
    assert_eq!(t.s.hunted[0].in_play, only(Rover));
    assert_eq!(t.s.step, Step::CreatureToken);

    let mut t = blocked_by_force_field();
    t.act(hunted(1), Action::GiveUp {});
    assert_eq!(
        commits(&t),
        [River, Beach, Rover].map(|card| Action::Commit { cards: only(card) })
    );
    t.act(hunted(1), Action::Commit { cards: only(Beach) });
    assert_eq!(t.s.hunted[0].in_play, only(Beach));
}

#[test]
fn example_11_persecution_makes_the_swamp_return_exactly_one_card_of_the_hunteds_choice() {
    let mut t = Table::new(2, 11);
    t.set_hunt_hand(&[HuntCard::Persecution]);
    for n in 1..=2 {
        t.give_place(n, Swamp);
        t.discard_places(n, places([Lair, Jungle]));
    }
    t.explore(&[only(Swamp), only(Swamp)]);
    t.act(CREATURE, play(HuntPlay::Persecution {}));
    t.token_then_reckon(River);
    assert_eq!(t.s.step, Step::Place(0, 0));
    let choices = power_choices(&t, hunted(1));
    assert_eq!(choices.len(), 3, "{choices:?}");
    for card in [Swamp, Lair, Jungle] {
        assert!(choices.contains(&use_power(Power::Swamp { cards: only(card) })));
    }
    for cards in [places([Swamp, Lair]), places([Swamp, Lair, Jungle])] {
        assert_eq!(
            t.code(hunted(1), use_power(Power::Swamp { cards })),
            "persecution"
        );
    }
    // hunted-1 takes a discard back; hunted-2 takes the Swamp itself back.
    t.act(hunted(1), use_power(Power::Swamp { cards: only(Lair) }));
    assert_eq!(t.s.hunted[0].discard, only(Jungle));
    assert_eq!(t.s.hunted[0].in_play, only(Swamp));
    assert!(t.s.hunted[0].hand.contains(Lair));
    assert_eq!(t.s.step, Step::Place(1, 0));
    t.act(hunted(2), use_power(Power::Swamp { cards: only(Swamp) }));
    assert_eq!(t.s.hunted[1].discard, places([Lair, Jungle]));
    assert!(t.s.hunted[1].in_play.is_empty());
    assert!(t.s.hunted[1].hand.contains(Swamp));
    t.end_turn();
    assert_eq!(t.s.hunted[0].discard, places([Jungle, Swamp]));
    assert!(!t.s.hunted[0].hand.contains(Swamp));
    assert_eq!(t.s.hunted[1].discard, places([Lair, Jungle]));
    assert!(t.s.hunted[1].hand.contains(Swamp));
}

#[test]
fn example_12_views_before_the_reveal_do_not_leak_wreck_or_jungle_and_all_show_it_after() {
    let table = || {
        let mut t = Table::new(2, 12);
        t.give_place(1, Wreck);
        t
    };
    let (mut wreck, mut jungle) = (table(), table());
    let viewers = [
        Viewer::Seat(Seat::Creature),
        Viewer::Seat(hunted(2)),
        Viewer::Spectator,
    ];
    let same = |a: &Table, b: &Table, when: &str| {
        for viewer in viewers {
            assert_eq!(
                a.view_json(viewer),
                b.view_json(viewer),
                "{viewer:?} {when}"
            );
        }
    };
    same(&wreck, &jungle, "at the start");
    wreck.creature_passes();
    jungle.creature_passes();
    same(&wreck, &jungle, "in phase 1");
    wreck.act(hunted(1), Action::Commit { cards: only(Wreck) });
    jungle.act(
        hunted(1),
        Action::Commit {
            cards: only(Jungle),
        },
    );
    let own = Viewer::Seat(hunted(1));
    assert_ne!(
        wreck.view_json(own),
        jungle.view_json(own),
        "the tables differ"
    );
    same(&wreck, &jungle, "after hunted-1 committed");
    let rest = [
        (hunted(2), Action::Commit { cards: only(Lair) }),
        (CREATURE, Action::PlaceCreatureToken { place: River }),
    ];
    for (seat, action) in rest {
        wreck.act(seat, action);
        jungle.act(seat, action);
        same(&wreck, &jungle, &format!("after {seat} {action:?}"));
    }
    // The phase-2 Survival step: every Hunted holds a card, so each is asked.
    while let Step::Survival(Phase::Hunting, waiting) = wreck.s.step {
        assert!(!wreck.s.revealed);
        let seat = State::seat(waiting.iter().next().expect("someone waits"));
        wreck.act(seat, Action::Pass {});
        jungle.act(seat, Action::Pass {});
        if !wreck.s.revealed {
            same(&wreck, &jungle, "in the phase-2 Survival step");
        }
    }
    assert!(wreck.s.revealed && jungle.s.revealed);
    for viewer in viewers {
        assert_ne!(wreck.view_json(viewer), jungle.view_json(viewer));
        for (t, card) in [(&wreck, Wreck), (&jungle, Jungle)] {
            let view = Artemia::view(&t.s, viewer);
            assert_eq!(view.hunted[0].in_play, Some(only(card)), "{viewer:?}");
            assert_eq!(view.hunted[0].presences, [card], "{viewer:?}");
        }
    }
}
