//! A CRD version's `selectableFields`: checked as apiextensions' validation checks them
//! (`ValidateCustomResourceSelectableFields`, which reads each `jsonPath` with CEL's
//! `ValidFieldPath`, arrays not allowed), and the field labels a list or watch of its
//! kind may then select on (`crConverter.ConvertFieldLabel`: `metadata.name`,
//! `metadata.namespace` for a namespaced kind, and the version's selectable fields).

use kapi_core::validation::{ErrorList, ErrorType, FieldError};
use serde_json::Value;
use std::collections::BTreeSet;

/// apiextensions' `MaxSelectableFields`.
pub const MAX_SELECTABLE_FIELDS: usize = 8;

/// The violations of every version's `selectableFields` in `crd` (its JSON). On an update
/// (`old`, the stored CRD), a version keeping more than the maximum unchanged is let be, as
/// apiextensions' `findTooManySelectableFieldsAllowed` lets it.
pub fn validate(crd: &Value, old: Option<&Value>) -> ErrorList {
    let mut errors = ErrorList::default();
    let versions = crd
        .pointer("/spec/versions")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    for (i, version) in versions.iter().enumerate() {
        let Some(fields) = version.get("selectableFields").and_then(Value::as_array) else {
            continue;
        };
        if fields.is_empty() {
            continue;
        }
        let path = format!("spec.versions[{i}].selectableFields");
        let unchanged = old
            .and_then(|o| o.pointer("/spec/versions"))
            .and_then(Value::as_array)
            .and_then(|old| old.iter().find(|v| v.get("name") == version.get("name")))
            .and_then(|v| v.get("selectableFields"))
            .is_some_and(|old| {
                old.as_array().map(Vec::len) > Some(MAX_SELECTABLE_FIELDS)
                    && old.as_array() == Some(fields)
            });
        match version.pointer("/schema/openAPIV3Schema") {
            // kube's message, word for word, though it means "is included".
            None => errors.push(FieldError::new(
                ErrorType::Invalid,
                path,
                Some(Value::String(String::new())),
                "may only be set when `version.schema.openAPIV3Schema` is not included",
            )),
            Some(schema) => version_fields(fields, schema, &path, unchanged, &mut errors),
        }
    }
    errors
}

fn version_fields(
    fields: &[Value],
    schema: &Value,
    path: &str,
    too_many_allowed: bool,
    errors: &mut ErrorList,
) {
    let mut unique = BTreeSet::new();
    for (i, field) in fields.iter().enumerate() {
        let at = format!("{path}[{i}].jsonPath");
        let json_path = field.get("jsonPath").and_then(Value::as_str).unwrap_or("");
        if json_path.is_empty() {
            errors.push(FieldError::new(ErrorType::Required, at, None, ""));
            continue;
        }
        let value = Some(Value::String(json_path.to_string()));
        let (found, node) = match field_path(json_path, schema) {
            Ok(found) => found,
            Err(why) => {
                let message = format!("is an invalid path: {why}");
                errors.push(FieldError::new(ErrorType::Invalid, at, value, message));
                continue;
            }
        };
        if found.split(['.', '[']).next() == Some("metadata") {
            let message = "must not point to fields in metadata";
            errors.push(FieldError::new(
                ErrorType::Invalid,
                at.clone(),
                value.clone(),
                message,
            ));
        }
        let type_ = node.get("type").and_then(Value::as_str);
        if !matches!(type_, Some("string" | "boolean" | "integer")) {
            let message = "must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.";
            errors.push(FieldError::new(
                ErrorType::Invalid,
                at.clone(),
                value.clone(),
                message,
            ));
        }
        if !unique.insert(found) {
            errors.push(FieldError::new(ErrorType::Duplicate, at, value, ""));
        }
    }
    if unique.len() > MAX_SELECTABLE_FIELDS && !too_many_allowed {
        errors.push(FieldError::new(
            ErrorType::TooMany,
            path,
            Some(unique.len().into()),
            format!("must have at most {MAX_SELECTABLE_FIELDS} items"),
        ));
    }
}

/// CEL's `ValidFieldPath` without array notation: `.a.b` through the schema's properties
/// (or its `additionalProperties`, a map key), giving the field path (`a.b`) and the
/// schema found, or why not.
fn field_path<'a>(json_path: &str, schema: &'a Value) -> Result<(String, &'a Value), String> {
    let mut node = schema;
    let mut path = String::new();
    let mut tokens = tokens(json_path).into_iter();
    while let Some(token) = tokens.next() {
        match token {
            "[" => return Err("array notation is not allowed".into()),
            "." => {
                let name = tokens.next().ok_or("unexpected end of JSON path")?;
                if let Some(properties) = node.get("properties").and_then(Value::as_object) {
                    node = properties
                        .get(name)
                        .ok_or("does not refer to a valid field")?;
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(name);
                } else if let Some(values) =
                    node.get("additionalProperties").filter(|a| a.is_object())
                {
                    node = values;
                    path.push_str(&format!("[{name}]"));
                } else {
                    return Err("does not refer to a valid field".into());
                }
            }
            other => return Err(format!("expected [ or . but got: {other}")),
        }
    }
    Ok((path, node))
}

