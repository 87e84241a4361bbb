//! Frames as the room reads and writes them: a client's text read into a frame or refused,
//! and the server's frames written as text.
//!
//! Pure: text in, a frame or a refusal out, so it is tested and fuzzed apart from the room. A
//! refusal is a [`RuleError`], the one refusal type of the server: a stable code and a
//! message for people, whether the room or the rules refuse.

use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use xenotable_protocol::{ClientFrame, ServerFrame};

use crate::games::RuleError;

/// Reads a client frame, naming what is wrong with it: `bad_json`, `bad_frame` (no string
/// `"t"`, or the fields of its type are wrong) or `unknown_type`.
pub fn parse_frame(text: &str) -> Result<ClientFrame, RuleError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| RuleError::new("bad_json", format!("the frame is not JSON: {e}")))?;
    let Some(t) = value.get("t").and_then(Value::as_str).map(str::to_owned) else {
        return Err(RuleError::new(
            "bad_frame",
            "a frame is an object with a string \"t\"",
        ));
    };
    if !["act", "chat", "ping"].contains(&t.as_str()) {
        return Err(RuleError::new(
            "unknown_type",
            format!("unknown frame type {t:?}"),
        ));
    }
    serde_json::from_value(value)
        .map_err(|e| RuleError::new("bad_frame", format!("malformed {t} frame: {e}")))
}

/// A server frame as its text.
pub fn write(frame: &ServerFrame) -> Utf8Bytes {
    // Server frames are plain data: serializing them cannot fail.
    serde_json::to_string(frame).unwrap_or_default().into()
}

/// The `error` frame that tells one connection why its frame was refused; `reference` is the
/// `ref` of the act it answers.
pub fn refused(refusal: &RuleError, reference: Option<String>) -> Utf8Bytes {
    write(&ServerFrame::Error {
        code: refusal.code().to_owned(),
        message: refusal.message().to_owned(),
        reference,
    })
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
        let code = |text| parse_frame(text).map_err(|r| r.code()).err();
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

    #[test]
    fn a_refusal_is_written_as_an_error_frame_with_the_ref_it_answers() {
        let text = refused(&RuleError::new("stale_seq", "seen 3"), Some("c7".into()));
        assert_eq!(
            serde_json::from_str::<ServerFrame>(text.as_str()).unwrap(),
            ServerFrame::Error {
                code: "stale_seq".into(),
                message: "seen 3".into(),
                reference: Some("c7".into()),
            }
        );
    }
}
