//! The turn structure phase by phase (rules sections 2 to 8): setup for every player count,
//! exploration with Resist and Give up, hunting and its tokens, the reckoning in order, the
//! end of the turn, and both ends of the game.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::Place::{
    Artefact, Beach, Jungle, Lair, River, Rover, Source, Swamp, Wreck,
};
use xenotable_protocol::artemia::{
    Action, Event, HuntCard, HuntPlay, Phase, Place, PlaceSet, Power, SurvivalCard, SurvivalPlay,
    TablePhase, Token, Via,
};

use super::support::{Table, assert_invariants, hunted, only, places};
use crate::games::artemia::state::{State, Step, TurnEffects, Waiting};
use crate::games::artemia::{Artemia, BoardSide, Config, Options};
use crate::games::{Dice, Game, Viewer};

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

fn commit(card: Place) -> Action {
    Action::Commit { cards: only(card) }
}

fn position(events: &[Event], event: &Event) -> usize {
    events
        .iter()
        .position(|e| e == event)
        .unwrap_or_else(|| panic!("{event:?} not told"))
}

// ----- Setup -------------------------------------------------------------------------------

#[test]
fn setup_follows_the_table_of_section_2_1_for_every_player_count() {
    // (N, Hunted, Rescue, Assimilation, reserve copies)
    let rows = [
        (2, 1, 13, 7, 1),
        (3, 2, 14, 8, 2),
        (4, 3, 15, 9, 2),
        (5, 4, 16, 10, 3),
        (6, 5, 17, 11, 3),
        (7, 6, 18, 12, 3),
    ];
    for (n, k, rescue, assimilation, copies) in rows {
        let seats: Vec<Seat> = std::iter::once(CREATURE)
            .chain((1..=k).map(hunted))
            .collect();
        assert_eq!(seats.len(), n);
        let config = Artemia::configure(&seats, None, Options::default()).expect("valid seats");
        assert_eq!(
            config,
            Config {
                hunted: usize::from(k),
                side: BoardSide::One
            }
        );
        let mut dice = Dice::from_seed(u64::from(k));
        let s = Artemia::setup(&config, &mut dice);
        assert_invariants(&s);
        assert_eq!(
            (s.rescue, s.assimilation),
            (rescue, assimilation),
            "N = {n}"
        );
        assert_eq!(s.reserve, [copies; 5], "N = {n}");
        assert!(!s.beacon);
        assert_eq!(s.hunted.len(), usize::from(k));
        for h in &s.hunted {
            assert_eq!(h.hand, places([Lair, Jungle, River, Beach, Rover]));
            assert!(h.discard.is_empty() && h.in_play.is_empty());
            assert_eq!(h.will, 3);
            assert_eq!(h.survival.len(), 1);
        }
        assert_eq!(s.hunt_hand.len(), 3);
        assert_eq!(s.hunt_deck.len(), 17);
        assert_eq!(s.survival_deck.len(), 15 - usize::from(k));
        assert!(s.hunt_discard.is_empty() && s.survival_discard.is_empty());
        assert_eq!(s.turn, 1);
        assert_eq!(s.step, Step::HuntCard(Phase::Exploration));
        assert_eq!(Artemia::to_act(&s), [CREATURE]);
        assert_eq!(Artemia::outcome(&s), None);
    }
}

#[test]
fn board_side_is_a_match_option_that_sets_the_a_spaces() {
    let seats = [CREATURE, hunted(1)];
    let side = |board_side| {
        Artemia::configure(&seats, None, Options { board_side })
            .map(|c| c.side)
            .map_err(|e| e.code())
    };
    assert_eq!(side(None), Ok(BoardSide::One));
    assert_eq!(side(Some(1)), Ok(BoardSide::One));
    assert_eq!(side(Some(2)), Ok(BoardSide::Two));
    assert_eq!(side(Some(3)), Err("bad_options"));
    let t = Table::on_side(1, BoardSide::Two, 1);
    let view = Artemia::view(&t.s, Viewer::Spectator);
    assert_eq!(view.board_side, 2);
    assert_eq!(view.a_spaces, [1, 3, 5, 7, 9, 11]);
}

// ----- Phase 1 -----------------------------------------------------------------------------

#[test]
fn phase_1_creature_step_first_then_every_hunted_at_once_in_any_order() {
    let mut t = Table::new(3, 21);
    assert_eq!(t.s.step, Step::HuntCard(Phase::Exploration));
    assert_eq!(t.to_act(), [CREATURE]);
    assert_eq!(t.code(hunted(1), commit(Lair)), "not_your_turn");
    assert_eq!(t.code(hunted(2), Action::GiveUp {}), "not_your_turn");
    t.act(CREATURE, Action::Pass {});
    assert_eq!(t.s.step, Step::Explore(Waiting::all(3)));
    assert_eq!(t.to_act(), [hunted(1), hunted(2), hunted(3)]);
    assert_eq!(t.code(CREATURE, Action::Pass {}), "not_your_turn");
    assert_eq!(
        t.code(CREATURE, Action::PlaceCreatureToken { place: Lair }),
        "not_your_turn"
    );
    // Any order: hunted-3, then hunted-1, then hunted-2.
    t.act(hunted(3), commit(Beach));
    assert_eq!(t.to_act(), [hunted(1), hunted(2)]);
    t.act(hunted(1), commit(Lair));
    assert_eq!(t.to_act(), [hunted(2)]);
    assert_eq!(t.s.step.phase(), Phase::Exploration);
    let told = t.act(hunted(2), commit(Jungle));
    // 5.4: phase 1 ends when every Hunted has committed.
    assert!(told.contains(&Event::PhaseBegan {
        phase: Phase::Hunting
    }));
    assert_eq!(t.s.step, Step::CreatureToken);
    assert_eq!(t.to_act(), [CREATURE]);
}

