//! What happened, in the game's own words. Everything is public: every die rolled is told,
//! with its purpose.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::Facing;
use super::model::{ModelId, Square};
use crate::{Outcome, Seat};

/// How a melee attack on a marine ended (rules 9.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MeleeResult {
    /// The alien rolled higher: the marine dies.
    MarineKilled,
    /// Equal dice: nothing happens.
    Standoff,
    /// The marine rolled higher and was attacked from the front: the alien dies.
    AlienKilled,
    /// The marine rolled higher but was attacked from a side or the rear: both live and the
    /// marine turns to face the alien.
    Parried,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Event {
    /// Deployment: a marine was put on a start square.
    Deployed {
        model: ModelId,
        at: Square,
        facing: Facing,
    },
    /// Deployment: an alien on a start square was given its facing.
    Faced {
        model: ModelId,
        facing: Facing,
    },
    /// A side finished its deployment.
    Confirmed {
        seat: Seat,
    },
    /// A marine or alien turn began; a marine turn lasts `seconds`.
    TurnBegan {
        turn: u32,
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seconds: Option<u32>,
    },
    /// A model took its first action of the turn; the previous one is finished.
    Activated {
        model: ModelId,
        ap: u8,
    },
    /// A model stepped to an adjacent square; its facing is unchanged.
    Stepped {
        model: ModelId,
        from: Square,
        to: Square,
    },
    Turned {
        model: ModelId,
        facing: Facing,
    },
    /// A marine's step ended on an exit square: he left the board.
    Escaped {
        model: ModelId,
        from: Square,
    },
    /// A storm bolter shot of the marine's own choice, with the kill number of its place in a
    /// sustained-fire sequence (6, 5, 4, then 3).
    Shot {
        model: ModelId,
        target: Square,
        kill_number: u8,
        dice: [u8; 2],
        hit: bool,
    },
    /// An overwatch shot at an acting alien: kills on a 6, jams on a double.
    OverwatchShot {
        model: ModelId,
        target: ModelId,
        dice: [u8; 2],
        hit: bool,
        jammed: bool,
    },
    OverwatchDeclared {
        model: ModelId,
    },
    Unjammed {
        model: ModelId,
    },
    DoorOpened {
        model: ModelId,
        door: Square,
    },
    DoorClosed {
        model: ModelId,
        door: Square,
    },
    /// A closed door was destroyed; it is corridor floor from now on.
    DoorDestroyed {
        door: Square,
    },
    /// A heavy flamer shot: the squares of its area; `shots` are left in the flamer.
    Flamed {
        model: ModelId,
        target: Square,
        area: Vec<Square>,
        shots: u8,
    },
    /// One model in a flamer's area was rolled for: killed on 2–6.
    Burned {
        model: ModelId,
        at: Square,
        die: u8,
        killed: bool,
    },
    /// A heavy flamer was reloaded to `shots`; `reloads` are left.
    Reloaded {
        model: ModelId,
        shots: u8,
        reloads: u8,
    },
    /// An alien attacked a marine: it kept the highest of `alien_dice`, the marine rolled
    /// `marine_die`.
    Melee {
        model: ModelId,
        target: ModelId,
        alien_dice: [u8; 3],
        marine_die: u8,
        result: MeleeResult,
    },
    /// An alien attacked a closed door: destroyed if a die shows 6.
    DoorAttacked {
        model: ModelId,
        door: Square,
        dice: [u8; 3],
        destroyed: bool,
    },
    Died {
        model: ModelId,
        at: Square,
    },
    /// A reinforcement came in on an entry square.
    Arrived {
        model: ModelId,
        at: Square,
        facing: Facing,
    },
    /// Aliens that should arrive this turn but found no available entry square.
    HeldBack {
        count: u8,
    },
    TurnEnded {
        turn: u32,
        seat: Seat,
    },
    /// The marine clock ran out: the marine turn ended at once.
    TimeUp {
        turn: u32,
    },
    GameOver {
        outcome: Outcome,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_write_as_kebab_case_tagged_json() {
        assert_eq!(
            serde_json::to_string(&Event::TimeUp { turn: 3 }).unwrap(),
            r#"{"type":"time-up","turn":3}"#
        );
        let shot = Event::OverwatchShot {
            model: ModelId::Marine(2),
            target: ModelId::Alien(4),
            dice: [6, 6],
            hit: true,
            jammed: true,
        };
        let json = serde_json::to_string(&shot).unwrap();
        assert_eq!(
            json,
            r#"{"type":"overwatch-shot","model":"m2","target":"a4","dice":[6,6],"hit":true,"jammed":true}"#
        );
        assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), shot);
    }
}
