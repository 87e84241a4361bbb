//! How a `normal` marine player leads the squad out. No I/O.
//!
//! Every turn the squad makes for the exits: each marine spends his AP on the shortest way
//! out ([`Way`]), turning only where the way turns and opening the doors on it, the marine
//! nearest the exit first so that the others are not held up behind him. On the way he fires
//! the free shot of a step at any alien in sight, stops to shoot or flame the aliens that bar
//! the way or come close, unjams and reloads when aliens are about, turns to meet an alien
//! about to strike, and spends his last AP on overwatch only when an alien could reach him.
//! He never redeploys, never closes a door and never turns or backs away for nothing.

use std::rc::Rc;

use xenotable_protocol::derelict::{Action, Cell, Facing, ModelId, Side};

use super::board::{Pos, plus, pos};
use super::heuristic::{Field, NEIGHBOURS};
use super::los::{Viewer, visible};
use super::state::{MARINE_AP, Model, State};
use super::way::Way;

/// Scores, from the most to the least urgent; an action scoring below 0 is worse than ending
/// the turn.
const DEPLOY: i64 = 5_000;
const FLAME: i64 = 2_200;
const SHOOT_THREAT: i64 = 2_000;
const GUARD: i64 = 1_200;
const UNJAM: i64 = 1_100;
const PROGRESS: i64 = 1_000;
const RELOAD: i64 = 600;
const SHOOT_IDLE: i64 = 150;
/// Keeping on with the marine already acting: switching loses his AP.
const CONTINUING: i64 = 500;
/// Stepping out through an exit.
const ESCAPE: i64 = 300;
/// The free shot of a step, at an alien.
const STEP_SHOT: i64 = 200;
/// Each AP spent beyond the shortest way out.
const WASTE: i64 = 1_600;

/// A way out this long or none at all.
const FAR: u16 = 1_000;

/// Steps within which an alien (6 AP, 1 a step) may reach a marine in its next turn.
const ALIEN_REACH: u32 = 7;
/// Chebyshev distance within which a seen alien is worth a standing bolter shot: it strikes
/// next.
const ADJACENT: i32 = 1;
/// Chebyshev distance within which an alien is worth a flamer shot.
const FLAME_CLOSE: i32 = 3;
/// Steps within which an alien is about to strike: the marine turns to meet it.
const STRIKING: u32 = 2;

/// What a marine's scores read: the state, the way out, and how near the aliens are.
pub struct Squad<'a> {
    s: &'a State,
    way: Rc<Way>,
    /// Steps from each square to the nearest alien.
    threat: Field,
}

