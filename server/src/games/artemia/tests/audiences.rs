//! Who is told what (rules section 13), event kind by event kind: each event that carries a
//! secret or depends on one is played through `apply`, and every viewer (the owner, the other
//! seats, a spectator, the replay) is checked to receive it whole or with its secret parts
//! removed. Telling any of them to everyone, or hiding a public one, fails a case by name.

use serde_json::Value;
use xenotable_protocol::Seat;
use xenotable_protocol::artemia::Place::{
    Artefact, Beach, Jungle, Lair, River, Rover, Shelter, Source,
};
use xenotable_protocol::artemia::{
    Action, Decision, Event, HuntCard, HuntPlay, Phase, Place, PlaceSet, Power, Sealed,
    SurvivalCard, SurvivalPlay, Via,
};

use super::support::{Table, hunted, only, places};
use crate::games::artemia::Artemia;
use crate::games::artemia::state::Step;
use crate::games::{Game, Told, Viewer};

const CREATURE: Seat = Seat::Creature;

/// The fields that carry an event's secret parts.
const SECRET_FIELDS: [&str; 6] = ["cards", "play", "kept", "returned", "to_discard", "to_play"];

/// Who sees an event whole (the replay always does).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sees {
    /// The Hunted the event is about, alone.
    Owner,
    /// That Hunted and the Creature (Phobia).
    OwnerAndCreature,
    /// The Creature alone (his own draws, Strike Back).
    Creature,
    /// Every Hunted: cards going to or leaving a discard under Smokescreen.
    Hunted,
    /// Everyone: nothing is secret.
    Everyone,
}

impl Sees {
    fn includes(self, owner: Seat, viewer: Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::Omniscient) | (Sees::Everyone, _) => true,
            (_, Viewer::Spectator) => false,
            (Sees::Owner, Viewer::Seat(seat)) => seat == owner,
            (Sees::OwnerAndCreature, Viewer::Seat(seat)) => seat == owner || seat == CREATURE,
            (Sees::Creature, Viewer::Seat(seat)) => seat == CREATURE,
            (Sees::Hunted, Viewer::Seat(seat)) => matches!(seat, Seat::Hunted(_)),
        }
    }
}

/// Every viewer of a table of `n` Hunted: each seat, a spectator, the replay.
fn viewers(n: usize) -> Vec<Viewer> {
    std::iter::once(Viewer::Seat(CREATURE))
        .chain((1..=n as u8).map(|k| Viewer::Seat(hunted(k))))
        .chain([Viewer::Spectator, Viewer::Omniscient])
        .collect()
}

fn json(event: &Event) -> Value {
    serde_json::to_value(event).expect("events serialize")
}

fn kind(event: &Event) -> String {
    json(event)["type"]
        .as_str()
        .expect("events are tagged")
        .to_owned()
}

/// Whether some secret field of the event is filled in.
fn names_a_secret(event: &Event) -> bool {
    let value = json(event);
    SECRET_FIELDS
        .iter()
        .any(|f| value.get(f).is_some_and(|v| !v.is_null()))
}

/// A table, and what its last command told.
type Played = (Table, Vec<Told<Event>>);

/// One event kind with a secret, played at a table.
struct Case {
    name: &'static str,
    /// The wire names of the events of this case (`committed`).
    kinds: &'static [&'static str],
    /// Whom the events are about.
    owner: Seat,
    sees: Sees,
    /// Plays up to the command that tells the events; returns the table and what that
    /// command told.
    play: fn() -> Played,
}

// ----- The scenarios ---------------------------------------------------------------------------

/// A table of `n` Hunted holding no Survival card, the Creature holding `hand`, in phase 1 after
/// the Creature's step.
fn table(n: usize, seed: u64, hand: &[HuntCard]) -> Table {
    let mut t = Table::bare(n, seed, hand);
    t.creature_passes();
    t
}

fn commit(t: &mut Table, n: u8, cards: PlaceSet) -> Vec<Told<Event>> {
    t.act_told(hunted(n), Action::Commit { cards })
}

fn hunt(t: &mut Table, play: HuntPlay) -> Vec<Told<Event>> {
    t.act_told(
        CREATURE,
        Action::PlayHunt {
            play,
            flashback: false,
        },
    )
}

