//! The place powers used in R2, reached directly, through The Lair, Gate or Drone: checked into
//! a [`PowerUse`], then carried out.

use xenotable_protocol::artemia::{CopiedPower, Event, Place, PlaceSet, Power, Via};

use super::board::{self, adjacent};
use super::check::hunted_seat;
use super::flow::Table;
use super::plan::{PowerEffect, PowerUse};
use super::state::{Presence, State, Step};
use crate::games::{Flow, RuleError};

fn err(code: &'static str, message: impl Into<std::borrow::Cow<'static, str>>) -> RuleError {
    RuleError::new(code, message)
}

/// The place whose power this is.
pub fn power_place(power: &Power) -> Place {
    match power {
        Power::Lair { .. } | Power::LairCopy { .. } => Place::Lair,
        Power::Jungle { .. } => Place::Jungle,
        Power::River {} => Place::River,
        Power::Beach {} => Place::Beach,
        Power::Rover { .. } => Place::Rover,
        Power::Swamp { .. } => Place::Swamp,
        Power::Shelter {} => Place::Shelter,
        Power::Wreck {} => Place::Wreck,
        Power::SourceWill { .. } | Power::SourceDraw {} => Place::Source,
        Power::Artefact {} => Place::Artefact,
    }
}

/// The same power as a plain one, for a copy made by The Lair.
pub fn uncopied(copy: CopiedPower) -> Power {
    match copy {
        CopiedPower::Jungle { cards } => Power::Jungle { cards },
        CopiedPower::River {} => Power::River {},
        CopiedPower::Beach {} => Power::Beach {},
        CopiedPower::Rover { card } => Power::Rover { card },
        CopiedPower::Swamp { cards } => Power::Swamp { cards },
        CopiedPower::Shelter {} => Power::Shelter {},
        CopiedPower::Wreck {} => Power::Wreck {},
        CopiedPower::SourceWill { hunted } => Power::SourceWill { hunted },
        CopiedPower::SourceDraw {} => Power::SourceDraw {},
    }
}

/// The place whose power `via` reaches from `presence`, checked.
fn reached(
    s: &State,
    i: usize,
    presence: Presence,
    via: Via,
    power: &Power,
) -> Result<Place, RuleError> {
    let h = &s.hunted[i];
    let place = power_place(power);
    match via {
        Via::Own if place != presence.at => Err(err(
            "wrong_power",
            "that is not the power of the place you are on",
        )),
        Via::Own => Ok(place),
        Via::Gate if !h.gate_ready => Err(err("no_gate", "you have no Gate to use")),
        Via::Gate if !adjacent(presence.at, place) => Err(err(
            "not_adjacent",
            "Gate reaches a place adjacent to yours",
        )),
        Via::Gate if place == Place::Artefact => Err(err(
            "cannot_copy",
            "the Artefact's power can never be copied",
        )),
        Via::Gate => Ok(place),
        Via::Drone if !h.drone_ready => Err(err("no_drone", "you have no Drone to use")),
        Via::Drone if place != Place::Rover => {
            Err(err("wrong_power", "Drone resolves the power of The Rover"))
        }
        Via::Drone => Ok(place),
    }
}

/// Whether presence `presence` of Hunted `i` may use `power` through `via`, and what it does.
pub fn check(
    s: &State,
    i: usize,
    presence: Presence,
    via: Via,
    power: &Power,
) -> Result<PowerUse, RuleError> {
    let place = reached(s, i, presence, via, power)?;
    if s.ineffective().contains(place) {
        return Err(err(
            "place_ineffective",
            "that place's power does not work this turn",
        ));
    }
    let copied = match power {
        Power::LairCopy { copy } => Some(power_place(&uncopied(*copy))),
        _ => None,
    };
    Ok(PowerUse {
        place,
        copied,
        at: presence.at,
        via,
        effect: check_effect(s, i, presence.card, power)?,
    })
}

