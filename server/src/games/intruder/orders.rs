//! Crews shared by several seats. The Science Officer scenario (rules 17.3): the `science` seat
//! commands S1-S3, the `command` seat C1-C3 and E1-E3. Return to Prometheus with team seats
//! (17.4): `team-n` commands Cn, En and Sn. At each crew decision point (the set-up step, crew
//! movement, a crew action segment, the general step, self-defence) each seat gives its orders as
//! one intent, which also says ready; nobody sees another seat's orders until all are in (a seat
//! with no crewman able to act is ready at once). Then the blocks are executed: `command` first
//! on odd turns and `science` first on even turns; the teams in rotation, team 1 first on turn 1
//! (and at set-up), team 2 on turn 2, team 3 on turn 3, then the next in table order (for
//! self-defence the attacked crewman's owner first, so his choice wins). An order already illegal
//! when given is refused at once, to its seat alone, which is then not ready: each order is
//! checked against the station as the list's earlier orders leave it, as far as they can be
//! foreseen (see [`Foresight`]). An order that has become illegal since fails
//! and cancels that crewman's later orders; once the decision point is over (the segment ended
//! by itself, a defence was made) the rest lapses.
//!
//! The orders are a list, so `legal` lists the empty list and every one-order list; a list of
//! listed orders is accepted when each is still legal after the ones before it.

use xenotable_protocol::intruder::{Action, Crewman, Event};
use xenotable_protocol::{Outcome, Seat};

use super::execute;
use super::flow::Table;
use super::intent::{self, Attacked, Intent, refuse};
use super::legal::candidates;
use super::scenario::Scenario;
use super::state::{CREW, Ending, Place, Specialty, State, Step, specialty};
use crate::games::Roll;
use crate::games::{Audience, Dice, RuleError};

/// The seat that commands crewman `c`: his team's (17.4: Cn, En and Sn are team n), or his
/// specialty's (17.3).
pub fn owner(s: &State, c: Crewman) -> Seat {
    match specialty(c) {
        _ if s.scenario == Scenario::ReturnTeams => Seat::Team(c as u8 % 3 + 1),
        Specialty::Science => Seat::Science,
        Specialty::Command | Specialty::Engineer => Seat::Command,
    }
}

/// The crewmen an order (a crew intent) sets moving or acting now; none for an intent that is
/// no order. Carrying a caged Intruder moves all its carriers together (9.2).
pub fn ordered(s: &State, action: &Action) -> Vec<Crewman> {
    match action {
        Action::CarryCage { cage, .. } => s.carriers(usize::from(*cage)),
        other => ordered_one(other).into_iter().collect(),
    }
}

/// The one crewman an order other than a carry is for.
pub fn ordered_one(action: &Action) -> Option<Crewman> {
    match action {
        Action::Move { crewman, .. }
        | Action::PickUp { crewman, .. }
        | Action::Drop { crewman, .. }
        | Action::Unlock { crewman, .. }
        | Action::Attack { crewman, .. }
        | Action::Defend { crewman, .. }
        | Action::StartSelfDestruct { crewman }
        | Action::StopSelfDestruct { crewman }
        | Action::Inventory { crewman }
        | Action::OpenAirlock { crewman }
        | Action::CatchLabAnimal { crewman, .. }
        | Action::Release { crewman }
        | Action::CageLabAnimal { crewman, .. }
        | Action::TransferLabAnimal { crewman, .. }
        | Action::CageIntruder { crewman, .. }
        | Action::GainControl { crewman, .. }
        | Action::MoveWithIntruder { crewman, .. }
        | Action::TurnOnFreezer { crewman }
        | Action::ConstructWeapon { crewman, .. }
        | Action::Discard { crewman, .. }
        | Action::MarineAttack { crewman, .. }
        | Action::MarineDefend { crewman, .. }
        | Action::LeaveInShuttle { crewman, .. }
        | Action::PrepareHatches { crewman }
        | Action::OpenHatches { crewman } => Some(*crewman),
        _ => None,
    }
}

/// The crewmen an order takes along besides the ordered one: a seat takes only its own
/// crewmen in a Shuttle (our rule).
fn involved(order: &Action) -> &[Crewman] {
    match order {
        Action::LeaveInShuttle { with, .. } => with,
        _ => &[],
    }
}

