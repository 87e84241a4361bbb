//! Scripted turns for each of the 20 Hunt cards (rules section 10) and for the Hunt card limits
//! of section 4: one card a turn (two after Tracking, none after Sacrifice), never two in one
//! phase, one Target card a turn, each card only in its printed phase.
//!
//! Each test sets the hidden parts it needs (the Creature's hand, the Hunted's cards) directly on
//! the state, keeping the invariants, then drives the turn through the public `apply` door.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    Action, Event, HuntCard, HuntPlay, Phase, Place, PlaceSet, Power, SurvivalCard, SurvivalPlay,
    Token, Via,
};

use super::support::{Table, hunted, places};
use crate::games::artemia::Artemia;
use crate::games::artemia::state::Step;
use crate::games::{Game, Viewer};

const CREATURE: Seat = Seat::Creature;

// ----- Setting up hidden parts ---------------------------------------------------------------

/// A fresh table of `n` Hunted holding no Survival card, the Creature holding exactly `hand`.
fn table(n: usize, hand: &[HuntCard]) -> Table {
    assert!(!hand.is_empty() && hand.len() <= 3);
    Table::bare(n, 7, hand)
}

/// The Creature's hand becomes exactly `hand` (one to three cards); what he held goes back on
/// the deck.
fn give_creature(t: &mut Table, hand: &[HuntCard]) {
    assert!(!hand.is_empty() && hand.len() <= 3);
    t.set_hunt_hand(hand);
}

/// Takes a Hunt card out of the deck, the discard and the hand, wherever it is.
fn pull_hunt_card(t: &mut Table, card: HuntCard) {
    t.s.hunt_deck.retain(|&c| c != card);
    t.s.hunt_discard.retain(|&c| c != card);
    t.s.hunt_hand.remove(card);
}

/// Puts `cards` on the Hunt discard, the last one on top.
fn hunt_discard(t: &mut Table, cards: &[HuntCard]) {
    for &card in cards {
        pull_hunt_card(t, card);
        t.s.hunt_discard.push(card);
    }
}

// ----- Driving the turn ----------------------------------------------------------------------

fn play(t: &mut Table, play: HuntPlay) -> Vec<Event> {
    t.act(
        CREATURE,
        Action::PlayHunt {
            play,
            flashback: false,
        },
    )
}

fn flashback(t: &mut Table, play: HuntPlay) -> Vec<Event> {
    t.act(
        CREATURE,
        Action::PlayHunt {
            play,
            flashback: true,
        },
    )
}

/// The code of the refusal of a Hunt card (the state and dice unchanged).
fn refused_hunt(t: &mut Table, play: HuntPlay, flashback: bool) -> &'static str {
    t.refuse(CREATURE, Action::PlayHunt { play, flashback })
        .code()
}

fn refused(t: &mut Table, seat: Seat, action: Action) -> &'static str {
    t.refuse(seat, action).code()
}

/// The Hunt cards the Creature may play now.
fn hunt_plays(t: &Table) -> Vec<(HuntPlay, bool)> {
    t.legal(CREATURE)
        .into_iter()
        .filter_map(|a| match a {
            Action::PlayHunt { play, flashback } => Some((play, flashback)),
            _ => None,
        })
        .collect()
}

fn commit(t: &mut Table, n: u8, place: Place) {
    t.act(
        hunted(n),
        Action::Commit {
            cards: PlaceSet::only(place),
        },
    );
}

fn creature_token(t: &mut Table, place: Place) {
    t.act(CREATURE, Action::PlaceCreatureToken { place });
}

fn use_power(t: &mut Table, n: u8, power: Power) {
    t.act(
        hunted(n),
        Action::UsePower {
            via: Via::Own,
            power,
        },
    );
}

fn refused_power(t: &mut Table, n: u8, power: Power) -> &'static str {
    refused(
        t,
        hunted(n),
        Action::UsePower {
            via: Via::Own,
            power,
        },
    )
}

fn take_back(t: &mut Table, n: u8, card: Place) {
    t.act(hunted(n), Action::TakeBack { card });
}

fn jungle_alone() -> Power {
    Power::Jungle {
        cards: places([Place::Jungle]),
    }
}

/// Turn 1 of a lone Hunted, who explores The Jungle and uses its power, ending with Tracking;
/// turn 2 then begins with the Creature holding `hand`.
fn after_tracking(hand: &[HuntCard]) -> Table {
    let mut t = table(1, &[HuntCard::Tracking]);
    t.explore(&[places([Place::Jungle])]);
    creature_token(&mut t, Place::Artefact);
    t.creature_passes();
    use_power(&mut t, 1, jungle_alone());
    assert_eq!(t.s.step, Step::HuntCard(Phase::EndOfTurn));
    play(&mut t, HuntPlay::Tracking {});
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.s.fx.allowance, 2, "Tracking: two Hunt cards next turn");
    give_creature(&mut t, hand);
    t
}

fn creature_allowance(t: &Table) -> u8 {
    Artemia::view(&t.s, Viewer::Seat(CREATURE))
        .creature
        .allowance
}

// ----- Phase 1 cards -------------------------------------------------------------------------

#[test]
fn despair_forbids_playing_and_drawing_survival_cards() {
    let mut t = table(1, &[HuntCard::Despair]);
    t.give_survival(1, SurvivalCard::Adrenaline);
    t.give_place(1, Place::Shelter);
    t.discard_places(1, places([Place::Rover]));
    t.s.hunted[0].will = 2;
    play(&mut t, HuntPlay::Despair {});
    assert!(matches!(t.s.step, Step::Explore(_)));
    let adrenaline = Action::PlaySurvival {
        play: SurvivalPlay::Adrenaline {},
    };
    assert_eq!(refused(&mut t, hunted(1), adrenaline), "despair");
    assert!(!t.is_legal(hunted(1), adrenaline));
    commit(&mut t, 1, Place::Shelter);
    creature_token(&mut t, Place::Lair);
    t.creature_passes();
    // No Survival step in phases 2 and 3 although he holds a card: straight to R2.
    assert_eq!(t.s.step, Step::Place(0, 0));
    // The Shelter draws Survival cards: under Despair its power cannot be chosen.
    assert_eq!(refused_power(&mut t, 1, Power::Shelter {}), "cannot_draw");
    assert_eq!(
        t.legal(hunted(1)),
        vec![Action::TakeBack { card: Place::Rover }]
    );
    take_back(&mut t, 1, Place::Rover);
    // Nor in phase 4: the turn ends without asking him.
    assert_eq!(t.s.turn, 2);
    assert_eq!(
        t.h(1).survival.iter().collect::<Vec<_>>(),
        [SurvivalCard::Adrenaline]
    );
    assert_eq!(t.h(1).will, 2);
}

