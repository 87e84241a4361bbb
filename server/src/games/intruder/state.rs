//! The whole truth of a match, and the solitaire set-up (rules 17.2).

use std::collections::BTreeSet;

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{
    Action, Crewman, Event, Identity, ObjectKind, ObjectPlace, Phase, Power, Room, SelfDestruct,
};

use super::scenario::Scenario;
use super::station::PANIC_ORDER;
use super::tables::chart;
use crate::games::Roll;

/// Every crewman in canonical order.
pub const CREW: [Crewman; 9] = [
    Crewman::C1,
    Crewman::C2,
    Crewman::C3,
    Crewman::E1,
    Crewman::E2,
    Crewman::E3,
    Crewman::S1,
    Crewman::S2,
    Crewman::S3,
];

/// The three specialties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Specialty {
    Command,
    Engineer,
    Science,
}

/// The specialty of a crewman.
pub fn specialty(c: Crewman) -> Specialty {
    match c {
        Crewman::C1 | Crewman::C2 | Crewman::C3 => Specialty::Command,
        Crewman::E1 | Crewman::E2 | Crewman::E3 => Specialty::Engineer,
        Crewman::S1 | Crewman::S2 | Crewman::S3 => Specialty::Science,
    }
}

/// One crewman.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Crew {
    pub room: Room,
    pub alive: bool,
    /// Movement points left this Crew Movement Phase.
    pub mp: u8,
    /// Has acted (or self-defended) this Interaction Phase.
    pub acted: bool,
    /// His last function was a pick-up and he has not moved since (more pick-ups are free).
    pub picking: bool,
    /// The Cage holding an Intruder (an object lying in his compartment) he helps carry (9.2).
    pub bears: Option<usize>,
    /// The Shuttle (1 or 2) he left in: off the station for good (15.2).
    pub aboard: Option<u8>,
    /// Lost in a panic (14.3): the face-down counter (index) he is until found; his `room`
    /// stays the Command Module, where he was lost.
    pub lost: Option<usize>,
}

/// One object (numbered by its index, for good).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Object {
    pub kind: ObjectKind,
    pub place: ObjectPlace,
}

/// Where a hidden-counter piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// On the map.
    Map(Room),
    /// The Not Used box (face down).
    NotUsed,
    /// Dummies Discovered (face up).
    DummiesDiscovered,
    /// Clones Not Yet in Play.
    ClonesNotYetInPlay,
    /// Killed Intruders.
    Killed,
    /// Material never brought into play (the spare Intruder counters).
    Spare,
    /// Lost through an airlock (Lab Animals).
    Lost,
    /// Expelled alive, Immune to Vacuum.
    Gone,
    /// The Caged Lab Animals box (transferred Lab Animals).
    CagedLabAnimals,
    /// Frozen Intruders: captured (12.3).
    Frozen,
    /// Aboard Shuttle 1 or 2, a stowaway (15.2).
    Shuttle(u8),
    /// Landed on its home world by a Shuttle whose crew all died: gone alive (15.2).
    Landed,
    /// A lost crewman's counter once he is found: out of play until someone is lost again
    /// (14.3).
    Found,
}

/// One Intruder, Lab Animal or Dummy counter.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Counter {
    pub identity: Identity,
    /// The opaque id; drawn again at every shuffle.
    pub id: u32,
    pub place: Place,
    pub face_up: bool,
    /// Asleep until the crew action segment of (turn, interaction phase 1 or 2); aboard a
    /// Shuttle, of (repetition, 0), each repetition counting as a turn (15.2).
    pub asleep_until: Option<(u32, u8)>,
    /// Holds an airlock edge (Fast Reflexes): returns to the corridor in the next phase 1.
    pub holding_edge: bool,
    /// The Cage (object index) it sits in; it is where the Cage is.
    pub cage: Option<usize>,
    /// The crewman holding this Lab Animal; it is where he is.
    pub holder: Option<Crewman>,
    /// The crewman controlling this Intruder with a Prod; it is where he is.
    pub controller: Option<Crewman>,
    /// Immune to Cold, held by the Freezer as if caged (12.3) until it breaks out (Extra
    /// Strong, 12.1).
    pub iced: bool,
}

impl Counter {
    /// Not in a Cage, not held, not controlled, not held by the Freezer.
    pub fn loose(&self) -> bool {
        self.cage.is_none() && self.holder.is_none() && self.controller.is_none() && !self.iced
    }

