//! The crew's intents (rules 9-11): one `check` that both `apply` and `legal_actions` run, and
//! the execution of a checked intent.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Effect, Event, Identity, ObjectKind, ObjectPlace, Phase, Room, SelfDestruct,
    Weapon,
};

use super::capture;
use super::construction;
use super::flow::Table;
use super::freezer;
use super::legal::to_act;
use super::orders::ordered_one;
use super::prometheus::{self, marine};
use super::shuttle;
use super::state::{CREW, Crew, Place, Specialty, State, Step, specialty};
use super::station::{adjacent, entry_cost, is_secured};
use super::tables::{chart, crt, immunity, is_lethal};
use crate::games::Roll;
use crate::games::RuleError;

/// An intent that passed its check, with what the check found.
#[derive(Debug, Clone)]
pub enum Intent {
    Move {
        crewman: Crewman,
        to: Room,
        cost: u8,
    },
    PickUp {
        crewman: Crewman,
        object: usize,
        cost: u8,
    },
    Drop {
        crewman: Crewman,
        object: usize,
    },
    Unlock {
        crewman: Crewman,
        room: Room,
    },
    EndMovement,
    Attack {
        crewman: Crewman,
        intruder: usize,
        weapon: Weapon,
    },
    Defend {
        crewman: Crewman,
        weapon: Weapon,
    },
    NoDefence,
    StartSelfDestruct {
        crewman: Crewman,
    },
    StopSelfDestruct {
        crewman: Crewman,
    },
    Inventory {
        crewman: Crewman,
    },
    OpenAirlock {
        crewman: Crewman,
        airlock: Room,
    },
    EndActions,
    /// Rules 8: catch a Lab Animal (counter index) after dropping `drop`.
    Catch {
        crewman: Crewman,
        animal: usize,
        drop: Vec<usize>,
    },
    Release {
        crewman: Crewman,
    },
    /// Cage the animal `holder` holds in `crewman`'s empty Cage `cage`.
    CageLabAnimal {
        crewman: Crewman,
        holder: Crewman,
        cage: usize,
    },
    TransferLabAnimal {
        crewman: Crewman,
        animal: usize,
    },
    CageIntruder {
        crewman: Crewman,
        intruder: usize,
        cage: usize,
    },
    GainControl {
        crewman: Crewman,
        intruder: usize,
    },
    MoveWithIntruder {
        crewman: Crewman,
        intruder: usize,
        to: Room,
    },
    CarryCage {
        cage: usize,
        to: Room,
        cost: u8,
    },
    TurnOnFreezer {
        crewman: Crewman,
    },
    ConstructWeapon {
        crewman: Crewman,
        object: usize,
    },
    Discard {
        crewman: Crewman,
        object: usize,
    },
    EndSetUp,
    /// Option `marines`: a marine attacks a loose Lab Animal (counter index).
    AttackLabAnimal {
        crewman: Crewman,
        animal: usize,
        weapon: Weapon,
    },
    LeaveInShuttle {
        crewman: Crewman,
        shuttle: u8,
        with: Vec<Crewman>,
    },
    /// Cage the stowaway (a counter index) aboard a Shuttle in `crewman`'s empty Cage `cage`.
    CageStowaway {
        crewman: Crewman,
        intruder: usize,
        cage: usize,
    },
    PrepareHatches {
        crewman: Crewman,
        shuttle: u8,
    },
    OpenHatches {
        crewman: Crewman,
        shuttle: u8,
    },
}

/// What a crewman attacks with: a carried object (absent: improvised), or a marine's weapon
/// without counter (17.4).
#[derive(Debug, Clone, Copy)]
pub enum Arms {
    Carried(Option<u8>),
    Marine(Weapon),
}

/// A refusal with its stable code.
pub fn refuse(code: &'static str, message: impl Into<std::borrow::Cow<'static, str>>) -> RuleError {
    RuleError::new(code, message)
}

/// Whether `seat` may send `action` now, and what it means.
pub fn check(s: &State, seat: Seat, action: &Action) -> Result<Intent, RuleError> {
    if s.ending.is_some() {
        return Err(RuleError::game_over());
    }
    if seat != Seat::Crew || !to_act(s).contains(&seat) {
        return Err(RuleError::not_your_turn());
    }
    check_intent(s, action)
}

