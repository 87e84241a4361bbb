//! Lost crewmen (rules 14.3, option `lost-crewmen`): at a panic, after the move to the Command
//! Module, one random crewman in play is lost: his objects already lie in CM (14.2) and he joins
//! the shuffle as a face-down counter. Which crewman is lost is told; his counter is not, it
//! gets a fresh opaque id like the others. Until found he is no crewman for targeting,
//! contest or action. He is found when his counter is revealed (6.2.1, an airlock too, which
//! then kills him) and acts from the next phase; our rules: nobody is lost when fewer than two
//! crewmen are in play, and whenever no crewman on the station is in play every lost crewman
//! is found at once where he is. The destruction kills him; at the end he counts as alive.

use xenotable_protocol::intruder::{Event, Identity, Room};

use super::flow::Table;
use super::state::{CREW, Place};
use crate::games::Roll;

impl<R: Roll> Table<'_, R> {
    /// Step 14.2 with the option: one random crewman in play becomes a face-down counter in
    /// CM, about to be shuffled (a counter of an earlier lost crewman, found since, is used
    /// again).
    pub fn lose_crewman(&mut self) {
        let in_play: Vec<_> = CREW.into_iter().filter(|&c| self.s.on_station(c)).collect();
        if !self.s.lost_crewmen || in_play.len() < 2 {
            return;
        }
        let crewman = in_play[self.dice.index(in_play.len())];
        let spare = self
            .s
            .counters
            .iter()
            .position(|c| c.identity == Identity::LostCrewman && c.place == Place::Found);
        let k = match spare {
            Some(k) => k,
            None => self
                .s
                .push_counter(Identity::LostCrewman, Place::Map(Room::Cm), self.dice),
        };
        let counter = &mut self.s.counters[k];
        counter.place = Place::Map(Room::Cm);
        counter.face_up = false;
        let crew = &mut self.s.crew[crewman as usize];
        crew.lost = Some(k);
        crew.mp = 0;
        crew.picking = false;
        self.tell(Event::CrewmanLost { crewman });
    }

    /// The lost crewman hidden as counter `k`, just turned face up in `room`, is found: back
    /// in play there, he acts from the next phase; his counter leaves the map.
    pub fn found(&mut self, k: usize, room: Room) {
        let Some(crewman) = self.s.lost_as(k) else {
            return;
        };
        self.s.counters[k].place = Place::Found;
        let crew = &mut self.s.crew[crewman as usize];
        crew.lost = None;
        crew.room = room;
        crew.acted = true;
        crew.mp = 0;
        self.tell(Event::CrewmanFound { crewman, room });
    }

    /// Our rule: when no crewman on the station is in play, every lost crewman's counter is
    /// turned face up where it is, and he is found.
    pub fn find_when_none_in_play(&mut self) {
        if CREW.into_iter().any(|c| self.s.on_station(c)) {
            return;
        }
        for c in CREW {
            let Some(k) = self.s.crewman(c).lost else {
                continue;
            };
            if let Place::Map(room) = self.s.counters[k].place {
                self.turn_up(k, room);
            }
        }
    }
}
