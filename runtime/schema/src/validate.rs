//! An object checked against its kind's OpenAPI v3 schema, as kube-apiserver checks a
//! custom resource (kube-openapi's schema validator, its errors turned into field errors by
//! apiextensions' `kubeOpenAPIResultToFieldErrors`): the same checks, paths and messages.
//!
//! Checked: `type` (with `nullable`), `enum`, `maximum` and
//! `minimum` (exclusive or not), `multipleOf`, `maxLength`, `minLength` and `pattern`,
//! `format` (the string formats of [`crate::formats`], and `int32`/`int64`/`float`/`double`
//! where a type error is reported, only where apiextensions keeps them),
//! `maxItems` and `minItems`, `maxProperties` and `minProperties`, `required`, and the same
//! recursively through `properties`, `additionalProperties` and `items`. Properties are
//! visited in name order (kube-openapi visits Go maps in random order).

use crate::field_path::child;
use crate::{correlation, formats};
use serde_json::{Map, Number, Value};

/// One way a value breaks its schema, at a field path (`spec.ports[0].port`).
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub path: String,
    pub kind: FailureKind,
}

/// Which of Kubernetes' field error types a failure is, with what its message shows.
#[derive(Debug, Clone, PartialEq)]
pub enum FailureKind {
    /// `Required value`.
    Required,
    /// `Invalid value: "string": spec.replicas in body must be of type integer: "string"`:
    /// the value shown is the JSON type the data has.
    TypeInvalid { value: Value, message: String },
    /// `Unsupported value: "c": supported values: "a", "b"`.
    NotSupported {
        value: Value,
        supported: Vec<String>,
    },
    /// `Too long: may not be more than 3 bytes` (kube-openapi counts characters).
    TooLong { max: u64 },
    /// `Too many: 4: must have at most 3 items`.
    TooMany { actual: u64, max: u64 },
    /// `Invalid value: 11: spec.replicas in body should be less than or equal to 10`.
    Invalid { value: Value, message: String },
    /// `Duplicate value: "a"` (a list type's repeated item, [`crate::listtype`]).
    Duplicate { value: Value },
}

/// Every failure of `value` against `schema`, the object's root schema (`path` is empty
/// there, as kube-apiserver validates a custom resource from its root).
pub fn validate(value: &Value, schema: &Value) -> Vec<Failure> {
    let mut out = Vec::new();
    node(value, None, schema, "", &mut out);
    out
}

/// The failures of an update from `old` to `value`, ratcheted as kube-apiserver does
/// (CRDValidationRatcheting, on by default): a value that equals its correlated old value
/// keeps passing, failures below it included ([`crate::correlation`] says which old value
/// a value has). The root is never excused: kube compares it with its `metadata`, which an
/// update changes and which `value` here lacks.
pub fn validate_update(value: &Value, old: &Value, schema: &Value) -> Vec<Failure> {
    let mut out = Vec::new();
    checked(value, Some(old), schema, "", &mut out);
    out
}

fn node(value: &Value, old: Option<&Value>, schema: &Value, path: &str, out: &mut Vec<Failure>) {
    if old.is_some_and(|old| correlation::unchanged(value, old, schema)) {
        return;
    }
    checked(value, old, schema, path, out);
}

/// `value`'s failures, its own ratcheting decided by the caller.
fn checked(value: &Value, old: Option<&Value>, schema: &Value, path: &str, out: &mut Vec<Failure>) {
    let Some(s) = schema.as_object() else { return };
    if !type_fits(value, s, path, out) {
        return;
    }
    match value {
        Value::String(text) => {
            string(text, s, path, out);
            format(text, s, path, out);
        }
        Value::Number(n) => number(n, s, path, out),
        Value::Array(items) => array(items, old, schema, path, out),
        _ => {}
    }
    if let Some(Value::Array(allowed)) = s.get("enum") {
        if !allowed.contains(value) {
            out.push(Failure {
                path: path.to_string(),
                kind: FailureKind::NotSupported {
                    value: value.clone(),
                    supported: allowed.iter().map(enum_value).collect(),
                },
            });
        }
    }
    if let Value::Object(fields) = value {
        object(fields, old, s, path, out);
    }
}

