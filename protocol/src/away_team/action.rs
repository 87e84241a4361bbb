//! What a seat may send: orders, the d6 method, retreat and the lock.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A phaser setting, and the effect of an alien group's weapon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// A hit stuns: the target is out for the rest of the encounter (stun-immune aliens shrug
    /// it off).
    Stun,
    /// A hit kills.
    Kill,
}

/// The order of one crew member for this round.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "order", rename_all = "kebab-case", deny_unknown_fields)]
pub enum CrewOrder {
    /// Fire the phaser at an active alien, set to `mode`.
    Fire { target: String, mode: Mode },
    /// Do not fire this round.
    Hold {},
}

/// One intent of a seat. `"type"` names it; see each variant for who may send it and when.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// Away Team, before locking: the order of an active crew member (replaces an earlier one).
    /// A crew member without an order holds.
    Order { crew: String, order: CrewOrder },
    /// Away Team, before locking, when the encounter allows it: retreat instead of firing.
    Retreat {},
    /// Away Team, before locking: take back a declared retreat.
    CancelRetreat {},
    /// Aliens, before locking: the target of an alien that fires this round.
    Target { alien: String, crew: String },
    /// Aliens, once the Away Team has locked, once a round: roll the d6 method for every alien
    /// that fires this round (the rolls are public).
    RollTargets {},
    /// Either side: lock this round's orders (the Aliens need a target for every alien that
    /// fires). Nothing can change afterwards.
    Lock {},
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_as_tagged_json() {
        let action: Action = serde_json::from_str(
            r#"{"type":"order","crew":"sec","order":{"order":"fire","target":"raiders-1","mode":"stun"}}"#,
        )
        .unwrap();
        assert_eq!(
            action,
            Action::Order {
                crew: "sec".into(),
                order: CrewOrder::Fire {
                    target: "raiders-1".into(),
                    mode: Mode::Stun
                }
            }
        );
        assert_eq!(
            serde_json::to_string(&Action::RollTargets {}).unwrap(),
            r#"{"type":"roll-targets"}"#
        );
    }

    #[test]
    fn unknown_fields_are_refused() {
        let err = serde_json::from_str::<Action>(r#"{"type":"lock","now":true}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{err}");
        let err = serde_json::from_str::<Action>(
            r#"{"type":"order","crew":"sec","order":{"order":"hold","x":1}}"#,
        )
        .unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{err}");
    }
}
