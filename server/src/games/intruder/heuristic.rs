//! The `normal` level's rules of thumb, in the game's terms, and how good a world is (rules 16.2
//! scoring, and what leads to it). Cheap: the `strong` search calls [`choose`] at every step of
//! every playout. No I/O.
//!
//! The crew (and each crew seat of 17.3 and 17.4, through its one-order lists) arms itself first
//! (Command Officers unlock the Arms Room; Command Officers and Engineers take lethal weapons,
//! Science Officers Sleep Dart Pistols and a Cage), then hunts as one pack: every armed crewman
//! heads for the same counter that could be the Intruder, the one nearest the pack. It always
//! defends itself with the weapon whose CRT column promises most, attacks whenever it may, puts
//! sleepers in Cages and carries them to the Freezer rather than kill them (a capture is worth
//! 15 points, a kill 7), blows out airlocks holding face-down counters, and never drops what it
//! carries but a Cage set down in the Freezer. When the match is being lost late (or the crew
//! is being wiped out) a Command Officer starts the self-destruct, and once it runs everybody
//! runs for a Shuttle Dock and leaves as soon as the Shuttles may.
//!
//! The Intruder seat stalks: its free Intruder heads for the crewed compartment whose crewmen
//! are fewest and worst armed, attacks whenever it can (the unarmed first), and destroys the
//! objects it finds.

use std::sync::LazyLock;

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Effect, Identity, ObjectKind, ObjectPlace, Power, Room, SelfDestruct, Weapon,
};

use super::combat::{immune, weapon_of};
use super::flow::free_intruder;
use super::shuttle::docks;
use super::state::{CREW, Place, Specialty, State, Step, specialty};
use super::station::{ROOMS, adjacent, entry_cost, is_secured};
use super::tables::{carriers_needed, chart, crt};
use crate::games::{Dice, Roll};

/// Points of rules 16.2.
const DEATH: f64 = -5.0;
const KILL: f64 = 7.0;

/// How many score points one step of [`evaluate`]'s curve is worth: a score of this many
/// points is judged about three quarters won.
const SCALE: f64 = 10.0;

/// The MP it costs to walk from one compartment to another (rules 9.1), every secured room
/// counted as open: by canonical index.
static DISTANCE: LazyLock<[[u8; 28]; 28]> = LazyLock::new(|| {
    let mut d = [[u8::MAX; 28]; 28];
    for (a, row) in d.iter_mut().enumerate() {
        row[a] = 0;
        // Dijkstra over 28 compartments: a plain relaxation is quick enough, once.
        let mut changed = true;
        while changed {
            changed = false;
            for (b, &from) in ROOMS.iter().enumerate() {
                if row[b] == u8::MAX {
                    continue;
                }
                for &to in adjacent(from) {
                    let t = index(to);
                    let via = row[b] + entry_cost(to);
                    if via < row[t] {
                        row[t] = via;
                        changed = true;
                    }
                }
            }
        }
    }
    d
});

fn index(room: Room) -> usize {
    room as usize
}

/// MP from `a` to `b`.
pub fn distance(a: Room, b: Room) -> u8 {
    DISTANCE[index(a)][index(b)]
}

/// The index of the action `seat` plays in `world`, out of `legal` (never empty).
pub fn choose(world: &State, seat: Seat, legal: &[Action], dice: &mut Dice) -> usize {
    let plan = Plan::of(world);
    let mut best = Vec::new();
    let mut top = f64::NEG_INFINITY;
    for (k, action) in legal.iter().enumerate() {
        let value = if seat == Seat::Intruder {
            intruder_value(world, action)
        } else {
            crew_value(world, &plan, action)
        };
        if value > top {
            top = value;
            best.clear();
        }
        if value >= top {
            best.push(k);
        }
    }
    match best.len() {
        0 => 0,
        1 => best[0],
        n => best[dice.index(n)],
    }
}

