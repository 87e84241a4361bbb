//! Scripted turns for the ten place powers (rules section 9) and the R2 choice around them
//! (7.3 R2, 7.4): the take-back alternative, powers that cannot act, ineffective places, The
//! Beach and The Wreck once per turn in total (copies included), and the extra Will lost when
//! caught on The Lair (R4).
//!
//! Each test sets the hidden parts it needs directly on the state, keeping the invariants, then
//! drives the turn through the public `apply` door.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    Action, CopiedPower, Event, HuntCard, HuntPlay, Phase, Place, PlaceSet, Power, SurvivalCard,
    SurvivalPlay, Token, Via,
};

use super::support::{Table, hunted, only, places};
use crate::games::artemia::Artemia;
use crate::games::artemia::board;
use crate::games::artemia::state::Step;
use crate::games::{Game, Viewer};

const CREATURE: Seat = Seat::Creature;

// ----- Setting up hidden parts ---------------------------------------------------------------

/// A fresh table of `n` Hunted holding no Survival card, the Creature holding exactly `hand`
/// (an empty hand skips his optional steps; his cards go back on the deck).
fn table(n: usize, hand: &[HuntCard]) -> Table {
    Table::bare(n, 23, hand)
}

/// Hunted `n` takes every Survival card of the deck and of the discard.
fn give_all_survival(t: &mut Table, n: u8) {
    for card in SurvivalCard::ALL {
        t.give_survival(n, card);
    }
    assert!(t.s.survival_deck.is_empty() && t.s.survival_discard.is_empty());
}

fn reserve(t: &Table, place: Place) -> u8 {
    t.s.reserve[board::reserve_slot(place).expect("a reserve place")]
}

// ----- Driving the turn ----------------------------------------------------------------------

/// Phase 1 (each Hunted commits `cards[i]`), the Creature token on `at`, then every optional
/// step passed: the match waits at R2 (or whatever comes first).
fn turn_to_r2(t: &mut Table, cards: &[PlaceSet], at: Place) {
    t.explore(cards);
    t.act(CREATURE, Action::PlaceCreatureToken { place: at });
    t.pass_optional();
}

fn use_power(t: &mut Table, n: u8, power: Power) -> Vec<Event> {
    t.act(
        hunted(n),
        Action::UsePower {
            via: Via::Own,
            power,
        },
    )
}

fn refused_power(t: &mut Table, n: u8, via: Via, power: Power) -> &'static str {
    t.refuse(hunted(n), Action::UsePower { via, power }).code()
}

fn take_back(t: &mut Table, n: u8, card: Place) -> Vec<Event> {
    t.act(hunted(n), Action::TakeBack { card })
}

/// The powers `seat` may use now, per the legal list (each once).
fn powers(t: &Table, seat: Seat) -> Vec<(Via, Power)> {
    let mut out: Vec<(Via, Power)> = Vec::new();
    for action in t.legal(seat) {
        if let Action::UsePower { via, power } = action
            && !out.contains(&(via, power))
        {
            out.push((via, power));
        }
    }
    out
}

fn powers_used_by(t: &Table, seat: Seat) -> usize {
    t.events
        .iter()
        .filter(|e| matches!(e, Event::PowerUsed { hunted, .. } if *hunted == seat))
        .count()
}

// ----- 1 The Lair ------------------------------------------------------------------------------

#[test]
fn lair_returns_the_whole_discard_but_not_the_lair_card_in_play() {
    let mut t = table(1, &[]);
    t.discard_places(1, places([Place::Jungle, Place::River]));
    turn_to_r2(&mut t, &[only(Place::Lair)], Place::Artefact);
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(
            &mut t,
            1,
            Via::Own,
            Power::Lair {
                cards: only(Place::Jungle)
            }
        ),
        "wrong_cards"
    );
    assert_eq!(
        refused_power(
            &mut t,
            1,
            Via::Own,
            Power::Lair {
                cards: places([Place::Lair, Place::Jungle, Place::River])
            }
        ),
        "wrong_cards"
    );
    let lair: Vec<(Via, Power)> = powers(&t, hunted(1));
    assert_eq!(
        lair,
        [(
            Via::Own,
            Power::Lair {
                cards: places([Place::Jungle, Place::River])
            }
        )]
    );
    use_power(
        &mut t,
        1,
        Power::Lair {
            cards: places([Place::Jungle, Place::River]),
        },
    );
    assert_eq!(
        t.h(1).hand,
        places([Place::Jungle, Place::River, Place::Beach, Place::Rover])
    );
    assert_eq!(t.s.turn, 2);
    assert_eq!(
        t.h(1).discard,
        only(Place::Lair),
        "the Lair card is discarded"
    );
}

