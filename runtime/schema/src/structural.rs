//! The rules kube-apiserver enforces on a CustomResourceDefinition before it accepts it:
//! structural schemas (k8s.io/apiextensions-apiserver `schema.ValidateStructural`), the
//! CRD-only restrictions of its OpenAPI validation (no `$ref`, no `uniqueItems`, ...), the
//! list and map extensions, defaults that fit their schema, and the CRD's own fields (one
//! storage version, names, subresource paths, printer columns, conversion).
//!
//! The CRD generator runs these on every CRD it writes and refuses to write one the API
//! server would reject, so a bad marker fails codegen rather than a deployment.

use serde_json::{Map, Value};
use std::fmt;

/// One rule a CRD breaks, at a JSON path into it, with the field error type and bad value
/// apiextensions' validation reports it with (`Forbidden` and `Required` carry none).
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub path: String,
    pub kind: ViolationType,
    pub value: Option<Value>,
    pub message: String,
}

/// Kubernetes' field error type of a [`Violation`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViolationType {
    Required,
    Forbidden,
    Invalid,
    NotSupported,
    Duplicate,
    TooMany,
    Internal,
}

/// `supported values: "a", "b"`, as a `NotSupported` error lists them.
fn supported(values: &[&str]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
    format!("supported values: {}", quoted.join(", "))
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.message.is_empty() {
            let word = match self.kind {
                ViolationType::Required => "Required value",
                ViolationType::Forbidden => "Forbidden",
                ViolationType::NotSupported => "Unsupported value",
                ViolationType::Duplicate => "Duplicate value",
                ViolationType::TooMany => "Too many",
                ViolationType::Internal => "Internal error",
                ViolationType::Invalid => "Invalid value",
            };
            return write!(f, "{}: {word}", self.path);
        }
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// The fields of apiextensions `JSONSchemaProps`.
const KNOWN: &[&str] = &[
    "id",
    "$schema",
    "$ref",
    "description",
    "type",
    "format",
    "title",
    "default",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "multipleOf",
    "enum",
    "maxProperties",
    "minProperties",
    "required",
    "items",
    "allOf",
    "oneOf",
    "anyOf",
    "not",
    "properties",
    "additionalProperties",
    "patternProperties",
    "dependencies",
    "additionalItems",
    "definitions",
    "externalDocs",
    "example",
    "nullable",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-embedded-resource",
    "x-kubernetes-int-or-string",
    "x-kubernetes-list-map-keys",
    "x-kubernetes-list-type",
    "x-kubernetes-map-type",
    "x-kubernetes-validations",
];

/// `JSONSchemaProps` fields a CRD may not use.
const UNSUPPORTED: &[&str] = &[
    "id",
    "$schema",
    "$ref",
    "definitions",
    "dependencies",
    "patternProperties",
    "additionalItems",
];

/// Keys a schema under `allOf`, `anyOf`, `oneOf` or `not` may not set to be structural.
const NOT_IN_JUNCTORS: &[&str] = &[
    "type",
    "description",
    "default",
    "additionalProperties",
    "nullable",
    "title",
    "externalDocs",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-embedded-resource",
    "x-kubernetes-int-or-string",
    "x-kubernetes-list-map-keys",
    "x-kubernetes-list-type",
    "x-kubernetes-map-type",
    "x-kubernetes-validations",
];

/// apiextensions' words for a key set under a junctor, by key.
fn not_in_junctor_message(key: &str) -> &'static str {
    match key {
        "type"
        | "description"
        | "title"
        | "x-kubernetes-list-map-keys"
        | "x-kubernetes-validations" => "must be empty to be structural",
        "nullable"
        | "x-kubernetes-preserve-unknown-fields"
        | "x-kubernetes-embedded-resource"
        | "x-kubernetes-int-or-string" => "must be false to be structural",
        _ => "must be undefined to be structural",
    }
}

const TYPES: &[&str] = &["object", "array", "string", "integer", "number", "boolean"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Root,
    Item,
    Field,
}

/// The `x-kubernetes-*` flags that change what a node may be.
#[derive(Clone, Copy)]
struct Flags {
    preserve: bool,
    int_or_string: bool,
    embedded: bool,
}

#[derive(Default)]
struct Checker {
    out: Vec<Violation>,
}

impl Checker {
    /// An `Invalid value` without a value shown (a check of kapi's own, or one whose value
    /// Go renders in a way JSON cannot: the message says what is wrong).
    fn push(&mut self, path: &str, message: impl Into<String>) {
        self.push_as(path, ViolationType::Invalid, None, message);
    }

    fn push_as(
        &mut self,
        path: &str,
        kind: ViolationType,
        value: Option<Value>,
        message: impl Into<String>,
    ) {
        self.out.push(Violation {
            path: path.to_string(),
            kind,
            value,
            message: message.into(),
        });
    }

    fn forbidden(&mut self, path: &str, message: impl Into<String>) {
        self.push_as(path, ViolationType::Forbidden, None, message);
    }

