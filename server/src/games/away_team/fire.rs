//! Fire resolution (rules 3.2, 3.3, 3.6): the reveal, the Away Team's shots in crew order, the
//! aliens' answer in alien order, the checks after every shot, and the next round.

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{
    AlienTarget, CrewOrderView, Effect, Event, FigureState, Mode, Modifier, RoundOrders, Shot,
};

use super::checks;
use super::figures::effective_skill;
use super::orders::{roll_target, wire_order};
use super::shot;
use super::state::{Ending, Order, Revealed, State};
use crate::games::{Dice, Ended, Flow, Roll};

/// What a checked move and the fire it leads to work on: the state, the dice (the match's, or
/// loaded dice in tests) and the events told so far.
pub type Table<'a, R = Dice> = crate::games::Table<'a, State, Event, R>;

impl<R: Roll> Table<'_, R> {
    /// Runs the checks of rules 3.4; ends the encounter if one says so.
    fn settle(&mut self, round_over: bool) -> Flow {
        match checks::check(self.s, round_over) {
            Some(ending) => Err(self.end(ending)),
            None => Ok(()),
        }
    }

    fn end(&mut self, ending: Ending) -> Ended {
        self.tell(Event::Ended {
            outcome: ending.outcome(),
        });
        self.s.ending = Some(ending);
        Ended
    }
}

/// The orders of a revealed round, as everyone sees them.
pub fn round_orders(s: &State, revealed: &Revealed) -> RoundOrders {
    RoundOrders {
        round: revealed.round,
        retreat: revealed.orders.retreat,
        away_team: revealed
            .orders
            .crew
            .iter()
            .enumerate()
            .map(|(c, o)| CrewOrderView {
                crew: s.crew_id(c),
                order: o.map(|o| wire_order(s, o)),
            })
            .collect(),
        aliens: revealed
            .orders
            .targets
            .iter()
            .enumerate()
            .filter_map(|(a, c)| {
                c.map(|c| AlienTarget {
                    alien: s.alien_id(a),
                    crew: Some(s.crew_id(c)),
                })
            })
            .collect(),
    }
}

/// Both sides have locked: reveal, fire, check, and start the next round.
pub fn resolve<R: Roll>(t: &mut Table<'_, R>) -> Flow {
    let revealed = Revealed {
        round: t.s.round,
        orders: t.s.orders.clone(),
    };
    let orders = round_orders(t.s, &revealed);
    t.s.revealed = Some(revealed);
    t.tell(Event::Revealed { orders });
    if !t.s.orders.retreat {
        away_team_fire(t)?;
    }
    alien_fire(t)?;
    if t.s.orders.retreat {
        t.tell(Event::Retreated {});
        // Covering fire that killed the Captain has already ended the encounter.
        return Err(t.end(Ending::Draw(
            "the Away Team retreated with its Captain alive".into(),
        )));
    }
    t.settle(true)?;
    t.s.round += 1;
    t.s.orders = t.s.fresh_orders();
    let round = t.s.round;
    t.tell(Event::RoundBegan { round });
    if t.s.orders.aliens_locked {
        t.tell(Event::Locked { seat: Seat::Aliens });
    }
    Ok(())
}

/// Rules 3.2: crew members fire in crew order; a shot at a figure already out goes to the
/// lowest-numbered active alien of its group, or is lost.
fn away_team_fire<R: Roll>(t: &mut Table<'_, R>) -> Flow {
    for c in 0..t.s.crew.len() {
        let Some(Order::Fire { target, mode }) = t.s.orders.crew[c] else {
            continue;
        };
        if !t.s.crew_active(c) {
            continue;
        }
        let target = if t.s.alien_active(target) {
            Some(target)
        } else {
            let group = t.s.aliens[target].group;
            let to = (0..t.s.aliens.len())
                .find(|&a| t.s.aliens[a].group == group && t.s.alien_active(a));
            let retarget = Event::Retargeted {
                shooter: t.s.crew_id(c),
                from: t.s.alien_id(target),
                to: to.map(|a| t.s.alien_id(a)),
            };
            t.tell(retarget);
            to
        };
        if let Some(target) = target {
            crew_shot(t, c, target, mode);
            t.settle(false)?;
        }
    }
    Ok(())
}