/// The actions a `strong` bot weighs against the `normal` choice, as indices into `legal`: in
/// a fight and in an action segment, the actions that settle much at once and that a short
/// rollout sees the end of (an attack, a defence, a capture, an airlock, the Freezer, or none
/// of them); in the Intruder seat's movement, every way its Intruders may go, staying put
/// among them, which decides where the turn's fights happen. Never while the crew moves or
/// sets up, where a turn's rollout cannot tell one step of the pack from the next, and never
/// stopping the self-destruct or a Shuttle's leaving, which pay off only turns later: those
/// stay the plan's. Starting the self-destruct is weighed when [`blast_weighed`] says so.
pub fn root_candidates(s: &State, legal: &[Action]) -> Vec<usize> {
    match s.step {
        Step::SetUp | Step::CrewMovement => Vec::new(),
        Step::IntruderMovement => (0..legal.len())
            .filter(|&k| match &legal[k] {
                Action::PlanMovement { moves } => moves.iter().all(|m| {
                    s.counter_by_id(m.id)
                        .is_some_and(|c| s.counters[c].identity == Identity::Intruder)
                }),
                _ => false,
            })
            .collect(),
        _ => (0..legal.len())
            .filter(|&k| match legal[k] {
                Action::StartSelfDestruct { .. } => blast_weighed(s),
                Action::StopSelfDestruct { .. } | Action::LeaveInShuttle { .. } => false,
                _ => true,
            })
            .collect(),
    }
}

/// How far behind (in [`crew_progress`]) a `strong` crew must be to weigh blowing up the
/// station: about a crewman's death (−5) not made up for. Against the `normal` Intruder seat
/// (`intelligent`, 200 iterations, seeds 1–400) the strong crew won 213 of 385 decided
/// matches without the blast and 209 of 352 with it from −4; from 0 it blew up stations it
/// would have held (76 of 140 on seeds 1–200), from −8 or −15 it gained little.
const BEHIND: f64 = -4.0;

/// Whether a `strong` crew weighs starting the self-destruct now: against an Intruder seat
/// (17.1), whose win a draw denies (3 crewmen away in the Shuttles, 16.2), once behind. Its
/// rollouts then play on to the blast ([`blast_decides`]). Not in solitaire, whose result is
/// the score, which the blast only lowers.
fn blast_weighed(s: &State) -> bool {
    s.scenario.intruder_seat() && crew_progress(s) < BEHIND
}

/// Whether a crew's rollout from `start` (its decision played) is judged by how the match
/// ends rather than at a turn's end: the self-destruct runs against an Intruder seat, and the
/// blast (or the Intruders' end before it) decides the match turns later.
pub fn blast_decides(start: &State) -> bool {
    start.scenario.intruder_seat() && matches!(start.self_destruct, SelfDestruct::Active { .. })
}

/// What the crew is after this turn, worked out once per decision.
struct Plan {
    /// The compartment the pack hunts: a counter that may be the Intruder.
    quarry: Option<Room>,
    /// The self-destruct runs: everybody heads for a Shuttle.
    fleeing: bool,
    /// The crew should start the self-destruct.
    abandon: bool,
    /// The Cage whose Intruder the crew takes to the Freezer ([`to_freeze`]), and who helps.
    freeze: Option<Freeze>,
}

/// A caged Intruder on its way to the Freezer.
struct Freeze {
    /// The Cage, by object index.
    cage: usize,
    /// Where it lies now.
    room: Room,
    /// The crewmen who go to help carry it, as many as it lacks carriers (9.2): those who can
    /// still reach it and pick it up this phase first, then the nearest. Once it is set down in
    /// the Freezer, the one nearest the Command Module, who waits there to turn the Freezer on.
    helpers: Vec<Crewman>,
}