    fn required(&mut self, path: &str, message: impl Into<String>) {
        self.push_as(path, ViolationType::Required, None, message);
    }

    fn invalid(&mut self, path: &str, value: Value, message: impl Into<String>) {
        self.push_as(path, ViolationType::Invalid, Some(value), message);
    }

    fn not_supported(&mut self, path: &str, value: Value, values: &[&str]) {
        self.push_as(
            path,
            ViolationType::NotSupported,
            Some(value),
            supported(values),
        );
    }

    /// `type` missing (`Required`) or wrong (`Invalid`, with the type), as apiextensions
    /// reports a type an extension needs.
    fn type_must_be(&mut self, path: &str, ty: &str, message: &str) {
        let at = format!("{path}.type");
        if ty.is_empty() {
            self.required(&at, message);
        } else {
            self.invalid(&at, ty.into(), message);
        }
    }

    fn node(&mut self, schema: &Value, path: &str, level: Level) {
        let Some(m) = schema.as_object() else {
            self.push(path, "must be a schema object");
            return;
        };
        self.keys(m, path);
        let flag = |key: &str| m.get(key) == Some(&Value::Bool(true));
        let flags = Flags {
            preserve: flag("x-kubernetes-preserve-unknown-fields"),
            int_or_string: flag("x-kubernetes-int-or-string"),
            embedded: flag("x-kubernetes-embedded-resource"),
        };
        let ty = self.node_type(m, path);
        self.children(m, path, level, ty, flags);
        let properties = m.get("properties").and_then(Value::as_object);
        self.types(path, level, ty, flags, properties);
        self.object_fields(path, level, flags, properties);
        self.junctors(m, path, flags.int_or_string);
        self.extensions(m, schema, path, ty);
        if let Some(default) = m.get("default") {
            check_value(default, schema, &format!("{path}.default"), &mut self.out);
        }
        if let Some(Value::Array(required)) = m.get("required") {
            if required.iter().any(|r| !r.is_string()) {
                self.push(
                    &format!("{path}.required"),
                    "must be a list of property names",
                );
            }
        }
    }

    /// Keys kube-apiserver does not support or know, and values it refuses outright.
    fn keys(&mut self, m: &Map<String, Value>, path: &str) {
        for key in m.keys() {
            if UNSUPPORTED.contains(&key.as_str()) {
                self.forbidden(&format!("{path}.{key}"), format!("{key} is not supported"));
            } else if !KNOWN.contains(&key.as_str()) {
                self.push(path, format!("unknown field \"{key}\""));
            }
        }
        if m.get("uniqueItems") == Some(&Value::Bool(true)) {
            self.forbidden(
                &format!("{path}.uniqueItems"),
                "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
            );
        }
        if let Some(v) = m.get("x-kubernetes-preserve-unknown-fields") {
            if v != &Value::Bool(true) {
                self.invalid(
                    &format!("{path}.x-kubernetes-preserve-unknown-fields"),
                    v.clone(),
                    "must be true or undefined",
                );
            }
        }
    }

