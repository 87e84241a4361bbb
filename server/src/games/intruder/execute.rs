//! Carrying out a checked crew intent: each goes to the rules that play it, then caged, held
//! and controlled counters follow their crewmen, and a crew action segment goes on while anyone
//! can still act. It cannot refuse: the check has already said yes.

use xenotable_protocol::intruder::Room;

use super::candidates::crew_has_actions;
use super::capture;
use super::construction;
use super::flow::Table;
use super::freezer;
use super::intent::Intent;
use super::prometheus;
use super::state::Step;
use crate::games::Roll;

/// Plays a checked intent; caged, held and controlled counters follow their crewmen.
pub fn execute<R: Roll>(t: &mut Table<'_, R>, intent: Intent) {
    play(t, intent);
    t.s.follow();
}

fn play<R: Roll>(t: &mut Table<'_, R>, intent: Intent) {
    match intent {
        Intent::Move { crewman, to, cost } => t.move_crewman(crewman, to, cost),
        Intent::PickUp {
            crewman,
            object,
            cost,
        } => t.pick_up(crewman, object, cost),
        Intent::Drop { crewman, object } => t.drop_object(crewman, object),
        Intent::Unlock { crewman, room } => t.unlock(crewman, room),
        Intent::EndMovement => t.end_movement(),
        Intent::Attack {
            crewman,
            intruder,
            weapon,
        } => {
            t.crew_attacks(crewman, intruder, weapon);
            after_crew_action(t);
        }
        Intent::Defend {
            crewman,
            weapon,
            attacked,
        } => t.defends(crewman, weapon, attacked),
        Intent::NoDefence(attacked) => t.no_defence(attacked),
        Intent::LeaveInShuttle {
            crewman,
            shuttle,
            with,
            resume,
        } => t.launch(crewman, shuttle, with, resume),
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
            t.start_self_destruct(crewman);
            after_crew_action(t);
        }
        Intent::StopSelfDestruct { crewman } => {
            t.stop_self_destruct(crewman);
            after_crew_action(t);
        }
        Intent::OpenAirlock { crewman, airlock } => {
            t.open_airlock(crewman, airlock);
            after_crew_action(t);
        }
        Intent::Inventory { crewman } => {
            t.take_inventory(crewman);
            after_crew_action(t);
        }
        Intent::EndSegment(segment) => finish_segment(t, segment),
        Intent::EndShuttleActions(shuttle) => t.shuttle_round(shuttle),
        Intent::Capture(capture) => {
            capture::play(t, capture);
            after_crew_action(t);
        }
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
            t.marine_attacks_lab_animal(crewman, animal, weapon);
            after_crew_action(t);
        }
        Intent::TurnOnFreezer { crewman } => {
            freezer::turn_on(t, crewman);
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
        // The action ended the match, or called for a decision (self-defence, a Shuttle's fight).
        _ => {}
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