impl Plan {
    fn of(s: &State) -> Plan {
        let fleeing = matches!(s.self_destruct, SelfDestruct::Active { .. });
        let pack: Vec<Room> = CREW
            .into_iter()
            .filter(|&c| s.on_station(c) && armed(s, c))
            .map(|c| s.crewman(c).room)
            .collect();
        let quarry = s
            .counters
            .iter()
            .filter_map(|c| match c.place {
                Place::Map(room)
                    if !is_secured(room)
                        && (!c.face_up || (c.identity == Identity::Intruder && c.loose())) =>
                {
                    // A face-up Intruder is worth a detour; a face-down counter may be one.
                    let bias = if c.face_up { 0 } else { 4 };
                    let cost: u32 = pack
                        .iter()
                        .map(|&p| u32::from(distance(p, room)))
                        .sum::<u32>()
                        + bias;
                    Some((cost, room))
                }
                _ => None,
            })
            .min_by_key(|&(cost, room)| (cost, room))
            .map(|(_, room)| room);
        Plan {
            quarry,
            fleeing,
            abandon: abandon(s),
            freeze: if fleeing { None } else { to_freeze(s) },
        }
    }

    /// Whether `cage` holds the Intruder the crew takes to the Freezer.
    fn freezing(&self, cage: usize) -> bool {
        self.freeze.as_ref().is_some_and(|f| f.cage == cage)
    }

    /// Whether crewman `c` goes to help carry `cage` on its way to the Freezer.
    fn helps_carry(&self, c: Crewman, cage: usize) -> bool {
        self.freeze
            .as_ref()
            .is_some_and(|f| f.cage == cage && f.room != Room::Frz && f.helpers.contains(&c))
    }
}

/// The Cage holding an Intruder that the crew carries to the Freezer rather than kill: a frozen
/// Intruder is captured, 15 points against a kill's 7 (16.2), so a crew that has lost two
/// crewmen wins by the Freezer where a kill would lose. Not one known to be Immune to Cold,
/// which the Freezer only holds (12.3).
fn to_freeze(s: &State) -> Option<Freeze> {
    if s.has(Power::ImmuneToCold) {
        return None;
    }
    let (cage, room) = s.objects.iter().enumerate().find_map(|(o, object)| {
        let k = s.cage_content(o)?;
        let counter = &s.counters[k];
        match object.place {
            ObjectPlace::Room { room }
                if counter.identity == Identity::Intruder && counter.face_up =>
            {
                Some((o, room))
            }
            _ => None,
        }
    })?;
    let mut free: Vec<Crewman> = CREW
        .into_iter()
        .filter(|&c| {
            s.on_station(c)
                && s.crewman(c).bears.is_none()
                && s.held_by(c).is_none()
                && s.controlled_by(c).is_none()
        })
        .collect();
    if room == Room::Frz {
        free.sort_by_key(|&c| (distance(s.crewman(c).room, Room::Cm), c));
        free.truncate(1);
    } else {
        // Those who can still walk there and pick it up (1 MP) this phase come first.
        let away = |c: Crewman| distance(s.crewman(c).room, room);
        free.sort_by_key(|&c| (away(c) + 1 > s.crewman(c).mp, away(c), c));
        free.truncate(carriers_needed(s.stage).saturating_sub(s.carriers(cage).len()));
    }
    Some(Freeze {
        cage,
        room,
        helpers: free,
    })
}

/// Whether the crew should blow up the station and flee: the match is lost as it stands and
/// little time is left to turn it round, or half the crew is dead and the Intruder grown.
fn abandon(s: &State) -> bool {
    if s.self_destruct != (SelfDestruct::Off {}) {
        return false;
    }
    let dead = s.crew.iter().filter(|c| !c.alive).count();
    let left = if s.turn_limit == 0 {
        u32::MAX
    } else {
        s.turn_limit.saturating_sub(s.turn)
    };
    let alive = 9 - dead;
    (s.score() < 0 && left <= 14 && alive >= 3) || (dead >= 4 && s.stage >= 4 && alive >= 3)
}

