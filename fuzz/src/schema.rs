//! The schema the `schema_kind` target uses when its input is an object alone.

use serde_json::{json, Value};

/// A CRD version's schema with the checks and defaults the handler runs.
pub fn gizmo() -> Value {
    json!({
        "type": "object",
        "properties": {
            "spec": {
                "type": "object",
                "required": ["colour"],
                "properties": {
                    "colour": {"type": "string", "enum": ["red", "blue"]},
                    "size": {"type": "integer", "default": 1, "minimum": 1, "maximum": 10},
                    "name": {"type": "string", "maxLength": 8, "pattern": "^[a-z]+$"},
                    "parts": {
                        "type": "array",
                        "maxItems": 4,
                        "items": {
                            "type": "object",
                            "properties": {"count": {"type": "integer", "default": 1}}
                        }
                    },
                    "labels": {"type": "object", "additionalProperties": {"type": "string"}}
                }
            }
        }
    })
}