#[test]
fn despair_bears_the_artemia_symbol() {
    let mut t = table(1, &[HuntCard::Despair]);
    assert!(!t.s.on_a_space());
    play(&mut t, HuntPlay::Despair {});
    commit(&mut t, 1, Place::Jungle);
    creature_token(&mut t, Place::Lair);
    assert_eq!(t.s.step, Step::ArtemiaToken);
    t.act(
        CREATURE,
        Action::PlaceArtemiaToken {
            places: places([Place::Jungle]),
        },
    );
    // Caught by the Artemia token: he discards one of his four cards.
    assert_eq!(t.to_act(), [hunted(1)]);
    assert!(matches!(t.s.step, Step::ArtemiaDiscard(_)));
}

#[test]
fn force_field_blocks_commits_on_its_two_places() {
    let mut t = table(1, &[HuntCard::ForceField]);
    t.discard_places(1, places([Place::Lair]));
    t.give_survival(1, SurvivalCard::Vortex);
    assert_eq!(
        refused_hunt(
            &mut t,
            HuntPlay::ForceField {
                places: places([Place::Lair, Place::River])
            },
            false
        ),
        "not_adjacent"
    );
    let field = places([Place::Lair, Place::Jungle]);
    play(&mut t, HuntPlay::ForceField { places: field });
    assert_eq!(t.s.target_token, field);
    assert_eq!(
        refused(
            &mut t,
            hunted(1),
            Action::Commit {
                cards: places([Place::Jungle])
            }
        ),
        "place_blocked"
    );
    let commits: Vec<PlaceSet> = t
        .legal(hunted(1))
        .into_iter()
        .filter_map(|a| match a {
            Action::Commit { cards } => Some(cards),
            _ => None,
        })
        .collect();
    assert_eq!(
        commits,
        [Place::River, Place::Beach, Place::Rover].map(PlaceSet::only)
    );
    commit(&mut t, 1, Place::River);
    creature_token(&mut t, Place::Beach);
    // The token is already down: no Target token step; the Hunted may play Vortex, but not
    // onto a Force Field place.
    assert!(matches!(t.s.step, Step::Survival(Phase::Hunting, _)));
    let vortex = Action::PlaySurvival {
        play: SurvivalPlay::Vortex {
            in_play: Place::River,
            from_discard: Place::Lair,
        },
    };
    assert_eq!(refused(&mut t, hunted(1), vortex), "place_blocked");
    assert_eq!(t.legal(hunted(1)), [Action::Pass {}]);
    t.hunted_pass();
    // The Target token of Force Field has no other effect.
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert!(t.is_legal(
        hunted(1),
        Action::UsePower {
            via: Via::Own,
            power: Power::River {}
        }
    ));
}

#[test]
fn force_field_on_his_last_cards_makes_a_hunted_resist_before_committing() {
    // Acceptance example 10.
    let mut t = table(1, &[HuntCard::ForceField]);
    t.discard_places(1, places([Place::River, Place::Beach, Place::Rover]));
    play(
        &mut t,
        HuntPlay::ForceField {
            places: places([Place::Lair, Place::Jungle]),
        },
    );
    assert!(
        !t.legal(hunted(1))
            .iter()
            .any(|a| matches!(a, Action::Commit { .. }))
    );
    t.act(
        hunted(1),
        Action::Resist {
            cards: places([Place::River, Place::Beach]),
        },
    );
    assert_eq!(t.h(1).will, 2);
    let commit_lair = Action::Commit {
        cards: places([Place::Lair]),
    };
    assert!(!t.is_legal(hunted(1), commit_lair));
    assert!(t.is_legal(
        hunted(1),
        Action::Commit {
            cards: places([Place::River])
        }
    ));
    commit(&mut t, 1, Place::Beach);
    assert_eq!(t.s.step, Step::CreatureToken);
}

// ----- Phase 2 cards -------------------------------------------------------------------------

#[test]
fn anticipation_advances_assimilation_once_more_when_its_hunted_is_caught() {
    let mut t = table(2, &[HuntCard::Anticipation]);
    t.explore(&[places([Place::Jungle]), places([Place::River])]);
    play(&mut t, HuntPlay::Anticipation { hunted: hunted(1) });
    assert_eq!(t.s.fx.anticipation, Some(0));
    creature_token(&mut t, Place::Jungle);
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert_eq!(t.s.assimilation, 8);
    use_power(&mut t, 2, Power::River {});
    assert_eq!(t.h(1).will, 2);
    assert_eq!(t.s.assimilation, 6, "1 for the catch, 1 for Anticipation");
}

#[test]
fn anticipation_adds_nothing_when_its_hunted_escapes() {
    let mut t = table(2, &[HuntCard::Anticipation]);
    t.explore(&[places([Place::Jungle]), places([Place::River])]);
    play(&mut t, HuntPlay::Anticipation { hunted: hunted(2) });
    creature_token(&mut t, Place::Jungle);
    use_power(&mut t, 2, Power::River {});
    assert_eq!(t.h(1).will, 2);
    assert_eq!(t.h(2).will, 3);
    assert_eq!(t.s.assimilation, 7);
}

