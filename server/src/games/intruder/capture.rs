//! Capture (rules 8, 9.2, 11, 12.1, 12.2): catching, caging and transferring Lab Animals,
//! caging and carrying Intruders, prod control. Checks are pure; plays go through the `Table`.
//! The crew actions among them (rules 11) are checked into a [`Capture`].

use xenotable_protocol::intruder::{
    Action, Crewman, Event, Identity, ObjectKind, ObjectPlace, Phase, Power, Room,
};

use super::candidates::may_act_in;
use super::crew_movement::{carried_object, is_large, load, object_index, way};
use super::flow::Table;
use super::intent::{Intent, living, ready_here, refuse};
use super::state::{CREW, Place, Specialty, State, specialty};
use super::tables::{CAGE_ASLEEP, CAGE_AWAKE_STAGE_1, CATCH, carriers_needed, chart};
use crate::games::{Roll, RuleError};

/// A capture crew action (rules 11) that passed its check, counters and objects by index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Capture {
    /// Rules 8: catch a Lab Animal after dropping `drop`.
    Catch {
        crewman: Crewman,
        animal: usize,
        drop: Vec<usize>,
    },
    /// Cage the Lab Animal `animal`, held by a crewman there, in `crewman`'s empty Cage `cage`.
    CageLabAnimal {
        crewman: Crewman,
        animal: usize,
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
}

/// Whether Cage `o` holds an Intruder.
pub fn holds_intruder(s: &State, o: usize) -> bool {
    s.cage_content(o)
        .is_some_and(|k| s.counters[k].identity == Identity::Intruder)
}

/// Where counter `a` sits as a Lab Animal in a portable Cage, if it does.
pub fn caged_lab_animal(s: &State, a: usize) -> Option<Room> {
    let c = &s.counters[a];
    match (c.identity, c.cage, c.place) {
        (Identity::LabAnimal, Some(_), Place::Map(room)) => Some(room),
        _ => None,
    }
}

/// The Lab Animals of the Caged Lab Animals box (the Lab's permanent cages).
pub fn lab_caged(s: &State) -> Vec<usize> {
    (0..s.counters.len())
        .filter(|&a| s.counters[a].place == Place::CagedLabAnimals)
        .collect()
}

/// An empty Cage crewman `c` carries.
pub(super) fn empty_cage(s: &State, c: Crewman) -> Option<usize> {
    s.carried(c)
        .into_iter()
        .find(|&o| s.objects[o].kind == ObjectKind::Cage && s.cage_content(o).is_none())
}

/// The crew actions of capture (rules 11), checked by [`check_capture_action`].
pub fn is_capture_action(action: &Action) -> bool {
    matches!(
        action,
        Action::CatchLabAnimal { .. }
            | Action::CageLabAnimal { .. }
            | Action::TransferLabAnimal { .. }
            | Action::CageIntruder { .. }
            | Action::GainControl { .. }
    )
}

/// The face-up counter `id` of `identity` in `room`.
fn counter_in(s: &State, id: u32, identity: Identity, room: Room) -> Result<usize, RuleError> {
    s.counter_by_id(id)
        .filter(|&k| {
            let c = &s.counters[k];
            c.face_up && c.identity == identity && c.place == Place::Map(room)
        })
        .ok_or_else(|| {
            refuse(
                "not_here",
                format!("no {identity} {id} is face up in {room}"),
            )
        })
}

/// Checks one capture action of a crew action segment (or the general step).
pub fn check_capture_action(
    s: &State,
    action: &Action,
    room: Option<Room>,
) -> Result<Capture, RuleError> {
    match action {
        Action::CatchLabAnimal {
            crewman,
            animal,
            drop,
        } => check_catch(s, *crewman, *animal, drop, room),
        Action::CageLabAnimal { crewman, holder } => {
            check_cage_lab_animal(s, *crewman, *holder, room)
        }
        Action::TransferLabAnimal { crewman, animal } => check_transfer(s, *crewman, *animal, room),
        Action::CageIntruder { crewman, intruder } => {
            check_cage_intruder(s, *crewman, *intruder, room)
        }
        Action::GainControl {
            crewman,
            intruder,
            object,
        } => check_gain_control(s, *crewman, *intruder, *object, room),
        _ => Err(RuleError::wrong_phase("not a capture action")),
    }
}