/// The path split as the Go scanner splits it: `.`, `[` and `]` alone, the text between
/// them (a single-quoted string whole).
fn tokens(path: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = path;
    while !rest.is_empty() {
        let end = if rest.starts_with('\'') {
            let bytes = rest.as_bytes();
            (1..bytes.len())
                .find(|&i| bytes[i] == b'\'' && bytes[i - 1] != b'\\')
                .map_or(rest.len(), |i| i + 1)
        } else if rest.starts_with(['.', '[', ']']) {
            1
        } else {
            rest.find(['.', '[', ']']).unwrap_or(rest.len())
        };
        out.push(&rest[..end]);
        rest = &rest[end..];
    }
    out
}

/// The field labels a list or watch of a CRD's kind accepts, by kube's rule: `metadata.name`,
/// `metadata.namespace` when namespaced, then the version's selectable fields.
pub fn labels(version: &Value, namespaced: bool) -> Vec<String> {
    let mut labels = vec!["metadata.name".to_string()];
    if namespaced {
        labels.push("metadata.namespace".to_string());
    }
    let fields = version
        .get("selectableFields")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    labels.extend(
        fields
            .iter()
            .filter_map(|f| f.get("jsonPath").and_then(Value::as_str))
            .map(|p| p.trim_start_matches('.').to_string()),
    );
    labels
}

/// The value of selectable field `label` (`spec.color`) on `object`, as the strategy's
/// field set holds it: Go's `fmt.Sprint` of the value, empty when unset.
pub fn value(label: &str, object: &Value) -> String {
    let found = label
        .split('.')
        .try_fold(object, |v, key| v.get(key))
        .filter(|v| !v.is_null());
    match found {
        None => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "properties": {
            "metadata": {"type": "object", "properties": {"name": {"type": "string"}}},
            "spec": {"type": "object", "properties": {
                "color": {"type": "string"}, "size": {"type": "integer"},
                "on": {"type": "boolean"}, "ratio": {"type": "number"},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "items": {"type": "array", "items": {"type": "string"}},
            }},
        }})
    }

    fn crd(fields: Value) -> Value {
        json!({"spec": {"versions": [{"name": "v1", "schema": {"openAPIV3Schema": schema()},
                                      "selectableFields": fields}]}})
    }

    fn messages(errors: &ErrorList) -> Vec<String> {
        errors.iter().map(ToString::to_string).collect()
    }

    // apiextensions' validation_test.go `TestSelectableFields`: unknown fields, a
    // non-scalar type, metadata, duplicates and too many, each at its index.
    #[test]
    fn selectable_fields_are_checked_as_apiextensions_checks_them() {
        let valid = json!([{"jsonPath": ".spec.color"}, {"jsonPath": ".spec.size"},
                           {"jsonPath": ".spec.on"}, {"jsonPath": ".spec.labels.a"}]);
        assert!(validate(&crd(valid), None).is_empty());
        let errors = validate(
            &crd(json!([
                {"jsonPath": ".spec.xyz"}, {"jsonPath": ".spec.ratio"}, {"jsonPath": ".metadata.name"},
                {"jsonPath": ".spec.color"}, {"jsonPath": ".spec.color"}, {"jsonPath": ""},
                {"jsonPath": ".spec.items[0]"}, {"jsonPath": "spec.color"},
            ])),
            None,
        );
        assert_eq!(
            messages(&errors),
            [
                "spec.versions[0].selectableFields[0].jsonPath: Invalid value: \".spec.xyz\": is an invalid path: does not refer to a valid field",
                "spec.versions[0].selectableFields[1].jsonPath: Invalid value: \".spec.ratio\": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.",
                "spec.versions[0].selectableFields[2].jsonPath: Invalid value: \".metadata.name\": must not point to fields in metadata",
                "spec.versions[0].selectableFields[4].jsonPath: Duplicate value: \".spec.color\"",
                "spec.versions[0].selectableFields[5].jsonPath: Required value",
                "spec.versions[0].selectableFields[6].jsonPath: Invalid value: \".spec.items[0]\": is an invalid path: array notation is not allowed",
                "spec.versions[0].selectableFields[7].jsonPath: Invalid value: \"spec.color\": is an invalid path: expected [ or . but got: spec",
            ]
        );
    }

    // validation_test.go: "too many selectable fields" on create, and "allowed on update
    // when unchanged" (findTooManySelectableFieldsAllowed).
    #[test]
    fn at_most_eight_unique_fields() {
        let mut props = serde_json::Map::new();
        for i in 0..9 {
            props.insert(format!("f{i}"), json!({"type": "string"}));
        }
        let crd = json!({"spec": {"versions": [{"name": "v1",
            "schema": {"openAPIV3Schema": {"type": "object", "properties": props}},
            "selectableFields": (0..9).map(|i| json!({"jsonPath": format!(".f{i}")})).collect::<Vec<_>>()}]}});
        assert_eq!(
            messages(&validate(&crd, None)),
            ["spec.versions[0].selectableFields: Too many: 9: must have at most 8 items"]
        );
        assert!(validate(&crd, Some(&crd)).is_empty());
        let mut fewer = crd.clone();
        if let Some(fields) = fewer
            .pointer_mut("/spec/versions/0/selectableFields")
            .and_then(Value::as_array_mut)
        {
            fields.pop();
        }
        assert_eq!(validate(&crd, Some(&fewer)).iter().count(), 1);
    }

    #[test]
    fn values_print_as_go_prints_them() {
        let object = json!({"spec": {"color": "red", "size": 3, "on": false}});
        assert_eq!(value("spec.color", &object), "red");
        assert_eq!(value("spec.size", &object), "3");
        assert_eq!(value("spec.on", &object), "false");
        assert_eq!(value("spec.missing", &object), "");
    }
}
