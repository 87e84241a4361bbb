//! How a `normal` Derelict bot plays, in the game's terms, and how a `strong` one judges a
//! position its playout left unfinished. No I/O.
//!
//! Aliens attack whenever a marine stands in front of them, otherwise close in along the
//! shortest way to the nearest marine, facing where they go, and keep out of the arcs of
//! marines on overwatch. Marines follow `squad`: the shortest way out, shooting what bars it.
//! Each legal action gets a score; the best is played (ties by the dice), and a turn ends
//! when nothing scores above ending it.

use std::collections::VecDeque;

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Action, Cell, Facing, ModelId, Phase, Side};

use super::board::{Board, Pos, is_floor, plus, pos};
use super::los::{Viewer, visible};
use super::squad::Squad;
use super::state::{Model, State};
use super::way::Way;
use crate::games::{Dice, Roll};

/// Steps to the nearest goal square, through floor and doors (open or closed), 8-neighbour;
/// `u32::MAX` where no goal can be reached.
pub(super) struct Field {
    width: i32,
    steps: Vec<u32>,
}

impl Field {
    pub(super) fn new(board: &Board, goals: impl Iterator<Item = Pos>) -> Field {
        let (width, height) = (board.width(), board.height());
        let mut steps = vec![u32::MAX; (width * height).max(0) as usize];
        let mut queue = VecDeque::new();
        for g in goals {
            if let Some(k) = index(width, height, g) {
                steps[k] = 0;
                queue.push_back(g);
            }
        }
        while let Some(p) = queue.pop_front() {
            let Some(here) = index(width, height, p).map(|k| steps[k]) else {
                continue;
            };
            for d in NEIGHBOURS {
                let q = plus(p, d);
                let passable = is_floor(board.cell(q)) || board.cell(q) == Cell::ClosedDoor;
                if let Some(k) = index(width, height, q)
                    && passable
                    && steps[k] == u32::MAX
                {
                    steps[k] = here + 1;
                    queue.push_back(q);
                }
            }
        }
        Field { width, steps }
    }

    pub(super) fn at(&self, p: Pos) -> u32 {
        let height = self.steps.len() as i32 / self.width.max(1);
        index(self.width, height, p).map_or(u32::MAX, |k| self.steps[k])
    }

    /// The distance at `p` as a score term: unreachable counts as far.
    fn cost(&self, p: Pos) -> i64 {
        i64::from(self.at(p).min(500))
    }

    /// How much closer facing `facing` at `p` points than the best facing there: 0 for the
    /// best, negative for worse.
    pub(super) fn facing_quality(&self, p: Pos, facing: Facing) -> i64 {
        let ahead = |f: Facing| -> i64 {
            let (fx, fy) = f.forward();
            let (rx, ry) = f.right();
            [(fx, fy), (fx + rx, fy + ry), (fx - rx, fy - ry)]
                .into_iter()
                .map(|d| self.cost(plus(p, d)))
                .min()
                .unwrap_or(500)
        };
        let best = Facing::ALL.into_iter().map(ahead).min().unwrap_or(500);
        best - ahead(facing)
    }
}

/// The eight squares around a square.
pub(super) const NEIGHBOURS: [Pos; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

fn index(width: i32, height: i32, p: Pos) -> Option<usize> {
    ((0..width).contains(&p.0) && (0..height).contains(&p.1)).then(|| (p.1 * width + p.0) as usize)
}

/// What every alien score reads: the state and the way to the nearest marine.
struct Sense<'a> {
    s: &'a State,
    goal: Field,
}

