//! `presence`: when JSON writes a field is independent of whether it is optional. OpenAPI's
//! `required` follows requiredness alone, and protobuf is unchanged.

use kapi::ApiType;
use serde_json::json;
use std::collections::BTreeMap;

#[derive(ApiType, Debug, PartialEq)]
pub struct Rules {
    /// Optional, left out when empty (the default).
    #[k8s(optional, protobuf = 1)]
    pub omitted: Vec<String>,
    /// Optional, yet always written (Go's `json:"rules"` on a slice).
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub rules: Vec<String>,
    /// Optional, written as `null` when unset (Go's pointer without `omitempty`).
    #[k8s(presence = "null", protobuf = 3)]
    pub limit: Option<i32>,
    /// An empty map is `null` (Go's nil map without `omitempty`).
    #[k8s(optional, presence = "null", protobuf = 4)]
    pub labels: BTreeMap<String, String>,
    /// Required, yet left out when empty (Go's `+required` with `omitempty`).
    #[k8s(required, presence = "omit_empty", protobuf = 5)]
    pub name: String,
    /// Required: always written (the default).
    #[k8s(protobuf = 6)]
    pub count: i32,
}

fn empty() -> Rules {
    Rules {
        omitted: Vec::new(),
        rules: Vec::new(),
        limit: None,
        labels: BTreeMap::new(),
        name: String::new(),
        count: 0,
    }
}

#[test]
fn unset_values_are_written_as_each_field_says() {
    let json = serde_json::to_value(empty()).unwrap();
    assert_eq!(
        json,
        json!({"rules": [], "limit": null, "labels": null, "count": 0})
    );
    let back: Rules = kapi::codec::json::from_slice(json.to_string().as_bytes()).unwrap();
    assert_eq!(back, empty());
}

#[test]
fn set_values_are_always_written() {
    let full = Rules {
        omitted: vec!["a".into()],
        rules: vec!["b".into()],
        limit: Some(0),
        labels: BTreeMap::from([("k".to_string(), "v".to_string())]),
        name: "n".into(),
        count: 1,
    };
    let json = serde_json::to_value(&full).unwrap();
    assert_eq!(
        json,
        json!({"omitted": ["a"], "rules": ["b"], "limit": 0, "labels": {"k": "v"}, "name": "n", "count": 1})
    );
}

#[test]
fn protobuf_ignores_presence() {
    use kapi::codec::protobuf::prost::Message as _;
    let bytes = empty().encode_to_vec();
    // Non-`Option` scalars are written always, as Go writes non-pointer fields; empty
    // repeated fields and maps and `None` are not, whatever their JSON presence.
    assert_eq!(bytes, [0x2a, 0x00, 0x30, 0x00]);
}

#[test]
fn openapi_required_follows_requiredness_alone() {
    let item: syn::Item = syn::parse_str(
        r#"pub struct Rules {
            #[k8s(optional, presence = "always")] pub rules: Vec<String>,
            #[k8s(required, presence = "omit_empty")] pub name: String,
        }"#,
    )
    .unwrap();
    let mut diags = kapi_codegen::diagnostics::Diagnostics::default();
    let def = kapi_codegen::model::parse::parse_item(&item, &mut diags).unwrap();
    assert!(diags.is_empty());
    let required: Vec<&str> = def
        .fields()
        .iter()
        .filter(|f| f.validation.required_in_schema)
        .map(|f| f.json_name.as_str())
        .collect();
    assert_eq!(required, ["name"]);
}