    /// Rules 5.3: a free Intruder is not asleep, caged, controlled or frozen.
    pub fn free(&self) -> bool {
        self.loose() && self.asleep_until.is_none()
    }
}

/// The decision the match waits for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Step {
    /// Return to Prometheus (17.4): the crew spreads each team's objects before turn 1.
    SetUp,
    /// The crew moves.
    CrewMovement,
    /// A crew action segment (`Some`) or the general action step (`None`).
    CrewActions(Option<Room>),
    /// Intruder `intruder` (a counter index) attacks `target` in `room`; the Intruders of `rest`
    /// act after it, then the crew.
    SelfDefence {
        room: Room,
        intruder: usize,
        target: Crewman,
        rest: Vec<usize>,
    },
    /// The Intruder seat plans phase 1 (17.1).
    IntruderMovement,
    /// The Intruder seat destroys objects at the end of phase 1 (17.1).
    IntruderDestruction,
    /// The Intruder seat decides whether Intruder `intruder` (a counter index) in `room` attacks,
    /// and whom (17.1); the Intruders of `rest` act after it, then the crew.
    IntruderAttack {
        room: Room,
        intruder: usize,
        rest: Vec<usize>,
    },
    /// Aboard Shuttle `shuttle`, fighting its stowaway: the crew action segment (15.2).
    ShuttleActions { shuttle: u8 },
    /// Aboard Shuttle `shuttle`, the stowaway `intruder` (a counter index) attacks `target`.
    ShuttleDefence {
        shuttle: u8,
        intruder: usize,
        target: Crewman,
    },
    /// Aboard Shuttle `shuttle`, the Intruder seat decides whether its stowaway attacks.
    ShuttleAttack { shuttle: u8, intruder: usize },
    /// The match is over.
    Over,
}

/// A Shuttle (15.2) and the fight with its stowaway.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Shuttle {
    /// It left the station; it never returns.
    pub left: bool,
    /// Repetitions of steps 6.2.2-6.2.3 aboard so far.
    pub round: u32,
    /// The repetition whose crew action segment was spent preparing the hatches.
    pub prepared: Option<u32>,
    /// The station's crew action segment it left in (`None`: the general step), to go on with
    /// once the fight aboard is over.
    pub resume: Option<Room>,
}

/// How the match ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ending {
    /// A stable snake_case code.
    pub reason: &'static str,
    pub score: i32,
    /// `Some(true)` win, `Some(false)` loss, `None` draw.
    pub crew_won: Option<bool>,
}

/// The whole truth.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub scenario: Scenario,
    pub turn: u32,
    /// 0: no limit.
    pub turn_limit: u32,
    pub phase: Phase,
    pub step: Step,
    pub crew: [Crew; 9],
    pub objects: Vec<Object>,
    pub counters: Vec<Counter>,
    pub stage: u8,
    pub known: Vec<Power>,
    /// Secured rooms unlocked this Crew Movement Phase.
    pub unlocked: Vec<Room>,
    /// The next compartment (index into the canonical order) the interaction looks at.
    pub cursor: usize,
    /// Attacks on each counter this Interaction Phase (self-defence included).
    pub attacks: Vec<u8>,
    /// Rooms where a crewman died this Interaction Phase: every later crew CRT roll there gets
    /// +1 (10.4).
    pub deaths: Vec<Room>,
    /// Someone (crewman or Intruder) died this Interaction Phase.
    pub died: bool,
    pub killed: u8,
    pub captured: u8,
    /// Every opaque id ever drawn, so none is drawn twice.
    pub used_ids: BTreeSet<u32>,
    pub self_destruct: SelfDestruct,
    /// Science Officer scenario (17.3): the crew seats ready at this decision point, with their
    /// orders, in the order they came in.
    pub orders: Vec<(Seat, Vec<Action>)>,
    pub ending: Option<Ending>,
    /// Weapons (object indices) worked on during this turn's Crew Movement Phase (9.3).
    pub worked: Vec<usize>,
    /// Option `lost-crewmen` (14.3).
    pub lost_crewmen: bool,
    /// Option `marines` (17.4).
    pub marines: bool,
    /// Return to Prometheus: phase-1 movements of the set-up still to play (17.4); the teams
    /// are placed after them.
    pub set_up_movements: u8,
    /// Shuttle #1 and Shuttle #2 (15.2); Return to Prometheus adds Shuttle #3 at AIR (17.4).
    pub shuttles: Vec<Shuttle>,
    /// What the set-up told before the first decision: no command carries it, so every view
    /// does (18). The automatic Intruder's events have no secret.
    pub set_up: Vec<Event>,
}

