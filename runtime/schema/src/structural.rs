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

/// One rule a CRD breaks, at a JSON path into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub path: String,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
    fn push(&mut self, path: &str, message: impl Into<String>) {
        self.out.push(Violation {
            path: path.to_string(),
            message: message.into(),
        });
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
        self.extensions(m, path, ty);
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
                self.push(&format!("{path}.{key}"), format!("{key} is not supported"));
            } else if !KNOWN.contains(&key.as_str()) {
                self.push(path, format!("unknown field \"{key}\""));
            }
        }
        if m.get("uniqueItems") == Some(&Value::Bool(true)) {
            self.push(
                &format!("{path}.uniqueItems"),
                "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
            );
        }
        if let Some(v) = m.get("x-kubernetes-preserve-unknown-fields") {
            if v != &Value::Bool(true) {
                self.push(
                    &format!("{path}.x-kubernetes-preserve-unknown-fields"),
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
            Some(other) => {
                self.push(
                    &format!("{path}.type"),
                    format!(
                        "unsupported value {other}: must be one of {}",
                        TYPES.join(", ")
                    ),
                );
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
            Some(Value::Array(_)) => self.push(
                &format!("{path}.items"),
                "items must be a schema object and not an array",
            ),
            Some(items) => self.node(items, &format!("{path}.items"), Level::Item),
            None if ty == "array" => self.push(&format!("{path}.items"), "must be specified"),
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
            self.push(&at, "must not be used at the root");
        }
        if properties.is_some_and(|p| !p.is_empty()) {
            self.push(
                &at,
                "additionalProperties and properties are mutual exclusive",
            );
        }
        match additional {
            Value::Bool(true) => {}
            Value::Bool(false) => self.push(&at, "additionalProperties cannot be false"),
            child => self.node(child, &at, Level::Field),
        }
        if flags.embedded {
            self.push(
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
            self.push(
                &format!("{path}.type"),
                "must be object if x-kubernetes-embedded-resource is true",
            );
        } else if ty.is_empty() && !int_or_string && !preserve {
            let message = match level {
                Level::Root => "must not be empty at the root",
                Level::Item => "must not be empty for specified array items",
                Level::Field => "must not be empty for specified object fields",
            };
            self.push(&format!("{path}.type"), message);
        }
        if level == Level::Root && !ty.is_empty() && ty != "object" {
            self.push(&format!("{path}.type"), "must be object at the root");
        }
        if int_or_string {
            if preserve {
                self.push(
                    &format!("{path}.x-kubernetes-preserve-unknown-fields"),
                    "must be false if x-kubernetes-int-or-string is true",
                );
            }
            if embedded {
                self.push(
                    &format!("{path}.x-kubernetes-embedded-resource"),
                    "must be false if x-kubernetes-int-or-string is true",
                );
            }
            if !ty.is_empty() {
                self.push(
                    &format!("{path}.type"),
                    "must be empty if x-kubernetes-int-or-string is true",
                );
            }
        }
        if embedded && !preserve && properties.is_none_or(|p| p.is_empty()) {
            self.push(
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
                    if p.get("type").and_then(Value::as_str) != Some("string") {
                        self.push(&format!("{path}.properties[{key}].type"), "must be string");
                    }
                }
            }
        }
        if let Some(meta) = props.get("metadata") {
            let meta_path = format!("{path}.properties[metadata]");
            if object_root && meta.get("type").and_then(Value::as_str) != Some("object") {
                self.push(&format!("{meta_path}.type"), "must be object");
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
                            self.push(
                                path,
                                format!("must not specify anything other than name and generateName, but metadata.{name} is specified"),
                            );
                        }
                    }
                }
                "default" => self.push(
                    &format!("{path}.default"),
                    "must not be set: metadata defaults are not allowed",
                ),
                other => self.push(
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
                self.completeness(m, nested, &nested_path);
            }
        }
        if let Some(not) = m.get("not") {
            let not_path = format!("{path}.not");
            self.nested(not, &not_path, false);
            self.completeness(m, not, &not_path);
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
                self.push(
                    &format!("{path}.{key}"),
                    "must be undefined to be structural",
                );
            }
        }
        if let Some(props) = m.get("properties").and_then(Value::as_object) {
            if props.contains_key("metadata") {
                self.push(
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

    /// Every field and item a junctor names is also specified outside it.
    fn completeness(&mut self, outer: &Map<String, Value>, nested: &Value, path: &str) {
        let Some(n) = nested.as_object() else { return };
        if let Some(props) = n.get("properties").and_then(Value::as_object) {
            let outer_props = outer.get("properties").and_then(Value::as_object);
            for (k, child) in props {
                match outer_props
                    .and_then(|p| p.get(k))
                    .and_then(Value::as_object)
                {
                    Some(o) => self.completeness(o, child, &format!("{path}.properties[{k}]")),
                    None => self.push(
                        &format!("{path}.properties[{k}]"),
                        "must have a corresponding property outside of logical junctors",
                    ),
                }
            }
        }
        if let Some(items) = n.get("items") {
            match outer.get("items").and_then(Value::as_object) {
                Some(o) => self.completeness(o, items, &format!("{path}.items")),
                None => self.push(
                    &format!("{path}.items"),
                    "must have a corresponding items schema outside of logical junctors",
                ),
            }
        }
        for key in ["allOf", "anyOf", "oneOf"] {
            if let Some(Value::Array(list)) = n.get(key) {
                for (i, inner) in list.iter().enumerate() {
                    self.completeness(outer, inner, &format!("{path}.{key}[{i}]"));
                }
            }
        }
    }

    fn extensions(&mut self, m: &Map<String, Value>, path: &str, ty: &str) {
        let list_type = m.get("x-kubernetes-list-type");
        let keys = m.get("x-kubernetes-list-map-keys");
        if let Some(lt) = list_type {
            let lt_path = format!("{path}.x-kubernetes-list-type");
            if ty != "array" {
                self.push(&lt_path, "must only be used on arrays");
            }
            match lt.as_str() {
                Some("atomic") => {}
                Some("set") => {
                    let items = m.get("items");
                    let item_type = items.and_then(|i| i.get("type")).and_then(Value::as_str);
                    let atomic = items
                        .and_then(|i| i.get("x-kubernetes-map-type"))
                        .and_then(Value::as_str)
                        == Some("atomic");
                    if matches!(item_type, Some("object" | "array")) && !atomic {
                        self.push(
                            &format!("{path}.items"),
                            "items of a list of type set must be scalars or atomic",
                        );
                    }
                }
                Some("map") => self.list_map(m, path),
                _ => self.push(
                    &lt_path,
                    format!("unsupported value {lt}: must be one of atomic, set, map"),
                ),
            }
        }
        if keys.is_some() && list_type.and_then(Value::as_str) != Some("map") {
            self.push(
                &format!("{path}.x-kubernetes-list-map-keys"),
                "must only be used with x-kubernetes-list-type: map",
            );
        }
        if let Some(mt) = m.get("x-kubernetes-map-type") {
            let mt_path = format!("{path}.x-kubernetes-map-type");
            if !matches!(mt.as_str(), Some("atomic" | "granular")) {
                self.push(
                    &mt_path,
                    format!("unsupported value {mt}: must be one of atomic, granular"),
                );
            }
            if ty != "object" {
                self.push(&mt_path, "must only be used on objects");
            }
        }
        if let Some(rules) = m.get("x-kubernetes-validations") {
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
            for (i, rule) in rules.iter().enumerate() {
                let r_path = format!("{v_path}[{i}]");
                let Some(r) = rule.as_object() else {
                    self.push(&r_path, "must be an object");
                    continue;
                };
                if r.get("rule")
                    .and_then(Value::as_str)
                    .is_none_or(|s| s.trim().is_empty())
                {
                    self.push(
                        &format!("{r_path}.rule"),
                        "must be a non-empty CEL expression",
                    );
                }
                for key in r.keys() {
                    if !RULE_KEYS.contains(&key.as_str()) {
                        self.push(&r_path, format!("unknown field \"{key}\""));
                    }
                }
            }
        }
    }

    fn list_map(&mut self, m: &Map<String, Value>, path: &str) {
        let keys: Vec<&str> = m
            .get("x-kubernetes-list-map-keys")
            .and_then(Value::as_array)
            .map(|k| k.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        if keys.is_empty() {
            self.push(
                &format!("{path}.x-kubernetes-list-map-keys"),
                "must not be empty if x-kubernetes-list-type is map",
            );
            return;
        }
        let Some(items) = m.get("items").and_then(Value::as_object) else {
            return;
        };
        if items.get("type").and_then(Value::as_str) != Some("object") {
            self.push(
                &format!("{path}.items.type"),
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
        for key in keys {
            let key_path = format!("{path}.items.properties[{key}]");
            let Some(prop) = props.and_then(|p| p.get(key)) else {
                self.push(
                    &key_path,
                    "must exist as a property of the items: it is a list map key",
                );
                continue;
            };
            let scalar = matches!(
                prop.get("type").and_then(Value::as_str),
                Some("string" | "integer" | "number" | "boolean")
            ) || prop.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true));
            if !scalar {
                self.push(
                    &format!("{key_path}.type"),
                    "must be a scalar type if used as list map key",
                );
            }
            if !required.contains(&key) && prop.get("default").is_none() {
                self.push(
                    &key_path,
                    "all map keys must be required or have a default value",
                );
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
    if versions.is_empty() {
        c.push(
            "spec.versions",
            "must have exactly one version marked as storage version",
        );
    }
    let storage = versions
        .iter()
        .filter(|v| v["storage"] == Value::Bool(true))
        .count();
    if storage != 1 {
        c.push(
            "spec.versions",
            format!("must have exactly one version marked as storage version, found {storage}"),
        );
    }
    let mut seen = Vec::new();
    for (i, v) in versions.iter().enumerate() {
        let path = format!("spec.versions[{i}]");
        let name = v["name"].as_str().unwrap_or_default();
        if seen.contains(&name) {
            c.push(&format!("{path}.name"), format!("duplicate version {name}"));
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
        if !group.contains('.') {
            self.push("spec.group", "should be a domain with at least one dot");
        }
        let names = &spec["names"];
        let plural = names["plural"].as_str().unwrap_or_default();
        for key in ["plural", "kind", "listKind", "singular"] {
            if names[key].as_str().is_none_or(str::is_empty) {
                self.push(&format!("spec.names.{key}"), "must be specified");
            }
        }
        if plural != plural.to_lowercase() {
            self.push("spec.names.plural", "must be lowercase");
        }
        let expected_name = format!("{plural}.{group}");
        if crd["metadata"]["name"].as_str() != Some(expected_name.as_str()) {
            self.push(
                "metadata.name",
                format!("must be spec.names.plural+\".\"+spec.group: {expected_name}"),
            );
        }
        if !matches!(spec["scope"].as_str(), Some("Namespaced" | "Cluster")) {
            self.push("spec.scope", "must be Namespaced or Cluster");
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
            self.push(
                &format!("{path}.schema.openAPIV3Schema"),
                "must be specified",
            );
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
                    self.push(&format!("{s_path}.{key}"), "must be specified");
                }
                continue;
            };
            let p = p.as_str().unwrap_or_default();
            if !prefixes.iter().any(|pre| p.starts_with(pre)) {
                self.push(
                    &format!("{s_path}.{key}"),
                    format!("should be a json path under {}", prefixes.join(" or ")),
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
            self.push(&format!("{c_path}.name"), "must be specified");
        }
        if !matches!(
            col["type"].as_str(),
            Some("integer" | "number" | "string" | "boolean" | "date")
        ) {
            self.push(
                &format!("{c_path}.type"),
                "must be one of integer, number, string, boolean, date",
            );
        }
        if !col["jsonPath"].as_str().is_some_and(|p| p.starts_with('.')) {
            self.push(
                &format!("{c_path}.jsonPath"),
                "must be a simple json path starting with .",
            );
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
                    self.push(
                        "spec.conversion.webhook",
                        "must not be set when strategy is None",
                    );
                }
            }
            Some("Webhook") => self.conversion_webhook(&conversion["webhook"]),
            Some(other) => self.push(
                "spec.conversion.strategy",
                format!("unsupported value \"{other}\": must be None or Webhook"),
            ),
        }
    }

    fn conversion_webhook(&mut self, webhook: &Value) {
        let config = &webhook["clientConfig"];
        let has_url = config.get("url").is_some();
        let service = config.get("service");
        if has_url == service.is_some() {
            self.push(
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
