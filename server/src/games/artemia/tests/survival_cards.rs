//! Scripted turns for each of the 15 Survival cards (rules section 11) and for their limits
//! (section 4 and 5.2): one Survival card per Hunted per turn, each only in its printed phase,
//! none under Despair, and the phase-3 submissions hidden until every Hunted has submitted, then
//! resolved in seat order (7.1.4 and section 13).
//!
//! Each test sets the hidden parts it needs directly on the state, keeping the invariants, then
//! drives the turn through the public `apply` door.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    Action, Event, HuntCard, HuntPlay, Phase, Place, PlaceSet, Power, SurvivalCard, SurvivalPlay,
    Token, Via,
};

use super::support::{Table, hunted, places};
use crate::games::artemia::Artemia;
use crate::games::artemia::board;
use crate::games::artemia::state::{Step, Waiting};
use crate::games::{Game, Viewer};

const CREATURE: Seat = Seat::Creature;

// ----- Setting up hidden parts ---------------------------------------------------------------

/// A fresh table of `n` Hunted holding no Survival card, the Creature holding exactly `hand`
/// (an empty hand skips his optional steps; his cards go back on the deck).
fn table(n: usize, hand: &[HuntCard]) -> Table {
    Table::bare(n, 11, hand)
}

// ----- Driving the turn ----------------------------------------------------------------------

/// Passes until the Hunted step of `phase`.
fn pass_to_survival(t: &mut Table, phase: Phase) {
    t.pass_until(|s| matches!(s, Step::Survival(p, _) if p == phase));
    assert!(
        matches!(t.s.step, Step::Survival(p, _) if p == phase),
        "expected the Survival step of {phase:?}, the match waits at {:?}",
        t.s.step
    );
}

fn creature_token(t: &mut Table, place: Place) {
    t.act(CREATURE, Action::PlaceCreatureToken { place });
}

fn survival(t: &mut Table, n: u8, play: SurvivalPlay) -> Vec<Event> {
    t.act(hunted(n), Action::PlaySurvival { play })
}

fn refused_survival(t: &mut Table, n: u8, play: SurvivalPlay) -> &'static str {
    t.refuse(hunted(n), Action::PlaySurvival { play }).code()
}

fn commit(t: &mut Table, n: u8, cards: PlaceSet) {
    t.act(hunted(n), Action::Commit { cards });
}

fn use_power(t: &mut Table, n: u8, via: Via, power: Power) -> Vec<Event> {
    t.act(hunted(n), Action::UsePower { via, power })
}

fn refused_power(t: &mut Table, n: u8, via: Via, power: Power) -> &'static str {
    t.refuse(hunted(n), Action::UsePower { via, power }).code()
}

/// The Survival cards `seat` may play now, per the legal list.
fn playable(t: &Table, seat: Seat) -> Vec<SurvivalCard> {
    let mut cards: Vec<SurvivalCard> = t
        .legal(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaySurvival { play } => {
                Some(crate::games::artemia::cards::survival_play_card(&play))
            }
            _ => None,
        })
        .collect();
    cards.dedup();
    cards
}

/// Plays the rest of the turn with harmless choices: passes, the first commit, the Creature
/// token where nobody stands, the first R2 choice.
fn finish_turn(t: &mut Table) {
    let turn = t.s.turn;
    while t.s.turn == turn && t.s.step != Step::Over {
        if t.s.step == Step::CreatureToken {
            let occupied =
                t.s.hunted
                    .iter()
                    .fold(PlaceSet::EMPTY, |m, h| m.union(h.in_play));
            let free = Place::ALL
                .into_iter()
                .find(|p| !occupied.contains(*p))
                .expect("a free place");
            creature_token(t, free);
            continue;
        }
        let seat = t.to_act()[0];
        let legal = t.legal(seat);
        let rank = |a: &Action| match a {
            Action::Pass {} => 0,
            Action::Commit { .. } => 1,
            Action::TakeBack { .. } => 2,
            Action::PlayHunt { .. }
            | Action::PlaySurvival { .. }
            | Action::GiveUp {}
            | Action::Resist { .. } => 4,
            _ => 3,
        };
        let action = *legal
            .iter()
            .min_by_key(|a| rank(a))
            .expect("a legal action");
        t.act(seat, action);
    }
}

fn caught(events: &[Event]) -> Vec<(Seat, Token)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Caught { hunted, token, .. } => Some((*hunted, *token)),
            _ => None,
        })
        .collect()
}

fn jungle_alone() -> Power {
    Power::Jungle {
        cards: places([Place::Jungle]),
    }
}

// ----- Phase 1 cards ---------------------------------------------------------------------------

#[test]
fn adrenaline_raises_will_by_one() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::Adrenaline);
    t.s.hunted[0].will = 2;
    t.creature_passes();
    let events = survival(&mut t, 1, SurvivalPlay::Adrenaline {});
    assert_eq!(t.h(1).will, 3);
    assert!(events.contains(&Event::WillChanged {
        hunted: hunted(1),
        will: 3
    }));
    assert!(!t.h(1).survival.contains(SurvivalCard::Adrenaline));
    assert_eq!(t.s.survival_discard.last(), Some(&SurvivalCard::Adrenaline));
    assert_eq!(t.s.step, Step::Explore(Waiting::all(1)));
}

#[test]
fn adrenaline_never_raises_will_above_three() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::Adrenaline);
    t.creature_passes();
    let events = survival(&mut t, 1, SurvivalPlay::Adrenaline {});
    assert_eq!(t.h(1).will, 3);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::WillChanged { .. }))
    );
    // The card was played all the same (section 4: playable when it changes nothing).
    assert_eq!(t.s.survival_discard.last(), Some(&SurvivalCard::Adrenaline));
}

#[test]
fn ingenuity_puts_the_beacon_on_the_beach() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::Ingenuity);
    t.creature_passes();
    assert!(!t.s.beacon);
    let events = survival(&mut t, 1, SurvivalPlay::Ingenuity {});
    assert!(t.s.beacon);
    assert!(events.contains(&Event::BeaconPlaced));
    assert_eq!(t.s.rescue, 13, "placing the Beacon does not advance Rescue");
}

