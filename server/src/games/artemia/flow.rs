//! The turn as it unrolls: phases, the reckoning (R1–R5) and the clean-up.
//!
//! Every function here moves the match from one decision point to the next, resolving on its
//! way everything that needs no decision. Counters move one step at a time and the game ends
//! the instant one reaches 0: [`Ended`](crate::games::Ended) then unwinds whatever was still to
//! resolve.

use xenotable_protocol::artemia::{
    Event, Phase, Place, PlaceSet, Sealed, SurvivalCard, SurvivalPlay, Token,
};
use xenotable_protocol::{Outcome, Seat};

use super::cards::survival_play_card;
use super::state::{Presence, State, Step, Waiting, Winner};
use crate::games::{Audience, Ended, Flow, Roll};

/// A match being moved forward: the state, the dice and the events told so far.
pub type Table<'a> = crate::games::Table<'a, State, Event>;

impl Table<'_> {
    /// Who sees the Place discards: everyone, or only the Hunted under Smokescreen.
    pub fn discard_audience(&self) -> Audience {
        if self.s.fx.smokescreen {
            Audience::Seats((0..self.s.hunted.len()).map(State::seat).collect())
        } else {
            Audience::Everyone
        }
    }

    /// Moves Place cards of Hunted `i` from his discard to his hand.
    pub fn take_back(&mut self, i: usize, cards: PlaceSet) {
        if cards.is_empty() {
            return;
        }
        let h = &mut self.s.hunted[i];
        h.discard = h.discard.difference(cards);
        h.hand = h.hand.union(cards);
        let audience = self.discard_audience();
        self.tell_secret(
            Event::CardsTakenBack {
                hunted: State::seat(i),
                count: cards.len(),
                cards: Some(cards),
            },
            audience,
        );
    }

    /// Moves Place cards of Hunted `i` from his hand to his discard. Whatever put them there,
    /// the cards are named only to those who see the discards (section 13: under Smokescreen,
    /// the Hunted).
    pub fn discard(&mut self, i: usize, cards: PlaceSet) {
        if cards.is_empty() {
            return;
        }
        let h = &mut self.s.hunted[i];
        h.hand = h.hand.difference(cards);
        h.discard = h.discard.union(cards);
        let audience = self.discard_audience();
        self.tell_secret(
            Event::CardsDiscarded {
                hunted: State::seat(i),
                count: cards.len(),
                cards: Some(cards),
            },
            audience,
        );
    }

    /// Moves a card in play back to its owner's hand.
    pub fn return_played(&mut self, i: usize, card: Place) {
        let h = &mut self.s.hunted[i];
        h.in_play.remove(card);
        h.hand.insert(card);
        self.tell(Event::PlayedCardReturned {
            hunted: State::seat(i),
            card,
        });
    }

    pub fn set_will(&mut self, i: usize, will: u8) {
        let will = will.min(3);
        if self.s.hunted[i].will != will {
            self.s.hunted[i].will = will;
            self.tell(Event::WillChanged {
                hunted: State::seat(i),
                will,
            });
        }
    }

    pub fn lose_will(&mut self, i: usize, amount: u8) {
        let will = self.s.hunted[i].will.saturating_sub(amount);
        self.set_will(i, will);
    }

    fn end(&mut self, winner: Winner) -> Ended {
        self.s.winner = Some(winner);
        self.s.step = Step::Over;
        let outcome = outcome(self.s).unwrap_or_else(|| Outcome {
            winners: Vec::new(),
            reason: String::new(),
        });
        self.tell(Event::GameOver { outcome });
        Ended
    }

    pub fn advance_rescue(&mut self) -> Flow {
        self.s.rescue = self.s.rescue.saturating_sub(1);
        self.tell(Event::RescueAdvanced {
            distance: self.s.rescue,
        });
        if self.s.rescue == 0 {
            return Err(self.end(Winner::Hunted));
        }
        Ok(())
    }

    pub fn advance_assimilation(&mut self) -> Flow {
        self.s.assimilation = self.s.assimilation.saturating_sub(1);
        self.tell(Event::AssimilationAdvanced {
            distance: self.s.assimilation,
        });
        if self.s.assimilation == 0 {
            return Err(self.end(Winner::Creature));
        }
        Ok(())
    }

    /// Will back to 3 and every discard back to hand, without advancing Assimilation.
    fn recover(&mut self, i: usize) {
        self.set_will(i, 3);
        let discard = self.s.hunted[i].discard;
        self.take_back(i, discard);
    }

    /// 5.3: a Hunted at 0 Will outside phase 3 is exhausted at once.
    pub fn exhaust_now(&mut self, i: usize) -> Flow {
        if self.s.hunted[i].will > 0 {
            return Ok(());
        }
        self.tell(Event::Exhausted {
            hunted: State::seat(i),
        });
        self.recover(i);
        self.advance_assimilation()
    }

    /// Give up: Will to 3, discards back, Assimilation advances.
    pub fn give_up(&mut self, i: usize) -> Flow {
        self.s.hunted[i].gave_up = true;
        self.tell(Event::GaveUp {
            hunted: State::seat(i),
        });
        self.recover(i);
        self.advance_assimilation()
    }

    /// Draws up to `n` Survival cards, shuffling the discard into a new deck when needed.
    pub fn draw_survival(&mut self, n: usize) -> Vec<SurvivalCard> {
        let mut drawn = Vec::with_capacity(n);
        while drawn.len() < n {
            if self.s.survival_deck.is_empty() {
                if self.s.survival_discard.is_empty() {
                    break;
                }
                self.s.survival_deck = std::mem::take(&mut self.s.survival_discard);
                self.dice.shuffle(&mut self.s.survival_deck);
                self.tell(Event::SurvivalDeckShuffled {
                    count: self.s.survival_deck.len(),
                });
            }
            drawn.extend(self.s.survival_deck.pop());
        }
        drawn
    }

    /// Draws Survival cards into the hand of Hunted `i`.
    pub fn draw_survival_into(&mut self, i: usize, n: usize) {
        let drawn = self.draw_survival(n);
        for &card in &drawn {
            self.s.hunted[i].survival.insert(card);
        }
        self.tell_drawn(i, drawn);
    }

    pub fn tell_drawn(&mut self, i: usize, drawn: Vec<SurvivalCard>) {
        self.tell_secret(
            Event::SurvivalCardsDrawn {
                hunted: State::seat(i),
                count: drawn.len(),
                cards: Some(drawn),
            },
            Audience::only(State::seat(i)),
        );
    }

    /// The Creature draws Hunt cards up to 3.
    fn refill_hunt_hand(&mut self) {
        let mut drawn = Vec::new();
        while self.s.hunt_hand.len() < 3 {
            if self.s.hunt_deck.is_empty() {
                if self.s.hunt_discard.is_empty() {
                    break;
                }
                self.s.hunt_deck = std::mem::take(&mut self.s.hunt_discard);
                self.dice.shuffle(&mut self.s.hunt_deck);
                self.s.known_bottom = 0;
                self.tell(Event::HuntDeckShuffled {
                    count: self.s.hunt_deck.len(),
                });
            }
            if let Some(card) = self.s.hunt_deck.pop() {
                self.s.hunt_hand.insert(card);
                drawn.push(card);
            }
        }
        self.s.known_bottom = self.s.known_bottom.min(self.s.hunt_deck.len());
        if !drawn.is_empty() {
            self.tell_secret(
                Event::HuntCardsDrawn {
                    count: drawn.len(),
                    cards: Some(drawn),
                },
                Audience::only(Seat::Creature),
            );
        }
    }

    // ----- Setup and phase 1 -----------------------------------------------------------

    /// Setup step 3: each Hunted draws a Survival card, the Creature 3 Hunt cards; turn 1.
    pub fn deal(&mut self) -> Flow {
        for i in 0..self.s.hunted.len() {
            self.draw_survival_into(i, 1);
        }
        self.refill_hunt_hand();
        self.begin_turn()
    }

    fn begin_turn(&mut self) -> Flow {
        self.s.turn += 1;
        let tracking = self.s.fx.tracking;
        self.s.fx = Default::default();
        self.s.fx.allowance = if tracking { 2 } else { 1 };
        self.s.revealed = false;
        for h in &mut self.s.hunted {
            h.artefact = std::mem::take(&mut h.artefact_next);
            h.river = std::mem::take(&mut h.river_next) && !h.artefact;
            h.committed = false;
            h.gave_up = false;
            h.survival_played = None;
            h.sealed = None;
            h.presences.clear();
            h.drone_ready = false;
            h.gate_ready = false;
        }
        self.tell(Event::TurnBegan { turn: self.s.turn });
        self.tell(Event::PhaseBegan {
            phase: Phase::Exploration,
        });
        if self.s.creature_may_play(Phase::Exploration) {
            self.s.step = Step::HuntCard(Phase::Exploration);
            Ok(())
        } else {
            self.begin_explore()
        }
    }

    /// After the Creature's phase-1 step: the Hunted explore.
    pub fn begin_explore(&mut self) -> Flow {
        self.s.step = Step::Explore(Waiting::all(self.s.hunted.len()));
        Ok(())
    }

    // ----- Phase 2 ---------------------------------------------------------------------

    /// Every Hunted has committed.
    pub fn begin_hunting(&mut self) -> Flow {
        self.tell(Event::PhaseBegan {
            phase: Phase::Hunting,
        });
        self.s.step = Step::CreatureToken;
        Ok(())
    }

    /// The Creature token is down: the Artemia token, if the Creature may put it out.
    pub fn after_creature_token(&mut self) -> Flow {
        if self.s.fx.artemia_card || self.s.on_a_space() {
            self.s.step = Step::ArtemiaToken;
            Ok(())
        } else {
            self.after_artemia_token()
        }
    }

    /// The Target token, if a Target card other than Force Field was played.
    pub fn after_artemia_token(&mut self) -> Flow {
        if self.s.fx.target_card && self.s.fx.force_field.is_empty() {
            self.s.step = Step::TargetToken;
            Ok(())
        } else {
            self.begin_survival(Phase::Hunting)
        }
    }

    /// The Hunted step of phases 2 to 4.
    pub fn begin_survival(&mut self, phase: Phase) -> Flow {
        let waiting = Waiting::from_fn(self.s.hunted.len(), |i| self.s.may_play_survival(i));
        if waiting.is_empty() {
            return self.after_survival(phase);
        }
        self.s.step = Step::Survival(phase, waiting);
        Ok(())
    }

    /// Every Hunted has played or passed in the Survival step of `phase`.
    pub fn after_survival(&mut self, phase: Phase) -> Flow {
        match phase {
            Phase::Exploration | Phase::Hunting => self.begin_reckoning(),
            Phase::Reckoning | Phase::EndOfTurn => self.resolve_sealed_survival(phase, 0),
        }
    }

    // ----- Phase 3 ---------------------------------------------------------------------

    fn begin_reckoning(&mut self) -> Flow {
        self.tell(Event::PhaseBegan {
            phase: Phase::Reckoning,
        });
        let waiting = Waiting::from_fn(self.s.hunted.len(), |i| {
            let h = &self.s.hunted[i];
            h.river && h.in_play.len() == 2
        });
        if waiting.is_empty() {
            self.reveal()
        } else {
            self.s.step = Step::RiverChoice(waiting);
            Ok(())
        }
    }

    /// 7.1.2: every card in play is turned face up.
    pub fn reveal(&mut self) -> Flow {
        self.s.revealed = true;
        for i in 0..self.s.hunted.len() {
            let cards = self.s.hunted[i].in_play;
            self.s.hunted[i].presences = cards
                .iter()
                .map(|card| Presence { card, at: card })
                .collect();
            self.tell(Event::Revealed {
                hunted: State::seat(i),
                cards,
            });
        }
        if self.s.creature_may_play(Phase::Reckoning) {
            self.s.step = Step::HuntCard(Phase::Reckoning);
            Ok(())
        } else {
            self.begin_survival(Phase::Reckoning)
        }
    }

    /// Resolves the sealed Survival cards of phase 3 or 4 in seat order, from Hunted `from`.
    pub fn resolve_sealed_survival(&mut self, phase: Phase, from: usize) -> Flow {
        for i in from..self.s.hunted.len() {
            let Some(Sealed::Survival { play }) = self.s.hunted[i].sealed.take() else {
                continue;
            };
            let Some(play) = play else { continue };
            let card = survival_play_card(&play);
            let h = &mut self.s.hunted[i];
            h.survival.remove(card);
            h.survival_played = Some(play);
            self.s.survival_discard.push(card);
            self.tell(Event::SurvivalCardPlayed {
                hunted: State::seat(i),
                card,
                play: Some(play),
            });
            match play {
                SurvivalPlay::Drone {} => self.s.hunted[i].drone_ready = true,
                SurvivalPlay::Gate {} => self.s.hunted[i].gate_ready = true,
                SurvivalPlay::Hologram {} if !self.s.artemia_token.is_empty() => {
                    self.s.step = Step::Hologram(i);
                    return Ok(());
                }
                SurvivalPlay::WrongTrack {} if self.s.creature_token.is_some() => {
                    self.s.step = Step::WrongTrack(i);
                    return Ok(());
                }
                SurvivalPlay::Amplifier {} if self.s.beacon => {
                    self.s.beacon = false;
                    self.tell(Event::BeaconRemoved);
                    // Stasis: Rescue does not advance in this phase 4 (section 10).
                    if !self.s.fx.stasis {
                        self.advance_rescue()?;
                    }
                }
                _ => {}
            }
        }
        match phase {
            Phase::EndOfTurn => self.clean_up(),
            _ => self.target_effects(),
        }
    }

    /// R1: the Target card's effect on the Hunted at the target.
    fn target_effects(&mut self) -> Flow {
        let targeted: Vec<usize> = self.s.hunted_at(self.s.target_token).collect();
        if self.s.fx.scream {
            let waiting = Waiting::from_fn(self.s.hunted.len(), |i| {
                targeted.contains(&i) && self.s.hunted[i].hand.len() >= 2
            });
            for &i in &targeted {
                if !waiting.contains(i) {
                    self.s.hunted[i].sealed = Some(Sealed::Scream { cards: None });
                }
            }
            if !waiting.is_empty() {
                self.s.step = Step::Scream(waiting);
                return Ok(());
            }
            return self.resolve_scream();
        }
        if self.s.fx.toxin {
            let waiting = Waiting::from_fn(self.s.hunted.len(), |i| {
                targeted.contains(&i) && self.s.hunted[i].survival.len() >= 2
            });
            for &i in &targeted {
                if let Some(card) = self.s.hunted[i].survival.iter().next()
                    && !waiting.contains(i)
                {
                    self.discard_survival(i, card);
                }
            }
            if !waiting.is_empty() {
                self.s.step = Step::Toxin(waiting);
                return Ok(());
            }
        }
        self.resolve_places(0, 0)
    }

    /// Scream: every choice is in; resolve them in seat order.
    pub fn resolve_scream(&mut self) -> Flow {
        for i in 0..self.s.hunted.len() {
            let Some(Sealed::Scream { cards: choice }) = self.s.hunted[i].sealed.take() else {
                continue;
            };
            // The choice names the cards going to the discard: hidden under Smokescreen.
            let audience = self.discard_audience();
            self.tell_secret(
                Event::Chose {
                    hunted: State::seat(i),
                    cards: Some(choice.unwrap_or(PlaceSet::EMPTY)),
                },
                audience,
            );
            match choice {
                Some(cards) => self.discard(i, cards),
                None => self.lose_will(i, 1),
            }
        }
        self.resolve_places(0, 0)
    }

    pub fn discard_survival(&mut self, i: usize, card: SurvivalCard) {
        self.s.hunted[i].survival.remove(card);
        self.s.survival_discard.push(card);
        self.tell(Event::SurvivalCardDiscarded {
            hunted: State::seat(i),
            card,
        });
    }

    /// Whether presence `p` of Hunted `i` is caught by the Creature token (or the Clone target).
    pub fn caught_by_creature(&self, i: usize, p: Presence) -> bool {
        let h = &self.s.hunted[i];
        !h.played(SurvivalCard::Dodge)
            && (self.s.creature_token == Some(p.at)
                || (self.s.fx.clone && self.s.target_token.contains(p.at)))
    }

    /// Whether presence `p` of Hunted `i` is caught by the Artemia token.
    pub fn caught_by_artemia(&self, i: usize, p: Presence) -> bool {
        !self.s.hunted[i].played(SurvivalCard::Detector) && self.s.artemia_token.contains(p.at)
    }

    /// R2 from presence `slot` of Hunted `i` on: each uncaught presence chooses.
    pub fn resolve_places(&mut self, i: usize, slot: usize) -> Flow {
        let mut i = i;
        let mut slot = slot;
        while i < self.s.hunted.len() {
            let mut order = self.s.hunted[i].presences.clone();
            order.sort_by_key(|p| (p.at, p.card));
            self.s.hunted[i].presences = order;
            while slot < self.s.hunted[i].presences.len() {
                let p = self.s.hunted[i].presences[slot];
                if !self.caught_by_creature(i, p) && !self.caught_by_artemia(i, p) {
                    self.s.step = Step::Place(i, slot);
                    if super::legal::has_place_choice(self.s, i, slot) {
                        return Ok(());
                    }
                }
                slot += 1;
            }
            i += 1;
            slot = 0;
        }
        self.artemia_discards()
    }

    /// R3: the Hunted caught by the Artemia token discard a Place card.
    fn artemia_discards(&mut self) -> Flow {
        let caught = self.caught_by_artemia_token();
        for i in caught.iter() {
            let h = &self.s.hunted[i];
            if let Some(p) = h.presences.iter().find(|&&p| self.caught_by_artemia(i, p)) {
                self.tell(Event::Caught {
                    hunted: State::seat(i),
                    token: Token::Artemia,
                    place: p.at,
                });
            }
        }
        let waiting = Waiting::from_fn(self.s.hunted.len(), |i| {
            caught.contains(i) && self.s.hunted[i].hand.len() >= 2
        });
        for i in caught.iter() {
            if !waiting.contains(i) && !self.s.hunted[i].hand.is_empty() {
                let hand = self.s.hunted[i].hand;
                self.discard(i, hand);
            }
        }
        if waiting.is_empty() {
            self.after_artemia_discards()
        } else {
            self.s.step = Step::ArtemiaDiscard(waiting);
            Ok(())
        }
    }

    fn caught_by_artemia_token(&self) -> Waiting {
        Waiting::from_fn(self.s.hunted.len(), |i| {
            self.s.hunted[i]
                .presences
                .iter()
                .any(|&p| self.caught_by_artemia(i, p))
        })
    }

    /// R3 ends with Mutation's Will loss, then R4 and R5.
    pub fn after_artemia_discards(&mut self) -> Flow {
        let caught = self.caught_by_artemia_token();
        if self.s.fx.mutation {
            for i in caught.iter() {
                self.lose_will(i, 1);
            }
        }
        self.creature_catches()?;
        self.exhaustion()?;
        self.begin_end_of_turn()
    }

    /// R4: the Creature token (and the Clone target) take Will; Assimilation advances.
    fn creature_catches(&mut self) -> Flow {
        let mut anyone = false;
        let mut anticipated = false;
        for i in 0..self.s.hunted.len() {
            let caught: Vec<Presence> = self.s.hunted[i]
                .presences
                .iter()
                .copied()
                .filter(|&p| self.caught_by_creature(i, p))
                .collect();
            let Some(first) = caught.first() else {
                continue;
            };
            anyone = true;
            anticipated |= self.s.fx.anticipation == Some(i);
            let token = if self.s.creature_token == Some(first.at) {
                Token::Creature
            } else {
                Token::Target
            };
            self.tell(Event::Caught {
                hunted: State::seat(i),
                token,
                place: first.at,
            });
            let lair = caught.iter().any(|p| p.at == Place::Lair);
            let loss = 1 + u8::from(lair) + u8::from(self.s.fx.fierceness);
            self.lose_will(i, loss);
        }
        if anyone {
            self.advance_assimilation()?;
        }
        if anticipated {
            self.advance_assimilation()?;
        }
        Ok(())
    }

    /// R5: every Hunted at 0 Will recovers; Assimilation advances once.
    fn exhaustion(&mut self) -> Flow {
        let mut anyone = false;
        for i in 0..self.s.hunted.len() {
            if self.s.hunted[i].will == 0 {
                anyone = true;
                self.tell(Event::Exhausted {
                    hunted: State::seat(i),
                });
                self.recover(i);
            }
        }
        if anyone {
            self.advance_assimilation()?;
        }
        Ok(())
    }

    // ----- Phase 4 ---------------------------------------------------------------------

    fn begin_end_of_turn(&mut self) -> Flow {
        self.tell(Event::PhaseBegan {
            phase: Phase::EndOfTurn,
        });
        if self.s.creature_may_play(Phase::EndOfTurn) {
            self.s.step = Step::HuntCard(Phase::EndOfTurn);
            Ok(())
        } else {
            self.begin_survival(Phase::EndOfTurn)
        }
    }

    /// 8.3: cards to the discards, tokens off, Hunt hand refilled, Rescue advances.
    fn clean_up(&mut self) -> Flow {
        for i in 0..self.s.hunted.len() {
            let keep = match self.s.hunted[i].survival_played {
                Some(SurvivalPlay::DoubleBack { keep })
                    if self.s.hunted[i].in_play.contains(keep) =>
                {
                    Some(keep)
                }
                _ => None,
            };
            if let Some(card) = keep {
                self.return_played(i, card);
            }
            let h = &mut self.s.hunted[i];
            let cards = std::mem::take(&mut h.in_play);
            h.discard = h.discard.union(cards);
        }
        let played = std::mem::take(&mut self.s.fx.played);
        self.s.hunt_discard.extend(played.iter().map(|p| p.card()));
        self.s.creature_token = None;
        self.s.artemia_token = PlaceSet::EMPTY;
        self.s.target_token = PlaceSet::EMPTY;
        self.refill_hunt_hand();
        if !self.s.fx.stasis {
            self.advance_rescue()?;
        }
        self.tell(Event::TurnEnded { turn: self.s.turn });
        self.begin_turn()
    }
}

/// The outcome, once a side has won.
pub fn outcome(s: &State) -> Option<Outcome> {
    s.winner.map(|winner| match winner {
        Winner::Hunted => Outcome {
            winners: (0..s.hunted.len()).map(State::seat).collect(),
            reason: "rescue".into(),
        },
        Winner::Creature => Outcome {
            winners: vec![Seat::Creature],
            reason: "assimilation".into(),
        },
    })
}