/// Catch Lab Animal (rules 11): a loose one there, with no large object and at most one small
/// one once `drop` is dropped.
fn check_catch(
    s: &State,
    c: Crewman,
    animal: u32,
    drop: &[u8],
    room: Option<Room>,
) -> Result<Capture, RuleError> {
    let here = ready_here(s, c, room)?;
    let k = counter_in(s, animal, Identity::LabAnimal, here)?;
    if !s.counters[k].loose() {
        return Err(refuse(
            "not_loose",
            format!("Lab Animal {animal} is not loose"),
        ));
    }
    let mut dropped = Vec::new();
    for &object in drop {
        let o = carried_object(s, c, object)?;
        if dropped.contains(&o) {
            return Err(refuse(
                "not_carried",
                format!("object {object} is dropped once"),
            ));
        }
        dropped.push(o);
    }
    let (large, small) = load(s, c);
    let large_dropped = dropped
        .iter()
        .filter(|&&o| is_large(s.objects[o].kind))
        .count();
    if large - large_dropped > 0 || small - (dropped.len() - large_dropped) > 1 {
        return Err(refuse(
            "hands_full",
            format!("{c} needs no large object and at most one small one to catch"),
        ));
    }
    Ok(Capture::Catch {
        crewman: c,
        animal: k,
        drop: dropped,
    })
}

/// Cage Lab Animal (rules 11): the crewman's empty Cage, the holder there.
fn check_cage_lab_animal(
    s: &State,
    c: Crewman,
    holder: Crewman,
    room: Option<Room>,
) -> Result<Capture, RuleError> {
    let here = ready_here(s, c, room)?;
    let cage = empty_cage(s, c)
        .ok_or_else(|| refuse("no_empty_cage", format!("{c} carries no empty Cage")))?;
    living(s, holder)?;
    let animal = s
        .held_by(holder)
        .filter(|_| s.crewman(holder).room == here)
        .ok_or_else(|| {
            refuse(
                "no_animal_held",
                format!("{holder} holds no Lab Animal in {here}"),
            )
        })?;
    Ok(Capture::CageLabAnimal {
        crewman: c,
        animal,
        cage,
    })
}

/// Transfer Lab Animal (rules 11): a Science Officer in the Lab, in the Second Interaction,
/// with a caged or held animal there.
fn check_transfer(
    s: &State,
    c: Crewman,
    animal: u32,
    room: Option<Room>,
) -> Result<Capture, RuleError> {
    let here = ready_here(s, c, room)?;
    if s.phase != Phase::SecondInteraction {
        return Err(RuleError::wrong_phase(
            "Lab Animals are transferred in the Second Interaction",
        ));
    }
    if specialty(c) != Specialty::Science || here != Room::Lab {
        return Err(refuse(
            "not_science_in_lab",
            "only a Science Officer in the Lab transfers Lab Animals",
        ));
    }
    let k = counter_in(s, animal, Identity::LabAnimal, here)?;
    if s.counters[k].loose() {
        return Err(refuse(
            "not_caught",
            format!("Lab Animal {animal} is neither caged nor held"),
        ));
    }
    Ok(Capture::TransferLabAnimal {
        crewman: c,
        animal: k,
    })
}