#[test]
fn ingenuity_does_nothing_when_the_beacon_is_already_on() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::Ingenuity);
    t.s.beacon = true;
    t.creature_passes();
    let events = survival(&mut t, 1, SurvivalPlay::Ingenuity {});
    assert!(t.s.beacon);
    assert!(!events.contains(&Event::BeaconPlaced));
    assert!(!events.contains(&Event::BeaconRemoved));
    assert_eq!(t.s.rescue, 13);
}

#[test]
fn sacrifice_discards_a_place_card_and_stops_the_creatures_hunt_cards_for_the_turn() {
    let mut t = table(
        1,
        &[HuntCard::Fierceness, HuntCard::Cataclysm, HuntCard::Stasis],
    );
    t.give_survival(1, SurvivalCard::Sacrifice);
    t.creature_passes();
    // The discarded card must be in hand.
    t.discard_places(1, places([Place::Beach]));
    assert_eq!(
        refused_survival(
            &mut t,
            1,
            SurvivalPlay::Sacrifice {
                discard: Place::Beach
            }
        ),
        "card_not_in_hand"
    );
    survival(
        &mut t,
        1,
        SurvivalPlay::Sacrifice {
            discard: Place::River,
        },
    );
    assert_eq!(t.h(1).discard, places([Place::River, Place::Beach]));
    assert!(!t.h(1).hand.contains(Place::River));
    commit(&mut t, 1, places([Place::Jungle]));
    // Phase 2: the Creature may not play his phase-2 card.
    assert_eq!(t.s.step, Step::CreatureToken);
    assert_eq!(
        t.refuse(
            CREATURE,
            Action::PlayHunt {
                play: HuntPlay::Fierceness {},
                flashback: false
            }
        )
        .code(),
        "hunt_card_limit"
    );
    assert!(
        !t.legal(CREATURE)
            .iter()
            .any(|a| matches!(a, Action::PlayHunt { .. }))
    );
    let view = Artemia::view(&t.s, Viewer::Seat(CREATURE));
    assert_eq!(view.creature.allowance, 0);
    creature_token(&mut t, Place::Artefact);
    // No phase-3 Hunt card step: the reckoning goes straight to R2.
    assert_eq!(t.s.step, Step::Place(0, 0));
    use_power(
        &mut t,
        1,
        Via::Own,
        Power::Jungle {
            cards: places([Place::Jungle, Place::River]),
        },
    );
    // No phase-4 Hunt card step either: the turn is over.
    assert_eq!(t.s.turn, 2);
    assert!(t.s.hunt_discard.is_empty(), "no Hunt card was played");
    assert_eq!(t.s.hunt_hand.len(), 3);
}

#[test]
fn sixth_sense_returns_two_chosen_cards_of_the_discard() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::SixthSense);
    t.discard_places(1, places([Place::Jungle, Place::River, Place::Beach]));
    t.creature_passes();
    assert_eq!(
        refused_survival(
            &mut t,
            1,
            SurvivalPlay::SixthSense {
                cards: places([Place::Jungle])
            }
        ),
        "wrong_card_count"
    );
    assert_eq!(
        refused_survival(
            &mut t,
            1,
            SurvivalPlay::SixthSense {
                cards: places([Place::Jungle, Place::Lair])
            }
        ),
        "card_not_in_discard"
    );
    let events = survival(
        &mut t,
        1,
        SurvivalPlay::SixthSense {
            cards: places([Place::Jungle, Place::Beach]),
        },
    );
    assert_eq!(t.h(1).discard, places([Place::River]));
    assert_eq!(
        t.h(1).hand,
        places([Place::Lair, Place::Jungle, Place::Beach, Place::Rover])
    );
    assert!(events.contains(&Event::CardsTakenBack {
        hunted: hunted(1),
        count: 2,
        cards: Some(places([Place::Jungle, Place::Beach]))
    }));
}

#[test]
fn sixth_sense_returns_the_whole_discard_when_it_holds_fewer_than_two() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::SixthSense);
    t.discard_places(1, places([Place::River]));
    t.creature_passes();
    assert!(t.is_legal(
        hunted(1),
        Action::PlaySurvival {
            play: SurvivalPlay::SixthSense {
                cards: places([Place::River])
            }
        }
    ));
    assert_eq!(
        refused_survival(
            &mut t,
            1,
            SurvivalPlay::SixthSense {
                cards: PlaceSet::EMPTY
            }
        ),
        "wrong_card_count"
    );
    survival(
        &mut t,
        1,
        SurvivalPlay::SixthSense {
            cards: places([Place::River]),
        },
    );
    assert!(t.h(1).discard.is_empty());
    assert_eq!(t.h(1).hand.len(), 5);
}

#[test]
fn smokescreen_hides_every_discard_from_the_creature_and_spectators_until_the_end_of_the_turn() {
    let mut t = table(2, &[]);
    t.give_survival(1, SurvivalCard::Smokescreen);
    t.discard_places(2, places([Place::River, Place::Beach]));
    t.creature_passes();
    let creature_sees = |t: &Table| Artemia::view(&t.s, Viewer::Seat(CREATURE)).hunted[1].discard;
    assert_eq!(
        creature_sees(&t),
        Some(places([Place::River, Place::Beach]))
    );
    survival(&mut t, 1, SurvivalPlay::Smokescreen {});
    for viewer in [Viewer::Seat(CREATURE), Viewer::Spectator] {
        let view = Artemia::view(&t.s, viewer);
        assert_eq!(view.hunted[1].discard, None, "{viewer:?}");
        assert_eq!(view.hunted[1].discard_count, 2, "the count stays public");
    }
    for viewer in [Viewer::Seat(hunted(1)), Viewer::Seat(hunted(2))] {
        let view = Artemia::view(&t.s, viewer);
        assert_eq!(
            view.hunted[1].discard,
            Some(places([Place::River, Place::Beach])),
            "{viewer:?}"
        );
    }
    // A card taken back from a hidden discard is told to the Hunted only.
    let told = Artemia::apply(
        &mut t.s,
        hunted(2),
        &Action::Resist {
            cards: places([Place::River, Place::Beach]),
        },
        &mut t.dice,
    )
    .expect("Resist is accepted");
    let back = told
        .iter()
        .find(|x| matches!(x.event, Event::CardsTakenBack { .. }))
        .expect("cards taken back");
    assert!(!back.audience.includes(Viewer::Seat(CREATURE)));
    assert!(!back.audience.includes(Viewer::Spectator));
    assert!(back.audience.includes(Viewer::Seat(hunted(1))));
    assert!(back.audience.includes(Viewer::Seat(hunted(2))));
    finish_turn(&mut t);
    assert_eq!(t.s.turn, 2);
    assert!(!t.s.fx.smokescreen, "Smokescreen ends with the turn");
    assert!(creature_sees(&t).is_some());
    assert_eq!(
        Artemia::view(&t.s, Viewer::Spectator).hunted[0].discard,
        Some(t.h(1).discard)
    );
}