fn modifier(name: &str, value: i32) -> Modifier {
    Modifier {
        name: name.to_owned(),
        value,
    }
}

fn crew_shot<R: Roll>(t: &mut Table<'_, R>, c: usize, a: usize, mode: Mode) {
    let s = &*t.s;
    let group_index = s.aliens[a].group;
    let group = &s.encounter.groups[group_index];
    let skill = effective_skill(&s.encounter.crew[c], s.crew[c].skill);
    let modifiers = vec![
        modifier("range_mod", s.encounter.range_mod),
        modifier("defense_mod", group.defense_mod),
    ];
    let roll = shot::roll(t.dice, skill, &modifiers);
    let effect = match (roll.hit, mode) {
        (false, _) => Effect::Missed,
        (true, Mode::Kill) => Effect::Killed,
        (true, Mode::Stun) if group.stun_immune => Effect::Shrugged,
        (true, Mode::Stun) => Effect::Stunned,
    };
    let peaceful = group.peaceful;
    let fired = Event::Fired {
        shot: Shot {
            shooter: s.crew_id(c),
            target: s.alien_id(a),
            mode,
            dice: roll.dice,
            modifiers,
            result: roll.result,
            skill,
            hit: roll.hit,
            effect,
        },
    };
    t.tell(fired);
    let state = match effect {
        Effect::Killed => FigureState::Killed,
        Effect::Stunned => FigureState::Stunned,
        Effect::Missed | Effect::Shrugged => return,
    };
    t.s.aliens[a].state = state;
    if !peaceful {
        return;
    }
    if state == FigureState::Killed {
        t.s.hostility += 1;
        let hostility = t.s.hostility;
        t.tell(Event::HostilityRose { hostility });
    }
    if !t.s.provoked[group_index] {
        t.s.provoked[group_index] = true;
        let group = t.s.encounter.groups[group_index].id.clone();
        t.tell(Event::Provoked { group });
    }
}

/// Rules 3.3: every alien that had orders and is still active fires, in alien order, and so do
/// the active ranged members of a group provoked this round (targets by the d6 method).
fn alien_fire<R: Roll>(t: &mut Table<'_, R>) -> Flow {
    for a in 0..t.s.aliens.len() {
        let group = t.s.aliens[a].group;
        let ordered = t.s.orders.targets[a];
        let provoked = t.s.provoked[group] && ordered.is_none();
        if !t.s.alien_active(a) || !t.s.encounter.groups[group].ranged {
            continue;
        }
        let target = match ordered {
            Some(c) if t.s.crew_active(c) => Some(c),
            Some(_) => roll_target(t, a),
            None if provoked => roll_target(t, a),
            None => continue,
        };
        if let Some(c) = target {
            alien_shot(t, a, c);
            t.settle(false)?;
        }
    }
    Ok(())
}

fn alien_shot<R: Roll>(t: &mut Table<'_, R>, a: usize, c: usize) {
    let s = &*t.s;
    let group = &s.encounter.groups[s.aliens[a].group];
    let skill = i32::from(group.skill);
    let modifiers = vec![
        modifier("range_mod", s.encounter.range_mod),
        modifier("crew_defense_mod", s.encounter.crew_defense_mod),
    ];
    let roll = shot::roll(t.dice, skill, &modifiers);
    let effect = match (roll.hit, group.weapon) {
        (false, _) => Effect::Missed,
        (true, Mode::Kill) => Effect::Killed,
        (true, Mode::Stun) => Effect::Stunned,
    };
    let fired = Event::Fired {
        shot: Shot {
            shooter: s.alien_id(a),
            target: s.crew_id(c),
            mode: group.weapon,
            dice: roll.dice,
            modifiers,
            result: roll.result,
            skill,
            hit: roll.hit,
            effect,
        },
    };
    t.tell(fired);
    match effect {
        Effect::Killed => t.s.crew[c].state = FigureState::Killed,
        Effect::Stunned => t.s.crew[c].state = FigureState::Stunned,
        Effect::Missed | Effect::Shrugged => {}
    }
}