fn survival(t: &mut Table, n: u8, play: SurvivalPlay) -> Vec<Told<Event>> {
    t.act_told(hunted(n), Action::PlaySurvival { play })
}

fn use_power(t: &mut Table, n: u8, power: Power) -> Vec<Told<Event>> {
    t.act_told(
        hunted(n),
        Action::UsePower {
            via: Via::Own,
            power,
        },
    )
}

/// hunted-1 plays Smokescreen if `smoke` (in phase 1, after the Creature's step).
fn smokescreen(t: &mut Table, smoke: bool) {
    if smoke {
        t.give_survival(1, SurvivalCard::Smokescreen);
        survival(t, 1, SurvivalPlay::Smokescreen {});
    }
}

/// Two Hunted with no Survival card (but hunted-1's Smokescreen, if `smoke`) both commit The
/// Lair; the Creature holds `hand`.
fn two_committed(hand: &[HuntCard], smoke: bool) -> Table {
    let mut t = table(2, 31, hand);
    smokescreen(&mut t, smoke);
    commit(&mut t, 1, only(Lair));
    commit(&mut t, 2, only(Lair));
    t
}

fn committed() -> Played {
    let mut t = table(2, 32, &[]);
    let told = commit(&mut t, 1, only(Jungle));
    (t, told)
}

/// hunted-1 alone on `place` (which he is given), the Creature token far away: R2.
fn at_r2_on(place: Place) -> Table {
    let mut t = table(2, 33, &[]);
    t.give_place(1, place);
    t.explore(&[only(place), only(Lair)]);
    t.act(CREATURE, Action::PlaceCreatureToken { place: Artefact });
    t.pass_optional();
    assert_eq!(t.s.step, Step::Place(0, 0));
    t
}

fn source_draw() -> Played {
    let mut t = at_r2_on(Source);
    let told = use_power(&mut t, 1, Power::SourceDraw {});
    (t, told)
}

fn shelter_draw() -> Played {
    let mut t = at_r2_on(Shelter);
    let told = use_power(&mut t, 1, Power::Shelter {});
    assert!(matches!(t.s.step, Step::Shelter(0, _)));
    (t, told)
}

fn shelter_kept() -> Played {
    let (mut t, _) = shelter_draw();
    let card = t.h(1).shelter_draw[0];
    let told = t.act_told(hunted(1), Action::KeepSurvival { card });
    (t, told)
}

/// The Creature's empty hand is refilled at the clean-up of turn 1.
fn hunt_draw() -> Played {
    let mut t = table(1, 34, &[]);
    t.explore(&[only(Jungle)]);
    t.act(CREATURE, Action::PlaceCreatureToken { place: Artefact });
    let told = use_power(
        &mut t,
        1,
        Power::Jungle {
            cards: only(Jungle),
        },
    );
    assert_eq!(t.s.turn, 2);
    (t, told)
}

fn strike_back() -> Played {
    let mut t = table(2, 35, &[HuntCard::Stasis, HuntCard::Tracking]);
    t.give_survival(1, SurvivalCard::StrikeBack);
    let told = survival(&mut t, 1, SurvivalPlay::StrikeBack {});
    (t, told)
}

fn phobia_shown() -> Played {
    let mut t = two_committed(&[HuntCard::Phobia], false);
    hunt(&mut t, HuntPlay::Phobia { hunted: hunted(1) });
    let told = t.act_told(
        hunted(1),
        Action::HideCards {
            cards: places([Jungle, River]),
        },
    );
    (t, told)
}

/// Forbidden Zone: hunted-1 seals `card`; hunted-2 has not chosen yet.
fn forbidden_zone_sealed(smoke: bool, card: Place) -> Played {
    let mut t = two_committed(&[HuntCard::ForbiddenZone], smoke);
    hunt(&mut t, HuntPlay::ForbiddenZone {});
    let told = t.act_told(hunted(1), Action::DiscardPlace { card });
    (t, told)
}

/// Forbidden Zone: every choice is in, and the cards go to the discards.
fn forbidden_zone_revealed(smoke: bool, card: Place) -> Played {
    let (mut t, _) = forbidden_zone_sealed(smoke, card);
    let told = t.act_told(hunted(2), Action::DiscardPlace { card: River });
    assert_eq!(t.s.step, Step::CreatureToken);
    (t, told)
}