#[test]
fn lair_copies_the_power_of_the_place_under_the_creature_token() {
    let mut t = table(1, &[]);
    turn_to_r2(&mut t, &[only(Place::Lair)], Place::Wreck);
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert!(powers(&t, hunted(1)).contains(&(
        Via::Own,
        Power::LairCopy {
            copy: CopiedPower::Wreck {}
        }
    )));
    assert_eq!(
        refused_power(
            &mut t,
            1,
            Via::Own,
            Power::LairCopy {
                copy: CopiedPower::Beach {}
            }
        ),
        "cannot_copy"
    );
    let events = use_power(
        &mut t,
        1,
        Power::LairCopy {
            copy: CopiedPower::Wreck {},
        },
    );
    assert!(events.contains(&Event::PowerUsed {
        hunted: hunted(1),
        at: Place::Lair,
        via: Via::Own,
        power: Place::Lair,
        copied: Some(Place::Wreck)
    }));
    assert!(events.contains(&Event::RescueAdvanced { distance: 12 }));
    assert_eq!(t.s.rescue, 11, "the copied Wreck, then the clean-up");
}

#[test]
fn lair_copying_the_jungle_returns_the_lair_card_as_this_card() {
    let mut t = table(1, &[]);
    t.discard_places(1, only(Place::River));
    turn_to_r2(&mut t, &[only(Place::Lair)], Place::Jungle);
    assert_eq!(
        refused_power(
            &mut t,
            1,
            Via::Own,
            Power::LairCopy {
                copy: CopiedPower::Jungle {
                    cards: places([Place::Jungle, Place::River])
                }
            }
        ),
        "card_not_in_discard"
    );
    let events = use_power(
        &mut t,
        1,
        Power::LairCopy {
            copy: CopiedPower::Jungle {
                cards: places([Place::Lair, Place::River]),
            },
        },
    );
    assert!(events.contains(&Event::PlayedCardReturned {
        hunted: hunted(1),
        card: Place::Lair
    }));
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.h(1).hand.len(), 5);
    assert!(t.h(1).discard.is_empty());
}

#[test]
fn the_lair_with_an_empty_discard_offers_no_do_nothing_power() {
    // Nothing to return and nothing to copy: the presence gets nothing and is not asked.
    let mut t = table(1, &[]);
    turn_to_r2(&mut t, &[only(Place::Lair)], Place::Artefact);
    assert_eq!(t.s.turn, 2, "R2 had nothing to ask");
    assert_eq!(powers_used_by(&t, hunted(1)), 0);

    // With a copy to make, the copy alone is offered; returning the empty discard is refused.
    let mut t = table(1, &[]);
    turn_to_r2(&mut t, &[only(Place::Lair)], Place::Wreck);
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        t.legal(hunted(1)),
        [Action::UsePower {
            via: Via::Own,
            power: Power::LairCopy {
                copy: CopiedPower::Wreck {}
            }
        }]
    );
    assert_eq!(
        refused_power(
            &mut t,
            1,
            Via::Own,
            Power::Lair {
                cards: PlaceSet::EMPTY
            }
        ),
        "empty_discard"
    );

    // A discard of one card: returning it is offered once, not as "one card" and "all".
    let mut t = table(1, &[]);
    t.discard_places(1, only(Place::River));
    turn_to_r2(&mut t, &[only(Place::Lair)], Place::Artefact);
    let lair = Action::UsePower {
        via: Via::Own,
        power: Power::Lair {
            cards: only(Place::River),
        },
    };
    let legal = t.legal(hunted(1));
    assert_eq!(legal.iter().filter(|&&a| a == lair).count(), 1, "{legal:?}");
}

#[test]
fn lair_never_copies_the_artefact_nor_itself() {
    let mut t = table(1, &[]);
    t.discard_places(1, only(Place::River));
    turn_to_r2(&mut t, &[only(Place::Lair)], Place::Artefact);
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert!(
        powers(&t, hunted(1))
            .iter()
            .all(|(_, p)| matches!(p, Power::Lair { .. })),
        "no copy of the Artefact: {:?}",
        powers(&t, hunted(1))
    );

    // A dodging Hunted on The Lair under the Creature token: nothing to copy.
    let mut t = table(1, &[]);
    t.discard_places(1, only(Place::River));
    t.give_survival(1, SurvivalCard::Dodge);
    t.explore(&[only(Place::Lair)]);
    t.act(CREATURE, Action::PlaceCreatureToken { place: Place::Lair });
    t.pass_until(|s| matches!(s, Step::Survival(Phase::Reckoning, _)));
    t.act(
        hunted(1),
        Action::PlaySurvival {
            play: SurvivalPlay::Dodge {},
        },
    );
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert!(
        powers(&t, hunted(1))
            .iter()
            .all(|(_, p)| matches!(p, Power::Lair { .. }))
    );
}

#[test]
fn lair_never_copies_an_ineffective_place() {
    let mut t = table(1, &[HuntCard::Interference]);
    t.discard_places(1, only(Place::River));
    t.explore(&[only(Place::Lair)]);
    t.act(
        CREATURE,
        Action::PlayHunt {
            play: HuntPlay::Interference {},
            flashback: false,
        },
    );
    t.act(
        CREATURE,
        Action::PlaceCreatureToken {
            place: Place::Wreck,
        },
    );
    t.pass_optional();
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(
            &mut t,
            1,
            Via::Own,
            Power::LairCopy {
                copy: CopiedPower::Wreck {}
            }
        ),
        "place_ineffective"
    );
    assert_eq!(
        powers(&t, hunted(1)),
        [(
            Via::Own,
            Power::Lair {
                cards: only(Place::River)
            }
        )]
    );
}