#[test]
fn smokescreen_also_hides_the_card_discarded_to_the_artemia_token() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::Smokescreen);
    t.s.rescue = 6;
    t.creature_passes();
    survival(&mut t, 1, SurvivalPlay::Smokescreen {});
    commit(&mut t, 1, places([Place::Jungle]));
    creature_token(&mut t, Place::Artefact);
    t.act(
        CREATURE,
        Action::PlaceArtemiaToken {
            places: places([Place::Jungle]),
        },
    );
    t.pass_optional();
    assert!(matches!(t.s.step, Step::ArtemiaDiscard(_)));
    let told = Artemia::apply(
        &mut t.s,
        hunted(1),
        &Action::DiscardPlace { card: Place::River },
        &mut t.dice,
    )
    .expect("the discard is accepted");
    let discarded = told
        .iter()
        .find(|x| matches!(x.event, Event::CardsDiscarded { .. }))
        .expect("a discard event");
    assert!(!discarded.audience.includes(Viewer::Seat(CREATURE)));
    assert!(!discarded.audience.includes(Viewer::Spectator));
    assert!(discarded.audience.includes(Viewer::Seat(hunted(1))));
}

#[test]
fn smokescreen_hides_the_choices_of_a_later_sixth_sense() {
    let mut t = table(2, &[]);
    t.give_survival(1, SurvivalCard::Smokescreen);
    t.give_survival(2, SurvivalCard::SixthSense);
    t.discard_places(2, places([Place::River, Place::Beach, Place::Rover]));
    t.creature_passes();
    survival(&mut t, 1, SurvivalPlay::Smokescreen {});
    let mut other = Table {
        s: t.s.clone(),
        dice: t.dice.clone(),
        events: Vec::new(),
        told: Vec::new(),
    };
    survival(
        &mut t,
        2,
        SurvivalPlay::SixthSense {
            cards: places([Place::River, Place::Beach]),
        },
    );
    survival(
        &mut other,
        2,
        SurvivalPlay::SixthSense {
            cards: places([Place::River, Place::Rover]),
        },
    );
    // Which cards left the hidden discard is the Hunted's secret; that the card was played
    // is public (it lies on the Survival discard).
    for viewer in [Viewer::Seat(CREATURE), Viewer::Spectator] {
        assert_eq!(t.view_json(viewer), other.view_json(viewer), "{viewer:?}");
        assert_eq!(
            Artemia::view(&t.s, viewer).survival_discard,
            [SurvivalCard::Smokescreen, SurvivalCard::SixthSense]
        );
    }
    assert_eq!(
        Artemia::view(&t.s, Viewer::Seat(hunted(1))).hunted[1].survival_played,
        Some(SurvivalPlay::SixthSense {
            cards: places([Place::River, Place::Beach])
        })
    );
}

#[test]
fn strike_back_puts_two_random_hunt_cards_under_the_deck() {
    let hand = [HuntCard::Fierceness, HuntCard::Cataclysm, HuntCard::Stasis];
    let mut t = table(1, &hand);
    t.give_survival(1, SurvivalCard::StrikeBack);
    t.creature_passes();
    let deck = t.s.hunt_deck.clone();
    let events = survival(&mut t, 1, SurvivalPlay::StrikeBack {});
    assert_eq!(t.s.hunt_hand.len(), 1);
    assert_eq!(t.s.hunt_deck.len(), deck.len() + 2);
    assert_eq!(
        &t.s.hunt_deck[2..],
        &deck[..],
        "the rest of the deck is untouched"
    );
    let under: Vec<HuntCard> = t.s.hunt_deck[..2].to_vec();
    let mut moved: Vec<HuntCard> = hand
        .into_iter()
        .filter(|&c| !t.s.hunt_hand.contains(c))
        .collect();
    assert_eq!(moved.len(), 2);
    let mut sorted = under.clone();
    sorted.sort();
    moved.sort();
    assert_eq!(
        sorted, moved,
        "the two cards that left the hand lie at the bottom"
    );
    assert_eq!(t.s.known_bottom, 2);
    let struck = events
        .iter()
        .find_map(|e| match e {
            Event::StruckBack {
                hunted: who,
                count,
                cards,
            } => Some((*who, *count, cards.clone())),
            _ => None,
        })
        .expect("a StruckBack event");
    assert_eq!(struck.0, hunted(1));
    assert_eq!(struck.1, 2);
    let mut told = struck.2.expect("the Creature sees which cards");
    told.sort();
    assert_eq!(told, moved);
    // Only the Creature knows the two cards under his deck.
    let view = Artemia::view(&t.s, Viewer::Seat(CREATURE));
    assert_eq!(view.creature.known_bottom, Some(sorted));
    assert_eq!(view.creature.hand_count, 1);
    assert_eq!(
        Artemia::view(&t.s, Viewer::Seat(hunted(1)))
            .creature
            .known_bottom,
        None
    );
}

#[test]
fn strike_back_tells_the_creature_which_cards_but_not_their_order() {
    let mut t = table(
        1,
        &[HuntCard::Stasis, HuntCard::Fierceness, HuntCard::Cataclysm],
    );
    t.give_survival(1, SurvivalCard::StrikeBack);
    t.creature_passes();
    let events = survival(&mut t, 1, SurvivalPlay::StrikeBack {});
    let told = events
        .iter()
        .find_map(|e| match e {
            Event::StruckBack { cards, .. } => cards.clone(),
            _ => None,
        })
        .expect("the Creature is told the cards");
    let mut sorted = told.clone();
    sorted.sort();
    assert_eq!(told, sorted, "told in table order, whatever the deck order");
    // The same two cards in the other order under the deck: the Creature sees no difference.
    let mut swapped = t.s.clone();
    swapped.hunt_deck.swap(0, 1);
    assert_ne!(swapped.hunt_deck, t.s.hunt_deck);
    let creature = Viewer::Seat(CREATURE);
    assert_eq!(
        serde_json::to_string(&Artemia::view(&t.s, creature)).unwrap(),
        serde_json::to_string(&Artemia::view(&swapped, creature)).unwrap()
    );
}

