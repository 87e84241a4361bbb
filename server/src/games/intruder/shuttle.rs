//! Shuttles and stowaways (rules 15.1, 15.2, 16): leaving the station, the stowaway roll and
//! the fight aboard, steps 6.2.2-6.2.3 repeated at once until the stowaway is dead, caged or
//! expelled or the crew aboard is dead. The crew decides its actions and self-defence aboard as
//! on the station (prompts name the Shuttle); the stowaway attacks by the dice, or as the
//! Intruder seat decides. Our rules: deaths aboard make no panic on the station; the +1 after a
//! death (10.4) is a station rule; an Intruder caged aboard leaves with the Shuttle in its Cage
//! and never breaks out of it later; the crew aboard only fights, cages or works the hatches.

use xenotable_protocol::intruder::{
    Action, Crewman, Event, Identity, Phase, Power, Room, SelfDestruct,
};

use super::candidates::defence_possible_among;
use super::capture::{empty_cage, roll_to_cage};
use super::combat::{MARINE_WEAPONS, check_attack, check_marine_attack};
use super::execute::after_crew_action;
use super::flow::Table;
use super::intent::{Intent, ready_here, ready_to_act, refuse};
use super::prometheus::marine;
use super::state::{Place, State, Step};
use crate::games::{Roll, RuleError};

/// Where Shuttle #n is docked: #1 and #2 in their Shuttle Docks (15.2), #3 at AIR in Return to
/// Prometheus (17.4: the team at AIR leaves in its own Shuttle).
const DOCKS: [Room; 3] = [Room::Dk1, Room::Dk2, Room::Air];

/// The docks of this match's Shuttles, in Shuttle number order.
pub fn docks(s: &State) -> &'static [Room] {
    &DOCKS[..s.shuttles.len()]
}

/// The Shuttle docked in `dock`, if this match has one there.
pub fn shuttle_of(s: &State, dock: Room) -> Option<u8> {
    docks(s)
        .iter()
        .position(|&d| d == dock)
        .map(|i| i as u8 + 1)
}

