//! The OpenAPI documents of the kinds CRDs serve, as apiextensions' OpenAPI controllers
//! publish them: for each served version of each served CRD, the kind's and its list's
//! definitions and the resource's paths; in v3 one document per group-version
//! (`/openapi/v3/apis/<group>/<version>`, the versions' documents merged as `MergeSpecsV3`
//! merges them), in v2 added to the server's document with the server's own paths and
//! definitions winning (`MergeSpecs`).
//!
//! The documents reference the meta kinds (`ObjectMeta`, `ListMeta`, `Status`,
//! `DeleteOptions`, `Patch`, autoscaling's `Scale`) by kube's definition names; their
//! definitions come from the server's own documents, which every generated document
//! carries, so the CRD documents read as the rest do. A server given no documents gets an
//! object schema for each, so the references still resolve.

mod paths;
mod schema;

use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};

pub(crate) const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
pub(crate) const LIST_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta";
pub(crate) const STATUS: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.Status";
pub(crate) const DELETE_OPTIONS: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions";
pub(crate) const PATCH: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.Patch";
pub(crate) const SCALE: &str = "io.k8s.api.autoscaling.v1.Scale";

/// The meta kinds a CRD's documents may reference.
pub(crate) const META_KINDS: &[&str] =
    &[OBJECT_META, LIST_META, STATUS, DELETE_OPTIONS, PATCH, SCALE];

const V2_PREFIX: &str = "#/definitions/";
const V3_PREFIX: &str = "#/components/schemas/";

/// Which document a definition is written for: they differ in where references point
/// and in what v2 can say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    V2,
    V3,
}

impl Form {
    fn prefix(self) -> &'static str {
        match self {
            Form::V2 => V2_PREFIX,
            Form::V3 => V3_PREFIX,
        }
    }

    pub(crate) fn reference(self, name: &str) -> Value {
        json!({ "$ref": format!("{}{name}", self.prefix()) })
    }
}

/// Definitions and paths, by name.
#[derive(Debug, Default, Clone)]
pub(crate) struct Fragment {
    pub definitions: Map<String, Value>,
    pub paths: Map<String, Value>,
}

impl Fragment {
    /// Adds what `other` has that this lacks (the first writer wins, as the naming
    /// controller keeps CRDs from colliding and the server's own documents come first).
    pub fn merge(&mut self, other: Fragment) {
        for (k, v) in other.definitions {
            self.definitions.entry(k).or_insert(v);
        }
        for (k, v) in other.paths {
            self.paths.entry(k).or_insert(v);
        }
    }
}

/// kube's definition name of a CRD kind: the group reversed (`com.example.frob.v1.Frobber`).
pub(crate) fn model_name(group: &str, version: &str, kind: &str) -> String {
    let reversed: Vec<&str> = group.split('.').rev().collect();
    format!("{}.{version}.{kind}", reversed.join("."))
}

fn text<'a>(value: &'a Value, pointer: &str) -> &'a str {
    value.pointer(pointer).and_then(Value::as_str).unwrap_or("")
}