/// Whether a crew intent is possible now, whoever sends it. Crewmen gone in a Shuttle act only
/// aboard it; lost crewmen not at all (14.3).
pub fn check_intent(s: &State, action: &Action) -> Result<Intent, RuleError> {
    let aboard_step = matches!(
        s.step,
        Step::ShuttleActions { .. } | Step::ShuttleDefence { .. }
    );
    if let Some(c) = ordered_one(action).filter(|&c| s.crewman(c).aboard.is_some())
        && !aboard_step
    {
        return Err(refuse("aboard", format!("{c} has left in a Shuttle")));
    }
    if let Some(c) = ordered_one(action).filter(|&c| s.crewman(c).lost.is_some()) {
        return Err(refuse("crewman_lost", format!("{c} is lost until found")));
    }
    match (action, &s.step) {
        (Action::Move { crewman, to }, Step::CrewMovement) => check_move(s, *crewman, *to),
        (Action::PickUp { crewman, object }, Step::CrewMovement) => {
            check_pick_up(s, *crewman, *object)
        }
        (action, Step::SetUp) if !matches!(action, Action::Drop { .. }) => {
            prometheus::check(s, action)
        }
        (Action::Drop { crewman, object }, Step::CrewMovement | Step::SetUp) => {
            living(s, *crewman)?;
            unbound(s, *crewman)?;
            let o = match s.crewman(*crewman).bears {
                Some(o) if usize::from(*object) == o => o,
                _ => carried_object(s, *crewman, *object)?,
            };
            Ok(Intent::Drop {
                crewman: *crewman,
                object: o,
            })
        }
        (Action::Unlock { crewman, room }, Step::CrewMovement) => check_unlock(s, *crewman, *room),
        (Action::EndMovement {}, Step::CrewMovement) => Ok(Intent::EndMovement),
        (
            Action::Attack {
                crewman,
                intruder,
                object,
            },
            Step::CrewActions(room),
        ) => check_attack(s, *crewman, *intruder, *object, *room),
        (
            Action::Defend { crewman, object },
            Step::SelfDefence { .. } | Step::ShuttleDefence { .. },
        ) => check_defence(s, *crewman, Arms::Carried(*object)),
        (
            Action::MarineDefend { crewman, weapon },
            Step::SelfDefence { .. } | Step::ShuttleDefence { .. },
        ) => check_defence(s, *crewman, Arms::Marine(*weapon)),
        (Action::NoDefence {}, Step::SelfDefence { .. } | Step::ShuttleDefence { .. }) => {
            Ok(Intent::NoDefence)
        }
        (
            Action::MarineAttack {
                crewman,
                target,
                weapon,
            },
            Step::CrewActions(room),
        ) => check_marine_attack(s, *crewman, *target, *weapon, *room),
        (Action::EndActions {}, Step::ShuttleActions { .. }) => Ok(Intent::EndActions),
        (action, Step::ShuttleActions { shuttle }) => shuttle::check_aboard(s, action, *shuttle),
        (Action::LeaveInShuttle { crewman, with }, Step::CrewActions(room)) => {
            shuttle::check_leave(s, *crewman, with, *room)
        }
        (Action::StartSelfDestruct { crewman }, Step::CrewActions(room)) => {
            check_destruct(s, *crewman, *room, true)
        }
        (Action::StopSelfDestruct { crewman }, Step::CrewActions(room)) => {
            check_destruct(s, *crewman, *room, false)
        }
        (Action::OpenAirlock { crewman }, Step::CrewActions(room)) => {
            check_airlock(s, *crewman, *room)
        }
        (Action::Inventory { crewman }, Step::CrewActions(room)) => {
            check_inventory(s, *crewman, *room)
        }
        (Action::EndActions {}, Step::CrewActions(_)) => Ok(Intent::EndActions),
        (Action::Release { crewman }, Step::CrewMovement | Step::CrewActions(_)) => {
            capture::check_release(s, *crewman)
        }
        (Action::MoveWithIntruder { crewman, to }, Step::CrewMovement) => {
            capture::check_move_with_intruder(s, *crewman, *to)
        }
        (Action::ConstructWeapon { crewman, object }, Step::CrewMovement) => {
            construction::check_construct(s, *crewman, *object)
        }
        (Action::CarryCage { cage, to }, Step::CrewMovement) => {
            capture::check_carry_cage(s, *cage, *to)
        }
        (Action::TurnOnFreezer { crewman }, Step::CrewActions(room)) => {
            freezer::check_turn_on(s, *crewman, *room)
        }
        (action, Step::CrewActions(room)) if capture::is_capture_action(action) => {
            capture::check_capture_action(s, action, *room)
        }
        _ => Err(RuleError::wrong_phase(format!(
            "{} is not possible now",
            action_name(action)
        ))),
    }
}

/// The wire name of an intent (its `"type"`), for messages.
fn action_name(action: &Action) -> String {
    serde_json::to_value(action)
        .ok()
        .and_then(|v| v.get("type")?.as_str().map(str::to_owned))
        .unwrap_or_default()
}

pub(super) fn living(s: &State, c: Crewman) -> Result<(), RuleError> {
    if s.crewman(c).alive {
        Ok(())
    } else {
        Err(refuse("crewman_dead", format!("{c} is dead")))
    }
}

/// Rules 8 and 12.2: a crewman holding a Lab Animal or controlling an Intruder does nothing
/// else until he lets go (the controller only moves with his Intruder).
pub(super) fn unbound(s: &State, c: Crewman) -> Result<(), RuleError> {
    if s.held_by(c).is_some() {
        Err(refuse(
            "holding_animal",
            format!("{c} holds a Lab Animal until it is caged or released"),
        ))
    } else if s.controlled_by(c).is_some() {
        Err(refuse(
            "controlling",
            format!("{c} controls an Intruder and does nothing else"),
        ))
    } else {
        Ok(())
    }
}

/// A living, free-handed crewman who has not acted this Interaction Phase.
pub(super) fn ready_to_act(s: &State, c: Crewman) -> Result<&Crew, RuleError> {
    living(s, c)?;
    unbound(s, c)?;
    let crew = s.crewman(c);
    if crew.acted {
        return Err(refuse("already_acted", format!("{c} has acted this phase")));
    }
    Ok(crew)
}