/// The CRT column crewman `c` reads with carried object `o` (or improvised), when he may use it.
fn column(s: &State, c: Crewman, o: Option<u8>) -> Option<Weapon> {
    let weapon = match o {
        Some(o) => weapon_of(s, s.objects.get(usize::from(o))?.kind)?,
        None => Weapon::Improvised,
    };
    if immune(s, weapon) {
        return None;
    }
    if specialty(c) == Specialty::Science && weapon != Weapon::SleepDart {
        return None;
    }
    Some(weapon)
}

/// Whether crewman `c` carries a weapon he may use against the Intruders.
fn armed(s: &State, c: Crewman) -> bool {
    s.carried(c)
        .into_iter()
        .any(|o| column(s, c, Some(o as u8)).is_some())
}

/// What object kind `kind` is worth to crewman `c`, given what he carries.
fn worth(s: &State, c: Crewman, kind: ObjectKind) -> f64 {
    let carried: Vec<ObjectKind> = s.carried(c).iter().map(|&o| s.objects[o].kind).collect();
    let has = |k| carried.contains(&k);
    let usable = |kind| {
        weapon_of(s, kind).is_some_and(|w| {
            !immune(s, w) && (specialty(c) != Specialty::Science || w == Weapon::SleepDart)
        })
    };
    match kind {
        ObjectKind::Cage if specialty(c) == Specialty::Science && !has(ObjectKind::Cage) => 3.0,
        ObjectKind::Cage | ObjectKind::ElectricProd => 0.0,
        kind if !usable(kind) || has(kind) => 0.0,
        _ if armed(s, c) => 1.0,
        ObjectKind::Blaster | ObjectKind::GasCanister => 5.0,
        ObjectKind::Flamethrower => 4.0,
        _ => 4.5,
    }
}

/// The compartment crewman `c` heads for now.
fn goal(s: &State, plan: &Plan, c: Crewman) -> Option<Room> {
    let here = s.crewman(c).room;
    if let Some(freeze) = &plan.freeze {
        if s.crewman(c).bears == Some(freeze.cage) {
            return Some(Room::Frz);
        }
        if freeze.helpers.contains(&c) {
            return Some(if freeze.room == Room::Frz {
                Room::Cm
            } else {
                freeze.room
            });
        }
    }
    if here == Room::Frz {
        // Nobody stays where the Freezer may be turned on.
        return Some(Room::Cm);
    }
    if plan.fleeing {
        return docks(s)
            .iter()
            .enumerate()
            .filter(|&(n, _)| !s.shuttles[n].left)
            .map(|(_, &dock)| dock)
            .min_by_key(|&dock| distance(here, dock));
    }
    // The nearest object worth having.
    let wanted = s
        .objects
        .iter()
        .enumerate()
        .filter_map(|(o, object)| match object.place {
            ObjectPlace::Room { room }
                if s.cage_content(o).is_none() && worth(s, c, object.kind) >= 3.0 =>
            {
                Some(room)
            }
            _ => None,
        })
        .min_by_key(|&room| distance(here, room));
    if let Some(room) = wanted
        && (!armed(s, c) || distance(here, room) <= 3)
    {
        return Some(room);
    }
    plan.quarry
}

