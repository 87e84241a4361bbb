//! What every game's view carries around its own fields.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::Seat;

/// How a match ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// The seats that won; empty for a draw, and when every seat lost with no seat to win
    /// (Intruder's crew against the automatic Intruders: `reason` then ends with `_loss`).
    pub winners: Vec<Seat>,
    /// Why, as a stable snake_case code of the game (`rescue`, `assimilation`, ...).
    pub reason: String,
}

impl Outcome {
    /// Whether the match was drawn: nobody won, and the reason is not a loss (`_loss`).
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty() && !self.reason.ends_with("_loss")
    }
}

/// One viewer's view of a match: the game's own view plus who acts, what this viewer may send,
/// the outcome once there is one, and the clock while a timed turn runs. `L` is the list of
/// actions: a `Vec` of the game's actions, or, as a room writes it, that list already as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MatchView<V, L> {
    /// The game's own view for this viewer.
    #[serde(flatten)]
    pub game: V,
    /// The seats that may act now.
    pub to_act: Vec<Seat>,
    /// What this viewer's seat may send now, each exactly as the server accepts it.
    pub legal: L,
    /// `None` while the match goes on.
    pub outcome: Option<Outcome>,
    /// The clock of a timed turn (Derelict's marine turn) while it runs, as the room keeps it;
    /// absent otherwise, and in views that no room sends (replays).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
}

/// A view as a room sends it: the game's part and the actions as JSON (a room runs any game).
pub type JsonView = MatchView<serde_json::Value, Vec<serde_json::Value>>;

/// A running clock as every viewer sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ClockView {
    /// The seat whose time runs.
    pub seat: Seat,
    /// Which timed span (Derelict: the turn number).
    pub period: u32,
    /// The length of the span, in seconds.
    pub seconds: u32,
    /// When the time runs out, in Unix milliseconds.
    pub deadline_ms: u64,
    /// The time left when the view was built, in milliseconds.
    pub remaining_ms: u64,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::ServerFrame;

    #[test]
    fn a_match_nobody_won_is_a_draw_unless_its_reason_is_a_loss() {
        let outcome = |winners: &[Seat], reason: &str| Outcome {
            winners: winners.to_vec(),
            reason: reason.into(),
        };
        assert!(outcome(&[], "turn_limit").is_draw());
        assert!(outcome(&[], "detonation_draw").is_draw());
        assert!(!outcome(&[], "crew_dead_loss").is_draw());
        assert!(!outcome(&[Seat::Intruder], "crew_dead_loss").is_draw());
        assert!(!outcome(&[Seat::Aliens], "rescue").is_draw());
    }

    /// The clock sits in the envelope beside the game's own fields, and only while one runs.
    #[test]
    fn the_clock_is_in_the_envelope_only_while_it_runs() {
        let view = JsonView {
            game: json!({"turn": 3}),
            to_act: vec![Seat::Marines],
            legal: vec![json!({"type": "pass"})],
            outcome: None,
            clock: Some(ClockView {
                seat: Seat::Marines,
                period: 3,
                seconds: 120,
                deadline_ms: 1_000,
                remaining_ms: 500,
            }),
        };
        let frame = ServerFrame::Update {
            seq: 4,
            reference: None,
            events: Vec::new(),
            view: view.clone(),
        };
        let wire = serde_json::to_value(&frame).expect("a frame");
        let clock = json!({"seat": "marines", "period": 3, "seconds": 120, "deadline_ms": 1000,
                           "remaining_ms": 500});
        assert_eq!(
            wire,
            json!({"t": "update", "seq": 4, "events": [], "view": {"turn": 3,
                   "to_act": ["marines"], "legal": [{"type": "pass"}], "outcome": null,
                   "clock": clock}})
        );
        assert_eq!(
            serde_json::from_value::<ServerFrame>(wire).ok(),
            Some(frame)
        );

        let no_clock = JsonView {
            clock: None,
            ..view
        };
        let wire = serde_json::to_value(&no_clock).expect("a view");
        assert_eq!(
            wire,
            json!({"turn": 3, "to_act": ["marines"], "legal": [{"type": "pass"}],
                   "outcome": null})
        );
        assert_eq!(
            serde_json::from_value::<JsonView>(wire).ok(),
            Some(no_clock)
        );
    }
}
