//! What a seat may send: deployment, the actions of section 3, arrivals, end of turn.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::Facing;
use super::model::{ModelId, Square};

/// A 90° turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Left,
    Right,
}

/// One intent of a seat. `"type"` names it; each variant says who may send it and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// Marines, deployment: put `model` (again, if placed already) on a free `M` square.
    Deploy {
        model: ModelId,
        to: Square,
        facing: Facing,
    },
    /// Aliens, deployment: the facing of an alien that starts on an `A` square.
    Face { model: ModelId, facing: Facing },
    /// Either side, deployment: done placing (marines) or facing (aliens).
    Confirm {},
    /// Aliens, start of their turn: an arriving alien comes in on an available entry square.
    Arrive { to: Square, facing: Facing },
    /// Step to an adjacent square (its AP cost depends on the direction). A marine with a
    /// storm bolter may add one free `shot` at a visible alien or closed door after the step.
    Step {
        model: ModelId,
        to: Square,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shot: Option<Square>,
    },
    /// Turn 90° (marines 1 AP, aliens 0 AP).
    Turn { model: ModelId, side: Side },
    /// Marines: storm bolter shot at an alien or a closed door (1 AP).
    Shoot { model: ModelId, target: Square },
    /// Open the closed door in front (1 AP).
    Open { model: ModelId },
    /// Close the empty open door in front (1 AP).
    Close { model: ModelId },
    /// Marines: go on overwatch (1 AP).
    Overwatch { model: ModelId },
    /// Marines: clear a jammed storm bolter (1 AP); overwatch stays.
    Unjam { model: ModelId },
    /// Marines: heavy flamer shot at a square (2 AP).
    Flame { model: ModelId, target: Square },
    /// Marines: reload an empty heavy flamer (4 AP).
    Reload { model: ModelId },
    /// Aliens: melee attack on the square in front (1 AP).
    Attack { model: ModelId },
    /// Either side, in its turn: end the turn.
    EndTurn {},
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_as_tagged_json() {
        let action: Action = serde_json::from_str(
            r#"{"type":"step","model":"m2","to":{"x":3,"y":4},"shot":{"x":3,"y":0}}"#,
        )
        .unwrap();
        assert_eq!(
            action,
            Action::Step {
                model: ModelId::Marine(2),
                to: Square::new(3, 4),
                shot: Some(Square::new(3, 0)),
            }
        );
        let json = serde_json::to_string(&Action::Turn {
            model: ModelId::Alien(1),
            side: Side::Left,
        })
        .unwrap();
        assert_eq!(json, r#"{"type":"turn","model":"a1","side":"left"}"#);
        assert_eq!(
            serde_json::to_string(&Action::EndTurn {}).unwrap(),
            r#"{"type":"end-turn"}"#
        );
    }

    /// Logs stored before the wire convention was made one name facings in capitals.
    #[test]
    fn facings_read_in_capitals_too_and_write_in_lowercase() {
        for (old, facing, new) in [
            ("N", Facing::N, "n"),
            ("E", Facing::E, "e"),
            ("S", Facing::S, "s"),
            ("W", Facing::W, "w"),
        ] {
            let stored = format!(r#"{{"type":"face","model":"m1","facing":"{old}"}}"#);
            let action: Action = serde_json::from_str(&stored).unwrap();
            assert_eq!(
                action,
                Action::Face {
                    model: ModelId::Marine(1),
                    facing
                }
            );
            assert_eq!(
                serde_json::to_string(&action).unwrap(),
                format!(r#"{{"type":"face","model":"m1","facing":"{new}"}}"#)
            );
        }
    }

    #[test]
    fn unknown_fields_are_refused() {
        for bad in [
            r#"{"type":"end-turn","now":true}"#,
            r#"{"type":"attack","model":"a1","target":{"x":1,"y":1}}"#,
            r#"{"type":"step","model":"m1","to":{"x":1,"y":1,"z":0}}"#,
        ] {
            let err = serde_json::from_str::<Action>(bad).unwrap_err();
            assert!(err.to_string().contains("unknown field"), "{bad}: {err}");
        }
    }
}
