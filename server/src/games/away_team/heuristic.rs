//! How a `normal` Away Team bot gives its orders, in the game's terms, which orders a `strong`
//! one weighs, and how either judges an encounter a playout left unfinished. No I/O.
//!
//! Every alien group is worth something to put out: the chance its members hit a crew member
//! each round (its danger; a stun weapon counts for less, it cannot kill the Captain), plus what
//! the objective needs. Crew members give their orders in firing order (rules 3.2), each at the
//! group where its shot is worth most: worth times its chance to hit, times the chance the group
//! still stands after the shots ordered before it. So fire is focused (everyone on the lowest
//! numbered active alien of the most dangerous group, the weakest defence breaking ties) until
//! the group is likely down, and then the next shooters turn to the next group. A shot that
//! goes to an alien already out passes to the next of its group (rules 3.2), so focused fire
//! wastes little. Unprovoked peaceful groups are never fired on unless the objective demands
//! it, peaceful aliens are stunned rather than killed (Hostility, rules 3.4), a capture is
//! made with stun, and stun-immune aliens are shot to kill. There is no cover in Away Team:
//! the only way out of a fire fight is a retreat, which this play never declares.

use xenotable_protocol::Seat;
use xenotable_protocol::away_team::{Action, FigureState, Mode};

use super::encounter::Objective;
use super::figures::effective_skill;
use super::orders::wire_order;
use super::shot::hits;
use super::state::{Ending, Order, State};
use crate::games::{Dice, Roll};

/// What putting out one alien of the objective group is worth, beside its danger: the
/// encounter is won by it.
const OBJECTIVE_GROUP_WORTH: f64 = 1.0;
/// What putting out one alien that `neutralise` needs is worth, beside its danger.
const NEUTRALISE_WORTH: f64 = 0.3;
/// A hit by a stun weapon counts this much of a killing hit: a stunned Captain is no defeat.
const STUN_WEAPON_DANGER: f64 = 0.6;

/// The chance that 2d6 plus `modifier` comes out under `skill` (rules 2.2).
pub fn hit_chance(skill: i32, modifier: i32) -> f64 {
    let ways: i32 = (2..=12)
        .filter(|&sum| hits(sum + modifier, skill))
        .map(|sum: i32| 6 - (sum - 7).abs())
        .sum();
    f64::from(ways) / 36.0
}

/// The chance that crew member `c` hits an alien of group `g`.
fn crew_hits(s: &State, c: usize, g: usize) -> f64 {
    let e = &s.encounter;
    hit_chance(
        effective_skill(&e.crew[c], s.crew[c].skill),
        e.range_mod + e.groups[g].defense_mod,
    )
}

/// What one alien of group `g` threatens each round it fires: its chance to hit, a stun
/// weapon's discounted. Zero for a group that does not fire.
fn danger(s: &State, g: usize) -> f64 {
    let e = &s.encounter;
    let group = &e.groups[g];
    if !group.ranged || (group.peaceful && !s.provoked[g]) {
        return 0.0;
    }
    let weapon = match group.weapon {
        Mode::Kill => 1.0,
        Mode::Stun => STUN_WEAPON_DANGER,
    };
    weapon * hit_chance(i32::from(group.skill), e.range_mod + e.crew_defense_mod)
}

/// Active aliens of group `g`, lowest number first.
fn active_in(s: &State, g: usize) -> impl Iterator<Item = usize> + '_ {
    (0..s.aliens.len()).filter(move |&a| s.aliens[a].group == g && s.alien_active(a))
}

/// The modes worth firing at group `g` in: a capture stuns, a peaceful group is stunned where
/// stun works and killed only while Hostility stays under its limit, anyone else is killed (a
/// stun puts a hostile alien out just the same, and does nothing to a stun-immune one).
fn modes(s: &State, g: usize) -> &'static [Mode] {
    let e = &s.encounter;
    let group = &e.groups[g];
    if e.objective
        == (Objective::NeutraliseGroup {
            group: g,
            capture: true,
        })
    {
        return &[Mode::Stun];
    }
    if !group.peaceful {
        return &[Mode::Kill];
    }
    let kills = active_in(s, g).count() as u32;
    let safe = e.hostility_limit == 0 || s.hostility + kills < e.hostility_limit;
    match (group.stun_immune, safe) {
        (false, true) => &[Mode::Stun, Mode::Kill],
        (false, false) => &[Mode::Stun],
        (true, true) => &[Mode::Kill],
        (true, false) => &[],
    }
}

