//! Intruder wire types: the crew of Deep Space Station Prometheus against a shapeshifting alien
//! hidden among face-down counters (rules: `shared/rules/intruder.md`).
//!
//! Compartments and crewmen are named by their mapsheet ids in lower case (`cm`, `sh2`, `c1`,
//! `s3`). Objects are numbered 0 to 18 and keep their number all game. Face-down counters are
//! named only by an opaque id that is drawn again at every shuffle.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A compartment of the station, in canonical order (the order interactions are resolved in).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Room {
    Cm,
    Arm,
    Frz,
    Cmp,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    Sa1,
    Sa2,
    Sb1,
    Sb2,
    Sc1,
    Sc2,
    Mes,
    Liv,
    Lab,
    Inf,
    Pwr,
    Mnt,
    Sh1,
    Sh2,
    Sh3,
    Air,
    Dk1,
    Dk2,
}

/// A crewman, in canonical order: Command C1-C3, Engineers E1-E3, Science Officers S1-S3.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Crewman {
    C1,
    C2,
    C3,
    E1,
    E2,
    E3,
    S1,
    S2,
    S3,
}

/// What an object is. Flamethrowers and Cages are large, the rest small.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ObjectKind {
    Blaster,
    SleepDartPistol,
    GasCanister,
    ElectricProd,
    Flamethrower,
    Cage,
}

/// Where an object is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "at", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ObjectPlace {
    /// Lying in a compartment.
    Room { room: Room },
    /// Carried by a crewman.
    Carried { crewman: Crewman },
    /// On the Weapon Construction Track, `turns` turns of work done.
    Track { turns: u8 },
    /// Destroyed or lost (an airlock, the Freezer).
    Lost {},
    /// Aboard a Shuttle that left (rules 15.2), not carried by a living crewman.
    Aboard { shuttle: u8 },
}

/// A column of the Combat Results Table (Blaster* is read for Blasters against a Blaster
/// Resistant Intruder).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Weapon {
    SleepDart,
    Blaster,
    BlasterResistant,
    Gas,
    Improvised,
    Flamethrower,
}

/// One result of the Combat Results Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// `–`: no effect.
    None,
    /// `S`: the Intruder falls asleep.
    Sleep,
    /// `IR`: the Intruder retreats.
    Retreat,
    /// `K`: the Intruder is killed.
    Kill,
    /// `CK`: the attacked crewman is killed.
    CrewKilled,
    /// `K+CK`: both.
    KillBoth,
}

/// A power of the Intruder (shared by every Intruder and clone).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Power {
    ImmuneToShock,
    FastReflexes,
    ImmuneToVacuum,
    ImmuneToCold,
    VeryFast,
    Clone,
    ExtraStrong,
    ImmuneToFlame,
    ImmuneToGas,
    ImmuneToSleepDarts,
    BlasterResistant,
}

/// What a hidden counter turns out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Identity {
    Intruder,
    LabAnimal,
    Dummy,
    /// A crewman lost in a panic (option `lost-crewmen`, rules 14.3); which one is told apart.
    LostCrewman,
}

/// The six phases of a turn.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Movement,
    FirstInteraction,
    CrewMovement,
    Metamorphosis,
    SecondInteraction,
    SelfDestruct,
}

/// One counter's move in an Intruder seat's phase-1 plan (rules 17.1): the compartments it
/// enters, in order (none: it stays; two only with Very Fast).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CounterMove {
    pub id: u32,
    pub path: Vec<Room>,
}