/// Scream on The Jungle where both Hunted are: hunted-1 seals a discard of `cards`.
fn scream_sealed(smoke: bool, cards: PlaceSet) -> Played {
    let mut t = table(2, 36, &[HuntCard::Scream]);
    smokescreen(&mut t, smoke);
    commit(&mut t, 1, only(Jungle));
    commit(&mut t, 2, only(Jungle));
    hunt(&mut t, HuntPlay::Scream {});
    t.act(CREATURE, Action::PlaceCreatureToken { place: Artefact });
    t.act(
        CREATURE,
        Action::PlaceTargetToken {
            places: only(Jungle),
        },
    );
    assert!(matches!(t.s.step, Step::Scream(_)), "{:?}", t.s.step);
    let told = t.act_told(hunted(1), Action::DiscardTwo { cards });
    (t, told)
}

/// Scream: hunted-2 loses Will, every choice is revealed and resolved.
fn scream_revealed(smoke: bool, cards: PlaceSet) -> Played {
    let (mut t, _) = scream_sealed(smoke, cards);
    let told = t.act_told(hunted(2), Action::LoseWill {});
    (t, told)
}

/// Ascendancy on hunted-2, who keeps `keep`.
fn ascendancy(smoke: bool, keep: PlaceSet) -> Played {
    let mut t = two_committed(&[HuntCard::Ascendancy], smoke);
    hunt(&mut t, HuntPlay::Ascendancy { hunted: hunted(2) });
    let told = t.act_told(hunted(2), Action::KeepCards { cards: keep });
    (t, told)
}

/// hunted-2 sacrifices `card`.
fn sacrifice(smoke: bool, card: Place) -> Played {
    let mut t = table(2, 37, &[]);
    t.give_survival(2, SurvivalCard::Sacrifice);
    smokescreen(&mut t, smoke);
    let told = survival(&mut t, 2, SurvivalPlay::Sacrifice { discard: card });
    (t, told)
}

/// hunted-2 Resists, taking back `cards` of his discard {River, Beach, Rover}.
fn resist(smoke: bool, cards: PlaceSet) -> Played {
    let mut t = table(2, 38, &[]);
    t.discard_places(2, places([River, Beach, Rover]));
    smokescreen(&mut t, smoke);
    let told = t.act_told(hunted(2), Action::Resist { cards });
    (t, told)
}

/// Three Hunted: hunted-2 commits `committed` and plays Vortex with The River of his discard
/// {River, Beach}; hunted-3 holds a card, so the phase-2 step (and the reveal) waits for him.
fn vortex(smoke: bool, committed: Place) -> Played {
    let mut t = table(3, 39, &[]);
    t.give_survival(2, SurvivalCard::Vortex);
    t.give_survival(3, SurvivalCard::Dodge);
    t.discard_places(2, places([River, Beach]));
    smokescreen(&mut t, smoke);
    commit(&mut t, 1, only(Lair));
    commit(&mut t, 2, only(committed));
    commit(&mut t, 3, only(Lair));
    t.act(CREATURE, Action::PlaceCreatureToken { place: Artefact });
    let told = survival(
        &mut t,
        2,
        SurvivalPlay::Vortex {
            in_play: committed,
            from_discard: River,
        },
    );
    assert!(!t.s.revealed, "the reveal waits for hunted-3");
    (t, told)
}

/// hunted-1, alone under the Artemia token on The Jungle, discards `card`. The Creature holds
/// Stasis, so the turn (and Smokescreen) waits for him in phase 4.
fn artemia_discard(smoke: bool, card: Place) -> Played {
    let mut t = table(2, 40, &[HuntCard::Stasis]);
    t.s.rescue = 6; // an A-space: the Artemia token may go out
    smokescreen(&mut t, smoke);
    commit(&mut t, 1, only(Jungle));
    commit(&mut t, 2, only(Lair));
    t.act(CREATURE, Action::PlaceCreatureToken { place: Artefact });
    t.act(
        CREATURE,
        Action::PlaceArtemiaToken {
            places: only(Jungle),
        },
    );
    t.pass_until(|s| matches!(s, Step::ArtemiaDiscard(_)));
    assert!(
        matches!(t.s.step, Step::ArtemiaDiscard(_)),
        "{:?}",
        t.s.step
    );
    let told = t.act_told(hunted(1), Action::DiscardPlace { card });
    assert_eq!(t.s.step, Step::HuntCard(Phase::EndOfTurn));
    (t, told)
}

