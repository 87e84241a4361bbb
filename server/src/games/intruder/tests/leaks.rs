//! Hidden information: what the crew and spectators see does not depend on the identities of
//! face-down counters or of the Not Used box; the Intruder seat sees them (rules 18).

use xenotable_protocol::Seat;
use xenotable_protocol::intruder::{Action, CounterView, Crewman, Event, Identity, Room};

use super::super::scenario::SCENARIOS;
use super::super::state::{Place, State, Step};
use super::super::{Intruder, Scenario};
use super::properties::random_turn;
use super::support::{animal, bare, first_cage, first_of, intruder, put, setup};
use crate::games::{Dice, Game, Viewer};

fn views(s: &State) -> [String; 7] {
    [
        Viewer::Seat(Seat::Crew),
        Viewer::Seat(Seat::Science),
        Viewer::Seat(Seat::Command),
        Viewer::Seat(Seat::Team(1)),
        Viewer::Seat(Seat::Team(2)),
        Viewer::Seat(Seat::Team(3)),
        Viewer::Spectator,
    ]
    .map(|v| serde_json::to_string(&Intruder::view(s, v)).expect("a view serializes"))
}

/// Every pair of hidden counters (face down on the map, or in the Not Used box) with different
/// identities.
fn hidden_pairs(s: &State) -> Vec<(usize, usize)> {
    let hidden: Vec<usize> = (0..s.counters.len())
        .filter(|&k| {
            let c = &s.counters[k];
            matches!(c.place, Place::Map(_) | Place::NotUsed) && !c.face_up
        })
        .collect();
    let mut pairs = Vec::new();
    for (n, &a) in hidden.iter().enumerate() {
        for &b in &hidden[n + 1..] {
            if s.counters[a].identity != s.counters[b].identity {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// `s` with the identities of counters `a` and `b` exchanged (a lost crewman hidden as one is
/// then hidden as the other).
fn swapped(s: &State, (a, b): (usize, usize)) -> State {
    let mut swapped = s.clone();
    swapped.counters[a].identity = s.counters[b].identity;
    swapped.counters[b].identity = s.counters[a].identity;
    for c in &mut swapped.crew {
        c.lost = c.lost.map(|k| match k {
            k if k == a => b,
            k if k == b => a,
            k => k,
        });
    }
    swapped
}

fn view_of(s: &State, viewer: Viewer) -> String {
    serde_json::to_string(&Intruder::view(s, viewer)).expect("a view serializes")
}

/// Plays `games` random games of `scenario` for up to `steps` actions each and checks that
/// swapping the identities of any pair of hidden counters that `pairs` picks changes no crew or
/// spectator view; returns the number of swaps checked.
fn swaps_checked(
    scenario: Scenario,
    lost_crewmen: bool,
    (games, steps): (u64, usize),
    pairs: impl Fn(&State) -> Vec<(usize, usize)>,
) -> usize {
    let mut checked = 0;
    for seed in 0..games {
        let mut dice = Dice::from_seed(seed);
        let mut choices = Dice::from_seed(seed + 500);
        let mut s = setup(scenario, 30, lost_crewmen, &mut dice);
        for _ in 0..steps {
            let pairs = pairs(&s);
            if !pairs.is_empty() {
                let before = views(&s);
                for pair in pairs {
                    assert_eq!(views(&swapped(&s, pair)), before, "seed {seed}");
                    checked += 1;
                }
            }
            let Some((seat, action)) = random_turn(&s, &mut choices) else {
                break;
            };
            Intruder::apply(&mut s, seat, &action, &mut dice).expect("legal");
        }
    }
    checked
}

#[test]
fn swapping_two_hidden_identities_changes_no_crew_or_spectator_view() {
    for scenario in SCENARIOS.into_iter().filter(|s| s.playable()) {
        let checked = swaps_checked(scenario, false, (20, 60), hidden_pairs);
        assert!(checked > 1000, "{checked} swaps checked");
    }
}

#[test]
fn a_lost_crewmans_counter_is_like_any_other_face_down_counter_to_crew_and_spectators() {
    let lost = |s: &State| {
        let mut pairs = hidden_pairs(s);
        pairs.retain(|&(a, b)| {
            [a, b]
                .iter()
                .any(|&k| s.counters[k].identity == Identity::LostCrewman)
        });
        pairs
    };
    for scenario in [Scenario::Solitaire, Scenario::ScienceOfficer] {
        let checked = swaps_checked(scenario, true, (40, 300), lost);
        assert!(checked > 100, "{scenario:?}: {checked} swaps checked");
    }
}

#[test]
fn before_the_stowaway_roll_no_view_tells_which_face_down_counter_is_the_intruder() {
    // Whenever a Shuttle may leave, the Intruder's counter swapped with any other face-down
    // one: what the crew and spectators see is the same (15.2: the roll alone turns it up).
    let may_leave = |s: &State| {
        let leaving = Intruder::legal_actions(s, Seat::Crew)
            .iter()
            .any(|a| matches!(a, Action::LeaveInShuttle { .. }));
        let mut pairs = if leaving { hidden_pairs(s) } else { Vec::new() };
        pairs.retain(|&(a, b)| {
            [a, b]
                .iter()
                .any(|&k| s.counters[k].identity == Identity::Intruder)
        });
        pairs
    };
    let checked = swaps_checked(Scenario::Solitaire, false, (150, 5000), may_leave);
    assert!(checked > 50, "{checked} swaps checked");
}

#[test]
fn the_intruder_seat_and_an_omniscient_viewer_see_the_identities() {
    let mut dice = Dice::from_seed(3);
    let s = setup(Scenario::Intelligent, 30, false, &mut dice);
    for pair in hidden_pairs(&s) {
        for viewer in [Viewer::Seat(Seat::Intruder), Viewer::Omniscient] {
            assert_ne!(view_of(&swapped(&s, pair), viewer), view_of(&s, viewer));
        }
    }
    let not_used = s
        .counters
        .iter()
        .filter(|c| c.place == Place::NotUsed)
        .count();
    let listed = |viewer| {
        Intruder::view(&s, viewer)
            .counters
            .iter()
            .filter(|c| c.room.is_none())
            .count()
    };
    assert_eq!(listed(Viewer::Seat(Seat::Intruder)), not_used);
    assert_eq!(listed(Viewer::Seat(Seat::Crew)), 0);
}

#[test]
fn only_a_viewer_who_sees_identities_is_told_which_counters_are_still_face_down() {
    let mut s = bare();
    let hidden = intruder(&mut s, Room::Sa1, false);
    let shown = intruder(&mut s, Room::Lab, true);
    let face_down = |viewer| {
        Intruder::view(&s, viewer)
            .counters
            .iter()
            .filter(|c| c.room.is_some())
            .map(|c| (c.id, c.face_down))
            .collect::<Vec<_>>()
    };
    let mut told = vec![(hidden, true), (shown, false)];
    told.sort_unstable();
    for viewer in [Viewer::Seat(Seat::Intruder), Viewer::Omniscient] {
        assert_eq!(face_down(viewer), told);
    }
    let mut untold = vec![(hidden, false), (shown, false)];
    untold.sort_unstable();
    for viewer in [Viewer::Seat(Seat::Crew), Viewer::Spectator] {
        assert_eq!(face_down(viewer), untold);
    }
}

#[test]
fn the_caged_lab_animals_and_frozen_boxes_are_counted_for_everyone() {
    let mut s = bare();
    let caged = animal(&mut s, Room::Lab);
    let frozen = intruder(&mut s, Room::Frz, true);
    for c in &mut s.counters {
        if c.id == caged {
            c.place = Place::CagedLabAnimals;
        } else if c.id == frozen {
            c.place = Place::Frozen;
        }
    }
    for viewer in [
        Viewer::Seat(Seat::Crew),
        Viewer::Spectator,
        Viewer::Omniscient,
    ] {
        let view = Intruder::view(&s, viewer);
        assert_eq!((view.caged_lab_animals, view.frozen), (1, 1));
    }
}

#[test]
fn only_an_omniscient_viewer_is_shown_the_counters_not_yet_in_play() {
    let mut s = bare();
    let waiting = intruder(&mut s, Room::Lab, false);
    let spare = intruder(&mut s, Room::Sa1, false);
    for c in &mut s.counters {
        if c.id == waiting {
            c.place = Place::ClonesNotYetInPlay;
        } else if c.id == spare {
            c.place = Place::Spare;
        }
    }
    let aside = |viewer| {
        Intruder::view(&s, viewer)
            .counters
            .iter()
            .filter(|c| c.id == waiting || c.id == spare)
            .map(|c| (c.room, c.identity))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        aside(Viewer::Omniscient),
        [(None, Some(Identity::Intruder)); 2]
    );
    for viewer in [
        Viewer::Seat(Seat::Intruder),
        Viewer::Seat(Seat::Crew),
        Viewer::Spectator,
    ] {
        assert_eq!(aside(viewer), [], "{viewer:?}");
    }
}

#[test]
fn a_counter_aboard_a_shuttle_is_shown_aboard_it_to_everyone() {
    let mut s = bare();
    let stowaway = intruder(&mut s, Room::Air, false);
    for c in &mut s.counters {
        if c.id == stowaway {
            c.place = Place::Shuttle(1);
        }
    }
    for viewer in [
        Viewer::Seat(Seat::Crew),
        Viewer::Spectator,
        Viewer::Seat(Seat::Intruder),
    ] {
        let view = Intruder::view(&s, viewer);
        let aboard: Vec<_> = view.counters.iter().filter(|c| c.id == stowaway).collect();
        assert_eq!(aboard.len(), 1, "{viewer:?}");
        assert_eq!(
            (aboard[0].room, aboard[0].shuttle),
            (None, Some(1)),
            "{viewer:?}"
        );
    }
}

#[test]
fn a_shuttle_names_as_its_stowaway_only_a_face_up_counter_aboard_it() {
    let mut s = bare();
    let aboard = intruder(&mut s, Room::Air, false);
    let elsewhere = intruder(&mut s, Room::Lab, true);
    for c in &mut s.counters {
        if c.id == aboard {
            c.place = Place::Shuttle(1);
        }
    }
    let stowaway = |s: &State| Intruder::view(s, Viewer::Spectator).shuttles[0].intruder;
    assert_eq!(
        stowaway(&s),
        None,
        "face down aboard, {elsewhere} face up elsewhere"
    );
    for c in &mut s.counters {
        if c.id == aboard {
            c.face_up = true;
        }
    }
    assert_eq!(stowaway(&s), Some(aboard));
}

/// A station of the Intelligent Intruder with every kind of bound counter in view: a Lab
/// Animal caged in a Cage lying in the Lab, one held by C1 in MES, an Intruder controlled by
/// C2 in PWR, an iced one in FRZ; and face-down counters of each identity in the Lab.
fn bound_counters() -> State {
    let mut s = bare();
    s.scenario = Scenario::Intelligent;
    s.step = Step::IntruderDestruction;
    put(&mut s, Crewman::C1, Room::Mes);
    put(&mut s, Crewman::C2, Room::Pwr);
    let cage = first_cage(&s);
    let caged = animal(&mut s, Room::Lab);
    let held = animal(&mut s, Room::Mes);
    let controlled = intruder(&mut s, Room::Pwr, true);
    let iced = intruder(&mut s, Room::Frz, true);
    let k = |s: &State, id| s.counter_by_id(id).unwrap();
    let (a, b, c, d) = (k(&s, caged), k(&s, held), k(&s, controlled), k(&s, iced));
    s.counters[a].cage = Some(cage);
    s.counters[b].holder = Some(Crewman::C1);
    s.counters[c].controller = Some(Crewman::C2);
    s.counters[d].iced = true;
    // Hidden in the Lab: a free Intruder, a Lab Animal and a Dummy.
    let free = intruder(&mut s, Room::Lab, false);
    let hidden = animal(&mut s, Room::Lab);
    let (free, hidden) = (k(&s, free), k(&s, hidden));
    let dummy = first_of(&s, Identity::Dummy);
    s.counters[dummy].place = Place::Map(Room::Lab);
    for n in [free, hidden, dummy] {
        s.counters[n].face_up = false;
    }
    s
}

#[test]
fn caged_held_controlled_and_iced_counters_are_public_and_hide_nothing_else() {
    let s = bound_counters();
    let crew = Intruder::view(&s, Viewer::Seat(Seat::Crew));
    let shown = |f: fn(&CounterView) -> bool| crew.counters.iter().filter(|c| f(c)).count();
    assert_eq!(shown(|c| c.caged_in.is_some()), 1);
    assert_eq!(shown(|c| c.held_by == Some(Crewman::C1)), 1);
    assert_eq!(shown(|c| c.controlled_by == Some(Crewman::C2)), 1);
    assert_eq!(shown(|c| c.iced), 1);
    assert!(
        crew.counters
            .iter()
            .filter(|c| c.caged_in.is_some()
                || c.held_by.is_some()
                || c.controlled_by.is_some()
                || c.iced)
            .all(|c| c.identity.is_some()),
        "bound counters are face up"
    );
    let pairs = hidden_pairs(&s);
    assert!(!pairs.is_empty());
    for pair in pairs {
        assert_eq!(views(&swapped(&s, pair)), views(&s));
    }
}

/// The events of `action` by the Intruder seat, as the crew is told them.
fn told_to_crew(s: &mut State, action: Action) -> Vec<Event> {
    Intruder::apply(s, Seat::Intruder, &action, &mut Dice::from_seed(9))
        .expect("legal")
        .into_iter()
        .filter_map(|t| Intruder::conceal(&t.event))
        .collect()
}

#[test]
fn a_cage_opened_by_the_intruder_seat_gives_the_animal_a_fresh_id_it_cannot_be_followed_by() {
    let mut s = bound_counters();
    let a = (0..s.counters.len())
        .find(|&k| s.counters[k].cage.is_some())
        .unwrap();
    let (old, cage) = (s.counters[a].id, s.counters[a].cage.unwrap() as u8);
    let used_before = s.used_ids.clone();
    let told = told_to_crew(&mut s, Action::OpenCage { cage });
    let new = s.counters[a].id;
    assert!(!used_before.contains(&new), "an id never drawn before");
    assert_eq!(
        told,
        [Event::CageOpened {
            cage,
            room: Room::Lab,
            id: new
        }],
        "only the new id is told"
    );
    for viewer in [Viewer::Seat(Seat::Crew), Viewer::Spectator] {
        let view = Intruder::view(&s, viewer);
        assert!(
            view.counters.iter().all(|c| c.id != old),
            "the old id is gone"
        );
        let released = view.counters.iter().find(|c| c.id == new).unwrap();
        assert_eq!(released.identity, None, "face down");
        assert_eq!(released.caged_in, None);
    }
    // Which face-down counter of the Lab is the animal shows in no crew view.
    let swaps: Vec<(usize, usize)> = hidden_pairs(&s)
        .into_iter()
        .filter(|&(x, y)| x == a || y == a)
        .collect();
    assert!(!swaps.is_empty());
    for pair in swaps {
        assert_eq!(views(&swapped(&s, pair)), views(&s));
    }
}

#[test]
fn the_lab_cages_opened_return_their_animals_under_fresh_ids_nobody_can_follow() {
    let mut s = bound_counters();
    let boxed: Vec<usize> = (0..s.counters.len())
        .filter(|&k| {
            s.counters[k].identity == Identity::LabAnimal && s.counters[k].place == Place::NotUsed
        })
        .take(2)
        .collect();
    for &k in &boxed {
        s.counters[k].place = Place::CagedLabAnimals;
        s.counters[k].face_up = true;
    }
    let olds: Vec<u32> = boxed.iter().map(|&k| s.counters[k].id).collect();
    let told = told_to_crew(&mut s, Action::OpenLabCages {});
    let mut news: Vec<u32> = boxed.iter().map(|&k| s.counters[k].id).collect();
    news.sort_unstable();
    assert_eq!(
        told,
        [Event::LabCagesOpened { ids: news }],
        "only the new ids are told, in ascending order"
    );
    for old in &olds {
        assert!(s.counter_by_id(*old).is_none());
    }
    let view = Intruder::view(&s, Viewer::Seat(Seat::Crew));
    for &k in &boxed {
        let c = view
            .counters
            .iter()
            .find(|c| c.id == s.counters[k].id)
            .unwrap();
        assert_eq!((c.room, c.identity), (Some(Room::Lab), None));
    }
    for pair in hidden_pairs(&s)
        .into_iter()
        .filter(|&(x, y)| boxed.contains(&x) || boxed.contains(&y))
    {
        assert_eq!(views(&swapped(&s, pair)), views(&s));
    }
}