/// How much the crew likes `action` in `s`.
fn crew_value(s: &State, plan: &Plan, action: &Action) -> f64 {
    match action {
        Action::Orders { orders } => match orders.first() {
            Some(order) => crew_value(s, plan, order),
            None => 0.0,
        },
        Action::Move { crewman, to } => {
            let here = s.crewman(*crewman).room;
            match goal(s, plan, *crewman) {
                Some(goal) => {
                    let closer = f64::from(distance(here, goal)) - f64::from(distance(*to, goal));
                    closer - 0.5 * f64::from(entry_cost(*to) - 1) - 0.1
                }
                None => -1.0,
            }
        }
        Action::PickUp { crewman, object } if plan.helps_carry(*crewman, usize::from(*object)) => {
            4.0
        }
        Action::PickUp { object, .. } if plan.freezing(usize::from(*object)) => -1.0,
        Action::PickUp { crewman, object } => s
            .objects
            .get(usize::from(*object))
            .map_or(-1.0, |o| worth(s, *crewman, o.kind) - 0.5),
        Action::CarryCage { cage, to } if plan.freezing(usize::from(*cage)) => {
            let from = plan.freeze.as_ref().map_or(*to, |f| f.room);
            let closer = f64::from(distance(from, Room::Frz)) - f64::from(distance(*to, Room::Frz));
            if closer > 0.0 { closer + 1.0 } else { -1.0 }
        }
        Action::Drop { object, .. }
            if plan.freezing(usize::from(*object))
                && plan.freeze.as_ref().is_some_and(|f| f.room == Room::Frz) =>
        {
            5.0
        }
        // For the caged Intruder brought to the Command Module, on its way in.
        Action::Unlock {
            room: Room::Frz, ..
        } if plan.freeze.as_ref().is_some_and(|f| f.room == Room::Cm) => 6.0,
        Action::Unlock {
            room: Room::Arm, ..
        } => {
            // Only for someone who wants what lies there.
            let wanted = CREW.into_iter().any(|c| {
                s.on_station(c)
                    && s.objects.iter().any(|o| {
                        o.place == (ObjectPlace::Room { room: Room::Arm })
                            && worth(s, c, o.kind) >= 3.0
                    })
            });
            if wanted && !plan.fleeing { 6.0 } else { -1.0 }
        }
        Action::ConstructWeapon { crewman, .. } => {
            if goal(s, plan, *crewman).is_none_or(|g| g == s.crewman(*crewman).room) {
                0.2
            } else {
                -0.5
            }
        }
        Action::Attack {
            crewman,
            intruder,
            object,
        } => {
            let bound_for_freezer = s
                .counter_by_id(*intruder)
                .and_then(|k| s.counters[k].cage)
                .is_some_and(|o| plan.freezing(o));
            if bound_for_freezer {
                -1.0
            } else {
                attack_value(s, *crewman, *intruder, *object)
            }
        }
        Action::Defend { crewman, object } => defence_value(s, *crewman, *object),
        Action::NoDefence {} => no_defence_value(s),
        Action::CageIntruder { intruder, .. } => match s.counter_by_id(*intruder) {
            Some(k) if s.counters[k].asleep_until.is_some() => 6.0,
            Some(_) if s.stage == 1 => 1.0,
            _ => -1.0,
        },
        Action::GainControl { .. } => 1.5,
        Action::OpenAirlock { crewman } => airlock_value(s, *crewman),
        Action::StartSelfDestruct { .. } => {
            if plan.abandon {
                10.0
            } else {
                -10.0
            }
        }
        Action::LeaveInShuttle { with, .. } => {
            if plan.fleeing {
                20.0 + with.len() as f64
            } else {
                -10.0
            }
        }
        Action::TurnOnFreezer { .. } => freezer_value(s),
        Action::Inventory { .. } => 0.1,
        Action::OpenHatches { .. } => 10.0,
        Action::PrepareHatches { .. } => 5.0,
        Action::MarineAttack { weapon, .. } => {
            if immune(s, *weapon) {
                -1.0
            } else {
                3.0
            }
        }
        Action::MarineDefend { crewman, weapon } => {
            if immune(s, *weapon) {
                -1.0
            } else {
                expected_defence(s, *crewman, *weapon)
            }
        }
        Action::Release { crewman } if s.held_by(*crewman).is_some() => 0.5,
        Action::Release { .. } => -1.0,
        Action::Discard { .. } => 0.1,
        Action::EndMovement {} | Action::EndActions {} | Action::EndSetUp {} => 0.0,
        _ => -1.0,
    }
}

/// The chance on 1d6 of a roll of `n` or less.
fn chance(n: u8) -> f64 {
    f64::from(n.min(6)) / 6.0
}

