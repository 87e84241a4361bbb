//! The shot (rules 2): two dice plus modifiers must come out strictly below the shooter's SKILL.

use xenotable_protocol::away_team::Modifier;

use crate::games::Roll;

/// A rolled shot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rolled {
    pub dice: [u8; 2],
    /// The dice plus every modifier.
    pub result: i32,
    pub hit: bool,
}

/// Whether a result hits: strictly below SKILL (seed steps 4-5).
pub fn hits(result: i32, skill: i32) -> bool {
    result < skill
}

/// Rolls 2d6 for a shooter of effective `skill` with these modifiers.
pub fn roll(dice: &mut impl Roll, skill: i32, modifiers: &[Modifier]) -> Rolled {
    let faces = [dice.d6(), dice.d6()];
    let result =
        i32::from(faces[0]) + i32::from(faces[1]) + modifiers.iter().map(|m| m.value).sum::<i32>();
    Rolled {
        dice: faces,
        result,
        hit: hits(result, skill),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Dice;

    /// Hit chances with no modifier for SKILL 7..13, in 36ths (rules 2.3).
    const HIT_CHANCES: [(i32, u32); 7] = [
        (7, 15),
        (8, 21),
        (9, 26),
        (10, 30),
        (11, 33),
        (12, 35),
        (13, 36),
    ];

    #[test]
    fn the_table_of_hit_chances_is_the_2d6_distribution() {
        for (skill, in_36) in HIT_CHANCES {
            let hits = (1..=6)
                .flat_map(|a| (1..=6).map(move |b| a + b))
                .filter(|&sum| hits(sum, skill))
                .count();
            assert_eq!(hits as u32, in_36, "SKILL {skill}");
        }
    }

    #[test]
    fn hit_rates_over_many_shots_match_the_table_within_one_point() {
        let mut dice = Dice::from_seed(20_261_130);
        let shots = 120_000;
        for (skill, in_36) in HIT_CHANCES.iter().filter(|(s, _)| (7..=12).contains(s)) {
            let hit = (0..shots)
                .filter(|_| roll(&mut dice, *skill, &[]).hit)
                .count();
            let rate = hit as f64 / f64::from(shots);
            let expected = f64::from(*in_36) / 36.0;
            assert!(
                (rate - expected).abs() < 0.01,
                "SKILL {skill}: {rate:.4} against {expected:.4}"
            );
        }
    }

    #[test]
    fn a_hit_needs_a_result_strictly_below_skill() {
        assert!(hits(5, 6));
        assert!(!hits(6, 6));
        assert!(!hits(7, 6));
    }
}
