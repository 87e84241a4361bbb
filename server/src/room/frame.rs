//! Frames as the room reads and writes them: a client's text read into a frame or refused,
//! and the server's frames written as text.
//!
//! Pure: text in, a frame or a refusal out, so it is tested and fuzzed apart from the room. A
//! refusal is a [`RuleError`], the one refusal type of the server: a stable code and a
//! message for people, whether the room or the rules refuse.
//!
//! The `welcome` and `update` frames are written from the JSON the room keeps (views and events
//! written once from the games' types), in the protocol's [`ServerFrame`] shape; an update is
//! written once per viewer and shared by all its connections, the sender's copy with its `ref`.

use std::collections::VecDeque;
use std::fmt::Write as _;

use axum::extract::ws::Utf8Bytes;
use serde::Serialize;
use serde_json::Value;
use xenotable_protocol::{BotLevel, ChatLine, ClientFrame, Seat, ServerFrame, StandIn};

use super::seqs::Entry;
use crate::games::{Json, RuleError};

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
    if !["act", "chat", "ping", "hand_over", "take_back"].contains(&t.as_str()) {
        return Err(RuleError::new(
            "unknown_type",
            format!("unknown frame type {t:?}"),
        ));
    }
    serde_json::from_value(value)
        .map_err(|e| RuleError::new("bad_frame", format!("malformed {t} frame: {e}")))
}

/// What a spectator's frame gets, wherever the spectator is connected (the node that runs the
/// match, or one that relays it): a `pong` for a ping, a refusal (with the act's `ref`) for
/// anything else, since spectators only watch.
pub fn answer_spectator(text: &str) -> Result<Utf8Bytes, (RuleError, Option<String>)> {
    match parse_frame(text).map_err(|refusal| (refusal, None))? {
        ClientFrame::Ping {} => Ok(write(&ServerFrame::Pong {})),
        ClientFrame::Chat { .. } => Err((
            RuleError::new("spectator_cannot_chat", "spectators watch in silence"),
            None,
        )),
        ClientFrame::HandOver { .. } | ClientFrame::TakeBack {} => Err((
            RuleError::new(
                "spectator_cannot_act",
                "spectators have no seat to hand over or take back",
            ),
            None,
        )),
        ClientFrame::Act { reference, .. } => Err((
            RuleError::new("spectator_cannot_act", "spectators cannot act"),
            reference,
        )),
    }
}

/// The mark a room puts in a connection's outbox just before a `welcome` that was asked for
/// again ([`RoomHandle::welcome_again`](super::RoomHandle::welcome_again)): a node that shares one
/// connection among several spectators of its own gives that welcome only to the ones still
/// waiting for theirs, where a `welcome` the match sends everyone (as it begins) goes to all.
/// Empty, so no frame the room writes is ever taken for it.
pub fn write_asked_welcome_mark() -> Utf8Bytes {
    Utf8Bytes::from_static(ASKED_WELCOME_MARK)
}

/// See [`write_asked_welcome_mark`].
pub const ASKED_WELCOME_MARK: &str = "";

/// A server frame as its text.
pub fn write(frame: &ServerFrame) -> Utf8Bytes {
    // Server frames are plain data: serializing them cannot fail.
    serde_json::to_string(frame).unwrap_or_default().into()
}

/// A `welcome` frame ([`ServerFrame::Welcome`]) from what the room keeps.
#[derive(Serialize)]
#[serde(tag = "t", rename = "welcome")]
pub struct Welcome<'a> {
    pub you: &'a str,
    pub seq: u64,
    pub view: &'a Json,
    pub chat: &'a VecDeque<ChatLine>,
    pub log: Vec<Entry>,
    pub stand_ins: Vec<StandIn>,
}

impl Welcome<'_> {
    /// The frame as its text.
    pub fn write(&self) -> Utf8Bytes {
        // Plain data: serializing it cannot fail.
        serde_json::to_string(self).unwrap_or_default().into()
    }
}

/// A `stand_in` frame ([`ServerFrame::StandIn`]) for one viewer: `seat` changed hands, and
/// `view` is what the viewer sees now.
#[derive(Serialize)]
#[serde(tag = "t", rename = "stand_in")]
pub struct SeatChanged<'a> {
    pub seat: Seat,
    pub level: Option<BotLevel>,
    pub seq: u64,
    pub view: &'a Json,
}

impl SeatChanged<'_> {
    /// The frame as its text.
    pub fn write(&self) -> Utf8Bytes {
        // Plain data: serializing it cannot fail.
        serde_json::to_string(self).unwrap_or_default().into()
    }
}

/// An `update` frame ([`ServerFrame::Update`]) for one viewer, written once: every connection of
/// the viewer is sent the same bytes, and the sender of the act a copy with its `ref`.
#[derive(Debug, Clone)]
pub struct Update {
    text: Utf8Bytes,
    /// Where the `ref` goes: after the seq, as the protocol orders the fields.
    split: usize,
}

