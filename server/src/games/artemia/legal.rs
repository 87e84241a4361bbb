//! The legal actions of a seat: every candidate the step could take, kept when `check` agrees.
//!
//! Generating a superset and filtering it through the one `check` that `apply` uses makes the
//! list and `apply` agree by construction; the property tests hold the superset complete.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    Action, CopiedPower, HuntCard, HuntPlay, Phase, Place, PlaceSet, Power, SurvivalCard,
    SurvivalPlay, Via,
};

use super::board::{self, adjacent_pairs, neighbours};
use super::cards::hunt_card;
use super::check::check;
use super::state::{State, Step};

/// Exactly the actions `apply` accepts from `seat` now.
pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    if !super::to_act(s).contains(&seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    candidates(s, seat, &mut out);
    out.retain(|a| check(s, seat, a).is_ok());
    out
}

/// Whether presence `slot` of Hunted `i` has anything to choose in R2.
pub fn has_place_choice(s: &State, i: usize, slot: usize) -> bool {
    let mut out = Vec::new();
    place_candidates(s, i, slot, &mut out);
    out.iter().any(|a| check(s, State::seat(i), a).is_ok())
}

/// Every subset of `set` with at most `k` cards.
pub fn subsets(set: PlaceSet, k: usize) -> Vec<PlaceSet> {
    let mut out = vec![PlaceSet::EMPTY];
    for place in set.iter() {
        for j in 0..out.len() {
            if out[j].len() < k {
                let mut bigger = out[j];
                bigger.insert(place);
                out.push(bigger);
            }
        }
    }
    out
}

fn candidates(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let hunted = s.hunted_index(seat);
    match (s.step, hunted) {
        (Step::HuntCard(phase), None) => {
            out.push(Action::Pass {});
            hunt_candidates(s, phase, out);
        }
        (Step::CreatureToken, None) => {
            hunt_candidates(s, Phase::Hunting, out);
            out.extend(Place::ALL.map(|place| Action::PlaceCreatureToken { place }));
        }
        (Step::ArtemiaToken, None) => {
            out.push(Action::Pass {});
            out.extend(token_spots(s.fx.virus).map(|places| Action::PlaceArtemiaToken { places }));
        }
        (Step::TargetToken, None) => {
            out.extend(token_spots(s.fx.mirage).map(|places| Action::PlaceTargetToken { places }));
        }
        (Step::Explore(_), Some(i)) => {
            let h = &s.hunted[i];
            survival_candidates(s, i, out);
            out.push(Action::GiveUp {});
            out.extend(
                subsets(h.discard, 2)
                    .into_iter()
                    .map(|cards| Action::Resist { cards }),
            );
            out.extend(
                subsets(h.hand, 2)
                    .into_iter()
                    .map(|cards| Action::Commit { cards }),
            );
        }
        (Step::Ascendancy(_), Some(i)) => {
            out.extend(pairs(s.hunted[i].hand).map(|cards| Action::KeepCards { cards }));
        }
        (Step::Phobia(_), Some(i)) => {
            out.extend(pairs(s.hunted[i].hand).map(|cards| Action::HideCards { cards }));
        }
        (Step::ForbiddenZone(_) | Step::ArtemiaDiscard(_), Some(i)) => {
            out.extend(
                s.hunted[i]
                    .hand
                    .iter()
                    .map(|card| Action::DiscardPlace { card }),
            );
        }
        (Step::Survival(..), Some(i)) => {
            out.push(Action::Pass {});
            survival_candidates(s, i, out);
        }
        (Step::RiverChoice(_), Some(i)) => {
            out.extend(
                s.hunted[i]
                    .in_play
                    .iter()
                    .map(|card| Action::KeepInPlay { card }),
            );
        }
        (Step::Hologram(_), Some(_)) => {
            for from in s.artemia_token.iter() {
                out.extend(
                    neighbours(from)
                        .iter()
                        .map(|to| Action::ShiftArtemiaToken { from, to }),
                );
            }
        }
        (Step::WrongTrack(_), Some(_)) => {
            out.extend(Place::ALL.map(|to| Action::ShiftCreatureToken { to }));
        }
        (Step::Scream(_), Some(i)) => {
            out.push(Action::LoseWill {});
            out.extend(pairs(s.hunted[i].hand).map(|cards| Action::DiscardTwo { cards }));
        }
        (Step::Toxin(_), Some(i)) => {
            out.extend(
                s.hunted[i]
                    .survival
                    .iter()
                    .map(|card| Action::DiscardSurvival { card }),
            );
        }
        (Step::Place(_, slot), Some(i)) => place_candidates(s, i, slot, out),
        (Step::Shelter(..), Some(i)) => {
            out.extend(
                s.hunted[i]
                    .shelter_draw
                    .iter()
                    .map(|&card| Action::KeepSurvival { card }),
            );
        }
        _ => {}
    }
}