/// One intent of a crew seat or of the Intruder seat. `"type"` names it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// Crew Movement: move a crewman to an adjacent compartment (1 MP, 2 into an Access Shaft).
    Move { crewman: Crewman, to: Room },
    /// Crew Movement: pick up an object lying in his compartment. Any number of objects cost
    /// 1 MP together: the first pick-up costs 1 MP, further ones before he moves again are free.
    PickUp { crewman: Crewman, object: u8 },
    /// Crew Movement: drop a carried object (free).
    Drop { crewman: Crewman, object: u8 },
    /// Crew Movement: unlock a secured room from the Command Module (a crewman there who may).
    Unlock { crewman: Crewman, room: Room },
    /// Crew Movement: every crewman has moved; the turn goes on.
    EndMovement {},
    /// Crew action segment: attack an Intruder in the same compartment with a carried weapon
    /// (`object`) or improvised (`object` absent).
    Attack {
        crewman: Crewman,
        intruder: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        object: Option<u8>,
    },
    /// Self-defence against the Intruder attacking now, by the target or another crewman there.
    Defend {
        crewman: Crewman,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        object: Option<u8>,
    },
    /// No self-defence: the Intruder's attack goes on.
    NoDefence {},
    /// Second Interaction, crew action: a Command Officer in the Command Module starts the
    /// self-destruct (once a game).
    StartSelfDestruct { crewman: Crewman },
    /// Second Interaction, crew action: a Command or Science Officer in the Command Module stops
    /// it while the marker is in Active, 8, 7, 6 or 5; it can never be restarted.
    StopSelfDestruct { crewman: Crewman },
    /// Crew action: a crewman in C2, A2 or B2 opens the airlock next to him (AIR, DK1, DK2).
    OpenAirlock { crewman: Crewman },
    /// Second Interaction, crew action of a Science Officer anywhere: turn one random face-down
    /// counter of the Not Used box face up.
    Inventory { crewman: Crewman },
    /// Ends the current crew action segment (or the general action step).
    EndActions {},
    /// Intruder seat, phase 1: the whole movement plan at once, one move per opaque id;
    /// counters not listed stay.
    PlanMovement { moves: Vec<CounterMove> },
    /// Intruder seat, step 6.2.2.A: Intruder `intruder` attacks `target`, or (`target` absent)
    /// does not attack.
    IntruderAttack {
        intruder: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Crewman>,
    },
    /// Intruder seat, end of phase 1: a free Intruder destroys an object lying in its
    /// compartment.
    DestroyObject { object: u8 },
    /// Intruder seat, end of phase 1: a free Intruder opens a portable Cage holding a Lab
    /// Animal in its compartment; the animal becomes a new face-down counter there.
    OpenCage { cage: u8 },
    /// Intruder seat, end of phase 1: a free Intruder in the Lab opens its permanent cages; the
    /// animals of the Caged Lab Animals box return face down into the Lab.
    OpenLabCages {},
    /// Intruder seat, end of phase 1: no more Cages are opened nor objects destroyed.
    EndDestruction {},
    /// Science Officer scenario (17.3): a crew seat's orders for its own crewmen at this decision
    /// point, executed in order once both seats are ready; sending them means ready.
    Orders { orders: Vec<Action> },
    /// Crew action: a crewman with no large object and at most one small one (after dropping
    /// `drop` first) tries to catch a loose Lab Animal in his compartment (1-3).
    CatchLabAnimal {
        crewman: Crewman,
        animal: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        drop: Vec<u8>,
    },
    /// Free, any time the crew decides: the holder lets his Lab Animal go, or the controller
    /// lets go of his Intruder.
    Release { crewman: Crewman },
    /// Crew action: a crewman carrying an empty Cage cages the animal that `holder`, in the
    /// same compartment, holds (automatic).
    CageLabAnimal { crewman: Crewman, holder: Crewman },
    /// Second Interaction, crew action of a Science Officer in the Lab: a caged or held Lab
    /// Animal there goes to the Caged Lab Animals box.
    TransferLabAnimal { crewman: Crewman, animal: u32 },
    /// Crew action: a crewman carrying an empty Cage tries to cage an Intruder there (asleep:
    /// 1-5; awake: only at stage 1, on 1-2).
    CageIntruder { crewman: Crewman, intruder: u32 },
    /// Crew action: the holder of an Electric Prod (`object`) rolls on the prod column to
    /// control an Intruder there.
    GainControl {
        crewman: Crewman,
        intruder: u32,
        object: u8,
    },
    /// Crew Movement, all 3 MP of the controller: he and his controlled Intruder move one
    /// compartment (an unlocked secured room too).
    MoveWithIntruder { crewman: Crewman, to: Room },
    /// Crew Movement: the carriers of the Cage holding an Intruder move it together to an
    /// adjacent compartment (each pays the move).
    CarryCage { cage: u8, to: Room },
    /// Second Interaction, crew action of anyone in the Command Module while something is in
    /// the Freezer: everything in it is frozen.
    TurnOnFreezer { crewman: Crewman },
    /// Crew Movement, all 3 MP of an Engineer in Maintenance: one more turn of work on a
    /// weapon of the Weapon Construction Track (`object`), not one another Engineer worked on
    /// this turn.
    ConstructWeapon { crewman: Crewman, object: u8 },
    /// Return to Prometheus set-up (17.4): a crewman discards a weapon the Intruders are known
    /// to be immune to, carried by him or lying in his compartment.
    Discard { crewman: Crewman, object: u8 },
    /// Return to Prometheus set-up (17.4): the teams' objects are spread; turn 1 begins.
    EndSetUp {},
    /// Option `marines` (17.4), crew action: a Command Officer or Engineer attacks a face-up
    /// Intruder or a loose Lab Animal (`target`, by id) in his compartment with any of his four
    /// weapons (`sleep-dart`, `blaster`, `gas` or `flamethrower`), which have no counters.
    MarineAttack {
        crewman: Crewman,
        target: u32,
        weapon: Weapon,
    },
    /// Option `marines` (17.4): self-defence by a Command Officer or Engineer with any of his
    /// four weapons.
    MarineDefend { crewman: Crewman, weapon: Weapon },
    /// Second Interaction, crew action of a crewman in a Shuttle Dock when Shuttles may leave
    /// (rules 15.2): he launches its Shuttle with up to 3 other crewmen there who have not acted
    /// (`with`); all count as acted and never return.
    LeaveInShuttle {
        crewman: Crewman,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        with: Vec<Crewman>,
    },
    /// Crew action aboard a Shuttle fighting its stowaway: the crewman spends his action
    /// preparing the hatches; once this crew action segment is over they may be opened.
    PrepareHatches { crewman: Crewman },
    /// Crew action aboard a Shuttle whose hatches were prepared in an earlier crew action
    /// segment: the stowaway is expelled (it dies unless Immune to Vacuum); the crew survives.
    OpenHatches { crewman: Crewman },
}