#[test]
fn strike_back_takes_the_whole_hunt_hand_when_it_holds_fewer_than_two() {
    let mut t = table(1, &[HuntCard::Stasis]);
    t.give_survival(1, SurvivalCard::StrikeBack);
    t.creature_passes();
    survival(&mut t, 1, SurvivalPlay::StrikeBack {});
    assert!(t.s.hunt_hand.is_empty());
    assert_eq!(t.s.hunt_deck[0], HuntCard::Stasis);
    assert_eq!(t.s.known_bottom, 1);
}

// ----- Phase 2 card ----------------------------------------------------------------------------

#[test]
fn vortex_exchanges_a_card_in_play_with_one_of_the_discard() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::Vortex);
    t.discard_places(1, places([Place::River]));
    t.explore(&[places([Place::Jungle])]);
    creature_token(&mut t, Place::Jungle);
    assert_eq!(t.s.step, Step::Survival(Phase::Hunting, Waiting::all(1)));
    assert_eq!(
        refused_survival(
            &mut t,
            1,
            SurvivalPlay::Vortex {
                in_play: Place::Lair,
                from_discard: Place::River
            }
        ),
        "card_not_in_play"
    );
    assert_eq!(
        refused_survival(
            &mut t,
            1,
            SurvivalPlay::Vortex {
                in_play: Place::Jungle,
                from_discard: Place::Beach
            }
        ),
        "card_not_in_discard"
    );
    let events = survival(
        &mut t,
        1,
        SurvivalPlay::Vortex {
            in_play: Place::Jungle,
            from_discard: Place::River,
        },
    );
    assert!(events.contains(&Event::Exchanged {
        hunted: hunted(1),
        to_discard: Some(Place::Jungle),
        to_play: Some(Place::River)
    }));
    assert_eq!(t.h(1).in_play, places([Place::River]));
    assert_eq!(t.h(1).discard, places([Place::Jungle]));
    // He is now on The River, away from the Creature token.
    assert!(t.events.contains(&Event::Revealed {
        hunted: hunted(1),
        cards: places([Place::River])
    }));
    assert_eq!(t.s.step, Step::Place(0, 0));
    finish_turn(&mut t);
    assert!(caught(&t.events).is_empty());
    assert_eq!(t.h(1).will, 3);
    assert_eq!(t.s.assimilation, 7);
}

#[test]
fn vortex_never_brings_a_force_field_place_into_play() {
    let mut t = table(1, &[HuntCard::ForceField]);
    t.give_survival(1, SurvivalCard::Vortex);
    t.discard_places(1, places([Place::River]));
    t.act(
        CREATURE,
        Action::PlayHunt {
            play: HuntPlay::ForceField {
                places: places([Place::River, Place::Beach]),
            },
            flashback: false,
        },
    );
    commit(&mut t, 1, places([Place::Jungle]));
    creature_token(&mut t, Place::Jungle);
    t.pass_until(|s| matches!(s, Step::Survival(Phase::Hunting, _)));
    assert_eq!(
        refused_survival(
            &mut t,
            1,
            SurvivalPlay::Vortex {
                in_play: Place::Jungle,
                from_discard: Place::River
            }
        ),
        "place_blocked"
    );
    assert!(playable(&t, hunted(1)).is_empty());
}

// ----- Phase 3 cards ---------------------------------------------------------------------------

#[test]
fn detector_protects_its_player_from_the_artemia_token() {
    let mut t = table(2, &[]);
    t.give_survival(1, SurvivalCard::Detector);
    t.s.rescue = 6; // an A-space of side 1: the Artemia token may go out without a card
    t.explore(&[places([Place::Jungle]), places([Place::Jungle])]);
    creature_token(&mut t, Place::Artefact);
    assert_eq!(t.s.step, Step::ArtemiaToken);
    t.act(
        CREATURE,
        Action::PlaceArtemiaToken {
            places: places([Place::Jungle]),
        },
    );
    pass_to_survival(&mut t, Phase::Reckoning);
    survival(&mut t, 1, SurvivalPlay::Detector {});
    // hunted-1 is not caught: he resolves his place; hunted-2 is caught and gets nothing.
    assert_eq!(t.s.step, Step::Place(0, 0));
    use_power(&mut t, 1, Via::Own, jungle_alone());
    assert!(matches!(t.s.step, Step::ArtemiaDiscard(_)));
    assert_eq!(t.to_act(), [hunted(2)]);
    t.act(hunted(2), Action::DiscardPlace { card: Place::River });
    assert_eq!(caught(&t.events), [(hunted(2), Token::Artemia)]);
    assert_eq!(
        t.h(1).hand.len(),
        5,
        "four left in hand and the Jungle back"
    );
    assert_eq!(t.h(2).discard, places([Place::River, Place::Jungle]));
}

#[test]
fn dodge_makes_its_player_uncatchable_by_the_creature_token() {
    let mut t = table(2, &[]);
    t.give_survival(1, SurvivalCard::Dodge);
    t.explore(&[places([Place::River]), places([Place::River])]);
    creature_token(&mut t, Place::River);
    pass_to_survival(&mut t, Phase::Reckoning);
    assert_eq!(t.to_act(), [hunted(1)]);
    survival(&mut t, 1, SurvivalPlay::Dodge {});
    assert_eq!(t.s.step, Step::Place(0, 0), "a dodging Hunted keeps his R2");
    use_power(&mut t, 1, Via::Own, Power::River {});
    assert_eq!(caught(&t.events), [(hunted(2), Token::Creature)]);
    assert_eq!(t.h(1).will, 3);
    assert_eq!(t.h(2).will, 2);
    assert_eq!(t.s.assimilation, 7, "one catch, one step");
}

#[test]
fn dodge_also_escapes_the_clone_target() {
    let mut t = table(1, &[HuntCard::Clone]);
    t.give_survival(1, SurvivalCard::Dodge);
    t.explore(&[places([Place::Jungle])]);
    t.act(
        CREATURE,
        Action::PlayHunt {
            play: HuntPlay::Clone {},
            flashback: false,
        },
    );
    creature_token(&mut t, Place::Artefact);
    t.act(
        CREATURE,
        Action::PlaceTargetToken {
            places: places([Place::Jungle]),
        },
    );
    pass_to_survival(&mut t, Phase::Reckoning);
    survival(&mut t, 1, SurvivalPlay::Dodge {});
    assert_eq!(t.s.step, Step::Place(0, 0));
    use_power(&mut t, 1, Via::Own, jungle_alone());
    assert!(caught(&t.events).is_empty());
    assert_eq!(t.h(1).will, 3);
    assert_eq!(t.s.assimilation, 7);
}

