//! The automatic parts of a turn (rules 4-7, 14, 16): random movement, the interaction
//! sub-routine with the automatic Intruder, metamorphosis, panic and the end. Each function runs
//! until the crew must decide or the match ends.

use xenotable_protocol::intruder::{
    Crewman, Event, Identity, ObjectPlace, Phase, Power, Room, SelfDestruct,
};

use super::candidates::{crew_has_actions, defence_possible};
use super::capture::{caged_lab_animal, open_cage};
use super::state::{Ending, Place, Specialty, State, Step, specialty};
use super::station::{PANIC_ORDER, ROOMS, adjacent, random_move};
use super::tables::{chart, power, target_of};
use crate::games::{Dice, Roll};

/// The counters that move in phase 1 (5.2), in ascending opaque id: on the map and awake.
pub fn movers(s: &State) -> Vec<usize> {
    let mut movers: Vec<usize> = (0..s.counters.len())
        .filter(|&k| {
            let c = &s.counters[k];
            matches!(c.place, Place::Map(_)) && c.free()
        })
        .collect();
    movers.sort_by_key(|&k| s.counters[k].id);
    movers
}

/// How many compartments counter `k` moves in phase 1: two once Very Fast is known, except a
/// face-up Lab Animal (5.2).
pub fn moves(s: &State, k: usize) -> usize {
    let c = &s.counters[k];
    if s.has(Power::VeryFast) && (!c.face_up || c.identity == Identity::Intruder) {
        2
    } else {
        1
    }
}

/// Whether counter `k` is a free Intruder on the map (not asleep), and where.
pub fn free_intruder(s: &State, k: usize) -> Option<Room> {
    s.intruder_on_map(k).filter(|_| s.counters[k].free())
}

/// Whether a counter that may be a free Intruder, as everyone can tell (a face-down counter or
/// an awake face-up Intruder), is where an object lies, a Lab Animal sits in a portable Cage, or
/// (in the Lab) the Caged Lab Animals box is not empty: the Intruder seat is then asked about
/// opening Cages and destroying objects, whether or not one of them really is an Intruder, so
/// the question itself tells the crew nothing.
fn within_reach(s: &State) -> bool {
    let lab_cages = s.counters.iter().any(|c| c.place == Place::CagedLabAnimals);
    s.counters.iter().enumerate().any(|(k, c)| match c.place {
        Place::Map(room) if !c.face_up || free_intruder(s, k).is_some() => {
            (room == Room::Lab && lab_cages)
                || s.objects
                    .iter()
                    .any(|o| o.place == ObjectPlace::Room { room })
                || (0..s.counters.len()).any(|a| caged_lab_animal(s, a) == Some(room))
        }
        _ => false,
    })
}

/// The crewmen Intruder `k` may attack in `room` (10.1): none when it is not free; Science
/// Officers never when 7 to 9 crewmen are there.
pub fn attack_targets(s: &State, room: Room, k: usize) -> Vec<Crewman> {
    if free_intruder(s, k) != Some(room) {
        return Vec::new();
    }
    let present = s.crew_in(room);
    if present.len() >= 7 {
        present
            .into_iter()
            .filter(|&c| specialty(c) != Specialty::Science)
            .collect()
    } else {
        present
    }
}

/// The state, the dice (the match's, or loaded dice in tests) and the events told so far.
pub type Table<'a, R = Dice> = crate::games::Table<'a, State, Event, R>;