fn river_choice() -> Played {
    let mut t = table(2, 41, &[]);
    t.s.hunted[0].river = true;
    t.explore(&[places([Jungle, Beach]), only(Lair)]);
    t.act(CREATURE, Action::PlaceCreatureToken { place: Artefact });
    assert!(matches!(t.s.step, Step::RiverChoice(_)));
    let told = t.act_told(hunted(1), Action::KeepInPlay { card: Beach });
    (t, told)
}

/// hunted-1 submits Dodge in phase 3; hunted-2 (holding Detector) has not yet.
fn survival_submitted() -> Played {
    let mut t = table(2, 42, &[]);
    t.give_survival(1, SurvivalCard::Dodge);
    t.give_survival(2, SurvivalCard::Detector);
    t.explore(&[only(Jungle), only(Lair)]);
    t.act(CREATURE, Action::PlaceCreatureToken { place: Jungle });
    t.pass_until(|s| matches!(s, Step::Survival(Phase::Reckoning, _)));
    assert!(matches!(t.s.step, Step::Survival(Phase::Reckoning, _)));
    let told = survival(&mut t, 1, SurvivalPlay::Dodge {});
    assert!(
        matches!(t.s.step, Step::Survival(..)),
        "sealed, not resolved"
    );
    (t, told)
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "a commit",
            kinds: &["committed"],
            owner: hunted(1),
            sees: Sees::Owner,
            play: committed,
        },
        Case {
            name: "a Survival card drawn at The Source",
            kinds: &["survival-cards-drawn"],
            owner: hunted(1),
            sees: Sees::Owner,
            play: source_draw,
        },
        Case {
            name: "the two Survival cards drawn at The Shelter",
            kinds: &["survival-cards-drawn"],
            owner: hunted(1),
            sees: Sees::Owner,
            play: shelter_draw,
        },
        Case {
            name: "the Survival card kept at The Shelter",
            kinds: &["shelter-kept"],
            owner: hunted(1),
            sees: Sees::Owner,
            play: shelter_kept,
        },
        Case {
            name: "the Creature's Hunt draw",
            kinds: &["hunt-cards-drawn"],
            owner: CREATURE,
            sees: Sees::Creature,
            play: hunt_draw,
        },
        Case {
            name: "the cards Strike Back puts under the Hunt deck",
            kinds: &["struck-back"],
            owner: hunted(1),
            sees: Sees::Creature,
            play: strike_back,
        },
        Case {
            name: "the cards Phobia shows",
            kinds: &["phobia-shown"],
            owner: hunted(1),
            sees: Sees::OwnerAndCreature,
            play: phobia_shown,
        },
        Case {
            name: "a sealed Forbidden Zone discard",
            kinds: &["chose"],
            owner: hunted(1),
            sees: Sees::Owner,
            play: || forbidden_zone_sealed(false, Rover),
        },
        Case {
            name: "Forbidden Zone discards once all are in",
            kinds: &["cards-discarded"],
            owner: hunted(1),
            sees: Sees::Everyone,
            play: || forbidden_zone_revealed(false, Rover),
        },
        Case {
            name: "Forbidden Zone discards under Smokescreen",
            kinds: &["cards-discarded"],
            owner: hunted(1),
            sees: Sees::Hunted,
            play: || forbidden_zone_revealed(true, Rover),
        },
        Case {
            name: "a sealed Scream choice",
            kinds: &["chose"],
            owner: hunted(1),
            sees: Sees::Owner,
            play: || scream_sealed(false, places([Beach, Rover])),
        },
        Case {
            name: "Scream choices once all are in",
            kinds: &["chose", "cards-discarded"],
            owner: hunted(1),
            sees: Sees::Everyone,
            play: || scream_revealed(false, places([Beach, Rover])),
        },
        Case {
            name: "Scream choices under Smokescreen",
            kinds: &["chose", "cards-discarded"],
            owner: hunted(1),
            sees: Sees::Hunted,
            play: || scream_revealed(true, places([Beach, Rover])),
        },
        Case {
            name: "Ascendancy discards",
            kinds: &["cards-discarded"],
            owner: hunted(2),
            sees: Sees::Everyone,
            play: || ascendancy(false, places([Jungle, River])),
        },
        Case {
            name: "Ascendancy discards under Smokescreen",
            kinds: &["cards-discarded"],
            owner: hunted(2),
            sees: Sees::Hunted,
            play: || ascendancy(true, places([Jungle, River])),
        },
        Case {
            name: "a Sacrifice",
            kinds: &["survival-card-played", "cards-discarded"],
            owner: hunted(2),
            sees: Sees::Everyone,
            play: || sacrifice(false, Rover),
        },
        Case {
            name: "a Sacrifice under Smokescreen",
            kinds: &["survival-card-played", "cards-discarded"],
            owner: hunted(2),
            sees: Sees::Hunted,
            play: || sacrifice(true, Rover),
        },
        Case {
            name: "cards taken back by Resist",
            kinds: &["cards-taken-back"],
            owner: hunted(2),
            sees: Sees::Everyone,
            play: || resist(false, places([River, Beach])),
        },
        Case {
            name: "cards taken back by Resist under Smokescreen",
            kinds: &["cards-taken-back"],
            owner: hunted(2),
            sees: Sees::Hunted,
            play: || resist(true, places([River, Beach])),
        },
        Case {
            name: "a Vortex",
            kinds: &["survival-card-played", "exchanged"],
            owner: hunted(2),
            sees: Sees::Everyone,
            play: || vortex(false, Jungle),
        },
        Case {
            name: "a Vortex under Smokescreen",
            kinds: &["survival-card-played", "exchanged"],
            owner: hunted(2),
            sees: Sees::Hunted,
            play: || vortex(true, Jungle),
        },
        Case {
            name: "the card discarded to the Artemia token",
            kinds: &["cards-discarded"],
            owner: hunted(1),
            sees: Sees::Everyone,
            play: || artemia_discard(false, Rover),
        },
        Case {
            name: "the card discarded to the Artemia token under Smokescreen",
            kinds: &["cards-discarded"],
            owner: hunted(1),
            sees: Sees::Hunted,
            play: || artemia_discard(true, Rover),
        },
        Case {
            name: "the River choice",
            kinds: &["river-choice"],
            owner: hunted(1),
            sees: Sees::Owner,
            play: river_choice,
        },
        Case {
            name: "a sealed phase-3 Survival card",
            kinds: &["survival-submitted"],
            owner: hunted(1),
            sees: Sees::Owner,
            play: survival_submitted,
        },
    ]
}

