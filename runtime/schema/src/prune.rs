//! Pruning: kube-apiserver drops the fields of a custom resource that its structural schema
//! does not specify (apiextensions-apiserver's `pruning.PruneWithOptions`), before
//! defaulting and validation.
//!
//! A field survives when the schema names it in `properties`, when the schema has
//! `additionalProperties` (every key is then known, and its value is pruned by that schema,
//! or emptied of every field when `additionalProperties` is a bool), or when the schema says
//! `x-kubernetes-preserve-unknown-fields: true` (unknown fields stay; known ones are still
//! pruned by their own schemas). `apiVersion`, `kind` and `metadata` are never touched at the
//! resource's root or inside an `x-kubernetes-embedded-resource`: the caller handles
//! `metadata` as ObjectMeta (kube-apiserver keeps it aside and coerces it separately).
//! `allOf`, `anyOf`, `oneOf` and `not` never make a field known: in a structural schema they
//! only hold value validations, and kube prunes by the structural part alone.

use serde_json::{Map, Value};

/// The fields kube-apiserver leaves alone at a resource's root and in embedded resources.
const META_FIELDS: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// Drops from `value` every field `schema` does not specify, in place, and returns the
/// paths of the dropped fields sorted (`spec.foo`, `spec.items[1].bar`), as kube-apiserver
/// collects them for `fieldValidation=Strict` and `Warn` (`unknown field "spec.foo"`).
///
/// `schema` is a version's structural `openAPIV3Schema`; anything that is not a JSON object
/// (`null`) stands for no schema at all, under which every field of every object is dropped.
/// `is_resource_root` says `value` is a whole custom resource: its `apiVersion`, `kind` and
/// `metadata` are then kept as an embedded resource's are. Dropping one of those three at the
/// root of a value that is not a resource is not reported, as kube does not report it.
///
/// Recursion follows `value`'s nesting, which serde_json's parser bounds (128 levels) for
/// anything decoded from a request.
pub fn prune(value: &mut Value, schema: &Value, is_resource_root: bool) -> Vec<String> {
    let mut pruner = Pruner::default();
    let root = match (Schema::of(schema), is_resource_root) {
        // kube treats a resource's root as an embedded resource, schema or not.
        (Some(s), true) => Some(Schema {
            embedded: true,
            ..s
        }),
        (None, true) => Some(Schema {
            map: None,
            embedded: true,
        }),
        (s, false) => s,
    };
    pruner.prune(value, root);
    pruner.pruned.sort();
    pruner.pruned
}

/// One node of a structural schema; `None` where kube's `*Structural` is nil.
#[derive(Clone, Copy)]
struct Schema<'s> {
    /// `None` for an empty schema (a property whose schema is not an object).
    map: Option<&'s Map<String, Value>>,
    embedded: bool,
}

impl<'s> Schema<'s> {
    /// The schema `value` is, if it is one.
    fn of(value: &'s Value) -> Option<Self> {
        let map = value.as_object()?;
        Some(Schema {
            map: Some(map),
            embedded: flag(map, "x-kubernetes-embedded-resource"),
        })
    }

    fn get(&self, key: &str) -> Option<&'s Value> {
        self.map.and_then(|m| m.get(key))
    }

    fn preserves_unknown(&self) -> bool {
        self.map
            .is_some_and(|m| flag(m, "x-kubernetes-preserve-unknown-fields"))
    }

    /// A property's schema. A named property is known even if its schema is malformed
    /// (the structural check refuses such a CRD), so it counts as an empty schema.
    fn property(&self, key: &str) -> Option<Schema<'s>> {
        let property = self.get("properties")?.as_object()?.get(key)?;
        Some(Schema::of(property).unwrap_or(Schema {
            map: None,
            embedded: false,
        }))
    }

    /// `Some(schema)` when the schema has `additionalProperties`: every key is known; the
    /// inner `None` is the bool form, which kube prunes with no schema.
    fn additional(&self) -> Option<Option<Schema<'s>>> {
        match self.get("additionalProperties")? {
            Value::Null => None,
            additional => Some(Schema::of(additional)),
        }
    }

    fn items(&self) -> Option<Schema<'s>> {
        self.get("items").and_then(Schema::of)
    }
}

fn flag(map: &Map<String, Value>, key: &str) -> bool {
    map.get(key) == Some(&Value::Bool(true))
}

#[derive(Default)]
struct Pruner {
    /// The path of the value being visited, as kube writes it: `spec.ports[0].name`.
    path: String,
    pruned: Vec<String>,
}

impl Pruner {
    fn prune(&mut self, value: &mut Value, schema: Option<Schema<'_>>) {
        if let Some(s) = schema.filter(Schema::preserves_unknown) {
            return self.preserve(value, s);
        }
        match value {
            Value::Object(fields) => {
                let Some(s) = schema else {
                    for key in fields.keys() {
                        self.record(key);
                    }
                    fields.clear();
                    return;
                };
                fields.retain(|key, field| {
                    if s.embedded && META_FIELDS.contains(&key.as_str()) {
                        return true;
                    }
                    if let Some(property) = s.property(key) {
                        self.at_key(key, |p| p.prune(field, Some(property)));
                        return true;
                    }
                    if let Some(additional) = s.additional() {
                        self.at_key(key, |p| p.prune(field, additional));
                        return true;
                    }
                    // An unknown `apiVersion`, `kind` or `metadata` at the very root is
                    // dropped without a report, as kube does.
                    if !META_FIELDS.contains(&key.as_str()) || !self.path.is_empty() {
                        self.record(key);
                    }
                    false
                });
            }
            Value::Array(items) => {
                let item_schema = schema.and_then(|s| s.items());
                for (i, item) in items.iter_mut().enumerate() {
                    self.at_index(i, |p| p.prune(item, item_schema));
                }
            }
            _ => {}
        }
    }

    /// Under `x-kubernetes-preserve-unknown-fields`: unknown fields stay, known ones are
    /// pruned by their schemas, and list items keep preserving (kube passes the items'
    /// schema on without looking at its own flag).
    fn preserve(&mut self, value: &mut Value, s: Schema<'_>) {
        match value {
            Value::Object(fields) => {
                for (key, field) in fields.iter_mut() {
                    if s.embedded && META_FIELDS.contains(&key.as_str()) {
                        continue;
                    }
                    if let Some(property) = s.property(key) {
                        self.at_key(key, |p| p.prune(field, Some(property)));
                    } else if let Some(additional) = s.additional() {
                        self.at_key(key, |p| p.prune(field, additional));
                    }
                }
            }
            Value::Array(items) => {
                let Some(item_schema) = s.items() else { return };
                for (i, item) in items.iter_mut().enumerate() {
                    self.at_index(i, |p| p.preserve(item, item_schema));
                }
            }
            _ => {}
        }
    }

    /// Runs `visit` with `key` appended to the path.
    fn at_key(&mut self, key: &str, visit: impl FnOnce(&mut Self)) {
        let len = self.path.len();
        self.push_key(key);
        visit(self);
        self.path.truncate(len);
    }

    fn at_index(&mut self, index: usize, visit: impl FnOnce(&mut Self)) {
        let len = self.path.len();
        self.path.push('[');
        self.path.push_str(&index.to_string());
        self.path.push(']');
        visit(self);
        self.path.truncate(len);
    }

    fn push_key(&mut self, key: &str) {
        if !self.path.is_empty() {
            self.path.push('.');
        }
        self.path.push_str(key);
    }

    fn record(&mut self, key: &str) {
        let len = self.path.len();
        self.push_key(key);
        self.pruned.push(self.path.clone());
        self.path.truncate(len);
    }
}