/// How the plan fires at a group: at `alien` (its lowest-numbered active one) in `mode`; each
/// alien put out is worth `worth`.
#[derive(Debug, Clone, Copy)]
struct Aim {
    alien: usize,
    mode: Mode,
    worth: f64,
}

/// Per group, how the plan would fire at it; `None` for a group not worth a shot.
fn aims(s: &State) -> Vec<Option<Aim>> {
    let e = &s.encounter;
    (0..e.groups.len())
        .map(|g| {
            let group = &e.groups[g];
            let needed = match e.objective {
                Objective::NeutraliseGroup { group, .. } if group == g => OBJECTIVE_GROUP_WORTH,
                Objective::Neutralise if !group.peaceful || s.provoked[g] => NEUTRALISE_WORTH,
                _ => 0.0,
            };
            let worth = danger(s, g) + needed;
            let alien = active_in(s, g).next()?;
            let &mode = modes(s, g).first()?;
            (worth > 0.0).then_some(Aim { alien, mode, worth })
        })
        .collect()
}

/// The chance a shot in `mode` that hits an alien of group `g` puts it out.
fn effect(s: &State, g: usize, mode: Mode) -> f64 {
    if mode == Mode::Stun && s.encounter.groups[g].stun_immune {
        0.0
    } else {
        1.0
    }
}

/// Adds a shot that puts one alien out with chance `p` to `down`, the chances that 0, 1, ...
/// aliens of a group are out so far this round (the last entry: all of them).
fn add_shot(down: &mut [f64], p: f64) {
    let Some(last) = down.len().checked_sub(1) else {
        return;
    };
    let all_out = down[last];
    for k in (1..=last).rev() {
        down[k] = down[k] * (1.0 - p) + down[k - 1] * p;
    }
    down[0] *= 1.0 - p;
    // A shot at a group already all out is lost: that chance stays where it was.
    down[last] += all_out * p;
}

/// This round's orders for every crew member: those given already, and the plan's for the
/// others (`None` for crew out of the fight).
pub fn plan(s: &State) -> Vec<Option<Order>> {
    let aims = aims(s);
    let groups = s.encounter.groups.len();
    let mut down: Vec<Vec<f64>> = (0..groups)
        .map(|g| {
            let mut d = vec![0.0; active_in(s, g).count() + 1];
            d[0] = 1.0;
            d
        })
        .collect();
    let mut orders = s.orders.crew.clone();
    for c in s.active_crew() {
        let order = orders[c].unwrap_or_else(|| {
            let standing = |g: usize| 1.0 - down[g].last().copied().unwrap_or(1.0);
            let best = (0..groups)
                .filter_map(|g| {
                    aims[g].map(|aim| (aim, aim.worth * crew_hits(s, c, g) * standing(g)))
                })
                .filter(|&(_, value)| value > 0.0)
                .max_by(|a, b| a.1.total_cmp(&b.1));
            match best {
                Some((aim, _)) => Order::Fire {
                    target: aim.alien,
                    mode: aim.mode,
                },
                None => Order::Hold,
            }
        });
        orders[c] = Some(order);
        if let Order::Fire { target, mode } = order {
            let g = s.aliens[target].group;
            add_shot(&mut down[g], crew_hits(s, c, g) * effect(s, g, mode));
        }
    }
    orders
}

/// The first active crew member without an order, in crew order.
fn next_to_order(s: &State) -> Option<usize> {
    s.active_crew()
        .into_iter()
        .find(|&c| s.orders.crew[c].is_none())
}