/// A crewman ready to act in the segment of `room` (or anywhere in the general step): his
/// compartment.
pub(super) fn ready_here(s: &State, c: Crewman, room: Option<Room>) -> Result<Room, RuleError> {
    let crew = ready_to_act(s, c)?;
    if crew.aboard.is_some() {
        return Err(refuse("aboard", format!("{c} has left in a Shuttle")));
    }
    if room.is_some_and(|r| r != crew.room) {
        return Err(refuse(
            "not_here",
            format!("{c} is not in this compartment"),
        ));
    }
    Ok(crew.room)
}

fn check_move(s: &State, c: Crewman, to: Room) -> Result<Intent, RuleError> {
    living(s, c)?;
    unbound(s, c)?;
    let crew = s.crewman(c);
    if crew.bears.is_some() {
        return Err(refuse(
            "carrying_cage",
            format!("{c} moves only with the caged Intruder he carries"),
        ));
    }
    let cost = way(s, crew.room, to)?;
    if crew.mp < cost {
        return Err(refuse(
            "no_mp",
            format!("{c} has {} MP; {to} costs {cost}", crew.mp),
        ));
    }
    Ok(Intent::Move {
        crewman: c,
        to,
        cost,
    })
}

/// The MP cost of going from `from` to `to`: next to it, and unlocked if secured (9.1, 9.3).
pub(super) fn way(s: &State, from: Room, to: Room) -> Result<u8, RuleError> {
    if !adjacent(from).contains(&to) {
        return Err(refuse(
            "not_adjacent",
            format!("{to} is not next to {from}"),
        ));
    }
    if is_secured(to) && !s.unlocked.contains(&to) {
        return Err(refuse("locked", format!("{to} is locked")));
    }
    Ok(entry_cost(to))
}

pub(super) fn is_large(kind: ObjectKind) -> bool {
    matches!(kind, ObjectKind::Flamethrower | ObjectKind::Cage)
}

/// Rules 9.2: at most 1 large + 1 small, or 3 small.
pub fn may_carry(large: usize, small: usize) -> bool {
    (large == 0 && small <= 3) || (large == 1 && small <= 1)
}

/// The large and small objects a crewman carries; a caged Intruder he helps carry is his large
/// object (9.2).
pub(super) fn load(s: &State, c: Crewman) -> (usize, usize) {
    let carried = s.carried(c);
    let large = carried
        .iter()
        .filter(|&&o| is_large(s.objects[o].kind))
        .count();
    let borne = usize::from(s.crewman(c).bears.is_some());
    (large + borne, carried.len() - large)
}

/// Whether crewman `c` can carry one more object of `kind` (9.2); marines carry nothing (17.4).
pub(super) fn fits(s: &State, c: Crewman, kind: ObjectKind) -> bool {
    if marine(s, c) {
        return false;
    }
    let (large, small) = load(s, c);
    if is_large(kind) {
        may_carry(large + 1, small)
    } else {
        may_carry(large, small + 1)
    }
}

pub(super) fn object_index(s: &State, object: u8) -> Result<usize, RuleError> {
    let o = usize::from(object);
    if o < s.objects.len() {
        Ok(o)
    } else {
        Err(refuse(
            "unknown_object",
            format!("there is no object {object}"),
        ))
    }
}

pub(super) fn carried_object(s: &State, c: Crewman, object: u8) -> Result<usize, RuleError> {
    let o = object_index(s, object)?;
    if s.objects[o].place == (ObjectPlace::Carried { crewman: c }) {
        Ok(o)
    } else {
        Err(refuse(
            "not_carried",
            format!("{c} does not carry object {object}"),
        ))
    }
}

fn check_pick_up(s: &State, c: Crewman, object: u8) -> Result<Intent, RuleError> {
    living(s, c)?;
    unbound(s, c)?;
    let o = object_index(s, object)?;
    let crew = s.crewman(c);
    if s.objects[o].place != (ObjectPlace::Room { room: crew.room }) {
        return Err(refuse(
            "not_here",
            format!("object {object} is not in {}", crew.room),
        ));
    }
    let cost = if crew.picking { 0 } else { 1 };
    if crew.mp < cost {
        return Err(refuse("no_mp", format!("{c} has no MP left")));
    }
    if !fits(s, c, s.objects[o].kind) {
        return Err(refuse(
            "too_much",
            format!("{c} cannot carry object {object} too"),
        ));
    }
    Ok(Intent::PickUp {
        crewman: c,
        object: o,
        cost,
    })
}

fn check_unlock(s: &State, c: Crewman, room: Room) -> Result<Intent, RuleError> {
    living(s, c)?;
    unbound(s, c)?;
    if s.crewman(c).room != Room::Cm {
        return Err(refuse(
            "not_in_cm",
            "rooms are unlocked from the Command Module",
        ));
    }
    let allowed = match room {
        Room::Arm => specialty(c) == Specialty::Command,
        Room::Frz => true,
        Room::Cmp => specialty(c) != Specialty::Engineer,
        _ => return Err(refuse("not_secured", format!("{room} has no lock"))),
    };
    if !allowed {
        return Err(refuse(
            "may_not_unlock",
            format!("{c} may not unlock {room}"),
        ));
    }
    if s.unlocked.contains(&room) {
        return Err(refuse(
            "already_unlocked",
            format!("{room} is already open"),
        ));
    }
    Ok(Intent::Unlock { crewman: c, room })
}