fn pairs(set: PlaceSet) -> impl Iterator<Item = PlaceSet> {
    subsets(set, 2).into_iter().filter(|s| s.len() == 2)
}

/// Where a token may go: one place, or two adjacent places.
fn token_spots(two: bool) -> impl Iterator<Item = PlaceSet> {
    let singles = Place::ALL
        .into_iter()
        .map(PlaceSet::only)
        .filter(move |_| !two);
    singles.chain(adjacent_pairs().filter(move |_| two))
}

fn hunt_candidates(s: &State, phase: Phase, out: &mut Vec<Action>) {
    let mut cards: Vec<(HuntCard, bool)> = s
        .hunt_hand
        .iter()
        .filter(|&c| c != HuntCard::Flashback)
        .map(|c| (c, false))
        .collect();
    if s.hunt_hand.contains(HuntCard::Flashback)
        && let Some(&top) = s.hunt_discard.last()
    {
        cards.push((top, true));
    }
    for (card, flashback) in cards {
        if hunt_card(card).is_none_or(|(p, _)| p != phase) {
            continue;
        }
        for play in hunt_plays(s, card) {
            out.push(Action::PlayHunt { play, flashback });
        }
    }
}

/// Every way to play `card` at this table.
fn hunt_plays(s: &State, card: HuntCard) -> Vec<HuntPlay> {
    let seats = (0..s.hunted.len()).map(State::seat);
    match card {
        HuntCard::Despair => vec![HuntPlay::Despair {}],
        HuntCard::ForceField => adjacent_pairs()
            .map(|places| HuntPlay::ForceField { places })
            .collect(),
        HuntCard::Anticipation => seats
            .map(|hunted| HuntPlay::Anticipation { hunted })
            .collect(),
        HuntCard::Ascendancy => seats
            .map(|hunted| HuntPlay::Ascendancy { hunted })
            .collect(),
        HuntCard::Fierceness => vec![HuntPlay::Fierceness {}],
        HuntCard::ForbiddenZone => vec![HuntPlay::ForbiddenZone {}],
        HuntCard::Interference => vec![HuntPlay::Interference {}],
        HuntCard::Persecution => vec![HuntPlay::Persecution {}],
        HuntCard::Mutation => vec![HuntPlay::Mutation {}],
        HuntCard::Phobia => seats.map(|hunted| HuntPlay::Phobia { hunted }).collect(),
        HuntCard::Virus => vec![HuntPlay::Virus {}],
        HuntCard::Clone => vec![HuntPlay::Clone {}],
        HuntCard::Mirage => vec![HuntPlay::Mirage {}],
        HuntCard::Scream => vec![HuntPlay::Scream {}],
        HuntCard::Toxin => vec![HuntPlay::Toxin {}],
        HuntCard::Cataclysm => Place::ALL
            .map(|place| HuntPlay::Cataclysm { place })
            .to_vec(),
        HuntCard::Detour => {
            let mut plays = Vec::new();
            for (i, h) in s.hunted.iter().enumerate() {
                for p in &h.presences {
                    for to in neighbours(p.at).iter() {
                        plays.push(HuntPlay::Detour {
                            hunted: State::seat(i),
                            from: p.at,
                            to,
                        });
                    }
                }
            }
            plays
        }
        HuntCard::Stasis => vec![HuntPlay::Stasis {}],
        HuntCard::Tracking => vec![HuntPlay::Tracking {}],
        HuntCard::Flashback => Vec::new(),
    }
}