/// A counter on the map or in a box, as a viewer may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CounterView {
    /// The opaque id; drawn again at every shuffle.
    pub id: u32,
    /// Its compartment, if on the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room: Option<Room>,
    /// What it is, when face up (or for a viewer who sees identities).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity: Option<Identity>,
    /// Still face down to the crew: said only to a viewer who sees identities (the Intruder
    /// seat, a replay), so that the crew's view does not depend on them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub face_down: bool,
    /// A face-up Intruder asleep.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub asleep: bool,
    /// The Cage (object number) it sits in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caged_in: Option<u8>,
    /// The crewman holding this Lab Animal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held_by: Option<Crewman>,
    /// The crewman controlling this Intruder with a Prod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controlled_by: Option<Crewman>,
    /// The Shuttle it is aboard (a stowaway, rules 15.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shuttle: Option<u8>,
    /// An Intruder Immune to Cold held by the Freezer, as if caged.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub iced: bool,
}

/// A crewman as everyone sees him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrewView {
    pub crewman: Crewman,
    pub room: Room,
    pub alive: bool,
    /// Movement points left this Crew Movement Phase.
    pub mp: u8,
    /// Has acted this Interaction Phase.
    pub acted: bool,
    /// The Cage holding an Intruder (object number) he helps carry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bears: Option<u8>,
    /// The Shuttle he left in: off the station for good (rules 15.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aboard: Option<u8>,
    /// Lost in a panic (rules 14.3): hidden as a face-down counter, out of play until found;
    /// `room` is where he was lost (the Command Module), not where he is.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lost: bool,
}

/// A Shuttle (rules 15.2): docked, or gone with its crew, its objects and its stowaway.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShuttleView {
    /// 1 (Shuttle Dock #1), 2, or 3 (Return to Prometheus: docked at AIR, rules 17.4).
    pub shuttle: u8,
    /// Where it is docked (or was, before it left).
    pub dock: Room,
    /// It left the station (it never returns).
    pub left: bool,
    /// The crewmen aboard, living or dead.
    pub crew: Vec<Crewman>,
    /// The objects aboard (carried by its crew or lying aboard), by number.
    pub objects: Vec<u8>,
    /// The opaque id of the Intruder aboard, while it is there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intruder: Option<u32>,
    /// The crew aboard prepared the hatches.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prepared: bool,
}