/// kube-openapi's `%s in body must be of type %s: %q`, with the data's own type name, or,
/// where the schema keeps a format, its type validator's quirks: data that is neither a
/// string nor an array and fits neither type nor format is reported against the format
/// with the Go format of the data (`must be of type date-time: "int64"`), and a string or
/// an array always passes a non-numeric schema with a format (go-openapi lets `[]byte`
/// through that way).
fn type_fits(value: &Value, s: &Map<String, Value>, path: &str, out: &mut Vec<Failure>) -> bool {
    // An int-or-string schema has no `type` (a structural schema says so with
    // `x-kubernetes-int-or-string` and an `anyOf` of the two): only a format can be checked.
    let expected = s.get("type").and_then(Value::as_str).unwrap_or("");
    let format = kept_format(s, expected);
    let (actual, go_format) = match value {
        Value::Null if expected.is_empty() || s.get("nullable") == Some(&Value::Bool(true)) => {
            return true
        }
        Value::Null => ("null", ""),
        Value::Bool(_) => ("boolean", ""),
        Value::Number(n) if n.is_i64() || n.is_u64() => ("integer", "int64"),
        Value::Number(_) => ("number", "float64"),
        Value::String(_) => ("string", ""),
        Value::Array(_) => ("array", ""),
        Value::Object(_) => ("object", ""),
    };
    let string_like = matches!(value, Value::String(_) | Value::Array(_));
    let widened = (expected == "number" && actual == "integer")
        || (expected == "integer" && value.as_f64().is_some_and(|f| f.fract() == 0.0));
    if let Some(format) = format {
        if !(string_like || actual == expected || go_format == format || widened) {
            out.push(Failure {
                path: path.to_string(),
                kind: FailureKind::TypeInvalid {
                    value: Value::String(go_format.to_string()),
                    message: format!("{path} in body must be of type {format}: {go_format:?}"),
                },
            });
            return false;
        }
        if string_like && expected != "number" && expected != "integer" {
            return true;
        }
    }
    if expected.is_empty() || actual == expected || widened {
        return true;
    }
    out.push(Failure {
        path: path.to_string(),
        kind: FailureKind::TypeInvalid {
            value: Value::String(actual.to_string()),
            message: format!("{path} in body must be of type {expected}: {actual:?}"),
        },
    });
    false
}

/// The schema's format as kube-apiserver keeps it (apiextensions'
/// `StripUnsupportedFormatsPostProcessorForVersion`): a supported string format on a string
/// or untyped schema, `int32`/`int64` on an integer, `float`/`double` on a number.
fn kept_format<'s>(s: &'s Map<String, Value>, expected: &str) -> Option<&'s str> {
    let format = s.get("format").and_then(Value::as_str)?;
    let kept = match expected {
        "" | "string" => formats::supported(format),
        "integer" => matches!(format, "int32" | "int64"),
        "number" => matches!(format, "float" | "double"),
        _ => false,
    };
    kept.then_some(format)
}

/// The first of `maxLength`, `minLength` and `pattern` that fails, as kube-openapi stops at
/// the first.
fn string(text: &str, s: &Map<String, Value>, path: &str, out: &mut Vec<Failure>) {
    let len = text.chars().count() as u64;
    if let Some(max) = s.get("maxLength").and_then(Value::as_u64) {
        if len > max {
            out.push(Failure {
                path: path.to_string(),
                kind: FailureKind::TooLong { max },
            });
            return;
        }
    }
    if let Some(min) = s.get("minLength").and_then(Value::as_u64) {
        if len < min {
            let message = format!("{path} in body should be at least {min} chars long");
            return invalid(out, path, text.into(), message);
        }
    }
    if let Some(pattern) = s.get("pattern").and_then(Value::as_str) {
        // A pattern that does not compile was refused with its CRD; here it matches nothing.
        let matches = regex_lite::Regex::new(pattern).is_ok_and(|re| re.is_match(text));
        if !matches {
            let message = format!("{path} in body should match '{pattern}'");
            invalid(out, path, text.into(), message);
        }
    }
}

