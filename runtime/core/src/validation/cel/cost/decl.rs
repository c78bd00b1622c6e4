//! The sizes Kubernetes' CEL type for a CRD schema node declares (k8s.io/apiserver
//! `pkg/cel/common/schemas.go` `SchemaDeclType`): how many elements a list, map or string
//! may have at most (its `maxItems`, `maxProperties`, `maxLength`, or else as many as fit
//! in the largest request), and the smallest JSON a value of it serializes to.

use serde_json::Value;

/// The largest request kube-apiserver reads (`celconfig.MaxRequestSizeBytes`).
pub const MAX_REQUEST_SIZE_BYTES: i64 = 3 * 1024 * 1024;
const MIN_STRING_SIZE: i64 = 2;
const MIN_BOOL_SIZE: i64 = 4;
const MIN_NUMBER_SIZE: i64 = 1;
const MIN_DURATION_SIZE_JSON: i64 = 3;
const MAX_DURATION_SIZE_JSON: i64 = 32;
const JSON_DATE_SIZE: i64 = 12;
const MIN_DATETIME_SIZE_JSON: i64 = 21;
const MAX_DATETIME_SIZE_JSON: i64 = 32;
/// `metadata.name`'s bound (`DNS1123SubdomainMaxLength`).
const NAME_MAX_LENGTH: i64 = 253;

/// What a CEL value at some path of `self` is, as far as its cost goes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Decl<'a> {
    /// Not a path into the schema (a literal, a function's result).
    None,
    /// A schema node; `true` for an object's root (a resource or an embedded one), where
    /// `apiVersion`, `kind` and `metadata` are Kubernetes' own.
    Schema(&'a Value, bool),
    /// A root's `metadata` (its schema, if any): `name` and `generateName` only.
    Meta(Option<&'a Value>),
    /// A string Kubernetes declares without a bound (a root's `apiVersion` and `kind`).
    UnboundedString,
    /// `metadata.name` or `generateName`: at most this many characters, or its schema's
    /// `maxLength` when smaller (apiextensions' `cappedLengthStringType`).
    CappedString(Option<&'a Value>, i64),
    /// A map's key: a string declared without elements.
    Key,
}

/// The CEL kind of a value, as the checker would type it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    String,
    Bytes,
    List,
    Map,
    Object,
    Int,
    Double,
    Bool,
    /// `int-or-string`, or a type the estimate does not know.
    Dyn,
}

fn schema_type(s: &Value) -> &str {
    s.get("type").and_then(Value::as_str).unwrap_or("")
}

fn int_or_string(s: &Value) -> bool {
    s.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true))
}

fn embedded(s: &Value) -> bool {
    s.get("x-kubernetes-embedded-resource") == Some(&Value::Bool(true))
}

fn bound(s: &Value, key: &str) -> Option<i64> {
    s.get(key).and_then(Value::as_i64).map(|n| n.max(0))
}

/// A map's value schema (an object with an `additionalProperties` schema).
fn map_values(s: &Value) -> Option<&Value> {
    s.get("additionalProperties").filter(|a| a.is_object())
}

impl<'a> Decl<'a> {
    pub(super) fn kind(self) -> Kind {
        let s = match self {
            Decl::Schema(s, _) => s,
            Decl::Meta(_) => return Kind::Object,
            Decl::UnboundedString | Decl::CappedString(..) | Decl::Key => return Kind::String,
            Decl::None => return Kind::Dyn,
        };
        if int_or_string(s) {
            return Kind::Dyn;
        }
        match (schema_type(s), s.get("format").and_then(Value::as_str)) {
            ("array", _) => Kind::List,
            ("object", _) if map_values(s).is_some() => Kind::Map,
            ("object", _) => Kind::Object,
            ("string", Some("byte")) => Kind::Bytes,
            // Durations and timestamps: neither a string nor a list for `+` and `<`.
            ("string", Some("duration" | "date" | "date-time")) => Kind::Dyn,
            ("string", _) => Kind::String,
            ("integer", _) => Kind::Int,
            ("number", _) => Kind::Double,
            ("boolean", _) => Kind::Bool,
            _ => Kind::Dyn,
        }
    }

