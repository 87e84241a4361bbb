//! Away Team (rules 6): each side's orders of the round are its secret until both sides lock,
//! and so is every edit of them; the Aliens' targets are public once rolled by the d6 method.
//! Dice are public.

use serde_json::{Value, json};
use xenotable_protocol::Seat;
use xenotable_protocol::away_team::Action;
use xenotable_server::games::away_team::{AwayTeam, State};
use xenotable_server::games::{Dice, Game, Viewer};

use crate::common::{Db, Picker, Server};
use crate::driver::{self, Coverage, Secrets, Setup, Through};

/// An edit of a side's orders before it locks.
fn is_edit(action: &Action) -> bool {
    matches!(
        action,
        Action::Order { .. }
            | Action::Retreat {}
            | Action::CancelRetreat {}
            | Action::Target { .. }
    )
}

/// A random edit `seat` may make now, if any.
fn any_edit(s: &State, seat: Seat, pick: &mut Picker) -> Option<Action> {
    let edits: Vec<Action> = AwayTeam::legal_actions(s, seat)
        .into_iter()
        .filter(is_edit)
        .collect();
    (!edits.is_empty()).then(|| edits[pick.below(edits.len())].clone())
}

fn set_locked(s: &mut State, seat: Seat, locked: bool) {
    match seat {
        Seat::AwayTeam => s.orders.away_team_locked = locked,
        _ => s.orders.aliens_locked = locked,
    }
}

/// Redraws the orders of `seat`: a few random edits, as if made before its lock (if it locked,
/// the lock stands).
fn redraw_orders(s: &mut State, seat: Seat, pick: &mut Picker) {
    let locked = s.locked(seat);
    set_locked(s, seat, false);
    // Edits roll nothing.
    let mut dice = Dice::from_seed(0);
    for _ in 0..=pick.below(6) {
        let Some(edit) = any_edit(s, seat, pick) else {
            break;
        };
        AwayTeam::apply(s, seat, &edit, &mut dice).expect("an offered edit");
    }
    set_locked(s, seat, locked);
}

impl Secrets for AwayTeam {
    const ROLLS_ARE_PUBLIC: bool = true;

    fn twin(
        s: &State,
        through: Option<Through<'_, Self>>,
        dice: &Dice,
        viewer: Viewer,
        pick: &mut Picker,
    ) -> (State, Dice) {
        let after = through.map(|t| t.after);
        let mut twin = s.clone();
        // The second lock reveals both sides' orders.
        if after.is_some_and(|a| a.revealed != s.revealed || a.ending.is_some()) {
            return (twin, dice.clone());
        }
        if viewer != Viewer::Seat(Seat::AwayTeam) {
            redraw_orders(&mut twin, Seat::AwayTeam, pick);
        }
        // Targets rolled by the d6 method are public.
        if viewer != Viewer::Seat(Seat::Aliens) && !twin.orders.rolled {
            redraw_orders(&mut twin, Seat::Aliens, pick);
        }
        (twin, dice.clone())
    }

    /// Any edit of the orders is the side's secret, as is the fact that it edited at all.
    fn secret_choice(
        s: &State,
        _after: &State,
        seat: Seat,
        action: &Action,
        _viewer: Viewer,
        pick: &mut Picker,
    ) -> Option<Action> {
        is_edit(action).then(|| any_edit(s, seat, pick)).flatten()
    }

    /// Locks one time in five, so that rounds end.
    fn choose(_view: &Value, legal: &[Value], pick: &mut Picker) -> usize {
        match legal.iter().position(|a| a["type"] == "lock") {
            Some(lock) if pick.below(5) == 0 => lock,
            _ => pick.below(legal.len()),
        }
    }
}

#[tokio::test]
async fn away_team_frames_are_independent_of_the_other_sides_orders_and_edits() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let mut coverage = Coverage::default();
    let seats = [Seat::AwayTeam, Seat::Aliens];
    let scenarios = ["crystal-spires", "last-stand", "sleeping-colony"];
    for n in 0..12 {
        let setup = Setup {
            scenario: Some(scenarios[n % 3]),
            options: json!(null),
            seats: &seats,
            seed: 130 + n as u64,
            pick: 13 + n as u64,
            max_steps: 2_000,
        };
        coverage.add(driver::play::<AwayTeam>(&server, &db, setup).await.0);
    }
    eprintln!("{coverage:?}");
    coverage.assert_covers(&["edited"]);
    drop(server);
    db.drop_db().await;
}
