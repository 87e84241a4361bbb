//! What each viewer may know: views of the table and redaction of events.
//!
//! This file is the only place that decides what a viewer sees of the state (rules section 13,
//! "Hidden information"). Everything sent anywhere is built here.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    CreatureView, Decision, Event, HuntedView, PlayedHunt, ReserveCount, SurvivalPlay, TablePhase,
    TurnEffects, View,
};

use super::board::RESERVE;
use super::state::{State, Step};
use crate::games::{SharedFields, Viewer};

/// The table as `viewer` sees it.
pub fn view(s: &State, viewer: Viewer) -> View {
    let omniscient = viewer == Viewer::Omniscient;
    let is = |seat: Seat| omniscient || viewer == Viewer::Seat(seat);
    let is_hunted = omniscient || matches!(viewer, Viewer::Seat(Seat::Hunted(_)));
    let discards_seen = is_hunted || !s.fx.smokescreen;
    let creature = is(Seat::Creature);
    View {
        turn: s.turn,
        phase: match s.step {
            Step::Over => TablePhase::Over,
            step => step.phase().into(),
        },
        board_side: s.side.number(),
        a_spaces: s.side.a_spaces().to_vec(),
        rescue: s.rescue,
        assimilation: s.assimilation,
        beacon: s.beacon,
        reserve: RESERVE
            .iter()
            .zip(s.reserve)
            .map(|(&place, copies)| ReserveCount { place, copies })
            .collect(),
        creature_token: s.creature_token,
        artemia_token: s.artemia_token,
        target_token: s.target_token,
        creature: CreatureView {
            hand: creature.then(|| s.hunt_hand.iter().collect()),
            hand_count: s.hunt_hand.len(),
            played: s
                .fx
                .played
                .iter()
                .map(|p| PlayedHunt {
                    play: p.play,
                    flashback: p.flashback,
                })
                .collect(),
            allowance: if s.fx.sacrifice { 0 } else { s.fx.allowance },
            // Which cards, in table order: their order in the deck stays secret (section 13).
            known_bottom: creature.then(|| {
                let mut cards = s.hunt_deck[..s.known_bottom.min(s.hunt_deck.len())].to_vec();
                cards.sort();
                cards
            }),
            phobia_shown: s
                .fx
                .phobia
                .filter(|&(i, _)| creature || is(State::seat(i)))
                .map(|(_, shown)| shown),
        },
        hunted: s
            .hunted
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let seat = State::seat(i);
                let own = is(seat);
                HuntedView {
                    seat,
                    will: h.will,
                    hand: own.then_some(h.hand),
                    hand_count: h.hand.len(),
                    discard: (own || discards_seen).then_some(h.discard),
                    discard_count: h.discard.len(),
                    owned: h.owned(),
                    in_play: (own || s.revealed).then_some(h.in_play),
                    in_play_count: h.in_play.len(),
                    presences: h.presences.iter().map(|p| p.at).collect(),
                    committed: h.committed,
                    survival: own.then(|| h.survival.iter().collect()),
                    survival_count: h.survival.len(),
                    // Under Smokescreen the choices of a card that touches the discard are
                    // the Hunted's secret (section 13), as in its event.
                    survival_played: h.survival_played.filter(|play| {
                        own || discards_seen
                            || !matches!(
                                play,
                                SurvivalPlay::Sacrifice { .. }
                                    | SurvivalPlay::SixthSense { .. }
                                    | SurvivalPlay::Vortex { .. }
                            )
                    }),
                    sealed: own.then_some(h.sealed).flatten(),
                    river: h.river || h.river_next,
                    artefact: h.artefact || h.artefact_next,
                    gave_up: h.gave_up,
                }
            })
            .collect(),
        hunt_deck: s.hunt_deck.len(),
        hunt_discard: s.hunt_discard.clone(),
        survival_deck: s.survival_deck.len(),
        survival_discard: s.survival_discard.clone(),
        effects: TurnEffects {
            despair: s.fx.despair,
            force_field: s.fx.force_field,
            anticipation: s.fx.anticipation.map(State::seat),
            fierceness: s.fx.fierceness,
            persecution: s.fx.persecution,
            mutation: s.fx.mutation,
            clone: s.fx.clone,
            scream: s.fx.scream,
            toxin: s.fx.toxin,
            stasis: s.fx.stasis,
            smokescreen: s.fx.smokescreen,
            sacrifice: s.fx.sacrifice,
            tracking_next_turn: s.fx.tracking,
            ineffective: s.ineffective(),
            beach_used: s.fx.beach_used,
            wreck_used: s.fx.wreck_used,
        },
        decision: decision(s, viewer),
    }
}