/// The events of `told` whose kind is one of `kinds` and that are about `owner` (or about
/// nobody in particular).
fn of_case<'a>(told: &'a [Told<Event>], case: &Case) -> Vec<&'a Told<Event>> {
    let owner = serde_json::to_value(case.owner).expect("seats serialize");
    told.iter()
        .filter(|t| case.kinds.contains(&kind(&t.event).as_str()))
        .filter(|t| json(&t.event).get("hunted").is_none_or(|h| *h == owner))
        .collect()
}

#[test]
fn every_secret_event_reaches_exactly_its_audience() {
    for case in cases() {
        let (t, told) = (case.play)();
        let events = of_case(&told, &case);
        for kind in case.kinds {
            assert!(
                events.iter().any(|e| self::kind(&e.event) == *kind),
                "{}: no {kind} told",
                case.name
            );
        }
        for e in &events {
            assert!(names_a_secret(&e.event), "{}: {:?}", case.name, e.event);
            for viewer in viewers(t.s.hunted.len()) {
                let seen = Artemia::redact(e, viewer)
                    .unwrap_or_else(|| panic!("{}: {viewer:?} told nothing", case.name));
                if case.sees.includes(case.owner, viewer) {
                    assert_eq!(seen, e.event, "{}: {viewer:?} sees it whole", case.name);
                } else {
                    assert!(
                        !names_a_secret(&seen),
                        "{}: {viewer:?} sees {seen:?}",
                        case.name
                    );
                    // Still told: the same kind of event about the same seat.
                    assert_eq!(kind(&seen), kind(&e.event), "{}", case.name);
                    assert_eq!(
                        json(&seen).get("hunted"),
                        json(&e.event).get("hunted"),
                        "{}",
                        case.name
                    );
                }
            }
        }
    }
}

