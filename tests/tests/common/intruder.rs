//! Shared by the Intruder tests over the network: reading frames, and the check that no frame
//! names a face-down counter to a viewer who may not know it.

use std::collections::HashSet;

use serde_json::Value;

use super::Client;

/// The next `welcome` or `update` frame.
pub async fn next_view(client: &mut Client) -> Value {
    loop {
        let frame = client.recv().await;
        if matches!(frame["t"].as_str(), Some("welcome" | "update")) {
            return frame;
        }
    }
}

pub fn events_of(frame: &Value) -> Vec<Value> {
    frame["events"].as_array().cloned().unwrap_or_default()
}

/// Follows `events` in order: the counters they turn face up (`revealed`, `inventoried`, a
/// stowaway shown aboard) join `face_up`; a panic shuffles the counters it places face down.
fn follow(face_up: &mut HashSet<u64>, events: &[Value]) {
    for event in events {
        match event["type"].as_str() {
            Some("revealed" | "inventoried") => {
                face_up.insert(event["id"].as_u64().expect("an id"));
            }
            Some("stowaway-roll") => face_up.extend(event["stowaway"].as_u64()),
            Some("panic") => {
                for placed in event["placed"].as_array().into_iter().flatten() {
                    assert_eq!(placed.as_array().map(Vec::len), Some(2), "{event}");
                    face_up.remove(&placed[0].as_u64().expect("an id"));
                }
            }
            _ => {}
        }
    }
}

fn list(value: &Value) -> Vec<Value> {
    value.as_array().cloned().unwrap_or_default()
}

/// No frame names the identity of a face-down counter: every counter shown with an identity
/// was turned face up by an event (and not shuffled face down again since), nothing a view
/// shows is trusted without it, the first view's identities included. A first view at seq 0 is
/// explained by its own `set_up` events (the set-up's automatic play); a later one (a viewer
/// who came in after the first commands) by the `replay` of the match: its initial view's
/// `set_up` and the events of its steps up to that seq (every Intruder command is told to
/// every viewer, so a viewer's seq counts the commands).
pub fn assert_no_face_down_identity(frames: &[String], replay: Option<&Value>) {
    let mut face_up: HashSet<u64> = HashSet::new();
    let mut views = 0;
    for raw in frames {
        let frame: Value = serde_json::from_str(raw).expect("JSON");
        if views == 0 && frame["view"].is_object() {
            let seq = frame["seq"].as_u64().expect("a seq");
            if seq == 0 {
                follow(&mut face_up, &list(&frame["view"]["set_up"]));
            } else {
                let replay = replay.expect("a first view after seq 0 is checked by the replay");
                follow(&mut face_up, &list(&replay["initial"]["set_up"]));
                for step in list(&replay["steps"]) {
                    if step["seq"].as_u64().is_some_and(|n| n <= seq) {
                        follow(&mut face_up, &list(&step["events"]));
                    }
                }
            }
        }
        follow(&mut face_up, &list(&frame["events"]));
        if let Some(counters) = frame["view"]["counters"].as_array() {
            let named = counters.iter().filter(|c| !c["identity"].is_null());
            for id in named.filter_map(|c| c["id"].as_u64()) {
                assert!(face_up.contains(&id), "face-down counter {id} named: {raw}");
            }
            views += 1;
        }
    }
    assert!(views > 3, "too few views checked: {views}");
}