#[test]
fn ascendancy_makes_the_named_hunted_keep_two_cards() {
    let mut t = table(2, &[HuntCard::Ascendancy]);
    t.explore(&[places([Place::Lair]), places([Place::Lair])]);
    play(&mut t, HuntPlay::Ascendancy { hunted: hunted(1) });
    assert_eq!(t.s.step, Step::Ascendancy(0));
    assert_eq!(t.to_act(), [hunted(1)]);
    assert_eq!(
        refused(
            &mut t,
            hunted(1),
            Action::KeepCards {
                cards: places([Place::Jungle, Place::River, Place::Beach])
            }
        ),
        "wrong_card_count"
    );
    assert_eq!(
        refused(
            &mut t,
            hunted(1),
            Action::KeepCards {
                cards: places([Place::Lair, Place::Jungle])
            }
        ),
        "card_not_in_hand"
    );
    t.act(
        hunted(1),
        Action::KeepCards {
            cards: places([Place::Jungle, Place::River]),
        },
    );
    assert_eq!(t.h(1).hand, places([Place::Jungle, Place::River]));
    assert_eq!(t.h(1).discard, places([Place::Beach, Place::Rover]));
    assert_eq!(t.h(2).hand.len(), 4, "only the named Hunted discards");
    assert_eq!(t.s.step, Step::CreatureToken);
}

#[test]
fn ascendancy_asks_nothing_of_a_hunted_holding_two_cards() {
    let mut t = table(1, &[HuntCard::Ascendancy]);
    t.discard_places(1, places([Place::Beach, Place::Rover]));
    t.explore(&[places([Place::Lair])]);
    play(&mut t, HuntPlay::Ascendancy { hunted: hunted(1) });
    assert_eq!(t.s.step, Step::CreatureToken);
    assert_eq!(t.h(1).hand, places([Place::Jungle, Place::River]));
}

#[test]
fn fierceness_costs_each_caught_hunted_one_more_will() {
    let mut t = table(2, &[HuntCard::Fierceness]);
    t.explore(&[places([Place::Jungle]), places([Place::River])]);
    play(&mut t, HuntPlay::Fierceness {});
    creature_token(&mut t, Place::Jungle);
    use_power(&mut t, 2, Power::River {});
    assert_eq!(t.h(1).will, 1);
    assert_eq!(t.h(2).will, 3, "only the caught Hunted loses Will");
    assert_eq!(t.s.assimilation, 7);
}

#[test]
fn fierceness_on_the_lair_costs_three_will() {
    // Acceptance example 4.
    let mut t = table(1, &[HuntCard::Fierceness]);
    t.explore(&[places([Place::Lair])]);
    play(&mut t, HuntPlay::Fierceness {});
    creature_token(&mut t, Place::Lair);
    let hunted_1 = hunted(1);
    assert!(t.events.contains(&Event::WillChanged {
        hunted: hunted_1,
        will: 0
    }));
    assert!(t.events.contains(&Event::Exhausted { hunted: hunted_1 }));
    assert_eq!(t.h(1).will, 3, "exhausted in R5");
    assert_eq!(t.s.assimilation, 5, "R4 and R5");
}

#[test]
fn forbidden_zone_makes_every_hunted_discard_a_card_revealed_together() {
    let mut t = table(2, &[HuntCard::ForbiddenZone]);
    t.explore(&[places([Place::Lair]), places([Place::Jungle])]);
    play(&mut t, HuntPlay::ForbiddenZone {});
    assert_eq!(t.to_act(), [hunted(1), hunted(2)]);
    assert_eq!(
        refused(
            &mut t,
            hunted(1),
            Action::DiscardPlace { card: Place::Lair }
        ),
        "card_not_in_hand"
    );
    let spectator = t.view_json(Viewer::Spectator);
    let creature = t.view_json(Viewer::Seat(CREATURE));
    let other = t.view_json(Viewer::Seat(hunted(2)));
    t.act(hunted(1), Action::DiscardPlace { card: Place::Rover });
    // Sealed: nothing is discarded yet and nobody else can tell what he chose.
    assert!(t.h(1).discard.is_empty());
    assert_eq!(t.view_json(Viewer::Spectator), spectator);
    assert_eq!(t.view_json(Viewer::Seat(CREATURE)), creature);
    assert_eq!(t.view_json(Viewer::Seat(hunted(2))), other);
    assert_eq!(t.to_act(), [hunted(2)]);
    t.act(hunted(2), Action::DiscardPlace { card: Place::Beach });
    assert_eq!(t.h(1).discard, places([Place::Rover]));
    assert_eq!(t.h(2).discard, places([Place::Beach]));
    assert_eq!(t.s.step, Step::CreatureToken);
}

#[test]
fn forbidden_zone_takes_a_lone_card_without_asking() {
    let mut t = table(2, &[HuntCard::ForbiddenZone]);
    t.discard_places(2, places([Place::River, Place::Beach, Place::Rover]));
    t.explore(&[places([Place::Lair]), places([Place::Lair])]);
    play(&mut t, HuntPlay::ForbiddenZone {});
    assert_eq!(t.to_act(), [hunted(1)], "hunted-2 has one card: no choice");
    assert!(t.h(2).hand.contains(Place::Jungle));
    t.act(hunted(1), Action::DiscardPlace { card: Place::River });
    assert!(t.h(2).hand.is_empty());
    assert!(t.h(2).discard.contains(Place::Jungle));
    assert_eq!(t.h(1).discard, places([Place::River]));
}

#[test]
fn interference_makes_the_beach_and_the_wreck_ineffective() {
    let mut t = table(2, &[HuntCard::Interference]);
    t.give_place(2, Place::Wreck);
    t.discard_places(1, places([Place::Rover]));
    t.discard_places(2, places([Place::Rover]));
    t.explore(&[places([Place::Beach]), places([Place::Wreck])]);
    play(&mut t, HuntPlay::Interference {});
    assert_eq!(t.s.ineffective(), places([Place::Beach, Place::Wreck]));
    creature_token(&mut t, Place::Lair);
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(&mut t, 1, Power::Beach {}),
        "place_ineffective"
    );
    assert_eq!(
        t.legal(hunted(1)),
        [Action::TakeBack { card: Place::Rover }]
    );
    take_back(&mut t, 1, Place::Rover);
    assert_eq!(t.s.step, Step::Place(1, 0));
    assert_eq!(
        refused_power(&mut t, 2, Power::Wreck {}),
        "place_ineffective"
    );
    take_back(&mut t, 2, Place::Rover);
    assert!(!t.s.beacon);
    assert_eq!(t.s.rescue, 13, "only the clean-up advanced Rescue");
}

