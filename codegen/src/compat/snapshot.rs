//! A released API as the checker needs it: what clients and stored objects can see of each
//! served group-version (types, fields, enum values, markers), without spans or docs. Written
//! as YAML by `--snapshot-release <name>` and read back as a baseline; built the same way from
//! today's model, so the rules compare two values of one type.
//!
//! The internal hub is not API: nothing outside the process sees it, so it is left out.

use crate::model::{
    Field, GroupVersion, KindCategory, Model, Presence, Scope, Shape, TypeDef, TypeRef,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::OnceLock;

/// The comment every snapshot file starts with.
const HEADER: &str = "# A released API, the baseline of `kapi-codegen --compat`. Written by\n\
# `kapi-codegen --snapshot-release`; never edit it: it is what that release's clients and\n\
# stored objects rely on.\n";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Snapshot {
    /// The release's name (`v1.0`), or the git revision it was read from.
    pub release: String,
    pub crate_name: String,
    /// Gate name → stage (`Alpha`, `Beta`, `GA`, `Deprecated`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub feature_gates: BTreeMap<String, String>,
    /// Served group-versions, in module order.
    pub versions: Vec<VersionSnap>,
    /// Types outside every group-version module (shared by them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shared_types: Vec<TypeSnap>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VersionSnap {
    pub group: String,
    pub version: String,
    pub types: Vec<TypeSnap>,
    #[serde(skip)]
    index: NameIndex,
}

/// Types by name, built on first lookup: the rules look types up per kind and per field,
/// which made a large API quadratic. Not part of the value: two snapshots with the same
/// types are equal whether or not either was searched.
#[derive(Debug, Clone, Default)]
struct NameIndex(OnceLock<HashMap<String, usize>>);

impl PartialEq for NameIndex {
    fn eq(&self, _: &NameIndex) -> bool {
        true
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TypeSnap {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<KindSnap>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub is_enum: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub union: bool,
    /// `struct_type`: `Atomic` when apply owns the struct whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub struct_type: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldSnap>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<ValueSnap>,
    /// Removed fields' protobuf numbers (`deprecated(name, protobuf)`), by number.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tombstones: BTreeMap<i64, String>,
    /// `lifecycle(deprecated = ..)`: the release that announced its removal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<String>,
    /// `lifecycle(removed = ..)`: the release it is removed in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KindSnap {
    pub category: KindCategory,
    pub scope: Scope,
    #[serde(default, skip_serializing_if = "is_false")]
    pub storage_version: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldSnap {
    pub rust_name: String,
    pub json_name: String,
    /// The type without its outer `Option`, each path by its last segment (`Vec<Port>`).
    pub ty: String,
    /// The API type of this crate the field holds (`Port` of `Vec<Port>`), to pair types
    /// whose Rust name changed, which the wire never sees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_type: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional: bool,
    /// `#[k8s(required)]`: an empty value is refused too.
    #[serde(default, skip_serializing_if = "is_false")]
    pub required_marker: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature_gate: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list_type: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub list_map_keys: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patch_strategy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patch_merge_key: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub union_discriminator: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minimum: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maximum: Option<f64>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub exclusive_minimum: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub exclusive_maximum: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_length: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_length: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_items: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_items: Option<i64>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub immutable: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protobuf: Option<i64>,
    /// `presence`, when it is not the default for the field's optionality (`omit_empty` for
    /// optional fields, `always` for the others); snapshots written before it was recorded
    /// read as the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub presence: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ValueSnap {
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature_gate: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Snapshot {
    /// The served API of `model`, named `release`.
    pub fn of(model: &Model, release: &str) -> Snapshot {
        // Names, not a search per field: a large API has tens of thousands of both.
        let api_types = |types: &[TypeDef]| -> HashSet<String> {
            types.iter().map(|t| t.name.clone()).collect()
        };
        let shared = api_types(&model.shared_types);
        let types_of = |gv: Option<&GroupVersion>, types: &[TypeDef]| {
            let mut known = shared.clone();
            if let Some(gv) = gv {
                known.extend(api_types(&gv.types));
            }
            types.iter().map(|t| TypeSnap::of(t, &known)).collect()
        };
        Snapshot {
            release: release.to_string(),
            crate_name: model.crate_name.clone(),
            feature_gates: model
                .feature_gates
                .iter()
                .map(|g| (g.name.clone(), g.stage.clone()))
                .collect(),
            versions: model
                .versions
                .iter()
                .filter(|gv| !gv.internal)
                .map(|gv| VersionSnap {
                    group: gv.group.clone(),
                    version: gv.version.clone(),
                    types: types_of(Some(gv), &gv.types),
                    index: NameIndex::default(),
                })
                .collect(),
            shared_types: types_of(None, &model.shared_types),
        }
    }

    pub fn to_yaml(&self) -> Result<String, String> {
        serde_yaml_ng::to_string(self)
            .map(|body| format!("{HEADER}{body}"))
            .map_err(|e| e.to_string())
    }

    pub fn from_yaml(text: &str) -> Result<Snapshot, String> {
        serde_yaml_ng::from_str(text).map_err(|e| e.to_string())
    }

    pub fn versions_of<'s>(&'s self, group: &'s str) -> impl Iterator<Item = &'s VersionSnap> {
        self.versions.iter().filter(move |v| v.group == group)
    }

    pub fn version(&self, group: &str, version: &str) -> Option<&VersionSnap> {
        self.versions
            .iter()
            .find(|v| v.group == group && v.version == version)
    }
}

impl VersionSnap {
    pub fn find(&self, name: &str) -> Option<&TypeSnap> {
        let index = self.index.0.get_or_init(|| {
            let mut map = HashMap::with_capacity(self.types.len());
            for (i, t) in self.types.iter().enumerate() {
                map.entry(t.name.clone()).or_insert(i);
            }
            map
        });
        index.get(name).and_then(|&i| self.types.get(i))
    }

    pub fn kinds(&self) -> impl Iterator<Item = &TypeSnap> {
        self.types.iter().filter(|t| t.kind.is_some())
    }
}

impl TypeSnap {
    fn of(t: &TypeDef, api_types: &HashSet<String>) -> TypeSnap {
        let (fields, values) = match &t.shape {
            Shape::Struct { fields } => (
                fields.iter().map(|f| FieldSnap::of(f, api_types)).collect(),
                Vec::new(),
            ),
            Shape::Enum { variants, .. } => (
                Vec::new(),
                variants
                    .iter()
                    .map(|v| ValueSnap {
                        value: v.value.clone(),
                        feature_gate: v.feature_gate.as_ref().map(|g| g.value.clone()),
                    })
                    .collect(),
            ),
        };
        TypeSnap {
            name: t.name.clone(),
            kind: t.kind.as_ref().map(|k| KindSnap {
                category: k.category,
                scope: k.scope,
                storage_version: k.storage_version,
            }),
            is_enum: t.is_enum(),
            union: t.union,
            struct_type: t.struct_type.as_ref().map(|m| format!("{:?}", m.value)),
            fields,
            values,
            tombstones: t
                .tombstones
                .iter()
                .map(|s| (s.protobuf, s.name.clone()))
                .collect(),
            deprecated: t.lifecycle.as_ref().and_then(|l| l.deprecated.clone()),
            removed: t.lifecycle.as_ref().and_then(|l| l.removed.clone()),
        }
    }

    pub fn field(&self, json_name: &str) -> Option<&FieldSnap> {
        self.fields.iter().find(|f| f.json_name == json_name)
    }

    pub fn category(&self) -> Option<KindCategory> {
        self.kind.as_ref().map(|k| k.category)
    }
}

impl FieldSnap {
    fn of(f: &Field, api_types: &HashSet<String>) -> FieldSnap {
        let v = &f.validation;
        let api_type = element_name(&f.ty)
            .filter(|n| api_types.contains(*n))
            .map(str::to_string);
        FieldSnap {
            rust_name: f.rust_name.clone(),
            json_name: f.json_name.clone(),
            ty: canonical(f.ty.strip_option()),
            api_type,
            optional: f.optional,
            required_marker: v.required_marker.is_some(),
            default: f.default.as_ref().map(|d| d.value.clone()),
            feature_gate: f.feature_gate.as_ref().map(|g| g.value.clone()),
            list_type: f.list_type.as_ref().map(|l| format!("{:?}", l.value)),
            list_map_keys: f.list_map_keys.clone(),
            map_type: f.map_type.as_ref().map(|m| format!("{:?}", m.value)),
            patch_strategy: f.patch_strategy.as_ref().map(|p| p.value.clone()),
            patch_merge_key: f.patch_merge_key.as_ref().map(|p| p.value.clone()),
            union_discriminator: f.union_discriminator,
            minimum: v.minimum.as_ref().map(|m| m.value),
            maximum: v.maximum.as_ref().map(|m| m.value),
            exclusive_minimum: v.exclusive_minimum,
            exclusive_maximum: v.exclusive_maximum,
            min_length: v.min_length.as_ref().map(|m| m.value),
            max_length: v.max_length.as_ref().map(|m| m.value),
            pattern: v.pattern.as_ref().map(|m| m.value.clone()),
            format: v.format.as_ref().map(|m| m.value.clone()),
            min_items: v.min_items.as_ref().map(|m| m.value),
            max_items: v.max_items.as_ref().map(|m| m.value),
            immutable: v.immutable,
            protobuf: f.protobuf.as_ref().map(|p| p.value),
            presence: (f.presence != default_presence(f.optional))
                .then(|| presence_name(f.presence).to_string()),
        }
    }

    /// How JSON writes the field when it is empty: `presence`, or its optionality's default.
    pub fn presence(&self) -> &str {
        self.presence
            .as_deref()
            .unwrap_or(presence_name(default_presence(self.optional)))
    }

    /// How the field reads in a finding: `replicas: Option<i32>`.
    pub fn describe(&self) -> String {
        if self.optional && !self.ty.starts_with("Option<") {
            format!("`{}: {}` (optional)", self.json_name, self.ty)
        } else {
            format!("`{}: {}`", self.json_name, self.ty)
        }
    }
}

/// `presence` when the marker is not written (the model's default).
fn default_presence(optional: bool) -> Presence {
    if optional {
        Presence::OmitEmpty
    } else {
        Presence::Always
    }
}

/// The marker's spelling of a presence.
fn presence_name(p: Presence) -> &'static str {
    match p {
        Presence::OmitEmpty => "omit_empty",
        Presence::Always => "always",
        Presence::Null => "null",
    }
}

/// The type as the wire sees it: `Box` dropped, paths by their last segment.
fn canonical(ty: &TypeRef) -> String {
    match ty {
        TypeRef::Option(i) => format!("Option<{}>", canonical(i)),
        TypeRef::Vec(i) => format!("Vec<{}>", canonical(i)),
        TypeRef::Box(i) => canonical(i),
        TypeRef::Map { key, value, .. } => {
            format!("Map<{}, {}>", canonical(key), canonical(value))
        }
        TypeRef::Scalar(s) => s.rust_name().to_string(),
        TypeRef::Named(p) => p.last().cloned().unwrap_or_default(),
    }
}

/// The named type a field holds, through options, boxes, lists and map values.
fn element_name(ty: &TypeRef) -> Option<&str> {
    match ty {
        TypeRef::Option(i) | TypeRef::Vec(i) | TypeRef::Box(i) => element_name(i),
        TypeRef::Map { value, .. } => element_name(value),
        TypeRef::Scalar(_) => None,
        TypeRef::Named(p) => p.last().map(String::as_str),
    }
}