impl<R: Roll> Table<'_, R> {
    fn over(&self) -> bool {
        self.s.ending.is_some()
    }

    /// The interaction phase number (1 or 2) of the current phase.
    fn interaction(&self) -> u8 {
        if self.s.phase == Phase::SecondInteraction {
            2
        } else {
            1
        }
    }

    fn begin_phase(&mut self, phase: Phase) {
        self.s.phase = phase;
        let turn = self.s.turn;
        self.tell(Event::PhaseBegun { turn, phase });
    }

    /// Starts the next turn at phase 1, unless the turn limit ends the match.
    pub fn start_turn(&mut self) {
        if self.over() {
            return;
        }
        if self.s.turn_limit != 0 && self.s.turn >= self.s.turn_limit {
            self.end("turn_limit");
            return;
        }
        self.s.turn += 1;
        self.begin_phase(Phase::Movement);
        if self.s.scenario.intruder_seat() {
            self.s.step = Step::IntruderMovement;
            return;
        }
        self.movement(None);
        self.open_cages();
        self.begin_interaction(Phase::FirstInteraction);
    }

    /// Phase 1 (rules 5.2): every movable counter, in ascending opaque id, rolls or (with an
    /// Intruder seat) follows its path in `plan` (by counter index; absent: it stays).
    pub fn movement(&mut self, plan: Option<&[(usize, Vec<Room>)]>) {
        for k in movers(self.s) {
            let c = &self.s.counters[k];
            if let (true, Place::Map(from)) = (c.holding_edge, c.place) {
                // Fast Reflexes: back to the corridor next to the airlock instead of rolling.
                let to = adjacent(from)[0];
                self.s.counters[k].holding_edge = false;
                self.s.counters[k].place = Place::Map(to);
                let id = self.s.counters[k].id;
                self.tell(Event::CounterMoved {
                    id,
                    roll: 0,
                    from,
                    to: Some(to),
                });
                continue;
            }
            match plan {
                Some(plan) => self.follow(k, plan),
                None => self.roll_moves(k),
            }
        }
    }

    /// A counter moved by the Intruder seat enters the compartments of its path, told with no
    /// die; a counter not in the plan stays.
    fn follow(&mut self, k: usize, plan: &[(usize, Vec<Room>)]) {
        let path = plan
            .iter()
            .find(|(m, _)| *m == k)
            .map(|(_, p)| p.as_slice());
        let id = self.s.counters[k].id;
        let Place::Map(mut from) = self.s.counters[k].place else {
            return;
        };
        match path {
            Some(path) if !path.is_empty() => {
                for &to in path {
                    self.s.counters[k].place = Place::Map(to);
                    self.tell(Event::CounterMoved {
                        id,
                        roll: 0,
                        from,
                        to: Some(to),
                    });
                    from = to;
                }
            }
            _ => self.tell(Event::CounterMoved {
                id,
                roll: 0,
                from,
                to: None,
            }),
        }
    }

    /// A counter rolls on the movement table, twice when Very Fast applies to it.
    fn roll_moves(&mut self, k: usize) {
        for _ in 0..moves(self.s, k) {
            let Place::Map(from) = self.s.counters[k].place else {
                break;
            };
            let roll = self.dice.d6();
            let to = random_move(from, roll);
            let id = self.s.counters[k].id;
            self.tell(Event::CounterMoved { id, roll, from, to });
            if let Some(room) = to {
                self.s.counters[k].place = Place::Map(room);
                if self.s.stops_counters(room) {
                    break;
                }
            }
        }
    }

    /// Rules 5.3: each free Intruder lets out every Lab Animal caged in a portable Cage of its
    /// compartment.
    fn open_cages(&mut self) {
        for k in 0..self.s.counters.len() {
            let Some(room) = free_intruder(self.s, k) else {
                continue;
            };
            for a in 0..self.s.counters.len() {
                if caged_lab_animal(self.s, a) == Some(room) {
                    open_cage(self, a, room);
                }
            }
        }
    }

    /// The end of phase 1 with an Intruder seat: it may open Cages and destroy objects (17.1)
    /// when a counter that may be a free Intruder is within reach of one, then the First
    /// Interaction.
    pub fn end_phase_one(&mut self) {
        if within_reach(self.s) {
            self.s.step = Step::IntruderDestruction;
        } else {
            self.begin_interaction(Phase::FirstInteraction);
        }
    }

    /// Phases 2 and 5: the contested compartments in canonical order, then the general step.
    pub fn begin_interaction(&mut self, phase: Phase) {
        self.begin_phase(phase);
        for c in &mut self.s.crew {
            c.acted = false;
        }
        self.s.attacks.iter_mut().for_each(|a| *a = 0);
        self.s.deaths.clear();
        self.s.died = false;
        self.s.cursor = 0;
        self.next_room();
    }

    /// Rules 6.1: a crewman with a face-down counter, a loose Lab Animal or an Intruder (a
    /// caged or controlled one too: its powers are determined at step 6.2.B).
    fn contested(&self, room: Room) -> bool {
        !self.s.crew_in(room).is_empty()
            && self.s.counters.iter().any(|c| {
                c.place == Place::Map(room)
                    && (!c.face_up || c.identity == Identity::Intruder || c.loose())
            })
    }

    /// Resolves the next contested compartment, or goes on to the general step.
    pub fn next_room(&mut self) {
        if self.over() {
            return;
        }
        while let Some(&room) = ROOMS.get(self.s.cursor) {
            self.s.cursor += 1;
            if self.contested(room) {
                self.reveal(room);
                let mut intruders: Vec<usize> = (0..self.s.counters.len())
                    .filter(|&k| self.s.intruder_on_map(k) == Some(room))
                    .collect();
                intruders.sort_by_key(|&k| self.s.counters[k].id);
                self.intruders_act(room, intruders);
                return;
            }
        }
        if crew_has_actions(self.s, None) {
            self.s.step = Step::CrewActions(None);
        } else {
            self.end_interaction();
        }
    }

    /// Combat segment (6.2.1): every face-down counter there is turned face up.
    pub fn reveal(&mut self, room: Room) {
        let mut hidden: Vec<usize> = (0..self.s.counters.len())
            .filter(|&k| {
                let c = &self.s.counters[k];
                c.place == Place::Map(room) && !c.face_up
            })
            .collect();
        hidden.sort_by_key(|&k| self.s.counters[k].id);
        for k in hidden {
            self.turn_up(k, room);
        }
    }

    /// Face-down counter `k` in `room` is turned face up: a Dummy goes to Dummies Discovered,
    /// a lost crewman is found (14.3).
    pub fn turn_up(&mut self, k: usize, room: Room) {
        let c = &mut self.s.counters[k];
        c.face_up = true;
        if c.identity == Identity::Dummy {
            c.place = Place::DummiesDiscovered;
        }
        let (id, identity) = (c.id, c.identity);
        self.tell(Event::Revealed { id, room, identity });
        if identity == Identity::LostCrewman {
            self.found(k, room);
        }
    }

    /// Intruder action segments (6.2.2) for the Intruders of `queue`, in order; pauses when the
    /// Intruder seat decides an attack or a crewman may defend himself.
    pub fn intruders_act(&mut self, room: Room, mut queue: Vec<usize>) {
        while !queue.is_empty() {
            let k = queue.remove(0);
            if self.over() {
                return;
            }
            if self.s.intruder_on_map(k) != Some(room) {
                continue;
            }
            if self.s.scenario.intruder_seat() && !attack_targets(self.s, room, k).is_empty() {
                self.s.step = Step::IntruderAttack {
                    room,
                    intruder: k,
                    rest: queue,
                };
                return;
            }
            let targets = attack_targets(self.s, room, k);
            let target = self.attack_roll(k, targets);
            match self.strike(room, k, target, queue) {
                Some(rest) => queue = rest,
                None => return,
            }
        }
        self.crew_segment(room);
    }

    /// The Intruder seat's decision at step A (17.1): told, then steps B to D, then the other
    /// Intruders there.
    pub fn decided_attack(
        &mut self,
        room: Room,
        k: usize,
        target: Option<Crewman>,
        rest: Vec<usize>,
    ) {
        self.tell_decision(k, target);
        if let Some(rest) = self.strike(room, k, target, rest) {
            self.intruders_act(room, rest);
        }
    }

    /// Tells the Intruder seat's decision for Intruder `k`: its target, or no attack.
    pub fn tell_decision(&mut self, k: usize, target: Option<Crewman>) {
        let intruder = self.s.counters[k].id;
        self.tell(match target {
            Some(target) => Event::TargetChosen {
                intruder,
                roll: None,
                target,
            },
            None => Event::NoAttack { intruder },
        });
    }

    /// Steps B to D of Intruder `k` attacking `target` (or not); `None` when it pauses for
    /// self-defence, else the Intruders still to act.
    fn strike(
        &mut self,
        room: Room,
        k: usize,
        target: Option<Crewman>,
        rest: Vec<usize>,
    ) -> Option<Vec<usize>> {
        self.determine_powers();
        if let Some(target) = target {
            if defence_possible(self.s, room, k) {
                self.s.step = Step::SelfDefence {
                    room,
                    intruder: k,
                    target,
                    rest,
                };
                return None;
            }
            self.kill_roll(k, target);
        }
        Some(rest)
    }

    /// Step A: whether a free Intruder attacks, and whom among `targets` (10.1).
    pub fn attack_roll(&mut self, k: usize, targets: Vec<Crewman>) -> Option<Crewman> {
        if targets.is_empty() {
            return None;
        }
        let roll = self.dice.d6();
        let attacks = roll <= chart(self.s.stage).attack;
        let intruder = self.s.counters[k].id;
        self.tell(Event::AttackRoll {
            intruder,
            roll,
            attacks,
        });
        if !attacks {
            return None;
        }
        let (roll, target) = if targets.len() == 1 {
            (None, targets[0])
        } else {
            loop {
                let roll = self.dice.d6();
                if let Some(t) = target_of(targets.len(), roll) {
                    break (Some(roll), targets[t]);
                }
            }
        };
        self.tell(Event::TargetChosen {
            intruder,
            roll,
            target,
        });
        Some(target)
    }

    /// Step B (7.3): every unknown power is rolled on 2d6, re-rolling powers already known.
    pub fn determine_powers(&mut self) {
        while self.s.unknown_powers() > 0 {
            let mut rolls = Vec::new();
            let found = loop {
                let roll = self.dice.two_d6();
                rolls.push(roll);
                if !self.s.has(power(roll)) {
                    break power(roll);
                }
            };
            self.s.known.push(found);
            self.tell(Event::PowerFound {
                rolls,
                power: found,
            });
            if found == Power::Clone {
                self.top_up_clones();
            }
            if found == Power::ExtraStrong {
                // Our rule: an Intruder caged aboard a Shuttle that left stays in its Cage.
                for k in 0..self.s.counters.len() {
                    if matches!(self.s.counters[k].place, Place::Map(_)) {
                        self.break_out(k);
                    }
                }
            }
        }
        self.check_end();
    }

    /// Rules 12.1: a caged Intruder breaks out at once when Extra Strong is known; the Cage
    /// stays where it is, empty. One held by the Freezer is "considered caged" (12.3) and
    /// breaks out the same way: free, in the Freezer.
    pub fn break_out(&mut self, k: usize) {
        let c = &self.s.counters[k];
        if c.identity != Identity::Intruder || !self.s.has(Power::ExtraStrong) {
            return;
        }
        let intruder = c.id;
        if let Some(cage) = c.cage {
            self.s.unbind(k);
            self.tell(Event::BrokeOut {
                intruder,
                cage: cage as u8,
            });
        } else if c.iced {
            self.s.counters[k].iced = false;
            self.tell(Event::BrokeOutOfFreezer { intruder });
        }
    }

    /// Rules 7.4: missing Intruders go to Clones Not Yet in Play.
    fn top_up_clones(&mut self) {
        let wanted = usize::from(chart(self.s.stage).clones);
        let counted = self.s.intruders_counted();
        let mut added = 0;
        for c in &mut self.s.counters {
            if counted + added >= wanted {
                break;
            }
            if c.place == Place::Spare {
                c.place = Place::ClonesNotYetInPlay;
                added += 1;
            }
        }
        if added > 0 {
            self.tell(Event::ClonesAdded { count: added as u8 });
        }
    }

    /// Step D: the Intruder's kill roll.
    pub fn kill_roll(&mut self, k: usize, target: Crewman) {
        if !self.s.crewman(target).alive {
            return;
        }
        let roll = self.dice.d6();
        let killed = roll <= chart(self.s.stage).kill;
        let intruder = self.s.counters[k].id;
        self.tell(Event::KillRoll {
            intruder,
            target,
            roll,
            killed,
        });
        if killed {
            self.crewman_dies(target);
        }
    }

    /// A crewman dies: his objects lie where he fell, his animal runs loose and his Intruder is
    /// out of control. Aboard a Shuttle his objects stay aboard, and the station does not
    /// count his death for panic or the +1 (our rule: they are no longer there).
    pub fn crewman_dies(&mut self, c: Crewman) {
        let room = self.s.crewman(c).room;
        if let Some(shuttle) = self.s.crewman(c).aboard {
            self.s.crew[c as usize].alive = false;
            for o in self.s.carried(c) {
                self.s.objects[o].place = ObjectPlace::Aboard { shuttle };
            }
            self.tell(Event::CrewmanDied { crewman: c });
            self.check_end();
            return;
        }
        if let Some(k) = self.s.controlled_by(c) {
            self.lose_control(k);
        }
        if let Some(k) = self.s.held_by(c) {
            self.s.counters[k].holder = None;
        }
        self.s.crew[c as usize].bears = None;
        self.s.crew[c as usize].alive = false;
        for o in self.s.carried(c) {
            self.s.objects[o].place = ObjectPlace::Room { room };
        }
        if !self.s.deaths.contains(&room) {
            self.s.deaths.push(room);
        }
        self.s.died = true;
        self.tell(Event::CrewmanDied { crewman: c });
        self.check_end();
    }

    /// Prod control of Intruder `k` ends (12.2).
    pub fn lose_control(&mut self, k: usize) {
        self.s.counters[k].controller = None;
        let intruder = self.s.counters[k].id;
        self.tell(Event::ControlLost { intruder });
    }

    /// An Intruder is killed.
    pub fn intruder_killed(&mut self, k: usize) {
        self.s.unbind(k);
        // Our rule: a stowaway killed aboard a Shuttle makes no panic on the station.
        if matches!(self.s.counters[k].place, Place::Map(_)) {
            self.s.died = true;
        }
        self.s.counters[k].place = Place::Killed;
        self.s.counters[k].asleep_until = None;
        self.s.killed += 1;
        let intruder = self.s.counters[k].id;
        self.tell(Event::IntruderKilled { intruder });
        self.check_end();
    }

    /// An Intruder falls asleep until the same Interaction Phase of the next turn (10.5);
    /// aboard a Shuttle, until the crew action segment of the next repetition (15.2).
    pub fn intruder_sleeps(&mut self, k: usize) {
        self.s.counters[k].asleep_until = Some(match self.s.counters[k].place {
            Place::Shuttle(n) => (self.s.shuttles[usize::from(n - 1)].round + 1, 0),
            _ => (self.s.turn + 1, self.interaction()),
        });
        let intruder = self.s.counters[k].id;
        self.tell(Event::IntruderAsleep { intruder });
    }

    /// Rules 10.5: the sleepers of `room` (anywhere on the station: `None`) whose sleep ends
    /// at this Interaction Phase wake up.
    fn wake_due(&mut self, room: Option<Room>) {
        let now = (self.s.turn, self.interaction());
        self.wake(
            |place| matches!(place, Place::Map(at) if room.is_none_or(|r| r == at)),
            now,
        );
    }

    /// Wakes the Intruders at a place `at` accepts whose sleep ends by `now`.
    pub fn wake(&mut self, at: impl Fn(Place) -> bool, now: (u32, u8)) {
        for k in 0..self.s.counters.len() {
            if at(self.s.counters[k].place)
                && self.s.counters[k].asleep_until.is_some_and(|t| t <= now)
            {
                self.s.counters[k].asleep_until = None;
                let intruder = self.s.counters[k].id;
                self.tell(Event::IntruderWoke { intruder });
            }
        }
    }

    /// Step 3: the crew action segment of `room`, if anyone there can act. A sleeper wakes at
    /// the start of its own compartment's segment (10.5), not at another's.
    pub fn crew_segment(&mut self, room: Room) {
        if self.over() {
            return;
        }
        self.wake_due(Some(room));
        if crew_has_actions(self.s, Some(room)) {
            self.s.step = Step::CrewActions(Some(room));
        } else {
            self.next_room();
        }
    }

    /// The end of an Interaction Phase: panic, or the Crew Movement Phase, or the turn's end.
    pub fn end_interaction(&mut self) {
        if self.over() {
            return;
        }
        // Sleepers whose compartment had no crew action segment wake with the phase's end.
        self.wake_due(None);
        let destruct_active = matches!(self.s.self_destruct, SelfDestruct::Active { .. });
        // Rules 14.1: no panic while an Intruder is under prod control or in a Cage, or held
        // by the Freezer as if caged (12.3).
        let held = self.s.counters.iter().any(|c| {
            c.identity == Identity::Intruder
                && matches!(c.place, Place::Map(_))
                && (c.cage.is_some() || c.controller.is_some() || c.iced)
        });
        if self.s.died && !destruct_active && !held {
            self.panic();
        } else if self.s.phase == Phase::FirstInteraction {
            self.begin_phase(Phase::CrewMovement);
            for c in &mut self.s.crew {
                c.mp = 3;
                c.picking = false;
            }
            self.s.unlocked.clear();
            self.s.worked.clear();
            self.s.step = Step::CrewMovement;
        } else {
            self.begin_phase(Phase::SelfDestruct);
            self.advance_self_destruct();
            self.start_turn();
        }
    }

    /// Phase 6 (15.1): from the turn after activation the marker moves one box; at 0 the
    /// station is destroyed.
    fn advance_self_destruct(&mut self) {
        if let SelfDestruct::Active { turn, r#box } = self.s.self_destruct
            && turn < self.s.turn
        {
            let r#box = r#box.saturating_sub(1);
            self.s.self_destruct = SelfDestruct::Active { turn, r#box };
            self.tell(Event::SelfDestructMarker { r#box });
            if r#box == 0 {
                self.detonate();
            }
        }
    }

    /// The station is destroyed: everyone on it dies, the crewmen gone in Shuttles escape; a
    /// draw if at least 3 crewmen escaped, else a loss (16.2).
    fn detonate(&mut self) {
        for c in &mut self.s.crew {
            if c.aboard.is_none() {
                c.alive = false;
                c.bears = None;
            }
        }
        for c in &mut self.s.counters {
            c.holder = None;
            c.controller = None;
        }
        self.end("detonation");
        let draw = self.s.escaped() >= 3;
        if let Some(ending) = &mut self.s.ending {
            ending.crew_won = if draw { None } else { Some(false) };
        }
    }

    /// The crew has moved: secured rooms relock, metamorphosis, then the second interaction.
    pub fn end_movement(&mut self) {
        self.s.unlocked.clear();
        for c in &mut self.s.crew {
            c.mp = 0;
        }
        self.begin_phase(Phase::Metamorphosis);
        self.metamorphosis();
        self.begin_interaction(Phase::SecondInteraction);
    }

    /// One metamorphosis roll for all Intruders (7.2).
    fn metamorphosis(&mut self) {
        let roll = self.dice.d6();
        let success = roll <= chart(self.s.stage).metamorphosis;
        if success {
            self.s.stage += 1;
        }
        let stage = self.s.stage;
        self.tell(Event::Metamorphosis {
            roll,
            stage,
            success,
        });
        if success && self.s.has(Power::Clone) {
            self.top_up_clones();
        }
        if success {
            for k in 0..self.s.counters.len() {
                if self.s.counters[k].controller.is_some() {
                    self.lose_control(k);
                }
            }
        }
        self.check_end();
    }

    /// Panic (14.2): crew to CM, a crewman lost (14.3), every hidden counter reshuffled under
    /// new ids and placed in panic order, two metamorphosis rolls, a new turn.
    fn panic(&mut self) {
        for c in super::state::CREW {
            if self.s.on_station(c) {
                self.s.crew[c as usize].room = Room::Cm;
                for o in self.s.carried(c) {
                    self.s.objects[o].place = ObjectPlace::Room { room: Room::Cm };
                }
            }
        }
        // Held animals are released; caged ones stay in their Cages.
        for c in &mut self.s.counters {
            c.holder = None;
        }
        self.s.follow();
        self.lose_crewman();
        let mut pool: Vec<usize> = (0..self.s.counters.len())
            .filter(|&k| {
                let c = &self.s.counters[k];
                matches!(
                    c.place,
                    Place::Map(_) | Place::DummiesDiscovered | Place::ClonesNotYetInPlay
                ) && c.loose()
            })
            .collect();
        self.dice.shuffle(&mut pool);
        let mut placed = Vec::new();
        for (n, &k) in pool.iter().enumerate() {
            let room = PANIC_ORDER[n % PANIC_ORDER.len()];
            let id = self.s.fresh_id(self.dice);
            let c = &mut self.s.counters[k];
            c.id = id;
            c.place = Place::Map(room);
            c.face_up = false;
            c.asleep_until = None;
            c.holding_edge = false;
            placed.push((id, room));
        }
        self.tell(Event::Panic { placed });
        self.metamorphosis();
        self.metamorphosis();
        self.start_turn();
    }

    /// Rules 13: everything in `airlock` is blown out; returns the Intruders that held the edge
    /// and those gone alive.
    pub fn blow_airlock(&mut self, airlock: Room) -> (Vec<u32>, Vec<u32>) {
        self.reveal(airlock);
        self.determine_powers();
        for c in self.s.crew_in(airlock) {
            self.crewman_dies(c);
        }
        for k in 0..self.s.counters.len() {
            if self.s.counters[k].place == Place::Map(airlock) {
                self.s.unbind(k);
            }
        }
        for o in &mut self.s.objects {
            if o.place == (ObjectPlace::Room { room: airlock }) {
                o.place = ObjectPlace::Lost {};
            }
        }
        let (mut held, mut gone) = (Vec::new(), Vec::new());
        for k in 0..self.s.counters.len() {
            if self.s.counters[k].place != Place::Map(airlock) {
                continue;
            }
            let id = self.s.counters[k].id;
            if self.s.counters[k].identity != Identity::Intruder {
                self.s.counters[k].place = Place::Lost;
            } else if self.s.has(Power::FastReflexes) {
                self.s.counters[k].holding_edge = true;
                held.push(id);
            } else if self.s.has(Power::ImmuneToVacuum) {
                self.s.counters[k].place = Place::Gone;
                gone.push(id);
            } else {
                self.intruder_killed(k);
            }
        }
        self.check_end();
        (held, gone)
    }

    /// Ends the match when the crew is dead or has left the station, or no Intruder is left
    /// to fight (16.1); never while a Shuttle still fights its stowaway. Lost crewmen are
    /// found first if no crewman is left in play (14.3). A station left while the
    /// self-destruct runs still blows up, and is scored as the detonation (16.2) at once:
    /// nobody is left to stop it, nor is anything left to play.
    pub fn check_end(&mut self) {
        if self.over() {
            return;
        }
        self.find_when_none_in_play();
        if self.s.crew.iter().all(|c| !c.alive) {
            self.end("crew_dead");
            return;
        }
        if (1..=self.s.shuttles.len() as u8).any(|n| self.s.stowaway(n).is_some()) {
            return;
        }
        if !(0..self.s.counters.len()).any(|k| {
            let c = &self.s.counters[k];
            c.identity == Identity::Intruder
                && matches!(c.place, Place::Map(_) | Place::ClonesNotYetInPlay)
                && !self.s.permanently_trapped(k)
        }) {
            self.end("intruders_gone");
        } else if !super::state::CREW.iter().any(|&c| self.s.on_station(c)) {
            if matches!(self.s.self_destruct, SelfDestruct::Active { .. }) {
                self.detonate();
            } else {
                self.end("station_abandoned");
            }
        }
    }

    /// Scores the match (16.2) and ends it.
    fn end(&mut self, reason: &'static str) {
        let score = self.s.score();
        let crew_won = match score.cmp(&0) {
            std::cmp::Ordering::Greater => Some(true),
            std::cmp::Ordering::Less => Some(false),
            std::cmp::Ordering::Equal => None,
        };
        // An Intruder expelled alive (Immune to Vacuum) turns a would-be win into a loss.
        let gone = self.s.counters.iter().any(|c| c.place == Place::Gone);
        let crew_won = if gone && crew_won == Some(true) {
            Some(false)
        } else {
            crew_won
        };
        self.s.ending = Some(Ending {
            reason,
            score,
            crew_won,
        });
        self.s.step = Step::Over;
        self.tell(Event::Ended {
            reason: reason.to_owned(),
            score,
        });
    }
}