/// kube-openapi's format check: `spec.id in body must be of type uuid: "x"`, reported as
/// apiextensions reports a type error, with the string as the value.
fn format(text: &str, s: &Map<String, Value>, path: &str, out: &mut Vec<Failure>) {
    let expected = s.get("type").and_then(Value::as_str).unwrap_or("");
    let Some(name) = kept_format(s, expected) else {
        return;
    };
    if formats::validates(name, text) == Some(false) {
        out.push(Failure {
            path: path.to_string(),
            kind: FailureKind::TypeInvalid {
                value: Value::String(text.to_string()),
                message: format!("{path} in body must be of type {name}: {}", go_quote(text)),
            },
        });
    }
}

/// Go's `%q` of a string (`strconv.Quote`): escapes for quotes, backslashes and what Go
/// does not print; `\x`, `\u` and `\U` forms in lowercase hex.
fn go_quote(text: &str) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        let code = u32::from(c);
        // Writing to a String cannot fail.
        let _ = match c {
            '"' => write!(out, "\\\""),
            '\\' => write!(out, "\\\\"),
            '\x07' => write!(out, "\\a"),
            '\x08' => write!(out, "\\b"),
            '\x0c' => write!(out, "\\f"),
            '\n' => write!(out, "\\n"),
            '\r' => write!(out, "\\r"),
            '\t' => write!(out, "\\t"),
            '\x0b' => write!(out, "\\v"),
            c if go_printable(c) => write!(out, "{c}"),
            _ if code < 0x80 => write!(out, "\\x{code:02x}"),
            _ if code < 0x10000 => write!(out, "\\u{code:04x}"),
            _ => write!(out, "\\U{code:08x}"),
        };
    }
    out.push('"');
    out
}

/// Go's `unicode.IsPrint`: ASCII exactly; beyond it, without Unicode's tables, anything but
/// controls, spaces, format characters, private use and noncharacters.
fn go_printable(c: char) -> bool {
    if c.is_ascii() {
        return (' '..='~').contains(&c);
    }
    !(c.is_control()
        || c.is_whitespace()
        || matches!(c,
            '\u{ad}' | '\u{600}'..='\u{605}' | '\u{61c}' | '\u{6dd}' | '\u{70f}'
            | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}'
            | '\u{e000}'..='\u{f8ff}' | '\u{fdd0}'..='\u{fdef}' | '\u{fffe}' | '\u{ffff}'
            | '\u{f0000}'..='\u{10ffff}'))
}

fn number(n: &Number, s: &Map<String, Value>, path: &str, out: &mut Vec<Failure>) {
    let Some(x) = n.as_f64() else { return };
    let value = Value::Number(n.clone());
    if let Some(factor) = s.get("multipleOf").and_then(Value::as_f64) {
        if factor > 0.0 && (x / factor).fract() != 0.0 {
            let message = format!(
                "{path} in body should be a multiple of {}",
                go_float(factor)
            );
            invalid(out, path, value.clone(), message);
        }
    }
    if let Some(max) = s.get("maximum").and_then(Value::as_f64) {
        let exclusive = s.get("exclusiveMaximum") == Some(&Value::Bool(true));
        if x > max || (exclusive && x == max) {
            let bound = if exclusive {
                "less than"
            } else {
                "less than or equal to"
            };
            let message = format!("{path} in body should be {bound} {}", go_float(max));
            invalid(out, path, value.clone(), message);
        }
    }
    if let Some(min) = s.get("minimum").and_then(Value::as_f64) {
        let exclusive = s.get("exclusiveMinimum") == Some(&Value::Bool(true));
        if x < min || (exclusive && x == min) {
            let bound = if exclusive {
                "greater than"
            } else {
                "greater than or equal to"
            };
            let message = format!("{path} in body should be {bound} {}", go_float(min));
            invalid(out, path, value, message);
        }
    }
}