/// A crew attack's worth: the CRT's left-hand column (10.3) never hurts the crew.
fn attack_value(s: &State, c: Crewman, intruder: u32, object: Option<u8>) -> f64 {
    let (Some(weapon), Some(k)) = (column(s, c, object), s.counter_by_id(intruder)) else {
        return -1.0;
    };
    let asleep = s.counters[k].asleep_until.is_some();
    (1..=6u8)
        .map(|roll| match crt(weapon, roll, false) {
            Effect::Kill | Effect::KillBoth => KILL,
            Effect::Sleep if !asleep => 4.0,
            _ => 0.0,
        })
        .sum::<f64>()
        / 6.0
        + 0.5
}

/// The kill roll's threat to the target of the attack being defended (10.2 step D).
fn threat(s: &State) -> f64 {
    chance(chart(s.stage).kill) * DEATH
}

fn no_defence_value(s: &State) -> f64 {
    threat(s)
}

/// Self-defence with `weapon` by `c`: the right-hand column (10.3), then the kill roll when it
/// did nothing.
fn expected_defence(s: &State, _c: Crewman, weapon: Weapon) -> f64 {
    (1..=6u8)
        .map(|roll| match crt(weapon, roll, true) {
            Effect::Kill => KILL,
            Effect::KillBoth => KILL + DEATH,
            Effect::Sleep => 3.0,
            Effect::Retreat => 0.0,
            Effect::CrewKilled => DEATH,
            Effect::None => threat(s),
        })
        .sum::<f64>()
        / 6.0
}

fn defence_value(s: &State, c: Crewman, object: Option<u8>) -> f64 {
    match column(s, c, object) {
        Some(weapon) => expected_defence(s, c, weapon),
        None => threat(s) - 1.0,
    }
}

/// Blowing out an airlock: worth it on face-down counters or an Intruder, never on the crew.
fn airlock_value(s: &State, c: Crewman) -> f64 {
    let airlock = match s.crewman(c).room {
        Room::C2 => Room::Air,
        Room::A2 => Room::Dk1,
        Room::B2 => Room::Dk2,
        _ => return -1.0,
    };
    if !s.crew_in(airlock).is_empty() {
        return -50.0;
    }
    if docks(s).contains(&airlock) && matches!(s.self_destruct, SelfDestruct::Active { .. }) {
        // Shuttles stay, but a dock is the way out: keep it for the crew.
        return -1.0;
    }
    let inside = s
        .counters
        .iter()
        .filter(|k| k.place == Place::Map(airlock))
        .map(|k| match (k.face_up, k.identity) {
            (true, Identity::Intruder) if !s.has(Power::ImmuneToVacuum) => KILL,
            (true, _) => 0.0,
            (false, _) => 1.5,
        })
        .sum::<f64>();
    if inside > 0.0 { inside } else { -1.0 }
}

/// Turning the Freezer on: worth it on an Intruder inside when no crewman is (12.3).
fn freezer_value(s: &State) -> f64 {
    if !s.crew_in(Room::Frz).is_empty() {
        return -50.0;
    }
    let intruder = s
        .counters
        .iter()
        .any(|k| k.identity == Identity::Intruder && k.face_up && k.place == Place::Map(Room::Frz));
    if intruder && !s.has(Power::ImmuneToCold) {
        15.0
    } else {
        -1.0
    }
}

/// How much the Intruder seat likes `action`.
fn intruder_value(s: &State, action: &Action) -> f64 {
    match action {
        Action::PlanMovement { moves } => {
            let Some(m) = moves.first() else {
                return 0.0;
            };
            let Some(k) = s.counter_by_id(m.id) else {
                return -1.0;
            };
            if s.counters[k].identity != Identity::Intruder {
                return -0.5;
            }
            let (Some(from), Some(&to)) = (free_intruder(s, k), m.path.last()) else {
                return -1.0;
            };
            match prey(s) {
                Some(prey) => f64::from(distance(from, prey)) - f64::from(distance(to, prey)),
                None => -1.0,
            }
        }
        Action::IntruderAttack {
            target: Some(c), ..
        } => 5.0 - f64::from(u8::from(armed(s, *c))) * 2.0,
        Action::IntruderAttack { target: None, .. } => 0.0,
        Action::DestroyObject { object } => match s.objects.get(usize::from(*object)) {
            Some(o) if o.kind != ObjectKind::ElectricProd => 2.0,
            Some(_) => 1.0,
            None => -1.0,
        },
        Action::OpenCage { .. } | Action::OpenLabCages {} => 0.5,
        _ => 0.0,
    }
}

