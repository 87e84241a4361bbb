//! What the crew may do now: candidates filtered by the same `check` that `apply` runs, so the
//! list and the rules cannot disagree.

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{Action, ObjectPlace, Room};

use super::candidates::{defence_candidates, segment_candidates};
use super::intent::check_intent;
use super::intruder_seat;
use super::orders;
use super::prometheus;
use super::shuttle::aboard_candidates;
use super::state::{CREW, Specialty, State, Step, specialty};
use super::station::adjacent;

/// The seats with a decision pending now.
pub fn to_act(s: &State) -> Vec<Seat> {
    match s.step {
        Step::Over => Vec::new(),
        Step::IntruderMovement
        | Step::IntruderDestruction
        | Step::IntruderAttack { .. }
        | Step::ShuttleAttack { .. } => vec![Seat::Intruder],
        _ if s.scenario.split_crew() => orders::owing(s),
        _ => vec![Seat::Crew],
    }
}

/// Exactly the actions `apply` accepts from `seat` now.
pub fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    if s.ending.is_some() {
        return Vec::new();
    }
    // A crew seat of 17.3 owes orders exactly when it has some to give.
    if s.scenario.split_crew() && seat != Seat::Intruder {
        return orders::legal(s, seat);
    }
    if !to_act(s).contains(&seat) {
        return Vec::new();
    }
    if seat == Seat::Intruder {
        return intruder_seat::candidates(s)
            .into_iter()
            .filter(|a| intruder_seat::check(s, a).is_ok())
            .collect();
    }
    // The seat is the crew's and it is to act: what remains of `check` is the intent's own.
    candidates(s)
        .into_iter()
        .filter(|a| check_intent(s, a).is_ok())
        .collect()
}

/// The crew intents worth checking now, ending the step included.
pub fn candidates(s: &State) -> Vec<Action> {
    match &s.step {
        Step::SetUp => prometheus::candidates(s),
        Step::CrewMovement => movement_candidates(s),
        Step::CrewActions(room) => {
            let mut out = segment_candidates(s, *room);
            out.extend(releasers(s));
            out.push(Action::EndActions {});
            out
        }
        Step::SelfDefence { room, .. } => {
            let mut out = defence_candidates(s, &s.crew_in(*room));
            out.push(Action::NoDefence {});
            out
        }
        Step::ShuttleActions { shuttle } => {
            let mut out = aboard_candidates(s, *shuttle);
            out.push(Action::EndActions {});
            out
        }
        Step::ShuttleDefence { shuttle, .. } => {
            let mut out = defence_candidates(s, &s.crew_aboard(*shuttle));
            out.push(Action::NoDefence {});
            out
        }
        Step::IntruderMovement
        | Step::IntruderDestruction
        | Step::IntruderAttack { .. }
        | Step::ShuttleAttack { .. }
        | Step::Over => Vec::new(),
    }
}

/// Releases worth checking: by the crewmen holding an animal or controlling an Intruder.
fn releasers(s: &State) -> impl Iterator<Item = Action> {
    s.counters
        .iter()
        .filter_map(|c| c.holder.or(c.controller))
        .map(|crewman| Action::Release { crewman })
}

/// The crew movement intents worth checking: moves only with MP left, construction only by an
/// Engineer in Maintenance.
fn movement_candidates(s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    for crewman in CREW {
        let crew = s.crewman(crewman);
        if !s.on_station(crewman) {
            continue;
        }
        if crew.mp > 0 {
            out.extend(
                adjacent(crew.room)
                    .iter()
                    .map(|&to| Action::Move { crewman, to }),
            );
        }
        for (o, object) in s.objects.iter().enumerate() {
            if object.place == (ObjectPlace::Room { room: crew.room }) {
                out.push(Action::PickUp {
                    crewman,
                    object: o as u8,
                });
            }
            if object.place == (ObjectPlace::Carried { crewman }) || crew.bears == Some(o) {
                out.push(Action::Drop {
                    crewman,
                    object: o as u8,
                });
            }
        }
        if crew.room == Room::Cm {
            out.extend(
                [Room::Arm, Room::Frz, Room::Cmp].map(|room| Action::Unlock { crewman, room }),
            );
        }
        let builder = specialty(crewman) == Specialty::Engineer && crew.room == Room::Mnt;
        for (o, object) in s.objects.iter().enumerate() {
            if builder && matches!(object.place, ObjectPlace::Track { .. }) {
                out.push(Action::ConstructWeapon {
                    crewman,
                    object: o as u8,
                });
            }
        }
        if s.controlled_by(crewman).is_some() {
            out.extend(
                adjacent(crew.room)
                    .iter()
                    .map(|&to| Action::MoveWithIntruder { crewman, to }),
            );
        }
    }
    for (o, object) in s.objects.iter().enumerate() {
        if let (ObjectPlace::Room { room }, Some(_)) = (object.place, s.cage_content(o)) {
            out.extend(
                adjacent(room)
                    .iter()
                    .map(|&to| Action::CarryCage { cage: o as u8, to }),
            );
        }
    }
    out.extend(releasers(s));
    out.push(Action::EndMovement {});
    out
}
