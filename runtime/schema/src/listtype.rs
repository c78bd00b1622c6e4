//! The uniqueness a list's `x-kubernetes-list-type` promises, checked on an object as
//! apiextensions' `listtype.ValidateListSetsAndMaps` checks a custom resource: the items of
//! a `set` are unique, the keys (`x-kubernetes-list-map-keys`) of a `map`'s items are.
//!
//! Each repeated item is a `Duplicate value` at its index (the item for a set, the key
//! fields it has for a map, `{}` without them), reported once, at its second appearance.
//! A map list's item that is not an object is one `Invalid value` for the whole list.
//! Object fields are visited in name order (Go visits maps in random order). A field under
//! `additionalProperties` is named as Kubernetes names a map key (`spec.ports[http]`).

use crate::field_path::child;
use crate::validate::{Failure, FailureKind};
use serde_json::{Map, Value};

/// Every list-type failure of `value` (an object's root) against `schema`.
pub fn validate(value: &Value, schema: &Value) -> Vec<Failure> {
    let mut out = Vec::new();
    if let Value::Object(fields) = value {
        object(fields, schema, "", &mut out);
    }
    out
}

/// On update, as kube-apiserver ratchets this check: the new object's failures, or none
/// when the stored object already breaks a list's uniqueness.
pub fn validate_update(value: &Value, old: &Value, schema: &Value) -> Vec<Failure> {
    if validate(old, schema).is_empty() {
        validate(value, schema)
    } else {
        Vec::new()
    }
}

fn object(fields: &Map<String, Value>, schema: &Value, path: &str, out: &mut Vec<Failure>) {
    if let Some(additional) = schema.get("additionalProperties").filter(|a| a.is_object()) {
        for (key, field) in fields {
            node(field, additional, &format!("{path}[{key}]"), out);
        }
    }
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        for (key, field) in fields {
            if let Some(property) = properties.get(key) {
                node(field, property, &child(path, key), out);
            }
        }
    }
}

fn node(value: &Value, schema: &Value, path: &str, out: &mut Vec<Failure>) {
    match value {
        Value::Array(items) => array(items, schema, path, out),
        Value::Object(fields) => object(fields, schema, path, out),
        _ => {}
    }
}

fn array(items: &[Value], schema: &Value, path: &str, out: &mut Vec<Failure>) {
    match schema.get("x-kubernetes-list-type").and_then(Value::as_str) {
        Some("set") => {
            for i in repeated(items) {
                duplicate(out, path, i, items[i].clone());
            }
        }
        Some("map") => map_list(items, schema, path, out),
        _ => {}
    }
    if let Some(item_schema) = schema.get("items") {
        for (i, item) in items.iter().enumerate() {
            node(item, item_schema, &format!("{path}[{i}]"), out);
        }
    }
}