#[test]
fn drone_resolves_the_rover_power_even_from_an_ineffective_place() {
    let mut t = table(1, &[HuntCard::Interference]);
    t.give_survival(1, SurvivalCard::Drone);
    t.explore(&[places([Place::Beach])]);
    t.act(
        CREATURE,
        Action::PlayHunt {
            play: HuntPlay::Interference {},
            flashback: false,
        },
    );
    creature_token(&mut t, Place::Artefact);
    // Without a Drone played, the Rover is out of reach.
    pass_to_survival(&mut t, Phase::Reckoning);
    survival(&mut t, 1, SurvivalPlay::Drone {});
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(&mut t, 1, Via::Own, Power::Beach {}),
        "place_ineffective"
    );
    assert_eq!(
        refused_power(&mut t, 1, Via::Drone, Power::Wreck {}),
        "wrong_power"
    );
    let drone: Vec<Action> = t
        .legal(hunted(1))
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::UsePower {
                    via: Via::Drone,
                    ..
                }
            )
        })
        .collect();
    assert_eq!(drone.len(), 5, "any of the five reserve cards: {drone:?}");
    let events = use_power(
        &mut t,
        1,
        Via::Drone,
        Power::Rover {
            card: Place::Shelter,
        },
    );
    assert!(events.contains(&Event::PowerUsed {
        hunted: hunted(1),
        at: Place::Beach,
        via: Via::Drone,
        power: Place::Rover,
        copied: None
    }));
    assert!(t.h(1).hand.contains(Place::Shelter));
    assert_eq!(t.s.reserve[board::reserve_slot(Place::Shelter).unwrap()], 0);
}

#[test]
fn drone_is_needed_to_reach_the_rover_and_fails_when_the_rover_is_ineffective() {
    let mut t = table(1, &[HuntCard::Cataclysm]);
    t.give_survival(1, SurvivalCard::Drone);
    t.discard_places(1, places([Place::River]));
    t.explore(&[places([Place::Jungle])]);
    creature_token(&mut t, Place::Artefact);
    t.pass_until(|s| s == Step::HuntCard(Phase::Reckoning));
    t.act(
        CREATURE,
        Action::PlayHunt {
            play: HuntPlay::Cataclysm {
                place: Place::Rover,
            },
            flashback: false,
        },
    );
    survival(&mut t, 1, SurvivalPlay::Drone {});
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(&mut t, 1, Via::Drone, Power::Rover { card: Place::Swamp }),
        "place_ineffective"
    );
    assert!(!t.legal(hunted(1)).iter().any(|a| matches!(
        a,
        Action::UsePower {
            via: Via::Drone,
            ..
        }
    )));
    // His own place still works.
    use_power(
        &mut t,
        1,
        Via::Own,
        Power::Jungle {
            cards: places([Place::Jungle, Place::River]),
        },
    );
}

#[test]
fn drone_cannot_be_used_without_being_played() {
    let mut t = table(1, &[]);
    t.explore(&[places([Place::Jungle])]);
    creature_token(&mut t, Place::Artefact);
    t.pass_optional();
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(&mut t, 1, Via::Drone, Power::Rover { card: Place::Swamp }),
        "no_drone"
    );
    assert_eq!(
        refused_power(&mut t, 1, Via::Gate, Power::River {}),
        "no_gate"
    );
}

#[test]
fn gate_uses_the_power_of_an_adjacent_place() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::Gate);
    t.give_place(1, Place::Shelter);
    t.explore(&[places([Place::Shelter])]);
    creature_token(&mut t, Place::Artefact);
    pass_to_survival(&mut t, Phase::Reckoning);
    survival(&mut t, 1, SurvivalPlay::Gate {});
    assert_eq!(t.s.step, Step::Place(0, 0));
    // The Source is not adjacent to The Shelter.
    assert_eq!(
        refused_power(&mut t, 1, Via::Gate, Power::SourceDraw {}),
        "not_adjacent"
    );
    let events = use_power(&mut t, 1, Via::Gate, Power::Wreck {});
    assert!(events.contains(&Event::PowerUsed {
        hunted: hunted(1),
        at: Place::Shelter,
        via: Via::Gate,
        power: Place::Wreck,
        copied: None
    }));
    assert!(events.contains(&Event::RescueAdvanced { distance: 12 }));
    assert_eq!(t.s.turn, 2);
    assert_eq!(
        t.s.rescue, 11,
        "the Wreck through the Gate, then the clean-up"
    );
}

#[test]
fn gate_returns_the_card_played_as_this_card() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::Gate);
    t.discard_places(1, places([Place::River]));
    t.explore(&[places([Place::Lair])]);
    creature_token(&mut t, Place::Artefact);
    pass_to_survival(&mut t, Phase::Reckoning);
    survival(&mut t, 1, SurvivalPlay::Gate {});
    // The Jungle's power through a Gate from The Lair returns the Lair card.
    use_power(
        &mut t,
        1,
        Via::Gate,
        Power::Jungle {
            cards: places([Place::Lair, Place::River]),
        },
    );
    assert!(t.h(1).in_play.is_empty());
    assert_eq!(t.h(1).hand.len(), 5);
}

#[test]
fn gate_never_reaches_the_artefact_nor_an_ineffective_place() {
    let mut t = table(1, &[HuntCard::Interference]);
    t.give_survival(1, SurvivalCard::Gate);
    t.give_place(1, Place::Source);
    t.explore(&[places([Place::Source])]);
    t.act(
        CREATURE,
        Action::PlayHunt {
            play: HuntPlay::Interference {},
            flashback: false,
        },
    );
    creature_token(&mut t, Place::Lair);
    pass_to_survival(&mut t, Phase::Reckoning);
    survival(&mut t, 1, SurvivalPlay::Gate {});
    assert_eq!(t.s.step, Step::Place(0, 0));
    // The Source's neighbours: The Beach and The Wreck (ineffective), The Artefact.
    assert_eq!(
        refused_power(&mut t, 1, Via::Gate, Power::Artefact {}),
        "cannot_copy"
    );
    assert_eq!(
        refused_power(&mut t, 1, Via::Gate, Power::Wreck {}),
        "place_ineffective"
    );
    assert_eq!(
        refused_power(&mut t, 1, Via::Gate, Power::Beach {}),
        "place_ineffective"
    );
    assert!(
        !t.legal(hunted(1))
            .iter()
            .any(|a| matches!(a, Action::UsePower { via: Via::Gate, .. }))
    );
    use_power(&mut t, 1, Via::Own, Power::SourceDraw {});
}