fn array(items: &[Value], old: Option<&Value>, schema: &Value, path: &str, out: &mut Vec<Failure>) {
    let Some(s) = schema.as_object() else { return };
    let len = items.len() as u64;
    if let Some(min) = s.get("minItems").and_then(Value::as_u64) {
        if len < min {
            let message = format!("{path} in body should have at least {min} items");
            invalid(out, path, len.into(), message);
        }
    }
    if let Some(max) = s.get("maxItems").and_then(Value::as_u64) {
        if len > max {
            out.push(Failure {
                path: path.to_string(),
                kind: FailureKind::TooMany { actual: len, max },
            });
        }
    }
    if let Some(item_schema) = s.get("items") {
        for (i, item) in items.iter().enumerate() {
            let old_item = old.and_then(|o| correlation::item(item, o, schema));
            node(item, old_item, item_schema, &format!("{path}[{i}]"), out);
        }
    }
}

fn object(
    fields: &Map<String, Value>,
    old: Option<&Value>,
    s: &Map<String, Value>,
    path: &str,
    out: &mut Vec<Failure>,
) {
    let len = fields.len() as u64;
    if let Some(min) = s.get("minProperties").and_then(Value::as_u64) {
        if len < min {
            let message = format!("{path} in body should have at least {min} properties");
            invalid(out, path, len.into(), message);
        }
    }
    if let Some(max) = s.get("maxProperties").and_then(Value::as_u64) {
        if len > max {
            out.push(Failure {
                path: path.to_string(),
                kind: FailureKind::TooMany { actual: len, max },
            });
        }
    }
    let properties = s.get("properties").and_then(Value::as_object);
    let additional = s.get("additionalProperties").filter(|a| a.is_object());
    for (key, field) in fields {
        let field_path = child(path, key);
        // apiVersion and kind are the same in both after conversion: never ratcheted.
        let type_meta = path.is_empty() && (key == "apiVersion" || key == "kind");
        let old_field = old.filter(|_| !type_meta).and_then(|o| o.get(key.as_str()));
        match properties.and_then(|p| p.get(key)) {
            Some(property) => node(field, old_field, property, &field_path, out),
            None => {
                if let Some(additional) = additional {
                    node(field, old_field, additional, &field_path, out);
                }
            }
        }
    }
    let required = s.get("required").and_then(Value::as_array);
    for key in required.into_iter().flatten().filter_map(Value::as_str) {
        if !fields.contains_key(key) {
            out.push(Failure {
                path: child(path, key),
                kind: FailureKind::Required,
            });
        }
    }
}

fn invalid(out: &mut Vec<Failure>, path: &str, value: Value, message: String) {
    out.push(Failure {
        path: path.to_string(),
        kind: FailureKind::Invalid { value, message },
    });
}