#[test]
fn persecution_lets_the_swamp_return_exactly_one_card() {
    // Acceptance example 11.
    let mut t = table(1, &[HuntCard::Persecution]);
    t.give_place(1, Place::Swamp);
    t.discard_places(1, places([Place::Beach, Place::Rover]));
    t.explore(&[places([Place::Swamp])]);
    play(&mut t, HuntPlay::Persecution {});
    creature_token(&mut t, Place::Lair);
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(
            &mut t,
            1,
            Power::Swamp {
                cards: places([Place::Swamp, Place::Beach, Place::Rover])
            }
        ),
        "persecution"
    );
    assert_eq!(
        refused_power(
            &mut t,
            1,
            Power::Swamp {
                cards: places([Place::Beach, Place::Rover])
            }
        ),
        "persecution"
    );
    let swamp: Vec<PlaceSet> = t
        .legal(hunted(1))
        .into_iter()
        .filter_map(|a| match a {
            Action::UsePower {
                power: Power::Swamp { cards },
                ..
            } => Some(cards),
            _ => None,
        })
        .collect();
    let mut expected = [Place::Beach, Place::Rover, Place::Swamp].map(PlaceSet::only);
    let mut got = swamp.clone();
    got.sort_by_key(|s| s.first());
    expected.sort_by_key(|s| s.first());
    assert_eq!(got, expected);
    use_power(
        &mut t,
        1,
        Power::Swamp {
            cards: places([Place::Beach]),
        },
    );
    // The Swamp, not chosen, is discarded in phase 4.
    assert!(t.h(1).hand.contains(Place::Beach));
    assert_eq!(t.h(1).discard, places([Place::Rover, Place::Swamp]));
}

#[test]
fn persecution_lets_the_lair_return_only_one_card() {
    let mut t = table(1, &[HuntCard::Persecution]);
    t.discard_places(1, places([Place::Beach, Place::Rover]));
    t.explore(&[places([Place::Lair])]);
    play(&mut t, HuntPlay::Persecution {});
    creature_token(&mut t, Place::Artefact);
    assert_eq!(
        refused_power(
            &mut t,
            1,
            Power::Lair {
                cards: places([Place::Beach, Place::Rover])
            }
        ),
        "persecution"
    );
    use_power(
        &mut t,
        1,
        Power::Lair {
            cards: places([Place::Rover]),
        },
    );
    assert!(t.h(1).hand.contains(Place::Rover));
    assert_eq!(t.h(1).discard, places([Place::Lair, Place::Beach]));
}

#[test]
fn mutation_costs_each_hunted_caught_by_the_artemia_token_one_will() {
    let mut t = table(2, &[HuntCard::Mutation]);
    t.explore(&[places([Place::Jungle]), places([Place::River])]);
    play(&mut t, HuntPlay::Mutation {});
    creature_token(&mut t, Place::Artefact);
    assert_eq!(t.s.step, Step::ArtemiaToken, "Mutation bears the A symbol");
    t.act(
        CREATURE,
        Action::PlaceArtemiaToken {
            places: places([Place::Jungle]),
        },
    );
    assert_eq!(t.s.step, Step::Place(1, 0), "hunted-1 is caught: no R2");
    use_power(&mut t, 2, Power::River {});
    assert_eq!(t.to_act(), [hunted(1)]);
    t.act(hunted(1), Action::DiscardPlace { card: Place::Rover });
    assert_eq!(t.h(1).will, 2);
    assert!(t.h(1).discard.contains(Place::Rover));
    assert_eq!(t.h(2).will, 3);
    assert_eq!(t.s.assimilation, 8, "the Artemia token moves no counter");
}

#[test]
fn phobia_shows_the_creature_all_but_two_cards_of_the_named_hand() {
    let mut t = table(2, &[HuntCard::Phobia]);
    t.explore(&[places([Place::Lair]), places([Place::Lair])]);
    play(&mut t, HuntPlay::Phobia { hunted: hunted(1) });
    assert_eq!(t.s.step, Step::Phobia(0));
    assert_eq!(
        refused(
            &mut t,
            hunted(1),
            Action::HideCards {
                cards: places([Place::Jungle])
            }
        ),
        "wrong_card_count"
    );
    t.act(
        hunted(1),
        Action::HideCards {
            cards: places([Place::Jungle, Place::River]),
        },
    );
    let shown = places([Place::Beach, Place::Rover]);
    let phobia = |viewer| Artemia::view(&t.s, viewer).creature.phobia_shown;
    assert_eq!(phobia(Viewer::Seat(CREATURE)), Some(shown));
    assert_eq!(phobia(Viewer::Seat(hunted(1))), Some(shown));
    assert_eq!(phobia(Viewer::Seat(hunted(2))), None);
    assert_eq!(phobia(Viewer::Spectator), None);
    assert_eq!(t.h(1).hand.len(), 4, "shown, not discarded");
    assert_eq!(t.s.step, Step::CreatureToken);
    creature_token(&mut t, Place::Artefact);
    assert_eq!(t.s.step, Step::ArtemiaToken, "Phobia bears the A symbol");
}