/// Each served version of `crd` (its JSON, as stored) with what it adds in `form`.
pub(crate) fn crd_fragments(crd: &Value, form: Form) -> Vec<(String, String, Fragment)> {
    let group = text(crd, "/spec/group");
    let kind = text(crd, "/spec/names/kind");
    let plural = text(crd, "/spec/names/plural");
    let list_kind = match text(crd, "/spec/names/listKind") {
        "" => format!("{kind}List"),
        s => s.to_string(),
    };
    let namespaced = text(crd, "/spec/scope") != "Cluster";
    let preserve_unknown = crd.pointer("/spec/preserveUnknownFields") == Some(&Value::Bool(true));
    let versions = crd
        .pointer("/spec/versions")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut out = Vec::new();
    for v in versions.iter().filter(|v| v["served"] == Value::Bool(true)) {
        let version = text(v, "/name");
        let kind_name = model_name(group, version, kind);
        let list_name = model_name(group, version, &list_kind);
        let selectable = v
            .get("selectableFields")
            .and_then(Value::as_array)
            .filter(|fields| !fields.is_empty())
            .map(|fields| {
                fields
                    .iter()
                    .map(|f| json!({"fieldPath": text(f, "/jsonPath").trim_start_matches('.')}))
                    .collect::<Vec<_>>()
                    .into()
            });
        let gvk = json!({"group": group, "version": version, "kind": kind});
        let list_gvk = json!({"group": group, "version": version, "kind": list_kind});
        let mut fragment = Fragment::default();
        fragment.definitions.insert(
            kind_name.clone(),
            schema::kind(
                &gvk,
                v.pointer("/schema/openAPIV3Schema"),
                preserve_unknown,
                selectable.as_ref(),
                form,
            ),
        );
        fragment.definitions.insert(
            list_name.clone(),
            schema::list(
                &kind_name,
                kind,
                &list_kind,
                &list_gvk,
                selectable.as_ref(),
                form,
            ),
        );
        fragment.paths = paths::paths(
            &paths::Resource {
                group,
                version,
                kind,
                plural,
                namespaced,
                status: v.pointer("/subresources/status").is_some(),
                scale: v.pointer("/subresources/scale").is_some(),
                kind_name: &kind_name,
                list_name: &list_name,
            },
            form,
        );
        out.push((group.to_string(), version.to_string(), fragment));
    }
    out
}

