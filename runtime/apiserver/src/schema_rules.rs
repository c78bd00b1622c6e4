//! A CRD's `x-kubernetes-validations` run over one of its objects, as apiextensions' CEL
//! validator (`pkg/apiserver/schema/cel/validation.go`) walks a custom resource: each
//! schema node's rules on the value there (absent and `null` values are skipped), `oldSelf`
//! the correlated old value (an object's field of the same name, a `listType: map` item of
//! the same keys; nothing for other list items), rules under `allOf` on the same value.
//!
//! Ratcheting (CRDValidationRatcheting): a failing rule that does not read `oldSelf` is
//! excused when its value equals its correlated old value, or, for a value without one,
//! when the nearest correlated ancestor's value is unchanged. Kubernetes reports an
//! excused failure as a warning; here it is dropped. No runtime cost budget is kept (the
//! cel crate does not count cost): the CRD's estimated cost was bounded when it was written.

use kapi_core::validation::cel::{check_schema_rules, Rule, SchemaSite};
use kapi_core::validation::ErrorList;
use kapi_schema::field_path::child;
use kapi_schema::{correlation, field_path};
use serde_json::Value;

/// Whether `schema` has a rule anywhere (else the walk is skipped).
pub(crate) fn has_rules(schema: &Value) -> bool {
    let Some(s) = schema.as_object() else {
        return false;
    };
    s.contains_key("x-kubernetes-validations")
        || s.get("properties")
            .and_then(Value::as_object)
            .is_some_and(|p| p.values().any(has_rules))
        || s.get("items").is_some_and(has_rules)
        || s.get("additionalProperties").is_some_and(has_rules)
        || s.get("allOf")
            .and_then(Value::as_array)
            .is_some_and(|list| list.iter().any(has_rules))
}

/// The ratcheting state at a value: its own correlation (new and old), else the nearest
/// correlated ancestor's.
#[derive(Clone, Copy)]
struct Ratchet<'a> {
    current: Option<(&'a Value, &'a Value, &'a Value)>,
    parent: Option<(&'a Value, &'a Value, &'a Value)>,
}

impl Ratchet<'_> {
    fn unchanged(&self) -> bool {
        match self.current.or(self.parent) {
            Some((new, old, schema)) => correlation::unchanged(new, old, schema),
            None => false,
        }
    }
}

/// Every rule failure of `value` (the object without `metadata`, which `self` at the root
/// sees as `name` and `generateName` only: `meta`) against `schema`, on update against `old`.
pub(crate) fn check(value: &Value, old: Option<&Value>, schema: &Value, errs: &mut ErrorList) {
    let ratchet = Ratchet {
        current: old.map(|o| (value, o, schema)),
        parent: None,
    };
    node("", value, old, schema, ratchet, errs);
}

/// The rules on `schema`, each `fieldPath` normalized against it as apiextensions
/// compiles it (`.foo['a.b']` is reported at `foo.a.b`).
fn rules_of(schema: &Value) -> Vec<Rule> {
    let normalized = |mut rule: Rule| {
        if let Some(path) = &rule.field_path {
            if let Ok(path) = field_path::normalize(path, schema) {
                rule.field_path = Some(path.into());
            }
        }
        rule
    };
    schema
        .get("x-kubernetes-validations")
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .filter_map(Rule::from_json)
                .map(normalized)
                .collect()
        })
        .unwrap_or_default()
}

fn node<'a>(
    path: &str,
    value: &'a Value,
    old: Option<&'a Value>,
    schema: &'a Value,
    ratchet: Ratchet<'a>,
    errs: &mut ErrorList,
) {
    if value.is_null() {
        return;
    }
    let rules = rules_of(schema);
    if !rules.is_empty() {
        let site = SchemaSite {
            path,
            schema,
            unchanged: ratchet.unchanged(),
        };
        check_schema_rules(&site, value, old, &rules, errs);
    }
    if let Some(Value::Array(all_of)) = schema.get("allOf") {
        let nested = Ratchet {
            current: None,
            parent: ratchet.parent,
        };
        for entry in all_of {
            let rules = rules_of(entry);
            if !rules.is_empty() {
                let site = SchemaSite {
                    path,
                    schema,
                    unchanged: nested.unchanged(),
                };
                check_schema_rules(&site, value, old, &rules, errs);
            }
        }
    }
    match value {
        Value::Object(fields) => object(path, fields, old, schema, ratchet, errs),
        Value::Array(items) => array(path, items, old, schema, ratchet, errs),
        _ => {}
    }
}

