//! JSON Schemas (draft 2020-12) of the wire types, derived from the same types and serde
//! attributes that read and write the frames, so a schema cannot say other than the wire.
//!
//! What a client sends is described as the server reads it; what the server sends, as it
//! writes it (a field skipped when empty is not required). Every object that lists its
//! properties admits no others: a field renamed on one side only is an error, not a silent
//! extra.

use schemars::transform::{Transform, transform_subschemas};
use schemars::{JsonSchema, Schema, SchemaGenerator, generate::SchemaSettings};
use serde_json::{Value, json};

use crate::{ClientFrame, ServerFrame};

/// The schema of `T` as a client writes it (and the server reads it).
pub fn sent<T: JsonSchema>() -> Schema {
    generator(SchemaSettings::draft2020_12().for_deserialize()).into_root_schema_for::<T>()
}

/// The schema of `T` as the server writes it.
pub fn told<T: JsonSchema>() -> Schema {
    generator(SchemaSettings::draft2020_12().for_serialize()).into_root_schema_for::<T>()
}

fn generator(settings: SchemaSettings) -> SchemaGenerator {
    settings.with_transform(Closed).into_generator()
}

/// The frame envelopes of the match WebSocket: `{"client": schema, "server": schema}`. A
/// frame's `action`, `view` and `events` are the game's: `GET /api/schema/{game}`.
pub fn frames() -> Value {
    json!({
        "client": sent::<ClientFrame>(),
        "server": told::<ServerFrame>(),
    })
}

/// Closes every object schema that lists its properties: `unevaluatedProperties: false`,
/// which (unlike `additionalProperties`) also sees the properties of a flattened part.
#[derive(Clone)]
struct Closed;

impl Transform for Closed {
    fn transform(&mut self, schema: &mut Schema) {
        transform_subschemas(self, schema);
        if let Some(object) = schema.as_object_mut()
            && object.contains_key("properties")
            && !object.contains_key("additionalProperties")
            && !object.contains_key("unevaluatedProperties")
        {
            object.insert("unevaluatedProperties".into(), Value::Bool(false));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An object that names its fields refuses any other: the client's frames by serde's
    /// `deny_unknown_fields`, the server's (which serde would not refuse) by the transform.
    #[test]
    fn objects_are_closed() {
        let frames = frames();
        let client = frames["client"].to_string();
        assert!(
            client.contains("\"additionalProperties\":false"),
            "{client}"
        );
        assert!(
            client.contains("\"const\":\"act\""),
            "the act frame is tagged: {client}"
        );
        let server = frames["server"].to_string();
        assert!(
            server.contains("\"unevaluatedProperties\":false"),
            "{server}"
        );
        assert!(server.contains("\"const\":\"welcome\""), "{server}");
        // A view flattens the game's fields into the envelope: open in the frames, where the
        // game's schema takes over.
        assert!(server.contains("\"additionalProperties\":true"), "{server}");
    }
}