#[test]
fn caught_on_the_lair_costs_one_more_will() {
    let will_after_catch = |at: Place| {
        let mut t = table(1, &[]);
        turn_to_r2(&mut t, &[only(at)], at);
        assert_eq!(t.s.turn, 2, "caught: no R2, the turn ends");
        assert!(t.events.contains(&Event::Caught {
            hunted: hunted(1),
            token: Token::Creature,
            place: at
        }));
        assert_eq!(t.s.assimilation, 6);
        t.h(1).will
    };
    assert_eq!(will_after_catch(Place::Lair), 1);
    assert_eq!(will_after_catch(Place::Jungle), 2);
}

// ----- 2 The Jungle ----------------------------------------------------------------------------

#[test]
fn jungle_takes_back_the_jungle_card_and_one_card_of_the_discard() {
    let mut t = table(1, &[]);
    t.discard_places(1, places([Place::River, Place::Beach]));
    turn_to_r2(&mut t, &[only(Place::Jungle)], Place::Artefact);
    for cards in [
        only(Place::River),
        only(Place::Jungle),
        places([Place::Jungle, Place::River, Place::Beach]),
    ] {
        assert_eq!(
            refused_power(&mut t, 1, Via::Own, Power::Jungle { cards }),
            "wrong_cards",
            "{cards:?}"
        );
    }
    assert_eq!(
        powers(&t, hunted(1)),
        [
            (
                Via::Own,
                Power::Jungle {
                    cards: places([Place::Jungle, Place::River])
                }
            ),
            (
                Via::Own,
                Power::Jungle {
                    cards: places([Place::Jungle, Place::Beach])
                }
            ),
        ]
    );
    let events = use_power(
        &mut t,
        1,
        Power::Jungle {
            cards: places([Place::Jungle, Place::River]),
        },
    );
    assert!(events.contains(&Event::PlayedCardReturned {
        hunted: hunted(1),
        card: Place::Jungle
    }));
    assert_eq!(t.s.turn, 2);
    assert_eq!(
        t.h(1).hand,
        places([Place::Lair, Place::Jungle, Place::River, Place::Rover])
    );
    assert_eq!(
        t.h(1).discard,
        only(Place::Beach),
        "the Jungle card is not discarded in phase 4"
    );
}

// ----- 3 The River -----------------------------------------------------------------------------

#[test]
fn river_makes_its_player_commit_two_cards_next_turn_and_keep_one_after_the_tokens() {
    let mut t = table(1, &[]);
    turn_to_r2(&mut t, &[only(Place::River)], Place::Artefact);
    use_power(&mut t, 1, Power::River {});
    assert_eq!(t.s.turn, 2);
    assert!(t.h(1).river);
    assert!(Artemia::view(&t.s, Viewer::Seat(CREATURE)).hunted[0].river);
    t.creature_passes();
    assert_eq!(
        t.refuse(
            hunted(1),
            Action::Commit {
                cards: only(Place::Jungle)
            }
        )
        .code(),
        "wrong_card_count"
    );
    let events = t.act(
        hunted(1),
        Action::Commit {
            cards: places([Place::Jungle, Place::Beach]),
        },
    );
    assert!(events.contains(&Event::Committed {
        hunted: hunted(1),
        count: 2,
        cards: Some(places([Place::Jungle, Place::Beach]))
    }));
    t.act(
        CREATURE,
        Action::PlaceCreatureToken {
            place: Place::Jungle,
        },
    );
    t.pass_optional();
    // Step 7.1.1: the tokens are down, nothing is revealed yet.
    assert!(matches!(t.s.step, Step::RiverChoice(_)));
    assert_eq!(t.to_act(), [hunted(1)]);
    assert!(!t.s.revealed);
    assert_eq!(
        t.legal(hunted(1)),
        [
            Action::KeepInPlay {
                card: Place::Jungle
            },
            Action::KeepInPlay { card: Place::Beach }
        ]
    );
    assert_eq!(
        t.refuse(hunted(1), Action::KeepInPlay { card: Place::Lair })
            .code(),
        "card_not_in_play"
    );
    let told = Artemia::apply(
        &mut t.s,
        hunted(1),
        &Action::KeepInPlay { card: Place::Beach },
        &mut t.dice,
    )
    .expect("the River choice is accepted");
    let choice = told
        .iter()
        .find(|x| matches!(x.event, Event::RiverChoice { .. }))
        .expect("a River choice event");
    assert!(!choice.audience.includes(Viewer::Seat(CREATURE)));
    assert!(!choice.audience.includes(Viewer::Spectator));
    assert!(told.iter().any(|x| x.event
        == Event::Revealed {
            hunted: hunted(1),
            cards: only(Place::Beach)
        }));
    assert!(t.h(1).hand.contains(Place::Jungle), "back to hand unseen");
    assert_eq!(t.h(1).in_play, only(Place::Beach));
    t.pass_optional();
    assert_eq!(t.s.step, Step::Place(0, 0), "away from the Creature token");
    assert_eq!(t.h(1).presences.len(), 1);
    assert_eq!(t.h(1).presences[0].at, Place::Beach);
}