/// Cage Intruder (rules 11): with an empty Cage; asleep any stage, awake only at stage 1.
fn check_cage_intruder(
    s: &State,
    c: Crewman,
    intruder: u32,
    room: Option<Room>,
) -> Result<Capture, RuleError> {
    let here = ready_here(s, c, room)?;
    let k = counter_in(s, intruder, Identity::Intruder, here)?;
    if s.counters[k].cage.is_some() {
        return Err(refuse("already_caged", "that Intruder is in a Cage"));
    }
    let cage = empty_cage(s, c)
        .ok_or_else(|| refuse("no_empty_cage", format!("{c} carries no empty Cage")))?;
    if s.counters[k].asleep_until.is_none() && s.stage > 1 {
        return Err(refuse(
            "too_big_to_cage",
            "an awake Intruder is caged only at stage 1",
        ));
    }
    Ok(Capture::CageIntruder {
        crewman: c,
        intruder: k,
        cage,
    })
}

/// Gain control (rules 11, 12.2): the holder of a Prod, an Intruder there neither caged nor
/// controlled, never Immune to Shock.
fn check_gain_control(
    s: &State,
    c: Crewman,
    intruder: u32,
    object: u8,
    room: Option<Room>,
) -> Result<Capture, RuleError> {
    let here = ready_here(s, c, room)?;
    let o = carried_object(s, c, object)?;
    if s.objects[o].kind != ObjectKind::ElectricProd {
        return Err(refuse("not_a_prod", format!("object {object} is no Prod")));
    }
    let k = counter_in(s, intruder, Identity::Intruder, here)?;
    if !s.counters[k].loose() {
        return Err(refuse(
            "not_loose",
            "that Intruder is caged or controlled already",
        ));
    }
    if s.has(Power::ImmuneToShock) {
        return Err(refuse(
            "immune_to_shock",
            "prods have no effect on the Intruder",
        ));
    }
    Ok(Capture::GainControl {
        crewman: c,
        intruder: k,
    })
}

/// Release a held animal or control (free, rules 9.3).
pub fn check_release(s: &State, c: Crewman) -> Result<Intent, RuleError> {
    living(s, c)?;
    if s.held_by(c).is_none() && s.controlled_by(c).is_none() {
        return Err(refuse("nothing_to_release", format!("{c} holds nothing")));
    }
    Ok(Intent::Release { crewman: c })
}

/// Move with a controlled Intruder (rules 9.3): all 3 MP, one compartment, an unlocked secured
/// room too.
pub fn check_move_with_intruder(s: &State, c: Crewman, to: Room) -> Result<Intent, RuleError> {
    living(s, c)?;
    let intruder = s
        .controlled_by(c)
        .ok_or_else(|| refuse("not_controlling", format!("{c} controls no Intruder")))?;
    let crew = s.crewman(c);
    way(s, crew.room, to)?;
    if crew.mp < 3 {
        return Err(refuse(
            "no_mp",
            "moving with a controlled Intruder takes all 3 MP",
        ));
    }
    Ok(Intent::MoveWithIntruder {
        crewman: c,
        intruder,
        to,
    })
}

/// Carry a caged Intruder (rules 9.2): enough carriers, each with the MP to go.
pub fn check_carry_cage(s: &State, cage: u8, to: Room) -> Result<Intent, RuleError> {
    let o = object_index(s, cage)?;
    let carriers = s.carriers(o);
    let from = s
        .object_room(o)
        .filter(|_| holds_intruder(s, o) && !carriers.is_empty())
        .ok_or_else(|| refuse("no_carriers", format!("nobody carries Cage {cage}")))?;
    if carriers.len() < carriers_needed(s.stage) {
        return Err(refuse(
            "too_few_carriers",
            format!(
                "a stage {} Intruder needs {} carriers",
                s.stage,
                carriers_needed(s.stage)
            ),
        ));
    }
    let cost = way(s, from, to)?;
    if carriers.iter().any(|&c| s.crewman(c).mp < cost) {
        return Err(refuse(
            "no_mp",
            format!("a carrier of Cage {cage} lacks the MP"),
        ));
    }
    Ok(Intent::CarryCage { cage: o, to, cost })
}