/// The `normal` choice of `seat` in `world`: its index in `legal` (never empty).
///
/// The Away Team orders its next crew member as the plan says, and locks once everyone has
/// an order (or a retreat is declared). The Aliens play as the automatic Aliens do: the d6
/// method once the Away Team has locked, then the lock.
pub fn choose(s: &State, seat: Seat, legal: &[Action], dice: &mut Dice) -> usize {
    let position = |wanted: &Action| legal.iter().position(|a| a == wanted);
    let wanted = match seat {
        Seat::AwayTeam => next_to_order(s)
            .filter(|_| !s.orders.retreat)
            .and_then(|c| {
                let order = plan(s)[c]?;
                position(&Action::Order {
                    crew: s.crew_id(c),
                    order: wire_order(s, order),
                })
            }),
        _ => position(&Action::RollTargets {}),
    };
    wanted
        .or_else(|| position(&Action::Lock {}))
        .unwrap_or_else(|| dice.index(legal.len()))
}

/// The orders a `strong` Away Team weighs, as indices into `legal`: for the next crew member
/// to order, holding or a shot at each group's lowest-numbered active alien in every mode
/// worth trying (aliens of a group are alike, and a shot at one already out passes to the next
/// anyway); a retreat, where allowed, before anyone has an order; the lock once everyone has
/// one. Every other legal action only edits what is decided already.
pub fn choices(s: &State, legal: &[Action]) -> Vec<usize> {
    let mut wanted = Vec::new();
    match next_to_order(s).filter(|_| !s.orders.retreat) {
        Some(c) => {
            let crew = s.crew_id(c);
            let order = |order| Action::Order {
                crew: crew.clone(),
                order: wire_order(s, order),
            };
            wanted.push(order(Order::Hold));
            for g in 0..s.encounter.groups.len() {
                if let Some(target) = active_in(s, g).next() {
                    for &mode in modes(s, g) {
                        wanted.push(order(Order::Fire { target, mode }));
                    }
                }
            }
            if s.active_crew().iter().all(|&c| s.orders.crew[c].is_none()) {
                wanted.push(Action::Retreat {});
            }
        }
        None => wanted.push(Action::Lock {}),
    }
    let kept: Vec<usize> = wanted
        .iter()
        .filter_map(|w| legal.iter().position(|a| a == w))
        .collect();
    if kept.is_empty() {
        (0..legal.len()).collect()
    } else {
        kept
    }
}

/// How far the objective is met, from 0 to 1.
fn progress(s: &State) -> f64 {
    let e = &s.encounter;
    let out_of = |counts: &dyn Fn(usize) -> bool| {
        let needed: Vec<_> = s.aliens.iter().filter(|a| counts(a.group)).collect();
        let out = needed
            .iter()
            .filter(|a| a.state != FigureState::Active)
            .count();
        if needed.is_empty() {
            1.0
        } else {
            out as f64 / needed.len() as f64
        }
    };
    match e.objective {
        Objective::Neutralise => out_of(&|g| !e.groups[g].peaceful || s.provoked[g]),
        Objective::NeutraliseGroup { group, .. } => out_of(&|g| g == group),
        Objective::Survive { rounds } => f64::from(s.round.saturating_sub(1)) / f64::from(rounds),
    }
}

/// How the Away Team stands in the fight, from 0 to 1: the crew's firepower against the
/// aliens' danger, both as chances to hit per round.
fn standing(s: &State) -> f64 {
    let aims = aims(s);
    let firepower: f64 = s
        .active_crew()
        .into_iter()
        .map(|c| {
            (0..aims.len())
                .filter(|&g| aims[g].is_some())
                .map(|g| crew_hits(s, c, g))
                .fold(0.0, f64::max)
        })
        .sum();
    let threat: f64 = (0..s.aliens.len())
        .filter(|&a| s.alien_active(a))
        .map(|a| danger(s, s.aliens[a].group))
        .sum();
    if firepower + threat == 0.0 {
        0.5
    } else {
        firepower / (firepower + threat)
    }
}

/// How good `world` is for `seat`, from 0 (lost) to 1 (won): the ending if there is one, else
/// an even mix of the objective's progress and the standing in the fight, kept off the ends.
pub fn evaluate(s: &State, seat: Seat) -> f64 {
    let away_team = match &s.ending {
        Some(Ending::Won(_)) => 1.0,
        Some(Ending::Lost(_)) => 0.0,
        Some(Ending::Draw(_)) => 0.5,
        None => (0.5 * progress(s) + 0.5 * standing(s)).clamp(0.02, 0.98),
    };
    if seat == Seat::AwayTeam {
        away_team
    } else {
        1.0 - away_team
    }
}

