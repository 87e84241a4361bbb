//! What an Away Team bot believes: a whole state drawn from its seat's view. No I/O.
//!
//! The view shows the whole encounter, every figure, SKILL, Hostility, the round, the locks
//! and the last revealed round (rules 6); it hides only the other side's orders before both
//! sides lock. The one world the view shows is rebuilt, and the hidden orders are drawn:
//! - the Aliens' targets, for an Away Team bot: where the Aliens have locked, one crew member
//!   per alien by the d6 method (rules 3.5, which is how the automatic Aliens choose); where
//!   they have not, none yet, as the automatic Aliens wait for the Away Team's lock;
//! - the Away Team's orders, for an Aliens bot: where the Away Team has locked, the `normal`
//!   bot's orders (rules-aware play is the best guess of what a person locked); else none.
//!
//! Bookkeeping no view shows gets its neutral value: whether this round's d6 method was
//! rolled is read from the targets it would have set, and the encounter is still running
//! (a bot is asked only then).

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{
    AlienTarget, CrewOrder, CrewOrderView, Objective as WireObjective, RoundOrders, View,
};

use super::encounter::{CrewSpec, Encounter, GroupSpec, Objective, SkillSpec};
use super::figures::{CrewMember, muster};
use super::heuristic;
use super::orders::d6_method;
use super::state::{Order, Orders, Revealed, State};
use crate::games::Roll;

/// A world `seat` cannot tell from the one its `view` shows, its hidden orders drawn from
/// `dice`; `None` if the view describes no encounter.
pub fn believe(seat: Seat, view: &View, dice: &mut impl Roll) -> Option<State> {
    let mut s = shown(view)?;
    s.orders.away_team_locked = view.locked.away_team;
    s.orders.aliens_locked = view.locked.aliens;
    match (&view.away_team_orders, &view.alien_orders) {
        (Some(own), _) if seat == Seat::AwayTeam => {
            s.orders.retreat = own.retreat;
            s.orders.crew = crew_orders(&s, &own.orders)?;
            if s.orders.aliens_locked {
                for a in s.to_order() {
                    s.orders.targets[a] = d6_method(&s, dice).map(|(_, crew)| crew);
                }
            }
        }
        (_, Some(own)) if seat == Seat::Aliens => {
            s.orders.targets = targets(&s, own)?;
            if s.orders.away_team_locked {
                s.orders.crew = heuristic::plan(&s);
            }
        }
        _ => return None,
    }
    // The d6 method sets every target at once, and only after the Away Team's lock.
    s.orders.rolled = s.orders.away_team_locked
        && s.to_order()
            .into_iter()
            .all(|a| s.orders.targets[a].is_some());
    Some(s)
}

/// Everything the view shows, with no order given yet.
fn shown(view: &View) -> Option<State> {
    let encounter = encounter(view)?;
    let mut aliens = muster(&encounter.groups);
    let states = view.groups.iter().flat_map(|g| &g.aliens);
    if states.clone().count() != aliens.len() {
        return None;
    }
    for (alien, shown) in aliens.iter_mut().zip(states) {
        alien.state = shown.state;
    }
    let crew = view
        .crew
        .iter()
        .map(|c| CrewMember {
            skill: c.skill,
            roll: c.skill_roll,
            state: c.state,
        })
        .collect();
    let mut s = State {
        crew,
        aliens,
        provoked: view.groups.iter().map(|g| g.provoked).collect(),
        round: view.round,
        hostility: view.hostility,
        orders: Orders::default(),
        revealed: None,
        ending: None,
        encounter,
    };
    s.orders = Orders {
        crew: vec![None; s.crew.len()],
        targets: vec![None; s.aliens.len()],
        ..Orders::default()
    };
    s.revealed = match &view.revealed {
        Some(r) => Some(revealed(&s, r)?),
        None => None,
    };
    // Ids are read back from the rebuilt aliens: they must be the ones the view names.
    let ids = view.groups.iter().flat_map(|g| &g.aliens).map(|a| &a.id);
    if !ids.enumerate().all(|(a, id)| s.alien_id(a) == *id) {
        return None;
    }
    Some(s)
}