#[test]
fn hologram_shifts_the_artemia_token_off_its_players_place() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::Hologram);
    t.s.rescue = 6;
    t.explore(&[places([Place::Jungle])]);
    creature_token(&mut t, Place::Artefact);
    t.act(
        CREATURE,
        Action::PlaceArtemiaToken {
            places: places([Place::Jungle]),
        },
    );
    pass_to_survival(&mut t, Phase::Reckoning);
    survival(&mut t, 1, SurvivalPlay::Hologram {});
    assert_eq!(t.s.step, Step::Hologram(0));
    assert_eq!(
        t.refuse(
            hunted(1),
            Action::ShiftArtemiaToken {
                from: Place::Jungle,
                to: Place::Wreck
            }
        )
        .code(),
        "not_adjacent"
    );
    assert_eq!(
        t.refuse(
            hunted(1),
            Action::ShiftArtemiaToken {
                from: Place::River,
                to: Place::Beach
            }
        )
        .code(),
        "no_token"
    );
    let mut targets: Vec<Place> = t
        .legal(hunted(1))
        .into_iter()
        .filter_map(|a| match a {
            Action::ShiftArtemiaToken { from, to } => {
                assert_eq!(from, Place::Jungle);
                Some(to)
            }
            _ => None,
        })
        .collect();
    targets.sort();
    assert_eq!(targets, [Place::Lair, Place::River, Place::Shelter]);
    let events = t.act(
        hunted(1),
        Action::ShiftArtemiaToken {
            from: Place::Jungle,
            to: Place::Shelter,
        },
    );
    assert!(events.contains(&Event::TokenShifted {
        token: Token::Artemia,
        hunted: hunted(1),
        from: Place::Jungle,
        to: Place::Shelter
    }));
    assert_eq!(t.s.artemia_token, places([Place::Shelter]));
    assert_eq!(t.s.step, Step::Place(0, 0), "no longer caught");
    use_power(&mut t, 1, Via::Own, jungle_alone());
    assert!(caught(&t.events).is_empty());
    assert!(t.h(1).discard.is_empty(), "no Artemia discard");
    assert_eq!(t.s.turn, 2);
}

#[test]
fn wrong_track_shifts_the_creature_token_onto_a_neighbouring_place() {
    let mut t = table(2, &[]);
    t.give_survival(1, SurvivalCard::WrongTrack);
    t.explore(&[places([Place::Jungle]), places([Place::River])]);
    creature_token(&mut t, Place::Jungle);
    pass_to_survival(&mut t, Phase::Reckoning);
    survival(&mut t, 1, SurvivalPlay::WrongTrack {});
    assert_eq!(t.s.step, Step::WrongTrack(0));
    assert_eq!(
        t.refuse(hunted(1), Action::ShiftCreatureToken { to: Place::Wreck })
            .code(),
        "not_adjacent"
    );
    assert_eq!(
        t.refuse(hunted(1), Action::ShiftCreatureToken { to: Place::Jungle })
            .code(),
        "not_adjacent"
    );
    let events = t.act(hunted(1), Action::ShiftCreatureToken { to: Place::River });
    assert!(events.contains(&Event::TokenShifted {
        token: Token::Creature,
        hunted: hunted(1),
        from: Place::Jungle,
        to: Place::River
    }));
    assert_eq!(t.s.creature_token, Some(Place::River));
    // hunted-1 escapes and resolves his place; hunted-2 is caught on The River instead.
    assert_eq!(t.s.step, Step::Place(0, 0));
    use_power(&mut t, 1, Via::Own, jungle_alone());
    assert_eq!(caught(&t.events), [(hunted(2), Token::Creature)]);
    assert_eq!(t.h(1).will, 3);
    assert_eq!(t.h(2).will, 2);
    assert_eq!(t.s.assimilation, 7);
}

// ----- Phase 4 cards ---------------------------------------------------------------------------

/// A lone Hunted on The Jungle holding `card`, at the Hunted step of phase 4.
fn at_phase_4_holding(card: SurvivalCard, beacon: bool) -> Table {
    let mut t = table(1, &[]);
    t.give_survival(1, card);
    t.s.beacon = beacon;
    t.explore(&[places([Place::Jungle])]);
    creature_token(&mut t, Place::Artefact);
    t.pass_until(|s| matches!(s, Step::Place(..)));
    use_power(&mut t, 1, Via::Own, jungle_alone());
    assert!(matches!(t.s.step, Step::Survival(Phase::EndOfTurn, _)));
    t
}

#[test]
fn amplifier_removes_the_beacon_and_advances_rescue_at_once() {
    let mut t = at_phase_4_holding(SurvivalCard::Amplifier, true);
    let events = survival(&mut t, 1, SurvivalPlay::Amplifier {});
    assert!(!t.s.beacon);
    let removed = events
        .iter()
        .position(|e| *e == Event::BeaconRemoved)
        .expect("the Beacon is removed");
    let advanced = events
        .iter()
        .position(|e| *e == Event::RescueAdvanced { distance: 12 })
        .expect("Rescue advances at once");
    let ended = events
        .iter()
        .position(|e| matches!(e, Event::TurnEnded { .. }))
        .expect("the turn ends");
    assert!(removed < advanced && advanced < ended);
    assert!(events.contains(&Event::RescueAdvanced { distance: 11 }));
    assert_eq!(t.s.rescue, 11, "Amplifier and the clean-up");
}

#[test]
fn amplifier_does_nothing_when_the_beacon_is_off() {
    let mut t = at_phase_4_holding(SurvivalCard::Amplifier, false);
    let events = survival(&mut t, 1, SurvivalPlay::Amplifier {});
    assert!(!events.contains(&Event::BeaconRemoved));
    assert_eq!(t.s.rescue, 12, "only the clean-up advances Rescue");
    assert!(t.s.survival_discard.contains(&SurvivalCard::Amplifier));
}

