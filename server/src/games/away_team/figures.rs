//! Figures (rules 1): crew members and aliens, their states and their SKILL in a phaser fight.

use xenotable_protocol::away_team::{FigureState, Role};

use super::encounter::{CrewSpec, GroupSpec};

/// Roles trained for phaser fights: no penalty (rules 2.1; the Captain's exemption is our rule).
const PHASER_TRAINED: [Role; 3] = [Role::Captain, Role::SecurityOfficer, Role::SecurityGuard];
/// What crew outside security lose in phaser fights (seed).
pub const OUTSIDE_SECURITY_PENALTY: i32 = 3;

/// A crew member in play; `CrewSpec` of the same index tells who.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CrewMember {
    /// SKILL as written, or as rolled.
    pub skill: u8,
    /// The die of a rolled SKILL.
    pub roll: Option<u8>,
    pub state: FigureState,
}

/// One alien of a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Alien {
    /// Index of its group in the encounter.
    pub group: usize,
    /// 1 to the group's count.
    pub number: u8,
    pub state: FigureState,
}

/// A crew member's SKILL in phaser fights (rules 2.1).
pub fn effective_skill(spec: &CrewSpec, skill: u8) -> i32 {
    let penalty = if PHASER_TRAINED.contains(&spec.role) {
        0
    } else {
        OUTSIDE_SECURITY_PENALTY
    };
    i32::from(skill) + spec.skill_mod - penalty
}

/// `<group id>-<number>` (rules 1.2).
pub fn alien_id(group: &GroupSpec, number: u8) -> String {
    format!("{}-{number}", group.id)
}

/// The aliens of these groups, ordered by group then number (rules 1.2).
pub fn muster(groups: &[GroupSpec]) -> Vec<Alien> {
    groups
        .iter()
        .enumerate()
        .flat_map(|(group, g)| {
            (1..=g.count).map(move |number| Alien {
                group,
                number,
                state: FigureState::Active,
            })
        })
        .collect()
}