/// The views of several viewers as JSON, each exactly as serde writes it, what they share
/// written once: most of the table is public, and each Hunted looks the same to everyone but
/// himself. The fields in the order of [`View`]'s declaration.
pub fn write(views: &[View]) -> Vec<String> {
    SharedFields::new(views)
        .field("turn", |v| &v.turn)
        .field("phase", |v| &v.phase)
        .field("board_side", |v| &v.board_side)
        .field("a_spaces", |v| &v.a_spaces)
        .field("rescue", |v| &v.rescue)
        .field("assimilation", |v| &v.assimilation)
        .field_unless("beacon", |v| &v.beacon, |on| !on)
        .field("reserve", |v| &v.reserve)
        .field_unless("creature_token", |v| &v.creature_token, Option::is_none)
        .field_unless("artemia_token", |v| &v.artemia_token, |p| p.is_empty())
        .field_unless("target_token", |v| &v.target_token, |p| p.is_empty())
        .field("creature", |v| &v.creature)
        .list("hunted", |v| v.hunted.as_slice())
        .field("hunt_deck", |v| &v.hunt_deck)
        .field_unless("hunt_discard", |v| &v.hunt_discard, Vec::is_empty)
        .field("survival_deck", |v| &v.survival_deck)
        .field_unless("survival_discard", |v| &v.survival_discard, Vec::is_empty)
        .field_unless("effects", |v| &v.effects, TurnEffects::is_quiet)
        .field_unless("decision", |v| &v.decision, Option::is_none)
        .finish()
}

fn decision(s: &State, viewer: Viewer) -> Option<Decision> {
    Some(match s.step {
        Step::HuntCard(_) => Decision::HuntCard,
        Step::Explore(_) => Decision::Explore,
        Step::CreatureToken => Decision::CreatureToken,
        Step::ArtemiaToken => Decision::ArtemiaToken,
        Step::TargetToken => Decision::TargetToken,
        Step::Ascendancy(i) => Decision::Ascendancy {
            hunted: State::seat(i),
        },
        Step::Phobia(i) => Decision::Phobia {
            hunted: State::seat(i),
        },
        Step::ForbiddenZone(_) => Decision::ForbiddenZone,
        Step::Survival(..) => Decision::SurvivalCard,
        Step::RiverChoice(_) => Decision::RiverChoice,
        Step::Hologram(i) => Decision::Hologram {
            hunted: State::seat(i),
        },
        Step::WrongTrack(i) => Decision::WrongTrack {
            hunted: State::seat(i),
        },
        Step::Scream(_) => Decision::Scream,
        Step::Toxin(_) => Decision::Toxin,
        Step::Place(i, slot) => Decision::Place {
            hunted: State::seat(i),
            place: s.hunted[i].presences[slot].at,
        },
        Step::Shelter(i, _) => {
            let seat = State::seat(i);
            let sees = matches!(viewer, Viewer::Omniscient) || viewer == Viewer::Seat(seat);
            Decision::Shelter {
                hunted: seat,
                drawn: sees.then(|| s.hunted[i].shelter_draw.clone()),
            }
        }
        Step::ArtemiaDiscard(_) => Decision::ArtemiaDiscard,
        Step::Over => return None,
    })
}

/// A short description of a step, for error messages (public information only).
pub fn describe(step: Step) -> &'static str {
    match step {
        Step::HuntCard(_) => "the Creature may play a Hunt card or pass",
        Step::Explore(_) => "the Hunted are exploring",
        Step::CreatureToken => "the Creature places the Creature token",
        Step::Ascendancy(_) => "Ascendancy: a Hunted keeps two cards",
        Step::Phobia(_) => "Phobia: a Hunted hides two cards",
        Step::ForbiddenZone(_) => "Forbidden Zone: the Hunted discard a card",
        Step::ArtemiaToken => "the Creature may put out the Artemia token",
        Step::TargetToken => "the Creature places the Target token",
        Step::Survival(..) => "the Hunted may play a Survival card or pass",
        Step::RiverChoice(_) => "River: the Hunted keep one card in play",
        Step::Hologram(_) => "Hologram: the Artemia token is shifted",
        Step::WrongTrack(_) => "Wrong Track: the Creature token is shifted",
        Step::Scream(_) => "Scream: the Hunted at the target choose",
        Step::Toxin(_) => "Toxin: the Hunted at the target discard a Survival card",
        Step::Place(..) => "a Hunted uses a place power or takes back a card",
        Step::Shelter(..) => "The Shelter: a Hunted keeps a Survival card",
        Step::ArtemiaDiscard(_) => "the Hunted caught by the Artemia token discard a card",
        Step::Over => "the match is over",
    }
}

/// The event with every secret part removed.
pub fn conceal(event: &Event) -> Event {
    let mut event = event.clone();
    match &mut event {
        Event::HuntCardsDrawn { cards, .. } | Event::StruckBack { cards, .. } => *cards = None,
        Event::SurvivalCardPlayed { play, .. } | Event::SurvivalSubmitted { play, .. } => {
            *play = None
        }
        Event::SurvivalCardsDrawn { cards, .. } => *cards = None,
        Event::ShelterKept { kept, .. } => *kept = None,
        Event::CardsTakenBack { cards, .. }
        | Event::CardsDiscarded { cards, .. }
        | Event::Committed { cards, .. }
        | Event::Chose { cards, .. }
        | Event::PhobiaShown { cards, .. } => *cards = None,
        Event::Exchanged {
            to_discard,
            to_play,
            ..
        } => {
            *to_discard = None;
            *to_play = None;
        }
        Event::RiverChoice { kept, returned, .. } => {
            *kept = None;
            *returned = None;
        }
        _ => {}
    }
    event
}
