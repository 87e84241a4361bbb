//! The Intruder Life Stage chart (rules 7.1), the power table (7.3) and the Combat Results
//! Table (10.3), as `const` data.

use xenotable_protocol::intruder::Effect::{self, *};
use xenotable_protocol::intruder::{ObjectKind, Power, Weapon};

/// One row of the Life Stage chart. Ranges are "1 to n" on 1d6 (0: never).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stage {
    pub powers: u8,
    pub metamorphosis: u8,
    pub attack: u8,
    pub clones: u8,
    pub prod_control: u8,
    pub crew_may_kill: bool,
    pub kill: u8,
}

const fn stage(
    powers: u8,
    metamorphosis: u8,
    attack: u8,
    clones: u8,
    prod_control: u8,
    crew_may_kill: bool,
    kill: u8,
) -> Stage {
    Stage {
        powers,
        metamorphosis,
        attack,
        clones,
        prod_control,
        crew_may_kill,
        kill,
    }
}

/// Stages 1 to 6.
pub const STAGES: [Stage; 6] = [
    stage(2, 2, 3, 2, 5, false, 3),
    stage(3, 2, 3, 2, 4, false, 3),
    stage(4, 2, 3, 2, 3, true, 4),
    stage(5, 1, 4, 3, 2, true, 4),
    stage(6, 1, 4, 4, 1, true, 5),
    stage(7, 0, 5, 5, 1, true, 5),
];

/// The row of `stage` (1 to 6; anything else reads as the nearest stage).
pub fn chart(stage: u8) -> Stage {
    STAGES[usize::from(stage.clamp(1, 6)) - 1]
}

/// Carriers a Cage holding an Intruder needs at stages 1 to 6 (rules 9.2).
pub const CARRIERS: [u8; 6] = [1, 1, 2, 2, 3, 3];

/// The carriers a caged Intruder of `stage` needs.
pub fn carriers_needed(stage: u8) -> usize {
    usize::from(CARRIERS[usize::from(stage.clamp(1, 6)) - 1])
}

/// Catching a Lab Animal succeeds on 1 to this (rules 11).
pub const CATCH: u8 = 3;

/// Caging an Intruder succeeds on 1 to this: asleep, and awake at stage 1 (rules 11).
pub const CAGE_ASLEEP: u8 = 5;
/// See [`CAGE_ASLEEP`]; awake Intruders past stage 1 cannot be caged.
pub const CAGE_AWAKE_STAGE_1: u8 = 2;

/// Turns of work that finish a weapon of the Weapon Construction Track (rules 9.3): Prods
/// after 2, Flamethrowers after 3.
pub fn construction_turns(kind: ObjectKind) -> Option<u8> {
    match kind {
        ObjectKind::ElectricProd => Some(2),
        ObjectKind::Flamethrower => Some(3),
        ObjectKind::Blaster
        | ObjectKind::SleepDartPistol
        | ObjectKind::GasCanister
        | ObjectKind::Cage => Option::None,
    }
}

/// The power rolled on 2d6 (2 to 12).
pub const POWERS: [Power; 11] = [
    Power::ImmuneToShock,
    Power::FastReflexes,
    Power::ImmuneToVacuum,
    Power::ImmuneToCold,
    Power::VeryFast,
    Power::Clone,
    Power::ExtraStrong,
    Power::ImmuneToFlame,
    Power::ImmuneToGas,
    Power::ImmuneToSleepDarts,
    Power::BlasterResistant,
];

/// The power of a 2d6 roll.
pub fn power(roll: u8) -> Power {
    POWERS[usize::from(roll.clamp(2, 12)) - 2]
}

/// The CRT: per column, per die 1 to 6, (crew action, self-defence).
const CRT: [[(Effect, Effect); 6]; 6] = [
    // Sleep Dart
    [
        (Sleep, Sleep),
        (Sleep, Sleep),
        (Sleep, None),
        (None, None),
        (None, None),
        (None, CrewKilled),
    ],
    // Blaster
    [
        (Kill, Kill),
        (Kill, Retreat),
        (Kill, None),
        (None, None),
        (None, None),
        (None, CrewKilled),
    ],
    // Blaster*
    [
        (Kill, Retreat),
        (Kill, None),
        (None, None),
        (None, None),
        (None, None),
        (None, CrewKilled),
    ],
    // Gas
    [
        (Kill, KillBoth),
        (Kill, Retreat),
        (Kill, None),
        (None, None),
        (None, None),
        (None, None),
    ],
    // Improvised
    [
        (Kill, Retreat),
        (None, None),
        (None, None),
        (None, None),
        (None, None),
        (None, None),
    ],
    // Flamethrower
    [
        (Kill, KillBoth),
        (Kill, Retreat),
        (Kill, Retreat),
        (None, Retreat),
        (None, CrewKilled),
        (None, CrewKilled),
    ],
];