#[test]
fn virus_spreads_the_artemia_token_over_two_adjacent_places() {
    let mut t = table(2, &[HuntCard::Virus]);
    t.give_place(2, Place::Shelter);
    t.explore(&[places([Place::Jungle]), places([Place::Shelter])]);
    play(&mut t, HuntPlay::Virus {});
    creature_token(&mut t, Place::Artefact);
    assert_eq!(t.s.step, Step::ArtemiaToken, "Virus bears the A symbol");
    for spot in [
        places([Place::Jungle]),
        places([Place::Jungle, Place::Beach]),
    ] {
        assert_eq!(
            refused(&mut t, CREATURE, Action::PlaceArtemiaToken { places: spot }),
            "not_adjacent"
        );
    }
    assert!(t.legal(CREATURE).iter().all(|a| match a {
        Action::PlaceArtemiaToken { places } => places.len() == 2,
        _ => true,
    }));
    t.act(
        CREATURE,
        Action::PlaceArtemiaToken {
            places: places([Place::Jungle, Place::Shelter]),
        },
    );
    assert_eq!(t.to_act(), [hunted(1), hunted(2)], "both caught (R3)");
    t.act(hunted(1), Action::DiscardPlace { card: Place::Rover });
    t.act(hunted(2), Action::DiscardPlace { card: Place::Beach });
    assert!(t.events.contains(&Event::Caught {
        hunted: hunted(1),
        token: Token::Artemia,
        place: Place::Jungle
    }));
    assert!(t.events.contains(&Event::Caught {
        hunted: hunted(2),
        token: Token::Artemia,
        place: Place::Shelter
    }));
    assert!(t.h(1).discard.contains(Place::Rover));
    assert!(t.h(2).discard.contains(Place::Beach));
}

#[test]
fn clone_makes_the_target_token_catch_like_the_creature_token() {
    let mut t = table(2, &[HuntCard::Clone]);
    t.explore(&[places([Place::Jungle]), places([Place::River])]);
    play(&mut t, HuntPlay::Clone {});
    creature_token(&mut t, Place::Jungle);
    assert_eq!(t.s.step, Step::TargetToken);
    assert!(
        !t.is_legal(CREATURE, Action::Pass {}),
        "the Target token must go down"
    );
    assert_eq!(
        refused(
            &mut t,
            CREATURE,
            Action::PlaceTargetToken {
                places: places([Place::River, Place::Beach])
            }
        ),
        "wrong_place_count"
    );
    t.act(
        CREATURE,
        Action::PlaceTargetToken {
            places: places([Place::River]),
        },
    );
    assert!(t.events.contains(&Event::Caught {
        hunted: hunted(2),
        token: Token::Target,
        place: Place::River
    }));
    assert_eq!(t.h(1).will, 2);
    assert_eq!(t.h(2).will, 2);
    assert_eq!(t.s.assimilation, 7, "Assimilation advances once");
    assert!(!t.h(2).river_next, "a caught presence has no power");
}

#[test]
fn clone_and_creature_token_on_one_hunted_take_will_once() {
    let mut t = table(1, &[HuntCard::Clone]);
    t.explore(&[places([Place::Jungle])]);
    play(&mut t, HuntPlay::Clone {});
    creature_token(&mut t, Place::Jungle);
    t.act(
        CREATURE,
        Action::PlaceTargetToken {
            places: places([Place::Jungle]),
        },
    );
    assert_eq!(t.h(1).will, 2);
    assert_eq!(t.s.assimilation, 6);
}

#[test]
fn mirage_makes_both_targeted_places_ineffective() {
    let mut t = table(2, &[HuntCard::Mirage]);
    t.discard_places(1, places([Place::Rover]));
    t.discard_places(2, places([Place::Rover]));
    t.explore(&[places([Place::Beach]), places([Place::River])]);
    play(&mut t, HuntPlay::Mirage {});
    creature_token(&mut t, Place::Artefact);
    assert_eq!(t.s.step, Step::TargetToken);
    assert_eq!(
        refused(
            &mut t,
            CREATURE,
            Action::PlaceTargetToken {
                places: places([Place::Beach])
            }
        ),
        "not_adjacent"
    );
    t.act(
        CREATURE,
        Action::PlaceTargetToken {
            places: places([Place::River, Place::Beach]),
        },
    );
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(&mut t, 1, Power::Beach {}),
        "place_ineffective"
    );
    assert_eq!(
        t.legal(hunted(1)),
        [Action::TakeBack { card: Place::Rover }]
    );
    take_back(&mut t, 1, Place::Rover);
    assert_eq!(
        refused_power(&mut t, 2, Power::River {}),
        "place_ineffective"
    );
    take_back(&mut t, 2, Place::Rover);
    assert!(!t.s.beacon);
    assert!(!t.h(2).river_next);
    // The Mirage token catches nobody.
    assert_eq!((t.h(1).will, t.h(2).will), (3, 3));
    assert_eq!(t.s.assimilation, 8);
}

#[test]
fn scream_makes_each_targeted_hunted_discard_two_cards_or_lose_will() {
    let mut t = table(3, &[HuntCard::Scream]);
    t.discard_places(3, places([Place::River, Place::Beach, Place::Rover]));
    t.explore(&[
        places([Place::Jungle]),
        places([Place::Jungle]),
        places([Place::Jungle]),
    ]);
    play(&mut t, HuntPlay::Scream {});
    creature_token(&mut t, Place::Artefact);
    t.act(
        CREATURE,
        Action::PlaceTargetToken {
            places: places([Place::Jungle]),
        },
    );
    // hunted-3 holds one card: he can only lose Will, and is not asked.
    assert!(matches!(t.s.step, Step::Scream(_)));
    assert_eq!(t.to_act(), [hunted(1), hunted(2)]);
    assert_eq!(
        refused(
            &mut t,
            hunted(1),
            Action::DiscardTwo {
                cards: places([Place::Rover])
            }
        ),
        "wrong_card_count"
    );
    t.act(
        hunted(1),
        Action::DiscardTwo {
            cards: places([Place::Beach, Place::Rover]),
        },
    );
    assert!(t.h(1).discard.is_empty(), "sealed until all have chosen");
    t.act(hunted(2), Action::LoseWill {});
    assert_eq!(t.h(1).discard, places([Place::Beach, Place::Rover]));
    assert_eq!(t.h(1).will, 3);
    assert_eq!(t.h(2).will, 2);
    assert_eq!(t.h(2).discard, PlaceSet::EMPTY);
    assert_eq!(t.h(3).will, 2);
    // Scream leaves the place effective: R2 follows.
    assert_eq!(t.s.step, Step::Place(0, 0));
}