// ----- 4 The Beach -----------------------------------------------------------------------------

#[test]
fn beach_puts_the_beacon_on_then_a_later_beach_takes_it_off_and_advances_rescue() {
    let mut t = table(2, &[]);
    t.discard_places(2, only(Place::Lair));
    turn_to_r2(
        &mut t,
        &[only(Place::Beach), only(Place::Beach)],
        Place::Artefact,
    );
    assert!(!t.s.beacon);
    let events = use_power(&mut t, 1, Power::Beach {});
    assert!(events.contains(&Event::BeaconPlaced));
    assert!(t.s.beacon);
    assert_eq!(t.s.rescue, 14, "placing the Beacon does not advance Rescue");
    // hunted-2 on The Beach too: only the take-back.
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert_eq!(
        refused_power(&mut t, 2, Via::Own, Power::Beach {}),
        "beach_used"
    );
    assert_eq!(t.legal(hunted(2)), [Action::TakeBack { card: Place::Lair }]);
    take_back(&mut t, 2, Place::Lair);
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.s.rescue, 13);
    assert!(t.s.beacon, "the Beacon stays on between turns");
    // Turn 2: hunted-1 resists to take his Beach back and explores it again.
    t.creature_passes();
    t.act(
        hunted(1),
        Action::Resist {
            cards: only(Place::Beach),
        },
    );
    t.act(
        hunted(1),
        Action::Commit {
            cards: only(Place::Beach),
        },
    );
    t.act(
        hunted(2),
        Action::Commit {
            cards: only(Place::Jungle),
        },
    );
    t.act(
        CREATURE,
        Action::PlaceCreatureToken {
            place: Place::Artefact,
        },
    );
    t.pass_optional();
    assert_eq!(t.s.step, Step::Place(0, 0));
    let events = use_power(&mut t, 1, Power::Beach {});
    assert!(events.contains(&Event::BeaconRemoved));
    assert!(events.contains(&Event::RescueAdvanced { distance: 12 }));
    assert!(!t.s.beacon);
}

// ----- 5 The Rover -----------------------------------------------------------------------------

#[test]
fn rover_takes_only_a_reserve_card_its_player_does_not_own() {
    // Two Hunted, two copies of each: hunted-2 owns the 6 (in his discard); the reserve
    // holds one 6 and one 8, and nothing else.
    let mut t = table(2, &[]);
    t.give_place(2, Place::Swamp);
    t.discard_places(2, only(Place::Swamp));
    for place in [Place::Shelter, Place::Source, Place::Artefact] {
        t.give_place(1, place);
        t.give_place(2, place);
    }
    t.give_place(1, Place::Wreck);
    assert_eq!(reserve(&t, Place::Swamp), 1);
    assert_eq!(reserve(&t, Place::Wreck), 1);
    turn_to_r2(
        &mut t,
        &[only(Place::Jungle), only(Place::Rover)],
        Place::Lair,
    );
    use_power(
        &mut t,
        1,
        Power::Jungle {
            cards: only(Place::Jungle),
        },
    );
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert_eq!(
        powers(&t, hunted(2)),
        [(Via::Own, Power::Rover { card: Place::Wreck })]
    );
    for (card, code) in [
        (Place::Swamp, "already_owned"),
        (Place::Shelter, "already_owned"),
        (Place::Lair, "not_in_reserve"),
    ] {
        assert_eq!(
            refused_power(&mut t, 2, Via::Own, Power::Rover { card }),
            code,
            "{card:?}"
        );
    }
    let events = use_power(&mut t, 2, Power::Rover { card: Place::Wreck });
    assert!(events.contains(&Event::ReserveCardTaken {
        hunted: hunted(2),
        card: Place::Wreck
    }));
    assert!(t.h(2).hand.contains(Place::Wreck));
    assert_eq!(reserve(&t, Place::Wreck), 0);
    assert!(
        Artemia::view(&t.s, Viewer::Spectator).hunted[1]
            .owned
            .contains(Place::Wreck),
        "owned cards are public"
    );
}

#[test]
fn rover_with_only_owned_or_missing_cards_cannot_be_chosen() {
    // Three Hunted, two copies of each: the reserve holds only a 6, which hunted-2 owns.
    let mut t = table(3, &[]);
    t.give_place(2, Place::Swamp);
    t.discard_places(2, only(Place::Swamp));
    for place in [Place::Shelter, Place::Wreck, Place::Source, Place::Artefact] {
        t.give_place(1, place);
        t.give_place(3, place);
    }
    turn_to_r2(
        &mut t,
        &[only(Place::Jungle), only(Place::Rover), only(Place::River)],
        Place::Lair,
    );
    use_power(
        &mut t,
        1,
        Power::Jungle {
            cards: only(Place::Jungle),
        },
    );
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert_eq!(
        refused_power(&mut t, 2, Via::Own, Power::Rover { card: Place::Swamp }),
        "already_owned"
    );
    assert_eq!(
        refused_power(&mut t, 2, Via::Own, Power::Rover { card: Place::Wreck }),
        "reserve_empty"
    );
    assert_eq!(
        t.legal(hunted(2)),
        [Action::TakeBack { card: Place::Swamp }]
    );
    take_back(&mut t, 2, Place::Swamp);
    assert_eq!(reserve(&t, Place::Swamp), 1);
}