impl<'a> Squad<'a> {
    /// The marine player's sense of `s`.
    pub fn new(s: &'a State) -> Squad<'a> {
        let aliens = s.aliens().filter(|m| m.on_board()).map(Model::pos);
        Squad {
            s,
            way: Way::of(&s.board),
            threat: Field::new(&s.board, aliens),
        }
    }

    fn model(&self, id: ModelId) -> Option<&Model> {
        self.s.index(id).map(|k| &self.s.models[k])
    }

    fn is_active(&self, id: ModelId) -> bool {
        self.s
            .active
            .is_some_and(|a| self.s.models[a.model].id == id)
    }

    fn continuing(&self, id: ModelId) -> i64 {
        if self.is_active(id) { CONTINUING } else { 0 }
    }

    fn ap(&self, id: ModelId) -> u8 {
        self.s.index(id).map_or(0, |k| self.s.ap(k))
    }

    fn alien_at(&self, p: Pos) -> bool {
        self.s
            .board
            .occupant(p)
            .is_some_and(|k| !self.s.models[k].is_marine())
    }

    fn marine_at(&self, p: Pos) -> bool {
        self.s
            .board
            .occupant(p)
            .is_some_and(|k| self.s.models[k].is_marine())
    }

    /// AP from `p` facing `facing` to an exit, as a score term.
    fn way_at(&self, p: Pos, facing: Facing) -> i64 {
        i64::from(self.way.at(p, facing).min(FAR))
    }

    /// Whether an alien could reach `p` in its next turn.
    fn in_reach(&self, p: Pos) -> bool {
        self.threat.at(p) <= ALIEN_REACH
    }

    /// Whether facing `facing` at `p` points at the nearest aliens as well as any facing.
    fn faces_threat(&self, p: Pos, facing: Facing) -> bool {
        self.threat.facing_quality(p, facing) == 0
    }

    /// Whether marine `m` facing `facing` sees an alien.
    fn sees_alien(&self, m: &Model, facing: Facing) -> bool {
        self.s.aliens().any(|a| {
            a.on_board() && visible(&self.s.board, Viewer::new(m.pos(), facing), a.pos(), None)
        })
    }

    /// Whether the alien on `t` is worth stopping to shoot for `m`, who is `stuck` or not:
    /// it stands within `close` squares of him, or bars his way (he has no step left on it).
    /// Otherwise he walks on and fires the free shots of his steps.
    fn threatens(&self, m: &Model, t: Pos, stuck: bool, close: i32) -> bool {
        let (dx, dy) = (t.0 - m.pos().0, t.1 - m.pos().1);
        stuck || dx.abs().max(dy.abs()) <= close
    }

    /// AP spent beyond the shortest way out by an action of `m` costing `ap` that leaves him
    /// on `to` facing `facing`; 0 on a shortest way.
    fn waste(&self, m: &Model, ap: u8, to: Pos, facing: Facing) -> i64 {
        let after = if self.s.board.cell(to) == Cell::Exit {
            0
        } else {
            self.way_at(to, facing)
        };
        i64::from(ap) + after - self.way_at(m.pos(), m.facing)
    }

    /// Moving `m` at `waste` AP beyond the shortest way: the lead marine first.
    fn progress(&self, m: &Model, waste: i64) -> i64 {
        PROGRESS - WASTE * waste - self.way_at(m.pos(), m.facing).min(200) + self.continuing(m.id)
    }

    /// Whether `m` has AP for nothing but his last action, or no step on the way out left.
    fn last_action(&self, m: &Model, stuck: bool) -> bool {
        stuck || self.ap(m.id) <= 1
    }

    /// Whether `m` still reaches an exit in time if he walks one AP less a turn from now on:
    /// overwatch every turn costs that AP.
    fn can_spare_an_ap(&self, m: &Model) -> bool {
        let limit = u32::from(self.s.rules.turn_limit);
        if limit == 0 {
            return true;
        }
        let turns_after = limit.saturating_sub(self.s.turn);
        let walk = i64::from(MARINE_AP - 1) * i64::from(turns_after);
        self.way_at(m.pos(), m.facing) <= walk
    }

    /// The score of one marine action; `stuck` tells whether its marine has no legal action
    /// on a shortest way out.
    pub fn score(&self, action: &Action, stuck: bool) -> i64 {
        match *action {
            Action::Deploy { model, to, facing } => match self.model(model) {
                // The flamer deploys last, at the back: his flames would reach the marines
                // ahead of him, and an empty flamer in the lead bars the way.
                Some(m) if !m.faced => {
                    let back = if m.has_flamer() { FAR.into() } else { 0 };
                    DEPLOY - self.way_at(pos(to), facing) - back
                }
                _ => -DEPLOY,
            },
            Action::Step { model, to, shot } => {
                let Some(m) = self.model(model) else {
                    return -PROGRESS;
                };
                let cost = if movement_back(m, pos(to)) { 2 } else { 1 };
                let escape = if self.s.board.cell(pos(to)) == Cell::Exit {
                    ESCAPE
                } else {
                    0
                };
                let shot = match shot {
                    Some(t) if self.alien_at(pos(t)) => STEP_SHOT,
                    Some(_) => -1,
                    None => 0,
                };
                self.progress(m, self.waste(m, cost, pos(to), m.facing)) + escape + shot
            }
            Action::Turn { model, side } => {
                let Some(m) = self.model(model) else {
                    return -PROGRESS;
                };
                let facing = match side {
                    Side::Left => m.facing.turned_left(),
                    Side::Right => m.facing.turned_right(),
                };
                let striking = self.threat.at(m.pos()) <= STRIKING;
                let (sees, will_see) = if striking {
                    (self.sees_alien(m, m.facing), self.sees_alien(m, facing))
                } else {
                    (false, false)
                };
                if striking && !sees && will_see {
                    GUARD + self.continuing(model)
                } else if sees && !will_see {
                    // Never turn a back to an alien about to strike.
                    -PROGRESS
                } else {
                    self.progress(m, self.waste(m, 1, m.pos(), facing))
                }
            }
            Action::Open { model } => {
                let Some(m) = self.model(model) else {
                    return -PROGRESS;
                };
                let door = plus(m.pos(), m.facing.forward());
                // Once open, the door is one step away instead of an opening and a step.
                let after = 1 + self.way_at(door, m.facing);
                let waste = 1 + after - self.way_at(m.pos(), m.facing);
                self.progress(m, waste)
            }
            Action::Close { .. } => -PROGRESS,
            Action::Shoot { model, target } => {
                let Some(m) = self.model(model) else {
                    return -PROGRESS;
                };
                let t = pos(target);
                if !self.alien_at(t) {
                    -PROGRESS
                } else if self.threatens(m, t, stuck, ADJACENT) {
                    SHOOT_THREAT + self.sustained(target) + self.continuing(model)
                } else {
                    SHOOT_IDLE + self.continuing(model)
                }
            }
            Action::Flame { model, target } => {
                let Some(m) = self.model(model) else {
                    return -PROGRESS;
                };
                let t = pos(target);
                let area = || NEIGHBOURS.iter().map(move |&d| plus(t, d)).chain([t]);
                let aliens: Vec<Pos> = area().filter(|&p| self.alien_at(p)).collect();
                let friends = area().any(|p| self.marine_at(p));
                let threat = aliens
                    .iter()
                    .any(|&a| self.threatens(m, a, stuck, FLAME_CLOSE));
                if friends || !threat {
                    -PROGRESS
                } else {
                    FLAME + 100 * aliens.len() as i64 + self.continuing(model)
                }
            }
            Action::Overwatch { model } => {
                let Some(m) = self.model(model) else {
                    return -PROGRESS;
                };
                let useful = !m.overwatch
                    && self.in_reach(m.pos())
                    && self.faces_threat(m.pos(), m.facing)
                    && self.last_action(m, stuck)
                    && self.can_spare_an_ap(m);
                // The last AP of the marine acting goes on overwatch before a step; a marine
                // who has not started waits until the others have moved.
                if useful && self.is_active(model) {
                    GUARD + 2 * CONTINUING
                } else if useful {
                    GUARD - 2 * CONTINUING
                } else {
                    -PROGRESS
                }
            }
            Action::Unjam { model } => match self.model(model) {
                Some(m) if m.jammed && self.in_reach(m.pos()) => UNJAM + self.continuing(model),
                _ => -PROGRESS,
            },
            Action::Reload { model } => match self.model(model) {
                Some(m) if m.shots == 0 && self.in_reach(m.pos()) => {
                    RELOAD + self.continuing(model)
                }
                _ => -PROGRESS,
            },
            Action::Confirm {} | Action::EndTurn {} => 0,
            _ => -PROGRESS,
        }
    }

    /// Firing again at the target of the sequence going on is worth more: its kill number
    /// drops (6.2).
    fn sustained(&self, target: xenotable_protocol::derelict::Square) -> i64 {
        match self.s.active.and_then(|a| a.sequence) {
            Some((aimed, _)) if aimed == target => 100,
            _ => 0,
        }
    }

    /// Whether `action` moves its marine on a shortest way out (a step or door opening with
    /// no AP wasted).
    pub fn on_the_way(&self, action: &Action) -> Option<ModelId> {
        let (model, waste) = match *action {
            Action::Step { model, to, .. } => {
                let m = self.model(model)?;
                let cost = if movement_back(m, pos(to)) { 2 } else { 1 };
                (model, self.waste(m, cost, pos(to), m.facing))
            }
            Action::Open { model } => {
                let m = self.model(model)?;
                let door = plus(m.pos(), m.facing.forward());
                let after = 1 + self.way_at(door, m.facing);
                (model, 1 + after - self.way_at(m.pos(), m.facing))
            }
            _ => return None,
        };
        (waste <= 0).then_some(model)
    }
}

/// Whether stepping from where `m` stands to `to` is a step back (2 AP, 3.1).
fn movement_back(m: &Model, to: Pos) -> bool {
    let (fx, fy) = m.facing.forward();
    to == (m.pos().0 - fx, m.pos().1 - fy)
}
