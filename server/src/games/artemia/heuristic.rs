//! How a `normal` Artemia bot plays, in the game's terms, and how a `strong` one judges a match
//! its playout left unfinished. No I/O.
//!
//! Both sides read the table as the Creature does: a Hunted's face-down card is one of the
//! cards he owns outside his discard (rules 1.3), so the public discards say where he cannot
//! be, and places whose power is worth more to him are where he is likelier to go. That map of
//! where the Hunted may be (the *scent*) is all the Creature hunts by: it puts its tokens where
//! they catch the most, and plays its Hunt cards where they bite. The Hunted read the same
//! map to keep their cards away from where it points, weigh each place's power for themselves,
//! never give up while they can resist, resist only when their hand runs dry, and play their
//! Survival cards when they help. Each legal action gets a score and the best is played (ties
//! by the dice). Nothing here reads a card its seat cannot see: no face-down card, no other
//! hand.

use xenotable_protocol::Seat;
use xenotable_protocol::artemia::{
    Action, CopiedPower, HuntCard, HuntPlay, Phase, Place, PlaceSet, Power, SurvivalCard,
    SurvivalPlay,
};

use super::board::{RESERVE, reserve_slot, track_start};
use super::cards::{hunt_card, hunt_play_card};
use super::powers::uncopied;
use super::state::{State, Step};
use crate::games::{Dice, Roll};

/// The score of passing where a Hunt card may be played: a card must be worth more.
const HUNT_CARD_BAR: f64 = 1.0;

/// How much a commit's score may wander at random, so the Hunted are not read like a book.
const COMMIT_JITTER: f64 = 1.2;

/// What a caught Hunted's place costs him, on the scale of a place's worth.
const CAUGHT_COST: f64 = 4.0;

/// The `normal` bot's choice for `seat`: the index of the best-scored legal action.
pub fn choose(s: &State, seat: Seat, legal: &[Action], dice: &mut Dice) -> usize {
    let scent = Scent::of(s);
    let mut best = Vec::with_capacity(4);
    let mut top = f64::NEG_INFINITY;
    for (k, action) in legal.iter().enumerate() {
        let mut v = score(s, &scent, seat, action);
        if matches!(action, Action::Commit { .. }) {
            v += jitter(dice);
        }
        if v > top + 1e-9 {
            top = v;
            best.clear();
            best.push(k);
        } else if (v - top).abs() <= 1e-9 {
            best.push(k);
        }
    }
    match best.len() {
        0 => 0,
        1 => best[0],
        n => best[dice.index(n)],
    }
}

