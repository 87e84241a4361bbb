//! The seq each viewer sees, and what each viewer was told. A command is numbered for a viewer
//! only when the viewer is told of it: a command whose every event is withheld from a viewer
//! (Away Team's order edits, told to their own side alone) does not exist for that viewer, so
//! neither an update nor a jump in the numbers can tell it that the command happened, or how
//! many there were. A viewer who arrives late (a reload, a reconnect) is told its history: the
//! same updates, redacted by the same [`seen_by`], that a viewer there from the start received.

use serde::Serialize;
use xenotable_protocol::Seat;

use crate::games::{Audience, Json, JsonEvent, Viewer};

/// One update of a viewer's history, as its `update` frame told it (the protocol's
/// `LogEntry`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Entry {
    /// The viewer's own seq of the update.
    pub seq: u64,
    /// Its events, as the viewer was told them.
    pub events: Vec<Json>,
}

/// The commands of the log with the events each told, and how many of them each viewer was
/// told of.
#[derive(Debug, Clone, PartialEq)]
pub struct Seqs {
    log: u64,
    /// Each seat of the match, then the spectators.
    told: Vec<(Viewer, u64)>,
    /// The events of the last command, ready for the updates.
    last: Vec<JsonEvent>,
    /// The events of every command, in log order, as the history of viewers who arrive late.
    logged: Vec<Logged>,
}

/// A command's events as the log keeps them: the texts of all their forms back to back in one
/// allocation. A room keeps its whole match's log, and this is most of a long match's memory.
#[derive(Debug, Clone, PartialEq)]
struct Logged {
    text: Box<str>,
    spans: Box<[Span]>,
}

/// Where one event lies in its command's text: its whole form ends at `whole`, its concealed
/// form follows up to `concealed` (none when empty: JSON text is never empty).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Span {
    whole: usize,
    concealed: usize,
    audience: Audience,
}

impl Logged {
    fn keep(events: &[JsonEvent]) -> Logged {
        let mut text = String::with_capacity(
            events
                .iter()
                .map(|e| {
                    e.whole.as_str().len() + e.concealed.as_ref().map_or(0, |c| c.as_str().len())
                })
                .sum(),
        );
        let spans = events
            .iter()
            .map(|e| {
                text.push_str(e.whole.as_str());
                let whole = text.len();
                if let Some(concealed) = &e.concealed {
                    text.push_str(concealed.as_str());
                }
                Span {
                    whole,
                    concealed: text.len(),
                    audience: e.audience,
                }
            })
            .collect();
        Logged {
            text: text.into_boxed_str(),
            spans,
        }
    }

    /// The events back as the room told them.
    fn events(&self) -> Vec<JsonEvent> {
        let mut start = 0;
        self.spans
            .iter()
            .map(|span| {
                let whole = Json::text(&self.text[start..span.whole]);
                let concealed = (span.concealed > span.whole)
                    .then(|| Json::text(&self.text[span.whole..span.concealed]));
                start = span.concealed;
                JsonEvent {
                    whole,
                    concealed,
                    audience: span.audience,
                }
            })
            .collect()
    }
}