/// The objects of rules 2 in number order, and where solitaire starts them (17.2).
const OBJECTS: [(ObjectKind, ObjectPlace); 19] = {
    const ARM: ObjectPlace = ObjectPlace::Room { room: Room::Arm };
    const LAB: ObjectPlace = ObjectPlace::Room { room: Room::Lab };
    const TRACK: ObjectPlace = ObjectPlace::Track { turns: 0 };
    [
        (ObjectKind::Blaster, ARM),
        (ObjectKind::Blaster, ARM),
        (ObjectKind::Blaster, ARM),
        (ObjectKind::SleepDartPistol, ARM),
        (ObjectKind::SleepDartPistol, ARM),
        (ObjectKind::SleepDartPistol, ARM),
        (ObjectKind::GasCanister, ARM),
        (ObjectKind::GasCanister, ARM),
        (ObjectKind::GasCanister, ARM),
        (ObjectKind::ElectricProd, TRACK),
        (ObjectKind::ElectricProd, TRACK),
        (ObjectKind::ElectricProd, TRACK),
        (ObjectKind::Flamethrower, TRACK),
        (ObjectKind::Flamethrower, TRACK),
        (ObjectKind::Flamethrower, TRACK),
        (ObjectKind::Cage, LAB),
        (ObjectKind::Cage, LAB),
        (ObjectKind::Cage, LAB),
        (ObjectKind::Cage, LAB),
    ]
};

/// Solitaire crew positions, in canonical order (17.2).
const CREW_START: [Room; 9] = [
    Room::Cm,
    Room::Mes,
    Room::Liv,
    Room::Pwr,
    Room::Mnt,
    Room::Liv,
    Room::Lab,
    Room::Inf,
    Room::Mes,
];

impl State {
    /// The solitaire set-up (17.2), also used by the Intelligent Intruder and the Science
    /// Officer: 12 animals and dummies shuffled, 4 set aside unseen, the Intruder added and the 9
    /// placed in panic order.
    pub fn solitaire(scenario: Scenario, turn_limit: u32, dice: &mut impl Roll) -> State {
        let mut s = State::empty(scenario, turn_limit, CREW_START, OBJECTS);
        let mut pool: Vec<Identity> = [Identity::LabAnimal; 6]
            .into_iter()
            .chain([Identity::Dummy; 6])
            .collect();
        dice.shuffle(&mut pool);
        for identity in pool.drain(8..) {
            s.push_counter(identity, Place::NotUsed, dice);
        }
        pool.push(Identity::Intruder);
        dice.shuffle(&mut pool);
        for (k, identity) in pool.into_iter().enumerate() {
            let room = PANIC_ORDER[k % PANIC_ORDER.len()];
            s.push_counter(identity, Place::Map(room), dice);
        }
        for _ in 0..4 {
            s.push_counter(Identity::Intruder, Place::Spare, dice);
        }
        s
    }

    /// A station with the crew at `crew_start`, the objects at their places and no counter
    /// yet, before turn 1.
    pub fn empty(
        scenario: Scenario,
        turn_limit: u32,
        crew_start: [Room; 9],
        objects: [(ObjectKind, ObjectPlace); 19],
    ) -> State {
        State {
            scenario,
            turn: 0,
            turn_limit,
            phase: Phase::Movement,
            step: Step::CrewMovement,
            crew: crew_start.map(|room| Crew {
                room,
                alive: true,
                mp: 0,
                acted: false,
                picking: false,
                bears: None,
                aboard: None,
                lost: None,
            }),
            objects: objects
                .iter()
                .map(|&(kind, place)| Object { kind, place })
                .collect(),
            counters: Vec::new(),
            stage: 1,
            known: Vec::new(),
            unlocked: Vec::new(),
            cursor: 0,
            attacks: Vec::new(),
            deaths: Vec::new(),
            died: false,
            killed: 0,
            captured: 0,
            used_ids: BTreeSet::new(),
            self_destruct: SelfDestruct::Off {},
            orders: Vec::new(),
            ending: None,
            worked: Vec::new(),
            marines: false,
            set_up_movements: 0,
            shuttles: vec![Shuttle::default(); 2],
            lost_crewmen: false,
            set_up: Vec::new(),
        }
    }

