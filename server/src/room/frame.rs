//! Client frames as the room reads them, and the refusal it answers a bad one with.
//!
//! Pure: text in, a frame or a refusal out, so it is tested and fuzzed apart from the room.

use serde_json::Value;
use xenotable_protocol::ClientFrame;

/// A refusal sent to one connection: a stable code and a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub message: String,
}

/// A refusal with `code` and `message`.
pub fn refuse(code: &'static str, message: impl Into<String>) -> Refusal {
    Refusal {
        code,
        message: message.into(),
    }
}

/// Reads a client frame, naming what is wrong with it: `bad_json`, `bad_frame` (no string
/// `"t"`, or the fields of its type are wrong) or `unknown_type`.
pub fn parse_frame(text: &str) -> Result<ClientFrame, Refusal> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| refuse("bad_json", format!("the frame is not JSON: {e}")))?;
    let Some(t) = value.get("t").and_then(Value::as_str).map(str::to_owned) else {
        return Err(refuse(
            "bad_frame",
            "a frame is an object with a string \"t\"",
        ));
    };
    if !["act", "chat", "ping"].contains(&t.as_str()) {
        return Err(refuse("unknown_type", format!("unknown frame type {t:?}")));
    }
    serde_json::from_value(value)
        .map_err(|e| refuse("bad_frame", format!("malformed {t} frame: {e}")))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn each_frame_type_is_read_with_its_fields() {
        assert_eq!(parse_frame(r#"{"t":"ping"}"#), Ok(ClientFrame::Ping {}));
        assert_eq!(
            parse_frame(r#"{"t":"chat","text":"hi"}"#),
            Ok(ClientFrame::Chat { text: "hi".into() })
        );
        assert_eq!(
            parse_frame(r#"{"t":"act","seq":3,"ref":"r1","action":{"type":"pass"}}"#),
            Ok(ClientFrame::Act {
                seq: 3,
                reference: Some("r1".into()),
                action: json!({"type": "pass"}),
            })
        );
    }

    #[test]
    fn a_bad_frame_is_refused_with_the_code_of_what_is_wrong() {
        let code = |text| parse_frame(text).map_err(|r| r.code).err();
        assert_eq!(code("{"), Some("bad_json"));
        assert_eq!(code("[1]"), Some("bad_frame"));
        assert_eq!(code(r#"{"t":7}"#), Some("bad_frame"));
        assert_eq!(code(r#"{"t":"dance"}"#), Some("unknown_type"));
        assert_eq!(
            code(r#"{"t":"act","seq":-1,"action":{}}"#),
            Some("bad_frame")
        );
        assert_eq!(code(r#"{"t":"chat"}"#), Some("bad_frame"));
    }
}