/// Rules 15.1: Shuttles may leave from box 4 of the track down, or freely after a stop.
pub fn shuttles_may_leave(s: &State) -> bool {
    match s.self_destruct {
        SelfDestruct::Active { r#box, .. } => r#box <= 4,
        SelfDestruct::Stopped {} => true,
        SelfDestruct::Off {} => false,
    }
}

fn left(s: &State, n: u8) -> bool {
    s.shuttles[usize::from(n - 1)].left
}

/// Leaving in a Shuttle (rules 11, 15.2): a crewman in a dock, in the Second Interaction, when
/// Shuttles may leave, with up to 3 others there who have not acted; nobody bound to a Lab
/// Animal, a controlled Intruder or a Cage with something in it (our rule: the Shuttle is no
/// way to take a caged counter off the station).
pub fn check_leave(
    s: &State,
    c: Crewman,
    with: &[Crewman],
    room: Option<Room>,
) -> Result<Intent, RuleError> {
    let dock = ready_here(s, c, room)?;
    if s.phase != Phase::SecondInteraction {
        return Err(RuleError::wrong_phase(
            "Shuttles leave in the Second Interaction",
        ));
    }
    let n = shuttle_of(s, dock)
        .ok_or_else(|| refuse("not_in_dock", format!("{c} is in no Shuttle Dock")))?;
    if left(s, n) {
        return Err(refuse("shuttle_gone", format!("Shuttle #{n} has left")));
    }
    if !shuttles_may_leave(s) {
        return Err(refuse(
            "shuttles_grounded",
            "Shuttles leave from box 4 of the Self-Destruct Track or after a stop",
        ));
    }
    if with.len() > 3 {
        return Err(refuse("shuttle_full", "a Shuttle takes 4 crewmen"));
    }
    for (i, &other) in with.iter().enumerate() {
        if other == c || with[..i].contains(&other) {
            return Err(refuse("named_twice", format!("{other} is named twice")));
        }
        ready_here(s, other, Some(dock))?;
    }
    let carries_caged = |x: Crewman| {
        s.crewman(x).bears.is_some()
            || s.carried(x)
                .into_iter()
                .any(|o| s.cage_content(o).is_some())
    };
    if let Some(&bearer) = std::iter::once(&c).chain(with).find(|&&x| carries_caged(x)) {
        return Err(refuse(
            "carrying_cage",
            format!("{bearer} carries a caged counter"),
        ));
    }
    Ok(Intent::LeaveInShuttle {
        crewman: c,
        shuttle: n,
        with: with.to_vec(),
        resume: room,
    })
}

/// Every set of up to 3 of `others`, in their order.
fn companions(others: &[Crewman]) -> Vec<Vec<Crewman>> {
    let mut out = vec![Vec::new()];
    for &other in others {
        let grown: Vec<Vec<Crewman>> = out
            .iter()
            .filter(|w| w.len() < 3)
            .map(|w| w.iter().copied().chain([other]).collect())
            .collect();
        out.extend(grown);
    }
    out
}

/// The launches worth checking: each crewman in a dock with each set of companions there.
pub fn leave_candidates(s: &State, room: Option<Room>) -> Vec<Action> {
    let mut out = Vec::new();
    for &dock in docks(s) {
        if room.is_some_and(|r| r != dock) {
            continue;
        }
        let present = s.crew_in(dock);
        for &crewman in &present {
            let others: Vec<Crewman> = present
                .iter()
                .copied()
                .filter(|&o| o != crewman && !s.crewman(o).acted)
                .collect();
            out.extend(
                companions(&others)
                    .into_iter()
                    .map(|with| Action::LeaveInShuttle { crewman, with }),
            );
        }
    }
    out
}

/// A crewman aboard Shuttle `n` who may still act in this repetition.
fn ready_aboard(s: &State, c: Crewman, n: u8) -> Result<(), RuleError> {
    ready_to_act(s, c)?;
    if s.crewman(c).aboard != Some(n) {
        return Err(refuse(
            "not_aboard",
            format!("{c} is not aboard Shuttle #{n}"),
        ));
    }
    Ok(())
}

/// Checks a crew action in the crew action segment aboard Shuttle `n`.
pub fn check_aboard(s: &State, action: &Action, n: u8) -> Result<Intent, RuleError> {
    match action {
        Action::Attack {
            crewman,
            intruder,
            object,
        } => {
            ready_aboard(s, *crewman, n)?;
            check_attack(s, *crewman, *intruder, *object, None)
        }
        Action::MarineAttack {
            crewman,
            target,
            weapon,
        } => {
            ready_aboard(s, *crewman, n)?;
            check_marine_attack(s, *crewman, *target, *weapon, None)
        }
        Action::CageIntruder { crewman, intruder } => {
            ready_aboard(s, *crewman, n)?;
            let k = s
                .stowaway(n)
                .filter(|&k| s.counters[k].id == *intruder)
                .ok_or_else(|| refuse("no_intruder", format!("no Intruder {intruder} aboard")))?;
            let cage = empty_cage(s, *crewman).ok_or_else(|| {
                refuse("no_empty_cage", format!("{crewman} carries no empty Cage"))
            })?;
            if s.counters[k].asleep_until.is_none() && s.stage > 1 {
                return Err(refuse(
                    "too_big_to_cage",
                    "an awake Intruder is caged only at stage 1",
                ));
            }
            Ok(Intent::CageStowaway {
                crewman: *crewman,
                intruder: k,
                cage,
            })
        }
        Action::PrepareHatches { crewman } => {
            ready_aboard(s, *crewman, n)?;
            if s.shuttles[usize::from(n - 1)].prepared.is_some() {
                return Err(refuse("already_prepared", "the hatches are prepared"));
            }
            Ok(Intent::PrepareHatches {
                crewman: *crewman,
                shuttle: n,
            })
        }
        Action::OpenHatches { crewman } => {
            ready_aboard(s, *crewman, n)?;
            let shuttle = &s.shuttles[usize::from(n - 1)];
            if shuttle.prepared.is_none_or(|r| r >= shuttle.round) {
                return Err(refuse(
                    "not_prepared",
                    "the hatches open after a whole crew action segment spent preparing",
                ));
            }
            Ok(Intent::OpenHatches {
                crewman: *crewman,
                shuttle: n,
            })
        }
        _ => Err(RuleError::wrong_phase(
            "aboard, the crew attacks, cages or works the hatches",
        )),
    }
}

/// The crew actions worth checking aboard Shuttle `n`.
pub fn aboard_candidates(s: &State, n: u8) -> Vec<Action> {
    let mut out = Vec::new();
    let stowaway = s.stowaway(n).map(|k| s.counters[k].id);
    for crewman in s.crew_aboard(n) {
        out.push(Action::PrepareHatches { crewman });
        out.push(Action::OpenHatches { crewman });
        if let Some(intruder) = stowaway {
            out.push(Action::CageIntruder { crewman, intruder });
            out.extend(
                std::iter::once(None)
                    .chain(s.carried(crewman).into_iter().map(|o| Some(o as u8)))
                    .map(|object| Action::Attack {
                        crewman,
                        intruder,
                        object,
                    }),
            );
            if marine(s, crewman) {
                out.extend(MARINE_WEAPONS.map(|weapon| Action::MarineAttack {
                    crewman,
                    target: intruder,
                    weapon,
                }));
            }
        }
    }
    out
}

/// Whether anyone aboard Shuttle `n` may act now.
pub fn crew_may_act_aboard(s: &State, n: u8) -> bool {
    aboard_candidates(s, n)
        .iter()
        .any(|a| check_aboard(s, a, n).is_ok())
}

/// The Intruder Stowaway Index (15.2): Intruders on the station neither frozen nor caged, + 1.
fn on_station_for_stowing(s: &State) -> Vec<usize> {
    (0..s.counters.len())
        .filter(|&k| {
            let c = &s.counters[k];
            s.intruder_on_map(k).is_some() && c.cage.is_none() && !c.iced
        })
        .collect()
}

impl<R: Roll> Table<'_, R> {
    /// Shuttle `n` leaves with `crewman` and `with` (15.2), a stowaway may get aboard, and the
    /// fight aboard is played at once; then the station goes on in the crew action segment of
    /// `resume` (`None`: the general step).
    pub fn launch(&mut self, crewman: Crewman, n: u8, with: Vec<Crewman>, resume: Option<Room>) {
        let crew: Vec<Crewman> = std::iter::once(crewman).chain(with).collect();
        for &c in &crew {
            let member = &mut self.s.crew[c as usize];
            member.acted = true;
            member.aboard = Some(n);
        }
        let shuttle = &mut self.s.shuttles[usize::from(n - 1)];
        shuttle.left = true;
        shuttle.resume = resume;
        self.tell(Event::ShuttleLeft { shuttle: n, crew });
        self.stow_away(n);
        self.shuttle_round(n);
    }

    /// The stowaway roll: 1d6 ≤ ISI puts one of those Intruders aboard at random, else a Clone
    /// Not Yet in Play, else none (our rule). It is face up aboard; a sleeping one sleeps
    /// through the first repetition's Intruder action segment (our rule).
    fn stow_away(&mut self, n: u8) {
        let candidates = on_station_for_stowing(self.s);
        let index = candidates.len() as u8 + 1;
        let roll = self.dice.d6();
        let k = if roll > index {
            None
        } else if candidates.is_empty() {
            self.s.counters.iter().position(|c| {
                c.identity == Identity::Intruder && c.place == Place::ClonesNotYetInPlay
            })
        } else {
            Some(candidates[self.dice.index(candidates.len())])
        };
        if let Some(k) = k {
            if self.s.counters[k].controller.is_some() {
                self.lose_control(k);
            }
            let c = &mut self.s.counters[k];
            c.place = Place::Shuttle(n);
            c.face_up = true;
            c.holding_edge = false;
            c.asleep_until = c.asleep_until.map(|_| (1, 0));
        }
        let stowaway = k.map(|k| self.s.counters[k].id);
        self.tell(Event::StowawayRoll {
            shuttle: n,
            index,
            roll,
            stowaway,
        });
    }

    /// The stowaway still fighting aboard Shuttle `n` with a living crew.
    fn fight(&self, n: u8) -> Option<usize> {
        self.s
            .stowaway(n)
            .filter(|_| !self.s.crew_aboard(n).is_empty())
    }

    /// One more repetition of steps 6.2.2-6.2.3 aboard Shuttle `n`: the Intruder action segment.
    pub fn shuttle_round(&mut self, n: u8) {
        if self.s.ending.is_some() {
            return;
        }
        let Some(k) = self.fight(n) else {
            self.shuttle_done(n);
            return;
        };
        let shuttle = &mut self.s.shuttles[usize::from(n - 1)];
        shuttle.round += 1;
        let round = shuttle.round;
        self.tell(Event::ShuttleRound { shuttle: n, round });
        for c in self.s.crew_aboard(n) {
            self.s.crew[c as usize].acted = false;
        }
        self.s.attacks[k] = 0;
        let targets = if self.s.counters[k].free() {
            self.s.crew_aboard(n)
        } else {
            Vec::new()
        };
        if self.s.scenario.intruder_seat() && !targets.is_empty() {
            self.s.step = Step::ShuttleAttack {
                shuttle: n,
                intruder: k,
            };
            return;
        }
        let target = self.attack_roll(k, targets);
        self.shuttle_strike(n, k, target);
    }

    /// The Intruder seat's decision aboard: told, then steps B to D.
    pub fn shuttle_decided(&mut self, n: u8, k: usize, target: Option<Crewman>) {
        self.tell_decision(k, target);
        self.shuttle_strike(n, k, target);
    }

    /// Steps B to D aboard, then the crew action segment.
    fn shuttle_strike(&mut self, n: u8, k: usize, target: Option<Crewman>) {
        self.determine_powers();
        if let Some(target) = target {
            if defence_possible_among(self.s, &self.s.crew_aboard(n), None, k) {
                self.s.step = Step::ShuttleDefence {
                    shuttle: n,
                    intruder: k,
                    target,
                };
                return;
            }
            self.kill_roll(k, target);
        }
        self.shuttle_segment(n);
    }

    /// Step 3 aboard: the crew action segment, if anyone aboard may act; else the next
    /// repetition.
    pub fn shuttle_segment(&mut self, n: u8) {
        if self.s.ending.is_some() {
            return;
        }
        if self.fight(n).is_none() {
            self.shuttle_done(n);
            return;
        }
        let round = self.s.shuttles[usize::from(n - 1)].round;
        self.wake(|place| place == Place::Shuttle(n), (round, 0));
        if crew_may_act_aboard(self.s, n) {
            self.s.step = Step::ShuttleActions { shuttle: n };
        } else {
            self.shuttle_round(n);
        }
    }

    /// After a crew action aboard: the segment goes on while anyone aboard may act.
    pub fn after_shuttle_action(&mut self, n: u8) {
        if self.s.ending.is_some() {
            return;
        }
        if self.fight(n).is_none() {
            self.shuttle_done(n);
        } else if !crew_may_act_aboard(self.s, n) {
            self.shuttle_round(n);
        }
    }

    /// A crewman aboard rolls to cage the stowaway (as 11); a caged one stays in his Cage and
    /// an Extra Strong one breaks out at once.
    pub fn cage_stowaway(&mut self, crewman: Crewman, k: usize, cage: usize) {
        if roll_to_cage(self, crewman, k) {
            self.s.counters[k].cage = Some(cage);
            self.break_out(k);
        }
    }

    /// A crewman aboard prepares the hatches.
    pub fn prepare_hatches(&mut self, crewman: Crewman, n: u8) {
        self.s.crew[crewman as usize].acted = true;
        let shuttle = &mut self.s.shuttles[usize::from(n - 1)];
        shuttle.prepared = Some(shuttle.round);
        self.tell(Event::HatchesPrepared {
            crewman,
            shuttle: n,
        });
    }

    /// The hatches open: the stowaway is expelled as in 13, with every power determined; Fast
    /// Reflexes cannot save it in flight: it dies unless Immune to Vacuum. The crew survives.
    pub fn open_hatches(&mut self, crewman: Crewman, n: u8) {
        self.s.crew[crewman as usize].acted = true;
        let Some(k) = self.s.stowaway(n) else {
            return;
        };
        self.determine_powers();
        let survived = self.s.has(Power::ImmuneToVacuum);
        let intruder = self.s.counters[k].id;
        self.tell(Event::HatchesOpened {
            crewman,
            shuttle: n,
            intruder,
            survived,
        });
        if survived {
            self.s.counters[k].place = Place::Gone;
            self.s.counters[k].asleep_until = None;
        } else {
            self.intruder_killed(k);
        }
    }

    /// The fight aboard Shuttle `n` is over (or never began): a stowaway left with a dead crew
    /// lands on its home world, gone alive; then the station goes on where the Shuttle left.
    fn shuttle_done(&mut self, n: u8) {
        if let Some(k) = self.s.stowaway(n) {
            self.s.counters[k].place = Place::Landed;
            let intruder = self.s.counters[k].id;
            self.tell(Event::ShuttleLanded {
                shuttle: n,
                intruder,
            });
        }
        for c in &mut self.s.counters {
            if c.place == Place::Shuttle(n) || c.place == Place::Landed {
                c.asleep_until = None;
            }
        }
        self.check_end();
        if self.s.ending.is_some() {
            return;
        }
        self.s.step = Step::CrewActions(self.s.shuttles[usize::from(n - 1)].resume);
        after_crew_action(self);
    }
}