    /// The node's `type`, or `""` when it has none (or one kube-apiserver refuses).
    fn node_type<'m>(&mut self, m: &'m Map<String, Value>, path: &str) -> &'m str {
        match m.get("type") {
            None => "",
            Some(Value::String(t)) if TYPES.contains(&t.as_str()) => t.as_str(),
            Some(Value::String(t)) if t == "null" => {
                self.forbidden(
                    &format!("{path}.type"),
                    "type cannot be set to null, use nullable as an alternative",
                );
                ""
            }
            Some(other) => {
                let mut sorted = TYPES.to_vec();
                sorted.sort_unstable();
                self.not_supported(&format!("{path}.type"), other.clone(), &sorted);
                ""
            }
        }
    }

    /// `items`, `properties` and `additionalProperties`, each checked as a node.
    fn children(
        &mut self,
        m: &Map<String, Value>,
        path: &str,
        level: Level,
        ty: &str,
        flags: Flags,
    ) {
        match m.get("items") {
            Some(Value::Array(_)) => self.forbidden(
                &format!("{path}.items"),
                "items must be a schema object and not an array",
            ),
            Some(items) => self.node(items, &format!("{path}.items"), Level::Item),
            None if ty == "array" => self.required(&format!("{path}.items"), "must be specified"),
            None => {}
        }
        let properties = m.get("properties").and_then(Value::as_object);
        if let Some(props) = properties {
            for (k, child) in props {
                self.node(child, &format!("{path}.properties[{k}]"), Level::Field);
            }
        }
        let Some(additional) = m.get("additionalProperties") else {
            return;
        };
        let at = format!("{path}.additionalProperties");
        if level == Level::Root {
            self.forbidden(&at, "must not be used at the root");
        }
        if properties.is_some_and(|p| !p.is_empty()) && additional != &Value::Bool(true) {
            self.forbidden(
                &at,
                "additionalProperties and properties are mutual exclusive",
            );
        }
        match additional {
            Value::Bool(true) => {}
            Value::Bool(false) => self.forbidden(&at, "additionalProperties cannot be false"),
            child => self.node(child, &at, Level::Field),
        }
        if flags.embedded {
            self.forbidden(
                &at,
                "must not be used if x-kubernetes-embedded-resource is set",
            );
        }
    }

    /// What the type must be given the level and the `x-kubernetes-*` flags.
    fn types(
        &mut self,
        path: &str,
        level: Level,
        ty: &str,
        flags: Flags,
        properties: Option<&Map<String, Value>>,
    ) {
        let Flags {
            preserve,
            int_or_string,
            embedded,
        } = flags;
        if embedded && ty != "object" {
            self.type_must_be(
                path,
                ty,
                "must be object if x-kubernetes-embedded-resource is true",
            );
        } else if ty.is_empty() && !int_or_string && !preserve {
            let message = match level {
                Level::Root => "must not be empty at the root",
                Level::Item => "must not be empty for specified array items",
                Level::Field => "must not be empty for specified object fields",
            };
            self.required(&format!("{path}.type"), message);
        }
        if level == Level::Root && !ty.is_empty() && ty != "object" {
            self.invalid(
                &format!("{path}.type"),
                ty.into(),
                "must be object at the root",
            );
        }
        if int_or_string {
            if preserve {
                self.invalid(
                    &format!("{path}.x-kubernetes-preserve-unknown-fields"),
                    Value::Bool(true),
                    "must be false if x-kubernetes-int-or-string is true",
                );
            }
            if embedded {
                self.invalid(
                    &format!("{path}.x-kubernetes-embedded-resource"),
                    Value::Bool(true),
                    "must be false if x-kubernetes-int-or-string is true",
                );
            }
            if !ty.is_empty() {
                self.invalid(
                    &format!("{path}.type"),
                    ty.into(),
                    "must be empty if x-kubernetes-int-or-string is true",
                );
            }
        }
        if embedded && !preserve && properties.is_none_or(|p| p.is_empty()) {
            self.required(
                &format!("{path}.properties"),
                "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
            );
        }
    }

    /// apiVersion, kind and metadata of objects Kubernetes reads as objects.
    fn object_fields(
        &mut self,
        path: &str,
        level: Level,
        flags: Flags,
        properties: Option<&Map<String, Value>>,
    ) {
        let Some(props) = properties else { return };
        let object_root = level == Level::Root || flags.embedded;
        if object_root {
            for key in ["apiVersion", "kind"] {
                if let Some(p) = props.get(key) {
                    let ty = p.get("type").and_then(Value::as_str).unwrap_or("");
                    if ty != "string" {
                        self.invalid(
                            &format!("{path}.properties[{key}].type"),
                            ty.into(),
                            "must be string",
                        );
                    }
                }
            }
        }
        if let Some(meta) = props.get("metadata") {
            let meta_path = format!("{path}.properties[metadata]");
            let ty = meta.get("type").and_then(Value::as_str).unwrap_or("");
            if object_root && ty != "object" {
                self.invalid(&format!("{meta_path}.type"), ty.into(), "must be object");
            }
            if level == Level::Root {
                self.root_metadata(meta, &meta_path);
            }
        }
    }

    /// At the root, metadata may only restrict `name` and `generateName`.
    fn root_metadata(&mut self, meta: &Value, path: &str) {
        let Some(m) = meta.as_object() else { return };
        for (key, value) in m {
            match key.as_str() {
                "type" => {}
                "properties" => {
                    let Some(props) = value.as_object() else {
                        continue;
                    };
                    for name in props.keys() {
                        if name != "name" && name != "generateName" {
                            self.forbidden(
                                path,
                                format!("must not specify anything other than name and generateName, but metadata.{name} is specified"),
                            );
                        }
                    }
                }
                "default" => self.forbidden(
                    &format!("{path}.default"),
                    "must not be set: metadata defaults are not allowed",
                ),
                other => self.forbidden(
                    path,
                    format!("must not specify anything other than name and generateName, but \"{other}\" is specified"),
                ),
            }
        }
    }

    fn junctors(&mut self, m: &Map<String, Value>, path: &str, int_or_string: bool) {
        let int_or_string_any_of = is_int_or_string_pair(m.get("anyOf"));
        let int_or_string_all_of = m
            .get("allOf")
            .and_then(Value::as_array)
            .and_then(|a| a.first())
            .is_some_and(|first| is_int_or_string_pair(first.get("anyOf")));
        for key in ["allOf", "anyOf", "oneOf"] {
            let Some(list) = m.get(key) else { continue };
            let Some(list) = list.as_array() else {
                self.push(&format!("{path}.{key}"), "must be a list of schemas");
                continue;
            };
            for (i, nested) in list.iter().enumerate() {
                let nested_path = format!("{path}.{key}[{i}]");
                let skip_any_of = key == "allOf" && i == 0 && int_or_string_all_of;
                if key == "anyOf" && int_or_string_any_of {
                    if !int_or_string {
                        self.push(
                            &nested_path,
                            "anyOf of integer and string requires x-kubernetes-int-or-string",
                        );
                    }
                    continue;
                }
                self.nested(nested, &nested_path, skip_any_of);
                self.completeness(m, path, nested, &nested_path);
            }
        }
        if let Some(not) = m.get("not") {
            let not_path = format!("{path}.not");
            self.nested(not, &not_path, false);
            self.completeness(m, path, not, &not_path);
        }
    }

    /// A schema under a logical junctor: value validation only.
    fn nested(&mut self, schema: &Value, path: &str, skip_any_of: bool) {
        let Some(m) = schema.as_object() else {
            self.push(path, "must be a schema object");
            return;
        };
        for key in NOT_IN_JUNCTORS {
            if m.contains_key(*key) {
                self.forbidden(&format!("{path}.{key}"), not_in_junctor_message(key));
            }
        }
        if let Some(props) = m.get("properties").and_then(Value::as_object) {
            if props.contains_key("metadata") {
                self.forbidden(
                    &format!("{path}.properties[metadata]"),
                    "must not be specified in a nested context",
                );
            }
            for (k, child) in props {
                self.nested(child, &format!("{path}.properties[{k}]"), false);
            }
        }
        if let Some(items) = m.get("items") {
            self.nested(items, &format!("{path}.items"), false);
        }
        for key in ["allOf", "anyOf", "oneOf"] {
            if key == "anyOf" && skip_any_of {
                continue;
            }
            if let Some(Value::Array(list)) = m.get(key) {
                for (i, n) in list.iter().enumerate() {
                    self.nested(n, &format!("{path}.{key}[{i}]"), false);
                }
            }
        }
        if let Some(not) = m.get("not") {
            self.nested(not, &format!("{path}.not"), false);
        }
    }

    /// Every field and item a junctor names is also specified outside it (apiextensions'
    /// `complete.go`, as CRDs get it: `additionalProperties` does not stand for a property
    /// named under a junctor): reported at the structural path that lacks it.
    fn completeness(
        &mut self,
        outer: &Map<String, Value>,
        s_path: &str,
        nested: &Value,
        v_path: &str,
    ) {
        let Some(n) = nested.as_object() else { return };
        if let Some(props) = n.get("properties").and_then(Value::as_object) {
            let outer_props = outer.get("properties").and_then(Value::as_object);
            for (k, child) in props {
                let v_child = format!("{v_path}.properties[{k}]");
                let s_child = format!("{s_path}.properties[{k}]");
                match outer_props
                    .and_then(|p| p.get(k))
                    .and_then(Value::as_object)
                {
                    Some(o) => self.completeness(o, &s_child, child, &v_child),
                    None => self.required(&s_child, format!("because it is defined in {v_child}")),
                }
            }
        }
        if let Some(items) = n.get("items") {
            let s_items = format!("{s_path}.items");
            let v_items = format!("{v_path}.items");
            match outer.get("items").and_then(Value::as_object) {
                Some(o) => self.completeness(o, &s_items, items, &v_items),
                None => self.required(&s_items, format!("because it is defined in {v_items}")),
            }
        }
        for key in ["allOf", "anyOf", "oneOf"] {
            if let Some(Value::Array(list)) = n.get(key) {
                for (i, inner) in list.iter().enumerate() {
                    self.completeness(outer, s_path, inner, &format!("{v_path}.{key}[{i}]"));
                }
            }
        }
        if let Some(not) = n.get("not") {
            self.completeness(outer, s_path, not, &format!("{v_path}.not"));
        }
    }

    /// The list, map and validation-rule extensions, as apiextensions'
    /// `ValidateCustomResourceDefinitionOpenAPISchema` checks them.
    fn extensions(&mut self, m: &Map<String, Value>, schema: &Value, path: &str, ty: &str) {
        let list_type = m.get("x-kubernetes-list-type");
        if let Some(mt) = m.get("x-kubernetes-map-type") {
            if ty != "object" {
                self.type_must_be(
                    path,
                    ty,
                    "must be object if x-kubernetes-map-type is specified",
                );
            }
            if !matches!(mt.as_str(), Some("atomic" | "granular")) {
                let at = format!("{path}.x-kubernetes-map-type");
                self.not_supported(&at, mt.clone(), &["atomic", "granular"]);
            }
        }
        if list_type.is_some() && ty != "array" {
            self.type_must_be(
                path,
                ty,
                "must be array if x-kubernetes-list-type is specified",
            );
        } else if list_type.and_then(Value::as_str) == Some("set") {
            self.set_items(m, path);
        }
        if let Some(lt) = list_type {
            if !matches!(lt.as_str(), Some("atomic" | "set" | "map")) {
                let at = format!("{path}.x-kubernetes-list-type");
                self.not_supported(&at, lt.clone(), &["atomic", "set", "map"]);
            }
        }
        let keys = m.get("x-kubernetes-list-map-keys");
        if keys
            .and_then(Value::as_array)
            .is_some_and(|k| !k.is_empty())
        {
            let at = format!("{path}.x-kubernetes-list-type");
            let message = "must be map if x-kubernetes-list-map-keys is non-empty";
            match list_type {
                None => self.required(&at, message),
                Some(lt) if lt.as_str() != Some("map") => self.invalid(&at, lt.clone(), message),
                Some(_) => {}
            }
        }
        if list_type.and_then(Value::as_str) == Some("map") {
            self.list_map(m, path);
        }
        if matches!(list_type.and_then(Value::as_str), Some("set" | "map")) {
            self.list_items_not_nullable(m, path, list_type.and_then(Value::as_str).unwrap_or(""));
        }
        if let Some(rules) = m.get("x-kubernetes-validations") {
            self.rules(rules, schema, path);
        }
    }

    /// A set's items that are lists or objects must be atomic.
    fn set_items(&mut self, m: &Map<String, Value>, path: &str) {
        let Some(items) = m.get("items").and_then(Value::as_object) else {
            return;
        };
        let message = "must be atomic as item of a list with x-kubernetes-list-type=set";
        // apiextensions shows the items' list type as the bad value in both cases.
        let shown = items
            .get("x-kubernetes-list-type")
            .cloned()
            .unwrap_or(Value::Null);
        let list_type = items.get("x-kubernetes-list-type");
        let map_type = items.get("x-kubernetes-map-type").and_then(Value::as_str);
        let (key, wrong) = match items.get("type").and_then(Value::as_str) {
            Some("array") => (
                "x-kubernetes-list-type",
                list_type.is_some_and(|lt| lt.as_str() != Some("atomic")),
            ),
            Some("object") => ("x-kubernetes-map-type", map_type != Some("atomic")),
            _ => return,
        };
        if wrong {
            self.invalid(&format!("{path}.items.{key}"), shown, message);
        }
    }

    fn list_map(&mut self, m: &Map<String, Value>, path: &str) {
        let keys_value = m
            .get("x-kubernetes-list-map-keys")
            .cloned()
            .unwrap_or(Value::Null);
        let keys: Vec<&str> = m
            .get("x-kubernetes-list-map-keys")
            .and_then(Value::as_array)
            .map(|k| k.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let keys_path = format!("{path}.x-kubernetes-list-map-keys");
        if keys.is_empty() {
            self.required(
                &keys_path,
                "must not be empty if x-kubernetes-list-type is map",
            );
        }
        let Some(items) = m.get("items") else {
            self.required(
                &format!("{path}.items"),
                "must have a schema if x-kubernetes-list-type is map",
            );
            return;
        };
        let Some(items) = items.as_object() else {
            return;
        };
        let item_type = items.get("type").and_then(Value::as_str).unwrap_or("");
        if item_type != "object" {
            self.invalid(
                &format!("{path}.items.type"),
                item_type.into(),
                "must be object if parent array's x-kubernetes-list-type is map",
            );
            return;
        }
        let props = items.get("properties").and_then(Value::as_object);
        let required: Vec<&str> = items
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (i, key) in keys.iter().enumerate() {
            let key_path = format!("{path}.items.properties[{key}]");
            match props.and_then(|p| p.get(*key)) {
                None => self.invalid(
                    &keys_path,
                    keys_value.clone(),
                    "entries must all be names of item properties",
                ),
                Some(prop) => {
                    if matches!(
                        prop.get("type").and_then(Value::as_str),
                        Some("array" | "object")
                    ) {
                        // apiextensions shows the items' type ("object") as the bad value.
                        self.invalid(
                            &format!("{key_path}.type"),
                            item_type.into(),
                            "must be a scalar type if parent array's x-kubernetes-list-type is map",
                        );
                    }
                    if !required.contains(key) && prop.get("default").is_none() {
                        self.required(
                            &format!("{key_path}.default"),
                            "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property",
                        );
                    }
                    if prop.get("nullable") == Some(&Value::Bool(true)) {
                        self.forbidden(
                            &format!("{key_path}.nullable"),
                            "this property is in x-kubernetes-list-map-keys, so it cannot be nullable",
                        );
                    }
                }
            }
            if keys[..i].contains(key) {
                self.invalid(
                    &keys_path,
                    keys_value.clone(),
                    "must not contain duplicate entries",
                );
            }
        }
    }

    /// The items of a set or map list may not be null.
    fn list_items_not_nullable(&mut self, m: &Map<String, Value>, path: &str, list_type: &str) {
        let nullable = m.get("items").and_then(|i| i.get("nullable")) == Some(&Value::Bool(true));
        if nullable {
            self.forbidden(
                &format!("{path}.items.nullable"),
                format!("cannot be nullable when x-kubernetes-list-type is {list_type}"),
            );
        }
    }

    /// Each `x-kubernetes-validations` entry's own fields (the CEL in them is compiled and
    /// costed by the API server, which has an evaluator).
    fn rules(&mut self, rules: &Value, schema: &Value, path: &str) {
        let v_path = format!("{path}.x-kubernetes-validations");
        let Some(rules) = rules.as_array() else {
            self.push(&v_path, "must be a list of rules");
            return;
        };
        const RULE_KEYS: &[&str] = &[
            "rule",
            "message",
            "messageExpression",
            "reason",
            "fieldPath",
            "optionalOldSelf",
        ];
        const REASONS: &[&str] = &[
            "FieldValueDuplicate",
            "FieldValueForbidden",
            "FieldValueInvalid",
            "FieldValueRequired",
        ];
        let newline = |s: &str| s.contains('\n') || s.contains('\r');
        for (i, rule) in rules.iter().enumerate() {
            let r_path = format!("{v_path}[{i}]");
            let Some(r) = rule.as_object() else {
                self.push(&r_path, "must be an object");
                continue;
            };
            let text = |key: &str| r.get(key).and_then(Value::as_str).unwrap_or("");
            let (rule_text, message) = (text("rule").trim(), text("message"));
            let message_path = format!("{r_path}.message");
            if rule_text.is_empty() {
                self.required(&format!("{r_path}.rule"), "rule is not specified");
            } else if !message.is_empty() && message.trim().is_empty() {
                self.invalid(
                    &message_path,
                    message.into(),
                    "must be non-empty if specified",
                );
            } else if newline(message.trim()) {
                self.invalid(
                    &message_path,
                    message.into(),
                    "must not contain line breaks",
                );
            } else if newline(rule_text) && message.trim().is_empty() {
                self.required(
                    &message_path,
                    "message must be specified if rule contains line breaks",
                );
            }
            let expression = text("messageExpression");
            if !expression.is_empty() && expression.trim().is_empty() {
                self.required(
                    &format!("{r_path}.messageExpression"),
                    "messageExpression must be non-empty if specified",
                );
            }
            if let Some(reason) = r.get("reason") {
                if !reason.as_str().is_some_and(|x| REASONS.contains(&x)) {
                    self.not_supported(&format!("{r_path}.reason"), reason.clone(), REASONS);
                }
            }
            let field_path = text("fieldPath");
            let fp_path = format!("{r_path}.fieldPath");
            if !field_path.is_empty() && field_path.trim().is_empty() {
                self.invalid(
                    &fp_path,
                    field_path.into(),
                    "must be non-empty if specified",
                );
            }
            if newline(field_path) {
                self.invalid(&fp_path, field_path.into(), "must not contain line breaks");
            }
            if !field_path.is_empty() && crate::field_path::normalize(field_path, schema).is_err() {
                self.invalid(&fp_path, field_path.into(), "must be a valid path");
            }
            for key in r.keys() {
                if !RULE_KEYS.contains(&key.as_str()) {
                    self.push(&r_path, format!("unknown field \"{key}\""));
                }
            }
        }
    }
}

