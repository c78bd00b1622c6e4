//! A CRD version's kind and list as OpenAPI definitions, as apiextensions' OpenAPI builder
//! makes them (`pkg/controller/openapi/builder/builder.go`): the schema reduced to what a
//! structural schema holds, int-or-string unfolded, `metadata` a reference to `ObjectMeta`,
//! `apiVersion` and `kind` added (to embedded resources too), and for v2 the conversion
//! kubectl's v2 reader needs (`v2/conversion.go`) with defaults pruned.

use super::{Form, LIST_META, OBJECT_META};
use serde_json::{json, Map, Value};

/// What a structural schema keeps of a node: anything else (`example`, `externalDocs`,
/// `$schema`, ...) is not in the published definition.
const STRUCTURAL_KEYS: &[&str] = &[
    "description",
    "type",
    "title",
    "default",
    "nullable",
    "format",
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
    "allOf",
    "oneOf",
    "anyOf",
    "not",
    "properties",
    "items",
    "additionalProperties",
];

/// The kind's definition. `schema` is the version's `openAPIV3Schema` (`None` when it has
/// none); `preserve_unknown` is the CRD's `spec.preserveUnknownFields`.
pub(super) fn kind(
    gvk: &Value,
    schema: Option<&Value>,
    preserve_unknown: bool,
    selectable: Option<&Value>,
    form: Form,
) -> Value {
    let root_preserves = schema
        .and_then(|s| s.get("x-kubernetes-preserve-unknown-fields"))
        .and_then(Value::as_bool)
        == Some(true);
    let mut out = match schema {
        // Without a schema only the type is published: properties would make kubectl
        // refuse every field it does not list.
        None => json!({"type": "object"}),
        // kubectl's v2 reader would refuse unknown fields next to listed ones.
        Some(_) if form == Form::V2 && (root_preserves || preserve_unknown) => {
            json!({"type": "object"})
        }
        Some(schema) => {
            let mut s = structural(schema);
            if form == Form::V2 {
                to_v2(&mut s);
                prune_defaults(&mut s);
            }
            set_property(&mut s, "metadata", form.reference(OBJECT_META));
            add_type_meta(&mut s);
            add_embedded(&mut s, form);
            s
        }
    };
    out["x-kubernetes-group-version-kind"] = json!([gvk]);
    if let Some(fields) = selectable {
        out["x-kubernetes-selectable-fields"] = fields.clone();
    }
    out
}

/// The list kind's definition: `items` of the kind, `metadata` a `ListMeta`.
pub(super) fn list(
    kind_name: &str,
    kind: &str,
    list_kind: &str,
    list_gvk: &Value,
    selectable: Option<&Value>,
    form: Form,
) -> Value {
    let mut s = json!({
        "type": "object",
        "description": format!("{list_kind} is a list of {kind}"),
        "required": ["items"],
        "properties": {
            "items": {"type": "array", "items": form.reference(kind_name)},
            "metadata": form.reference(LIST_META),
        },
        "x-kubernetes-group-version-kind": [list_gvk],
    });
    add_type_meta(&mut s);
    if let Some(fields) = selectable {
        s["x-kubernetes-selectable-fields"] = fields.clone();
    }
    s
}

