//! The schema metadata the patch algorithms need, read from OpenAPI documents.
//!
//! [`PatchSchemas`] resolves every `$ref` (and the `allOf: [{$ref}]` wrappers kapi and
//! Kubernetes put around references that carry a description or a default) once, into an
//! arena of nodes; a recursive reference points back at the node being built, so cycles
//! cost nothing. A [`Node`] is a cheap handle into that arena.
//!
//! Two families of markers live in these documents, and Kubernetes reads them in different
//! places:
//!
//! - `x-kubernetes-patch-strategy` / `x-kubernetes-patch-merge-key` are the strategic merge
//!   patch markers. kube-apiserver's SMP reads only these (from the Go struct tags of
//!   built-in types, which the OpenAPI extensions mirror; `PatchMetaFromOpenAPIV3` used by
//!   kubectl reads the same two extensions). A list with `x-kubernetes-list-type: map` and
//!   `x-kubernetes-list-map-keys` but no patch strategy is *replaced* by SMP: new built-in
//!   fields tagged only `+listType=map` behave that way in kube, and custom resources do
//!   not support SMP at all (415). [`Node::patch_strategy`] and [`Node::patch_merge_key`]
//!   expose exactly these markers.
//! - `x-kubernetes-list-type` / `x-kubernetes-list-map-keys` / `x-kubernetes-map-type` are
//!   the server-side apply (structured-merge-diff) markers. kube's OpenAPI-to-SMD schema
//!   conversion reads `x-kubernetes-list-type` first and falls back to the patch strategy
//!   for legacy types (`merge` with a merge key is an associative list keyed by it, `merge`
//!   without one a set); anything else is atomic. [`Node::list_type`] is that rule.
//!
//! kapi's generated `ObjectMeta` schema carries the SSA markers but not the SMP ones, while
//! kube's `ObjectMeta` Go type tags `finalizers` (`merge`) and `ownerReferences` (`merge`,
//! key `uid`); [`PatchSchemas::from_openapi`] adds those two tags so SMP on metadata behaves
//! like kube's.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde_json::{json, Value};

use kapi_core::patch_shape::Shape;
use kapi_core::scheme::GroupVersionKind;

/// How server-side apply treats a list (`x-kubernetes-list-type`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListType {
    /// Replaced as a whole, owned as one field.
    Atomic,
    /// A set of scalars: items merge by value.
    Set,
    /// Items merge by these key fields (`x-kubernetes-list-map-keys`).
    Map(Vec<String>),
}

/// How server-side apply treats a map or struct (`x-kubernetes-map-type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapType {
    /// Each key is its own field (the default).
    Granular,
    /// Replaced and owned as a whole.
    Atomic,
}

/// The strategic merge patch strategy of a field (`x-kubernetes-patch-strategy`, a
/// comma-separated list such as `merge,retainKeys`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PatchStrategy {
    /// `merge`: lists merge (by the merge key for lists of maps, as a set otherwise).
    pub merge: bool,
    /// `replace`: maps are replaced instead of merged.
    pub replace: bool,
    /// `retainKeys`: a `$retainKeys` directive may clear the keys it does not list.
    pub retain_keys: bool,
}

#[derive(Debug, Clone, Default)]
struct NodeData {
    properties: BTreeMap<String, usize>,
    additional: Option<usize>,
    items: Option<usize>,
    list_type: Option<ListType>,
    map_type: Option<MapType>,
    patch_strategy: PatchStrategy,
    patch_merge_key: Option<String>,
    preserve_unknown_fields: bool,
    embedded_resource: bool,
    int_or_string: bool,
    default: Option<Value>,
}

#[derive(Debug, Default)]
struct Arena {
    nodes: Vec<NodeData>,
    kinds: HashMap<(String, String, String), usize>,
    names: HashMap<String, usize>,
}