fn object<'a>(
    path: &str,
    fields: &'a serde_json::Map<String, Value>,
    old: Option<&'a Value>,
    schema: &'a Value,
    ratchet: Ratchet<'a>,
    errs: &mut ErrorList,
) {
    let properties = schema.get("properties").and_then(Value::as_object);
    let additional = schema.get("additionalProperties").filter(|a| a.is_object());
    for (key, field) in fields {
        let (field_schema, field_path) = match (properties.and_then(|p| p.get(key)), additional) {
            (Some(property), _) => (property, child(path, key)),
            (None, Some(additional)) => (additional, format!("{path}[{key}]")),
            (None, None) => continue,
        };
        let old_field = old.and_then(|o| correlation::field(o, key, schema));
        // apiVersion and kind read the same after conversion: never ratcheted.
        let type_meta = path.is_empty() && (key == "apiVersion" || key == "kind");
        let next = match ratchet.current {
            None => ratchet,
            Some(_) if type_meta && ratchet.parent.is_none() => Ratchet {
                current: None,
                parent: None,
            },
            Some(current) => Ratchet {
                current: old_field.map(|o| (field, o, field_schema)),
                parent: Some(current),
            },
        };
        node(&field_path, field, old_field, field_schema, next, errs);
    }
}

fn array<'a>(
    path: &str,
    items: &'a [Value],
    old: Option<&'a Value>,
    schema: &'a Value,
    ratchet: Ratchet<'a>,
    errs: &mut ErrorList,
) {
    let Some(item_schema) = schema.get("items") else {
        return;
    };
    for (i, item) in items.iter().enumerate() {
        let old_item = old.and_then(|o| correlation::item(item, o, schema));
        let next = match ratchet.current {
            None => ratchet,
            Some(current) => Ratchet {
                current: old_item.map(|o| (item, o, item_schema)),
                parent: Some(current),
            },
        };
        node(
            &format!("{path}[{i}]"),
            item,
            old_item,
            item_schema,
            next,
            errs,
        );
    }
}