/// The node as a structural schema holds it, with `x-kubernetes-int-or-string` unfolded to
/// the `anyOf` of an integer and a string it stands for.
fn structural(node: &Value) -> Value {
    let Some(fields) = node.as_object() else {
        return node.clone();
    };
    let mut out = Map::new();
    for (key, value) in fields {
        if !(STRUCTURAL_KEYS.contains(&key.as_str()) || key.starts_with("x-kubernetes-")) {
            continue;
        }
        let value = match key.as_str() {
            "properties" => Value::Object(
                value
                    .as_object()
                    .map(|props| {
                        props
                            .iter()
                            .map(|(k, v)| (k.clone(), structural(v)))
                            .collect()
                    })
                    .unwrap_or_default(),
            ),
            "items" | "additionalProperties" | "not" => structural(value),
            "allOf" | "oneOf" | "anyOf" => Value::Array(
                value
                    .as_array()
                    .map(|all| all.iter().map(structural).collect())
                    .unwrap_or_default(),
            ),
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    if out.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true)) {
        let int_or_string = json!([{"type": "integer"}, {"type": "string"}]);
        match out.remove("anyOf") {
            None => {
                out.insert("anyOf".into(), int_or_string);
            }
            Some(any_of) => {
                let mut all_of = vec![
                    json!({ "anyOf": int_or_string }),
                    json!({ "anyOf": any_of }),
                ];
                if let Some(Value::Array(rest)) = out.remove("allOf") {
                    all_of.extend(rest);
                }
                out.insert("allOf".into(), Value::Array(all_of));
            }
        }
    }
    Value::Object(out)
}

fn flag(node: &Map<String, Value>, key: &str) -> bool {
    node.get(key).and_then(Value::as_bool) == Some(true)
}

/// kube's `ToStructuralOpenAPIV2`, parent before children: junctors dropped, a nullable
/// node untyped and emptied, a node keeping unknown fields emptied, an array without items
/// and an object keeping unknown fields untyped, nullable fields no longer required.
fn to_v2(node: &mut Value) {
    let Some(s) = node.as_object_mut() else {
        return;
    };
    for junctor in ["allOf", "oneOf", "anyOf", "not"] {
        s.remove(junctor);
    }
    if flag(s, "nullable") {
        s.remove("type");
        s.remove("nullable");
        s.remove("items");
        s.remove("properties");
    }
    let preserves = flag(s, "x-kubernetes-preserve-unknown-fields");
    if preserves {
        s.remove("items");
        s.remove("properties");
    }
    let typed = |s: &Map<String, Value>, t: &str| s.get("type").and_then(Value::as_str) == Some(t);
    if !s.contains_key("items") && typed(s, "array") {
        s.remove("type");
    }
    if preserves && typed(s, "object") {
        s.remove("type");
    }
    let nullable_fields: Vec<String> = s
        .get("properties")
        .and_then(Value::as_object)
        .map(|props| {
            props
                .iter()
                .filter(|(_, p)| p.get("nullable").and_then(Value::as_bool) == Some(true))
                .map(|(k, _)| k.clone())
                .collect()
        })
        .unwrap_or_default();
    if let Some(Value::Array(required)) = s.get_mut("required") {
        required.retain(|r| {
            !nullable_fields
                .iter()
                .any(|f| Some(f.as_str()) == r.as_str())
        });
        if required.is_empty() {
            s.remove("required");
        }
    }
    if s.get("additionalProperties")
        .and_then(|a| a.get("nullable"))
        .and_then(Value::as_bool)
        == Some(true)
    {
        s.remove("required");
    }
    for_each_child(s, to_v2);
}

/// kube-openapi's `PruneDefaults` on the CRD's v2 definitions: the static document has its
/// defaults pruned, and the merged one must read the same.
fn prune_defaults(node: &mut Value) {
    let Some(s) = node.as_object_mut() else {
        return;
    };
    s.remove("default");
    for_each_child(s, prune_defaults);
}

fn for_each_child(s: &mut Map<String, Value>, f: fn(&mut Value)) {
    if let Some(Value::Object(props)) = s.get_mut("properties") {
        props.values_mut().for_each(f);
    }
    for key in ["items", "additionalProperties", "not"] {
        if let Some(child) = s.get_mut(key) {
            f(child);
        }
    }
    for key in ["allOf", "oneOf", "anyOf"] {
        if let Some(Value::Array(all)) = s.get_mut(key) {
            all.iter_mut().for_each(f);
        }
    }
}

fn set_property(s: &mut Value, name: &str, schema: Value) {
    if !s["properties"].is_object() {
        s["properties"] = json!({});
    }
    s["properties"][name] = schema;
}

