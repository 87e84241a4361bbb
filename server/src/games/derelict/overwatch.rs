//! Overwatch and jams (rules 7): marines on overwatch fire at every alien action in sight.
//! No I/O; dice only from the match's dice.

use xenotable_protocol::derelict::Event;

use super::flow::Table;
use super::los::{self, Viewer};
use crate::games::Roll;

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