/// The CRT column of a carried object against the Intruders' known powers.
fn weapon_of(s: &State, kind: ObjectKind) -> Option<Weapon> {
    match kind {
        ObjectKind::Blaster if s.has(xenotable_protocol::intruder::Power::BlasterResistant) => {
            Some(Weapon::BlasterResistant)
        }
        ObjectKind::Blaster => Some(Weapon::Blaster),
        ObjectKind::SleepDartPistol => Some(Weapon::SleepDart),
        ObjectKind::GasCanister => Some(Weapon::Gas),
        ObjectKind::Flamethrower => Some(Weapon::Flamethrower),
        ObjectKind::ElectricProd | ObjectKind::Cage => None,
    }
}

/// A weapon the Intruders are known to be immune to (17.4: it may be discarded at set-up).
pub(super) fn useless(s: &State, kind: ObjectKind) -> bool {
    weapon_of(s, kind).is_some_and(|w| immune(s, w))
}

/// Whether the Intruders are known to be immune to `weapon`.
fn immune(s: &State, weapon: Weapon) -> bool {
    immunity(weapon).is_some_and(|p| s.has(p))
}

/// Rules 10.4: who may attack Intruder `k` with what, in a crew action or in self-defence.
fn check_weapon_use(
    s: &State,
    c: Crewman,
    k: usize,
    arms: Arms,
    room: Option<Room>,
    defence: bool,
) -> Result<Weapon, RuleError> {
    let crew = ready_to_act(s, c)?;
    let together = match (s.counters[k].place, crew.aboard) {
        (Place::Map(at), None) => at == crew.room && room.is_none_or(|r| r == at),
        (Place::Shuttle(n), Some(m)) => n == m,
        _ => false,
    };
    if s.counters[k].identity != Identity::Intruder || !together {
        return Err(refuse("not_here", format!("{c} is not with that Intruder")));
    }
    if s.attacks[k] >= 3 {
        return Err(refuse(
            "three_attacks",
            "that Intruder was attacked 3 times this phase",
        ));
    }
    let weapon = match arms {
        Arms::Marine(weapon) => marine_column(s, c, weapon)?,
        Arms::Carried(None) if marine(s, c) => {
            return Err(refuse(
                "marine_armed",
                format!("{c} is a marine: his weapons always work"),
            ));
        }
        Arms::Carried(Some(object)) => {
            let o = carried_object(s, c, object)?;
            weapon_of(s, s.objects[o].kind)
                .ok_or_else(|| refuse("not_a_weapon", format!("object {object} is no weapon")))?
        }
        Arms::Carried(None) => {
            let (large, small) = load(s, c);
            let armed = s
                .carried(c)
                .into_iter()
                .any(|o| weapon_of(s, s.objects[o].kind).is_some_and(|w| !immune(s, w)));
            if large > 0 || small > 1 || armed {
                return Err(refuse(
                    "no_improvised",
                    format!("{c} carries too much to improvise a weapon"),
                ));
            }
            Weapon::Improvised
        }
    };
    if is_lethal(weapon) && specialty(c) == Specialty::Science {
        return Err(refuse(
            "science_never_kills",
            "Science Officers never use lethal weapons",
        ));
    }
    if is_lethal(weapon) && !defence && !chart(s.stage).crew_may_kill {
        return Err(refuse(
            "too_young_to_kill",
            "at stages 1-2 lethal weapons are allowed only in self-defence",
        ));
    }
    Ok(weapon)
}

/// The four weapons of a marine (17.4).
pub const MARINE_WEAPONS: [Weapon; 4] = [
    Weapon::Blaster,
    Weapon::SleepDart,
    Weapon::Flamethrower,
    Weapon::Gas,
];

/// The CRT column a marine reads with `weapon`: Blaster* against a Blaster Resistant Intruder.
fn marine_column(s: &State, c: Crewman, weapon: Weapon) -> Result<Weapon, RuleError> {
    if !marine(s, c) {
        return Err(refuse(
            "not_a_marine",
            format!("{c} has no weapon without counter"),
        ));
    }
    match weapon {
        Weapon::Blaster => Ok(weapon_of(s, ObjectKind::Blaster).unwrap_or(Weapon::Blaster)),
        Weapon::SleepDart | Weapon::Flamethrower | Weapon::Gas => Ok(weapon),
        Weapon::BlasterResistant | Weapon::Improvised => Err(refuse(
            "not_a_marine_weapon",
            "marines attack with a Blaster, Dart Pistol, Flamethrower or Gas Canister",
        )),
    }
}

/// Option `marines` (17.4): a marine attacks a face-up Intruder (as any attack, aboard a
/// Shuttle too) or a loose face-up Lab Animal in his compartment.
pub(super) fn check_marine_attack(
    s: &State,
    c: Crewman,
    target: u32,
    weapon: Weapon,
    room: Option<Room>,
) -> Result<Intent, RuleError> {
    let k = s
        .counter_by_id(target)
        .filter(|&k| {
            s.counters[k].face_up
                && matches!(s.counters[k].place, Place::Map(_) | Place::Shuttle(_))
        })
        .ok_or_else(|| refuse("no_target", format!("no target {target} is in sight")))?;
    if s.counters[k].identity == Identity::Intruder {
        let weapon = check_weapon_use(s, c, k, Arms::Marine(weapon), room, false)?;
        return Ok(Intent::Attack {
            crewman: c,
            intruder: k,
            weapon,
        });
    }
    let here = ready_here(s, c, room)?;
    let weapon = marine_column(s, c, weapon)?;
    let animal = &s.counters[k];
    if animal.identity != Identity::LabAnimal || !animal.loose() || animal.place != Place::Map(here)
    {
        return Err(refuse(
            "no_target",
            format!("no loose Lab Animal {target} is with {c}"),
        ));
    }
    Ok(Intent::AttackLabAnimal {
        crewman: c,
        animal: k,
        weapon,
    })
}