/// An object as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectView {
    pub id: u8,
    pub kind: ObjectKind,
    pub place: ObjectPlace,
}

/// The decision the crew faces now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Prompt {
    /// Move crewmen, pick up, drop, unlock; then end the movement.
    CrewMovement {},
    /// The crew action segment of a contested compartment, or the general step (`room` absent).
    CrewActions {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        room: Option<Room>,
    },
    /// An Intruder attacks `target`: defend or not.
    SelfDefence {
        room: Room,
        intruder: u32,
        target: Crewman,
    },
    /// The Intruder seat plans phase 1.
    IntruderMovement {},
    /// The Intruder seat decides whether Intruder `intruder` attacks in `room`, and whom.
    IntruderAttack { room: Room, intruder: u32 },
    /// The Intruder seat may destroy objects lying with its free Intruders.
    IntruderDestruction {},
    /// Return to Prometheus (17.4): spread each team's objects (pick up, drop, discard), then
    /// end the set-up.
    SetUp {},
    /// Aboard Shuttle `shuttle`, fighting its stowaway: the crew action segment.
    ShuttleActions { shuttle: u8 },
    /// Aboard Shuttle `shuttle`, the stowaway attacks `target`: defend or not.
    ShuttleDefence {
        shuttle: u8,
        intruder: u32,
        target: Crewman,
    },
    /// Aboard Shuttle `shuttle`, the Intruder seat decides whether its stowaway attacks, and whom.
    ShuttleAttack { shuttle: u8, intruder: u32 },
    /// The match is over.
    Over {},
}

/// The Self-Destruct Track (rules 15.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "state", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SelfDestruct {
    /// Never started.
    Off {},
    /// Started in turn `turn`; `box` counts down from 9 (the Active box) to 0 (detonation).
    Active { turn: u32, r#box: u8 },
    /// Stopped for good.
    Stopped {},
}

/// What one viewer may know.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct View {
    pub scenario: String,
    pub turn: u32,
    pub turn_limit: u32,
    pub phase: Phase,
    pub prompt: Prompt,
    pub stage: u8,
    pub known_powers: Vec<Power>,
    pub unknown_powers: u8,
    pub crew: Vec<CrewView>,
    pub objects: Vec<ObjectView>,
    /// Counters on the map and face-up ones in boxes.
    pub counters: Vec<CounterView>,
    /// The Not Used box: its face-down counters are listed only to a viewer who sees
    /// identities; those turned face up by an inventory are listed to all.
    pub not_used: u8,
    pub dummies_discovered: u8,
    pub clones_not_yet_in_play: u8,
    pub intruders_killed: u8,
    pub intruders_captured: u8,
    /// The Caged Lab Animals box (12.2).
    pub caged_lab_animals: u8,
    /// The Frozen box: Intruders captured by the Freezer (12.3).
    pub frozen: u8,
    /// Secured rooms unlocked this Crew Movement Phase.
    pub unlocked: Vec<Room>,
    pub self_destruct: SelfDestruct,
    /// Shuttle #1 and Shuttle #2.
    pub shuttles: Vec<ShuttleView>,
    pub score: i32,
    /// Science Officer scenario: the crew seats whose orders are in for this decision point.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ready: Vec<crate::Seat>,
    /// Science Officer scenario: this seat's own orders, given and not yet executed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders: Option<Vec<Action>>,
    /// What the set-up played before the first decision, die by die (rules 18: every die is
    /// public): the first turn's automatic phases up to the crew's first decision, or the
    /// Return to Prometheus power rolls and set-up movements. The same for every viewer, shown
    /// until the turn the set-up ended in is over.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_up: Vec<Event>,
}