/// Schema metadata for every kind of a set of OpenAPI documents.
#[derive(Debug, Clone, Default)]
pub struct PatchSchemas {
    arena: Arc<Arena>,
}

/// One schema in a [`PatchSchemas`]; clones are cheap.
#[derive(Clone)]
pub struct Node {
    arena: Arc<Arena>,
    idx: usize,
}

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Node").field(self.data()).finish()
    }
}

impl PatchSchemas {
    /// Reads OpenAPI v3 documents (`components.schemas`) or Swagger 2.0 documents
    /// (`definitions`). Kinds are found by `x-kubernetes-group-version-kind`; the first
    /// document that describes a kind wins. Malformed parts are skipped, never an error:
    /// whatever has no schema falls back to kube's behaviour for unknown content.
    pub fn from_openapi<'a>(docs: impl IntoIterator<Item = &'a Value>) -> PatchSchemas {
        let mut arena = Arena::default();
        for doc in docs {
            let defs = doc
                .pointer("/components/schemas")
                .or_else(|| doc.get("definitions"))
                .and_then(Value::as_object);
            let Some(defs) = defs else { continue };
            let mut builder = Builder {
                defs,
                arena: &mut arena,
                by_name: HashMap::new(),
            };
            for (name, schema) in defs {
                let gvks = schema
                    .get("x-kubernetes-group-version-kind")
                    .and_then(Value::as_array);
                let idx = builder.named(name);
                builder.arena.names.entry(name.clone()).or_insert(idx);
                for gvk in gvks.into_iter().flatten() {
                    let part =
                        |k: &str| gvk.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                    builder
                        .arena
                        .kinds
                        .entry((part("group"), part("version"), part("kind")))
                        .or_insert(idx);
                }
            }
        }
        PatchSchemas {
            arena: Arc::new(arena),
        }
    }

    /// [`PatchSchemas::from_openapi`], with each of `kinds` described by its compiled
    /// [`Shape`] (the derive's patch markers) instead of the documents: the same nodes,
    /// whether or not documents are served.
    pub fn from_openapi_and_shapes<'a>(
        docs: impl IntoIterator<Item = &'a Value>,
        kinds: impl IntoIterator<Item = (GroupVersionKind, Shape)>,
    ) -> PatchSchemas {
        let mut schemas = PatchSchemas::from_openapi(docs);
        let arena = Arc::get_mut(&mut schemas.arena);
        // A fresh `PatchSchemas` has the only reference to its arena.
        let Some(arena) = arena else { return schemas };
        let mut shapes = ShapeBuilder {
            arena,
            structs: HashMap::new(),
        };
        for (gvk, shape) in kinds {
            let idx = shapes.build(shape);
            shapes
                .arena
                .kinds
                .insert((gvk.group, gvk.version, gvk.kind), idx);
        }
        schemas
    }

    /// [`PatchSchemas::from_openapi`] over a slice of OpenAPI v3 documents.
    pub fn from_openapi_v3(docs: &[Value]) -> PatchSchemas {
        PatchSchemas::from_openapi(docs)
    }

    /// The schema of a kind (`group` is empty for the core group).
    pub fn for_kind(&self, group: &str, version: &str, kind: &str) -> Option<Node> {
        let key = (group.to_string(), version.to_string(), kind.to_string());
        self.arena.kinds.get(&key).map(|&idx| Node {
            arena: self.arena.clone(),
            idx,
        })
    }

    /// A schema by its definition name (e.g. `com.example.frob.v1.FrobberSpec`).
    pub fn definition(&self, name: &str) -> Option<Node> {
        self.arena.names.get(name).map(|&idx| Node {
            arena: self.arena.clone(),
            idx,
        })
    }
}

impl Node {
    fn data(&self) -> &NodeData {
        &self.arena.nodes[self.idx]
    }

    fn at(&self, idx: usize) -> Node {
        Node {
            arena: self.arena.clone(),
            idx,
        }
    }