impl Update {
    /// The update of seq `seq` telling `events` and the new `view`.
    pub fn new(seq: u64, events: &[&Json], view: &Json) -> Update {
        let size = events.iter().map(|e| e.as_str().len() + 1).sum::<usize>();
        let mut text = String::with_capacity(64 + size + view.as_str().len());
        // Writing to a String cannot fail.
        let _ = write!(text, r#"{{"t":"update","seq":{seq}"#);
        let split = text.len();
        text.push_str(r#","events":["#);
        for (i, event) in events.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            text.push_str(event.as_str());
        }
        text.push_str(r#"],"view":"#);
        text.push_str(view.as_str());
        text.push('}');
        Update {
            text: text.into(),
            split,
        }
    }

    /// The frame for every connection of the viewer but the sender: shared bytes.
    pub fn shared(&self) -> Utf8Bytes {
        self.text.clone()
    }

    /// The sender's copy, with the `ref` of its act.
    pub fn with_ref(&self, reference: &str) -> Utf8Bytes {
        let (head, tail) = self.text.as_str().split_at(self.split);
        let reference = Json::of(reference);
        let mut text = String::with_capacity(self.text.len() + reference.as_str().len() + 7);
        text.push_str(head);
        text.push_str(r#","ref":"#);
        text.push_str(reference.as_str());
        text.push_str(tail);
        text.into()
    }
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
    use xenotable_protocol::JsonView;

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
        assert_eq!(
            parse_frame(r#"{"t":"hand_over","level":"normal"}"#),
            Ok(ClientFrame::HandOver {
                level: Some("normal".into())
            })
        );
        assert_eq!(
            parse_frame(r#"{"t":"hand_over"}"#),
            Ok(ClientFrame::HandOver { level: None })
        );
        assert_eq!(
            parse_frame(r#"{"t":"take_back"}"#),
            Ok(ClientFrame::TakeBack {})
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
        assert_eq!(code(r#"{"t":"hand_over","level":7}"#), Some("bad_frame"));
        assert_eq!(code(r#"{"t":"take_back","level":"x"}"#), Some("bad_frame"));
    }

    /// The update written from kept JSON is, byte for byte, the protocol's frame written by
    /// serde: with and without the sender's `ref`, with no event, one or several.
    #[test]
    fn an_update_is_the_protocols_frame_byte_for_byte() {
        let view: JsonView = serde_json::from_value(
            json!({"round": 2, "to_act": ["creature"], "legal": [], "outcome": null}),
        )
        .unwrap();
        let events = [
            json!({"type": "a", "text": "\"quoted\" \u{e9}"}),
            json!("b"),
        ];
        for n in 0..=events.len() {
            let kept: Vec<Json> = events[..n].iter().map(Json::of).collect();
            let update = Update::new(7, &kept.iter().collect::<Vec<_>>(), &Json::of(&view));
            for reference in [None, Some("r\"1")] {
                let frame = ServerFrame::Update {
                    seq: 7,
                    reference: reference.map(str::to_owned),
                    events: events[..n].to_vec(),
                    view: view.clone(),
                };
                let text = match reference {
                    Some(r) => update.with_ref(r),
                    None => update.shared(),
                };
                assert_eq!(text.as_str(), write(&frame).as_str());
            }
        }
    }

    /// The welcome written from kept JSON is the protocol's frame byte for byte.
    #[test]
    fn a_welcome_is_the_protocols_frame_byte_for_byte() {
        let view: JsonView =
            serde_json::from_value(json!({"round": 2, "to_act": [], "legal": [], "outcome": null}))
                .unwrap();
        let chat: VecDeque<ChatLine> = [ChatLine {
            from: xenotable_protocol::Seat::Creature,
            text: "hi".into(),
        }]
        .into();
        let event = Json::of(&json!({"type": "a"}));
        let welcome = Welcome {
            you: "spectator",
            seq: 1,
            view: &Json::of(&view),
            chat: &chat,
            log: vec![Entry {
                seq: 1,
                events: vec![event],
            }],
            stand_ins: vec![StandIn {
                seat: Seat::Hunted(1),
                level: BotLevel::Normal,
            }],
        };
        let frame = ServerFrame::Welcome {
            you: "spectator".into(),
            seq: 1,
            view,
            chat: chat.iter().cloned().collect(),
            log: vec![xenotable_protocol::LogEntry {
                seq: 1,
                events: vec![json!({"type": "a"})],
            }],
            stand_ins: vec![StandIn {
                seat: Seat::Hunted(1),
                level: BotLevel::Normal,
            }],
        };
        assert_eq!(welcome.write().as_str(), write(&frame).as_str());
    }

    /// The `stand_in` frame written from kept JSON is the protocol's frame byte for byte, for
    /// a bot coming in and for the player coming back.
    #[test]
    fn a_seat_change_is_the_protocols_frame_byte_for_byte() {
        let view: JsonView =
            serde_json::from_value(json!({"round": 2, "to_act": [], "legal": [], "outcome": null}))
                .unwrap();
        for level in [Some(BotLevel::Strong), None] {
            let changed = SeatChanged {
                seat: Seat::Marines,
                level,
                seq: 4,
                view: &Json::of(&view),
            };
            let frame = ServerFrame::StandIn {
                seat: Seat::Marines,
                level,
                seq: 4,
                view: view.clone(),
            };
            assert_eq!(changed.write().as_str(), write(&frame).as_str());
        }
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