/// The capture actions worth checking in the segment of `room` (or the general step).
pub fn capture_candidates(s: &State, room: Option<Room>) -> Vec<Action> {
    let mut out = Vec::new();
    for c in CREW.into_iter().filter(|&c| may_act_in(s, c, room)) {
        let crew = s.crewman(c);
        let here = Place::Map(crew.room);
        let carried: Vec<u8> = s.carried(c).into_iter().map(|o| o as u8).collect();
        for k in s.counters.iter().filter(|k| k.place == here && k.face_up) {
            let id = k.id;
            match k.identity {
                Identity::LabAnimal => {
                    out.push(Action::CatchLabAnimal {
                        crewman: c,
                        animal: id,
                        drop: Vec::new(),
                    });
                    if !carried.is_empty() {
                        out.push(Action::CatchLabAnimal {
                            crewman: c,
                            animal: id,
                            drop: carried.clone(),
                        });
                    }
                    out.push(Action::TransferLabAnimal {
                        crewman: c,
                        animal: id,
                    });
                }
                Identity::Intruder => {
                    out.push(Action::CageIntruder {
                        crewman: c,
                        intruder: id,
                    });
                    out.extend(carried.iter().map(|&object| Action::GainControl {
                        crewman: c,
                        intruder: id,
                        object,
                    }));
                }
                Identity::Dummy | Identity::LostCrewman => {}
            }
        }
        out.extend(
            s.crew_in(crew.room)
                .into_iter()
                .map(|holder| Action::CageLabAnimal { crewman: c, holder }),
        );
    }
    out
}

/// Plays a checked capture action (the crewman acts).
pub fn play<R: Roll>(t: &mut Table<'_, R>, capture: Capture) {
    match capture {
        Capture::Catch {
            crewman,
            animal,
            drop,
        } => {
            let room = t.s.crewman(crewman).room;
            for o in drop {
                t.s.objects[o].place = ObjectPlace::Room { room };
                t.tell(Event::Dropped {
                    crewman,
                    object: o as u8,
                });
            }
            t.s.crew[crewman as usize].acted = true;
            let roll = t.dice.d6();
            let caught = roll <= CATCH;
            if caught {
                t.s.counters[animal].holder = Some(crewman);
            }
            let animal = t.s.counters[animal].id;
            t.tell(Event::CatchRoll {
                crewman,
                animal,
                roll,
                caught,
            });
        }
        Capture::CageLabAnimal {
            crewman,
            animal,
            cage,
        } => {
            t.s.crew[crewman as usize].acted = true;
            t.s.counters[animal].holder = None;
            t.s.counters[animal].cage = Some(cage);
            let animal = t.s.counters[animal].id;
            t.tell(Event::LabAnimalCaged {
                crewman,
                animal,
                cage: cage as u8,
            });
        }
        Capture::TransferLabAnimal { crewman, animal } => {
            t.s.crew[crewman as usize].acted = true;
            t.s.unbind(animal);
            t.s.counters[animal].place = Place::CagedLabAnimals;
            let animal = t.s.counters[animal].id;
            t.tell(Event::LabAnimalTransferred { crewman, animal });
        }
        Capture::CageIntruder {
            crewman,
            intruder,
            cage,
        } => cage_intruder(t, crewman, intruder, cage),
        Capture::GainControl { crewman, intruder } => {
            t.s.crew[crewman as usize].acted = true;
            let roll = t.dice.d6();
            let controlled = roll <= chart(t.s.stage).prod_control;
            if controlled {
                t.s.counters[intruder].controller = Some(crewman);
            }
            let intruder = t.s.counters[intruder].id;
            t.tell(Event::ProdRoll {
                crewman,
                intruder,
                roll,
                controlled,
            });
        }
    }
}

/// Rolls to cage an Intruder; a caged one is set down in the compartment with its catcher as
/// its first carrier, and an Extra Strong one breaks out at once.
fn cage_intruder<R: Roll>(t: &mut Table<'_, R>, crewman: Crewman, k: usize, cage: usize) {
    if roll_to_cage(t, crewman, k) {
        // A caged Intruder is no longer under prod control (our rule).
        t.s.unbind(k);
        let room = t.s.crewman(crewman).room;
        t.s.objects[cage].place = ObjectPlace::Room { room };
        t.s.counters[k].cage = Some(cage);
        t.s.crew[crewman as usize].bears = Some(cage);
        t.break_out(k);
        t.check_end();
    }
}

