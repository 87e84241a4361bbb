//! Orders (rules 3.1): each side edits its orders in secret, then locks them; the d6 method
//! (rules 3.5) picks an alien's target. `check` refuses without changing anything; `execute`
//! carries out a checked move and, once both sides are locked, the round's fire.

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{Action, CrewOrder, Edit, Event};

use super::fire::{self, Table};
use super::state::{Order, State};
use crate::games::{Audience, Flow, Roll, RuleError};

/// A checked action, figures by index. The Away Team's edits are `Order`, `Retreat` and
/// `CancelRetreat`, the Aliens' `Target` and `RollTargets`; either side locks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Order { crew: usize, order: Order },
    Retreat,
    CancelRetreat,
    Target { alien: usize, crew: usize },
    RollTargets,
    Lock(Seat),
}

fn side(seat: Seat, wanted: Seat) -> Result<(), RuleError> {
    if seat == wanted {
        Ok(())
    } else {
        Err(RuleError::new(
            "wrong_side",
            format!("only the {wanted} seat may do that"),
        ))
    }
}

fn crew_member(s: &State, id: &str) -> Result<usize, RuleError> {
    let c = s
        .find_crew(id)
        .ok_or_else(|| RuleError::new("unknown_crew", format!("no crew member has id {id:?}")))?;
    if s.crew_active(c) {
        Ok(c)
    } else {
        Err(RuleError::new("crew_out", format!("{id} is out")))
    }
}

fn alien(s: &State, id: &str) -> Result<usize, RuleError> {
    let a = s
        .find_alien(id)
        .ok_or_else(|| RuleError::new("unknown_alien", format!("no alien has id {id:?}")))?;
    if s.alien_active(a) {
        Ok(a)
    } else {
        Err(RuleError::new("alien_out", format!("{id} is out")))
    }
}

/// Whether `seat` may play `action` now, and what it means.
pub fn check(s: &State, seat: Seat, action: &Action) -> Result<Move, RuleError> {
    if s.ending.is_some() {
        return Err(RuleError::game_over());
    }
    if !matches!(seat, Seat::AwayTeam | Seat::Aliens) {
        return Err(RuleError::not_your_turn());
    }
    if s.locked(seat) {
        return Err(RuleError::new(
            "locked",
            "your orders for this round are locked",
        ));
    }
    Ok(match action {
        Action::Order { crew, order } => {
            side(seat, Seat::AwayTeam)?;
            let crew = crew_member(s, crew)?;
            let order = match order {
                CrewOrder::Hold {} => Order::Hold,
                CrewOrder::Fire { target, mode } => Order::Fire {
                    target: alien(s, target)?,
                    mode: *mode,
                },
            };
            Move::Order { crew, order }
        }
        Action::Retreat {} => {
            side(seat, Seat::AwayTeam)?;
            if !s.encounter.allow_retreat {
                return Err(RuleError::new(
                    "retreat_not_allowed",
                    "this encounter allows no retreat",
                ));
            }
            if s.orders.retreat {
                return Err(RuleError::new("already_retreating", "retreat is declared"));
            }
            Move::Retreat
        }
        Action::CancelRetreat {} => {
            side(seat, Seat::AwayTeam)?;
            if !s.orders.retreat {
                return Err(RuleError::new("not_retreating", "no retreat is declared"));
            }
            Move::CancelRetreat
        }
        Action::Target { alien: a, crew } => {
            side(seat, Seat::Aliens)?;
            let alien = alien(s, a)?;
            if !s.fires_on_orders(alien) {
                return Err(RuleError::new(
                    "alien_not_firing",
                    format!("{a} does not fire this round"),
                ));
            }
            Move::Target {
                alien,
                crew: crew_member(s, crew)?,
            }
        }
        Action::RollTargets {} => {
            side(seat, Seat::Aliens)?;
            if !s.orders.away_team_locked {
                return Err(RuleError::new(
                    "away_team_not_locked",
                    "the d6 method is rolled once the Away Team has locked",
                ));
            }
            if s.orders.rolled {
                return Err(RuleError::new(
                    "already_rolled",
                    "the targets were rolled this round",
                ));
            }
            Move::RollTargets
        }
        Action::Lock {} => {
            if seat == Seat::Aliens
                && let Some(a) = s
                    .to_order()
                    .into_iter()
                    .find(|&a| s.orders.targets[a].is_none())
            {
                return Err(RuleError::new(
                    "orders_incomplete",
                    format!("{} has no target", s.alien_id(a)),
                ));
            }
            Move::Lock(seat)
        }
    })
}

/// The wire form of an order.
pub fn wire_order(s: &State, order: Order) -> CrewOrder {
    match order {
        Order::Hold => CrewOrder::Hold {},
        Order::Fire { target, mode } => CrewOrder::Fire {
            target: s.alien_id(target),
            mode,
        },
    }
}

/// Carries out a checked move. `Err(Ended)` only says that the encounter ended.
pub fn execute<R: Roll>(t: &mut Table<'_, R>, mv: Move) -> Flow {
    let (seat, edit) = match mv {
        Move::Order { crew, order } => {
            t.s.orders.crew[crew] = Some(order);
            let edit = Edit::Order {
                crew: t.s.crew_id(crew),
                order: wire_order(t.s, order),
            };
            (Seat::AwayTeam, edit)
        }
        Move::Retreat => {
            t.s.orders.retreat = true;
            (Seat::AwayTeam, Edit::Retreat {})
        }
        Move::CancelRetreat => {
            t.s.orders.retreat = false;
            (Seat::AwayTeam, Edit::CancelRetreat {})
        }
        Move::Target { alien, crew } => {
            t.s.orders.targets[alien] = Some(crew);
            let edit = Edit::Target {
                alien: t.s.alien_id(alien),
                crew: t.s.crew_id(crew),
            };
            (Seat::Aliens, edit)
        }
        Move::RollTargets => {
            t.s.orders.rolled = true;
            for alien in t.s.to_order() {
                if let Some(crew) = roll_target(t, alien) {
                    t.s.orders.targets[alien] = Some(crew);
                }
            }
            return Ok(());
        }
        Move::Lock(seat) => {
            if seat == Seat::AwayTeam {
                t.s.orders.away_team_locked = true;
            } else {
                t.s.orders.aliens_locked = true;
            }
            t.tell(Event::Locked { seat });
            if t.s.orders.away_team_locked && t.s.orders.aliens_locked {
                return fire::resolve(t);
            }
            return Ok(());
        }
    };
    t.tell_secret(Event::Edited { seat, edit }, Audience::only(seat));
    Ok(())
}

/// The d6 method (rules 3.5): number the active crew 1..k in crew order and roll 1d6 until
/// a number is assigned. Every die, and the crew member it gave; `None` with no active crew.
pub fn d6_method(s: &State, dice: &mut impl Roll) -> Option<(Vec<u8>, usize)> {
    let active = s.active_crew();
    if active.is_empty() {
        return None;
    }
    let mut rolls = Vec::new();
    loop {
        let die = dice.d6();
        rolls.push(die);
        if let Some(&crew) = active.get(usize::from(die).wrapping_sub(1)) {
            return Some((rolls, crew));
        }
    }
}

/// Rolls the d6 method for `alien` and tells everyone.
pub fn roll_target<R: Roll>(t: &mut Table<'_, R>, alien: usize) -> Option<usize> {
    let (rolls, crew) = d6_method(t.s, t.dice)?;
    t.tell(Event::TargetRolled {
        alien: t.s.alien_id(alien),
        rolls,
        crew: t.s.crew_id(crew),
    });
    Some(crew)
}