#[cfg(test)]
mod tests {
    use xenotable_protocol::away_team::CrewOrder;

    use super::*;
    use crate::games::away_team::AwayTeam;
    use crate::games::away_team::tests::support::{
        Loaded, act, crew, file, fire, group, shipped, start,
    };
    use crate::games::{Dice, Game};

    /// The plan's order of each active crew member, as the wire names it.
    fn planned(s: &State) -> Vec<(String, CrewOrder)> {
        let plan = plan(s);
        s.active_crew()
            .into_iter()
            .filter_map(|c| Some((s.crew_id(c), wire_order(s, plan[c]?))))
            .collect()
    }

    fn at(target: &str, mode: Mode) -> CrewOrder {
        CrewOrder::Fire {
            target: target.into(),
            mode,
        }
    }

    fn shipped_start(id: &str) -> State {
        let (_, text) = shipped()
            .into_iter()
            .find(|(file, _)| file == id)
            .expect("a shipped encounter");
        start(&text.replace("skill = \"roll\"", "skill = 9"))
    }

    #[test]
    fn hit_chances_follow_the_table_of_the_rules() {
        assert_eq!(hit_chance(9, 0), 26.0 / 36.0);
        assert_eq!(hit_chance(8, 1), 15.0 / 36.0);
        assert_eq!(hit_chance(2, 0), 0.0);
        assert_eq!(hit_chance(13, 0), 1.0);
    }

    #[test]
    fn every_shooter_fires_at_the_same_alien_of_the_most_dangerous_group() {
        let s = start(&file(
            "objective = \"neutralise\"",
            &[
                crew("captain", "captain", 10),
                crew("a", "security-guard", 10),
                crew("b", "security-guard", 10),
                group("grunts", 3, 6, ""),
                group("snipers", 3, 11, ""),
            ],
        ));
        let expected = at("snipers-1", Mode::Kill);
        for (crew, order) in planned(&s) {
            assert_eq!(order, expected, "{crew}");
        }
    }

    #[test]
    fn once_a_lone_alien_is_likely_down_the_next_shooters_turn_to_the_next_group() {
        let s = shipped_start("last-stand");
        assert_eq!(
            planned(&s),
            vec![
                ("captain".into(), at("overseer-1", Mode::Kill)),
                ("guard1".into(), at("drones-1", Mode::Kill)),
                ("guard2".into(), at("drones-1", Mode::Kill)),
                ("doctor".into(), at("drones-1", Mode::Kill)),
            ]
        );
    }

    #[test]
    fn peaceful_colonists_are_spared_and_stun_immune_sentries_are_shot_to_kill() {
        let s = shipped_start("sleeping-colony");
        for (crew, order) in planned(&s) {
            assert_eq!(order, at("sentries-1", Mode::Kill), "{crew}");
        }
        // With the sentries down, the guard beasts are left; the colonists still are not.
        let mut s = s;
        for a in 0..3 {
            s.aliens[a].state = FigureState::Killed;
        }
        for (crew, order) in planned(&s) {
            assert_eq!(order, at("hounds-1", Mode::Kill), "{crew}");
        }
    }

    #[test]
    fn a_provoked_peaceful_group_is_stunned_not_killed() {
        let mut s = shipped_start("crystal-spires");
        // Spire folk are stun-immune: killing them is the only way, and Hostility forbids it.
        s.provoked[1] = true;
        assert!(
            planned(&s)
                .iter()
                .all(|(_, o)| *o == at("raiders-1", Mode::Kill))
        );
        let mut s = shipped_start("sleeping-colony");
        for a in [0, 1, 2, 6, 7] {
            s.aliens[a].state = FigureState::Killed;
        }
        s.provoked[1] = true;
        for (crew, order) in planned(&s) {
            assert_eq!(order, at("colonists-1", Mode::Stun), "{crew}");
        }
    }

    #[test]
    fn a_capture_is_made_with_stun() {
        let s = start(&file(
            "objective = \"neutralise-group\"\nobjective_group = \"envoy\"\ncapture = true",
            &[crew("captain", "captain", 10), group("envoy", 1, 7, "")],
        ));
        assert_eq!(
            planned(&s),
            vec![("captain".into(), at("envoy-1", Mode::Stun))]
        );
    }