/// The crewed compartment the Intruder seat stalks: the fewest and worst armed crewmen.
fn prey(s: &State) -> Option<Room> {
    ROOMS
        .into_iter()
        .filter(|&room| !is_secured(room))
        .filter_map(|room| {
            let crew = s.crew_in(room);
            if crew.is_empty() {
                return None;
            }
            let armed = crew.iter().filter(|&&c| armed(s, c)).count();
            Some((armed * 3 + crew.len(), room))
        })
        .min_by_key(|&(weight, room)| (weight, room))
        .map(|(_, room)| room)
}

/// How good `world` is for `seat`, from 0 to 1: the crew's score (16.2) with what it is
/// building towards (armed crewmen, Intruders put out of action, crewmen out of the blast);
/// the Intruder seat's is the other side of it.
pub fn evaluate(world: &State, seat: Seat) -> f64 {
    let crew = curve(crew_progress(world));
    if seat == Seat::Intruder {
        1.0 - crew
    } else {
        crew
    }
}

/// What the end of a match in `s` is worth to a crew that plays for points alone against the
/// automatic Intruders: its score on [`evaluate`]'s curve, a draw counted as none and a loss as
/// a death at best (16.2: an expelled Immune-to-Vacuum Intruder or a detonation may make a
/// loss of a score above zero).
pub fn end_worth(s: &State) -> f64 {
    let score = f64::from(s.score());
    let points = match s.ending.as_ref().map(|e| e.crew_won) {
        Some(Some(true)) | None => score,
        Some(None) => 0.0,
        Some(Some(false)) => score.min(DEATH),
    };
    curve(points)
}

/// The crew's points (or progress) to 0..1: a steep rise around zero, flattening beyond
/// [`SCALE`] either way.
fn curve(points: f64) -> f64 {
    1.0 / (1.0 + (-points / SCALE).exp())
}

/// What an Intruder held for the Freezer (caged, or under prod control) adds to the crew's
/// progress. Against the automatic Intruders a caged one goes free only by an Extra Strong
/// breakout (5.3, 12.1) and a controlled one at metamorphosis (12.2), so most end captured:
/// most of a capture's 15 points. An Intruder seat opens Cages (17.1).
fn held_worth(s: &State) -> f64 {
    if s.scenario.intruder_seat() {
        3.0
    } else {
        10.0
    }
}

/// The crew's score so far, plus the worth of what leads to more.
pub fn crew_progress(s: &State) -> f64 {
    let mut x = f64::from(s.score());
    for c in CREW {
        if s.on_station(c) && armed(s, c) {
            x += 0.5;
        }
    }
    for k in &s.counters {
        if k.identity == Identity::Intruder && matches!(k.place, Place::Map(_)) && k.face_up {
            if k.cage.is_some() || k.controller.is_some() {
                x += held_worth(s);
            } else if k.iced {
                x += 3.0;
            } else if k.asleep_until.is_some() {
                x += 1.5;
            }
        }
    }
    if let SelfDestruct::Active { r#box, .. } = s.self_destruct {
        // The blast kills whoever is on the station: what counts then is getting away.
        let escaped = s.escaped() as f64;
        let docked = CREW
            .into_iter()
            .filter(|&c| s.on_station(c) && docks(s).contains(&s.crewman(c).room))
            .count() as f64;
        x += 2.0 * escaped + docked - f64::from(9u8.saturating_sub(r#box));
    }
    x
}