#[test]
fn double_back_takes_the_played_card_back_to_hand_instead_of_the_discard() {
    let mut t = table(1, &[]);
    t.give_survival(1, SurvivalCard::DoubleBack);
    t.explore(&[places([Place::Beach])]);
    creature_token(&mut t, Place::Artefact);
    t.pass_until(|s| matches!(s, Step::Place(..)));
    use_power(&mut t, 1, Via::Own, Power::Beach {});
    assert!(matches!(t.s.step, Step::Survival(Phase::EndOfTurn, _)));
    assert_eq!(
        refused_survival(
            &mut t,
            1,
            SurvivalPlay::DoubleBack {
                keep: Place::Jungle
            }
        ),
        "card_not_in_play"
    );
    let events = survival(&mut t, 1, SurvivalPlay::DoubleBack { keep: Place::Beach });
    assert!(events.contains(&Event::PlayedCardReturned {
        hunted: hunted(1),
        card: Place::Beach
    }));
    assert_eq!(t.s.turn, 2);
    assert!(t.h(1).hand.contains(Place::Beach));
    assert!(t.h(1).discard.is_empty());
    assert_eq!(t.h(1).hand.len(), 5);
}

#[test]
fn double_back_with_the_artefact_keeps_one_of_the_two_cards() {
    let mut t = table(1, &[]);
    t.give_place(1, Place::Artefact);
    t.explore(&[places([Place::Artefact])]);
    creature_token(&mut t, Place::Lair);
    t.pass_until(|s| matches!(s, Step::Place(..)));
    use_power(&mut t, 1, Via::Own, Power::Artefact {});
    assert_eq!(t.s.turn, 2);
    t.give_survival(1, SurvivalCard::DoubleBack);
    t.explore(&[places([Place::River, Place::Beach])]);
    creature_token(&mut t, Place::Lair);
    t.pass_until(|s| matches!(s, Step::Place(..)));
    use_power(&mut t, 1, Via::Own, Power::River {});
    use_power(&mut t, 1, Via::Own, Power::Beach {});
    pass_to_survival(&mut t, Phase::EndOfTurn);
    survival(&mut t, 1, SurvivalPlay::DoubleBack { keep: Place::River });
    assert_eq!(t.s.turn, 3);
    assert!(t.h(1).hand.contains(Place::River));
    assert_eq!(t.h(1).discard, places([Place::Beach, Place::Artefact]));
}

// ----- Limits ----------------------------------------------------------------------------------

#[test]
fn survival_card_limit_is_one_per_hunted_per_turn() {
    let mut t = table(1, &[]);
    for card in [
        SurvivalCard::Adrenaline,
        SurvivalCard::Ingenuity,
        SurvivalCard::Dodge,
    ] {
        t.give_survival(1, card);
    }
    t.s.hunted[0].will = 2;
    t.creature_passes();
    survival(&mut t, 1, SurvivalPlay::Adrenaline {});
    assert_eq!(
        refused_survival(&mut t, 1, SurvivalPlay::Ingenuity {}),
        "survival_card_limit"
    );
    assert!(playable(&t, hunted(1)).is_empty());
    commit(&mut t, 1, places([Place::Jungle]));
    creature_token(&mut t, Place::Jungle);
    // Neither the phase-2 nor the phase-3 Hunted step asks him: R2 would come, but he is
    // caught, so the turn goes on to its end without him playing Dodge.
    assert!(
        t.events
            .iter()
            .all(|e| !matches!(e, Event::SurvivalSubmitted { .. }))
    );
    assert_eq!(t.s.turn, 2);
    assert!(t.h(1).survival.contains(SurvivalCard::Dodge));
    assert_eq!(t.h(1).will, 2, "caught: 3 - 1");
}

#[test]
fn survival_cards_are_played_only_in_their_phase() {
    let mut t = table(1, &[]);
    for card in [
        SurvivalCard::Adrenaline,
        SurvivalCard::Vortex,
        SurvivalCard::Dodge,
        SurvivalCard::Amplifier,
    ] {
        t.give_survival(1, card);
    }
    t.discard_places(1, places([Place::River]));
    t.creature_passes();
    // Phase 1.
    assert_eq!(playable(&t, hunted(1)), [SurvivalCard::Adrenaline]);
    for play in [
        SurvivalPlay::Dodge {},
        SurvivalPlay::Amplifier {},
        SurvivalPlay::Vortex {
            in_play: Place::Jungle,
            from_discard: Place::River,
        },
    ] {
        assert_eq!(refused_survival(&mut t, 1, play), "wrong_phase", "{play:?}");
    }
    commit(&mut t, 1, places([Place::Jungle]));
    creature_token(&mut t, Place::Artefact);
    // Phase 2.
    assert!(matches!(t.s.step, Step::Survival(Phase::Hunting, _)));
    assert_eq!(playable(&t, hunted(1)), [SurvivalCard::Vortex]);
    for play in [SurvivalPlay::Adrenaline {}, SurvivalPlay::Dodge {}] {
        assert_eq!(refused_survival(&mut t, 1, play), "wrong_phase", "{play:?}");
    }
    t.act(hunted(1), Action::Pass {});
    // Phase 3.
    assert!(matches!(t.s.step, Step::Survival(Phase::Reckoning, _)));
    assert_eq!(playable(&t, hunted(1)), [SurvivalCard::Dodge]);
    for play in [SurvivalPlay::Adrenaline {}, SurvivalPlay::Amplifier {}] {
        assert_eq!(refused_survival(&mut t, 1, play), "wrong_phase", "{play:?}");
    }
    t.act(hunted(1), Action::Pass {});
    use_power(
        &mut t,
        1,
        Via::Own,
        Power::Jungle {
            cards: places([Place::Jungle, Place::River]),
        },
    );
    // Phase 4.
    assert!(matches!(t.s.step, Step::Survival(Phase::EndOfTurn, _)));
    assert_eq!(playable(&t, hunted(1)), [SurvivalCard::Amplifier]);
    assert_eq!(
        refused_survival(&mut t, 1, SurvivalPlay::Dodge {}),
        "wrong_phase"
    );
    t.act(hunted(1), Action::Pass {});
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.h(1).survival.len(), 4, "nothing was played");
}