#[test]
fn an_action_of_another_step_is_refused_saying_what_the_table_waits_for() {
    let mut t = Table::new(2, 21);
    t.creature_passes();
    let err = t.refuse(hunted(1), Action::PlaceCreatureToken { place: Lair });
    assert_eq!(err.code(), "wrong_phase");
    assert_eq!(
        err.message(),
        "that action is not possible now: the Hunted are exploring"
    );
}

#[test]
fn phase_1_each_hunted_commits_exactly_one_card_of_his_hand_and_the_commit_is_final() {
    let mut t = Table::new(2, 22);
    t.discard_places(1, only(River));
    t.creature_passes();
    let h1 = hunted(1);
    let none = Action::Commit {
        cards: PlaceSet::EMPTY,
    };
    let two = Action::Commit {
        cards: places([Lair, Jungle]),
    };
    assert_eq!(t.code(h1, none), "wrong_card_count");
    assert_eq!(t.code(h1, two), "wrong_card_count");
    assert_eq!(t.code(h1, commit(Wreck)), "card_not_in_hand");
    assert_eq!(t.code(h1, commit(River)), "card_not_in_hand");
    assert!(!t.is_legal(h1, two) && !t.is_legal(h1, commit(River)));
    let told = t.act(h1, commit(Jungle));
    assert!(told.contains(&Event::Committed {
        hunted: h1,
        count: 1,
        cards: Some(only(Jungle)),
    }));
    let h = &t.s.hunted[0];
    assert!(h.committed);
    assert_eq!(h.in_play, only(Jungle));
    assert_eq!(h.hand, places([Lair, Beach, Rover]));
    // Final: he may do nothing more this phase, while hunted-2 still may.
    assert!(t.legal(h1).is_empty());
    for action in [
        commit(Lair),
        Action::Resist { cards: only(River) },
        Action::GiveUp {},
        Action::Pass {},
    ] {
        assert_eq!(t.code(h1, action), "not_your_turn", "{action:?}");
    }
    assert!(t.is_legal(hunted(2), Action::GiveUp {}));
    t.act(hunted(2), commit(Rover));
    assert_eq!(t.s.step, Step::CreatureToken);
    assert_eq!(t.s.hunted[0].in_play, only(Jungle));
}

#[test]
fn phase_1_river_or_artefact_pending_means_two_cards_and_artefact_wins_over_river() {
    let mut t = Table::new(3, 23);
    t.give_place(2, Artefact);
    t.give_place(3, Artefact);
    // hunted-3 used The Artefact "last turn": he commits two cards, both resolved.
    t.s.hunted[2].artefact = true;
    t.creature_passes();
    t.act(hunted(1), commit(River));
    t.act(hunted(2), commit(Artefact));
    assert_eq!(t.code(hunted(3), commit(River)), "wrong_card_count");
    t.act(
        hunted(3),
        Action::Commit {
            cards: places([River, Artefact]),
        },
    );
    t.token_then_reckon(Swamp);
    assert_eq!(t.s.step, Step::Place(0, 0));
    t.act(hunted(1), use_power(Power::River {}));
    t.act(hunted(2), use_power(Power::Artefact {}));
    // Two presences, the lower place first.
    assert_eq!(t.s.step, Step::Place(2, 0));
    assert_eq!(t.s.hunted[2].presences[0].at, River);
    t.act(hunted(3), use_power(Power::River {}));
    assert_eq!(t.s.step, Step::Place(2, 1));
    t.act(hunted(3), use_power(Power::Artefact {}));
    t.end_turn();

    // Turn 2: hunted-1 under River, hunted-2 under Artefact, hunted-3 under both.
    let view = Artemia::view(&t.s, Viewer::Spectator);
    assert!(view.hunted[0].river && !view.hunted[0].artefact);
    assert!(view.hunted[1].artefact && view.hunted[2].artefact);
    t.creature_passes();
    for n in 1..=3 {
        assert_eq!(t.code(hunted(n), commit(Lair)), "wrong_card_count");
        let three = Action::Commit {
            cards: places([Lair, Jungle, Beach]),
        };
        assert_eq!(t.code(hunted(n), three), "wrong_card_count");
    }
    let two = |a, b| Action::Commit {
        cards: places([a, b]),
    };
    t.act(hunted(1), two(Lair, Jungle));
    t.act(hunted(2), two(Jungle, Beach));
    t.act(hunted(3), two(Jungle, Rover));
    assert_eq!(t.s.hunted[0].in_play, places([Lair, Jungle]));
    t.act(CREATURE, Action::PlaceCreatureToken { place: Swamp });
    t.creature_passes();
    t.hunted_pass();
    // 7.1.1: the River choice comes before the reveal, for hunted-1 only.
    assert_eq!(t.s.step, Step::RiverChoice(Waiting::from_fn(3, |i| i == 0)));
    assert!(!t.s.revealed);
    assert_eq!(t.to_act(), [hunted(1)]);
    t.act(hunted(1), Action::KeepInPlay { card: Jungle });
    assert!(t.s.revealed);
    assert!(t.s.hunted[0].hand.contains(Lair));
    let at = |i: usize| -> Vec<Place> { t.s.hunted[i].presences.iter().map(|p| p.at).collect() };
    assert_eq!(at(0), [Jungle]);
    assert_eq!(at(1), [Jungle, Beach]);
    assert_eq!(at(2), [Jungle, Rover]);
}