// ----- Smokescreen and Vortex (section 13) -------------------------------------------------------

/// Everything `viewer` received and sees: every event told since the start, the table, who
/// acts and what it may send.
fn received(t: &Table, viewer: Viewer) -> String {
    let events: Vec<Option<Event>> = t.told.iter().map(|e| Artemia::redact(e, viewer)).collect();
    let legal = match viewer {
        Viewer::Seat(seat) => t.legal(seat),
        Viewer::Spectator | Viewer::Omniscient => Vec::new(),
    };
    serde_json::to_string(&(events, t.view_json(viewer), t.to_act(), legal))
        .expect("everything serializes")
}

/// Whether `viewer` can tell two tables apart from what it received.
fn tells_apart(a: &Played, b: &Played, viewer: Viewer) -> bool {
    received(&a.0, viewer) != received(&b.0, viewer)
}

type Twins = fn(bool) -> (Played, Played);

#[test]
fn under_smokescreen_no_event_or_view_names_a_card_that_goes_to_a_discard() {
    // Each pair differs only in the cards that go to a Hunted's discard.
    let twins: [(&str, Twins); 7] = [
        ("Ascendancy", |smoke| {
            (
                ascendancy(smoke, places([Jungle, River])),
                ascendancy(smoke, places([Beach, Rover])),
            )
        }),
        ("Forbidden Zone", |smoke| {
            (
                forbidden_zone_revealed(smoke, Rover),
                forbidden_zone_revealed(smoke, Beach),
            )
        }),
        ("Scream", |smoke| {
            (
                scream_revealed(smoke, places([Beach, Rover])),
                scream_revealed(smoke, places([River, Rover])),
            )
        }),
        ("the Artemia token", |smoke| {
            (artemia_discard(smoke, Rover), artemia_discard(smoke, Beach))
        }),
        ("Sacrifice", |smoke| {
            (sacrifice(smoke, Rover), sacrifice(smoke, Beach))
        }),
        ("Resist", |smoke| {
            (
                resist(smoke, places([River, Beach])),
                resist(smoke, places([River, Rover])),
            )
        }),
        ("Vortex", |smoke| {
            (vortex(smoke, Jungle), vortex(smoke, Lair))
        }),
    ];
    for (name, twins) in twins {
        let (a, b) = twins(true);
        for viewer in [Viewer::Seat(CREATURE), Viewer::Spectator] {
            assert!(!tells_apart(&a, &b, viewer), "{name}: {viewer:?} can tell");
        }
        // The Hunted see the discards (and the owner his own), so the pair differs for them.
        for n in 1..=a.0.s.hunted.len() as u8 {
            assert!(
                tells_apart(&a, &b, Viewer::Seat(hunted(n))),
                "{name}: hunted-{n}"
            );
        }
        // Without Smokescreen the discards are public: the Creature can tell the pair apart.
        let (a, b) = twins(false);
        assert!(
            tells_apart(&a, &b, Viewer::Seat(CREATURE)),
            "{name} in the open"
        );
    }
}

#[test]
fn vortex_is_public_at_once_except_under_smokescreen() {
    // In the open: before the reveal, every viewer learns which card left the discard and
    // which went there, so the card committed before is known.
    let (t, told) = vortex(false, Jungle);
    let exchanged = Event::Exchanged {
        hunted: hunted(2),
        to_discard: Some(Jungle),
        to_play: Some(River),
    };
    let played = SurvivalPlay::Vortex {
        in_play: Jungle,
        from_discard: River,
    };
    for viewer in [
        Viewer::Seat(CREATURE),
        Viewer::Seat(hunted(1)),
        Viewer::Spectator,
    ] {
        let seen: Vec<Event> = told
            .iter()
            .filter_map(|e| Artemia::redact(e, viewer))
            .collect();
        assert!(seen.contains(&exchanged), "{viewer:?}");
        assert!(
            seen.contains(&Event::SurvivalCardPlayed {
                hunted: hunted(2),
                card: SurvivalCard::Vortex,
                play: Some(played),
            }),
            "{viewer:?}"
        );
        let view = Artemia::view(&t.s, viewer);
        assert_eq!(view.hunted[1].survival_played, Some(played), "{viewer:?}");
        assert_eq!(view.hunted[1].discard, Some(places([Beach, Jungle])));
    }
    assert!(!t.s.revealed);

    // Under Smokescreen the Creature and spectators learn only that Vortex was played.
    let (t, told) = vortex(true, Jungle);
    for viewer in [Viewer::Seat(CREATURE), Viewer::Spectator] {
        let seen: Vec<Event> = told
            .iter()
            .filter_map(|e| Artemia::redact(e, viewer))
            .collect();
        assert!(seen.contains(&Event::SurvivalCardPlayed {
            hunted: hunted(2),
            card: SurvivalCard::Vortex,
            play: None,
        }));
        assert!(seen.contains(&Event::Exchanged {
            hunted: hunted(2),
            to_discard: None,
            to_play: None,
        }));
        let view = Artemia::view(&t.s, viewer);
        assert_eq!(view.hunted[1].survival_played, None, "{viewer:?}");
        assert_eq!(view.hunted[1].discard, None, "{viewer:?}");
        assert_eq!(view.survival_discard.last(), Some(&SurvivalCard::Vortex));
    }
    let seen: Vec<Event> = told
        .iter()
        .filter_map(|e| Artemia::redact(e, Viewer::Seat(hunted(3))))
        .collect();
    assert!(
        seen.contains(&exchanged),
        "the other Hunted see the discards"
    );
}