fn is_int_or_string_pair(any_of: Option<&Value>) -> bool {
    let Some(Value::Array(list)) = any_of else {
        return false;
    };
    let only_type = |v: &Value, t: &str| {
        v.as_object()
            .is_some_and(|o| o.len() == 1 && o.get("type").and_then(Value::as_str) == Some(t))
    };
    list.len() == 2 && only_type(&list[0], "integer") && only_type(&list[1], "string")
}

/// Whether `value` (a default) fits `schema`: type, enum, bounds, lengths, recursively.
fn check_value(value: &Value, schema: &Value, path: &str, out: &mut Vec<Violation>) {
    let mut push = |message: String| {
        out.push(Violation {
            path: path.to_string(),
            kind: ViolationType::Invalid,
            value: None,
            message,
        })
    };
    let Some(s) = schema.as_object() else { return };
    let int_or_string = s.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true));
    let fits = match s.get("type").and_then(Value::as_str) {
        _ if int_or_string => value.is_string() || value.is_i64() || value.is_u64(),
        Some("string") => value.is_string(),
        Some("integer") => value.is_i64() || value.is_u64(),
        Some("number") => value.is_number(),
        Some("boolean") => value.is_boolean(),
        Some("object") => value.is_object(),
        Some("array") => value.is_array(),
        _ => true,
    };
    if !fits {
        push(format!(
            "default {value} does not match type {}",
            s.get("type")
                .and_then(Value::as_str)
                .unwrap_or("int-or-string")
        ));
        return;
    }
    if let Some(Value::Array(allowed)) = s.get("enum") {
        if !allowed.contains(value) {
            push(format!("default {value} is not one of the enum values"));
        }
    }
    if let Some(n) = value.as_f64() {
        if let Some(min) = s.get("minimum").and_then(Value::as_f64) {
            let exclusive = s.get("exclusiveMinimum") == Some(&Value::Bool(true));
            if n < min || (exclusive && n == min) {
                push(format!("default {value} is below the minimum {min}"));
            }
        }
        if let Some(max) = s.get("maximum").and_then(Value::as_f64) {
            let exclusive = s.get("exclusiveMaximum") == Some(&Value::Bool(true));
            if n > max || (exclusive && n == max) {
                push(format!("default {value} is above the maximum {max}"));
            }
        }
    }
    if let Some(text) = value.as_str() {
        let len = text.chars().count() as u64;
        if s.get("maxLength")
            .and_then(Value::as_u64)
            .is_some_and(|m| len > m)
        {
            push(format!("default {value} is longer than maxLength"));
        }
        if s.get("minLength")
            .and_then(Value::as_u64)
            .is_some_and(|m| len < m)
        {
            push(format!("default {value} is shorter than minLength"));
        }
    }
    if let Some(items) = value.as_array() {
        if s.get("maxItems")
            .and_then(Value::as_u64)
            .is_some_and(|m| items.len() as u64 > m)
        {
            push("default has more than maxItems items".to_string());
        }
        if let Some(item_schema) = s.get("items") {
            for (i, item) in items.iter().enumerate() {
                check_value(item, item_schema, &format!("{path}[{i}]"), out);
            }
        }
    }
    if let Some(object) = value.as_object() {
        let props = s.get("properties").and_then(Value::as_object);
        for (k, v) in object {
            match props.and_then(|p| p.get(k)) {
                Some(prop) => check_value(v, prop, &format!("{path}.{k}"), out),
                None => {
                    if let Some(additional) =
                        s.get("additionalProperties").filter(|a| a.is_object())
                    {
                        check_value(v, additional, &format!("{path}.{k}"), out);
                    } else if props.is_some()
                        && s.get("x-kubernetes-preserve-unknown-fields") != Some(&Value::Bool(true))
                    {
                        out.push(Violation {
                            path: format!("{path}.{k}"),
                            kind: ViolationType::Invalid,
                            value: None,
                            message: "default sets a field the schema does not specify (it would be pruned)".into(),
                        });
                    }
                }
            }
        }
    }
}