/// Whether `order` is given at this kind of decision point.
fn fits(step: &Step, order: &Action) -> bool {
    match step {
        Step::SetUp => matches!(
            order,
            Action::PickUp { .. } | Action::Drop { .. } | Action::Discard { .. }
        ),
        Step::CrewMovement => matches!(
            order,
            Action::Move { .. }
                | Action::PickUp { .. }
                | Action::Drop { .. }
                | Action::Unlock { .. }
                | Action::MoveWithIntruder { .. }
                | Action::CarryCage { .. }
                | Action::ConstructWeapon { .. }
                | Action::Release { .. }
        ),
        Step::CrewActions(_) => matches!(
            order,
            Action::Attack { .. }
                | Action::MarineAttack { .. }
                | Action::StartSelfDestruct { .. }
                | Action::StopSelfDestruct { .. }
                | Action::Inventory { .. }
                | Action::OpenAirlock { .. }
                | Action::CatchLabAnimal { .. }
                | Action::Release { .. }
                | Action::CageLabAnimal { .. }
                | Action::TransferLabAnimal { .. }
                | Action::CageIntruder { .. }
                | Action::GainControl { .. }
                | Action::TurnOnFreezer { .. }
                | Action::LeaveInShuttle { .. }
        ),
        Step::ShuttleActions { .. } => matches!(
            order,
            Action::Attack { .. }
                | Action::MarineAttack { .. }
                | Action::CageIntruder { .. }
                | Action::PrepareHatches { .. }
                | Action::OpenHatches { .. }
        ),
        Step::SelfDefence { .. } | Step::ShuttleDefence { .. } => {
            matches!(order, Action::Defend { .. } | Action::MarineDefend { .. })
        }
        _ => false,
    }
}

/// Whether `seat` is a crew seat at a crew decision point.
fn deciding(s: &State, seat: Seat) -> bool {
    s.scenario.split_crew()
        && s.scenario.crew_seats().any(|c| c == seat)
        && matches!(
            s.step,
            Step::SetUp
                | Step::CrewMovement
                | Step::CrewActions(_)
                | Step::SelfDefence { .. }
                | Step::ShuttleActions { .. }
                | Step::ShuttleDefence { .. }
        )
}

/// The orders `seat` could give now one at a time: the crew intents legal now for its crewmen.
pub fn possible(s: &State, seat: Seat) -> impl Iterator<Item = Action> {
    let open = s.ending.is_none() && deciding(s, seat);
    open.then(|| candidates(s))
        .into_iter()
        .flatten()
        .filter(move |a| owns(s, seat, a) && intent::check_intent(s, a).is_ok())
}

/// The crew seats that still owe orders at this decision point: not ready yet, with a crewman
/// able to act.
pub fn owing(s: &State) -> Vec<Seat> {
    s.scenario
        .crew_seats()
        .filter(|&seat| owes(s, seat))
        .collect()
}

/// Whether `seat` is a crew seat that still owes orders now.
fn owes(s: &State, seat: Seat) -> bool {
    !ready(s, seat) && possible(s, seat).next().is_some()
}

/// Whether `seat`'s orders are in for this decision point.
fn ready(s: &State, seat: Seat) -> bool {
    s.orders.iter().any(|(r, _)| *r == seat)
}

/// Exactly the one-order lists and the empty list (see the module doc).
pub fn legal(s: &State, seat: Seat) -> Vec<Action> {
    let possible: Vec<Action> = possible(s, seat).collect();
    if ready(s, seat) || possible.is_empty() {
        return Vec::new();
    }
    std::iter::once(Vec::new())
        .chain(possible.into_iter().map(|a| vec![a]))
        .map(|orders| Action::Orders { orders })
        .collect()
}

/// Whether `seat` may give `orders` now: each for one of its own crewmen, none ending a step.
pub fn check(s: &State, seat: Seat, action: &Action) -> Result<Vec<Action>, RuleError> {
    if s.ending.is_some() {
        return Err(RuleError::game_over());
    }
    if !owes(s, seat) {
        return Err(RuleError::not_your_turn());
    }
    let Action::Orders { orders } = action else {
        return Err(RuleError::wrong_phase("crew seats give orders"));
    };
    for order in orders {
        if !fits(&s.step, order) {
            return Err(refuse(
                "not_an_order",
                "that is no order for this decision point",
            ));
        }
        owned(s, seat, order)?;
    }
    foresee(s, orders)?;
    Ok(orders.clone())
}

/// Dice to foresee orders with: they tell whether anything was rolled. What they roll is never
/// used, and they are not the match's dice, so a refusal tells nothing of a future roll.
struct Unforeseeable {
    dice: Dice,
    rolled: bool,
}

impl Roll for Unforeseeable {
    fn d6(&mut self) -> u8 {
        self.rolled = true;
        self.dice.d6()
    }

    fn index(&mut self, len: usize) -> usize {
        self.rolled = true;
        self.dice.index(len)
    }
}