#[test]
fn toxin_discards_a_survival_card_and_silences_the_targeted_place() {
    let mut t = table(2, &[HuntCard::Toxin]);
    t.give_place(1, Place::Wreck);
    t.give_place(2, Place::Wreck);
    t.discard_places(1, places([Place::Rover]));
    t.give_survival(1, SurvivalCard::Adrenaline);
    t.give_survival(1, SurvivalCard::Dodge);
    t.give_survival(2, SurvivalCard::Detector);
    t.explore(&[places([Place::Wreck]), places([Place::Wreck])]);
    play(&mut t, HuntPlay::Toxin {});
    creature_token(&mut t, Place::Artefact);
    t.act(
        CREATURE,
        Action::PlaceTargetToken {
            places: places([Place::Wreck]),
        },
    );
    t.hunted_pass();
    // hunted-2 had a single Survival card: it went without asking.
    assert_eq!(t.to_act(), [hunted(1)]);
    assert!(t.h(2).survival.is_empty());
    assert!(t.s.survival_discard.contains(&SurvivalCard::Detector));
    assert_eq!(
        refused(
            &mut t,
            hunted(1),
            Action::DiscardSurvival {
                card: SurvivalCard::Detector
            }
        ),
        "card_not_in_hand"
    );
    t.act(
        hunted(1),
        Action::DiscardSurvival {
            card: SurvivalCard::Dodge,
        },
    );
    assert_eq!(
        t.h(1).survival.iter().collect::<Vec<_>>(),
        [SurvivalCard::Adrenaline]
    );
    assert!(t.s.survival_discard.contains(&SurvivalCard::Dodge));
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(&mut t, 1, Power::Wreck {}),
        "place_ineffective"
    );
    take_back(&mut t, 1, Place::Rover);
    // hunted-2 has no discard and the Wreck does not work: he gets nothing.
    t.hunted_pass();
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.s.rescue, 13, "only the clean-up advanced Rescue");
}

// ----- Phase 3 cards -------------------------------------------------------------------------

#[test]
fn cataclysm_makes_the_chosen_place_ineffective() {
    let mut t = table(1, &[HuntCard::Cataclysm]);
    t.give_place(1, Place::Wreck);
    t.discard_places(1, places([Place::Rover]));
    t.explore(&[places([Place::Wreck])]);
    assert_eq!(
        refused_hunt(
            &mut t,
            HuntPlay::Cataclysm {
                place: Place::Wreck
            },
            false
        ),
        "wrong_phase"
    );
    creature_token(&mut t, Place::Artefact);
    assert_eq!(t.s.step, Step::HuntCard(Phase::Reckoning));
    play(
        &mut t,
        HuntPlay::Cataclysm {
            place: Place::Wreck,
        },
    );
    assert_eq!(t.s.ineffective(), places([Place::Wreck]));
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(
        refused_power(&mut t, 1, Power::Wreck {}),
        "place_ineffective"
    );
    assert_eq!(
        t.legal(hunted(1)),
        [Action::TakeBack { card: Place::Rover }]
    );
    take_back(&mut t, 1, Place::Rover);
    assert_eq!(t.s.rescue, 12, "only the clean-up advanced Rescue");
}

#[test]
fn detour_moves_a_presence_under_the_creature_token() {
    let mut t = table(1, &[HuntCard::Detour]);
    t.explore(&[places([Place::Jungle])]);
    creature_token(&mut t, Place::Lair);
    assert_eq!(t.s.step, Step::HuntCard(Phase::Reckoning));
    let h1 = hunted(1);
    assert_eq!(
        refused_hunt(
            &mut t,
            HuntPlay::Detour {
                hunted: h1,
                from: Place::Jungle,
                to: Place::Wreck
            },
            false
        ),
        "not_adjacent"
    );
    assert_eq!(
        refused_hunt(
            &mut t,
            HuntPlay::Detour {
                hunted: h1,
                from: Place::River,
                to: Place::Beach
            },
            false
        ),
        "no_presence"
    );
    play(
        &mut t,
        HuntPlay::Detour {
            hunted: h1,
            from: Place::Jungle,
            to: Place::Lair,
        },
    );
    // Caught on The Lair: 1 Will, and 1 more for The Lair.
    assert_eq!(t.h(1).will, 1);
    assert_eq!(t.s.assimilation, 6);
    assert!(t.h(1).discard.contains(Place::Jungle), "his card stays his");
}

#[test]
fn detour_gives_the_presence_the_power_of_its_new_place() {
    let mut t = table(1, &[HuntCard::Detour]);
    t.explore(&[places([Place::River])]);
    creature_token(&mut t, Place::Artefact);
    play(
        &mut t,
        HuntPlay::Detour {
            hunted: hunted(1),
            from: Place::River,
            to: Place::Wreck,
        },
    );
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(t.h(1).presences[0].at, Place::Wreck);
    assert_eq!(refused_power(&mut t, 1, Power::River {}), "wrong_power");
    use_power(&mut t, 1, Power::Wreck {});
    assert_eq!(t.s.rescue, 11, "The Wreck, then the clean-up");
    assert!(!t.h(1).river_next);
    assert_eq!(t.h(1).discard, places([Place::River]));
}

// ----- Phase 4 cards -------------------------------------------------------------------------

#[test]
fn stasis_keeps_the_rescue_counter_still_at_the_end_of_the_turn() {
    // Acceptance example 9.
    let mut t = table(1, &[HuntCard::Stasis]);
    t.explore(&[places([Place::Jungle])]);
    creature_token(&mut t, Place::Artefact);
    assert_eq!(
        t.legal(CREATURE),
        [Action::Pass {}],
        "Stasis is a phase-4 card"
    );
    t.creature_passes();
    use_power(&mut t, 1, jungle_alone());
    assert_eq!(t.s.step, Step::HuntCard(Phase::EndOfTurn));
    play(&mut t, HuntPlay::Stasis {});
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.s.rescue, 13);
}