#[test]
fn rover_with_an_empty_reserve_and_an_empty_discard_gives_nothing() {
    // Three Hunted: hunted-2 and hunted-3 hold every copy; hunted-1 and hunted-3 explore The
    // Rover, hunted-1 with a card in his discard, hunted-3 with none.
    let mut t = table(3, &[]);
    for place in board::RESERVE {
        t.give_place(2, place);
        t.give_place(3, place);
    }
    t.discard_places(1, only(Place::River));
    turn_to_r2(
        &mut t,
        &[only(Place::Rover), only(Place::Jungle), only(Place::Rover)],
        Place::Lair,
    );
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(&mut t, 1, Via::Own, Power::Rover { card: Place::Swamp }),
        "reserve_empty"
    );
    assert_eq!(
        t.legal(hunted(1)),
        [Action::TakeBack { card: Place::River }]
    );
    take_back(&mut t, 1, Place::River);
    use_power(
        &mut t,
        2,
        Power::Jungle {
            cards: only(Place::Jungle),
        },
    );
    // hunted-3 is never asked: the turn is over.
    assert_eq!(t.s.turn, 2);
    assert_eq!(powers_used_by(&t, hunted(3)), 0);
    assert_eq!(t.h(3).discard, only(Place::Rover));
}

// ----- 6 The Swamp -----------------------------------------------------------------------------

#[test]
fn swamp_takes_back_the_swamp_card_and_two_cards_of_the_discard() {
    let mut t = table(1, &[]);
    t.give_place(1, Place::Swamp);
    t.discard_places(1, places([Place::Jungle, Place::River, Place::Beach]));
    turn_to_r2(&mut t, &[only(Place::Swamp)], Place::Artefact);
    for cards in [
        places([Place::Swamp, Place::Jungle]),
        places([Place::Jungle, Place::River]),
        places([Place::Swamp, Place::Jungle, Place::River, Place::Beach]),
    ] {
        assert_eq!(
            refused_power(&mut t, 1, Via::Own, Power::Swamp { cards }),
            "wrong_cards",
            "{cards:?}"
        );
    }
    let events = use_power(
        &mut t,
        1,
        Power::Swamp {
            cards: places([Place::Swamp, Place::Jungle, Place::River]),
        },
    );
    assert!(events.contains(&Event::PlayedCardReturned {
        hunted: hunted(1),
        card: Place::Swamp
    }));
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.h(1).discard, only(Place::Beach));
    assert!(t.h(1).hand.contains(Place::Swamp));
    assert_eq!(t.h(1).hand.len(), 5);
}

// ----- 7 The Shelter ---------------------------------------------------------------------------

#[test]
fn shelter_draws_two_survival_cards_and_keeps_one() {
    let mut t = table(1, &[]);
    t.give_place(1, Place::Shelter);
    turn_to_r2(&mut t, &[only(Place::Shelter)], Place::Artefact);
    let n = t.s.survival_deck.len();
    let top = t.s.survival_deck[n - 1];
    let second = t.s.survival_deck[n - 2];
    use_power(&mut t, 1, Power::Shelter {});
    assert_eq!(t.s.step, Step::Shelter(0, 0));
    assert_eq!(t.h(1).shelter_draw, [top, second]);
    let not_drawn = t.s.survival_deck[0];
    assert_eq!(
        t.refuse(hunted(1), Action::KeepSurvival { card: not_drawn })
            .code(),
        "card_not_drawn"
    );
    assert_eq!(
        t.legal(hunted(1)),
        [
            Action::KeepSurvival { card: top },
            Action::KeepSurvival { card: second }
        ]
    );
    let events = t.act(hunted(1), Action::KeepSurvival { card: second });
    assert!(events.contains(&Event::ShelterKept {
        hunted: hunted(1),
        kept: Some(second),
        discarded: Some(top)
    }));
    assert_eq!(t.h(1).survival.iter().collect::<Vec<_>>(), [second]);
    assert_eq!(t.s.survival_discard, [top]);
    assert_eq!(t.s.survival_deck.len(), n - 2);
    // He may play it in phase 4 already.
    assert!(matches!(t.s.step, Step::Survival(Phase::EndOfTurn, _)));
}

#[test]
fn shelter_drawing_from_an_empty_deck_reshuffles_the_discard() {
    let mut t = table(1, &[]);
    t.give_place(1, Place::Shelter);
    let deck = std::mem::take(&mut t.s.survival_deck);
    t.s.survival_discard = deck;
    turn_to_r2(&mut t, &[only(Place::Shelter)], Place::Artefact);
    let events = use_power(&mut t, 1, Power::Shelter {});
    assert!(events.contains(&Event::SurvivalDeckShuffled { count: 15 }));
    assert!(t.s.survival_discard.is_empty());
    assert_eq!(t.s.survival_deck.len(), 13);
    assert_eq!(t.s.step, Step::Shelter(0, 0));
    assert_eq!(t.h(1).shelter_draw.len(), 2);
}