// ----- Secrets in the view -------------------------------------------------------------------------

#[test]
fn a_reconnecting_seat_sees_the_choice_it_sealed_this_phase() {
    let sealed = |t: &Table, viewer: Viewer, n: usize| Artemia::view(&t.s, viewer).hunted[n].sealed;
    let others = |n: u8| {
        [Viewer::Seat(CREATURE), Viewer::Spectator]
            .into_iter()
            .chain(
                (1..=2)
                    .filter(move |&k| k != n)
                    .map(|k| Viewer::Seat(hunted(k))),
            )
    };
    let checks: [(&str, Played, Sealed); 3] = [
        (
            "Forbidden Zone",
            forbidden_zone_sealed(false, Rover),
            Sealed::Discard { card: Rover },
        ),
        (
            "Scream",
            scream_sealed(false, places([Beach, Rover])),
            Sealed::Scream {
                cards: Some(places([Beach, Rover])),
            },
        ),
        (
            "a phase-3 Survival card",
            survival_submitted(),
            Sealed::Survival {
                play: Some(SurvivalPlay::Dodge {}),
            },
        ),
    ];
    for (name, (t, _), choice) in checks {
        // A view built afresh, as a reconnecting seat gets it, shows his own sealed choice.
        assert_eq!(
            sealed(&t, Viewer::Seat(hunted(1)), 0),
            Some(choice),
            "{name}"
        );
        assert_eq!(sealed(&t, Viewer::Omniscient, 0), Some(choice), "{name}");
        for viewer in others(1) {
            assert_eq!(sealed(&t, viewer, 0), None, "{name}: {viewer:?}");
        }
        assert_eq!(
            sealed(&t, Viewer::Seat(hunted(2)), 1),
            None,
            "{name}: not chosen yet"
        );
    }
    // Once every choice is in and resolved, nothing is left sealed.
    let (t, _) = forbidden_zone_revealed(false, Rover);
    assert_eq!(sealed(&t, Viewer::Seat(hunted(1)), 0), None);
}

#[test]
fn the_shelter_draw_and_phobia_cards_are_in_the_views_of_their_audience_only() {
    let (t, _) = shelter_draw();
    let drawn = t.h(1).shelter_draw.clone();
    assert_eq!(drawn.len(), 2);
    for viewer in viewers(2) {
        let view = Artemia::view(&t.s, viewer);
        let Some(Decision::Shelter { drawn: seen, .. }) = view.decision else {
            panic!("the Shelter decision");
        };
        let sees = Sees::Owner.includes(hunted(1), viewer);
        assert_eq!(seen, sees.then(|| drawn.clone()), "{viewer:?}");
    }
    let (t, _) = phobia_shown();
    for viewer in viewers(2) {
        let view = Artemia::view(&t.s, viewer);
        let sees = Sees::OwnerAndCreature.includes(hunted(1), viewer);
        assert_eq!(
            view.creature.phobia_shown,
            sees.then(|| places([Beach, Rover])),
            "{viewer:?}"
        );
    }
}