impl Seqs {
    /// No command yet, for a match with these seats.
    pub fn new(seats: &[Seat]) -> Seqs {
        let viewers = seats.iter().map(|&s| Viewer::Seat(s));
        Seqs {
            log: 0,
            told: viewers.chain([Viewer::Spectator]).map(|v| (v, 0)).collect(),
            last: Vec::new(),
            logged: Vec::new(),
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
    pub fn count(&mut self, events: Vec<JsonEvent>) {
        self.log += 1;
        for (viewer, n) in &mut self.told {
            if told_to(&events, *viewer) {
                *n += 1;
            }
        }
        self.logged.push(Logged::keep(&events));
        self.last = events;
    }

    /// The events of the last command.
    pub fn last(&self) -> &[JsonEvent] {
        &self.last
    }

    /// Every update `viewer` was told, oldest first, with its seq and its events as `viewer`
    /// saw them.
    pub fn history(&self, viewer: Viewer) -> Vec<Entry> {
        self.logged
            .iter()
            .filter_map(|logged| {
                let events = logged.events();
                seen_by(&events, viewer).map(|seen| seen.into_iter().cloned().collect())
            })
            .zip(1..)
            .map(|(events, seq)| Entry { seq, events })
            .collect()
    }
}

/// Whether `viewer` is told of a command with these events: unless every one is withheld from
/// it.
pub fn told_to(events: &[JsonEvent], viewer: Viewer) -> bool {
    events.is_empty() || events.iter().any(|e| e.for_viewer(viewer).is_some())
}

/// A command's events as `viewer` is told them, each whole or concealed as its audience says;
/// `None` when the command is withheld from `viewer`. Live updates and histories both go
/// through here.
pub fn seen_by(events: &[JsonEvent], viewer: Viewer) -> Option<Vec<&Json>> {
    told_to(events, viewer).then(|| events.iter().filter_map(|e| e.for_viewer(viewer)).collect())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::games::{Audience, JsonEvent};

    fn event(concealed: Option<serde_json::Value>, audience: Audience) -> JsonEvent {
        JsonEvent {
            whole: Json::of(&json!("whole")),
            concealed: concealed.as_ref().map(Json::of),
            audience,
        }
    }

    #[test]
    fn a_command_withheld_from_a_viewer_takes_no_seq_of_it() {
        let mut seqs = Seqs::new(&[Seat::AwayTeam, Seat::Aliens]);
        let edit = event(None, Audience::only(Seat::AwayTeam));
        seqs.count(vec![edit.clone()]);
        seqs.count(vec![edit.clone(), edit]);
        seqs.count(vec![event(Some(json!("locked")), Audience::Everyone)]);
        assert_eq!(seqs.log(), 3);
        assert_eq!(seqs.of(Viewer::Seat(Seat::AwayTeam)), 3);
        assert_eq!(seqs.of(Viewer::Seat(Seat::Aliens)), 1);
        assert_eq!(seqs.of(Viewer::Spectator), 1);
        assert_eq!(seqs.of(Viewer::Omniscient), 3);
    }

    #[test]
    fn a_history_holds_what_each_viewer_was_told_numbered_by_its_own_seqs() {
        let mut seqs = Seqs::new(&[Seat::AwayTeam, Seat::Aliens]);
        seqs.count(vec![event(None, Audience::only(Seat::AwayTeam))]);
        seqs.count(vec![]);
        seqs.count(vec![event(
            Some(json!("concealed")),
            Audience::only(Seat::Aliens),
        )]);
        let history = |viewer| serde_json::to_value(seqs.history(viewer)).unwrap();
        assert_eq!(
            history(Viewer::Seat(Seat::AwayTeam)),
            json!([
                {"seq": 1, "events": ["whole"]},
                {"seq": 2, "events": []},
                {"seq": 3, "events": ["concealed"]}
            ])
        );
        let outside = json!([{"seq": 1, "events": []}, {"seq": 2, "events": ["concealed"]}]);
        assert_eq!(history(Viewer::Spectator), outside);
        assert_eq!(
            history(Viewer::Seat(Seat::Aliens)),
            json!([{"seq": 1, "events": []}, {"seq": 2, "events": ["whole"]}])
        );
        for viewer in [Viewer::Seat(Seat::AwayTeam), Viewer::Spectator] {
            assert_eq!(
                seqs.history(viewer).last().map(|e| e.seq),
                Some(seqs.of(viewer))
            );
        }
    }

    #[test]
    fn the_log_gives_back_each_commands_events_as_they_were_told() {
        let commands = [
            vec![],
            vec![event(None, Audience::Everyone)],
            vec![
                event(Some(json!({"card": null})), Audience::only(Seat::Hunted(2))),
                event(None, Audience::only(Seat::Creature)),
                event(Some(json!("x")), Audience::Everyone),
            ],
        ];
        for events in commands {
            assert_eq!(Logged::keep(&events).events(), events);
        }
    }

    #[test]
    fn a_concealed_event_or_a_command_without_events_is_still_told() {
        let mut seqs = Seqs::new(&[Seat::Creature, Seat::Hunted(1)]);
        let hidden = event(Some(json!("concealed")), Audience::only(Seat::Hunted(1)));
        seqs.count(vec![hidden, event(None, Audience::only(Seat::Hunted(1)))]);
        seqs.count(vec![]);
        for viewer in [Viewer::Seat(Seat::Creature), Viewer::Spectator] {
            assert_eq!(seqs.of(viewer), 2, "{viewer:?}");
        }
    }
}