    /// The schema of a declared property.
    pub fn property(&self, name: &str) -> Option<Node> {
        self.data().properties.get(name).map(|&i| self.at(i))
    }

    /// The declared properties' names, sorted.
    pub fn property_names(&self) -> impl Iterator<Item = &str> {
        self.data().properties.keys().map(String::as_str)
    }

    /// The schema of a map's values (`additionalProperties`).
    pub fn additional_properties(&self) -> Option<Node> {
        self.data().additional.map(|i| self.at(i))
    }

    /// The schema of the value under `key` of an object: its property, else the map value
    /// schema. `None` means unknown content.
    pub fn field(&self, key: &str) -> Option<Node> {
        self.property(key).or_else(|| self.additional_properties())
    }

    /// Whether `key` is a declared property (a "named field" in structured-merge-diff's
    /// terms) rather than a map key.
    pub fn is_named(&self, key: &str) -> bool {
        self.data().properties.contains_key(key)
    }

    /// The schema of a list's items.
    pub fn items(&self) -> Option<Node> {
        self.data().items.map(|i| self.at(i))
    }

    /// The list type server-side apply uses: `x-kubernetes-list-type`, else the legacy
    /// patch strategy (`merge` + key: map, `merge`: set), else atomic.
    pub fn list_type(&self) -> ListType {
        let d = self.data();
        if let Some(t) = &d.list_type {
            return t.clone();
        }
        if d.patch_strategy.merge {
            return match &d.patch_merge_key {
                Some(k) => ListType::Map(vec![k.clone()]),
                None => ListType::Set,
            };
        }
        ListType::Atomic
    }

    /// `x-kubernetes-list-type` as written, if at all.
    pub fn declared_list_type(&self) -> Option<ListType> {
        self.data().list_type.clone()
    }

    /// `x-kubernetes-map-type` (granular when absent).
    pub fn map_type(&self) -> MapType {
        self.data().map_type.unwrap_or(MapType::Granular)
    }

    /// `x-kubernetes-patch-strategy`.
    pub fn patch_strategy(&self) -> PatchStrategy {
        self.data().patch_strategy
    }

    /// `x-kubernetes-patch-merge-key`.
    pub fn patch_merge_key(&self) -> Option<&str> {
        self.data().patch_merge_key.as_deref()
    }

    /// `x-kubernetes-preserve-unknown-fields`.
    pub fn preserves_unknown_fields(&self) -> bool {
        self.data().preserve_unknown_fields
    }

    /// `x-kubernetes-embedded-resource`.
    pub fn is_embedded_resource(&self) -> bool {
        self.data().embedded_resource
    }

    /// `x-kubernetes-int-or-string`.
    pub fn is_int_or_string(&self) -> bool {
        self.data().int_or_string
    }

    /// The schema's `default`.
    pub fn default_value(&self) -> Option<&Value> {
        self.data().default.as_ref()
    }
}

struct Builder<'a, 'b> {
    defs: &'a serde_json::Map<String, Value>,
    arena: &'b mut Arena,
    /// Definitions of this document already built (or being built).
    by_name: HashMap<String, usize>,
}

impl Builder<'_, '_> {
    /// Builds a definition once; a recursive reference finds the index reserved here.
    fn named(&mut self, name: &str) -> usize {
        if let Some(&idx) = self.by_name.get(name) {
            return idx;
        }
        let idx = self.arena.nodes.len();
        self.arena.nodes.push(NodeData::default());
        self.by_name.insert(name.to_string(), idx);
        let Some(schema) = self.defs.get(name) else {
            return idx;
        };
        let data = self.data(schema);
        self.arena.nodes[idx] = data;
        if name.ends_with("pkg.apis.meta.v1.ObjectMeta") {
            self.add_object_meta_patch_tags(idx);
        }
        idx
    }