/// What happened. Face-down counters are named only by opaque id.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Event {
    /// A new phase of a turn begins.
    PhaseBegun { turn: u32, phase: Phase },
    /// A counter rolled for random movement (`to` absent: it stayed). `roll` 0: no die was
    /// rolled (an Intruder holding an airlock edge, or moved by the Intruder seat).
    CounterMoved {
        id: u32,
        roll: u8,
        from: Room,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Room>,
    },
    /// A face-down counter is turned face up.
    Revealed {
        id: u32,
        room: Room,
        identity: Identity,
    },
    /// An Intruder rolled to attack.
    AttackRoll {
        intruder: u32,
        roll: u8,
        attacks: bool,
    },
    /// An Intruder (moved by the Intruder seat) does not attack.
    NoAttack { intruder: u32 },
    /// The target of an Intruder's attack (`roll` absent: no die, one crewman there or the
    /// Intruder seat's choice).
    TargetChosen {
        intruder: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<u8>,
        target: Crewman,
    },
    /// An unknown power is determined (rolls re-rolled when already known are listed).
    PowerFound { rolls: Vec<u8>, power: Power },
    /// A crewman attacked an Intruder (`defence`: in self-defence).
    CrewAttack {
        crewman: Crewman,
        intruder: u32,
        weapon: Weapon,
        roll: u8,
        modified: u8,
        defence: bool,
        effect: Effect,
    },
    /// The Intruder's kill roll against its target.
    KillRoll {
        intruder: u32,
        target: Crewman,
        roll: u8,
        killed: bool,
    },
    /// A crewman died.
    CrewmanDied { crewman: Crewman },
    /// An Intruder died.
    IntruderKilled { intruder: u32 },
    /// An Intruder fell asleep.
    IntruderAsleep { intruder: u32 },
    /// A sleeping Intruder woke.
    IntruderWoke { intruder: u32 },
    /// Metamorphosis roll for all Intruders.
    Metamorphosis { roll: u8, stage: u8, success: bool },
    /// Clone counters are added to Clones Not Yet in Play.
    ClonesAdded { count: u8 },
    /// Panic: the crew runs to the Command Module and every hidden counter is reshuffled.
    Panic { placed: Vec<(u32, Room)> },
    /// Lost crewmen (rules 14.3): at a panic this crewman dropped his objects in the Command
    /// Module and joins the shuffle as a face-down counter (which one is not told).
    CrewmanLost { crewman: Crewman },
    /// A lost crewman was found in `room` (his counter revealed, or no crewman left in play):
    /// he is back in play and acts from the next phase.
    CrewmanFound { crewman: Crewman, room: Room },
    /// A crewman moved.
    CrewMoved {
        crewman: Crewman,
        from: Room,
        to: Room,
        mp: u8,
    },
    /// An object was picked up (`mp`: what it cost).
    PickedUp {
        crewman: Crewman,
        object: u8,
        mp: u8,
    },
    /// An object was dropped.
    Dropped { crewman: Crewman, object: u8 },
    /// A secured room was unlocked for this Crew Movement Phase.
    Unlocked { crewman: Crewman, room: Room },
    /// The self-destruct marker moved (started: box 9, the Active box).
    SelfDestructMarker { r#box: u8 },
    /// The self-destruct was stopped.
    SelfDestructStopped { crewman: Crewman },
    /// An airlock was opened; Intruders with Fast Reflexes hold its edge (`held`), those Immune
    /// to Vacuum are gone alive (`gone`).
    AirlockOpened {
        crewman: Crewman,
        airlock: Room,
        held: Vec<u32>,
        gone: Vec<u32>,
    },
    /// An Intruder destroyed an object lying in its compartment (rules 17.1).
    ObjectDestroyed { object: u8, room: Room },
    /// An inventory turned a Not Used counter face up.
    Inventoried { id: u32, identity: Identity },
    /// A crew seat gave its orders (17.3); only that seat sees them before they are executed.
    OrdersGiven {
        seat: crate::Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        orders: Option<Vec<Action>>,
    },
    /// An order that had become illegal failed (`code`: why); the crewman's later orders of the
    /// same block are cancelled.
    OrderFailed {
        seat: crate::Seat,
        crewman: Crewman,
        code: String,
    },
    /// The match ended.
    Ended { reason: String, score: i32 },
    /// A crewman tried to catch a Lab Animal.
    CatchRoll {
        crewman: Crewman,
        animal: u32,
        roll: u8,
        caught: bool,
    },
    /// A held Lab Animal or a controlled Intruder was let go.
    Released { crewman: Crewman, counter: u32 },
    /// A held Lab Animal was put in `crewman`'s Cage.
    LabAnimalCaged {
        crewman: Crewman,
        animal: u32,
        cage: u8,
    },
    /// A Lab Animal went to the Caged Lab Animals box.
    LabAnimalTransferred { crewman: Crewman, animal: u32 },
    /// A crewman tried to cage an Intruder.
    CageRoll {
        crewman: Crewman,
        intruder: u32,
        roll: u8,
        caged: bool,
    },
    /// An Extra Strong Intruder broke out of its Cage, which stays, empty.
    BrokeOut { intruder: u32, cage: u8 },
    /// An Extra Strong Intruder held by the Freezer as if caged (Immune to Cold) broke out: it
    /// is free in the Freezer.
    BrokeOutOfFreezer { intruder: u32 },
    /// A crewman rolled on the prod column.
    ProdRoll {
        crewman: Crewman,
        intruder: u32,
        roll: u8,
        controlled: bool,
    },
    /// Prod control of an Intruder ended (metamorphosis or the controller's death).
    ControlLost { intruder: u32 },
    /// The carriers of a caged Intruder moved it.
    CageCarried {
        cage: u8,
        from: Room,
        to: Room,
        carriers: Vec<Crewman>,
    },
    /// A controller moved with his Intruder (all his MP).
    MovedWithIntruder {
        crewman: Crewman,
        intruder: u32,
        from: Room,
        to: Room,
    },
    /// An Intruder opened a Cage in its compartment: the Lab Animal is a new face-down counter.
    CageOpened { cage: u8, room: Room, id: u32 },
    /// An Intruder opened the Lab's permanent cages: the animals of the Caged Lab Animals box
    /// are new face-down counters in the Lab (`ids`, ascending).
    LabCagesOpened { ids: Vec<u32> },
    /// The Freezer was turned on: Intruders `frozen` (captured), `iced` (Immune to Cold, held as
    /// if caged), Lab Animals `lost`; crewmen inside die (told apart).
    FreezerTurnedOn {
        crewman: Crewman,
        frozen: Vec<u32>,
        iced: Vec<u32>,
        lost: Vec<u32>,
    },
    /// A Shuttle left the station with `crew` (rules 15.2).
    ShuttleLeft { shuttle: u8, crew: Vec<Crewman> },
    /// The stowaway roll of a Shuttle that left: 1d6 against the Intruder Stowaway Index; the
    /// Intruder that got aboard, if any, is named and turned face up.
    StowawayRoll {
        shuttle: u8,
        index: u8,
        roll: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stowaway: Option<u32>,
    },
    /// Aboard a Shuttle, steps 6.2.2-6.2.3 are repeated once more (each repetition counts as
    /// a turn for sleep).
    ShuttleRound { shuttle: u8, round: u32 },
    /// A crewman aboard prepared the hatches.
    HatchesPrepared { crewman: Crewman, shuttle: u8 },
    /// The hatches were opened: the stowaway is expelled, killed or (Immune to Vacuum) gone
    /// alive.
    HatchesOpened {
        crewman: Crewman,
        shuttle: u8,
        intruder: u32,
        survived: bool,
    },
    /// Every crewman aboard is dead: the Shuttle lands the Intruder on its home world.
    ShuttleLanded { shuttle: u8, intruder: u32 },
    /// An Engineer worked on a weapon: `turns` of work done; when finished, `place` says where
    /// it went (to him, or lying in Maintenance).
    WeaponConstructed {
        crewman: Crewman,
        object: u8,
        turns: u8,
        place: ObjectPlace,
    },
    /// Return to Prometheus set-up (17.4): a weapon useless against the Intruders was
    /// discarded.
    Discarded { crewman: Crewman, object: u8 },
    /// Option `marines` (17.4): a marine attacked a Lab Animal on the CRT; K killed it.
    LabAnimalAttacked {
        crewman: Crewman,
        animal: u32,
        weapon: Weapon,
        roll: u8,
        modified: u8,
        killed: bool,
    },
}

/// Writes a unit variant as the wire names it (`dk2`, `c1`, `lab-animal`), for messages.
fn wire_name<T: Serialize>(value: &T, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => f.write_str(&name),
        _ => Err(fmt::Error),
    }
}

/// `Display` as on the wire, so that messages name things as the client does.
macro_rules! display_as_on_the_wire {
    ($($t:ty),*) => {
        $(impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                wire_name(self, f)
            }
        })*
    };
}

display_as_on_the_wire!(Room, Crewman, Identity, ObjectKind, Power);