/// Checks one version's `openAPIV3Schema` (`path` names it in messages).
pub fn check_schema(schema: &Value, path: &str) -> Vec<Violation> {
    let mut c = Checker::default();
    c.node(schema, path, Level::Root);
    c.out
}

/// Checks a whole CustomResourceDefinition, each version's schema included.
pub fn check_crd(crd: &Value) -> Vec<Violation> {
    let mut c = Checker::default();
    if crd.get("apiVersion").and_then(Value::as_str) != Some("apiextensions.k8s.io/v1") {
        c.push("apiVersion", "must be apiextensions.k8s.io/v1");
    }
    if crd.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
        c.push("kind", "must be CustomResourceDefinition");
    }
    let spec = &crd["spec"];
    c.names(crd, spec);
    let versions = spec["versions"].as_array().cloned().unwrap_or_default();
    let storage = versions
        .iter()
        .filter(|v| v["storage"] == Value::Bool(true))
        .count();
    if storage != 1 {
        c.push(
            "spec.versions",
            "must have exactly one version marked as storage version",
        );
    }
    let mut seen = Vec::new();
    for (i, v) in versions.iter().enumerate() {
        let path = format!("spec.versions[{i}]");
        let name = v["name"].as_str().unwrap_or_default();
        if seen.contains(&name) {
            c.push("spec.versions", "must contain unique version names");
        }
        seen.push(name);
        c.version(v, &path);
    }
    c.conversion(&spec["conversion"]);
    c.out
}