#[test]
fn resist_costs_1_will_and_takes_back_2_chosen_discards_any_number_of_times() {
    let mut t = Table::new(1, 24);
    let h1 = hunted(1);
    t.creature_passes();
    assert_eq!(
        t.code(
            h1,
            Action::Resist {
                cards: PlaceSet::EMPTY
            }
        ),
        "empty_discard"
    );
    t.discard_places(1, places([Lair, Jungle, River]));
    for cards in [only(Lair), places([Lair, Jungle, River]), PlaceSet::EMPTY] {
        assert_eq!(
            t.code(h1, Action::Resist { cards }),
            "wrong_card_count",
            "{cards:?}"
        );
    }
    assert_eq!(
        t.code(
            h1,
            Action::Resist {
                cards: places([Lair, Beach])
            }
        ),
        "card_not_in_discard"
    );
    let assimilation = t.s.assimilation;
    t.act(
        h1,
        Action::Resist {
            cards: places([Jungle, River]),
        },
    );
    assert_eq!(t.s.hunted[0].will, 2);
    assert_eq!(t.s.hunted[0].discard, only(Lair));
    assert_eq!(t.s.hunted[0].hand, places([Jungle, River, Beach, Rover]));
    // Fewer than two in the discard: all of them, and again in the same turn.
    assert_eq!(
        t.code(
            h1,
            Action::Resist {
                cards: PlaceSet::EMPTY
            }
        ),
        "wrong_card_count"
    );
    t.act(h1, Action::Resist { cards: only(Lair) });
    assert_eq!(t.s.hunted[0].will, 1);
    assert!(t.s.hunted[0].discard.is_empty());
    assert_eq!(t.s.assimilation, assimilation);
    assert!(matches!(t.s.step, Step::Explore(_)));
}

#[test]
fn resist_with_the_last_will_exhausts_at_once_and_assimilation_advances() {
    let mut t = Table::new(2, 25);
    t.discard_places(1, places([Lair, Jungle, River]));
    t.s.hunted[0].will = 1;
    let assimilation = t.s.assimilation;
    t.creature_passes();
    let told = t.act(
        hunted(1),
        Action::Resist {
            cards: places([Lair, Jungle]),
        },
    );
    let h = &t.s.hunted[0];
    assert_eq!(h.will, 3);
    assert!(h.discard.is_empty());
    assert_eq!(h.hand, places([Lair, Jungle, River, Beach, Rover]));
    assert_eq!(t.s.assimilation, assimilation - 1);
    assert!(
        position(
            &told,
            &Event::WillChanged {
                hunted: hunted(1),
                will: 0
            }
        ) < position(&told, &Event::Exhausted { hunted: hunted(1) })
    );
    // Still in phase 1 and still to commit.
    assert_eq!(t.s.step, Step::Explore(Waiting::all(2)));
}

#[test]
fn resist_needs_will_left() {
    let mut t = Table::new(1, 26);
    t.discard_places(1, only(Lair));
    t.creature_passes();
    // Will 0 never lasts outside phase 3 (5.3); the guard holds all the same.
    t.s.hunted[0].will = 0;
    assert_eq!(
        t.code(hunted(1), Action::Resist { cards: only(Lair) }),
        "no_will"
    );
}