    #[test]
    fn orders_given_already_are_kept_and_counted() {
        let mut s = shipped_start("last-stand");
        let mut dice = Loaded::new(&[]);
        // The Captain holds: the overseer is now the first guard's best target.
        act(
            &mut s,
            Seat::AwayTeam,
            Action::Order {
                crew: "captain".into(),
                order: CrewOrder::Hold {},
            },
            &mut dice,
        );
        let plan = planned(&s);
        assert_eq!(plan[0], ("captain".into(), CrewOrder::Hold {}));
        assert_eq!(plan[1], ("guard1".into(), at("overseer-1", Mode::Kill)));
    }

    #[test]
    fn the_away_team_orders_each_crew_member_in_turn_then_locks_and_the_aliens_roll_then_lock() {
        let mut s = shipped_start("sleeping-colony");
        let mut dice = Dice::from_seed(3);
        let mut played = Vec::new();
        while !s.orders.away_team_locked {
            let legal = AwayTeam::legal_actions(&s, Seat::AwayTeam);
            let action = legal[choose(&s, Seat::AwayTeam, &legal, &mut dice)].clone();
            AwayTeam::apply(&mut s, Seat::AwayTeam, &action, &mut dice).expect("legal");
            played.push(action);
        }
        assert_eq!(
            played,
            vec![
                fire("captain", "sentries-1", Mode::Kill),
                fire("sec", "sentries-1", Mode::Kill),
                fire("eng", "sentries-1", Mode::Kill),
                Action::Lock {},
            ]
        );
        for expected in [Action::RollTargets {}, Action::Lock {}] {
            let legal = AwayTeam::legal_actions(&s, Seat::Aliens);
            assert_eq!(legal[choose(&s, Seat::Aliens, &legal, &mut dice)], expected);
            AwayTeam::apply(&mut s, Seat::Aliens, &expected, &mut dice).expect("legal");
        }
    }

    #[test]
    fn the_strong_choices_are_the_next_crew_members_distinct_orders_then_the_lock() {
        let mut s = shipped_start("sleeping-colony");
        let legal = AwayTeam::legal_actions(&s, Seat::AwayTeam);
        let offered: Vec<&Action> = choices(&s, &legal).iter().map(|&k| &legal[k]).collect();
        let hold = Action::Order {
            crew: "captain".into(),
            order: CrewOrder::Hold {},
        };
        assert_eq!(
            offered,
            vec![
                &hold,
                &fire("captain", "sentries-1", Mode::Kill),
                &fire("captain", "colonists-1", Mode::Stun),
                &fire("captain", "hounds-1", Mode::Kill),
                &Action::Retreat {},
            ]
        );
        let mut dice = Loaded::new(&[]);
        for c in ["captain", "sec", "eng"] {
            act(
                &mut s,
                Seat::AwayTeam,
                fire(c, "hounds-1", Mode::Kill),
                &mut dice,
            );
        }
        let legal = AwayTeam::legal_actions(&s, Seat::AwayTeam);
        assert_eq!(choices(&s, &legal), vec![legal.len() - 1]);
        assert_eq!(legal[legal.len() - 1], Action::Lock {});
    }

    #[test]
    fn evaluation_rises_with_the_objective_and_falls_with_the_crew() {
        let s = shipped_start("crystal-spires");
        let even = evaluate(&s, Seat::AwayTeam);
        let mut ahead = s.clone();
        ahead.aliens[0].state = FigureState::Stunned;
        let mut behind = s.clone();
        behind.crew[1].state = FigureState::Killed;
        assert!(evaluate(&ahead, Seat::AwayTeam) > even);
        assert!(evaluate(&behind, Seat::AwayTeam) < even);
        assert_eq!(evaluate(&s, Seat::Aliens), 1.0 - even);
        let mut won = s.clone();
        won.ending = Some(Ending::Won(String::new()));
        assert_eq!(evaluate(&won, Seat::AwayTeam), 1.0);
        assert_eq!(evaluate(&won, Seat::Aliens), 0.0);
    }
}