    /// Adds a face-down counter at `place` under a fresh opaque id; returns its index.
    pub fn push_counter(
        &mut self,
        identity: Identity,
        place: Place,
        dice: &mut impl Roll,
    ) -> usize {
        let id = self.fresh_id(dice);
        self.counters.push(Counter {
            identity,
            id,
            place,
            face_up: false,
            asleep_until: None,
            holding_edge: false,
            cage: None,
            holder: None,
            controller: None,
            iced: false,
        });
        self.attacks.push(0);
        self.counters.len() - 1
    }

    /// An opaque id never drawn before in this match (nine digits at most, so it reads well
    /// on the wire).
    pub fn fresh_id(&mut self, dice: &mut impl Roll) -> u32 {
        loop {
            let id = dice.index(1_000_000_000) as u32;
            if self.used_ids.insert(id) {
                return id;
            }
        }
    }

    /// The state of a crewman.
    pub fn crewman(&self, c: Crewman) -> &Crew {
        &self.crew[c as usize]
    }

    /// Whether crewman `c` is alive and in play on the station (not gone in a Shuttle, not
    /// lost: 14.3).
    pub fn on_station(&self, c: Crewman) -> bool {
        let crew = self.crewman(c);
        crew.alive && crew.aboard.is_none() && crew.lost.is_none()
    }

    /// The crewman hidden as counter `k` (14.3).
    pub fn lost_as(&self, k: usize) -> Option<Crewman> {
        CREW.into_iter().find(|&c| self.crewman(c).lost == Some(k))
    }

    /// The living crewmen in `room`, in canonical order.
    pub fn crew_in(&self, room: Room) -> Vec<Crewman> {
        CREW.into_iter()
            .filter(|&c| self.on_station(c) && self.crewman(c).room == room)
            .collect()
    }

    /// Whether a crewman stands in `room` to stop a counter moving in phase 1 (5.2, 17.1):
    /// none does before the teams of Return to Prometheus are placed, after the set-up
    /// movements (17.4).
    pub fn stops_counters(&self, room: Room) -> bool {
        self.set_up_movements == 0 && !self.crew_in(room).is_empty()
    }

    /// The living crewmen aboard Shuttle `n`, in canonical order.
    pub fn crew_aboard(&self, n: u8) -> Vec<Crewman> {
        CREW.into_iter()
            .filter(|&c| self.crewman(c).alive && self.crewman(c).aboard == Some(n))
            .collect()
    }

    /// The Intruder fighting aboard Shuttle `n`: a stowaway not (yet) caged.
    pub fn stowaway(&self, n: u8) -> Option<usize> {
        self.counters.iter().position(|c| {
            c.identity == Identity::Intruder && c.place == Place::Shuttle(n) && c.cage.is_none()
        })
    }

    /// Crewmen who left in a Shuttle and are alive (16.2).
    pub fn escaped(&self) -> usize {
        self.crew
            .iter()
            .filter(|c| c.alive && c.aboard.is_some())
            .count()
    }

    /// The counter with opaque id `id`.
    pub fn counter_by_id(&self, id: u32) -> Option<usize> {
        self.counters.iter().position(|c| c.id == id)
    }

    /// The objects a crewman carries.
    pub fn carried(&self, c: Crewman) -> Vec<usize> {
        (0..self.objects.len())
            .filter(|&o| self.objects[o].place == ObjectPlace::Carried { crewman: c })
            .collect()
    }

    /// Whether `power` is known.
    pub fn has(&self, power: Power) -> bool {
        self.known.contains(&power)
    }

    /// Powers not yet determined.
    pub fn unknown_powers(&self) -> u8 {
        chart(self.stage)
            .powers
            .saturating_sub(self.known.len() as u8)
    }

    /// Whether counter `k` is an Intruder on the map.
    pub fn intruder_on_map(&self, k: usize) -> Option<Room> {
        let c = &self.counters[k];
        match (c.identity, c.place) {
            (Identity::Intruder, Place::Map(room)) => Some(room),
            _ => None,
        }
    }