fn map_list(items: &[Value], schema: &Value, path: &str, out: &mut Vec<Failure>) {
    if let Some(i) = items.iter().position(|x| !x.is_null() && !x.is_object()) {
        out.push(Failure {
            path: format!("{path}[{i}]"),
            kind: FailureKind::Invalid {
                value: items[i].clone(),
                message: "must be an object for an array of list-type map".into(),
            },
        });
        return;
    }
    let key_fields: Vec<&str> = schema
        .get("x-kubernetes-list-map-keys")
        .and_then(Value::as_array)
        .map(|keys| keys.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    // An item's key: the key fields it has (a null item has none).
    let keys: Vec<Value> = items
        .iter()
        .map(|item| {
            let mut key = Map::new();
            for field in &key_fields {
                if let Some(v) = item.get(*field) {
                    key.insert((*field).to_string(), v.clone());
                }
            }
            Value::Object(key)
        })
        .collect();
    for i in repeated(&keys) {
        duplicate(out, path, i, keys[i].clone());
    }
}

/// The index of each value's second appearance, in order (a third is not reported again).
fn repeated(values: &[Value]) -> Vec<usize> {
    let mut found = Vec::new();
    for (i, value) in values.iter().enumerate() {
        let earlier = values[..i].iter().filter(|v| same(v, value)).count();
        if earlier == 1 {
            found.push(i);
        }
    }
    found
}

/// Go's equality of decoded JSON as the check compares it: scalars by value and type
/// (`1` and `1.0` differ), objects and lists by their JSON (key order aside).
fn same(a: &Value, b: &Value) -> bool {
    a == b
}

fn duplicate(out: &mut Vec<Failure>, path: &str, index: usize, value: Value) {
    out.push(Failure {
        path: format!("{path}[{index}]"),
        kind: FailureKind::Duplicate { value },
    });
}

/// Cases of apiextensions' `pkg/apiserver/schema/listtype/validation_test.go`
/// (`TestValidateListSetsAndMaps`), their expected paths and types carried over.
#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn found(value: Value, schema: Value) -> Vec<(String, FailureKind)> {
        validate(&value, &schema)
            .into_iter()
            .map(|f| (f.path, f.kind))
            .collect()
    }

    fn dup(path: &str, value: Value) -> (String, FailureKind) {
        (path.to_string(), FailureKind::Duplicate { value })
    }

    fn set_of(items: Value) -> Value {
        json!({"type": "array", "x-kubernetes-list-type": "set", "items": items})
    }

    #[test]
    fn lists_without_a_list_type_or_schema_pass() {
        let object = json!({"array": ["a", "b", "a"]});
        assert!(found(object.clone(), json!({})).is_empty());
        let plain = json!({"type": "object", "properties": {"array": {"type": "array"}}});
        assert!(found(object, plain).is_empty());
    }

    #[test]
    fn set_duplicates_are_reported_at_their_second_appearance() {
        let schema = json!({"type": "object", "properties": {
            "array": {"type": "array", "x-kubernetes-list-type": "set"}}});
        assert!(found(json!({"array": ["a"]}), schema.clone()).is_empty());
        assert!(found(json!({"array": ["a", "b"]}), schema.clone()).is_empty());
        assert_eq!(
            found(json!({"array": ["a", "a"]}), schema.clone()),
            vec![dup("array[1]", json!("a"))]
        );
        assert_eq!(
            found(json!({"array": ["a", "a", "b", "c", "d", "c"]}), schema),
            vec![dup("array[1]", json!("a")), dup("array[5]", json!("c"))]
        );
    }

    #[test]
    fn sets_under_additional_properties_and_items() {
        let additional = json!({"type": "object",
            "additionalProperties": set_of(json!({"type": "string"}))});
        assert_eq!(
            found(json!({"array": ["a", "b", "a"]}), additional),
            vec![dup("[array][2]", json!("a"))]
        );
        let nested = json!({"type": "object", "properties": {"array": {"type": "array",
            "items": set_of(json!({"type": "string"}))}}});
        assert_eq!(
            found(json!({"array": [["a", "b", "a"], ["b", "b", "a"]]}), nested),
            vec![
                dup("array[0][2]", json!("a")),
                dup("array[1][1]", json!("b"))
            ]
        );
        let sets_in_set = json!({"type": "object", "properties": {"array": {"type": "array",
            "x-kubernetes-list-type": "set",
            "items": {"type": "array", "x-kubernetes-list-type": "set"}}}});
        assert_eq!(
            found(
                json!({"array": ["a", "b", "a", ["b", "b", "a"]]}),
                sets_in_set
            ),
            vec![dup("array[2]", json!("a")), dup("array[3][1]", json!("b"))]
        );
    }

    #[test]
    fn compound_set_items_compare_by_value() {
        let schema = json!({"type": "object", "properties": {
            "empty maps": set_of(json!({"type": "object"})),
            "map values": set_of(json!({"type": "object"})),
            "nil values": set_of(json!({"type": "object"})),
            "array": set_of(json!({"type": "array"})),
            "multiple duplicates": set_of(json!({"type": "object"})),
            "nil": set_of(json!({"type": "string", "nullable": true})),
        }});
        let object = json!({
            "empty maps": [{"a": "b"}, {}, {}],
            "map values": [{"a": "b"}, {"a": "c"}, {"a": "b"}],
            "nil values": [{"a": null}, {"b": "c", "a": null}],
            "array": [[], ["a"], ["b"], ["a"]],
            "multiple duplicates": [{"a": "b"}, {"a": "c"}, {"a": "b"}, {"a": "c"}, {"a": "c"}],
            "nil": ["a", null, null],
        });
        assert_eq!(
            found(object, schema),
            vec![
                dup("array[3]", json!(["a"])),
                dup("empty maps[2]", json!({})),
                dup("map values[2]", json!({"a": "b"})),
                dup("multiple duplicates[2]", json!({"a": "b"})),
                dup("multiple duplicates[3]", json!({"a": "c"})),
                dup("nil[2]", Value::Null),
            ]
        );
    }

    fn map_list(keys: Value) -> Value {
        json!({"type": "object", "properties": {"array": {"type": "array",
            "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": keys,
            "items": {"type": "object", "properties": {
                "k": {"type": "string"}, "k2": {"type": "string"}, "v": {"type": "string"}}}}}})
    }

    #[test]
    fn map_lists_compare_items_by_their_keys() {
        let one_key = map_list(json!(["k"]));
        assert!(found(
            json!({"array": [{"k": "a", "v": "1"}, {"k": "b", "v": "1"}]}),
            one_key.clone()
        )
        .is_empty());
        assert_eq!(
            found(
                json!({"array": [{"k": "a", "v": "1"}, {"k": "a", "v": "2"}, {"v": "3"}, {"v": "4"}, null]}),
                one_key.clone()
            ),
            vec![
                dup("array[1]", json!({"k": "a"})),
                dup("array[3]", json!({}))
            ]
        );
        let two_keys = map_list(json!(["k", "k2"]));
        assert_eq!(
            found(
                json!({"array": [{"k": "a", "k2": "b"}, {"k": "a", "k2": "c"}, {"k2": "b", "k": "a", "v": "x"}]}),
                two_keys
            ),
            vec![dup("array[2]", json!({"k": "a", "k2": "b"}))]
        );
        assert_eq!(
            found(json!({"array": [{"k": "a"}, "x", 1]}), one_key),
            vec![(
                "array[1]".to_string(),
                FailureKind::Invalid {
                    value: json!("x"),
                    message: "must be an object for an array of list-type map".into()
                }
            )]
        );
    }

    #[test]
    fn an_update_is_checked_only_when_the_stored_object_passes() {
        let schema = map_list(json!(["k"]));
        let bad = json!({"array": [{"k": "a"}, {"k": "a"}]});
        let good = json!({"array": [{"k": "a"}]});
        assert!(validate_update(&bad, &bad, &schema).is_empty());
        assert_eq!(validate_update(&bad, &good, &schema).len(), 1);
    }
}
