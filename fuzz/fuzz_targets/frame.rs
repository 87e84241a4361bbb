//! Client frame decoding: what the room does with every WebSocket text frame
//! (`room::frame::parse_frame`), then each game's reading of an act's action, as the registry
//! reads it. No panic; a refusal has one of the three codes; what is read writes back to a
//! frame (and an action) that reads as the same. Frames holding a float are left out of that
//! comparison: serde_json reads a float to the nearest double, not always bit for bit back.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use xenotable_protocol::ClientFrame;
use xenotable_protocol::{artemia, away_team, derelict, intruder};
use xenotable_server::room::frame::parse_frame;

/// An action that `A` reads writes back to JSON that reads as the same action.
fn reads_back<A: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(action: &Value) {
    if let Ok(read) = serde_json::from_value::<A>(action.clone()) {
        let wire = serde_json::to_value(&read).expect("actions serialize");
        let again: A = serde_json::from_value(wire).expect("a written action reads");
        assert_eq!(again, read);
    }
}

/// Whether a JSON value holds a number that is neither an `i64` nor a `u64`.
fn has_float(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.is_f64(),
        Value::Array(items) => items.iter().any(has_float),
        Value::Object(fields) => fields.values().any(has_float),
        _ => false,
    }
}

fuzz_target!(|data: &[u8]| {
    // A WebSocket text frame is UTF-8: the socket refuses anything else before the room.
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_frame(text) {
        Ok(frame) => {
            if let ClientFrame::Act { action, .. } = &frame
                && has_float(action)
            {
                return;
            }
            let wire = serde_json::to_string(&frame).expect("frames serialize");
            assert_eq!(parse_frame(&wire), Ok(frame.clone()), "{wire}");
            if let ClientFrame::Act { action, .. } = &frame {
                reads_back::<artemia::Action>(action);
                reads_back::<derelict::Action>(action);
                reads_back::<away_team::Action>(action);
                reads_back::<intruder::Action>(action);
            }
        }
        Err(refusal) => assert!(
            ["bad_json", "bad_frame", "unknown_type"].contains(&refusal.code()),
            "{refusal:?}"
        ),
    }
});
