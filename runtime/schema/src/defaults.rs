//! Structural defaulting: kube-apiserver's `PruneNonNullableNullsWithoutDefaults` and
//! `Default` on a custom resource. A property's `default` fills the property when it is
//! absent, or `null` where the schema is not `nullable`; a `null` the schema neither allows
//! nor defaults is dropped; then every present property, map value and list item is
//! defaulted by its own schema. Defaults are copied, never shared, and applied before
//! validation.

use serde_json::{Map, Value};

/// Applies the defaults of `schema` (a structural schema: `properties`,
/// `additionalProperties`, `items`, each with an optional `default`) to `value` in place.
pub fn apply(value: &mut Value, schema: &Value) {
    match value {
        Value::Object(object) => object_defaults(object, schema),
        Value::Array(items) => {
            let Some(item_schema) = schema.get("items") else {
                return;
            };
            for item in items {
                fill_null(item, item_schema);
                apply(item, item_schema);
            }
        }
        _ => {}
    }
}

fn object_defaults(object: &mut Map<String, Value>, schema: &Value) {
    let properties = schema.get("properties").and_then(Value::as_object);
    for (key, property) in properties.into_iter().flatten() {
        let Some(default) = property.get("default") else {
            continue;
        };
        match object.get(key) {
            None => {
                object.insert(key.clone(), default.clone());
            }
            Some(Value::Null) if !nullable(property) => {
                object.insert(key.clone(), default.clone());
            }
            Some(_) => {}
        }
    }
    let additional = schema.get("additionalProperties").filter(|a| a.is_object());
    object.retain(|key, field| {
        let field_schema = properties.and_then(|p| p.get(key)).or(additional);
        !(field.is_null()
            && field_schema.is_some_and(|s| !nullable(s) && s.get("default").is_none()))
    });
    for (key, field) in object.iter_mut() {
        if let Some(property) = properties.and_then(|p| p.get(key)) {
            apply(field, property);
        } else if let Some(additional) = additional {
            fill_null(field, additional);
            apply(field, additional);
        }
    }
}

/// A `null` where the schema is not nullable takes the schema's default, if it has one.
fn fill_null(value: &mut Value, schema: &Value) {
    if value.is_null() && !nullable(schema) {
        if let Some(default) = schema.get("default") {
            *value = default.clone();
        }
    }
}

fn nullable(schema: &Value) -> bool {
    schema.get("nullable") == Some(&Value::Bool(true))
}

#[cfg(test)]
mod tests {
    use super::apply;
    use serde_json::json;

    fn schema() -> serde_json::Value {
        json!({
            "type": "object",
            "properties": {
                "spec": {
                    "type": "object",
                    "properties": {
                        "replicas": {"type": "integer", "default": 1},
                        "mode": {"type": "string", "default": "fast", "nullable": true},
                        "ports": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "properties": {"protocol": {"type": "string", "default": "TCP"}}
                            }
                        },
                        "labels": {
                            "type": "object",
                            "additionalProperties": {"type": "string", "default": "x"}
                        }
                    }
                }
            }
        })
    }

    #[test]
    fn absent_properties_and_list_items_take_their_defaults() {
        let mut object = json!({"spec": {"ports": [{}, {"protocol": "UDP"}]}});
        apply(&mut object, &schema());
        assert_eq!(
            object,
            json!({"spec": {
                "replicas": 1,
                "mode": "fast",
                "ports": [{"protocol": "TCP"}, {"protocol": "UDP"}]
            }})
        );
    }

    #[test]
    fn null_takes_the_default_unless_nullable() {
        let mut object = json!({"spec": {
            "replicas": null,
            "mode": null,
            "labels": {"a": null},
            "ports": null
        }});
        apply(&mut object, &schema());
        // `ports` is neither nullable nor defaulted: its null is dropped.
        assert_eq!(
            object,
            json!({"spec": {"replicas": 1, "mode": null, "labels": {"a": "x"}}})
        );
    }

    #[test]
    fn set_values_and_absent_parents_stay() {
        let mut object = json!({"spec": {"replicas": 3, "mode": "slow"}});
        apply(&mut object, &schema());
        assert_eq!(object, json!({"spec": {"replicas": 3, "mode": "slow"}}));
        // `spec` has no default, so an object without it gains nothing.
        let mut empty = json!({});
        apply(&mut empty, &schema());
        assert_eq!(empty, json!({}));
    }
}
