//! The seq each viewer sees. A command is numbered for a viewer only when the viewer is told of
//! it: a command whose every event is withheld from a viewer (Away Team's order edits, told to
//! their own side alone) does not exist for that viewer, so neither an update nor a jump in the
//! numbers can tell it that the command happened, or how many there were.

use xenotable_protocol::Seat;

use crate::games::{JsonEvent, Viewer};

/// The commands of the log, and how many of them each viewer was told of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seqs {
    log: u64,
    /// Each seat of the match, then the spectators.
    told: Vec<(Viewer, u64)>,
}

impl Seqs {
    /// No command yet, for a match with these seats.
    pub fn new(seats: &[Seat]) -> Seqs {
        let viewers = seats.iter().map(|&s| Viewer::Seat(s));
        Seqs {
            log: 0,
            told: viewers.chain([Viewer::Spectator]).map(|v| (v, 0)).collect(),
        }
    }

    /// How many commands the log holds.
    pub fn log(&self) -> u64 {
        self.log
    }

    /// The seq of `viewer`: how many commands it was told of (all of them, for an omniscient
    /// viewer or a seat the match does not have).
    pub fn of(&self, viewer: Viewer) -> u64 {
        self.told
            .iter()
            .find(|(v, _)| *v == viewer)
            .map_or(self.log, |&(_, n)| n)
    }

    /// One more command, told with `events`.
    pub fn count(&mut self, events: &[JsonEvent]) {
        self.log += 1;
        for (viewer, n) in &mut self.told {
            if told_to(events, *viewer) {
                *n += 1;
            }
        }
    }
}

/// Whether `viewer` is told of a command with these events: unless every one is withheld from
/// it.
pub fn told_to(events: &[JsonEvent], viewer: Viewer) -> bool {
    events.is_empty() || events.iter().any(|e| e.for_viewer(viewer).is_some())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::games::{Audience, JsonEvent};

    fn event(concealed: Option<serde_json::Value>, audience: Audience) -> JsonEvent {
        JsonEvent {
            whole: json!("whole"),
            concealed,
            audience,
        }
    }

    #[test]
    fn a_command_withheld_from_a_viewer_takes_no_seq_of_it() {
        let mut seqs = Seqs::new(&[Seat::AwayTeam, Seat::Aliens]);
        let edit = event(None, Audience::only(Seat::AwayTeam));
        seqs.count(std::slice::from_ref(&edit));
        seqs.count(&[edit.clone(), edit]);
        seqs.count(&[event(Some(json!("locked")), Audience::Everyone)]);
        assert_eq!(seqs.log(), 3);
        assert_eq!(seqs.of(Viewer::Seat(Seat::AwayTeam)), 3);
        assert_eq!(seqs.of(Viewer::Seat(Seat::Aliens)), 1);
        assert_eq!(seqs.of(Viewer::Spectator), 1);
        assert_eq!(seqs.of(Viewer::Omniscient), 3);
    }

    #[test]
    fn a_concealed_event_or_a_command_without_events_is_still_told() {
        let mut seqs = Seqs::new(&[Seat::Creature, Seat::Hunted(1)]);
        let hidden = event(Some(json!("concealed")), Audience::only(Seat::Hunted(1)));
        seqs.count(&[hidden, event(None, Audience::only(Seat::Hunted(1)))]);
        seqs.count(&[]);
        for viewer in [Viewer::Seat(Seat::Creature), Viewer::Spectator] {
            assert_eq!(seqs.of(viewer), 2, "{viewer:?}");
        }
    }
}