pub(super) fn check_attack(
    s: &State,
    c: Crewman,
    intruder: u32,
    object: Option<u8>,
    room: Option<Room>,
) -> Result<Intent, RuleError> {
    let k = s
        .counter_by_id(intruder)
        .filter(|&k| {
            let c = &s.counters[k];
            c.face_up
                && c.identity == Identity::Intruder
                && matches!(c.place, Place::Map(_) | Place::Shuttle(_))
        })
        .ok_or_else(|| refuse("no_intruder", format!("no Intruder {intruder} is in sight")))?;
    let weapon = check_weapon_use(s, c, k, Arms::Carried(object), room, false)?;
    Ok(Intent::Attack {
        crewman: c,
        intruder: k,
        weapon,
    })
}

/// Self-defence against the attacking Intruder, in its compartment or aboard its Shuttle.
fn check_defence(s: &State, c: Crewman, arms: Arms) -> Result<Intent, RuleError> {
    let (intruder, room) = match s.step {
        Step::SelfDefence { room, intruder, .. } => (intruder, Some(room)),
        Step::ShuttleDefence {
            shuttle, intruder, ..
        } => {
            if s.crewman(c).aboard != Some(shuttle) {
                return Err(refuse(
                    "not_aboard",
                    format!("{c} is not aboard Shuttle #{shuttle}"),
                ));
            }
            (intruder, None)
        }
        _ => return Err(RuleError::wrong_phase("nobody is attacked")),
    };
    let weapon = check_weapon_use(s, c, intruder, arms, room, true)?;
    Ok(Intent::Defend { crewman: c, weapon })
}