#[test]
fn shelter_keeps_the_only_card_that_can_be_drawn() {
    let mut t = table(2, &[]);
    give_all_survival(&mut t, 2);
    let last = SurvivalCard::Gate;
    t.s.hunted[1].survival.remove(last);
    t.s.survival_deck.push(last);
    t.give_place(1, Place::Shelter);
    turn_to_r2(
        &mut t,
        &[only(Place::Shelter), only(Place::Jungle)],
        Place::Artefact,
    );
    assert_eq!(t.s.step, Step::Place(0, 0));
    let events = use_power(&mut t, 1, Power::Shelter {});
    assert!(events.contains(&Event::SurvivalCardsDrawn {
        hunted: hunted(1),
        count: 1,
        cards: Some(vec![last])
    }));
    assert!(t.h(1).survival.contains(last));
    assert!(t.h(1).shelter_draw.is_empty());
    assert_eq!(t.s.step, Step::Place(1, 0), "no choice to make");
}

// ----- 8 The Wreck -----------------------------------------------------------------------------

#[test]
fn wreck_advances_rescue() {
    let mut t = table(1, &[]);
    t.give_place(1, Place::Wreck);
    turn_to_r2(&mut t, &[only(Place::Wreck)], Place::Artefact);
    let events = use_power(&mut t, 1, Power::Wreck {});
    assert!(events.contains(&Event::RescueAdvanced { distance: 12 }));
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.s.rescue, 11);
}

// ----- 9 The Source ----------------------------------------------------------------------------

#[test]
fn source_gives_one_will_to_a_hunted_of_its_players_choice() {
    let mut t = table(2, &[]);
    t.give_place(1, Place::Source);
    t.s.hunted[1].will = 1;
    turn_to_r2(
        &mut t,
        &[only(Place::Source), only(Place::Jungle)],
        Place::Artefact,
    );
    assert_eq!(
        powers(&t, hunted(1)),
        [
            (Via::Own, Power::SourceWill { hunted: hunted(1) }),
            (Via::Own, Power::SourceWill { hunted: hunted(2) }),
            (Via::Own, Power::SourceDraw {}),
        ]
    );
    assert_eq!(
        refused_power(&mut t, 1, Via::Own, Power::SourceWill { hunted: hunted(3) }),
        "unknown_seat"
    );
    let events = use_power(&mut t, 1, Power::SourceWill { hunted: hunted(2) });
    assert!(events.contains(&Event::WillChanged {
        hunted: hunted(2),
        will: 2
    }));
    assert_eq!(t.h(2).will, 2);
    assert_eq!(t.h(1).will, 3);
}

#[test]
fn source_draws_a_survival_card() {
    let mut t = table(1, &[]);
    t.give_place(1, Place::Source);
    turn_to_r2(&mut t, &[only(Place::Source)], Place::Artefact);
    let top = *t.s.survival_deck.last().expect("a Survival card");
    let n = t.s.survival_deck.len();
    use_power(&mut t, 1, Power::SourceDraw {});
    assert_eq!(t.h(1).survival.iter().collect::<Vec<_>>(), [top]);
    assert_eq!(t.s.survival_deck.len(), n - 1);
    assert_eq!(t.h(1).will, 3);
}

#[test]
fn source_and_shelter_cannot_draw_when_no_survival_card_is_left() {
    let mut t = table(2, &[]);
    give_all_survival(&mut t, 2);
    t.give_place(1, Place::Source);
    t.give_place(2, Place::Shelter);
    t.discard_places(2, only(Place::River));
    turn_to_r2(
        &mut t,
        &[only(Place::Source), only(Place::Shelter)],
        Place::Artefact,
    );
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(&mut t, 1, Via::Own, Power::SourceDraw {}),
        "cannot_draw"
    );
    assert!(
        !powers(&t, hunted(1)).contains(&(Via::Own, Power::SourceDraw {})),
        "the draw may not be chosen"
    );
    use_power(&mut t, 1, Power::SourceWill { hunted: hunted(1) });
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert_eq!(
        refused_power(&mut t, 2, Via::Own, Power::Shelter {}),
        "cannot_draw"
    );
    assert_eq!(
        t.legal(hunted(2)),
        [Action::TakeBack { card: Place::River }]
    );
}

// ----- 10 The Artefact -------------------------------------------------------------------------