fn survival_candidates(s: &State, i: usize, out: &mut Vec<Action>) {
    let h = &s.hunted[i];
    for card in h.survival.iter() {
        let plays: Vec<SurvivalPlay> = match card {
            SurvivalCard::Adrenaline => vec![SurvivalPlay::Adrenaline {}],
            SurvivalCard::Ingenuity => vec![SurvivalPlay::Ingenuity {}],
            SurvivalCard::Sacrifice => h
                .hand
                .iter()
                .map(|discard| SurvivalPlay::Sacrifice { discard })
                .collect(),
            SurvivalCard::SixthSense => subsets(h.discard, 2)
                .into_iter()
                .map(|cards| SurvivalPlay::SixthSense { cards })
                .collect(),
            SurvivalCard::Smokescreen => vec![SurvivalPlay::Smokescreen {}],
            SurvivalCard::StrikeBack => vec![SurvivalPlay::StrikeBack {}],
            SurvivalCard::Vortex => h
                .in_play
                .iter()
                .flat_map(|in_play| {
                    h.discard
                        .iter()
                        .map(move |from_discard| SurvivalPlay::Vortex {
                            in_play,
                            from_discard,
                        })
                })
                .collect(),
            SurvivalCard::Detector => vec![SurvivalPlay::Detector {}],
            SurvivalCard::Dodge => vec![SurvivalPlay::Dodge {}],
            SurvivalCard::Drone => vec![SurvivalPlay::Drone {}],
            SurvivalCard::Gate => vec![SurvivalPlay::Gate {}],
            SurvivalCard::Hologram => vec![SurvivalPlay::Hologram {}],
            SurvivalCard::WrongTrack => vec![SurvivalPlay::WrongTrack {}],
            SurvivalCard::Amplifier => vec![SurvivalPlay::Amplifier {}],
            SurvivalCard::DoubleBack => h
                .in_play
                .iter()
                .map(|keep| SurvivalPlay::DoubleBack { keep })
                .collect(),
        };
        out.extend(plays.into_iter().map(|play| Action::PlaySurvival { play }));
    }
}

fn place_candidates(s: &State, i: usize, slot: usize, out: &mut Vec<Action>) {
    let h = &s.hunted[i];
    let Some(presence) = h.presences.get(slot) else {
        return;
    };
    out.extend(h.discard.iter().map(|card| Action::TakeBack { card }));
    for power in powers_at(s, i, presence.at, presence.card) {
        out.push(Action::UsePower {
            via: Via::Own,
            power,
        });
    }
    if h.gate_ready {
        for place in neighbours(presence.at).iter() {
            for power in powers_at(s, i, place, presence.card) {
                out.push(Action::UsePower {
                    via: Via::Gate,
                    power,
                });
            }
        }
    }
    if h.drone_ready {
        for power in powers_at(s, i, Place::Rover, presence.card) {
            out.push(Action::UsePower {
                via: Via::Drone,
                power,
            });
        }
    }
}

/// Every power of `place` with every choice it could take.
fn powers_at(s: &State, i: usize, place: Place, this: Place) -> Vec<Power> {
    let h = &s.hunted[i];
    let returns = |k: usize| subsets(h.discard.union(PlaceSet::only(this)), k);
    match place {
        Place::Lair => {
            // One card (under Persecution) or the whole discard, each choice once.
            let whole = Some(h.discard).filter(|d| d.len() > 1);
            let mut powers: Vec<Power> = h
                .discard
                .iter()
                .map(PlaceSet::only)
                .chain(whole)
                .map(|cards| Power::Lair { cards })
                .collect();
            if let Some(at) = s.creature_token.filter(|&at| at != Place::Lair) {
                powers.extend(
                    powers_at(s, i, at, this)
                        .into_iter()
                        .filter_map(copyable)
                        .map(|copy| Power::LairCopy { copy }),
                );
            }
            powers
        }
        Place::Jungle => returns(2)
            .into_iter()
            .map(|cards| Power::Jungle { cards })
            .collect(),
        Place::River => vec![Power::River {}],
        Place::Beach => vec![Power::Beach {}],
        Place::Rover => board::RESERVE.map(|card| Power::Rover { card }).to_vec(),
        Place::Swamp => returns(3)
            .into_iter()
            .map(|cards| Power::Swamp { cards })
            .collect(),
        Place::Shelter => vec![Power::Shelter {}],
        Place::Wreck => vec![Power::Wreck {}],
        Place::Source => (0..s.hunted.len())
            .map(|k| Power::SourceWill {
                hunted: State::seat(k),
            })
            .chain([Power::SourceDraw {}])
            .collect(),
        Place::Artefact => vec![Power::Artefact {}],
    }
}

/// The power as The Lair may copy it.
fn copyable(power: Power) -> Option<CopiedPower> {
    Some(match power {
        Power::Jungle { cards } => CopiedPower::Jungle { cards },
        Power::River {} => CopiedPower::River {},
        Power::Beach {} => CopiedPower::Beach {},
        Power::Rover { card } => CopiedPower::Rover { card },
        Power::Swamp { cards } => CopiedPower::Swamp { cards },
        Power::Shelter {} => CopiedPower::Shelter {},
        Power::Wreck {} => CopiedPower::Wreck {},
        Power::SourceWill { hunted } => CopiedPower::SourceWill { hunted },
        Power::SourceDraw {} => CopiedPower::SourceDraw {},
        Power::Lair { .. } | Power::LairCopy { .. } | Power::Artefact {} => return None,
    })
}