/// The encounter file as far as play needs it: every field the view shows.
fn encounter(view: &View) -> Option<Encounter> {
    let group = |id: &str| view.groups.iter().position(|g| g.id == id);
    let objective = match &view.objective {
        WireObjective::Neutralise {} => Objective::Neutralise,
        WireObjective::NeutraliseGroup { group: id, capture } => Objective::NeutraliseGroup {
            group: group(id)?,
            capture: *capture,
        },
        WireObjective::Survive { rounds } => Objective::Survive { rounds: *rounds },
    };
    let crew = view
        .crew
        .iter()
        .map(|c| CrewSpec {
            id: c.id.clone(),
            name: c.name.clone(),
            role: c.role,
            skill: match c.skill_roll {
                Some(_) => SkillSpec::Roll,
                None => SkillSpec::Fixed(c.skill),
            },
            skill_mod: c.skill_mod,
        })
        .collect();
    let groups = view
        .groups
        .iter()
        .map(|g| {
            Some(GroupSpec {
                id: g.id.clone(),
                name: g.name.clone(),
                count: u8::try_from(g.aliens.len()).ok()?,
                skill: g.skill,
                ranged: g.ranged,
                stun_immune: g.stun_immune,
                peaceful: g.peaceful,
                weapon: g.weapon,
                defense_mod: g.defense_mod,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Encounter {
        title: view.title.clone(),
        description: view.description.clone(),
        objective,
        max_rounds: view.max_rounds,
        range_mod: view.range_mod,
        crew_defense_mod: view.crew_defense_mod,
        hostility_limit: view.hostility_limit,
        allow_retreat: view.allow_retreat,
        crew,
        groups,
    })
}

/// A crew member's order as the state keeps it.
fn order(s: &State, shown: &CrewOrder) -> Option<Order> {
    Some(match shown {
        CrewOrder::Hold {} => Order::Hold,
        CrewOrder::Fire { target, mode } => Order::Fire {
            target: s.find_alien(target)?,
            mode: *mode,
        },
    })
}

/// Per alien, its target, from a list of shown targets.
fn targets(s: &State, shown: &[AlienTarget]) -> Option<Vec<Option<usize>>> {
    let mut targets = vec![None; s.aliens.len()];
    for t in shown {
        let a = s.find_alien(&t.alien)?;
        targets[a] = match &t.crew {
            Some(id) => Some(s.find_crew(id)?),
            None => None,
        };
    }
    Some(targets)
}

/// Per crew member, its order, from a list of shown orders.
fn crew_orders(s: &State, shown: &[CrewOrderView]) -> Option<Vec<Option<Order>>> {
    let mut orders = vec![None; s.crew.len()];
    for o in shown {
        let c = s.find_crew(&o.crew)?;
        orders[c] = match &o.order {
            Some(o) => Some(order(s, o)?),
            None => None,
        };
    }
    Some(orders)
}

/// The last revealed round, as the state keeps it.
fn revealed(s: &State, shown: &RoundOrders) -> Option<Revealed> {
    Some(Revealed {
        round: shown.round,
        orders: Orders {
            crew: crew_orders(s, &shown.away_team)?,
            retreat: shown.retreat,
            targets: targets(s, &shown.aliens)?,
            away_team_locked: true,
            aliens_locked: true,
            rolled: false,
        },
    })
}

#[cfg(test)]
mod tests {
    use xenotable_protocol::away_team::Action;

    use super::*;
    use crate::games::away_team::tests::support::shipped;
    use crate::games::away_team::{AwayTeam, invariants};
    use crate::games::{Dice, Game, Viewer};

    /// Most actions of one random match that are looked at.
    const STEPS: usize = 300;

    /// The states of a random match of `text` on `seed`, before every action: either side
    /// edits at random and locks one time in four, so the Aliens often order by hand and lock
    /// before the Away Team does (as a person may), and rounds are played to the end.
    fn positions(text: &str, seed: u64) -> Vec<State> {
        let mut dice = Dice::from_seed(seed);
        let config = AwayTeam::configure(
            &AwayTeam::seats(),
            Some(text),
            crate::games::away_team::Options {},
        )
        .expect("a shipped encounter");
        let mut s = AwayTeam::setup(&config, &mut dice);
        let mut seen = Vec::new();
        while s.ending.is_none() && seen.len() < STEPS {
            seen.push(s.clone());
            let to_act = AwayTeam::to_act(&s);
            let Some(&seat) = dice.choose(&to_act) else {
                break;
            };
            let legal = AwayTeam::legal_actions(&s, seat);
            let lock = legal.iter().find(|a| **a == Action::Lock {});
            let action = match lock {
                Some(lock) if dice.below(4) == 0 => lock,
                _ => dice.choose(&legal).expect("a legal action"),
            };
            AwayTeam::apply(&mut s, seat, action, &mut dice).expect("legal");
        }
        seen
    }

    /// The view of `seat` as its bot reads it: JSON, then the typed view.
    fn seen_by(s: &State, seat: Seat) -> View {
        let json = serde_json::to_value(AwayTeam::view(s, Viewer::Seat(seat))).expect("json");
        serde_json::from_value(json).expect("a view")
    }

    #[test]
    fn a_believed_world_shows_each_seat_exactly_its_view() {
        let mut looked_at = 0;
        for (id, text) in shipped() {
            for seed in 0..30 {
                let mut dice = Dice::from_seed(seed + 1_000);
                for s in positions(&text, seed) {
                    for seat in [Seat::AwayTeam, Seat::Aliens] {
                        let view = seen_by(&s, seat);
                        let world = believe(seat, &view, &mut dice)
                            .unwrap_or_else(|| panic!("{id} seed {seed}: no world"));
                        invariants::check(&world);
                        assert_eq!(
                            AwayTeam::view(&world, Viewer::Seat(seat)),
                            view,
                            "{id} seed {seed} {seat} round {}",
                            s.round
                        );
                        looked_at += 1;
                    }
                    let world = believe(Seat::AwayTeam, &seen_by(&s, Seat::AwayTeam), &mut dice)
                        .expect("a world");
                    assert_eq!(
                        AwayTeam::legal_actions(&world, Seat::AwayTeam),
                        AwayTeam::legal_actions(&s, Seat::AwayTeam),
                        "{id} seed {seed}: the Away Team may do the same in both"
                    );
                }
            }
        }
        assert!(looked_at > 2_000, "{looked_at} positions");
    }

    #[test]
    fn the_aliens_locked_targets_are_drawn_not_read() {
        let mut drawn = 0;
        let mut differ = 0;
        for (_, text) in shipped() {
            for seed in 0..20 {
                let mut dice = Dice::from_seed(seed);
                for s in positions(&text, seed) {
                    if !s.orders.aliens_locked || s.to_order().is_empty() {
                        continue;
                    }
                    let world = believe(Seat::AwayTeam, &seen_by(&s, Seat::AwayTeam), &mut dice)
                        .expect("a world");
                    for a in s.to_order() {
                        assert!(
                            world.orders.targets[a].is_some(),
                            "a locked alien has a target"
                        );
                    }
                    drawn += 1;
                    differ += usize::from(world.orders.targets != s.orders.targets);
                }
            }
        }
        assert!(drawn > 100, "{drawn} positions with the Aliens locked");
        assert!(
            differ > drawn / 4,
            "{differ} of {drawn} differ from the truth"
        );
    }
}