#[test]
fn no_survival_card_is_played_or_drawn_under_despair() {
    let mut t = table(1, &[HuntCard::Despair]);
    for card in [SurvivalCard::Adrenaline, SurvivalCard::Dodge] {
        t.give_survival(1, card);
    }
    t.give_place(1, Place::Shelter);
    t.discard_places(1, places([Place::River]));
    t.act(
        CREATURE,
        Action::PlayHunt {
            play: HuntPlay::Despair {},
            flashback: false,
        },
    );
    assert_eq!(
        refused_survival(&mut t, 1, SurvivalPlay::Adrenaline {}),
        "despair"
    );
    assert!(playable(&t, hunted(1)).is_empty());
    commit(&mut t, 1, places([Place::Shelter]));
    creature_token(&mut t, Place::Artefact);
    assert_eq!(t.s.step, Step::ArtemiaToken, "Despair bears the A symbol");
    t.act(CREATURE, Action::Pass {});
    // No Hunted step in phases 2 and 3: straight to R2, where The Shelter cannot draw.
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(&mut t, 1, Via::Own, Power::Shelter {}),
        "cannot_draw"
    );
    assert_eq!(
        t.legal(hunted(1)),
        [Action::TakeBack { card: Place::River }]
    );
    t.act(hunted(1), Action::TakeBack { card: Place::River });
    // Nor in phase 4.
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.h(1).survival.len(), 2);
}

/// Three Hunted: hunted-1 holds Hologram (on The Jungle, under the Artemia token), hunted-2
/// Wrong Track (on The River, under the Creature token), hunted-3 Dodge (on The Beach); the
/// match waits at the phase-3 Hunted step.
fn three_at_phase_3() -> Table {
    let mut t = table(3, &[]);
    t.give_survival(1, SurvivalCard::Hologram);
    t.give_survival(2, SurvivalCard::WrongTrack);
    t.give_survival(3, SurvivalCard::Dodge);
    t.s.rescue = 6;
    t.explore(&[
        places([Place::Jungle]),
        places([Place::River]),
        places([Place::Beach]),
    ]);
    creature_token(&mut t, Place::River);
    t.act(
        CREATURE,
        Action::PlaceArtemiaToken {
            places: places([Place::Jungle]),
        },
    );
    pass_to_survival(&mut t, Phase::Reckoning);
    t
}

#[test]
fn phase_3_submissions_stay_hidden_until_all_have_submitted() {
    let mut t = three_at_phase_3();
    let mut passed = Table {
        s: t.s.clone(),
        dice: t.dice.clone(),
        events: Vec::new(),
        told: Vec::new(),
    };
    let told = Artemia::apply(
        &mut t.s,
        hunted(2),
        &Action::PlaySurvival {
            play: SurvivalPlay::WrongTrack {},
        },
        &mut t.dice,
    )
    .expect("the submission is accepted");
    passed.act(hunted(2), Action::Pass {});
    // Told to its maker only, and nothing is resolved yet.
    assert_eq!(told.len(), 1);
    assert!(matches!(told[0].event, Event::SurvivalSubmitted { .. }));
    assert!(told[0].audience.includes(Viewer::Seat(hunted(2))));
    for viewer in [
        Viewer::Seat(CREATURE),
        Viewer::Seat(hunted(1)),
        Viewer::Seat(hunted(3)),
        Viewer::Spectator,
    ] {
        assert!(!told[0].audience.includes(viewer), "{viewer:?}");
    }
    assert_eq!(
        Artemia::conceal(&told[0].event),
        Some(Event::SurvivalSubmitted {
            hunted: hunted(2),
            play: None
        })
    );
    assert!(t.h(2).survival.contains(SurvivalCard::WrongTrack));
    assert_eq!(t.h(2).survival_played, None);
    assert!(!t.s.survival_discard.contains(&SurvivalCard::WrongTrack));
    assert_eq!(t.s.creature_token, Some(Place::River));
    // A card or a pass: every other viewer sees the same table.
    for viewer in [
        Viewer::Seat(CREATURE),
        Viewer::Seat(hunted(1)),
        Viewer::Seat(hunted(3)),
        Viewer::Spectator,
    ] {
        assert_eq!(t.view_json(viewer), passed.view_json(viewer), "{viewer:?}");
    }
}

#[test]
fn phase_3_submissions_are_resolved_in_seat_order_once_all_are_in() {
    let mut t = three_at_phase_3();
    // Submitted in the order hunted-2, hunted-3, hunted-1.
    survival(&mut t, 2, SurvivalPlay::WrongTrack {});
    survival(&mut t, 3, SurvivalPlay::Dodge {});
    assert!(matches!(t.s.step, Step::Survival(Phase::Reckoning, _)));
    assert!(t.s.survival_discard.is_empty(), "nothing resolved yet");
    let events = survival(&mut t, 1, SurvivalPlay::Hologram {});
    // hunted-1 first: his Hologram is resolved, the others wait.
    assert_eq!(t.s.step, Step::Hologram(0));
    let played: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::SurvivalCardPlayed { hunted, .. } => Some(*hunted),
            _ => None,
        })
        .collect();
    assert_eq!(played, [hunted(1)]);
    assert_eq!(t.h(2).survival_played, None);
    assert_eq!(t.h(3).survival_played, None);
    t.act(
        hunted(1),
        Action::ShiftArtemiaToken {
            from: Place::Jungle,
            to: Place::Shelter,
        },
    );
    // Then hunted-2's Wrong Track.
    assert_eq!(t.s.step, Step::WrongTrack(1));
    assert_eq!(t.h(3).survival_played, None);
    t.act(hunted(2), Action::ShiftCreatureToken { to: Place::Wreck });
    // Then hunted-3's Dodge, and R2 for all three, nobody caught.
    assert_eq!(t.h(3).survival_played, Some(SurvivalPlay::Dodge {}));
    assert_eq!(
        t.s.survival_discard,
        [
            SurvivalCard::Hologram,
            SurvivalCard::WrongTrack,
            SurvivalCard::Dodge
        ]
    );
    let order: Vec<Seat> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::SurvivalCardPlayed { hunted, .. } => Some(*hunted),
            _ => None,
        })
        .collect();
    assert_eq!(order, [hunted(1), hunted(2), hunted(3)]);
    assert_eq!(t.s.step, Step::Place(0, 0));
    finish_turn(&mut t);
    assert!(caught(&t.events).is_empty());
    assert_eq!(t.s.assimilation, 9);
}