/// A seat's list of orders played on a copy of the station as far as it can be foreseen: until
/// an order rolls a die or ends the decision point. What comes after, and what the other seats'
/// blocks do, is checked when the blocks are executed.
pub struct Foresight {
    copy: State,
    at: (u32, xenotable_protocol::intruder::Phase, Step),
    dice: Unforeseeable,
}

impl Foresight {
    /// Before the first order of a list given at this decision point.
    pub fn new(s: &State) -> Foresight {
        Foresight {
            copy: s.clone(),
            at: point(s),
            dice: Unforeseeable {
                dice: Dice::from_seed(0),
                rolled: false,
            },
        }
    }

    fn open(&self) -> bool {
        !self.dice.rolled && self.copy.ending.is_none() && point(&self.copy) == self.at
    }

    /// Takes the next order of the list: refused if it is already illegal as the orders before
    /// it leave the station (then nothing is played), else played on the copy.
    pub fn admit(&mut self, order: &Action) -> Result<(), RuleError> {
        if !self.open() {
            return Ok(());
        }
        let checked = intent::check_intent(&self.copy, order)?;
        execute::execute(&mut Table::new(&mut self.copy, &mut self.dice), checked);
        Ok(())
    }
}

/// Rules 17.3: refuses the first order of `orders` already illegal when given (see
/// [`Foresight`]).
fn foresee(s: &State, orders: &[Action]) -> Result<(), RuleError> {
    let mut foresight = Foresight::new(s);
    for (n, order) in orders.iter().enumerate() {
        foresight
            .admit(order)
            .map_err(|e| refuse(e.code(), format!("order {}: {}", n + 1, e.message())))?;
    }
    Ok(())
}

/// Whether `order` moves only crewmen of `seat`, one at least. Our rule for carrying a caged
/// Intruder: the order is the seat's that owns every carrier, since each seat orders its own
/// crewmen alone (17.3) and the carriers move together (9.2); with carriers of both seats the
/// Cage stays until one seat's carriers put it down.
fn owned(s: &State, seat: Seat, order: &Action) -> Result<(), RuleError> {
    if owns(s, seat, order) {
        return Ok(());
    }
    let crewmen = ordered(s, order)
        .into_iter()
        .chain(involved(order).iter().copied());
    match crewmen.into_iter().find(|&c| owner(s, c) != seat) {
        Some(c) => Err(refuse(
            "not_your_crewman",
            format!("{c} takes orders from the {} seat", owner(s, c)),
        )),
        None => Err(refuse("not_an_order", "that order moves no crewman")),
    }
}

/// Whether `order` moves crewmen of `seat` only, one at least (see [`owned`]).
fn owns(s: &State, seat: Seat, order: &Action) -> bool {
    // Most orders are for one crewman taking nobody along: no list to build.
    if let (Some(c), []) = (ordered_one(order), involved(order)) {
        return owner(s, c) == seat;
    }
    let crewmen = ordered(s, order);
    !crewmen.is_empty()
        && crewmen
            .iter()
            .chain(involved(order))
            .all(|&c| owner(s, c) == seat)
}

/// Takes `seat`'s orders; once no seat owes any, executes them.
pub fn give<R: Roll>(t: &mut Table<'_, R>, seat: Seat, orders: Vec<Action>) {
    t.tell_secret(
        Event::OrdersGiven {
            seat,
            orders: Some(orders.clone()),
        },
        Audience::only(seat),
    );
    t.s.orders.push((seat, orders));
    if owing(t.s).is_empty() {
        execute_blocks(t);
    }
}

/// The seat whose block is executed first (17.3, 17.4).
fn first_seat(s: &State) -> Seat {
    match s.step {
        Step::SelfDefence { target, .. } | Step::ShuttleDefence { target, .. } => owner(s, target),
        _ if s.scenario == Scenario::ReturnTeams => {
            Seat::Team(s.turn.saturating_sub(1) as u8 % 3 + 1)
        }
        _ if s.turn % 2 == 1 => Seat::Command,
        _ => Seat::Science,
    }
}

/// The crew seats in execution order: the first, then the others in table order from it.
fn block_order(s: &State) -> Vec<Seat> {
    let seats: Vec<Seat> = s.scenario.crew_seats().collect();
    let first = seats
        .iter()
        .position(|&seat| seat == first_seat(s))
        .unwrap_or(0);
    seats[first..]
        .iter()
        .chain(&seats[..first])
        .copied()
        .collect()
}

/// The decision point now, to tell when it is over.
fn point(s: &State) -> (u32, xenotable_protocol::intruder::Phase, Step) {
    (s.turn, s.phase, s.step.clone())
}