    /// kube's `ObjectMeta` Go struct tags, which strategic merge patch reads.
    fn add_object_meta_patch_tags(&mut self, idx: usize) {
        let props = self.arena.nodes[idx].properties.clone();
        if let Some(&f) = props.get("finalizers") {
            let d = &mut self.arena.nodes[f];
            if d.patch_strategy == PatchStrategy::default() {
                d.patch_strategy.merge = true;
            }
        }
        if let Some(&o) = props.get("ownerReferences") {
            let d = &mut self.arena.nodes[o];
            if d.patch_strategy == PatchStrategy::default() {
                d.patch_strategy.merge = true;
                d.patch_merge_key = Some("uid".to_string());
            }
        }
    }

    fn ref_name(reference: &str) -> Option<&str> {
        reference
            .strip_prefix("#/components/schemas/")
            .or_else(|| reference.strip_prefix("#/definitions/"))
    }

    /// The referenced definition of `{$ref}` or `{allOf: [{$ref}]}`.
    fn reference(schema: &Value) -> Option<&str> {
        if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
            return Self::ref_name(r);
        }
        schema
            .get("allOf")
            .and_then(Value::as_array)?
            .iter()
            .find_map(|s| {
                s.get("$ref")
                    .and_then(Value::as_str)
                    .and_then(Self::ref_name)
            })
    }

    fn has_overlay(schema: &Value) -> bool {
        schema.as_object().is_some_and(|o| {
            o.keys()
                .any(|k| k.starts_with("x-kubernetes-") || k == "default")
        })
    }

    fn build(&mut self, schema: &Value) -> usize {
        if let Some(name) = Self::reference(schema) {
            let target = self.named(name);
            if !Self::has_overlay(schema) {
                return target;
            }
            // The wrapper adds markers or a default to the referenced type: a copy of the
            // target (its children are shared indices) with those applied.
            let mut data = self.arena.nodes[target].clone();
            Self::extensions(&mut data, schema);
            self.arena.nodes.push(data);
            return self.arena.nodes.len() - 1;
        }
        let data = self.data(schema);
        self.arena.nodes.push(data);
        self.arena.nodes.len() - 1
    }

    fn data(&mut self, schema: &Value) -> NodeData {
        let mut data = NodeData::default();
        if let Some(props) = schema.get("properties").and_then(Value::as_object) {
            for (name, prop) in props {
                let idx = self.build(prop);
                data.properties.insert(name.clone(), idx);
            }
        }
        if let Some(ap) = schema.get("additionalProperties").filter(|v| v.is_object()) {
            data.additional = Some(self.build(ap));
        }
        if let Some(items) = schema.get("items").filter(|v| v.is_object()) {
            data.items = Some(self.build(items));
        }
        Self::extensions(&mut data, schema);
        data
    }

    fn extensions(data: &mut NodeData, schema: &Value) {
        let ext = |k: &str| schema.get(k);
        if let Some(t) = ext("x-kubernetes-list-type").and_then(Value::as_str) {
            data.list_type = Some(match t {
                "set" => ListType::Set,
                "map" => ListType::Map(
                    ext("x-kubernetes-list-map-keys")
                        .and_then(Value::as_array)
                        .map(|keys| {
                            keys.iter()
                                .filter_map(Value::as_str)
                                .map(str::to_string)
                                .collect()
                        })
                        .unwrap_or_default(),
                ),
                // kube's converter treats unknown list types as atomic.
                _ => ListType::Atomic,
            });
        }
        if let Some(t) = ext("x-kubernetes-map-type").and_then(Value::as_str) {
            data.map_type = Some(if t == "atomic" {
                MapType::Atomic
            } else {
                MapType::Granular
            });
        }
        if let Some(s) = ext("x-kubernetes-patch-strategy").and_then(Value::as_str) {
            let mut strategy = PatchStrategy::default();
            for part in s.split(',').map(str::trim) {
                match part {
                    "merge" => strategy.merge = true,
                    "replace" => strategy.replace = true,
                    "retainKeys" => strategy.retain_keys = true,
                    _ => {}
                }
            }
            data.patch_strategy = strategy;
        }
        if let Some(k) = ext("x-kubernetes-patch-merge-key").and_then(Value::as_str) {
            data.patch_merge_key = Some(k.to_string());
        }
        let flag = |k: &str| ext(k).and_then(Value::as_bool).unwrap_or(false);
        data.preserve_unknown_fields |= flag("x-kubernetes-preserve-unknown-fields");
        data.embedded_resource |= flag("x-kubernetes-embedded-resource");
        data.int_or_string |= flag("x-kubernetes-int-or-string");
        if let Some(d) = ext("default") {
            data.default = Some(d.clone());
        }
    }
}

