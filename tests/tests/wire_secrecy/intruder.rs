//! Intruder (rules 18): the identity of a face-down counter is the Intruder seat's alone; the
//! orders a crew seat gives are its own until executed (17.3). Everything else is public, every
//! die included.

use serde_json::json;
use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{Action, Identity};
use xenotable_server::games::intruder::{Intruder, State};
use xenotable_server::games::{Dice, Game, Viewer};

use crate::common::{Db, Picker, Server};
use crate::driver::{self, Coverage, Secrets, Setup, Through};

/// The counters `viewer` sees face down: on the map by opaque id, or in the Not Used box as a
/// count (for the Intruder seat: none). Those in a Cage, held, controlled, frozen, asleep or
/// holding an airlock edge are left alone, and lost crewmen are told apart (14.3).
fn face_down(s: &State, viewer: Viewer) -> Vec<usize> {
    if viewer == Viewer::Seat(Seat::Intruder) {
        return Vec::new();
    }
    (0..s.counters.len())
        .filter(|&k| {
            let c = &s.counters[k];
            // `Place` is the rules' own type: its Debug name tells the board from the boxes.
            let place = format!("{:?}", c.place);
            let on_table = place.starts_with("Map(") || place == "NotUsed";
            !c.face_up
                && on_table
                && c.free()
                && !c.holding_edge
                && c.identity != Identity::LostCrewman
        })
        .collect()
}

/// Random orders `seat` could have given instead (a few of its one-order items, or none).
fn any_orders(s: &State, seat: Seat, pick: &mut Picker) -> Option<Vec<Action>> {
    let items: Vec<Vec<Action>> = Intruder::legal_actions(s, seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Orders { orders } => Some(orders),
            _ => None,
        })
        .collect();
    if items.is_empty() {
        return None;
    }
    let mut orders: Vec<Action> = Vec::new();
    for _ in 0..pick.below(3) {
        let mut more = orders.clone();
        more.extend(items[pick.below(items.len())].iter().cloned());
        // An order already illegal after the ones before it is refused at once (17.3): keep
        // only lists the seat could really give.
        let given = Action::Orders {
            orders: more.clone(),
        };
        if Intruder::apply(&mut s.clone(), seat, &given, &mut Dice::from_seed(0)).is_ok() {
            orders = more;
        }
    }
    Some(orders)
}

impl Secrets for Intruder {
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
        // Face-down identities exchanged among the counters the viewer cannot tell apart (and
        // that the step leaves face down).
        let hidden: Vec<usize> = face_down(s, viewer)
            .into_iter()
            .filter(|&k| after.is_none_or(|a| !a.counters[k].face_up))
            .collect();
        if hidden.len() > 1 {
            for _ in 0..=pick.below(3) {
                let (a, b) = (
                    hidden[pick.below(hidden.len())],
                    hidden[pick.below(hidden.len())],
                );
                let identity = twin.counters[a].identity;
                twin.counters[a].identity = twin.counters[b].identity;
                twin.counters[b].identity = identity;
            }
        }
        // Other seats' pending orders redrawn, each seat kept in its place in the ready list,
        // unless the step executes them.
        let executed = after.is_some_and(|a| a.orders.is_empty());
        for k in 0..twin.orders.len() {
            if executed {
                break;
            }
            let seat = twin.orders[k].0;
            if viewer == Viewer::Seat(seat) {
                continue;
            }
            let mut without = twin.clone();
            without.orders.remove(k);
            if let Some(orders) = any_orders(&without, seat, pick) {
                twin.orders[k].1 = orders;
            }
        }
        (twin, dice.clone())
    }

    /// A crew seat's orders are its own until every seat's are in; those that complete the set
    /// are executed at once, in the open.
    fn secret_choice(
        s: &State,
        after: &State,
        seat: Seat,
        action: &Action,
        _viewer: Viewer,
        pick: &mut Picker,
    ) -> Option<Action> {
        match action {
            Action::Orders { .. } if !after.orders.is_empty() => {
                any_orders(s, seat, pick).map(|orders| Action::Orders { orders })
            }
            _ => None,
        }
    }
}

#[tokio::test]
async fn intruder_frames_are_independent_of_face_down_identities_and_others_orders() {
    let db = Db::sqlite();
    let server = Server::start(&db).await;
    let mut coverage = Coverage::default();
    let matches: [(&str, &[Seat]); 3] = [
        (
            "science-officer-intelligent",
            &[Seat::Science, Seat::Command, Seat::Intruder],
        ),
        ("intelligent", &[Seat::Crew, Seat::Intruder]),
        (
            "return-teams",
            &[Seat::Team(1), Seat::Team(2), Seat::Team(3)],
        ),
    ];
    for (n, (scenario, seats)) in (0..).zip(matches) {
        let setup = Setup {
            scenario: Some(scenario),
            options: json!({"turn-limit": 8}),
            seats,
            seed: 4_130 + n,
            pick: 41 + n,
            max_steps: 3_000,
        };
        coverage.add(driver::play::<Intruder>(&server, &db, setup).await.0);
    }
    eprintln!("{coverage:?}");
    coverage.assert_covers(&["orders-given"]);
    drop(server);
    db.drop_db().await;
}
