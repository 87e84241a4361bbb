//! What each viewer may know (rules 6): everything but the other side's orders before both
//! sides lock. The only way the state leaves the rules, with `conceal` for events.

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{
    AlienGroupView, AlienTarget, AlienView, AwayTeamOrders, CrewOrderView, CrewView, Event, Locks,
    Objective as WireObjective, View,
};

use super::encounter::Objective;
use super::figures::effective_skill;
use super::fire::round_orders;
use super::orders::wire_order;
use super::state::State;
use crate::games::Viewer;

/// Whether `viewer` sees the unrevealed orders of `seat`.
fn sees_orders_of(viewer: Viewer, seat: Seat) -> bool {
    matches!(viewer, Viewer::Omniscient) || viewer == Viewer::Seat(seat)
}

/// The view of `viewer`.
pub fn view(s: &State, viewer: Viewer) -> View {
    let e = &s.encounter;
    let objective = match e.objective {
        Objective::Neutralise => WireObjective::Neutralise {},
        Objective::NeutraliseGroup { group, capture } => WireObjective::NeutraliseGroup {
            group: e.groups[group].id.clone(),
            capture,
        },
        Objective::Survive { rounds } => WireObjective::Survive { rounds },
    };
    let crew = e
        .crew
        .iter()
        .zip(&s.crew)
        .map(|(spec, m)| CrewView {
            id: spec.id.clone(),
            name: spec.name.clone(),
            role: spec.role,
            skill: m.skill,
            skill_roll: m.roll,
            skill_mod: spec.skill_mod,
            effective_skill: effective_skill(spec, m.skill),
            state: m.state,
        })
        .collect();
    let groups = e
        .groups
        .iter()
        .enumerate()
        .map(|(g, spec)| AlienGroupView {
            id: spec.id.clone(),
            name: spec.name.clone(),
            skill: spec.skill,
            ranged: spec.ranged,
            stun_immune: spec.stun_immune,
            peaceful: spec.peaceful,
            provoked: s.provoked[g],
            weapon: spec.weapon,
            defense_mod: spec.defense_mod,
            aliens: (0..s.aliens.len())
                .filter(|&a| s.aliens[a].group == g)
                .map(|a| AlienView {
                    id: s.alien_id(a),
                    state: s.aliens[a].state,
                })
                .collect(),
        })
        .collect();
    let away_team_orders = sees_orders_of(viewer, Seat::AwayTeam).then(|| AwayTeamOrders {
        retreat: s.orders.retreat,
        orders: s
            .active_crew()
            .into_iter()
            .map(|c| CrewOrderView {
                crew: s.crew_id(c),
                order: s.orders.crew[c].map(|o| wire_order(s, o)),
            })
            .collect(),
    });
    let alien_orders = sees_orders_of(viewer, Seat::Aliens).then(|| {
        s.to_order()
            .into_iter()
            .map(|a| AlienTarget {
                alien: s.alien_id(a),
                crew: s.orders.targets[a].map(|c| s.crew_id(c)),
            })
            .collect()
    });
    View {
        title: e.title.clone(),
        description: e.description.clone(),
        objective,
        max_rounds: e.max_rounds,
        range_mod: e.range_mod,
        crew_defense_mod: e.crew_defense_mod,
        hostility_limit: e.hostility_limit,
        allow_retreat: e.allow_retreat,
        round: s.round,
        hostility: s.hostility,
        crew,
        groups,
        to_order: s.to_order().into_iter().map(|a| s.alien_id(a)).collect(),
        locked: Locks {
            away_team: s.orders.away_team_locked,
            aliens: s.orders.aliens_locked,
        },
        away_team_orders,
        alien_orders,
        revealed: s.revealed.as_ref().map(|r| round_orders(s, r)),
    }
}

/// An event as everyone outside its audience sees it: a side's edit of its orders is withheld
/// whole, so the other side cannot count edits (rules 6); every other event is public.
pub fn conceal(event: &Event) -> Option<Event> {
    match event {
        Event::Edited { .. } => None,
        other => Some(other.clone()),
    }
}