/// Builds arena nodes from compiled [`Shape`]s; a struct is built once (its address is its
/// identity), so recursive types cost nothing more than in the documents.
struct ShapeBuilder<'a> {
    arena: &'a mut Arena,
    structs: HashMap<usize, usize>,
}

impl ShapeBuilder<'_> {
    fn push(&mut self, data: NodeData) -> usize {
        self.arena.nodes.push(data);
        self.arena.nodes.len() - 1
    }

    fn build(&mut self, shape: Shape) -> usize {
        match shape.resolve() {
            Shape::List(item) => {
                let items = self.build(*item);
                self.push(NodeData {
                    items: Some(items),
                    ..NodeData::default()
                })
            }
            Shape::Map(value) => {
                let additional = self.build(*value);
                self.push(NodeData {
                    additional: Some(additional),
                    ..NodeData::default()
                })
            }
            Shape::Struct(st) => self.build_struct(st),
            Shape::Leaf | Shape::Named(_) => self.push(NodeData::default()),
        }
    }

    fn build_struct(&mut self, st: &'static kapi_core::patch_shape::Struct) -> usize {
        let key = st as *const _ as usize;
        if let Some(&idx) = self.structs.get(&key) {
            return idx;
        }
        let idx = self.push(NodeData::default());
        self.structs.insert(key, idx);
        let mut data = NodeData::default();
        if st.atomic {
            data.map_type = Some(MapType::Atomic);
        }
        self.add_fields(&mut data, st);
        self.arena.nodes[idx] = data;
        idx
    }

    fn add_fields(&mut self, data: &mut NodeData, st: &'static kapi_core::patch_shape::Struct) {
        for f in st.fields {
            if f.inline {
                if let Shape::Struct(inner) = f.shape.resolve() {
                    self.add_fields(data, inner);
                }
                continue;
            }
            let target = self.build(f.shape);
            let markers = Self::markers(f);
            let idx = if markers.as_object().is_some_and(|m| m.is_empty()) {
                target
            } else {
                // The field's markers apply to this use of the type: a copy of its node,
                // as a `$ref` with extensions is in the documents.
                let mut copy = self.arena.nodes[target].clone();
                Builder::extensions(&mut copy, &markers);
                self.push(copy)
            };
            data.properties.insert(f.json_name.to_string(), idx);
        }
    }

    /// The field's markers as the OpenAPI extensions the documents carry, read by the
    /// same code.
    fn markers(f: &kapi_core::patch_shape::Field) -> Value {
        let mut m = serde_json::Map::new();
        let mut put = |k: &str, v: &str| {
            if !v.is_empty() {
                m.insert(k.to_string(), json!(v));
            }
        };
        put("x-kubernetes-patch-strategy", f.patch_strategy);
        put("x-kubernetes-patch-merge-key", f.patch_merge_key);
        put("x-kubernetes-list-type", f.list_type);
        put("x-kubernetes-map-type", f.map_type);
        if !f.list_map_keys.is_empty() {
            m.insert("x-kubernetes-list-map-keys".into(), json!(f.list_map_keys));
        }
        if let Ok(d) = serde_json::from_str::<Value>(f.default) {
            m.insert("default".into(), d);
        }
        Value::Object(m)
    }
}