impl Checker {
    /// The group, names, the CRD's own name and the scope.
    fn names(&mut self, crd: &Value, spec: &Value) {
        let group = spec["group"].as_str().unwrap_or_default();
        if group.is_empty() {
            self.required("spec.group", "");
        } else if !group.contains('.') {
            self.invalid(
                "spec.group",
                group.into(),
                "should be a domain with at least one dot",
            );
        }
        let names = &spec["names"];
        let plural = names["plural"].as_str().unwrap_or_default();
        for key in ["plural", "kind", "listKind", "singular"] {
            if names[key].as_str().is_none_or(str::is_empty) {
                self.required(&format!("spec.names.{key}"), "");
            }
        }
        if plural != plural.to_lowercase() {
            self.invalid("spec.names.plural", plural.into(), "must be lowercase");
        }
        let expected_name = format!("{plural}.{group}");
        let name = crd["metadata"]["name"].as_str().unwrap_or_default();
        if name != expected_name {
            self.invalid(
                "metadata.name",
                name.into(),
                "must be spec.names.plural+\".\"+spec.group",
            );
        }
        match spec["scope"].as_str().unwrap_or_default() {
            "Namespaced" | "Cluster" => {}
            "" => self.required("spec.scope", ""),
            other => self.not_supported("spec.scope", other.into(), &["Cluster", "Namespaced"]),
        }
    }

