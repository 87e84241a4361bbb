//! How a `normal` Derelict bot plays, in the game's terms, and how a `strong` one judges a
//! position its playout left unfinished. No I/O.
//!
//! Aliens attack whenever a marine stands in front of them, otherwise close in along the
//! shortest way to the nearest marine, facing where they go, and keep out of the arcs of
//! marines on overwatch. Marines make for the nearest exit, turn to meet aliens that come
//! near, shoot or flame what they see, go on overwatch when aliens are about, unjam, reload
//! and open the doors on their way. Each legal action gets a score; the best is played (ties by
//! the dice), and a turn ends when nothing scores above ending it.

use std::collections::VecDeque;

use xenotable_protocol::Seat;
use xenotable_protocol::derelict::{Action, Cell, Facing, ModelId, Phase, Side};

use super::board::{Board, Pos, is_floor, plus, pos};
use super::los::{Viewer, visible};
use super::state::{Model, State};
use crate::games::{Dice, Roll};

/// Steps to the nearest goal square, through floor and doors (open or closed), 8-neighbour;
/// `u32::MAX` where no goal can be reached.
struct Field {
    width: i32,
    steps: Vec<u32>,
}

impl Field {
    fn new(board: &Board, goals: impl Iterator<Item = Pos>) -> Field {
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

    fn at(&self, p: Pos) -> u32 {
        let height = self.steps.len() as i32 / self.width.max(1);
        index(self.width, height, p).map_or(u32::MAX, |k| self.steps[k])
    }

    /// The distance at `p` as a score term: unreachable counts as far.
    fn cost(&self, p: Pos) -> i64 {
        i64::from(self.at(p).min(500))
    }

    /// How much closer facing `facing` at `p` points than the best facing there: 0 for the
    /// best, negative for worse.
    fn facing_quality(&self, p: Pos, facing: Facing) -> i64 {
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

const NEIGHBOURS: [Pos; 8] = [
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

/// What every score reads: the state and the way to the seat's goals.
struct Sense<'a> {
    s: &'a State,
    /// Aliens: to the nearest marine; marines: to the nearest exit.
    goal: Field,
    /// Marines only: to the nearest alien, for facing and overwatch.
    threat: Option<Field>,
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

    /// Whether marine `m` at `p` facing `facing` sees an alien.
    fn sees_alien(&self, p: Pos, facing: Facing) -> bool {
        self.s
            .aliens()
            .any(|a| a.on_board() && visible(&self.s.board, Viewer::new(p, facing), a.pos(), None))
    }

    fn alien_near(&self, p: Pos, within: u32) -> bool {
        self.threat.as_ref().is_some_and(|t| t.at(p) <= within)
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

    fn marine_score(&self, action: &Action) -> i64 {
        match *action {
            Action::Shoot { model, target } => {
                if self.alien_at(pos(target)) {
                    60 + self.continuing(model)
                } else {
                    -40
                }
            }
            Action::Step { model, to, shot } => {
                let Some(m) = self.model(model) else {
                    return -100;
                };
                let gain = self.goal.cost(m.pos()) - self.goal.cost(pos(to));
                let shot = match shot {
                    Some(t) if self.alien_at(pos(t)) => 50,
                    Some(_) => -40,
                    None => 0,
                };
                // With an alien close by, facing it matters more than the way out.
                let wary = if self.alien_near(pos(to), 2) { -10 } else { 0 };
                15 * gain + shot + wary + self.continuing(model) - 3
            }
            Action::Turn { model, side } => {
                let Some(m) = self.model(model) else {
                    return -100;
                };
                let facing = Sense::turned(m, side);
                let toward = match &self.threat {
                    Some(t) if self.alien_near(m.pos(), 4) => t,
                    _ => &self.goal,
                };
                let better = toward.facing_quality(m.pos(), facing)
                    - toward.facing_quality(m.pos(), m.facing);
                if better > 0 {
                    let sees = if self.sees_alien(m.pos(), facing) {
                        20
                    } else {
                        0
                    };
                    6 + sees + self.continuing(model)
                } else {
                    -20
                }
            }
            Action::Overwatch { model } => {
                let Some(m) = self.model(model) else {
                    return -100;
                };
                if m.overwatch {
                    -50
                } else if self.alien_near(m.pos(), 8) {
                    25
                } else {
                    -5
                }
            }
            Action::Unjam { model } => match self.model(model) {
                Some(m) if m.jammed => 70,
                _ => -50,
            },
            Action::Reload { model } => match self.model(model) {
                Some(m) if m.shots == 0 => 30,
                _ => -50,
            },
            Action::Flame { model, target } => {
                let t = pos(target);
                let around = |p: Pos| NEIGHBOURS.iter().map(move |&d| plus(p, d)).chain([p]);
                let aliens = around(t).filter(|&p| self.alien_at(p)).count() as i64;
                let friends = around(t).filter(|&p| self.marine_at(p)).count() as i64;
                if aliens > 0 && friends == 0 {
                    40 + 10 * aliens + self.continuing(model)
                } else {
                    -60
                }
            }
            Action::Open { model } => self.door_on_the_way(model, 12),
            Action::Close { .. } => -15,
            Action::Deploy { model, to, facing } => {
                let Some(m) = self.model(model) else {
                    return -100;
                };
                if m.faced {
                    -50
                } else {
                    50 - self.goal.cost(pos(to)) + self.goal.facing_quality(pos(to), facing)
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
    let sense = sense(s, seat);
    let score = |a: &Action| match seat {
        Seat::Aliens => sense.alien_score(a),
        _ => sense.marine_score(a),
    };
    let scores: Vec<i64> = legal.iter().map(score).collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let tied: Vec<usize> = (0..legal.len()).filter(|&k| scores[k] == best).collect();
    dice.choose(&tied).copied().unwrap_or(0)
}

fn sense(s: &State, seat: Seat) -> Sense<'_> {
    let marines = s.marines().filter(|m| m.on_board()).map(Model::pos);
    let aliens = s.aliens().filter(|m| m.on_board()).map(Model::pos);
    match seat {
        Seat::Aliens => Sense {
            s,
            goal: Field::new(&s.board, marines),
            threat: None,
        },
        _ => Sense {
            s,
            goal: Field::new(&s.board, s.board.squares_of(Cell::Exit).map(pos)),
            threat: Some(Field::new(&s.board, aliens)),
        },
    }
}

/// How good `s` is for `seat`, from 0 to 1: marines escaped and alive against marines lost,
/// and how far the marines still are from the exits.
pub fn evaluate(s: &State, seat: Seat) -> f64 {
    if s.phase == Phase::Over {
        return match s.outcome {
            Some((winner, _)) if winner == seat => 1.0,
            _ => 0.0,
        };
    }
    let needed = f64::from(s.rules.exit_needed.max(1));
    let escaped = f64::from(s.escaped);
    let left = s.marines_left() as f64;
    let exits = Field::new(&s.board, s.board.squares_of(Cell::Exit).map(pos));
    let way: f64 = s
        .marines()
        .filter(|m| m.on_board())
        .map(|m| exits.cost(m.pos()) as f64)
        .fold(f64::INFINITY, f64::min);
    let way = if way.is_finite() { way } else { 50.0 };
    // Marines' prospects: escapes count most, then marines still able to escape, then the
    // nearest one's distance to an exit.
    let spare = (escaped + left - needed).max(0.0);
    let marines =
        (0.5 * escaped / needed + 0.3 * (spare / (spare + 1.0)) + 0.2 / (1.0 + way / 10.0))
            .clamp(0.0, 1.0);
    match seat {
        Seat::Marines => marines,
        _ => 1.0 - marines,
    }
}

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