/// Cases of apiextensions' `pkg/apiserver/schema/cel/validation_test.go` (`TestRatcheting`,
/// `TestOptionalOldSelf`, `TestMessageExpression`): errors without the `root.` prefix the
/// Go tests give their paths; kube's warnings for ratcheted errors are dropped here.
#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn errors(schema: Value, new: Value, old: Option<Value>) -> Vec<String> {
        let mut errs = ErrorList::default();
        check(&new, old.as_ref(), &schema, &mut errs);
        errs.iter().map(ToString::to_string).collect()
    }

    fn object_with_foo() -> Value {
        json!({"type": "object", "properties": {"foo": {"type": "string",
            "x-kubernetes-validations": [{"rule": "self == \"bar\"", "message": "gotta be bar"}]}}})
    }

    #[test]
    fn an_unchanged_value_ratchets_its_rules() {
        let schema = object_with_foo();
        assert!(errors(
            schema.clone(),
            json!({"foo": "baz"}),
            Some(json!({"foo": "baz"}))
        )
        .is_empty());
        assert_eq!(
            errors(schema.clone(), json!({"foo": "baz"}), None),
            ["foo: Invalid value: \"baz\": gotta be bar"]
        );
        assert_eq!(
            errors(schema, json!({"foo": "qux"}), Some(json!({"foo": "baz"}))),
            ["foo: Invalid value: \"qux\": gotta be bar"]
        );
    }

    #[test]
    fn items_without_an_old_value_ratchet_with_their_unchanged_list() {
        // "normal CEL expression thats a descendent of a set and one of its siblings has changed"
        let schema = json!({"type": "object", "properties": {
            "stringField": {"type": "string"},
            "setArray": {"type": "array", "x-kubernetes-list-type": "set",
                "items": {"type": "number", "x-kubernetes-validations": [
                    {"rule": "int(self) % 2 == 1", "message": "gotta be odd"}]}}}});
        let old = json!({"stringField": "foo", "setArray": [1, 3, 2]});
        let new = json!({"stringField": "changed but ratcheted", "setArray": [1, 3, 2]});
        assert!(errors(schema.clone(), new, Some(old.clone())).is_empty());
        let grown = json!({"stringField": "foo", "setArray": [1, 3, 2, 5]});
        assert_eq!(
            errors(schema, grown, Some(old)),
            ["setArray[2]: Invalid value: 2: gotta be odd"]
        );
    }

    #[test]
    fn map_list_items_correlate_by_key() {
        // "descendent of a map list whose parent is unchanged"
        let schema = json!({"type": "array", "x-kubernetes-list-type": "map",
            "x-kubernetes-list-map-keys": ["key"],
            "items": {"type": "object", "properties": {"key": {"type": "string"},
                "value": {"type": "string", "x-kubernetes-validations": [
                    {"rule": "self == \"baz\"", "message": "gotta be baz"}]}}}});
        let wrap = |items: Value| json!({"list": items});
        let schema = json!({"type": "object", "properties": {"list": schema}});
        let old =
            wrap(json!([{"key": "foo", "value": "notbaz"}, {"key": "bar", "value": "notbaz"}]));
        let new = wrap(
            json!([{"key": "foo", "value": "notbaz"}, {"key": "bar", "value": "notbaz"},
            {"key": "baz", "value": "baz"}]),
        );
        assert!(errors(schema.clone(), new, Some(old.clone())).is_empty());
        let changed =
            wrap(json!([{"key": "bar", "value": "notbaz"}, {"key": "foo", "value": "qux"}]));
        assert_eq!(
            errors(schema, changed, Some(old)),
            ["list[1].value: Invalid value: \"qux\": gotta be baz"]
        );
    }

    #[test]
    fn transition_rules_see_the_correlated_old_value() {
        let schema = json!({"type": "object", "properties": {"ports": {"type": "array",
            "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
            "items": {"type": "object", "properties": {
                "name": {"type": "string"}, "port": {"type": "integer"}},
                "x-kubernetes-validations": [
                    {"rule": "self.port >= oldSelf.port", "message": "port may not decrease"}]}}}});
        let old = json!({"ports": [{"name": "a", "port": 80}, {"name": "b", "port": 90}]});
        // `b` moved and went down; `c` is new, so its transition rule does not run.
        let new = json!({"ports": [{"name": "b", "port": 70}, {"name": "a", "port": 80},
            {"name": "c", "port": 1}]});
        assert_eq!(
            errors(schema, new, Some(old)),
            ["ports[0]: Invalid value: port may not decrease"]
        );
    }

    #[test]
    fn optional_old_self_runs_on_create_with_an_optional() {
        // TestOptionalOldSelf: `oldSelf.hasValue()` is false on create.
        let schema = json!({"type": "object", "properties": {"foo": {"type": "string",
            "x-kubernetes-validations": [{"rule": "!oldSelf.hasValue() || self == oldSelf.value()",
                "optionalOldSelf": true, "message": "immutable"}]}}});
        assert!(errors(schema.clone(), json!({"foo": "a"}), None).is_empty());
        assert!(errors(
            schema.clone(),
            json!({"foo": "a"}),
            Some(json!({"foo": "a"}))
        )
        .is_empty());
        assert_eq!(
            errors(schema, json!({"foo": "b"}), Some(json!({"foo": "a"}))),
            ["foo: Invalid value: \"b\": immutable"]
        );
    }

    #[test]
    fn message_expressions_reasons_and_field_paths() {
        let schema = json!({"type": "object", "properties": {"spec": {"type": "object",
            "properties": {"replicas": {"type": "integer"}, "max": {"type": "integer"}},
            "x-kubernetes-validations": [
                {"rule": "self.replicas <= self.max",
                 "messageExpression": "'replicas ' + string(self.replicas) + ' exceeds ' + string(self.max)"},
                {"rule": "self.replicas > 0", "message": "must be positive",
                 "reason": "FieldValueForbidden", "fieldPath": ".replicas"},
                {"rule": "self.replicas > 1", "fieldPath": "['replicas']",
                 "reason": "FieldValueDuplicate"}]}}});
        assert_eq!(
            errors(schema, json!({"spec": {"replicas": 0, "max": -1}}), None),
            [
                "spec: Invalid value: replicas 0 exceeds -1",
                "spec.replicas: Forbidden: must be positive",
                "spec.replicas: Duplicate value",
            ]
        );
    }
}