    /// One entry of `spec.versions`: its schema, scale subresource and printer columns.
    fn version(&mut self, v: &Value, path: &str) {
        if v.get("deprecationWarning").is_some() && v["deprecated"] != Value::Bool(true) {
            self.push(
                &format!("{path}.deprecationWarning"),
                "can only be set for deprecated versions",
            );
        }
        let schema = &v["schema"]["openAPIV3Schema"];
        if schema.is_null() {
            self.required(&format!("{path}.schema.openAPIV3Schema"), "");
        } else {
            self.node(
                schema,
                &format!("{path}.schema.openAPIV3Schema"),
                Level::Root,
            );
        }
        if let Some(scale) = v["subresources"].get("scale") {
            self.scale(scale, schema, &format!("{path}.subresources.scale"));
        }
        if let Some(columns) = v.get("additionalPrinterColumns").and_then(Value::as_array) {
            for (j, col) in columns.iter().enumerate() {
                self.print_column(col, &format!("{path}.additionalPrinterColumns[{j}]"));
            }
        }
    }

    /// The scale subresource's paths: under `.spec`/`.status` and of the right type.
    fn scale(&mut self, scale: &Value, schema: &Value, s_path: &str) {
        for (key, prefixes, ty) in [
            ("specReplicasPath", &[".spec."][..], "integer"),
            ("statusReplicasPath", &[".status."][..], "integer"),
            ("labelSelectorPath", &[".spec.", ".status."][..], "string"),
        ] {
            let Some(p) = scale.get(key) else {
                if key != "labelSelectorPath" {
                    self.required(&format!("{s_path}.{key}"), "");
                }
                continue;
            };
            let p = p.as_str().unwrap_or_default();
            if !prefixes.iter().any(|pre| p.starts_with(pre)) {
                let under = match key {
                    "labelSelectorPath" => "either .spec or .status",
                    _ => prefixes[0].trim_end_matches('.'),
                };
                self.invalid(
                    &format!("{s_path}.{key}"),
                    p.into(),
                    format!("should be a json path under {under}"),
                );
            } else if !schema.is_null() {
                match schema_at(schema, p) {
                    None => self.push(
                        &format!("{s_path}.{key}"),
                        format!("{p} is not a path in the schema"),
                    ),
                    Some(node) if node["type"].as_str() != Some(ty) => self.push(
                        &format!("{s_path}.{key}"),
                        format!("{p} must be of type {ty}"),
                    ),
                    Some(_) => {}
                }
            }
        }
    }