/// Starting (Command) or stopping (Command, Science) the self-destruct from the Command Module
/// as a crew action of the Second Interaction (rules 11, 15.1).
fn check_destruct(
    s: &State,
    c: Crewman,
    room: Option<Room>,
    start: bool,
) -> Result<Intent, RuleError> {
    let crew = ready_to_act(s, c)?;
    if s.phase != Phase::SecondInteraction {
        return Err(RuleError::wrong_phase(
            "the self-destruct is worked in the Second Interaction",
        ));
    }
    if crew.room != Room::Cm || room.is_some_and(|r| r != Room::Cm) {
        return Err(refuse(
            "not_in_cm",
            "the self-destruct is worked from the Command Module",
        ));
    }
    let allowed = if start {
        specialty(c) == Specialty::Command
    } else {
        specialty(c) != Specialty::Engineer
    };
    if !allowed {
        return Err(refuse("may_not_destruct", format!("{c} may not do that")));
    }
    match (start, s.self_destruct) {
        (true, SelfDestruct::Off {}) => Ok(Intent::StartSelfDestruct { crewman: c }),
        (false, SelfDestruct::Active { r#box, .. }) if r#box >= 5 => {
            Ok(Intent::StopSelfDestruct { crewman: c })
        }
        (true, _) => Err(refuse(
            "destruct_used",
            "the self-destruct cannot be started again",
        )),
        (false, _) => Err(refuse(
            "cannot_stop",
            "the self-destruct cannot be stopped now",
        )),
    }
}

/// The airlock a crewman in `corridor` may open.
fn airlock_of(corridor: Room) -> Option<Room> {
    match corridor {
        Room::C2 => Some(Room::Air),
        Room::A2 => Some(Room::Dk1),
        Room::B2 => Some(Room::Dk2),
        _ => None,
    }
}

/// Opening an airlock (rules 11, 13): from its corridor, not on a face-up Intruder at stage 1-2.
fn check_airlock(s: &State, c: Crewman, room: Option<Room>) -> Result<Intent, RuleError> {
    let here = ready_here(s, c, room)?;
    let airlock = airlock_of(here)
        .ok_or_else(|| refuse("no_airlock", format!("no airlock opens from {here}")))?;
    let young_inside = !chart(s.stage).crew_may_kill
        && s.counters.iter().any(|k| {
            k.identity == Identity::Intruder && k.face_up && k.place == Place::Map(airlock)
        });
    if young_inside {
        return Err(refuse(
            "too_young_to_kill",
            "a stage 1-2 Intruder may not be blown out of an airlock",
        ));
    }
    Ok(Intent::OpenAirlock {
        crewman: c,
        airlock,
    })
}

/// The face-down counters of the Not Used box.
fn not_used_face_down(s: &State) -> Vec<usize> {
    (0..s.counters.len())
        .filter(|&k| s.counters[k].place == Place::NotUsed && !s.counters[k].face_up)
        .collect()
}

/// Inventory (rules 11): a Science Officer, in the Second Interaction, while a Not Used counter
/// is face down. In a crew action segment he must be in that compartment.
fn check_inventory(s: &State, c: Crewman, room: Option<Room>) -> Result<Intent, RuleError> {
    ready_here(s, c, room)?;
    if s.phase != Phase::SecondInteraction {
        return Err(RuleError::wrong_phase(
            "inventory is taken in the Second Interaction",
        ));
    }
    if specialty(c) != Specialty::Science {
        return Err(refuse(
            "not_science",
            "only Science Officers take inventory",
        ));
    }
    if not_used_face_down(s).is_empty() {
        return Err(refuse(
            "nothing_to_count",
            "every Not Used counter is face up",
        ));
    }
    Ok(Intent::Inventory { crewman: c })
}

/// The attacks the crew could make now in `room` (or anywhere, for the general step).
pub fn attack_candidates(s: &State, room: Option<Room>) -> Vec<Action> {
    let mut out = Vec::new();
    for c in CREW.into_iter().filter(|&c| may_act_in(s, c, room)) {
        let crew = s.crewman(c);
        let objects: Vec<Option<u8>> = std::iter::once(None)
            .chain(s.carried(c).into_iter().map(|o| Some(o as u8)))
            .collect();
        for k in 0..s.counters.len() {
            if s.intruder_on_map(k) == Some(crew.room) && s.counters[k].face_up {
                out.extend(objects.iter().map(|&object| Action::Attack {
                    crewman: c,
                    intruder: s.counters[k].id,
                    object,
                }));
            }
            if marine(s, c) && s.counters[k].place == Place::Map(crew.room) {
                out.extend(MARINE_WEAPONS.map(|weapon| Action::MarineAttack {
                    crewman: c,
                    target: s.counters[k].id,
                    weapon,
                }));
            }
        }
    }
    out
}

/// The self-defence attacks worth checking by the crewmen `present`.
pub fn defence_candidates(s: &State, present: &[Crewman]) -> Vec<Action> {
    let mut out = Vec::new();
    for &c in present {
        out.push(Action::Defend {
            crewman: c,
            object: None,
        });
        out.extend(s.carried(c).into_iter().map(|o| Action::Defend {
            crewman: c,
            object: Some(o as u8),
        }));
        if marine(s, c) {
            out.extend(MARINE_WEAPONS.map(|weapon| Action::MarineDefend { crewman: c, weapon }));
        }
    }
    out
}

/// Whether crewman `c` is alive, has not acted this Interaction Phase and is in the segment's
/// compartment: only his crew actions are worth checking.
pub(super) fn may_act_in(s: &State, c: Crewman, room: Option<Room>) -> bool {
    let crew = s.crewman(c);
    crew.alive && !crew.acted && room.is_none_or(|r| r == crew.room)
}

/// The crew actions worth checking in a crew action segment (or the general step).
pub fn segment_candidates(s: &State, room: Option<Room>) -> Vec<Action> {
    let mut out = attack_candidates(s, room);
    // Only where each could be possible: the self-destruct and the Freezer are worked from the
    // Command Module, inventory is a Science Officer's, an airlock opens from its corridor.
    let second = s.phase == Phase::SecondInteraction;
    for crewman in CREW.into_iter().filter(|&c| may_act_in(s, c, room)) {
        let here = s.crewman(crewman).room;
        if second && here == Room::Cm {
            out.push(Action::StartSelfDestruct { crewman });
            out.push(Action::StopSelfDestruct { crewman });
            out.push(Action::TurnOnFreezer { crewman });
        }
        if second && specialty(crewman) == Specialty::Science {
            out.push(Action::Inventory { crewman });
        }
        if airlock_of(here).is_some() {
            out.push(Action::OpenAirlock { crewman });
        }
    }
    out.extend(capture::capture_candidates(s, room));
    out.extend(shuttle::leave_candidates(s, room));
    out.retain(|a| ordered_one(a).is_none_or(|c| s.on_station(c)));
    out
}

/// Whether `action` is a crew action possible in the segment of `room` (or the general step).
fn segment_action_ok(s: &State, action: &Action, room: Option<Room>) -> bool {
    match action {
        Action::Attack {
            crewman,
            intruder,
            object,
        } => check_attack(s, *crewman, *intruder, *object, room).is_ok(),
        Action::MarineAttack {
            crewman,
            target,
            weapon,
        } => check_marine_attack(s, *crewman, *target, *weapon, room).is_ok(),
        Action::StartSelfDestruct { crewman } => check_destruct(s, *crewman, room, true).is_ok(),
        Action::StopSelfDestruct { crewman } => check_destruct(s, *crewman, room, false).is_ok(),
        Action::Inventory { crewman } => check_inventory(s, *crewman, room).is_ok(),
        Action::OpenAirlock { crewman } => check_airlock(s, *crewman, room).is_ok(),
        Action::TurnOnFreezer { crewman } => freezer::check_turn_on(s, *crewman, room).is_ok(),
        Action::LeaveInShuttle { crewman, with } => {
            shuttle::check_leave(s, *crewman, with, room).is_ok()
        }
        action if capture::is_capture_action(action) => {
            capture::check_capture_action(s, action, room).is_ok()
        }
        _ => false,
    }
}

/// Whether anyone may act in this crew action segment (or the general step).
pub fn crew_has_actions(s: &State, room: Option<Room>) -> bool {
    segment_candidates(s, room)
        .iter()
        .any(|a| segment_action_ok(s, a, room))
}

/// Whether anyone in `room` may defend against Intruder `k`.
pub fn defence_possible(s: &State, room: Room, k: usize) -> bool {
    defence_possible_among(s, &s.crew_in(room), Some(room), k)
}

/// Whether any of the crewmen `present` (in `room` on the station, or aboard) may defend
/// against Intruder `k`.
pub fn defence_possible_among(
    s: &State,
    present: &[Crewman],
    room: Option<Room>,
    k: usize,
) -> bool {
    defence_candidates(s, present).iter().any(|a| match a {
        Action::Defend { crewman, object } => {
            check_weapon_use(s, *crewman, k, Arms::Carried(*object), room, true).is_ok()
        }
        Action::MarineDefend { crewman, weapon } => {
            check_weapon_use(s, *crewman, k, Arms::Marine(*weapon), room, true).is_ok()
        }
        _ => false,
    })
}

/// The CRT roll of a crewman: +1 (at most 6) on every roll after a crewman died in his
/// compartment this Interaction Phase, however many died (10.4; a station rule: never aboard
/// a Shuttle).
fn crt_roll<R: Roll>(t: &mut Table<'_, R>, crewman: Crewman) -> (u8, u8) {
    let roll = t.dice.d6();
    let crew = t.s.crewman(crewman);
    if crew.aboard.is_none() && t.s.deaths.contains(&crew.room) {
        (roll, (roll + 1).min(6))
    } else {
        (roll, roll)
    }
}

/// Plays a checked intent; caged, held and controlled counters follow their crewmen.
pub fn execute<R: Roll>(t: &mut Table<'_, R>, checked: Intent) {
    play_checked(t, checked);
    t.s.follow();
}

fn play_checked<R: Roll>(t: &mut Table<'_, R>, checked: Intent) {
    match checked {
        Intent::Move { crewman, to, cost } => {
            let crew = &mut t.s.crew[crewman as usize];
            let from = crew.room;
            crew.room = to;
            crew.mp -= cost;
            crew.picking = false;
            let mp = crew.mp;
            t.tell(Event::CrewMoved {
                crewman,
                from,
                to,
                mp,
            });
        }
        Intent::PickUp {
            crewman,
            object,
            cost,
        } => {
            let crew = &mut t.s.crew[crewman as usize];
            crew.mp -= cost;
            crew.picking = true;
            if capture::holds_intruder(t.s, object) {
                // A caged Intruder is not picked up alone: he joins its carriers (9.2).
                t.s.crew[crewman as usize].bears = Some(object);
            } else {
                t.s.objects[object].place = ObjectPlace::Carried { crewman };
            }
            t.tell(Event::PickedUp {
                crewman,
                object: object as u8,
                mp: cost,
            });
        }
        Intent::Drop { crewman, object } => {
            let room = t.s.crewman(crewman).room;
            if t.s.crewman(crewman).bears == Some(object) {
                t.s.crew[crewman as usize].bears = None;
            } else {
                t.s.objects[object].place = ObjectPlace::Room { room };
            }
            t.tell(Event::Dropped {
                crewman,
                object: object as u8,
            });
        }
        Intent::Unlock { crewman, room } => {
            t.s.unlocked.push(room);
            t.tell(Event::Unlocked { crewman, room });
        }
        Intent::EndMovement => t.end_movement(),
        Intent::Attack {
            crewman,
            intruder,
            weapon,
        } => {
            let effect = crew_attack(t, crewman, intruder, weapon, false);
            match effect {
                Effect::Sleep => t.intruder_sleeps(intruder),
                Effect::Kill | Effect::KillBoth => t.intruder_killed(intruder),
                Effect::None | Effect::Retreat | Effect::CrewKilled => {}
            }
            after_crew_action(t);
        }
        Intent::Defend { crewman, weapon } => match t.s.step.clone() {
            Step::SelfDefence {
                room,
                intruder,
                target,
                rest,
            } => {
                defend(t, crewman, intruder, target, weapon);
                t.intruders_act(room, rest);
            }
            Step::ShuttleDefence {
                shuttle,
                intruder,
                target,
            } => {
                defend(t, crewman, intruder, target, weapon);
                t.shuttle_segment(shuttle);
            }
            _ => {}
        },
        Intent::NoDefence => match t.s.step.clone() {
            Step::SelfDefence {
                room,
                intruder,
                target,
                rest,
            } => {
                t.kill_roll(intruder, target);
                t.intruders_act(room, rest);
            }
            Step::ShuttleDefence {
                shuttle,
                intruder,
                target,
            } => {
                t.kill_roll(intruder, target);
                t.shuttle_segment(shuttle);
            }
            _ => {}
        },
        Intent::LeaveInShuttle {
            crewman,
            shuttle,
            with,
        } => t.launch(crewman, shuttle, with),
        Intent::CageStowaway {
            crewman,
            intruder,
            cage,
        } => {
            t.cage_stowaway(crewman, intruder, cage);
            after_crew_action(t);
        }
        Intent::PrepareHatches { crewman, shuttle } => {
            t.prepare_hatches(crewman, shuttle);
            after_crew_action(t);
        }
        Intent::OpenHatches { crewman, shuttle } => {
            t.open_hatches(crewman, shuttle);
            after_crew_action(t);
        }
        Intent::StartSelfDestruct { crewman } => {
            t.s.crew[crewman as usize].acted = true;
            t.s.self_destruct = SelfDestruct::Active {
                turn: t.s.turn,
                r#box: 9,
            };
            t.tell(Event::SelfDestructMarker { r#box: 9 });
            after_crew_action(t);
        }
        Intent::StopSelfDestruct { crewman } => {
            t.s.crew[crewman as usize].acted = true;
            t.s.self_destruct = SelfDestruct::Stopped {};
            t.tell(Event::SelfDestructStopped { crewman });
            after_crew_action(t);
        }
        Intent::OpenAirlock { crewman, airlock } => {
            t.s.crew[crewman as usize].acted = true;
            let (held, gone) = t.blow_airlock(airlock);
            t.tell(Event::AirlockOpened {
                crewman,
                airlock,
                held,
                gone,
            });
            after_crew_action(t);
        }
        Intent::Inventory { crewman } => {
            t.s.crew[crewman as usize].acted = true;
            let hidden = not_used_face_down(t.s);
            let k = hidden[t.dice.index(hidden.len())];
            t.s.counters[k].face_up = true;
            let (id, identity) = (t.s.counters[k].id, t.s.counters[k].identity);
            t.tell(Event::Inventoried { id, identity });
            after_crew_action(t);
        }
        Intent::EndActions => match t.s.step {
            Step::CrewActions(segment) => finish_segment(t, segment),
            Step::ShuttleActions { shuttle } => t.shuttle_round(shuttle),
            _ => {}
        },
        Intent::Release { crewman } => capture::release(t, crewman),
        Intent::MoveWithIntruder {
            crewman,
            intruder,
            to,
        } => capture::move_with_intruder(t, crewman, intruder, to),
        Intent::CarryCage { cage, to, cost } => capture::carry_cage(t, cage, to, cost),
        Intent::ConstructWeapon { crewman, object } => {
            construction::construct(t, crewman, object);
        }
        Intent::Discard { crewman, object } => prometheus::discard(t, crewman, object),
        Intent::EndSetUp => t.start_turn(),
        Intent::AttackLabAnimal {
            crewman,
            animal,
            weapon,
        } => {
            marine_attacks_lab_animal(t, crewman, animal, weapon);
            after_crew_action(t);
        }
        Intent::TurnOnFreezer { crewman } => {
            freezer::turn_on(t, crewman);
            after_crew_action(t);
        }
        capture_action => {
            capture::play_capture_action(t, capture_action);
            after_crew_action(t);
        }
    }
}

/// After a crew action: the segment goes on while anyone can still act.
pub(super) fn after_crew_action<R: Roll>(t: &mut Table<'_, R>) {
    match t.s.step {
        Step::CrewActions(segment) if !crew_has_actions(t.s, segment) => {
            finish_segment(t, segment);
        }
        Step::ShuttleActions { shuttle } => t.after_shuttle_action(shuttle),
        _ => {}
    }
}

/// A self-defence attack against Intruder `k` attacking `target`: CK kills the target (K+CK
/// both), S puts it to sleep, "–" lets the kill roll go on; IR, S and K cancel the attack.
fn defend<R: Roll>(
    t: &mut Table<'_, R>,
    crewman: Crewman,
    k: usize,
    target: Crewman,
    weapon: Weapon,
) {
    let effect = crew_attack(t, crewman, k, weapon, true);
    if matches!(effect, Effect::CrewKilled | Effect::KillBoth) {
        t.crewman_dies(target);
    }
    match effect {
        Effect::Kill | Effect::KillBoth => t.intruder_killed(k),
        Effect::Sleep => t.intruder_sleeps(k),
        Effect::None => t.kill_roll(k, target),
        Effect::Retreat | Effect::CrewKilled => {}
    }
}

/// Goes on after a crew action segment (to the next compartment) or the general step.
fn finish_segment<R: Roll>(t: &mut Table<'_, R>, segment: Option<Room>) {
    if t.s.ending.is_some() {
        return;
    }
    match segment {
        Some(_) => t.next_room(),
        None => t.end_interaction(),
    }
}

/// Rolls a crew attack on the CRT and tells it; an immunity reads "–" on every line.
fn crew_attack<R: Roll>(
    t: &mut Table<'_, R>,
    crewman: Crewman,
    k: usize,
    weapon: Weapon,
    defence: bool,
) -> Effect {
    let (roll, modified) = crt_roll(t, crewman);
    let effect = if immune(t.s, weapon) {
        Effect::None
    } else {
        crt(weapon, modified, defence)
    };
    t.s.crew[crewman as usize].acted = true;
    t.s.attacks[k] += 1;
    let intruder = t.s.counters[k].id;
    t.tell(Event::CrewAttack {
        crewman,
        intruder,
        weapon,
        roll,
        modified,
        defence,
        effect,
    });
    effect
}

/// Option `marines` (17.4): a marine's CRT roll against a Lab Animal; K kills it (0 points).
fn marine_attacks_lab_animal<R: Roll>(
    t: &mut Table<'_, R>,
    crewman: Crewman,
    animal: usize,
    weapon: Weapon,
) {
    let (roll, modified) = crt_roll(t, crewman);
    let killed = matches!(
        crt(weapon, modified, false),
        Effect::Kill | Effect::KillBoth
    );
    t.s.crew[crewman as usize].acted = true;
    if killed {
        t.s.counters[animal].place = Place::Killed;
    }
    let id = t.s.counters[animal].id;
    t.tell(Event::LabAnimalAttacked {
        crewman,
        animal: id,
        weapon,
        roll,
        modified,
        killed,
    });
}