impl Sense<'_> {
    fn model(&self, id: ModelId) -> Option<&Model> {
        self.s.index(id).map(|k| &self.s.models[k])
    }

    /// Whether an alien standing at `p` is seen by a marine on overwatch.
    fn watched(&self, p: Pos) -> bool {
        let range = self.s.rules.overwatch_sight();
        self.s.marines().any(|m| {
            m.on_board()
                && m.overwatch
                && !m.jammed
                && visible(&self.s.board, Viewer::new(m.pos(), m.facing), p, range)
        })
    }

    fn marine_at(&self, p: Pos) -> bool {
        self.s
            .board
            .occupant(p)
            .is_some_and(|k| self.s.models[k].is_marine())
    }

    /// Keeping on with the model already acting is worth a little: switching wastes its AP.
    fn continuing(&self, id: ModelId) -> i64 {
        match self.s.active {
            Some(a) if self.s.models[a.model].id == id => 4,
            _ => 0,
        }
    }

    /// Opening the door in front of `model`: `worth` when it leads towards the goal, a loss
    /// of AP otherwise.
    fn door_on_the_way(&self, model: ModelId, worth: i64) -> i64 {
        let Some(m) = self.model(model) else {
            return -100;
        };
        let front = plus(m.pos(), m.facing.forward());
        if self.goal.cost(front) < self.goal.cost(m.pos()) {
            worth
        } else {
            -10
        }
    }

    fn turned(m: &Model, side: Side) -> Facing {
        match side {
            Side::Left => m.facing.turned_left(),
            Side::Right => m.facing.turned_right(),
        }
    }

    fn alien_score(&self, action: &Action) -> i64 {
        match *action {
            Action::Attack { model } => {
                let Some(m) = self.model(model) else {
                    return -100;
                };
                if self.marine_at(plus(m.pos(), m.facing.forward())) {
                    1_000
                } else {
                    // A closed door in front: worth breaking only on the way.
                    5
                }
            }
            Action::Step { model, to, .. } => {
                let Some(m) = self.model(model) else {
                    return -100;
                };
                let gain = self.goal.cost(m.pos()) - self.goal.cost(pos(to));
                let exposed = if self.watched(pos(to)) { 25 } else { 0 };
                20 * gain - exposed + self.continuing(model) - 5
            }
            Action::Turn { model, side } => {
                let Some(m) = self.model(model) else {
                    return -100;
                };
                let better = self.goal.facing_quality(m.pos(), Sense::turned(m, side))
                    - self.goal.facing_quality(m.pos(), m.facing);
                if better > 0 {
                    8 + self.continuing(model)
                } else {
                    -20
                }
            }
            Action::Open { model } => self.door_on_the_way(model, 10),
            Action::Close { .. } => -30,
            Action::Arrive { to, facing } => {
                100 - 5 * self.goal.cost(pos(to)) + 2 * self.goal.facing_quality(pos(to), facing)
            }
            Action::Face { model, facing } => {
                let Some(m) = self.model(model) else {
                    return -100;
                };
                if m.faced {
                    -50
                } else {
                    50 + 2 * self.goal.facing_quality(m.pos(), facing)
                }
            }
            Action::Confirm {} | Action::EndTurn {} => 0,
            _ => -100,
        }
    }
}

/// The `normal` choice for `seat` in `s` among `legal` (never empty): the best-scoring action,
/// ties broken by the dice.
pub fn choose(s: &State, seat: Seat, legal: &[Action], dice: &mut Dice) -> usize {
    let scores = scores(s, seat, legal);
    let best = scores.iter().copied().max().unwrap_or(0);
    let tied: Vec<usize> = (0..legal.len()).filter(|&k| scores[k] == best).collect();
    dice.choose(&tied).copied().unwrap_or(0)
}

/// The `n` actions of `legal` the `normal` player rates highest, best first (ties in the
/// order of `legal`): what a `strong` player weighs. Never an alien action rated below ending
/// the turn: those waste AP or change nothing (facing where it already faces), and a rollout
/// after a no-op differs from one without it by the dice alone.
pub fn candidates(s: &State, seat: Seat, legal: &[Action], n: usize) -> Vec<usize> {
    let scores = scores(s, seat, legal);
    let mut order: Vec<usize> = (0..legal.len())
        .filter(|&k| seat == Seat::Marines || scores[k] >= 0)
        .collect();
    order.sort_by_key(|&k| std::cmp::Reverse(scores[k]));
    order.truncate(n);
    order
}

/// The `normal` player's score of each of `legal`.
fn scores(s: &State, seat: Seat, legal: &[Action]) -> Vec<i64> {
    match seat {
        Seat::Aliens => {
            let marines = s.marines().filter(|m| m.on_board()).map(Model::pos);
            let sense = Sense {
                s,
                goal: Field::new(&s.board, marines),
            };
            legal.iter().map(|a| sense.alien_score(a)).collect()
        }
        _ => {
            let squad = Squad::new(s);
            let moving: Vec<ModelId> = legal.iter().filter_map(|a| squad.on_the_way(a)).collect();
            legal
                .iter()
                .map(|a| {
                    let stuck = actor(a).is_some_and(|m| !moving.contains(&m));
                    squad.score(a, stuck)
                })
                .collect()
        }
    }
}

/// The model an action is taken with, if any.
fn actor(action: &Action) -> Option<ModelId> {
    match *action {
        Action::Step { model, .. }
        | Action::Turn { model, .. }
        | Action::Open { model }
        | Action::Close { model }
        | Action::Shoot { model, .. }
        | Action::Flame { model, .. }
        | Action::Overwatch { model }
        | Action::Unjam { model }
        | Action::Reload { model }
        | Action::Attack { model }
        | Action::Deploy { model, .. }
        | Action::Face { model, .. } => Some(model),
        _ => None,
    }
}