    fn print_column(&mut self, col: &Value, c_path: &str) {
        if col["name"].as_str().is_none_or(str::is_empty) {
            self.required(&format!("{c_path}.name"), "");
        }
        let ty = col["type"].as_str().unwrap_or_default();
        let types = "must be one of boolean,date,integer,number,string";
        match ty {
            "integer" | "number" | "string" | "boolean" | "date" => {}
            "" => self.required(&format!("{c_path}.type"), types),
            other => self.invalid(&format!("{c_path}.type"), other.into(), types),
        }
        match col["jsonPath"].as_str().unwrap_or_default() {
            "" => self.required(&format!("{c_path}.jsonPath"), ""),
            p if !p.starts_with('.') => self.invalid(
                &format!("{c_path}.jsonPath"),
                p.into(),
                "must be a simple json path starting with .",
            ),
            _ => {}
        }
        if col
            .get("priority")
            .is_some_and(|p| p.as_i64().is_none_or(|n| n < 0))
        {
            self.push(
                &format!("{c_path}.priority"),
                "must be a non-negative integer",
            );
        }
    }

    /// `spec.conversion`: `None` without a webhook, or a webhook with one client config.
    fn conversion(&mut self, conversion: &Value) {
        match conversion["strategy"].as_str() {
            None | Some("None") => {
                if conversion.get("webhook").is_some() {
                    self.forbidden(
                        "spec.conversion.webhook",
                        "must not be set when strategy is None",
                    );
                }
            }
            Some("Webhook") => self.conversion_webhook(&conversion["webhook"]),
            Some(other) => self.not_supported(
                "spec.conversion.strategy",
                other.into(),
                &["None", "Webhook"],
            ),
        }
    }

    fn conversion_webhook(&mut self, webhook: &Value) {
        let config = &webhook["clientConfig"];
        let has_url = config.get("url").is_some();
        let service = config.get("service");
        if has_url == service.is_some() {
            self.required(
                "spec.conversion.webhook.clientConfig",
                "exactly one of url or service is required",
            );
        }
        if let Some(s) = service {
            for key in ["namespace", "name"] {
                if s[key].as_str().is_none_or(str::is_empty) {
                    self.push(
                        &format!("spec.conversion.webhook.clientConfig.service.{key}"),
                        "must be specified",
                    );
                }
            }
        }
        let review = webhook["conversionReviewVersions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if !review
            .iter()
            .any(|v| matches!(v.as_str(), Some("v1" | "v1beta1")))
        {
            self.push(
                "spec.conversion.webhook.conversionReviewVersions",
                "must include at least one of v1, v1beta1",
            );
        }
    }
}

/// The schema node a simple JSON path (`.spec.replicas`) points at.
fn schema_at<'a>(schema: &'a Value, path: &str) -> Option<&'a Value> {
    let mut node = schema;
    for part in path.trim_start_matches('.').split('.') {
        node = node.get("properties")?.get(part)?;
    }
    Some(node)
}