/// The CRT result of `roll` (1 to 6) with `weapon`, in self-defence or as a crew action.
pub fn crt(weapon: Weapon, roll: u8, defence: bool) -> Effect {
    let column = match weapon {
        Weapon::SleepDart => 0,
        Weapon::Blaster => 1,
        Weapon::BlasterResistant => 2,
        Weapon::Gas => 3,
        Weapon::Improvised => 4,
        Weapon::Flamethrower => 5,
    };
    let (action, self_defence) = CRT[column][usize::from(roll.clamp(1, 6)) - 1];
    if defence { self_defence } else { action }
}

/// The power that makes an Intruder immune to `weapon`, if any.
pub fn immunity(weapon: Weapon) -> Option<Power> {
    match weapon {
        Weapon::SleepDart => Some(Power::ImmuneToSleepDarts),
        Weapon::Gas => Some(Power::ImmuneToGas),
        Weapon::Flamethrower => Some(Power::ImmuneToFlame),
        Weapon::Blaster | Weapon::BlasterResistant | Weapon::Improvised => Option::None,
    }
}

/// A lethal weapon: forbidden to Science Officers and, at stages 1-2, outside self-defence.
pub fn is_lethal(weapon: Weapon) -> bool {
    !matches!(weapon, Weapon::SleepDart)
}

/// Which of `n` candidates (in canonical order) a target roll picks (rules 10.1); `None`: roll
/// again. With one candidate no roll is needed.
pub fn target_of(n: usize, roll: u8) -> Option<usize> {
    let k = usize::from(roll.clamp(1, 6)) - 1;
    match n {
        0 => Option::None,
        1 => Some(0),
        2 => Some(k / 3),
        3 => Some(k / 2),
        _ => (k < n).then_some(k),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules file's table (10.3), row by row as printed: die 1 to 6, and per column the
    /// crew action then the self-defence result.
    const PRINTED_CRT: [[(Effect, Effect); 6]; 6] = [
        [
            (Sleep, Sleep),
            (Kill, Kill),
            (Kill, Retreat),
            (Kill, KillBoth),
            (Kill, Retreat),
            (Kill, KillBoth),
        ],
        [
            (Sleep, Sleep),
            (Kill, Retreat),
            (Kill, None),
            (Kill, Retreat),
            (None, None),
            (Kill, Retreat),
        ],
        [
            (Sleep, None),
            (Kill, None),
            (None, None),
            (Kill, None),
            (None, None),
            (Kill, Retreat),
        ],
        [
            (None, None),
            (None, None),
            (None, None),
            (None, None),
            (None, None),
            (None, Retreat),
        ],
        [
            (None, None),
            (None, None),
            (None, None),
            (None, None),
            (None, None),
            (None, CrewKilled),
        ],
        [
            (None, CrewKilled),
            (None, CrewKilled),
            (None, CrewKilled),
            (None, None),
            (None, None),
            (None, CrewKilled),
        ],
    ];

    /// The columns in the printed order.
    const COLUMNS: [Weapon; 6] = [
        Weapon::SleepDart,
        Weapon::Blaster,
        Weapon::BlasterResistant,
        Weapon::Gas,
        Weapon::Improvised,
        Weapon::Flamethrower,
    ];

    #[test]
    fn all_twelve_half_columns_of_the_crt_read_as_printed() {
        for (die, row) in (1..=6).zip(PRINTED_CRT) {
            for (weapon, (action, defence)) in COLUMNS.into_iter().zip(row) {
                assert_eq!(
                    crt(weapon, die, false),
                    action,
                    "{weapon:?}, crew action, die {die}"
                );
                assert_eq!(
                    crt(weapon, die, true),
                    defence,
                    "{weapon:?}, self-defence, die {die}"
                );
            }
        }
    }

    #[test]
    fn targets_split_the_die_by_the_number_of_crewmen() {
        assert_eq!(target_of(1, 6), Some(0));
        assert_eq!(
            (1..=6).map(|r| target_of(2, r)).collect::<Vec<_>>(),
            [0, 0, 0, 1, 1, 1].map(Some)
        );
        assert_eq!(
            (1..=6).map(|r| target_of(3, r)).collect::<Vec<_>>(),
            [0, 0, 1, 1, 2, 2].map(Some)
        );
        assert_eq!(
            target_of(4, 5),
            Option::None,
            "unused numbers are rolled again"
        );
        assert_eq!(target_of(6, 6), Some(5));
    }

    #[test]
    fn the_stage_chart_gives_one_more_power_per_stage() {
        for (k, s) in STAGES.iter().enumerate() {
            assert_eq!(usize::from(s.powers), k + 2);
        }
        assert!(!chart(2).crew_may_kill && chart(3).crew_may_kill);
        assert_eq!(chart(4).clones, 3);
    }
}