/// `apiVersion` and `kind`, as TypeMeta's definition has them.
fn add_type_meta(s: &mut Value) {
    set_property(
        s,
        "apiVersion",
        json!({"type": "string", "description": "The versioned schema of this representation of an object (`group/version`)."}),
    );
    set_property(
        s,
        "kind",
        json!({"type": "string", "description": "The REST resource this object represents, in CamelCase."}),
    );
}

/// An embedded resource (`x-kubernetes-embedded-resource`) gets `apiVersion`, `kind` and
/// `metadata`, the first two required; under a node keeping unknown fields v2 adds none.
fn add_embedded(node: &mut Value, form: Form) {
    let Some(s) = node.as_object_mut() else {
        return;
    };
    if let Some(Value::Object(props)) = s.get_mut("properties") {
        props.values_mut().for_each(|p| add_embedded(p, form));
    }
    for key in ["items", "additionalProperties"] {
        if let Some(child) = s.get_mut(key) {
            add_embedded(child, form);
        }
    }
    if form == Form::V2 && flag(s, "x-kubernetes-preserve-unknown-fields") {
        return;
    }
    if !flag(s, "x-kubernetes-embedded-resource") {
        return;
    }
    let mut embedded = Value::Object(std::mem::take(s));
    add_type_meta(&mut embedded);
    set_property(&mut embedded, "metadata", form.reference(OBJECT_META));
    let required = embedded
        .as_object_mut()
        .map(|e| e.entry("required").or_insert_with(|| json!([])));
    if let Some(Value::Array(required)) = required {
        for name in ["kind", "apiVersion"] {
            if !required.iter().any(|r| r == name) {
                required.push(json!(name));
            }
        }
    }
    if let Value::Object(e) = embedded {
        *s = e;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // apiextensions' v2/conversion_test.go: "nullable with types", "preserve unknown
    // fields", "array without items", "nullable fields not required".
    #[test]
    fn v2_conversion_drops_what_kubectl_cannot_read() {
        let mut s = structural(&json!({
            "type": "object",
            "required": ["a", "b"],
            "properties": {
                "a": {"type": "string", "nullable": true},
                "b": {"type": "integer", "x-kubernetes-int-or-string": true},
                "c": {"type": "object", "x-kubernetes-preserve-unknown-fields": true,
                      "properties": {"x": {"type": "string"}}},
                "d": {"type": "array", "items": {"type": "object", "nullable": true,
                      "properties": {"y": {"type": "string"}}}},
                "e": {"type": "string", "example": "dropped", "default": "z"},
            },
        }));
        assert_eq!(
            s["properties"]["b"]["anyOf"],
            json!([{"type": "integer"}, {"type": "string"}])
        );
        assert!(s["properties"]["e"].get("example").is_none());
        to_v2(&mut s);
        prune_defaults(&mut s);
        assert_eq!(s["required"], json!(["b"]));
        assert_eq!(s["properties"]["a"], json!({}));
        assert!(s["properties"]["b"].get("anyOf").is_none());
        assert_eq!(
            s["properties"]["c"],
            json!({"x-kubernetes-preserve-unknown-fields": true})
        );
        assert_eq!(s["properties"]["d"], json!({"type": "array", "items": {}}));
        assert_eq!(s["properties"]["e"], json!({"type": "string"}));
    }

    #[test]
    fn embedded_resources_get_type_and_object_meta() {
        let mut s = structural(&json!({
            "type": "object",
            "properties": {"template": {"type": "object", "x-kubernetes-embedded-resource": true,
                                        "properties": {"spec": {"type": "object"}}}},
        }));
        add_embedded(&mut s, Form::V3);
        let t = &s["properties"]["template"];
        assert_eq!(t["required"], json!(["kind", "apiVersion"]));
        assert_eq!(
            t["properties"]["metadata"]["$ref"],
            "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
        );
        assert_eq!(t["properties"]["apiVersion"]["type"], "string");
    }
}
