//! Crew attacks (rules 10.4): which weapon a crewman may use on which Intruder, in a crew action
//! or in self-defence (on the station or aboard a Shuttle), the marines' weapons without
//! counter (17.4), and the CRT rolls that resolve them. Checks are pure; plays go through the
//! `Table`.

use xenotable_protocol::intruder::{Crewman, Effect, Event, Identity, ObjectKind, Room, Weapon};

use super::crew_movement::{carried_object, load};
use super::flow::Table;
use super::intent::{Attacked, Intent, ready_here, ready_to_act, refuse};
use super::prometheus::marine;
use super::state::{Place, Specialty, State, specialty};
use super::tables::{chart, crt, immunity, is_lethal};
use crate::games::{Roll, RuleError};

/// What a crewman attacks with: a carried object (absent: improvised), or a marine's weapon
/// without counter (17.4).
#[derive(Debug, Clone, Copy)]
pub enum Arms {
    Carried(Option<u8>),
    Marine(Weapon),
}

/// The CRT column of a carried object against the Intruders' known powers.
pub(super) fn weapon_of(s: &State, kind: ObjectKind) -> Option<Weapon> {
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
pub(super) fn immune(s: &State, weapon: Weapon) -> bool {
    immunity(weapon).is_some_and(|p| s.has(p))
}

/// Rules 10.4: who may attack Intruder `k` with what, in a crew action or in self-defence.
pub(super) fn check_weapon_use(
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
pub(super) fn check_defence(s: &State, c: Crewman, arms: Arms) -> Result<Intent, RuleError> {
    let attacked =
        Attacked::of(&s.step).ok_or_else(|| RuleError::wrong_phase("nobody is attacked"))?;
    let room = match attacked {
        Attacked::Station { room, .. } => Some(room),
        Attacked::Aboard { shuttle, .. } => {
            if s.crewman(c).aboard != Some(shuttle) {
                return Err(refuse(
                    "not_aboard",
                    format!("{c} is not aboard Shuttle #{shuttle}"),
                ));
            }
            None
        }
    };
    let weapon = check_weapon_use(s, c, attacked.intruder(), arms, room, true)?;
    Ok(Intent::Defend {
        crewman: c,
        weapon,
        attacked,
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

impl<R: Roll> Table<'_, R> {
    /// A crew action: `crewman` attacks Intruder `intruder` (a counter index) with `weapon`.
    pub fn crew_attacks(&mut self, crewman: Crewman, intruder: usize, weapon: Weapon) {
        match crew_attack(self, crewman, intruder, weapon, false) {
            Effect::Sleep => self.intruder_sleeps(intruder),
            Effect::Kill | Effect::KillBoth => self.intruder_killed(intruder),
            Effect::None | Effect::Retreat | Effect::CrewKilled => {}
        }
    }

    /// `crewman` defends against `attacked` with `weapon`; then the Intruders go on acting (on
    /// the station) or the crew action segment aboard comes.
    pub fn defends(&mut self, crewman: Crewman, weapon: Weapon, attacked: Attacked) {
        defend(
            self,
            crewman,
            attacked.intruder(),
            attacked.target(),
            weapon,
        );
        self.after_attack(attacked);
    }

    /// Nobody defends against `attacked`: the kill roll, then as after a defence.
    pub fn no_defence(&mut self, attacked: Attacked) {
        self.kill_roll(attacked.intruder(), attacked.target());
        self.after_attack(attacked);
    }

    /// Option `marines` (17.4): a marine's CRT roll against a Lab Animal; K kills it (0
    /// points).
    pub fn marine_attacks_lab_animal(&mut self, crewman: Crewman, animal: usize, weapon: Weapon) {
        let (roll, modified) = crt_roll(self, crewman);
        let killed = matches!(
            crt(weapon, modified, false),
            Effect::Kill | Effect::KillBoth
        );
        self.s.crew[crewman as usize].acted = true;
        if killed {
            self.s.counters[animal].place = Place::Killed;
        }
        let id = self.s.counters[animal].id;
        self.tell(Event::LabAnimalAttacked {
            crewman,
            animal: id,
            weapon,
            roll,
            modified,
            killed,
        });
    }

    fn after_attack(&mut self, attacked: Attacked) {
        match attacked {
            Attacked::Station { room, rest, .. } => self.intruders_act(room, rest),
            Attacked::Aboard { shuttle, .. } => self.shuttle_segment(shuttle),
        }
    }
}
