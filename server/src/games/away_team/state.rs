//! The whole truth of an encounter: the figures, the round, Hostility and this round's orders.

use xenotable_protocol::away_team::{FigureState, Mode, Role};
use xenotable_protocol::{Outcome, Seat};

use super::encounter::{Encounter, SkillSpec};
use super::figures::{Alien, CrewMember, alien_id, muster};
use crate::games::Roll;

/// The whole truth of a match; never sent to anyone as is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub encounter: Encounter,
    /// Parallel to `encounter.crew`.
    pub crew: Vec<CrewMember>,
    /// Ordered by group, then number.
    pub aliens: Vec<Alien>,
    /// Per group: a peaceful group that had a member stunned or killed.
    pub provoked: Vec<bool>,
    /// From 1.
    pub round: u32,
    pub hostility: u32,
    pub orders: Orders,
    /// The orders of the last round revealed, for every viewer.
    pub revealed: Option<Revealed>,
    pub ending: Option<Ending>,
}

/// The order of one crew member; aliens and crew by index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Order {
    Fire { target: usize, mode: Mode },
    Hold,
}

/// This round's orders, secret until both sides lock.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Orders {
    /// Per crew member; `None`: holds.
    pub crew: Vec<Option<Order>>,
    pub retreat: bool,
    /// Per alien: its target crew member.
    pub targets: Vec<Option<usize>>,
    pub away_team_locked: bool,
    pub aliens_locked: bool,
    /// The Aliens rolled the d6 method this round.
    pub rolled: bool,
}

/// Both sides' orders of a round, once locked.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Revealed {
    pub round: u32,
    pub orders: Orders,
}

/// How the encounter ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ending {
    Won(String),
    Lost(String),
    /// A retreat with the Captain alive.
    Draw(String),
}

impl Ending {
    /// The outcome as the lobby and the views tell it.
    pub fn outcome(&self) -> Outcome {
        let (winners, reason) = match self {
            Ending::Won(r) => (vec![Seat::AwayTeam], r),
            Ending::Lost(r) => (vec![Seat::Aliens], r),
            Ending::Draw(r) => (Vec::new(), r),
        };
        Outcome {
            winners,
            reason: reason.clone(),
        }
    }
}

impl State {
    /// Round 1 of `encounter`, SKILL rolled where the file says `"roll"` (1d6 + 6).
    pub fn new(encounter: &Encounter, dice: &mut impl Roll) -> State {
        let crew = encounter
            .crew
            .iter()
            .map(|c| {
                let (skill, roll) = match c.skill {
                    SkillSpec::Fixed(n) => (n, None),
                    SkillSpec::Roll => {
                        let die = dice.d6();
                        (die + 6, Some(die))
                    }
                };
                CrewMember {
                    skill,
                    roll,
                    state: FigureState::Active,
                }
            })
            .collect();
        let aliens = muster(&encounter.groups);
        let mut state = State {
            crew,
            provoked: vec![false; encounter.groups.len()],
            round: 1,
            hostility: 0,
            orders: Orders::default(),
            revealed: None,
            ending: None,
            aliens,
            encounter: encounter.clone(),
        };
        state.orders = state.fresh_orders();
        state
    }

    /// Empty orders for a new round; a side with no figure to order is locked at once.
    pub fn fresh_orders(&self) -> Orders {
        Orders {
            crew: vec![None; self.crew.len()],
            targets: vec![None; self.aliens.len()],
            away_team_locked: self.active_crew().is_empty(),
            aliens_locked: self.to_order().is_empty(),
            retreat: false,
            rolled: false,
        }
    }

    /// Whether crew member `c` is active (neither stunned nor killed).
    pub fn crew_active(&self, c: usize) -> bool {
        self.crew
            .get(c)
            .is_some_and(|m| m.state == FigureState::Active)
    }

    /// Whether alien `a` is active.
    pub fn alien_active(&self, a: usize) -> bool {
        self.aliens
            .get(a)
            .is_some_and(|m| m.state == FigureState::Active)
    }

    /// Active crew in crew-number order.
    pub fn active_crew(&self) -> Vec<usize> {
        (0..self.crew.len())
            .filter(|&c| self.crew_active(c))
            .collect()
    }

    /// Whether an alien fires this round on orders: active, ranged, and not peaceful unless
    /// its group is provoked (rules 3.1).
    pub fn fires_on_orders(&self, a: usize) -> bool {
        let Some(alien) = self.aliens.get(a) else {
            return false;
        };
        let group = &self.encounter.groups[alien.group];
        alien.state == FigureState::Active
            && group.ranged
            && (!group.peaceful || self.provoked[alien.group])
    }

    /// The aliens that need a target this round.
    pub fn to_order(&self) -> Vec<usize> {
        (0..self.aliens.len())
            .filter(|&a| self.fires_on_orders(a))
            .collect()
    }

    /// The Captain's crew index (a valid encounter has exactly one).
    pub fn captain(&self) -> Option<usize> {
        self.encounter
            .crew
            .iter()
            .position(|c| c.role == Role::Captain)
    }

    /// The id of crew member `c`, as the file gives it.
    pub fn crew_id(&self, c: usize) -> String {
        self.encounter.crew[c].id.clone()
    }

    /// The id of alien `a`: `<group id>-<number>`.
    pub fn alien_id(&self, a: usize) -> String {
        let alien = self.aliens[a];
        alien_id(&self.encounter.groups[alien.group], alien.number)
    }

    /// The crew member with this id.
    pub fn find_crew(&self, id: &str) -> Option<usize> {
        self.encounter.crew.iter().position(|c| c.id == id)
    }

    /// The alien named `<group id>-<number>`, read without building every id.
    pub fn find_alien(&self, id: &str) -> Option<usize> {
        let (group, number) = id.rsplit_once('-')?;
        if number.starts_with(['0', '+']) {
            return None;
        }
        let number: u8 = number.parse().ok()?;
        self.aliens
            .iter()
            .position(|a| a.number == number && self.encounter.groups[a.group].id == group)
    }

    /// Whether `seat` has locked this round.
    pub fn locked(&self, seat: Seat) -> bool {
        match seat {
            Seat::AwayTeam => self.orders.away_team_locked,
            _ => self.orders.aliens_locked,
        }
    }
}