/// Executes every block, then closes the decision point if it is still open.
fn execute_blocks<R: Roll>(t: &mut Table<'_, R>) {
    let mut blocks = std::mem::take(&mut t.s.orders);
    let order = block_order(t.s);
    blocks.sort_by_key(|(seat, _)| order.iter().position(|s| s == seat));
    let at = point(t.s);
    for (seat, orders) in blocks {
        let mut cancelled: Vec<Crewman> = Vec::new();
        for order in orders {
            if t.s.ending.is_some() || point(t.s) != at {
                return;
            }
            let crewmen = ordered(t.s, &order);
            if crewmen.iter().any(|c| cancelled.contains(c)) {
                continue;
            }
            // Carriers may have changed since the order was given: it is checked again.
            match owned(t.s, seat, &order).and_then(|_| intent::check_intent(t.s, &order)) {
                Ok(intent) => execute::execute(t, intent),
                Err(e) => {
                    // A carry whose carriers all put the Cage down names nobody: it lapses.
                    let own: Vec<Crewman> = crewmen
                        .into_iter()
                        .filter(|&c| owner(t.s, c) == seat)
                        .collect();
                    for c in own {
                        cancelled.push(c);
                        t.tell(Event::OrderFailed {
                            seat,
                            crewman: c,
                            code: e.code().to_owned(),
                        });
                    }
                }
            }
        }
    }
    if t.s.ending.is_some() || point(t.s) != at {
        return;
    }
    let close = match &t.s.step {
        Step::SetUp => Intent::EndSetUp,
        Step::CrewMovement => Intent::EndMovement,
        Step::CrewActions(segment) => Intent::EndSegment(*segment),
        Step::ShuttleActions { shuttle } => Intent::EndShuttleActions(*shuttle),
        step => match Attacked::of(step) {
            Some(attacked) => Intent::NoDefence(attacked),
            // Crew seats owe orders only at the crew's decision points above.
            None => return,
        },
    };
    execute::execute(t, close);
}

/// The scores of the crew seats (17.3): each counts its own dead, both every kill and capture
/// (an Intruder frozen or permanently trapped, 12.1).
pub fn scores(s: &State) -> [(Seat, i32); 2] {
    let dead = |seat: Seat| {
        CREW.iter()
            .filter(|&&c| owner(s, c) == seat && !s.crewman(c).alive)
            .count() as i32
    };
    // Captured: frozen or permanently trapped (12.1), as in 16.2.
    let (killed, captured) = (i32::from(s.killed), i32::from(s.captured_total()));
    [
        (
            Seat::Science,
            -3 * dead(Seat::Science) - 5 * killed + 20 * captured,
        ),
        (
            Seat::Command,
            -5 * dead(Seat::Command) + 7 * killed + 15 * captured,
        ),
    ]
}

/// The outcome with team seats (17.4): they share the score of 16.2, all win or all lose.
fn shared_outcome(s: &State, e: &Ending) -> Outcome {
    let (winners, result) = match e.crew_won {
        Some(true) => (s.scenario.crew_seats().collect(), "win"),
        Some(false) => (Vec::new(), "loss"),
        None => (Vec::new(), "draw"),
    };
    Outcome {
        winners,
        reason: format!("{}_{result}", e.reason),
    }
}

/// The outcome with several crew seats. With two (17.3): the only positive seat wins; both
/// positive, the higher (equal: both); none positive, nobody but the Intruder seat if there is
/// one. An Intruder gone alive spoils every win as in 16.2 (our rule: for both seats). A
/// detonation is scored as 16.2 for both seats: a draw if at least 3 crewmen escaped, else a
/// loss. Teams share the score (17.4).
pub fn outcome(s: &State, e: &Ending) -> Outcome {
    if s.scenario == Scenario::ReturnTeams {
        return shared_outcome(s, e);
    }
    let scores = scores(s);
    let best = scores.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let gone = s.counters.iter().any(|c| c.place == Place::Gone);
    // A detonation is no win for anyone: `detonate` scored it a draw or a loss (16.2).
    let detonated = e.reason == "detonation";
    let crew: Vec<Seat> = scores
        .iter()
        .filter(|&&(_, v)| v > 0 && v == best && !gone && !detonated)
        .map(|&(seat, _)| seat)
        .collect();
    let (winners, result) = if detonated && e.crew_won.is_none() {
        (Vec::new(), "draw")
    } else if !crew.is_empty() {
        (crew, "win")
    } else if s.scenario.intruder_seat() {
        (vec![Seat::Intruder], "loss")
    } else {
        (Vec::new(), "loss")
    };
    Outcome {
        winners,
        reason: format!("{}_{result}", e.reason),
    }
}
