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

/// No frame names the identity of a face-down counter: a counter shown with an identity was face
/// up in the first view (the set-up plays on to the crew's first decision, reveals included) or
/// was turned face up on the wire since (`revealed`, `inventoried`) and not shuffled face down
/// again by a panic, which places the counters by id alone.
pub fn assert_no_face_down_identity(frames: &[String]) {
    let mut face_up: HashSet<u64> = HashSet::new();
    let mut views = 0;
    for raw in frames {
        let frame: Value = serde_json::from_str(raw).expect("JSON");
        for event in frame["events"].as_array().into_iter().flatten() {
            match event["type"].as_str() {
                Some("revealed" | "inventoried") => {
                    face_up.insert(event["id"].as_u64().expect("an id"));
                }
                Some("panic") => {
                    for placed in event["placed"].as_array().into_iter().flatten() {
                        assert_eq!(placed.as_array().map(Vec::len), Some(2), "{raw}");
                        face_up.remove(&placed[0].as_u64().expect("an id"));
                    }
                }
                _ => {}
            }
        }
        if let Some(counters) = frame["view"]["counters"].as_array() {
            let named = counters.iter().filter(|c| !c["identity"].is_null());
            let ids = named.filter_map(|c| c["id"].as_u64());
            if views == 0 {
                face_up.extend(ids);
            } else {
                for id in ids {
                    assert!(face_up.contains(&id), "face-down counter {id} named: {raw}");
                }
            }
            views += 1;
        }
    }
    assert!(views > 3, "too few views checked: {views}");
}