#[test]
fn stasis_also_stops_the_amplifier_advancing_rescue() {
    let mut t = table(1, &[HuntCard::Stasis]);
    t.s.beacon = true;
    t.give_survival(1, SurvivalCard::Amplifier);
    t.explore(&[places([Place::Jungle])]);
    creature_token(&mut t, Place::Artefact);
    t.hunted_pass();
    t.creature_passes();
    t.hunted_pass();
    use_power(&mut t, 1, jungle_alone());
    play(&mut t, HuntPlay::Stasis {});
    assert!(matches!(t.s.step, Step::Survival(Phase::EndOfTurn, _)));
    t.act(
        hunted(1),
        Action::PlaySurvival {
            play: SurvivalPlay::Amplifier {},
        },
    );
    assert_eq!(t.s.turn, 2);
    assert_eq!(t.s.rescue, 13, "Rescue does not advance in this phase 4");
    assert!(!t.s.beacon, "the Amplifier still removes the Beacon");
}

#[test]
fn tracking_lets_the_creature_play_two_hunt_cards_next_turn() {
    let mut t = after_tracking(&[HuntCard::Despair, HuntCard::Fierceness, HuntCard::Cataclysm]);
    assert_eq!(creature_allowance(&t), 2);
    play(&mut t, HuntPlay::Despair {});
    commit(&mut t, 1, Place::River);
    play(&mut t, HuntPlay::Fierceness {});
    creature_token(&mut t, Place::Artefact);
    t.creature_passes();
    // The allowance is spent: no phase-3 step although he holds Cataclysm.
    assert_eq!(t.s.step, Step::Place(0, 0));
    assert_eq!(creature_allowance(&t), 0);
    use_power(&mut t, 1, Power::River {});
    assert_eq!(t.s.turn, 3);
    assert_eq!(t.s.fx.allowance, 1, "Tracking lasts one turn");
    assert!(t.s.hunt_discard.ends_with(&[
        HuntCard::Tracking,
        HuntCard::Despair,
        HuntCard::Fierceness
    ]));
}

#[test]
fn flashback_copies_the_top_of_the_hunt_discard() {
    let mut t = table(1, &[HuntCard::Flashback]);
    hunt_discard(&mut t, &[HuntCard::Despair, HuntCard::Fierceness]);
    // Fierceness is on top: nothing to copy in phase 1, and Despair is not the top card.
    assert_eq!(t.legal(CREATURE), [Action::Pass {}]);
    assert_eq!(
        refused_hunt(&mut t, HuntPlay::Despair {}, true),
        "flashback_mismatch"
    );
    t.explore(&[places([Place::Jungle])]);
    assert_eq!(
        refused_hunt(&mut t, HuntPlay::Fierceness {}, false),
        "card_not_in_hand"
    );
    assert_eq!(hunt_plays(&t), [(HuntPlay::Fierceness {}, true)]);
    flashback(&mut t, HuntPlay::Fierceness {});
    assert!(t.s.hunt_hand.is_empty());
    creature_token(&mut t, Place::Jungle);
    assert_eq!(t.h(1).will, 1, "caught with Fierceness");
    // Flashback itself goes to the discard, after the cards already there.
    assert!(t.s.hunt_discard.ends_with(&[
        HuntCard::Despair,
        HuntCard::Fierceness,
        HuntCard::Flashback
    ]));
}

#[test]
fn flashback_is_not_playable_on_an_empty_hunt_discard() {
    let mut t = table(1, &[HuntCard::Flashback]);
    assert!(t.s.hunt_discard.is_empty());
    assert_eq!(t.legal(CREATURE), [Action::Pass {}]);
    assert_eq!(
        refused_hunt(&mut t, HuntPlay::Despair {}, true),
        "flashback_mismatch"
    );
    t.explore(&[places([Place::Jungle])]);
    assert!(hunt_plays(&t).is_empty());
}

#[test]
fn flashback_takes_the_symbol_of_the_copied_card() {
    let mut t = table(2, &[HuntCard::Flashback]);
    hunt_discard(&mut t, &[HuntCard::Clone]);
    t.explore(&[places([Place::Jungle]), places([Place::River])]);
    flashback(&mut t, HuntPlay::Clone {});
    creature_token(&mut t, Place::Jungle);
    assert_eq!(
        t.s.step,
        Step::TargetToken,
        "a copy of Clone uses the Target"
    );
    t.act(
        CREATURE,
        Action::PlaceTargetToken {
            places: places([Place::River]),
        },
    );
    assert_eq!((t.h(1).will, t.h(2).will), (2, 2));
    assert_eq!(t.s.assimilation, 7);
}

// ----- Limits (section 4) --------------------------------------------------------------------

#[test]
fn only_one_hunt_card_may_be_played_each_turn() {
    let mut t = table(
        1,
        &[HuntCard::Despair, HuntCard::Fierceness, HuntCard::Cataclysm],
    );
    play(&mut t, HuntPlay::Despair {});
    commit(&mut t, 1, Place::Jungle);
    assert_eq!(t.s.step, Step::CreatureToken);
    assert!(hunt_plays(&t).is_empty());
    assert_eq!(
        refused_hunt(&mut t, HuntPlay::Fierceness {}, false),
        "hunt_card_limit"
    );
    creature_token(&mut t, Place::Artefact);
    t.creature_passes();
    // No phase-3 step although he holds Cataclysm.
    assert_eq!(t.s.step, Step::Place(0, 0));
}

#[test]
fn tracking_allows_two_hunt_cards_but_never_two_in_one_phase() {
    let mut t = after_tracking(&[
        HuntCard::Fierceness,
        HuntCard::Mutation,
        HuntCard::Cataclysm,
    ]);
    t.explore(&[places([Place::River])]);
    play(&mut t, HuntPlay::Fierceness {});
    assert!(hunt_plays(&t).is_empty());
    assert_eq!(
        refused_hunt(&mut t, HuntPlay::Mutation {}, false),
        "hunt_card_limit"
    );
    creature_token(&mut t, Place::Artefact);
    // The second card of the turn, in another phase.
    assert_eq!(t.s.step, Step::HuntCard(Phase::Reckoning));
    play(
        &mut t,
        HuntPlay::Cataclysm {
            place: Place::River,
        },
    );
    assert_eq!(t.s.turn, 3, "nothing left to choose: the turn ended");
    assert!(
        t.s.hunt_discard
            .ends_with(&[HuntCard::Fierceness, HuntCard::Cataclysm])
    );
}

