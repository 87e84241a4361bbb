//! Overwatch and jams (rules 7): marines on overwatch fire at every alien action in sight.
//! No I/O; dice only from the match's dice.

use xenotable_protocol::derelict::Event;

use super::flow::Table;
use super::los::{self, Viewer};

/// An overwatch shot kills only on a 6 (no sustained fire).
pub const OVERWATCH_KILL: u8 = 6;

/// Whether an overwatch roll jams the bolter: any double, kill or not (7.2).
pub fn jams(dice: [u8; 2]) -> bool {
    dice[0] == dice[1]
}

/// After alien `alien` finished an action: every marine on overwatch, not jammed, who sees
/// it (within `overwatch-range`) fires once. The shots are simultaneous: all are rolled, in
/// ascending marine id, before the alien is removed.
pub fn react(t: &mut Table, alien: usize) {
    let target = t.s.models[alien];
    if !target.on_board() {
        return;
    }
    let mut killed = false;
    for k in 0..t.s.squad {
        let m = t.s.models[k];
        let sees = || {
            los::visible(
                &t.s.board,
                Viewer::new(m.pos(), m.facing),
                target.pos(),
                t.s.rules.overwatch_sight(),
            )
        };
        if !(m.on_board() && m.overwatch && !m.jammed && sees()) {
            continue;
        }
        let dice = [t.dice.d6(), t.dice.d6()];
        let hit = super::fire::hits(dice, OVERWATCH_KILL);
        let jammed = jams(dice);
        t.s.models[k].jammed = jammed;
        killed |= hit;
        t.tell(Event::OverwatchShot {
            model: m.id,
            target: target.id,
            dice,
            hit,
            jammed,
        });
    }
    if killed {
        t.kill(alien);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Dice;

    /// Acceptance 2: over 100,000 pinned-seed overwatch shots the jam rate is 6/36 within one
    /// percentage point.
    #[test]
    fn jam_rate_matches_the_odds_over_many_shots() {
        let shots = 100_000;
        let mut dice = Dice::from_seed(7_000);
        let jammed = (0..shots).filter(|_| jams([dice.d6(), dice.d6()])).count();
        let rate = jammed as f64 / f64::from(shots);
        assert!((rate - 6.0 / 36.0).abs() < 0.01, "jam rate {rate:.4}");
    }
}