/// Whether the power can act with these choices, and what it does; `this` is the card the
/// Hunted played.
fn check_effect(s: &State, i: usize, this: Place, power: &Power) -> Result<PowerEffect, RuleError> {
    let h = &s.hunted[i];
    let persecution = s.fx.persecution;
    match *power {
        // Returning an empty discard would do nothing: a power that cannot act (section 9).
        Power::Lair { .. } if h.discard.is_empty() => Err(err(
            "empty_discard",
            "there is nothing in your discard to take back",
        )),
        Power::Lair { cards } => {
            let ok = if persecution {
                cards.is_subset(h.discard) && cards.len() == h.discard.len().min(1)
            } else {
                cards == h.discard
            };
            if ok {
                Ok(PowerEffect::TakeBack(cards))
            } else if persecution {
                Err(err(
                    "persecution",
                    "Persecution: take back one card of your discard",
                ))
            } else {
                Err(err("wrong_cards", "The Lair returns your whole discard"))
            }
        }
        Power::LairCopy { copy } => {
            let copied = uncopied(copy);
            match s.creature_token {
                Some(at) if at == power_place(&copied) => {}
                _ => {
                    return Err(err(
                        "cannot_copy",
                        "The Lair copies the place under the Creature token",
                    ));
                }
            }
            if s.ineffective().contains(power_place(&copied)) {
                return Err(err(
                    "place_ineffective",
                    "that place's power does not work this turn",
                ));
            }
            check_effect(s, i, this, &copied)
        }
        Power::Jungle { cards } => returned_cards(s, i, this, cards, 1),
        Power::Swamp { cards } => returned_cards(s, i, this, cards, 2),
        Power::River {} => Ok(PowerEffect::River),
        Power::Artefact {} => Ok(PowerEffect::Artefact),
        Power::Beach {} if s.fx.beach_used => Err(err(
            "beach_used",
            "The Beach's power has been used this turn",
        )),
        Power::Wreck {} if s.fx.wreck_used => Err(err(
            "wreck_used",
            "The Wreck's power has been used this turn",
        )),
        Power::Beach {} => Ok(PowerEffect::Beach),
        Power::Wreck {} => Ok(PowerEffect::Wreck),
        Power::Rover { card } => {
            let Some(slot) = board::reserve_slot(card) else {
                return Err(err(
                    "not_in_reserve",
                    "the reserve holds only cards 6 to 10",
                ));
            };
            if h.owned().contains(card) {
                return Err(err("already_owned", "you already own that card"));
            }
            if s.reserve[slot] == 0 {
                return Err(err(
                    "reserve_empty",
                    "no copy of that card is left in the reserve",
                ));
            }
            Ok(PowerEffect::Rover { card, slot })
        }
        Power::Shelter {} | Power::SourceDraw {} if !s.can_draw_survival() => {
            Err(err("cannot_draw", "no Survival card can be drawn"))
        }
        Power::Shelter {} => Ok(PowerEffect::Shelter),
        Power::SourceDraw {} => Ok(PowerEffect::SourceDraw),
        Power::SourceWill { hunted } => Ok(PowerEffect::SourceWill {
            hunted: hunted_seat(s, hunted)?,
        }),
    }
}

/// The Jungle and The Swamp: this card and `from_discard` cards of the discard (all if fewer);
/// under Persecution exactly one card, this one or one of the discard.
fn returned_cards(
    s: &State,
    i: usize,
    this: Place,
    cards: PlaceSet,
    from_discard: usize,
) -> Result<PowerEffect, RuleError> {
    let h = &s.hunted[i];
    let this_set = if h.in_play.contains(this) {
        PlaceSet::only(this)
    } else {
        PlaceSet::EMPTY
    };
    if !cards.is_subset(h.discard.union(this_set)) {
        return Err(err(
            "card_not_in_discard",
            "that Place card is neither in your discard nor this card",
        ));
    }
    let returned = PowerEffect::Return {
        this: (cards.contains(this) && h.in_play.contains(this)).then_some(this),
        from_discard: cards.difference(PlaceSet::only(this)),
    };
    if s.fx.persecution {
        return if cards.len() == 1 {
            Ok(returned)
        } else {
            Err(err(
                "persecution",
                "Persecution: take back exactly one card",
            ))
        };
    }
    let taken = cards.difference(this_set);
    if !this_set.is_subset(cards) || taken.len() != h.discard.len().min(from_discard) {
        return Err(err(
            "wrong_cards",
            format!(
                "take back this card and {from_discard} card(s) of your discard (all if fewer)"
            ),
        ));
    }
    Ok(returned)
}

/// Uses a checked power: presence `slot` of Hunted `i`.
pub fn execute(t: &mut Table, i: usize, slot: usize, power: PowerUse) -> Flow {
    match power.via {
        Via::Gate => t.s.hunted[i].gate_ready = false,
        Via::Drone => t.s.hunted[i].drone_ready = false,
        Via::Own => {}
    }
    t.tell(Event::PowerUsed {
        hunted: State::seat(i),
        at: power.at,
        via: power.via,
        power: power.place,
        copied: power.copied,
    });
    effect(t, i, slot, power.effect)
}

fn effect(t: &mut Table, i: usize, slot: usize, effect: PowerEffect) -> Flow {
    match effect {
        PowerEffect::TakeBack(cards) => t.take_back(i, cards),
        PowerEffect::Return { this, from_discard } => {
            if let Some(card) = this {
                t.return_played(i, card);
            }
            t.take_back(i, from_discard);
        }
        PowerEffect::River => t.s.hunted[i].river_next = true,
        PowerEffect::Artefact => t.s.hunted[i].artefact_next = true,
        PowerEffect::Beach => {
            t.s.fx.beach_used = true;
            if t.s.beacon {
                t.s.beacon = false;
                t.tell(Event::BeaconRemoved);
                t.advance_rescue()?;
            } else {
                t.s.beacon = true;
                t.tell(Event::BeaconPlaced);
            }
        }
        PowerEffect::Wreck => {
            t.s.fx.wreck_used = true;
            t.advance_rescue()?;
        }
        PowerEffect::Rover { card, slot: k } => {
            t.s.reserve[k] -= 1;
            t.s.hunted[i].hand.insert(card);
            t.tell(Event::ReserveCardTaken {
                hunted: State::seat(i),
                card,
            });
        }
        PowerEffect::Shelter => {
            let drawn = t.draw_survival(2);
            t.tell_drawn(i, drawn.clone());
            if let [card] = drawn[..] {
                t.s.hunted[i].survival.insert(card);
            } else {
                t.s.hunted[i].shelter_draw = drawn;
                t.s.step = Step::Shelter(i, slot);
            }
        }
        PowerEffect::SourceWill { hunted } => {
            let will = t.s.hunted[hunted].will + 1;
            t.set_will(hunted, will);
        }
        PowerEffect::SourceDraw => t.draw_survival_into(i, 1),
    }
    Ok(())
}