    /// The Intruders that count against the chart's clone number (7.4): in play, killed,
    /// waiting in Clones Not Yet in Play, or gone alive through an airlock (our rule: like a
    /// killed one it has left play for good).
    pub fn intruders_counted(&self) -> usize {
        self.counters
            .iter()
            .filter(|c| {
                c.identity == Identity::Intruder
                    && matches!(
                        c.place,
                        Place::Map(_)
                            | Place::Killed
                            | Place::ClonesNotYetInPlay
                            | Place::Gone
                            | Place::Frozen
                            | Place::Shuttle(_)
                            | Place::Landed
                    )
            })
            .count()
    }

    /// Intruders captured: frozen, or permanently trapped (12.1).
    pub fn captured_total(&self) -> u8 {
        let trapped = (0..self.counters.len())
            .filter(|&k| self.permanently_trapped(k))
            .count() as u8;
        self.captured + trapped
    }

    /// The score so far (rules 16.2).
    pub fn score(&self) -> i32 {
        let dead = self.crew.iter().filter(|c| !c.alive).count() as i32;
        -5 * dead + 7 * i32::from(self.killed) + 15 * i32::from(self.captured_total())
    }

    /// Where object `o` is on the station, lying or carried.
    pub fn object_room(&self, o: usize) -> Option<Room> {
        match self.objects[o].place {
            ObjectPlace::Room { room } => Some(room),
            ObjectPlace::Carried { crewman } if self.crewman(crewman).aboard.is_none() => {
                Some(self.crewman(crewman).room)
            }
            ObjectPlace::Carried { .. }
            | ObjectPlace::Track { .. }
            | ObjectPlace::Lost {}
            | ObjectPlace::Aboard { .. } => None,
        }
    }

    /// The Shuttle object `o` is aboard, carried or lying.
    pub fn object_shuttle(&self, o: usize) -> Option<u8> {
        match self.objects[o].place {
            ObjectPlace::Aboard { shuttle } => Some(shuttle),
            ObjectPlace::Carried { crewman } => self.crewman(crewman).aboard,
            _ => None,
        }
    }

    /// The counter sitting in Cage `o`, if any.
    pub fn cage_content(&self, o: usize) -> Option<usize> {
        self.counters.iter().position(|c| c.cage == Some(o))
    }

    /// The living crewmen carrying the caged Intruder of Cage `o`, in canonical order.
    pub fn carriers(&self, o: usize) -> Vec<Crewman> {
        CREW.into_iter()
            .filter(|&c| self.crewman(c).alive && self.crewman(c).bears == Some(o))
            .collect()
    }

    /// The Lab Animal crewman `c` holds.
    pub fn held_by(&self, c: Crewman) -> Option<usize> {
        self.counters.iter().position(|k| k.holder == Some(c))
    }

    /// The Intruder crewman `c` controls.
    pub fn controlled_by(&self, c: Crewman) -> Option<usize> {
        self.counters.iter().position(|k| k.controller == Some(c))
    }

    /// Rules 12.1: caged (or held by the Freezer) at stage 6 with all 7 powers known and no
    /// Extra Strong (caged aboard a Shuttle too).
    pub fn permanently_trapped(&self, k: usize) -> bool {
        let c = &self.counters[k];
        c.identity == Identity::Intruder
            && (c.cage.is_some() || c.iced)
            && matches!(c.place, Place::Map(_) | Place::Shuttle(_))
            && self.stage == 6
            && self.unknown_powers() == 0
            && !self.has(Power::ExtraStrong)
    }

    /// Frees counter `k` from its Cage (the Cage stays where it is, empty, and its carriers
    /// let go), its holder and its controller.
    pub fn unbind(&mut self, k: usize) {
        if let Some(o) = self.counters[k].cage {
            for c in &mut self.crew {
                if c.bears == Some(o) {
                    c.bears = None;
                }
            }
        }
        let c = &mut self.counters[k];
        c.cage = None;
        c.holder = None;
        c.controller = None;
    }

    /// Puts every caged, held or controlled counter where its Cage, holder or controller is.
    pub fn follow(&mut self) {
        for k in 0..self.counters.len() {
            let c = &self.counters[k];
            if !matches!(c.place, Place::Map(_)) {
                continue;
            }
            let room = match (c.cage, c.holder.or(c.controller)) {
                (Some(o), _) => self.object_room(o),
                (None, Some(crewman)) => Some(self.crewman(crewman).room),
                (None, None) => None,
            };
            if let Some(room) = room {
                self.counters[k].place = Place::Map(room);
            }
        }
    }
}