/// The card Hunted `j` would commit out of `could`, as the `normal` bot weighs each from what
/// the table shows; `None` if `could` is empty.
pub fn likely_commit(s: &State, j: usize, could: PlaceSet, dice: &mut Dice) -> Option<Place> {
    let scent = Scent::of(s);
    could
        .iter()
        .map(|card| (card, commit_worth(s, &scent, j, card) + jitter(dice)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(card, _)| card)
}

/// A commit's random wander, up to [`COMMIT_JITTER`].
fn jitter(dice: &mut Dice) -> f64 {
    f64::from(dice.below(1000)) / 1000.0 * COMMIT_JITTER
}

/// How good `s` is for `seat`, from 0 to 1: how far each counter still has to go, relative to
/// where it started, the Hunted's lost Will counting as Assimilation already half won.
pub fn evaluate(s: &State, seat: Seat) -> f64 {
    let hunted = hunted_chances(s);
    if seat == Seat::Creature {
        1.0 - hunted
    } else {
        hunted
    }
}

/// The Hunted's chances, from the two counters.
fn hunted_chances(s: &State) -> f64 {
    let (rescue0, assimilation0, _) = track_start(s.hunted.len());
    let worn: f64 = s
        .hunted
        .iter()
        .map(|h| f64::from(3 - h.will.min(3)))
        .sum::<f64>()
        / 4.0;
    let rescue = f64::from(s.rescue) - if s.beacon { 0.5 } else { 0.0 };
    let rescue = rescue.max(0.25) / f64::from(rescue0);
    let assimilation = (f64::from(s.assimilation) - worn).max(0.25) / f64::from(assimilation0);
    assimilation / (assimilation + rescue)
}

/// Where the Hunted may be, as the public table tells it.
struct Scent {
    /// For each Hunted and each place (by number - 1), the chance he is there.
    at: Vec<[f64; 10]>,
}

impl Scent {
    fn of(s: &State) -> Scent {
        let at = (0..s.hunted.len()).map(|j| whereabouts(s, j)).collect();
        Scent { at }
    }

    fn chance(&self, j: usize, place: Place) -> f64 {
        self.at[j][slot(place)]
    }

    /// How much a Creature token on `place` is worth to the Creature: the chance it catches
    /// someone (Assimilation advances once) and the Will it takes.
    fn hunt(&self, s: &State, place: Place) -> f64 {
        let mut missed_all = 1.0;
        let mut wear = 0.0;
        for (j, h) in s.hunted.iter().enumerate() {
            let p = self.chance(j, place);
            missed_all *= 1.0 - p.min(1.0);
            let loss = 1 + u8::from(place == Place::Lair) + u8::from(s.fx.fierceness);
            let exhausts = if h.will <= loss { 1.0 } else { 0.0 };
            let anticipated = if s.fx.anticipation == Some(j) {
                1.0
            } else {
                0.0
            };
            wear += p * (0.3 * f64::from(loss) + exhausts + anticipated);
        }
        2.0 * (1.0 - missed_all) + wear
    }

    /// How much a token that catches without a Creature's bite (Artemia, Scream, Toxin) is
    /// worth on `places`: the Hunted expected there.
    fn crowd(&self, places: PlaceSet) -> f64 {
        self.at
            .iter()
            .map(|row| places.iter().map(|p| row[slot(p)]).sum::<f64>())
            .sum()
    }
}

fn slot(place: Place) -> usize {
    usize::from(place.number() - 1)
}

/// The chance Hunted `j` is on each place: his presences once revealed; before that, spread
/// over the cards he may have committed, weighted by what each place offers him.
fn whereabouts(s: &State, j: usize) -> [f64; 10] {
    let h = &s.hunted[j];
    let mut row = [0.0; 10];
    if s.revealed {
        for p in &h.presences {
            row[slot(p.at)] += 1.0;
        }
        return row;
    }
    let mut could = h.owned().difference(h.discard).difference(s.fx.force_field);
    if could.is_empty() {
        could = h.owned().difference(h.discard);
    }
    let count = if h.committed {
        h.in_play.len()
    } else {
        h.commit_count()
    } as f64;
    let weights: Vec<(Place, f64)> = could
        .iter()
        .map(|p| (p, 1.0 + 0.3 * worth(s, j, p)))
        .collect();
    let total: f64 = weights.iter().map(|(_, w)| w).sum();
    if total > 0.0 {
        for (p, w) in weights {
            row[slot(p)] = (count * w / total).min(1.0);
        }
    }
    row
}

/// What reaching `place`'s power is worth to Hunted `i` now, uncaught.
fn worth(s: &State, i: usize, place: Place) -> f64 {
    let h = &s.hunted[i];
    if s.ineffective().contains(place) {
        return 0.5;
    }
    let discard = h.discard.len() as f64;
    let late = if s.rescue <= 5 { 1.0 } else { 0.0 };
    match place {
        Place::Lair => (0.8 * discard).max(0.5),
        Place::Jungle => 1.0 + 0.8 * discard.min(1.0),
        Place::River | Place::Artefact => 1.1,
        Place::Beach if s.fx.beach_used => 0.5,
        Place::Beach if s.beacon => 3.0 + late,
        Place::Beach => 1.8,
        Place::Rover if rover_card(s, i).is_some() => 2.0,
        Place::Rover => 0.3,
        Place::Swamp => 1.2 + 0.8 * discard.min(2.0),
        Place::Shelter if s.can_draw_survival() => 1.8,
        Place::Shelter => 0.3,
        Place::Wreck if s.fx.wreck_used => 0.5,
        Place::Wreck => 3.0 + late,
        Place::Source => 1.0 + 0.7 * f64::from(3 - h.will.min(3)).max(0.7),
    }
}

/// The reserve card The Rover would best bring Hunted `i`, if any is left that he lacks.
fn rover_card(s: &State, i: usize) -> Option<Place> {
    let owned = s.hunted[i].owned();
    RESERVE
        .iter()
        .copied()
        .filter(|&p| !owned.contains(p) && reserve_slot(p).is_some_and(|k| s.reserve[k] > 0))
        .max_by_key(|&p| rover_rank(p))
}

/// Which reserve card is best to own: The Wreck advances Rescue, then the recovery places.
fn rover_rank(card: Place) -> u8 {
    match card {
        Place::Wreck => 5,
        Place::Swamp => 4,
        Place::Source => 3,
        Place::Shelter => 2,
        _ => 1,
    }
}

fn score(s: &State, scent: &Scent, seat: Seat, action: &Action) -> f64 {
    match s.hunted_index(seat) {
        Some(i) => hunted_score(s, scent, i, action),
        None => creature_score(s, scent, action),
    }
}

// ----- The Creature ----------------------------------------------------------------------

fn creature_score(s: &State, scent: &Scent, action: &Action) -> f64 {
    let best_token = Place::ALL
        .iter()
        .map(|&p| scent.hunt(s, p))
        .fold(0.0, f64::max)
        .max(1e-6);
    match *action {
        Action::Pass {} if s.step == Step::ArtemiaToken => 0.0,
        Action::Pass {} => HUNT_CARD_BAR,
        Action::PlayHunt { play, .. } => hunt_card_worth(s, scent, &play) - saved_for_later(s),
        // Below the bar: a Hunt card worth playing goes first, then the token.
        Action::PlaceCreatureToken { place } => scent.hunt(s, place) / best_token,
        Action::PlaceArtemiaToken { places } => 0.1 + besides_creature(s, scent, places),
        Action::PlaceTargetToken { places } if s.fx.clone => places
            .iter()
            .filter(|&p| s.creature_token != Some(p))
            .map(|p| scent.hunt(s, p))
            .sum(),
        Action::PlaceTargetToken { places } => besides_creature(s, scent, places),
        _ => 0.0,
    }
}

/// The Hunted expected on `places`, those where the Creature token already waits counting
/// less: they are caught anyway.
fn besides_creature(s: &State, scent: &Scent, places: PlaceSet) -> f64 {
    places
        .iter()
        .map(|p| {
            let weight = if s.creature_token == Some(p) {
                0.3
            } else {
                1.0
            };
            weight * scent.crowd(PlaceSet::only(p))
        })
        .sum()
}

/// What playing a card now costs when only one may be played this turn: the best card in
/// hand for a later phase of the turn, which it would forgo.
fn saved_for_later(s: &State) -> f64 {
    if s.fx.allowance > 1 {
        return 0.0;
    }
    let now = s.step.phase();
    s.hunt_hand
        .iter()
        .filter_map(|card| hunt_card(card).map(|(phase, _)| (card, phase)))
        .filter(|&(_, phase)| phase_order(phase) > phase_order(now))
        .map(|(card, _)| base_worth(card))
        .fold(0.0, f64::max)
        * 0.8
}

fn phase_order(phase: Phase) -> u8 {
    match phase {
        Phase::Exploration => 1,
        Phase::Hunting => 2,
        Phase::Reckoning => 3,
        Phase::EndOfTurn => 4,
    }
}

/// A Hunt card's usual worth, before the table is looked at.
fn base_worth(card: HuntCard) -> f64 {
    match card {
        HuntCard::Clone => 5.0,
        HuntCard::Virus | HuntCard::Stasis => 4.0,
        HuntCard::Fierceness | HuntCard::Detour => 3.5,
        HuntCard::Mutation | HuntCard::Scream | HuntCard::Anticipation => 3.0,
        HuntCard::Tracking | HuntCard::ForbiddenZone | HuntCard::Ascendancy => 2.5,
        HuntCard::Toxin | HuntCard::Interference | HuntCard::Mirage | HuntCard::Cataclysm => 2.0,
        HuntCard::ForceField | HuntCard::Despair | HuntCard::Persecution | HuntCard::Phobia => 1.5,
        HuntCard::Flashback => 0.0,
    }
}

/// A Hunt card as played here, weighed against this table.
fn hunt_card_worth(s: &State, scent: &Scent, play: &HuntPlay) -> f64 {
    let hands = |j: usize| {
        let h = &s.hunted[j];
        h.owned().difference(h.discard).difference(h.in_play).len() as f64
    };
    let index = |seat: Seat| s.hunted_index(seat);
    match *play {
        HuntPlay::ForceField { places } => {
            1.0 + (0..s.hunted.len())
                .map(|j| {
                    let h = &s.hunted[j];
                    let could = h.owned().difference(h.discard);
                    2.0 * could.intersection(places).len() as f64 / (could.len() as f64).max(1.0)
                })
                .sum::<f64>()
        }
        HuntPlay::Anticipation { hunted } => index(hunted).map_or(0.0, |j| {
            let sharpest = Place::ALL
                .iter()
                .map(|&p| scent.chance(j, p))
                .fold(0.0, f64::max);
            2.0 + 3.0 * sharpest
        }),
        HuntPlay::Ascendancy { hunted } => {
            index(hunted).map_or(0.0, |j| 1.2 * (hands(j) - 2.0).max(0.0))
        }
        HuntPlay::ForbiddenZone {} => (0..s.hunted.len())
            .map(|j| if hands(j) >= 1.0 { 0.9 } else { 0.0 })
            .sum(),
        HuntPlay::Phobia { .. } => 1.2,
        HuntPlay::Toxin {} => {
            1.5 + 0.3
                * s.hunted
                    .iter()
                    .map(|h| h.survival.len() as f64)
                    .sum::<f64>()
        }
        HuntPlay::Cataclysm { place } => (0..s.hunted.len())
            .filter(|&j| scent.chance(j, place) > 0.0 && s.creature_token != Some(place))
            .map(|j| worth(s, j, place))
            .sum::<f64>()
            .min(5.0),
        HuntPlay::Detour { hunted, from, to } => {
            let onto_token = s.creature_token == Some(to) && s.creature_token != Some(from);
            let caught_already = index(hunted)
                .is_some_and(|j| scent.chance(j, s.creature_token.unwrap_or(to)) > 0.0);
            if onto_token && !caught_already {
                5.0 + if to == Place::Lair { 1.0 } else { 0.0 }
            } else if s.artemia_token.contains(to) && !s.artemia_token.contains(from) {
                2.0
            } else {
                0.0
            }
        }
        _ => base_worth(hunt_play_card(play)),
    }
}

// ----- The Hunted ------------------------------------------------------------------------

fn hunted_score(s: &State, scent: &Scent, i: usize, action: &Action) -> f64 {
    let h = &s.hunted[i];
    match *action {
        Action::Commit { cards } => cards.iter().map(|c| commit_worth(s, scent, i, c)).sum(),
        Action::Resist { cards } => resist_worth(s, i, cards),
        Action::GiveUp {} => {
            if must_recover(s, i) && h.will <= 1 {
                // Resisting with the last Will exhausts him just the same (5.3).
                8.0
            } else {
                -20.0
            }
        }
        Action::PlaySurvival { play } => survival_worth(s, i, &play),
        Action::Pass {} => 0.0,
        Action::KeepCards { cards } | Action::HideCards { cards } => {
            cards.iter().map(|c| worth(s, i, c)).sum()
        }
        Action::DiscardPlace { card } => -worth(s, i, card),
        Action::DiscardTwo { cards } => {
            let left = h.hand.len().saturating_sub(2);
            -0.6 * cards.iter().map(|c| worth(s, i, c)).sum::<f64>()
                - if left < 2 { 2.0 } else { 0.0 }
        }
        Action::LoseWill {} if h.will >= 2 => -1.5,
        Action::LoseWill {} => -10.0,
        Action::DiscardSurvival { card } => -keep_worth(card),
        Action::KeepSurvival { card } => keep_worth(card),
        Action::KeepInPlay { card } => worth(s, i, card) - CAUGHT_COST * threat(s, card),
        Action::ShiftArtemiaToken { from, to } => {
            presences_at(s, i, from) - 1.2 * presences_at(s, i, to)
        }
        Action::ShiftCreatureToken { to } => {
            -presences_at(s, i, to) - if to == Place::Lair { 0.1 } else { 0.0 }
        }
        Action::UsePower { power, .. } => power_worth(s, i, &power),
        Action::TakeBack { card } => {
            1.0 + 0.3 * worth(s, i, card) + if h.hand.len() <= 1 { 1.5 } else { 0.0 }
        }
        _ => 0.0,
    }
}

/// Whether Hunted `i` holds too few cards to commit (outside the Force Field).
fn must_recover(s: &State, i: usize) -> bool {
    let h = &s.hunted[i];
    h.hand.difference(s.fx.force_field).len() < h.commit_count()
}

/// Committing `card`: the place's worth to him, less what being caught there would cost
/// times how much the scent points the Creature there.
fn commit_worth(s: &State, scent: &Scent, i: usize, card: Place) -> f64 {
    let best = Place::ALL
        .iter()
        .map(|&p| scent.hunt(s, p))
        .fold(0.0, f64::max)
        .max(1e-6);
    let danger = scent.hunt(s, card) / best;
    let lair = if card == Place::Lair { 1.5 } else { 1.0 };
    let spent = if s.hunted[i].hand.len() <= 2 {
        0.3
    } else {
        0.0
    };
    worth(s, i, card) - CAUGHT_COST * lair * danger * danger - spent * worth(s, i, card)
}

/// Resisting: only when the hand cannot commit, or when it is down to one card and his Will is
/// whole; then for the best cards of the discard.
fn resist_worth(s: &State, i: usize, cards: PlaceSet) -> f64 {
    let h = &s.hunted[i];
    let taken: f64 = cards.iter().map(|c| 0.3 * worth(s, i, c)).sum();
    let short = h.discard.len().min(2) - cards.len().min(h.discard.len().min(2));
    let base = if must_recover(s, i) {
        if h.will >= 2 { 10.0 } else { 7.0 }
    } else if h.hand.len() <= 1 && h.will == 3 {
        3.0
    } else {
        -5.0
    };
    base + taken - 2.0 * short as f64
}

/// How much a token threatens `place`: the Creature token, or a token that catches.
fn threat(s: &State, place: Place) -> f64 {
    let creature =
        s.creature_token == Some(place) || (s.fx.clone && s.target_token.contains(place));
    if creature {
        1.0
    } else if s.artemia_token.contains(place) {
        0.5
    } else {
        0.0
    }
}

/// Presences on `place`, his own counting double.
fn presences_at(s: &State, me: usize, place: Place) -> f64 {
    s.hunted
        .iter()
        .enumerate()
        .map(|(j, h)| {
            let here = h.presences.iter().filter(|p| p.at == place).count() as f64;
            if j == me { 2.0 * here } else { here }
        })
        .sum()
}

/// Whether Hunted `i` stands where a Creature token will catch him.
fn under_creature(s: &State, i: usize) -> bool {
    s.hunted[i].presences.iter().any(|p| threat(s, p.at) >= 1.0)
}

fn under_artemia(s: &State, i: usize) -> bool {
    s.hunted[i]
        .presences
        .iter()
        .any(|p| s.artemia_token.contains(p.at))
}

/// Playing a Survival card now: worth it when it helps, below a pass when it would not.
fn survival_worth(s: &State, i: usize, play: &SurvivalPlay) -> f64 {
    let h = &s.hunted[i];
    let useless = -1.0;
    match *play {
        SurvivalPlay::Adrenaline {} if h.will < 3 => 6.0,
        SurvivalPlay::Ingenuity {} if !s.beacon => 5.0,
        SurvivalPlay::Sacrifice { discard }
            if s.fx.allowance > 0 && !s.hunt_hand.is_empty() && h.hand.len() > 2 =>
        {
            3.0 - 0.5 * worth(s, i, discard)
        }
        SurvivalPlay::SixthSense { cards } if h.hand.len() <= 3 && !h.discard.is_empty() => {
            3.0 + cards.iter().map(|c| 0.5 * worth(s, i, c)).sum::<f64>()
        }
        SurvivalPlay::StrikeBack {} if s.hunt_hand.len() >= 2 => 3.0,
        SurvivalPlay::Vortex {
            in_play,
            from_discard,
        } if threat(s, in_play) > 0.0 && threat(s, from_discard) == 0.0 => {
            8.0 + 0.3 * worth(s, i, from_discard)
        }
        SurvivalPlay::Dodge {} if under_creature(s, i) => 9.0,
        SurvivalPlay::Detector {} if under_artemia(s, i) && !under_creature(s, i) => 6.0,
        SurvivalPlay::Hologram {} if under_artemia(s, i) => 5.0,
        SurvivalPlay::WrongTrack {} if under_creature(s, i) => 7.0,
        SurvivalPlay::WrongTrack {} => {
            let caught = (0..s.hunted.len())
                .filter(|&j| under_creature(s, j))
                .count();
            if caught > 0 { 4.0 } else { useless }
        }
        SurvivalPlay::Amplifier {} if s.beacon => 6.0,
        SurvivalPlay::DoubleBack { keep } if h.hand.len() <= 2 => 1.0 + 0.3 * worth(s, i, keep),
        _ => useless,
    }
}

/// How much a Survival card is worth keeping in hand.
fn keep_worth(card: SurvivalCard) -> f64 {
    match card {
        SurvivalCard::Dodge | SurvivalCard::Vortex | SurvivalCard::WrongTrack => 5.0,
        SurvivalCard::Adrenaline | SurvivalCard::Amplifier | SurvivalCard::Detector => 4.0,
        SurvivalCard::SixthSense | SurvivalCard::Ingenuity | SurvivalCard::Hologram => 3.5,
        SurvivalCard::StrikeBack | SurvivalCard::Sacrifice | SurvivalCard::DoubleBack => 3.0,
        SurvivalCard::Smokescreen | SurvivalCard::Drone | SurvivalCard::Gate => 2.0,
    }
}

/// Using a place power in R2, against taking back a card (1 and up).
fn power_worth(s: &State, i: usize, power: &Power) -> f64 {
    let h = &s.hunted[i];
    match *power {
        Power::Lair { cards } => 0.9 * cards.len() as f64,
        Power::LairCopy { copy } => copied_worth(s, i, copy),
        Power::Jungle { cards } | Power::Swamp { cards } => 0.7 * cards.len() as f64,
        Power::River {} => 1.2,
        Power::Artefact {} => 1.5,
        Power::Beach {} if s.beacon => 6.0,
        Power::Beach {} => 2.5,
        Power::Rover { card } => 2.0 + 0.3 * f64::from(rover_rank(card)),
        Power::Shelter {} => 2.2,
        Power::Wreck {} => 6.0,
        Power::SourceWill { hunted } => s.hunted_index(hunted).map_or(0.0, |j| {
            let will = s.hunted[j].will;
            match will {
                0 | 1 => 4.5,
                2 => 2.5,
                _ => -1.0,
            }
        }),
        Power::SourceDraw {} => 2.0 + if h.survival.is_empty() { 0.5 } else { 0.0 },
    }
}

fn copied_worth(s: &State, i: usize, copy: CopiedPower) -> f64 {
    power_worth(s, i, &uncopied(copy))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::artemia::cards::{HuntHand, SurvivalHand};
    use crate::games::artemia::state::Waiting;
    use crate::games::artemia::{Artemia, BoardSide, Config};

    fn places<const N: usize>(p: [Place; N]) -> PlaceSet {
        PlaceSet::from(p)
    }

    /// A fresh 3-Hunted table, the Creature's hand empty (no Hunt card to weigh).
    fn table() -> State {
        let mut dice = Dice::from_seed(4);
        let mut s = Artemia::setup(
            &Config {
                hunted: 3,
                side: BoardSide::One,
            },
            &mut dice,
        );
        s.hunt_hand = HuntHand::EMPTY;
        s
    }

    /// What `seat` plays at `s` with each of a few seeds.
    fn choices(s: &State, seat: Seat) -> Vec<Action> {
        let legal = Artemia::legal_actions(s, seat);
        assert!(!legal.is_empty(), "{seat} may act");
        (0..20)
            .map(|seed| legal[choose(s, seat, &legal, &mut Dice::from_seed(seed))])
            .collect()
    }

    /// The Hunted have committed, each from the cards outside his `discards`.
    fn hunting(discards: [PlaceSet; 3], committed: [Place; 3]) -> State {
        let mut s = table();
        for (h, (discard, card)) in s.hunted.iter_mut().zip(discards.into_iter().zip(committed)) {
            h.discard = discard;
            h.in_play = PlaceSet::only(card);
            h.hand = h.hand.difference(discard).difference(h.in_play);
            h.committed = true;
        }
        s.step = Step::CreatureToken;
        s
    }

    #[test]
    fn the_creature_hunts_where_the_discards_point() {
        use Place::*;
        // The Hunted can only be on The Beach or The Rover; two of them only on The Rover.
        let s = hunting(
            [
                places([Lair, Jungle, River]),
                places([Lair, Jungle, River, Beach]),
                places([Lair, Jungle, River, Beach]),
            ],
            [Beach, Rover, Rover],
        );
        for action in choices(&s, Seat::Creature) {
            assert_eq!(action, Action::PlaceCreatureToken { place: Rover });
        }
    }

    #[test]
    fn the_creature_reads_the_discards_not_the_face_down_cards() {
        use Place::*;
        // Both can only be on The Beach or The Rover, and both went to The Beach: the Creature
        // cannot know, so it does not always hunt there.
        let s = hunting(
            [
                places([Lair, Jungle, River]),
                places([Lair, Jungle, River]),
                places([Lair, Jungle, River]),
            ],
            [Beach, Beach, Beach],
        );
        let hunted: Vec<Action> = choices(&s, Seat::Creature);
        assert!(hunted.contains(&Action::PlaceCreatureToken { place: Rover }));
    }

    #[test]
    fn a_hunted_keeps_his_card_away_from_where_the_others_lead_the_creature() {
        use Place::*;
        let mut s = table();
        for h in &mut s.hunted[1..] {
            h.discard = places([Lair, Jungle, River, Rover]);
            h.hand = places([Beach]);
        }
        s.step = Step::Explore(Waiting::all(3));
        for action in choices(&s, Seat::Hunted(1)) {
            let Action::Commit { cards } = action else {
                panic!("{action:?} instead of a commit");
            };
            assert!(!cards.contains(Beach), "committed {cards:?}");
        }
    }

    #[test]
    fn a_hunted_with_will_to_spare_resists_and_never_gives_up() {
        use Place::*;
        let mut s = table();
        s.step = Step::Explore(Waiting::all(3));
        for will in [2, 3] {
            s.hunted[0].will = will;
            s.hunted[0].hand = PlaceSet::EMPTY;
            s.hunted[0].discard = places([Lair, Jungle, River, Beach, Rover]);
            for action in choices(&s, Seat::Hunted(1)) {
                let Action::Resist { cards } = action else {
                    panic!("{action:?} with {will} Will and an empty hand");
                };
                assert_eq!(cards.len(), 2);
            }
            s.hunted[0].hand = places([Beach, Rover]);
            s.hunted[0].discard = places([Lair, Jungle, River]);
            for action in choices(&s, Seat::Hunted(1)) {
                assert!(
                    matches!(action, Action::Commit { .. }),
                    "{action:?} with {will} Will and cards in hand"
                );
            }
        }
    }

    #[test]
    fn a_hunted_under_the_creature_token_dodges_and_one_elsewhere_keeps_his_card() {
        use Place::*;
        let mut s = hunting([PlaceSet::EMPTY; 3], [Wreck, Beach, Jungle]);
        for (h, card) in s.hunted.iter_mut().zip([Wreck, Beach, Jungle]) {
            h.presences = vec![super::super::state::Presence { card, at: card }];
            h.survival = SurvivalHand::EMPTY;
            h.survival.insert(SurvivalCard::Dodge);
        }
        s.revealed = true;
        s.creature_token = Some(Wreck);
        s.step = Step::Survival(Phase::Reckoning, Waiting::all(3));
        let dodge = Action::PlaySurvival {
            play: SurvivalPlay::Dodge {},
        };
        assert!(choices(&s, Seat::Hunted(1)).iter().all(|a| *a == dodge));
        assert!(
            choices(&s, Seat::Hunted(2))
                .iter()
                .all(|a| *a == Action::Pass {})
        );
    }

    #[test]
    fn the_evaluation_follows_the_counters() {
        let mut s = table();
        let start = evaluate(&s, Seat::Hunted(1));
        assert!((evaluate(&s, Seat::Creature) + start - 1.0).abs() < 1e-9);
        s.rescue -= 5;
        let nearer = evaluate(&s, Seat::Hunted(1));
        assert!(
            nearer > start,
            "{nearer} after Rescue advanced, {start} before"
        );
        s.assimilation -= 5;
        assert!(evaluate(&s, Seat::Hunted(1)) < nearer);
        assert!((0.0..=1.0).contains(&evaluate(&s, Seat::Creature)));
    }
}