/// A crewman's action rolling to cage Intruder `k` (asleep: 1-5; awake: 1-2), told; whether
/// it is caged.
pub fn roll_to_cage<R: Roll>(t: &mut Table<'_, R>, crewman: Crewman, k: usize) -> bool {
    t.s.crew[crewman as usize].acted = true;
    let roll = t.dice.d6();
    let odds = if t.s.counters[k].asleep_until.is_some() {
        CAGE_ASLEEP
    } else {
        CAGE_AWAKE_STAGE_1
    };
    let caged = roll <= odds;
    let intruder = t.s.counters[k].id;
    t.tell(Event::CageRoll {
        crewman,
        intruder,
        roll,
        caged,
    });
    caged
}

/// Lets go of a held animal (loose, face up) or of prod control.
pub fn release<R: Roll>(t: &mut Table<'_, R>, crewman: Crewman) {
    let Some(k) = t.s.held_by(crewman).or(t.s.controlled_by(crewman)) else {
        return;
    };
    t.s.counters[k].holder = None;
    t.s.counters[k].controller = None;
    let counter = t.s.counters[k].id;
    t.tell(Event::Released { crewman, counter });
}

/// The controller and his Intruder go one compartment for all his MP.
pub fn move_with_intruder<R: Roll>(t: &mut Table<'_, R>, crewman: Crewman, k: usize, to: Room) {
    let crew = &mut t.s.crew[crewman as usize];
    let from = crew.room;
    crew.room = to;
    crew.mp = 0;
    crew.picking = false;
    t.s.counters[k].place = Place::Map(to);
    let intruder = t.s.counters[k].id;
    t.tell(Event::MovedWithIntruder {
        crewman,
        intruder,
        from,
        to,
    });
}

/// The carriers and the caged Intruder go together; each carrier pays the move.
pub fn carry_cage<R: Roll>(t: &mut Table<'_, R>, cage: usize, to: Room, cost: u8) {
    let carriers = t.s.carriers(cage);
    let Some(from) = t.s.object_room(cage) else {
        return;
    };
    for &c in &carriers {
        let crew = &mut t.s.crew[c as usize];
        crew.room = to;
        crew.mp -= cost;
        crew.picking = false;
    }
    t.s.objects[cage].place = ObjectPlace::Room { room: to };
    t.tell(Event::CageCarried {
        cage: cage as u8,
        from,
        to,
        carriers,
    });
}

/// A free Intruder lets Lab Animal `a` out of its portable Cage in `room` (5.3, 17.1): a new
/// face-down counter there under a fresh id, so nobody can follow it; the Cage stays, empty.
pub fn open_cage<R: Roll>(t: &mut Table<'_, R>, a: usize, room: Room) {
    let Some(cage) = t.s.counters[a].cage else {
        return;
    };
    let id = t.s.fresh_id(t.dice);
    let animal = &mut t.s.counters[a];
    animal.cage = None;
    animal.face_up = false;
    animal.id = id;
    t.tell(Event::CageOpened {
        cage: cage as u8,
        room,
        id,
    });
}

/// A free Intruder in the Lab opens its permanent cages (17.1): the animals of the Caged Lab
/// Animals box return face down into the Lab under fresh ids, told in ascending order.
pub fn open_lab_cages<R: Roll>(t: &mut Table<'_, R>) {
    let mut ids = Vec::new();
    for a in lab_caged(t.s) {
        let id = t.s.fresh_id(t.dice);
        let animal = &mut t.s.counters[a];
        animal.place = Place::Map(Room::Lab);
        animal.face_up = false;
        animal.id = id;
        ids.push(id);
    }
    ids.sort_unstable();
    t.tell(Event::LabCagesOpened { ids });
}
