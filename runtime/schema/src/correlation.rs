//! Which stored value a value of an update corresponds to, and whether it changed, as
//! k8s.io/apiserver's `common.CorrelatedObject` decides for validation ratcheting and for
//! CEL's `oldSelf`.
//!
//! An object's field corresponds to the old object's field of the same name (when the
//! schema describes it: a property or `additionalProperties`); a `listType: map` item to the
//! first old item with the same keys (all key fields present, scalars); nothing else, so the
//! items of `atomic` and `set` lists have no old value of their own.

use serde_json::{Map, Value};

/// The old value of `key` of an object whose schema is `schema`, when it correlates.
pub fn field<'a>(old: &'a Value, key: &str, schema: &Value) -> Option<&'a Value> {
    field_schema(schema, key)?;
    old.as_object()?.get(key)
}

/// The old item `item` (of a list whose schema is `list_schema`) corresponds to: the first
/// item of `old` with the same map keys, in a `listType: map` list only.
pub fn item<'a>(item: &Value, old: &'a Value, list_schema: &Value) -> Option<&'a Value> {
    if list_schema
        .get("x-kubernetes-list-type")
        .and_then(Value::as_str)
        != Some("map")
    {
        return None;
    }
    let keys: Vec<&str> = list_schema
        .get("x-kubernetes-list-map-keys")
        .and_then(Value::as_array)?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    if keys.is_empty() {
        return None;
    }
    let wanted = map_key(item.as_object()?, &keys)?;
    old.as_array()?
        .iter()
        .find(|o| o.as_object().and_then(|o| map_key(o, &keys)).as_ref() == Some(&wanted))
}

/// An item's key values, when it has every key field and each is a scalar.
fn map_key<'a>(item: &'a Map<String, Value>, keys: &[&str]) -> Option<Vec<&'a Value>> {
    keys.iter()
        .map(|k| {
            item.get(*k)
                .filter(|v| matches!(v, Value::Bool(_) | Value::Number(_) | Value::String(_)))
        })
        .collect()
}

/// The schema of an object's field `key`: its property, else `additionalProperties`.
fn field_schema<'a>(schema: &'a Value, key: &str) -> Option<&'a Value> {
    schema
        .get("properties")
        .and_then(|p| p.get(key))
        .or_else(|| schema.get("additionalProperties").filter(|a| a.is_object()))
}

/// Whether `new` equals `old` as ratcheting compares them: objects field by correlated
/// field (a field the schema does not describe counts as changed), `listType: map` lists
/// item by correlated item (so reordering is no change), other lists and scalars as JSON.
pub fn unchanged(new: &Value, old: &Value, schema: &Value) -> bool {
    match (new, old) {
        (Value::Array(items), Value::Array(old_items)) => {
            if items.len() != old_items.len() {
                return false;
            }
            let is_map_list =
                schema.get("x-kubernetes-list-type").and_then(Value::as_str) == Some("map");
            if !is_map_list {
                return items == old_items;
            }
            let item_schema = schema.get("items").unwrap_or(&Value::Null);
            items
                .iter()
                .all(|i| item(i, old, schema).is_some_and(|o| unchanged(i, o, item_schema)))
        }
        (Value::Object(fields), Value::Object(old_fields)) => {
            fields.len() == old_fields.len()
                && fields.iter().all(
                    |(k, v)| match (field_schema(schema, k), old_fields.get(k)) {
                        (Some(s), Some(o)) => unchanged(v, o, s),
                        _ => false,
                    },
                )
        }
        (Value::Array(_) | Value::Object(_), _) | (_, Value::Array(_) | Value::Object(_)) => false,
        _ => new == old,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "ports": {"type": "array", "x-kubernetes-list-type": "map",
                "x-kubernetes-list-map-keys": ["name"],
                "items": {"type": "object", "properties": {
                    "name": {"type": "string"}, "port": {"type": "integer"}}}},
            "tags": {"type": "array", "items": {"type": "string"}},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}}}})
    }

    #[test]
    fn map_list_items_correlate_by_key_and_reordering_is_no_change() {
        let s = schema();
        let ports = &s["properties"]["ports"];
        let old = json!([{"name": "a", "port": 1}, {"name": "b", "port": 2}]);
        assert_eq!(
            item(&json!({"name": "b", "port": 3}), &old, ports),
            Some(&json!({"name": "b", "port": 2}))
        );
        assert_eq!(item(&json!({"port": 3}), &old, ports), None);
        let reordered = json!([{"name": "b", "port": 2}, {"name": "a", "port": 1}]);
        assert!(unchanged(&reordered, &old, ports));
        // An atomic list's items have no old value; the list compares as a whole.
        let tags = &s["properties"]["tags"];
        assert_eq!(item(&json!("x"), &json!(["x"]), tags), None);
        assert!(!unchanged(&json!(["b", "a"]), &json!(["a", "b"]), tags));
    }

    #[test]
    fn fields_the_schema_does_not_describe_count_as_changed() {
        let s = schema();
        let a = json!({"labels": {"x": "1"}});
        assert!(unchanged(&a, &a, &s));
        let unknown = json!({"other": 1});
        assert!(!unchanged(&unknown, &unknown, &s));
        assert_eq!(field(&json!({"other": 1}), "other", &s), None);
        assert_eq!(field(&a, "labels", &s), Some(&json!({"x": "1"})));
    }
}