/// Every definition name `value` references with `prefix`.
fn references(value: &Value, prefix: &str, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(fields) => {
            for (k, v) in fields {
                match (k.as_str(), v) {
                    ("$ref", Value::String(r)) => {
                        if let Some(name) = r.strip_prefix(prefix) {
                            out.insert(name.to_string());
                        }
                    }
                    _ => references(v, prefix, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| references(v, prefix, out)),
        _ => {}
    }
}

/// The meta kinds' definitions (in v3's form) and everything they reference, as found in
/// `sources` (definition maps, each with its reference prefix), read until all are found.
pub(crate) fn harvest_meta<'a>(
    sources: impl Iterator<Item = (Map<String, Value>, &'a str)>,
) -> Map<String, Value> {
    let mut found = Map::new();
    let mut wanted: BTreeSet<String> = META_KINDS.iter().map(|s| s.to_string()).collect();
    for (definitions, prefix) in sources {
        // Several passes: a definition found may reference another of the same source.
        loop {
            let missing: Vec<String> = wanted
                .iter()
                .filter(|w| !found.contains_key(*w) && definitions.contains_key(*w))
                .cloned()
                .collect();
            if missing.is_empty() {
                break;
            }
            for name in missing {
                let Some(definition) = definitions.get(&name) else {
                    continue;
                };
                let definition = rewrite_refs(definition, prefix, V3_PREFIX);
                references(&definition, V3_PREFIX, &mut wanted);
                found.insert(name, definition);
            }
        }
        if wanted.iter().all(|w| found.contains_key(w)) {
            break;
        }
    }
    found
}

/// `value` with every reference under `from` moved under `to`.
pub(crate) fn rewrite_refs(value: &Value, from: &str, to: &str) -> Value {
    if from == to {
        return value.clone();
    }
    match value {
        Value::Object(fields) => fields
            .iter()
            .map(|(k, v)| match (k.as_str(), v) {
                ("$ref", Value::String(r)) => {
                    let moved = r
                        .strip_prefix(from)
                        .map(|name| format!("{to}{name}"))
                        .unwrap_or_else(|| r.clone());
                    (k.clone(), Value::String(moved))
                }
                _ => (k.clone(), rewrite_refs(v, from, to)),
            })
            .collect::<Map<_, _>>()
            .into(),
        Value::Array(items) => items.iter().map(|v| rewrite_refs(v, from, to)).collect(),
        other => other.clone(),
    }
}

/// The definitions `fragment` references and does not hold, with what they reference,
/// from `meta` (v3 form); an object schema for a name `meta` lacks.
pub(crate) fn referenced_meta(
    fragment: &Fragment,
    meta: &Map<String, Value>,
    form: Form,
) -> Map<String, Value> {
    let mut wanted = BTreeSet::new();
    for value in fragment.definitions.values().chain(fragment.paths.values()) {
        references(value, form.prefix(), &mut wanted);
    }
    let mut out = Map::new();
    while let Some(name) = wanted.pop_first() {
        if out.contains_key(&name) || fragment.definitions.contains_key(&name) {
            continue;
        }
        let definition = meta
            .get(&name)
            .map(|d| rewrite_refs(d, V3_PREFIX, form.prefix()))
            .unwrap_or_else(|| json!({"type": "object"}));
        references(&definition, form.prefix(), &mut wanted);
        out.insert(name, definition);
    }
    out
}

/// The v3 document of one group-version of CRDs: their fragments merged, with `base`
/// (the server's own document at that path, when it has one) first.
pub(crate) fn v3_document(
    base: Option<Value>,
    fragments: Vec<Fragment>,
    meta: &Map<String, Value>,
) -> Value {
    let mut merged = Fragment::default();
    for fragment in fragments {
        merged.merge(fragment);
    }
    let needed = referenced_meta(&merged, meta, Form::V3);
    let mut doc = base.unwrap_or_else(|| {
        json!({
            "openapi": "3.0.0",
            "info": {"title": "Kubernetes CRD Swagger", "version": "v0.1.0"},
            "paths": {},
            "components": {"schemas": {}},
        })
    });
    insert_absent(&mut doc["paths"], merged.paths);
    insert_absent(&mut doc["components"]["schemas"], merged.definitions);
    insert_absent(&mut doc["components"]["schemas"], needed);
    doc
}

/// The server's v2 document (or an empty one) with the CRDs' fragments added where it has
/// nothing of the name.
pub(crate) fn v2_document(
    base: Option<&Value>,
    crds: &Fragment,
    meta: &Map<String, Value>,
) -> Value {
    let mut doc = base.cloned().unwrap_or_else(|| {
        json!({
            "swagger": "2.0",
            "info": {"title": "Kubernetes CRD Swagger", "version": "v0.1.0"},
            "paths": {},
            "definitions": {},
        })
    });
    let needed = referenced_meta(crds, meta, Form::V2);
    insert_absent(&mut doc["paths"], crds.paths.clone());
    insert_absent(&mut doc["definitions"], crds.definitions.clone());
    insert_absent(&mut doc["definitions"], needed);
    doc
}

fn insert_absent(target: &mut Value, entries: Map<String, Value>) {
    if !target.is_object() {
        *target = json!({});
    }
    if let Value::Object(target) = target {
        for (k, v) in entries {
            target.entry(k).or_insert(v);
        }
    }
}

/// The v3 fragments of `crds` by group-version path (`apis/<group>/<version>`), and all
/// their v2 fragments merged.
pub(crate) fn fragments_of(crds: &[Value]) -> (BTreeMap<String, Vec<Fragment>>, Fragment) {
    let mut v3: BTreeMap<String, Vec<Fragment>> = BTreeMap::new();
    let mut v2 = Fragment::default();
    for crd in crds {
        for (group, version, fragment) in crd_fragments(crd, Form::V3) {
            v3.entry(format!("apis/{group}/{version}"))
                .or_default()
                .push(fragment);
        }
        for (_, _, fragment) in crd_fragments(crd, Form::V2) {
            v2.merge(fragment);
        }
    }
    (v3, v2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_names_reverse_the_group() {
        // apiextensions' builder_test.go: `gvkToModelName`.
        assert_eq!(
            model_name("frob.example.com", "v1", "Frobber"),
            "com.example.frob.v1.Frobber"
        );
        assert_eq!(
            model_name("gateway.networking.k8s.io", "v1", "HTTPRoute"),
            "io.k8s.networking.gateway.v1.HTTPRoute"
        );
    }
}