#[test]
fn artefact_makes_its_player_commit_two_cards_next_turn_both_resolved() {
    let mut t = table(1, &[]);
    t.give_place(1, Place::Artefact);
    t.give_place(1, Place::Wreck);
    turn_to_r2(&mut t, &[only(Place::Artefact)], Place::Lair);
    use_power(&mut t, 1, Power::Artefact {});
    assert_eq!(t.s.turn, 2);
    assert!(t.h(1).artefact);
    assert_eq!(t.s.rescue, 12);
    t.creature_passes();
    assert_eq!(
        t.refuse(
            hunted(1),
            Action::Commit {
                cards: only(Place::Jungle)
            }
        )
        .code(),
        "wrong_card_count"
    );
    t.act(
        hunted(1),
        Action::Commit {
            cards: places([Place::Jungle, Place::Wreck]),
        },
    );
    t.act(CREATURE, Action::PlaceCreatureToken { place: Place::Lair });
    t.pass_optional();
    // Both revealed, no River choice; the lower place first.
    assert!(t.events.contains(&Event::Revealed {
        hunted: hunted(1),
        cards: places([Place::Jungle, Place::Wreck])
    }));
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(t.h(1).presences[0].at, Place::Jungle);
    use_power(
        &mut t,
        1,
        Power::Jungle {
            cards: places([Place::Jungle, Place::Artefact]),
        },
    );
    assert_eq!(t.s.step, Step::Place(0, 1));
    assert_eq!(t.h(1).presences[1].at, Place::Wreck);
    let events = use_power(&mut t, 1, Power::Wreck {});
    assert!(events.contains(&Event::RescueAdvanced { distance: 11 }));
    t.pass_optional();
    assert_eq!(t.s.turn, 3);
    assert_eq!(t.h(1).discard, only(Place::Wreck));
    assert!(!t.h(1).artefact, "one turn only");
}

#[test]
fn artefact_power_can_never_be_copied() {
    // Through The Lair: no copy is offered with the Creature token on The Artefact.
    let mut t = table(1, &[]);
    turn_to_r2(&mut t, &[only(Place::Lair)], Place::Artefact);
    assert!(
        !powers(&t, hunted(1))
            .iter()
            .any(|(_, p)| matches!(p, Power::LairCopy { .. }))
    );
    // Through a Gate from The Rover, its neighbour.
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::Gate);
    t.explore(&[only(Place::Rover)]);
    t.act(CREATURE, Action::PlaceCreatureToken { place: Place::Lair });
    t.pass_until(|s| matches!(s, Step::Survival(Phase::Reckoning, _)));
    t.act(
        hunted(1),
        Action::PlaySurvival {
            play: SurvivalPlay::Gate {},
        },
    );
    assert_eq!(
        refused_power(&mut t, 1, Via::Gate, Power::Artefact {}),
        "cannot_copy"
    );
    assert!(
        powers(&t, hunted(1))
            .iter()
            .all(|(_, p)| !matches!(p, Power::Artefact {}))
    );
}

// ----- The R2 choice -----------------------------------------------------------------------------

#[test]
fn take_back_is_the_alternative_to_the_power() {
    let mut t = table(1, &[]);
    t.give_place(1, Place::Wreck);
    t.discard_places(1, places([Place::River, Place::Beach]));
    turn_to_r2(&mut t, &[only(Place::Wreck)], Place::Artefact);
    let legal = t.legal(hunted(1));
    assert!(legal.contains(&Action::TakeBack { card: Place::River }));
    assert!(legal.contains(&Action::TakeBack { card: Place::Beach }));
    assert!(legal.contains(&Action::UsePower {
        via: Via::Own,
        power: Power::Wreck {}
    }));
    assert_eq!(
        t.refuse(hunted(1), Action::TakeBack { card: Place::Lair })
            .code(),
        "card_not_in_discard"
    );
    let events = take_back(&mut t, 1, Place::Beach);
    assert!(events.contains(&Event::CardsTakenBack {
        hunted: hunted(1),
        count: 1,
        cards: Some(only(Place::Beach))
    }));
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.s.rescue, 12, "only the clean-up advanced Rescue");
    assert_eq!(t.h(1).discard, places([Place::River, Place::Wreck]));
}

#[test]
fn take_back_needs_a_non_empty_discard() {
    let mut t = table(1, &[]);
    t.give_place(1, Place::Wreck);
    turn_to_r2(&mut t, &[only(Place::Wreck)], Place::Artefact);
    assert_eq!(
        t.legal(hunted(1)),
        [Action::UsePower {
            via: Via::Own,
            power: Power::Wreck {}
        }]
    );
    assert_eq!(
        t.refuse(hunted(1), Action::TakeBack { card: Place::Lair })
            .code(),
        "card_not_in_discard"
    );
}

#[test]
fn an_ineffective_place_leaves_only_the_take_back() {
    let mut t = table(1, &[HuntCard::Cataclysm]);
    t.discard_places(1, only(Place::River));
    t.explore(&[only(Place::Jungle)]);
    t.act(
        CREATURE,
        Action::PlaceCreatureToken {
            place: Place::Artefact,
        },
    );
    t.pass_until(|s| s == Step::HuntCard(Phase::Reckoning));
    t.act(
        CREATURE,
        Action::PlayHunt {
            play: HuntPlay::Cataclysm {
                place: Place::Jungle,
            },
            flashback: false,
        },
    );
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(
            &mut t,
            1,
            Via::Own,
            Power::Jungle {
                cards: places([Place::Jungle, Place::River])
            }
        ),
        "place_ineffective"
    );
    assert_eq!(
        t.legal(hunted(1)),
        [Action::TakeBack { card: Place::River }]
    );
    take_back(&mut t, 1, Place::River);
    assert_eq!(t.h(1).discard, only(Place::Jungle));
}