#[test]
fn give_up_restores_will_and_discards_advances_assimilation_once_per_turn() {
    let mut t = Table::new(2, 27);
    t.discard_places(1, places([Lair, Jungle, River]));
    t.s.hunted[0].will = 1;
    let assimilation = t.s.assimilation;
    t.creature_passes();
    let told = t.act(hunted(1), Action::GiveUp {});
    assert!(told.contains(&Event::GaveUp { hunted: hunted(1) }));
    let h = &t.s.hunted[0];
    assert_eq!(h.will, 3);
    assert!(h.discard.is_empty());
    assert_eq!(h.hand, places([Lair, Jungle, River, Beach, Rover]));
    assert!(h.gave_up);
    assert_eq!(t.s.assimilation, assimilation - 1);
    assert!(!t.is_legal(hunted(1), Action::GiveUp {}));
    assert_eq!(t.code(hunted(1), Action::GiveUp {}), "already_gave_up");
    // hunted-2 may Give up in the same turn: the limit is per Hunted.
    t.act(hunted(2), Action::GiveUp {});
    assert_eq!(t.s.assimilation, assimilation - 2);
    t.act(hunted(1), commit(Jungle));
    t.act(hunted(2), commit(River));
    t.token_then_reckon(Swamp);
    t.r2_any();
    t.end_turn();
    t.creature_passes();
    assert!(t.is_legal(hunted(1), Action::GiveUp {}), "a new turn");
    t.act(hunted(1), Action::GiveUp {});
    assert_eq!(t.s.assimilation, assimilation - 3);
}

// ----- Phase 2 -----------------------------------------------------------------------------

#[test]
fn phase_2_hunt_card_first_then_the_creature_token_which_is_mandatory() {
    let mut t = Table::new(2, 31);
    t.set_hunt_hand(&[HuntCard::Fierceness, HuntCard::Interference]);
    t.explore(&[only(Lair), only(Jungle)]);
    assert_eq!(t.s.step, Step::CreatureToken);
    assert_eq!(t.to_act(), [CREATURE]);
    assert!(!t.is_legal(CREATURE, Action::Pass {}));
    assert_eq!(t.code(CREATURE, Action::Pass {}), "wrong_phase");
    assert_eq!(t.code(hunted(1), Action::Pass {}), "not_your_turn");
    for place in Place::ALL {
        assert!(t.is_legal(CREATURE, Action::PlaceCreatureToken { place }));
    }
    t.act(CREATURE, play(HuntPlay::Fierceness {}));
    assert_eq!(t.s.step, Step::CreatureToken, "the token is still to place");
    assert_eq!(
        t.code(CREATURE, play(HuntPlay::Interference {})),
        "hunt_card_limit"
    );
    assert_eq!(t.code(CREATURE, Action::Pass {}), "wrong_phase");
    t.act(CREATURE, Action::PlaceCreatureToken { place: Jungle });
    assert_eq!(t.s.creature_token, Some(Jungle));
    // 6.2: then the Hunted step (each holds a Survival card); the Creature is done.
    assert!(matches!(t.s.step, Step::Survival(Phase::Hunting, _)));
    assert_eq!(t.to_act(), [hunted(1), hunted(2)]);
    assert_eq!(
        t.code(CREATURE, play(HuntPlay::Interference {})),
        "not_your_turn"
    );
    t.hunted_pass();
    assert!(t.s.revealed, "phase 3 begins");
}