    /// The value of field `name` of an object.
    pub(super) fn field(self, name: &str) -> Decl<'a> {
        match self {
            Decl::Schema(_, true) if name == "apiVersion" || name == "kind" => {
                Decl::UnboundedString
            }
            Decl::Schema(s, true) if name == "metadata" => {
                Decl::Meta(s.get("properties").and_then(|p| p.get("metadata")))
            }
            // A property is named by its escaped name (`__namespace__`).
            Decl::Schema(s, _) => {
                match s
                    .get("properties")
                    .and_then(Value::as_object)
                    .and_then(|p| {
                        p.iter()
                            .find(|(k, _)| {
                                kapi_schema::cel_names::escape(k).as_deref() == Some(name)
                            })
                            .map(|(_, v)| v)
                    }) {
                    Some(p) => Decl::Schema(p, embedded(p)),
                    None => Decl::None,
                }
            }
            Decl::Meta(meta) => {
                let declared = meta
                    .and_then(|m| m.get("properties"))
                    .and_then(|p| p.get(name));
                match name {
                    "name" => Decl::CappedString(declared, NAME_MAX_LENGTH),
                    "generateName" => Decl::CappedString(declared, NAME_MAX_LENGTH - 1),
                    _ => Decl::None,
                }
            }
            _ => Decl::None,
        }
    }

    /// A list's item or a map's value.
    pub(super) fn element(self) -> Decl<'a> {
        let Decl::Schema(s, _) = self else {
            return Decl::None;
        };
        let child = match schema_type(s) {
            "array" => s.get("items"),
            "object" => map_values(s),
            _ => None,
        };
        child.map_or(Decl::None, |c| Decl::Schema(c, embedded(c)))
    }

    /// A map's key.
    pub(super) fn key(self) -> Decl<'a> {
        match self {
            Decl::Schema(s, _) if map_values(s).is_some() => Decl::Key,
            _ => Decl::None,
        }
    }

    /// `MaxElements` of the declared type (0 for scalars and objects), or `None` off the
    /// schema.
    pub(super) fn max_elements(self) -> Option<i64> {
        match self {
            Decl::None => None,
            Decl::Meta(_) | Decl::Key => Some(0),
            Decl::UnboundedString => Some(MAX_REQUEST_SIZE_BYTES - 2),
            Decl::CappedString(declared, cap) => {
                let max = declared
                    .and_then(|d| bound(d, "maxLength"))
                    .map_or(cap, |m| m.min(cap));
                Some(max * 4)
            }
            Decl::Schema(s, _) => Some(max_elements(s)),
        }
    }
}

fn max_elements(s: &Value) -> i64 {
    if int_or_string(s) {
        return match bound(s, "maxLength") {
            Some(n) => n * 4,
            None => MAX_REQUEST_SIZE_BYTES - 2,
        };
    }
    match schema_type(s) {
        "array" => bound(s, "maxItems").unwrap_or_else(|| {
            let item = s.get("items").map_or(1, min_serialized_size);
            (MAX_REQUEST_SIZE_BYTES - 2) / (item + 1)
        }),
        "object" => match map_values(s) {
            Some(values) => bound(s, "maxProperties").unwrap_or_else(|| {
                (MAX_REQUEST_SIZE_BYTES - 2) / (min_serialized_size(values) + 6)
            }),
            None => 0,
        },
        "string" => match s.get("format").and_then(Value::as_str) {
            Some("byte") => bound(s, "maxLength").unwrap_or(MAX_REQUEST_SIZE_BYTES - 2),
            Some("duration") => MAX_DURATION_SIZE_JSON,
            Some("date") => JSON_DATE_SIZE,
            Some("date-time") => MAX_DATETIME_SIZE_JSON,
            _ => match (
                bound(s, "maxLength"),
                s.get("enum").and_then(Value::as_array),
            ) {
                (Some(n), _) => n * 4,
                (None, Some(values)) if !values.is_empty() => values
                    .iter()
                    .filter_map(Value::as_str)
                    .map(|v| v.len() as i64)
                    .max()
                    .unwrap_or(0),
                _ => MAX_REQUEST_SIZE_BYTES - 2,
            },
        },
        _ => 0,
    }
}

/// The smallest JSON a value of the schema serializes to (`MinSerializedSize`): an
/// object's required fields without defaults count.
pub(super) fn min_serialized_size(s: &Value) -> i64 {
    if int_or_string(s) {
        return 1;
    }
    match (schema_type(s), s.get("format").and_then(Value::as_str)) {
        ("array", _) => 2,
        ("object", _) if map_values(s).is_some() => 2,
        ("object", _) => {
            let required: Vec<&str> = s
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let properties = s.get("properties").and_then(Value::as_object);
            let fields: i64 = properties
                .into_iter()
                .flatten()
                .filter(|(name, p)| required.contains(&name.as_str()) && p.get("default").is_none())
                .map(|(name, p)| name.len() as i64 + min_serialized_size(p) + 4)
                .sum();
            2 + fields
        }
        ("string", Some("duration")) => MIN_DURATION_SIZE_JSON,
        ("string", Some("date")) => JSON_DATE_SIZE,
        ("string", Some("date-time")) => MIN_DATETIME_SIZE_JSON,
        ("string", _) => MIN_STRING_SIZE,
        ("boolean", _) => MIN_BOOL_SIZE,
        ("integer" | "number", _) => MIN_NUMBER_SIZE,
        _ => 1,
    }
}