#[test]
fn sacrifice_leaves_the_creature_no_hunt_card_even_after_tracking() {
    let mut t = after_tracking(&[
        HuntCard::ForceField,
        HuntCard::Fierceness,
        HuntCard::Cataclysm,
    ]);
    t.give_survival(1, SurvivalCard::Sacrifice);
    play(
        &mut t,
        HuntPlay::ForceField {
            places: places([Place::Swamp, Place::Shelter]),
        },
    );
    assert_eq!(creature_allowance(&t), 1);
    t.act(
        hunted(1),
        Action::PlaySurvival {
            play: SurvivalPlay::Sacrifice {
                discard: Place::Rover,
            },
        },
    );
    assert_eq!(creature_allowance(&t), 0);
    commit(&mut t, 1, Place::Jungle);
    assert!(hunt_plays(&t).is_empty());
    assert_eq!(
        refused_hunt(&mut t, HuntPlay::Fierceness {}, false),
        "hunt_card_limit"
    );
    creature_token(&mut t, Place::Artefact);
    // No phase-3 step either.
    assert_eq!(t.s.step, Step::Place(0, 0));
}

#[test]
fn sacrifice_stops_the_creature_s_single_card() {
    let mut t = table(1, &[HuntCard::Fierceness, HuntCard::Cataclysm]);
    t.give_survival(1, SurvivalCard::Sacrifice);
    t.creature_passes();
    t.act(
        hunted(1),
        Action::PlaySurvival {
            play: SurvivalPlay::Sacrifice {
                discard: Place::Rover,
            },
        },
    );
    commit(&mut t, 1, Place::Jungle);
    assert_eq!(
        refused_hunt(&mut t, HuntPlay::Fierceness {}, false),
        "hunt_card_limit"
    );
    creature_token(&mut t, Place::Jungle);
    assert_eq!(t.h(1).will, 2, "no Fierceness");
}

#[test]
fn a_second_target_card_is_refused_in_the_same_turn() {
    let mut t = after_tracking(&[HuntCard::ForceField, HuntCard::Clone, HuntCard::Fierceness]);
    play(
        &mut t,
        HuntPlay::ForceField {
            places: places([Place::Swamp, Place::Shelter]),
        },
    );
    commit(&mut t, 1, Place::Jungle);
    assert_eq!(
        refused_hunt(&mut t, HuntPlay::Clone {}, false),
        "target_card_limit"
    );
    assert_eq!(hunt_plays(&t), [(HuntPlay::Fierceness {}, false)]);
    play(&mut t, HuntPlay::Fierceness {});
}

#[test]
fn a_flashback_copy_of_a_target_card_counts_as_the_target_card() {
    let mut t = after_tracking(&[HuntCard::Flashback, HuntCard::ForceField]);
    hunt_discard(&mut t, &[HuntCard::Scream]);
    play(
        &mut t,
        HuntPlay::ForceField {
            places: places([Place::Swamp, Place::Shelter]),
        },
    );
    commit(&mut t, 1, Place::Jungle);
    assert_eq!(
        refused_hunt(&mut t, HuntPlay::Scream {}, true),
        "target_card_limit"
    );
}

#[test]
fn hunt_cards_are_played_only_in_their_printed_phase() {
    let mut t = table(
        1,
        &[HuntCard::Fierceness, HuntCard::Cataclysm, HuntCard::Stasis],
    );
    let fierceness = HuntPlay::Fierceness {};
    let cataclysm = HuntPlay::Cataclysm { place: Place::Lair };
    let stasis = HuntPlay::Stasis {};
    // Phase 1.
    for play in [fierceness, cataclysm, stasis] {
        assert_eq!(refused_hunt(&mut t, play, false), "wrong_phase");
    }
    assert_eq!(t.legal(CREATURE), [Action::Pass {}]);
    t.explore(&[places([Place::Jungle])]);
    // Phase 2.
    for play in [cataclysm, stasis] {
        assert_eq!(refused_hunt(&mut t, play, false), "wrong_phase");
    }
    creature_token(&mut t, Place::Artefact);
    // Phase 3: phase-2 cards come before the Creature token.
    assert_eq!(t.s.step, Step::HuntCard(Phase::Reckoning));
    for play in [fierceness, stasis] {
        assert_eq!(refused_hunt(&mut t, play, false), "wrong_phase");
    }
    t.creature_passes();
    use_power(&mut t, 1, jungle_alone());
    // Phase 4.
    assert_eq!(t.s.step, Step::HuntCard(Phase::EndOfTurn));
    for play in [fierceness, cataclysm] {
        assert_eq!(refused_hunt(&mut t, play, false), "wrong_phase");
    }
    play(&mut t, stasis);
    assert_eq!(t.s.rescue, 13);
}

#[test]
fn a_hunt_card_not_in_hand_is_refused() {
    let mut t = table(1, &[HuntCard::Despair]);
    assert_eq!(
        refused_hunt(
            &mut t,
            HuntPlay::ForceField {
                places: places([Place::Lair, Place::Jungle])
            },
            false
        ),
        "card_not_in_hand"
    );
    hunt_discard(&mut t, &[HuntCard::ForceField]);
    assert_eq!(
        refused_hunt(
            &mut t,
            HuntPlay::ForceField {
                places: places([Place::Lair, Place::Jungle])
            },
            true
        ),
        "card_not_in_hand",
        "Flashback must be held to copy"
    );
    assert_eq!(
        refused(
            &mut t,
            hunted(1),
            Action::PlayHunt {
                play: HuntPlay::Despair {},
                flashback: false
            }
        ),
        "not_your_turn"
    );
    play(&mut t, HuntPlay::Despair {});
}