/// How good `s` is for `seat`, from 0 to 1: marines escaped and alive against marines lost,
/// and how many AP the marines who still have to escape need to get out, against the turns
/// left.
pub fn evaluate(s: &State, seat: Seat) -> f64 {
    if s.phase == Phase::Over {
        return match s.outcome {
            Some((winner, _)) if winner == seat => 1.0,
            _ => 0.0,
        };
    }
    let needed = u32::from(s.rules.exit_needed.max(1));
    let escaped = u32::from(s.escaped);
    let to_go = needed.saturating_sub(escaped).max(1) as usize;
    let way = Way::of(&s.board);
    let mut ways: Vec<f64> = s
        .marines()
        .filter(|m| m.on_board())
        .map(|m| f64::from(way.at(m.pos(), m.facing).min(FAR_AP)))
        .collect();
    ways.sort_by(f64::total_cmp);
    ways.resize(to_go.max(ways.len()), f64::from(FAR_AP));
    let chosen = &ways[..to_go];
    let average = chosen.iter().sum::<f64>() / to_go as f64;
    let longest = chosen.iter().copied().fold(0.0, f64::max);
    let turns_left = match s.rules.turn_limit {
        0 => f64::INFINITY,
        limit => f64::from(u32::from(limit).saturating_sub(s.turn) + 1),
    };
    // A marine walks at most 4 AP a turn: one who cannot reach an exit in the turns left is
    // little better than lost.
    let in_time = if longest <= 4.0 * turns_left {
        1.0
    } else {
        0.3
    };
    let spare = (f64::from(escaped) + s.marines_left() as f64 - f64::from(needed)).max(0.0);
    let marines = (0.4 * f64::from(escaped) / f64::from(needed)
        + 0.2 * (spare / (spare + 1.0))
        + 0.4 * in_time / (1.0 + average / 10.0))
        .clamp(0.0, 1.0);
    match seat {
        Seat::Marines => marines,
        _ => 1.0 - marines,
    }
}

/// AP counted for a marine with no way out.
const FAR_AP: u16 = 200;

#[cfg(test)]
mod tests {
    use xenotable_protocol::derelict::Square;

    use super::*;
    use crate::games::derelict::scenario::parse;

    /// A corridor: the marine m1 at the west end facing east, two squares of floor, then an
    /// exit; aliens placed by each test.
    fn corridor(map: &str) -> State {
        let text = format!(
            "DERELICT 1\ntitle: Heuristic\nsquad: 1 sergeant\nexit-needed: 1\nreinforcements: 0\nmap:\n{map}\n"
        );
        State::new(&parse(&text).expect("a valid scenario"))
    }

    /// The first marine on the board at `at`, facing `facing`, in the marine turn.
    fn deploy(s: &mut State, at: Square, facing: Facing) {
        s.move_model(0, at);
        let m = &mut s.models[0];
        m.status = xenotable_protocol::derelict::Status::OnBoard;
        m.facing = facing;
        m.faced = true;
    }

    #[test]
    fn aliens_attack_a_marine_in_front_of_them() {
        let mut s = corridor("#######\n#MA...X\n#######");
        deploy(&mut s, Square::new(1, 1), Facing::E);
        s.models[1].facing = Facing::W;
        s.models[1].faced = true;
        s.phase = Phase::AlienTurn;
        let legal = crate::games::derelict::legal::legal_actions(&s, Seat::Aliens);
        let attack = Action::Attack {
            model: ModelId::Alien(1),
        };
        assert!(legal.contains(&attack), "{legal:?}");
        let k = choose(&s, Seat::Aliens, &legal, &mut Dice::from_seed(1));
        assert_eq!(legal[k], attack);
    }

    #[test]
    fn aliens_close_in_on_the_nearest_marine() {
        let mut s = corridor("#########\n#M.....AX\n#########");
        deploy(&mut s, Square::new(1, 1), Facing::E);
        s.models[1].facing = Facing::W;
        s.models[1].faced = true;
        s.phase = Phase::AlienTurn;
        let legal = crate::games::derelict::legal::legal_actions(&s, Seat::Aliens);
        let k = choose(&s, Seat::Aliens, &legal, &mut Dice::from_seed(2));
        assert_eq!(
            legal[k],
            Action::Step {
                model: ModelId::Alien(1),
                to: Square::new(6, 1),
                shot: None
            }
        );
    }

    #[test]
    fn marines_shoot_an_alien_they_see_and_otherwise_walk_to_the_exit() {
        let mut s = corridor("#######\n#M..A.X\n#######");
        deploy(&mut s, Square::new(1, 1), Facing::E);
        s.phase = Phase::MarineTurn;
        let legal = crate::games::derelict::legal::legal_actions(&s, Seat::Marines);
        let k = choose(&s, Seat::Marines, &legal, &mut Dice::from_seed(3));
        assert!(
            matches!(legal[k], Action::Shoot { target, .. } | Action::Step { shot: Some(target), .. } if target == Square::new(4, 1)),
            "{:?}",
            legal[k]
        );
        let mut clear = corridor("#######\n#M....X\n#######");
        deploy(&mut clear, Square::new(1, 1), Facing::E);
        clear.models.truncate(1);
        clear.phase = Phase::MarineTurn;
        let legal = crate::games::derelict::legal::legal_actions(&clear, Seat::Marines);
        let k = choose(&clear, Seat::Marines, &legal, &mut Dice::from_seed(3));
        assert_eq!(
            legal[k],
            Action::Step {
                model: ModelId::Marine(1),
                to: Square::new(2, 1),
                shot: None
            }
        );
    }

    #[test]
    fn a_won_position_is_worth_everything_to_the_winner() {
        let mut s = corridor("#####\n#MA.X\n#####");
        s.phase = Phase::Over;
        s.outcome = Some((Seat::Aliens, "exit_impossible"));
        assert_eq!(evaluate(&s, Seat::Aliens), 1.0);
        assert_eq!(evaluate(&s, Seat::Marines), 0.0);
    }
}