/// After the Creature token, with `card` played first (if any): whether the Creature is asked
/// for the Artemia token.
fn artemia_token_offered(side: BoardSide, rescue: u8, card: Option<HuntPlay>) -> bool {
    let mut t = Table::on_side(1, side, 32);
    t.set_hunt_hand(&[HuntCard::Mutation, HuntCard::Fierceness]);
    t.s.rescue = rescue;
    t.explore(&[only(Lair)]);
    if let Some(card) = card {
        t.act(CREATURE, play(card));
    }
    t.act(CREATURE, Action::PlaceCreatureToken { place: Swamp });
    let token = Action::PlaceArtemiaToken {
        places: only(Jungle),
    };
    let offered = t.s.step == Step::ArtemiaToken;
    assert_eq!(offered, t.is_legal(CREATURE, token));
    if offered {
        assert_eq!(t.to_act(), [CREATURE]);
        // One place (no Virus) and optional.
        let two = Action::PlaceArtemiaToken {
            places: places([Jungle, River]),
        };
        assert_eq!(t.code(CREATURE, two), "wrong_place_count");
        assert!(t.is_legal(CREATURE, Action::Pass {}));
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
fn phase_2_artemia_token_on_an_a_space_of_board_side_1_at_6_not_at_7() {
    assert!(artemia_token_offered(BoardSide::One, 6, None));
    assert!(!artemia_token_offered(BoardSide::One, 7, None));
    assert!(artemia_token_offered(BoardSide::One, 1, None));
}

#[test]
fn phase_2_artemia_token_on_an_a_space_of_board_side_2_at_7_not_at_6() {
    assert!(artemia_token_offered(BoardSide::Two, 7, None));
    assert!(!artemia_token_offered(BoardSide::Two, 6, None));
    assert!(artemia_token_offered(BoardSide::Two, 11, None));
    assert!(!artemia_token_offered(BoardSide::Two, 12, None));
}

#[test]
fn phase_2_artemia_token_with_an_artemia_card_only() {
    assert!(!artemia_token_offered(BoardSide::One, 13, None));
    assert!(artemia_token_offered(
        BoardSide::One,
        13,
        Some(HuntPlay::Mutation {})
    ));
    assert!(!artemia_token_offered(
        BoardSide::One,
        13,
        Some(HuntPlay::Fierceness {})
    ));
}

#[test]
fn phase_2_target_token_is_mandatory_after_a_target_card() {
    let mut t = Table::new(2, 33);
    t.set_hunt_hand(&[HuntCard::Scream]);
    t.explore(&[only(Lair), only(Jungle)]);
    t.act(CREATURE, play(HuntPlay::Scream {}));
    t.act(CREATURE, Action::PlaceCreatureToken { place: Lair });
    assert_eq!(t.s.step, Step::TargetToken);
    assert_eq!(t.to_act(), [CREATURE]);
    assert_eq!(t.code(CREATURE, Action::Pass {}), "wrong_phase");
    assert!(
        t.legal(CREATURE)
            .iter()
            .all(|a| matches!(a, Action::PlaceTargetToken { .. }))
    );
    assert_eq!(
        t.code(
            CREATURE,
            Action::PlaceTargetToken {
                places: places([Lair, Jungle])
            }
        ),
        "wrong_place_count"
    );
    t.act(
        CREATURE,
        Action::PlaceTargetToken {
            places: only(Jungle),
        },
    );
    assert_eq!(t.s.target_token, only(Jungle));
    assert!(matches!(t.s.step, Step::Survival(Phase::Hunting, _)));

    // Without a Target card the Target token is never asked for.
    let mut t = Table::new(2, 33);
    t.set_hunt_hand(&[HuntCard::Fierceness]);
    t.explore(&[only(Lair), only(Jungle)]);
    t.act(CREATURE, play(HuntPlay::Fierceness {}));
    t.act(CREATURE, Action::PlaceCreatureToken { place: Lair });
    assert!(matches!(t.s.step, Step::Survival(Phase::Hunting, _)));
    assert!(t.s.target_token.is_empty());

    // Force Field (a Target card of phase 1) uses the token itself: no Target step.
    let mut t = Table::new(2, 33);
    t.set_hunt_hand(&[HuntCard::ForceField]);
    t.act(
        CREATURE,
        play(HuntPlay::ForceField {
            places: places([Source, Artefact]),
        }),
    );
    t.act(hunted(1), commit(Lair));
    t.act(hunted(2), commit(Jungle));
    t.act(CREATURE, Action::PlaceCreatureToken { place: Lair });
    assert!(matches!(t.s.step, Step::Survival(Phase::Hunting, _)));
    assert_eq!(t.s.target_token, places([Source, Artefact]));
}

// ----- Phase 3 -----------------------------------------------------------------------------

#[test]
fn phase_3_reveal_turns_every_card_face_up_after_the_hunted_step_of_phase_2() {
    let mut t = Table::new(2, 41);
    t.explore(&[only(Lair), only(Beach)]);
    t.act(CREATURE, Action::PlaceCreatureToken { place: Swamp });
    let viewers = [
        Viewer::Seat(CREATURE),
        Viewer::Seat(hunted(2)),
        Viewer::Spectator,
    ];
    assert!(matches!(t.s.step, Step::Survival(Phase::Hunting, _)));
    for viewer in viewers {
        let view = Artemia::view(&t.s, viewer);
        assert_eq!(view.hunted[0].in_play, None, "{viewer:?}");
        assert_eq!(view.hunted[0].in_play_count, 1);
        assert!(view.hunted[0].committed);
    }
    let from = t.events.len();
    t.hunted_pass();
    assert!(t.s.revealed);
    assert!(t.events[from..].contains(&Event::PhaseBegan {
        phase: Phase::Reckoning
    }));
    for (n, card) in [(1, Lair), (2, Beach)] {
        assert!(t.events[from..].contains(&Event::Revealed {
            hunted: hunted(n),
            cards: only(card),
        }));
    }
    for viewer in viewers {
        let view = Artemia::view(&t.s, viewer);
        assert_eq!(view.hunted[0].in_play, Some(only(Lair)), "{viewer:?}");
        assert_eq!(view.hunted[0].presences, [Lair]);
        assert_eq!(view.hunted[1].in_play, Some(only(Beach)));
    }
    // 7.1.3: then the Creature's Hunt card step (he holds 3 cards).
    assert_eq!(t.s.step, Step::HuntCard(Phase::Reckoning));
    assert_eq!(t.to_act(), [CREATURE]);
}

#[test]
fn phase_3_resolves_r1_target_r2_places_r3_artemia_r4_creature_r5_exhaustion_in_order() {
    let mut t = Table::new(3, 42);
    t.set_hunt_hand(&[HuntCard::Scream]);
    t.s.rescue = 6; // an A-space: the Artemia token may go out
    t.s.hunted[2].will = 1;
    t.discard_places(3, only(Lair));
    let assimilation = t.s.assimilation;
    t.explore(&[only(Jungle), only(River), only(Beach)]);
    t.act(CREATURE, play(HuntPlay::Scream {}));
    t.act(CREATURE, Action::PlaceCreatureToken { place: Beach });
    t.act(
        CREATURE,
        Action::PlaceArtemiaToken {
            places: only(River),
        },
    );
    t.act(
        CREATURE,
        Action::PlaceTargetToken {
            places: only(Jungle),
        },
    );
    let from = t.events.len();
    t.hunted_pass();
    t.creature_passes();
    t.hunted_pass();
    // R1: hunted-1 at the Scream target chooses.
    assert_eq!(t.s.step, Step::Scream(Waiting::from_fn(3, |i| i == 0)));
    t.act(hunted(1), Action::LoseWill {});
    // R2: only hunted-1 is uncaught; hunted-3 (caught) gets no choice despite his discard.
    assert_eq!(t.s.step, Step::Place(0, 0));
    t.act(
        hunted(1),
        use_power(Power::Jungle {
            cards: only(Jungle),
        }),
    );
    // R3: hunted-2, under the Artemia token, discards a card of his choice.
    assert_eq!(
        t.s.step,
        Step::ArtemiaDiscard(Waiting::from_fn(3, |i| i == 1))
    );
    t.act(hunted(2), Action::DiscardPlace { card: Rover });
    // R4 and R5 need no decision: the match is in phase 4.
    assert_eq!(t.s.step.phase(), Phase::EndOfTurn, "{:?}", t.s.step);
    let told = &t.events[from..];
    let reveal = position(
        told,
        &Event::Revealed {
            hunted: hunted(1),
            cards: only(Jungle),
        },
    );
    let r1 = position(
        told,
        &Event::WillChanged {
            hunted: hunted(1),
            will: 2,
        },
    );
    let r2 = told
        .iter()
        .position(|e| matches!(e, Event::PowerUsed { hunted: h, .. } if *h == hunted(1)))
        .expect("hunted-1 used The Jungle");
    let r3 = position(
        told,
        &Event::CardsDiscarded {
            hunted: hunted(2),
            count: 1,
            cards: Some(only(Rover)),
        },
    );
    let r3_caught = position(
        told,
        &Event::Caught {
            hunted: hunted(2),
            token: Token::Artemia,
            place: River,
        },
    );
    let r4 = position(
        told,
        &Event::Caught {
            hunted: hunted(3),
            token: Token::Creature,
            place: Beach,
        },
    );
    let r4_will = position(
        told,
        &Event::WillChanged {
            hunted: hunted(3),
            will: 0,
        },
    );
    let r4_assimilation = position(
        told,
        &Event::AssimilationAdvanced {
            distance: assimilation - 1,
        },
    );
    let r5 = position(told, &Event::Exhausted { hunted: hunted(3) });
    let r5_assimilation = position(
        told,
        &Event::AssimilationAdvanced {
            distance: assimilation - 2,
        },
    );
    // The two R3 events (the catch and the discard) may come in either order within R3.
    let order = [
        reveal,
        r1,
        r2,
        r3.min(r3_caught),
        r3.max(r3_caught),
        r4,
        r4_will,
        r4_assimilation,
        r5,
        r5_assimilation,
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert_eq!(t.s.hunted[0].will, 2);
    assert!(t.s.hunted[0].hand.contains(Jungle), "R2 was used");
    assert_eq!(t.s.hunted[1].will, 3, "the Artemia token takes no Will");
    assert_eq!(t.s.hunted[1].discard, only(Rover));
    assert_eq!(t.s.hunted[2].will, 3, "exhausted in R5");
    assert!(t.s.hunted[2].discard.is_empty());
    assert_eq!(t.s.assimilation, assimilation - 2);
}

#[test]
fn two_or_more_hunted_exhausted_in_one_turn_advance_assimilation_once() {
    for exhausted in [2usize, 3] {
        let mut t = Table::new(3, 44);
        for h in &mut t.s.hunted[..exhausted] {
            h.will = 1;
        }
        let assimilation = t.s.assimilation;
        t.explore(&[only(River), only(River), only(River)]);
        let from = t.events.len();
        t.token_then_reckon(River);
        assert_eq!(t.s.step.phase(), Phase::EndOfTurn, "{:?}", t.s.step);
        let told = &t.events[from..];
        let count = |f: fn(&Event) -> bool| told.iter().filter(|e| f(e)).count();
        assert_eq!(count(|e| matches!(e, Event::Exhausted { .. })), exhausted);
        for h in &t.s.hunted[..exhausted] {
            assert_eq!(h.will, 3, "exhausted in R5");
        }
        // Once in R4 for the catch, once in R5 however many were exhausted.
        assert_eq!(
            count(|e| matches!(e, Event::AssimilationAdvanced { .. })),
            2
        );
        assert_eq!(t.s.assimilation, assimilation - 2, "{exhausted} exhausted");
    }
}

// ----- Phase 4 -----------------------------------------------------------------------------

#[test]
fn phase_4_creature_step_then_hunted_step_then_clean_up() {
    let mut t = Table::new(2, 51);
    t.give_survival(1, SurvivalCard::Amplifier);
    t.s.beacon = true;
    let rescue = t.s.rescue;
    t.explore(&[only(River), only(Lair)]);
    t.token_then_reckon(Lair);
    t.act(hunted(1), use_power(Power::River {}));
    assert_eq!(t.s.step, Step::HuntCard(Phase::EndOfTurn));
    assert_eq!(t.to_act(), [CREATURE]);
    assert_eq!(t.code(hunted(1), Action::Pass {}), "not_your_turn");
    t.act(CREATURE, Action::Pass {});
    assert!(matches!(t.s.step, Step::Survival(Phase::EndOfTurn, w) if w.contains(0)));
    assert_eq!(t.code(CREATURE, Action::Pass {}), "not_your_turn");
    let from = t.events.len();
    t.act(
        hunted(1),
        Action::PlaySurvival {
            play: SurvivalPlay::Amplifier {},
        },
    );
    t.hunted_pass();
    // Amplifier resolves in the Hunted step, then the clean-up advances Rescue again.
    let told = &t.events[from..];
    let amplifier = position(
        told,
        &Event::RescueAdvanced {
            distance: rescue - 1,
        },
    );
    let clean_up = position(
        told,
        &Event::RescueAdvanced {
            distance: rescue - 2,
        },
    );
    let ended = position(told, &Event::TurnEnded { turn: 1 });
    assert!(amplifier < clean_up && clean_up < ended);
    assert!(!t.s.beacon);
    assert_eq!(t.s.turn, 2);
}

#[test]
fn phase_4_clean_up_discards_played_cards_refills_the_hunt_hand_advances_rescue_next_turn() {
    let mut t = Table::new(2, 52);
    t.set_hunt_hand(&[HuntCard::Fierceness, HuntCard::Stasis, HuntCard::Tracking]);
    let rescue = t.s.rescue;
    let deck = t.s.hunt_deck.len();
    t.explore(&[only(River), only(Jungle)]);
    t.act(CREATURE, play(HuntPlay::Fierceness {}));
    t.token_then_reckon(Swamp);
    t.act(hunted(1), use_power(Power::River {}));
    assert_eq!(t.s.hunt_hand.len(), 2);
    let from = t.events.len();
    t.act(
        hunted(2),
        use_power(Power::Jungle {
            cards: only(Jungle),
        }),
    );
    // No allowance left: neither Creature step of phases 3 and 4 is asked.
    assert!(matches!(
        t.s.step,
        Step::Survival(Phase::EndOfTurn, _) | Step::HuntCard(Phase::Exploration)
    ));
    t.hunted_pass();
    let told = &t.events[from..];
    assert!(
        position(
            told,
            &Event::RescueAdvanced {
                distance: rescue - 1
            }
        ) < position(told, &Event::TurnEnded { turn: 1 })
    );
    assert!(
        position(told, &Event::TurnEnded { turn: 1 })
            < position(told, &Event::TurnBegan { turn: 2 })
    );
    // Cards in play to the discards, except the Jungle already back in hand.
    let (h1, h2) = (&t.s.hunted[0], &t.s.hunted[1]);
    assert!(h1.in_play.is_empty() && h2.in_play.is_empty());
    assert_eq!(h1.discard, only(River));
    assert!(h2.discard.is_empty());
    assert!(h2.hand.contains(Jungle));
    // Hunt cards played to the Hunt discard, hand refilled to 3 from the deck.
    assert_eq!(t.s.hunt_discard, [HuntCard::Fierceness]);
    assert_eq!(t.s.hunt_hand.len(), 3);
    assert!(t.s.hunt_hand.contains(HuntCard::Stasis) && t.s.hunt_hand.contains(HuntCard::Tracking));
    assert_eq!(t.s.hunt_deck.len(), deck - 1);
    // Tokens off, Rescue advanced, a fresh turn 2.
    assert_eq!(t.s.creature_token, None);
    assert!(t.s.artemia_token.is_empty() && t.s.target_token.is_empty());
    assert_eq!(t.s.rescue, rescue - 1);
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.s.step, Step::HuntCard(Phase::Exploration));
    assert_eq!(
        t.s.fx,
        TurnEffects {
            allowance: 1,
            ..TurnEffects::default()
        }
    );
    assert!(!t.s.revealed);
    for h in &t.s.hunted {
        assert!(!h.committed && h.presences.is_empty());
    }
    assert!(
        t.s.hunted[0].river,
        "The River's power is pending this turn"
    );
}

// ----- The end of the game -----------------------------------------------------------------

/// The game is over: this outcome, nobody to act, every action of every seat refused.
fn assert_over(t: &mut Table, winners: &[Seat], reason: &str) {
    let outcome = Artemia::outcome(&t.s).expect("the game is over");
    assert_eq!(outcome.winners, winners);
    assert_eq!(outcome.reason, reason);
    assert_eq!(t.events.last(), Some(&Event::GameOver { outcome }));
    assert_eq!(t.s.step, Step::Over);
    assert!(t.to_act().is_empty());
    let seats: Vec<Seat> = std::iter::once(CREATURE)
        .chain((0..t.s.hunted.len()).map(State::seat))
        .collect();
    let actions = [
        Action::Pass {},
        commit(Lair),
        Action::GiveUp {},
        Action::Resist { cards: only(Lair) },
        Action::PlaceCreatureToken { place: Lair },
        Action::PlaceArtemiaToken { places: only(Lair) },
        Action::TakeBack { card: Lair },
        use_power(Power::Wreck {}),
        play(HuntPlay::Stasis {}),
    ];
    for seat in seats {
        assert!(t.legal(seat).is_empty(), "{seat}");
        for action in actions {
            assert_eq!(t.code(seat, action), "game_over", "{seat} {action:?}");
        }
    }
    for viewer in [
        Viewer::Spectator,
        Viewer::Seat(CREATURE),
        Viewer::Omniscient,
    ] {
        assert_eq!(Artemia::view(&t.s, viewer).decision, None);
        assert_eq!(Artemia::view(&t.s, viewer).phase, TablePhase::Over);
    }
}

#[test]
fn after_the_end_the_views_phase_says_the_match_is_over() {
    // Rescue reaches 0 at the clean-up of phase 4.
    let mut t = Table::new(2, 61);
    t.s.rescue = 1;
    t.explore(&[only(Jungle), only(River)]);
    t.token_then_reckon(Swamp);
    t.r2_any();
    t.creature_passes();
    t.hunted_pass();
    assert!(Artemia::outcome(&t.s).is_some());
    let viewers = [
        Viewer::Spectator,
        Viewer::Seat(CREATURE),
        Viewer::Omniscient,
    ]
    .into_iter()
    .chain((1..=2).map(|n| Viewer::Seat(hunted(n))));
    for viewer in viewers {
        let view: serde_json::Value =
            serde_json::from_str(&t.view_json(viewer)).expect("views are JSON");
        assert_eq!(view["phase"], "over", "{viewer:?}");
    }
}

#[test]
fn rescue_reaching_0_wins_for_the_hunted() {
    let mut t = Table::new(2, 61);
    t.s.rescue = 1;
    t.explore(&[only(Jungle), only(River)]);
    t.token_then_reckon(Swamp);
    t.r2_any();
    t.creature_passes();
    t.hunted_pass();
    assert_eq!(t.s.rescue, 0);
    assert_eq!(t.s.turn, 1, "no new turn begins");
    assert!(!t.events.contains(&Event::TurnEnded { turn: 1 }));
    assert_over(&mut t, &[hunted(1), hunted(2)], "rescue");
}

#[test]
fn assimilation_reaching_0_wins_for_the_creature() {
    let mut t = Table::new(1, 62);
    t.s.assimilation = 1;
    t.explore(&[only(Beach)]);
    t.token_then_reckon(Beach);
    assert_eq!(t.s.assimilation, 0);
    assert_over(&mut t, &[CREATURE], "assimilation");
}

#[test]
fn giving_up_on_the_last_assimilation_step_ends_the_game_in_phase_1() {
    let mut t = Table::new(2, 63);
    t.s.assimilation = 1;
    t.creature_passes();
    t.act(hunted(2), Action::GiveUp {});
    assert_eq!(t.s.assimilation, 0);
    assert!(!t.s.hunted[0].committed);
    assert_over(&mut t, &[CREATURE], "assimilation");
}

#[test]
fn both_counters_in_one_phase_rescue_first_in_r2_so_r4_and_r5_are_not_resolved() {
    let mut t = Table::new(2, 64);
    t.s.rescue = 1;
    t.s.assimilation = 1;
    t.s.hunted[1].will = 1;
    t.give_place(1, Wreck);
    t.explore(&[only(Wreck), only(Jungle)]);
    t.token_then_reckon(Jungle);
    assert_eq!(t.s.step, Step::Place(0, 0));
    t.act(hunted(1), use_power(Power::Wreck {}));
    assert_eq!((t.s.rescue, t.s.assimilation), (0, 1));
    assert_eq!(t.s.hunted[1].will, 1, "R4 never took his Will");
    assert_over(&mut t, &[hunted(1), hunted(2)], "rescue");
}

#[test]
fn both_counters_in_one_turn_assimilation_first_in_r4_so_r5_and_phase_4_are_not_resolved() {
    let mut t = Table::new(2, 65);
    t.s.rescue = 1;
    t.s.assimilation = 1;
    t.s.hunted[1].will = 1;
    t.discard_places(2, only(Lair));
    t.explore(&[only(River), only(Jungle)]);
    t.token_then_reckon(Jungle);
    assert_eq!(t.s.step, Step::Place(0, 0));
    t.act(hunted(1), use_power(Power::River {}));
    assert_eq!((t.s.rescue, t.s.assimilation), (1, 0));
    // R5 would have given him 3 Will and his discard back.
    assert_eq!(t.s.hunted[1].will, 0);
    assert_eq!(t.s.hunted[1].discard, only(Lair));
    assert!(!t.events.contains(&Event::Exhausted { hunted: hunted(2) }));
    assert_over(&mut t, &[CREATURE], "assimilation");
}