/// An enum value as apiextensions lists it: a string as itself, anything else as JSON.
fn enum_value(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A bound as Go's `%v` prints a float64: no `.0` on a whole number.
fn go_float(f: f64) -> String {
    if f.fract() == 0.0 && f.abs() < 1e21 {
        format!("{f:.0}")
    } else {
        f.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{validate, Failure, FailureKind};
    use serde_json::json;

    fn schema() -> serde_json::Value {
        json!({
            "type": "object",
            "properties": {
                "spec": {
                    "type": "object",
                    "required": ["size"],
                    "properties": {
                        "size": {"type": "integer", "minimum": 1, "maximum": 10},
                        "colour": {"type": "string", "enum": ["red", "blue"]},
                        "name": {"type": "string", "maxLength": 3, "pattern": "^[a-z]+$"},
                        "ports": {"type": "array", "maxItems": 1, "items": {"type": "integer"}},
                        "port": {"x-kubernetes-int-or-string": true},
                        "note": {"type": "string", "nullable": true}
                    }
                }
            }
        })
    }

    #[test]
    fn a_valid_object_has_no_failures() {
        let object = json!({"spec": {"size": 3, "colour": "red", "name": "abc", "ports": [80],
            "port": "http", "note": null}});
        assert_eq!(validate(&object, &schema()), vec![]);
    }

    #[test]
    fn each_check_fails_with_kubernetes_path_and_message() {
        let object = json!({"spec": {"size": "3", "colour": "green", "name": "abcd",
            "ports": [1, "x"]}});
        let failures = validate(&object, &schema());
        let kinds: Vec<(&str, &FailureKind)> = failures
            .iter()
            .map(|f| (f.path.as_str(), &f.kind))
            .collect();
        assert_eq!(
            kinds,
            vec![
                (
                    "spec.colour",
                    &FailureKind::NotSupported {
                        value: json!("green"),
                        supported: vec!["red".into(), "blue".into()]
                    }
                ),
                ("spec.name", &FailureKind::TooLong { max: 3 }),
                ("spec.ports", &FailureKind::TooMany { actual: 2, max: 1 }),
                (
                    "spec.ports[1]",
                    &FailureKind::TypeInvalid {
                        value: json!("string"),
                        message: "spec.ports[1] in body must be of type integer: \"string\"".into()
                    }
                ),
                (
                    "spec.size",
                    &FailureKind::TypeInvalid {
                        value: json!("string"),
                        message: "spec.size in body must be of type integer: \"string\"".into()
                    }
                ),
            ]
        );
    }

    #[test]
    fn bounds_patterns_and_required() {
        let object = json!({"spec": {"size": 11, "name": "A"}});
        assert_eq!(
            validate(&object, &schema()),
            vec![
                Failure {
                    path: "spec.name".into(),
                    kind: FailureKind::Invalid {
                        value: json!("A"),
                        message: "spec.name in body should match '^[a-z]+$'".into()
                    }
                },
                Failure {
                    path: "spec.size".into(),
                    kind: FailureKind::Invalid {
                        value: json!(11),
                        message: "spec.size in body should be less than or equal to 10".into()
                    }
                },
            ]
        );
        let missing = validate(&json!({"spec": {}}), &schema());
        assert_eq!(
            missing,
            vec![Failure {
                path: "spec.size".into(),
                kind: FailureKind::Required
            }]
        );
    }

    /// apiextensions' `pkg/apiserver/validation/ratcheting_test.go`
    /// (`TestObjectScalarFieldsRatcheting`, `TestObjectObjectFieldsRatcheting`).
    #[test]
    fn an_unchanged_value_keeps_passing_on_update() {
        use super::validate_update;
        let object = json!({"type": "object", "properties": {
            "small": {"type": "number", "maximum": 50},
            "medium": {"type": "number", "minimum": 50, "maximum": 10000}}});
        let nested = json!({"type": "object", "properties": {"nested": object.clone()}});
        for (schema, wrap) in [(&object, false), (&nested, true)] {
            let at = |v: serde_json::Value| if wrap { json!({"nested": v}) } else { v };
            let ok = |new: serde_json::Value, old: serde_json::Value| {
                validate_update(&at(new), &at(old), schema).is_empty()
            };
            assert!(ok(json!({"small": 500}), json!({"small": 500})));
            assert!(ok(
                json!({"small": 501}),
                json!({"small": 501, "medium": 500})
            ));
            assert!(!ok(json!({"small": 500}), json!({"small": 501})));
        }
        // A list's items have no old value of their own unless the list is a map list.
        let list = json!({"type": "object", "properties": {"items": {"type": "array",
            "items": {"type": "number", "maximum": 50}}}});
        assert_eq!(
            validate_update(&json!({"items": [60, 1]}), &json!({"items": [60]}), &list).len(),
            1
        );
        assert!(
            validate_update(&json!({"items": [60]}), &json!({"items": [60]}), &list).is_empty()
        );
    }
}
