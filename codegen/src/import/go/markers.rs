//! Go comment markers (`+optional`, `+listType=map`, `+genclient:nonNamespaced`,
//! `+kubebuilder:validation:Minimum=1`, `+k8s:...`) read into kapi markers. Each Go marker
//! is handled in one place here; one kapi cannot express is a warning naming it.

use super::syntax::{string_literal, MarkerLine, Pos};
use crate::import::ir::{Marker, Value};
use crate::markers::key;

/// A marker line split into its name and value: `listMapKey=name` is `("listMapKey",
/// Some("name"))`; markers that take `key=value` lists after a `:` (`kubebuilder:printcolumn:
/// name=..`) keep that list as the value.
#[derive(Debug, Clone)]
pub struct GoMarker {
    pub name: String,
    pub value: Option<String>,
    pub pos: Pos,
}

impl GoMarker {
    /// The marker as written, without its `+`.
    pub fn text(&self) -> String {
        match &self.value {
            Some(v) => format!("{}={v}", self.name),
            None => self.name.clone(),
        }
    }
}

/// Markers whose arguments follow a `:` rather than a `=`.
const ARG_LIST_MARKERS: &[&str] = &[
    "kubebuilder:printcolumn",
    "kubebuilder:resource",
    "kubebuilder:subresource:scale",
    "kubebuilder:validation:XValidation",
];

/// Generator switches that need no translation: kapi derives deep copy, OpenAPI, protobuf
/// and validation for every type, so Go's per-package opt-ins mean nothing here.
pub const IMPLIED: &[&str] = &[
    "k8s:deepcopy-gen",
    "k8s:openapi-gen",
    "k8s:protobuf-gen",
    "k8s:openapi-model-package",
    "k8s:prerelease-lifecycle-gen",
    "k8s:validation-gen",
    "k8s:validation-gen-scheme-registry",
    "k8s:validation-gen-input",
    "k8s:validation-gen-nolint",
    "k8s:defaulter-gen",
    "k8s:defaulter-gen-input",
    "k8s:conversion-gen-external-types",
    "k8s:conversion-gen:explicit-from",
    "kubebuilder:object:generate",
    "kubebuilder:skip",
    "kubebuilder:skipversion",
    "groupName",
    "groupGoName",
    "versionName",
    "build",
];

pub fn split(line: &MarkerLine) -> GoMarker {
    let text = line.text.as_str();
    for prefix in ARG_LIST_MARKERS {
        if let Some(rest) = text.strip_prefix(prefix) {
            if let Some(args) = rest.strip_prefix(':') {
                return GoMarker {
                    name: (*prefix).to_string(),
                    value: Some(args.to_string()),
                    pos: line.pos.clone(),
                };
            }
        }
    }
    let (name, value) = match text.split_once('=') {
        Some((n, v)) => (n.trim(), Some(v.trim().to_string())),
        None => (text.split_whitespace().next().unwrap_or(text), None),
    };
    GoMarker {
        name: name.to_string(),
        value,
        pos: line.pos.clone(),
    }
}

/// `a=1,b="x,y",c=z` into pairs, honouring quotes; also `;` separated lists stay whole.
pub fn args(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => {
                quote = None;
                current.push(c);
            }
            (None, '"' | '`') => {
                quote = Some(c);
                current.push(c);
            }
            (None, ',') => parts.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    parts.push(current);
    for part in parts {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (k, v) = part.split_once('=').unwrap_or((part, ""));
        out.push((k.trim().to_string(), unquote(v.trim())));
    }
    out
}

/// A marker value without its Go quotes.
pub fn unquote(v: &str) -> String {
    string_literal(v).unwrap_or_else(|| v.to_string())
}

/// A number as a marker value, checked to be one.
pub fn number(v: &str) -> Option<Value> {
    v.parse::<f64>().ok().filter(|n| n.is_finite())?;
    Some(Value::Number(v.to_string()))
}

pub fn int(v: &str) -> Option<i64> {
    v.trim().parse().ok()
}

/// The field-level validation markers written the same way in every spelling
/// (`+kubebuilder:validation:X`, `+k8s:x`, `+x`): the kapi marker for `name`.
pub fn validation(name: &str, value: &str) -> Option<Result<Marker, String>> {
    let int_marker = |key| {
        Some(match int(value) {
            Some(n) => Ok(Marker::int(key, n)),
            None => Err(format!("`{value}` is not an integer")),
        })
    };
    match name {
        "Minimum" | "minimum" => Some(
            number(value)
                .map(|v| Marker {
                    key: key::MINIMUM,
                    value: v,
                })
                .ok_or_else(|| format!("`{value}` is not a number")),
        ),
        "Maximum" | "maximum" => Some(
            number(value)
                .map(|v| Marker {
                    key: key::MAXIMUM,
                    value: v,
                })
                .ok_or_else(|| format!("`{value}` is not a number")),
        ),
        "ExclusiveMinimum" | "exclusiveMinimum" if value == "true" => {
            Some(Ok(Marker::flag(key::EXCLUSIVE_MINIMUM)))
        }
        "ExclusiveMaximum" | "exclusiveMaximum" if value == "true" => {
            Some(Ok(Marker::flag(key::EXCLUSIVE_MAXIMUM)))
        }
        "MinLength" | "minLength" => int_marker(key::MIN_LENGTH),
        "MaxLength" | "maxLength" => int_marker(key::MAX_LENGTH),
        "MinItems" | "minItems" => int_marker(key::MIN_ITEMS),
        "MaxItems" | "maxItems" => int_marker(key::MAX_ITEMS),
        "Pattern" | "pattern" => Some(Ok(Marker::str(key::PATTERN, unquote(value)))),
        "Format" | "format" => {
            let format = unquote(value);
            let known = crate::model::formats::VALIDATED.contains(&format.as_str())
                || crate::model::formats::SCHEMA_ONLY.contains(&format.as_str());
            Some(if known {
                Ok(Marker::str(key::FORMAT, format))
            } else {
                Err(format!("kapi has no format `{format}`"))
            })
        }
        _ => None,
    }
}