#[test]
fn an_ineffective_place_with_an_empty_discard_gives_nothing() {
    let mut t = table(1, &[HuntCard::Interference]);
    t.give_place(1, Place::Wreck);
    t.explore(&[only(Place::Wreck)]);
    t.act(
        CREATURE,
        Action::PlayHunt {
            play: HuntPlay::Interference {},
            flashback: false,
        },
    );
    t.act(
        CREATURE,
        Action::PlaceCreatureToken {
            place: Place::Artefact,
        },
    );
    assert_eq!(t.s.turn, 2, "nothing to choose in R2");
    assert_eq!(powers_used_by(&t, hunted(1)), 0);
    assert_eq!(t.s.rescue, 12);
}

// ----- The Beach and The Wreck: once per turn in total ---------------------------------------

#[test]
fn the_wreck_is_used_once_per_turn_by_all_hunted_together() {
    let mut t = table(2, &[]);
    t.give_place(1, Place::Wreck);
    t.give_place(2, Place::Wreck);
    t.discard_places(2, only(Place::Lair));
    turn_to_r2(
        &mut t,
        &[only(Place::Wreck), only(Place::Wreck)],
        Place::Artefact,
    );
    use_power(&mut t, 1, Power::Wreck {});
    assert_eq!(t.s.rescue, 13);
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert_eq!(
        refused_power(&mut t, 2, Via::Own, Power::Wreck {}),
        "wreck_used"
    );
    assert_eq!(t.legal(hunted(2)), [Action::TakeBack { card: Place::Lair }]);
    take_back(&mut t, 2, Place::Lair);
    assert_eq!(t.s.rescue, 12, "the Wreck once, then the clean-up");
}

#[test]
fn a_second_hunted_on_a_used_wreck_with_an_empty_discard_gets_nothing() {
    let mut t = table(2, &[]);
    t.give_place(1, Place::Wreck);
    t.give_place(2, Place::Wreck);
    turn_to_r2(
        &mut t,
        &[only(Place::Wreck), only(Place::Wreck)],
        Place::Artefact,
    );
    use_power(&mut t, 1, Power::Wreck {});
    assert_eq!(t.s.turn, 2, "hunted-2 is not asked");
    assert_eq!(powers_used_by(&t, hunted(2)), 0);
    assert_eq!(t.s.rescue, 12);
}

#[test]
fn a_lair_copy_of_the_wreck_uses_up_the_wreck_for_the_turn() {
    let mut t = table(2, &[]);
    t.give_survival(2, SurvivalCard::Dodge);
    t.give_place(2, Place::Wreck);
    t.discard_places(2, only(Place::Jungle));
    t.explore(&[only(Place::Lair), only(Place::Wreck)]);
    t.act(
        CREATURE,
        Action::PlaceCreatureToken {
            place: Place::Wreck,
        },
    );
    t.pass_until(|s| matches!(s, Step::Survival(Phase::Reckoning, _)));
    t.act(
        hunted(2),
        Action::PlaySurvival {
            play: SurvivalPlay::Dodge {},
        },
    );
    assert_eq!(t.s.step, Step::Place(0, 0));
    use_power(
        &mut t,
        1,
        Power::LairCopy {
            copy: CopiedPower::Wreck {},
        },
    );
    assert_eq!(t.s.rescue, 13);
    assert_eq!(t.s.step, Step::Place(1, 0), "hunted-2 dodged the token");
    assert_eq!(
        refused_power(&mut t, 2, Via::Own, Power::Wreck {}),
        "wreck_used"
    );
    assert_eq!(
        t.legal(hunted(2)),
        [Action::TakeBack {
            card: Place::Jungle
        }]
    );
}

#[test]
fn a_gate_to_the_beach_after_the_beach_was_used_is_refused() {
    let mut t = table(2, &[]);
    t.give_survival(2, SurvivalCard::Gate);
    t.explore(&[only(Place::Beach), only(Place::River)]);
    t.act(
        CREATURE,
        Action::PlaceCreatureToken {
            place: Place::Artefact,
        },
    );
    t.pass_until(|s| matches!(s, Step::Survival(Phase::Reckoning, _)));
    t.act(
        hunted(2),
        Action::PlaySurvival {
            play: SurvivalPlay::Gate {},
        },
    );
    use_power(&mut t, 1, Power::Beach {});
    assert!(t.s.beacon);
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert_eq!(
        refused_power(&mut t, 2, Via::Gate, Power::Beach {}),
        "beach_used"
    );
    let gates: Vec<Power> = powers(&t, hunted(2))
        .into_iter()
        .filter(|(via, _)| *via == Via::Gate)
        .map(|(_, p)| p)
        .collect();
    assert!(!gates.contains(&Power::Beach {}));
    assert!(gates.contains(&Power::Jungle {
        cards: only(Place::River)
    }));
}

#[test]
fn the_beach_and_the_wreck_may_both_be_used_in_the_same_turn() {
    let mut t = table(2, &[]);
    t.give_place(2, Place::Wreck);
    turn_to_r2(
        &mut t,
        &[only(Place::Beach), only(Place::Wreck)],
        Place::Artefact,
    );
    use_power(&mut t, 1, Power::Beach {});
    assert!(t.s.beacon);
    use_power(&mut t, 2, Power::Wreck {});
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.s.rescue, 12, "the Wreck, then the clean-up");
}
