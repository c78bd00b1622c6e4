//! A kind no Rust type describes: `toys.example.com/v1` `Gizmo`, registered with a running
//! server from its schema alone, as a CRD's version would be.

use kapi::scheme::{KindMeta, KindShape, Name, Names, PrintColumn, ResourceMeta};
use kapi_apiserver::{ApiServer, SchemaKind};
use serde_json::{json, Value};
use std::borrow::Cow;
use std::sync::Arc;

/// A CRD version's `openAPIV3Schema`, as `kubectl apply` of a CRD would carry it.
pub fn gizmo_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "apiVersion": {"type": "string"},
            "kind": {"type": "string"},
            "metadata": {"type": "object"},
            "spec": {
                "type": "object",
                "required": ["colour"],
                "properties": {
                    "colour": {"type": "string", "enum": ["red", "blue"]},
                    "size": {"type": "integer", "default": 1, "minimum": 1, "maximum": 10},
                    "parts": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "name": {"type": "string", "maxLength": 8},
                                "count": {"type": "integer", "default": 1}
                            }
                        }
                    }
                }
            }
        }
    })
}

pub fn gizmo_meta() -> KindMeta {
    KindMeta {
        storage_version: true,
        ..KindMeta::unserved(
            "Gizmo",
            KindShape::Object(ResourceMeta {
                plural: Name::Borrowed("gizmos"),
                singular: Name::Borrowed("gizmo"),
                scope: kapi::Scope::Namespaced,
                list_kind: Name::Borrowed("GizmoList"),
                short_names: Names::Owned(vec!["gz".to_string()]),
                categories: Names::NONE,
                verbs: None,
                subresource_status: false,
                scale: None,
                print_columns: Cow::Owned(vec![PrintColumn {
                    name: "Colour".into(),
                    type_: "string".into(),
                    format: "".into(),
                    description: "".into(),
                    priority: 0,
                    json_path: ".spec.colour".into(),
                }]),
            }),
        )
    }
}

pub fn register(server: &ApiServer) {
    let kind = SchemaKind::new("toys.example.com", "v1", "Gizmo", gizmo_schema())
        .expect("the schema is structural");
    server
        .register_kind("toys.example.com", "v1", gizmo_meta(), Arc::new(kind))
        .expect("the kind registers");
}
