//! A released API as the checker needs it: what clients and stored objects can see of each
//! served group-version (types, fields, enum values, markers), without spans or docs. Written
//! as YAML by `--snapshot-release <name>` and read back as a baseline; built the same way from
//! today's model, so the rules compare two values of one type.
//!
//! The internal hub is not API: nothing outside the process sees it, so it is left out.
//!
//! Built from the model by destructuring every model struct it reads with no `..`: a field
//! added to the model does not compile here until the checker decides what it means, either
//! copied into the snapshot or bound to `_` with the reason it is not API.
//!
//! Facts recorded after the first released snapshots are listed in [`Snapshot::records`];
//! a baseline without one is compared only on what it has ([`Snapshot::as_recorded`]).

use crate::model::{
    CustomJson, Field, FieldValidation, GateDecl, GroupVersion, KindCategory, KindInfo, Lifecycle,
    Model, Presence, ScaleInfo, Scope, Shape, Spanned, Tombstone, TypeDef, TypeRef, ValidationRule,
    Variant,
};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::OnceLock;

/// The comment every snapshot file starts with.
const HEADER: &str = "# A released API, the baseline of `kapi-codegen --compat`. Written by\n\
# `kapi-codegen --snapshot-release`; never edit it: it is what that release's clients and\n\
# stored objects rely on.\n";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
// A key this reader does not know is a typo or a newer format: never skipped silently.
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    /// The release's name (`v1.0`), or the git revision it was read from.
    pub release: String,
    pub crate_name: String,
    /// The facts beyond the first snapshot format that this one records: every [`Fact`]
    /// when written today, none in a snapshot written before them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<Fact>,
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
#[serde(deny_unknown_fields)]
pub struct VersionSnap {
    pub group: String,
    pub version: String,
    pub types: Vec<TypeSnap>,
    /// The REST resource of each object kind, in type order ([`Fact::Resources`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<ResourceSnap>,
    #[serde(skip)]
    index: NameIndex,
}

/// A fact a snapshot records since a later format than the first. A baseline written before
/// a fact was recorded cannot tell "none" from "not recorded" (no CEL rule, or one unseen),
/// so it is compared without that fact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fact {
    /// CEL `validation_rule`s of types and fields.
    ValidationRules,
    /// `inline` fields.
    Inline,
    /// `preserve_unknown_fields` on types and fields.
    PreserveUnknownFields,
    /// `embedded_resource` fields.
    EmbeddedResource,
    /// `custom_json` types and the schema they name.
    CustomJson,
    /// Each object kind's plural, singular, list kind, short names, categories and
    /// subresources.
    Resources,
}

impl Fact {
    /// Every fact, as a snapshot written today records them.
    pub const ALL: &'static [Fact] = &[
        Fact::ValidationRules,
        Fact::Inline,
        Fact::PreserveUnknownFields,
        Fact::EmbeddedResource,
        Fact::CustomJson,
        Fact::Resources,
    ];
}

/// What discovery and the REST paths say of an object kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceSnap {
    pub kind: String,
    pub plural: String,
    pub singular: String,
    pub list_kind: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub short_names: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
    /// The REST verbs served (`verbs`); none recorded means all eight, as every resource
    /// served before the marker existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verbs: Option<Vec<String>>,
    /// The `status` subresource.
    #[serde(default, skip_serializing_if = "is_false")]
    pub status: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<ScaleSnap>,
}

/// The `scale` subresource: the fields `/scale` reads and writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScaleSnap {
    pub spec_replicas_path: String,
    pub status_replicas_path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector_path: Option<String>,
}

/// One CEL rule as it decides what is refused; its message, reason and field path say how a
/// refusal is reported and are left out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CelRule {
    pub rule: String,
    /// The rule runs on creates too, with `oldSelf` unset.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional_old_self: bool,
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
#[serde(deny_unknown_fields)]
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
    /// `custom_json`: the schema its hand-written JSON has (`string`, `string/int-or-string`,
    /// `any`) ([`Fact::CustomJson`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_json: Option<String>,
    /// [`Fact::PreserveUnknownFields`].
    #[serde(default, skip_serializing_if = "is_false")]
    pub preserve_unknown_fields: bool,
    /// CEL rules on the whole object ([`Fact::ValidationRules`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub validation_rules: Vec<CelRule>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindSnap {
    pub category: KindCategory,
    pub scope: Scope,
    #[serde(default, skip_serializing_if = "is_false")]
    pub storage_version: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// CEL rules on the field's value ([`Fact::ValidationRules`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub validation_rules: Vec<CelRule>,
    /// Its members are written in the holding object ([`Fact::Inline`]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub inline: bool,
    /// [`Fact::PreserveUnknownFields`].
    #[serde(default, skip_serializing_if = "is_false")]
    pub preserve_unknown_fields: bool,
    /// [`Fact::EmbeddedResource`].
    #[serde(default, skip_serializing_if = "is_false")]
    pub embedded_resource: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
        let Model {
            crate_name,
            versions,
            shared_types,
            path_mods: _, // how the crate includes generated files
            crate_dir: _, // where the crate is, not what it serves
            feature_gates,
        } = model;
        // Names, not a search per field: a large API has tens of thousands of both.
        let shared = names(shared_types);
        Snapshot {
            release: release.to_string(),
            crate_name: crate_name.clone(),
            records: Fact::ALL.to_vec(),
            feature_gates: feature_gates.iter().map(gate).collect(),
            versions: versions
                .iter()
                .filter_map(|gv| VersionSnap::of(gv, &shared))
                .collect(),
            // A shared type is served by no group-version of its own: no resource.
            shared_types: shared_types
                .iter()
                .map(|t| TypeSnap::of(t, &shared).0)
                .collect(),
        }
    }

    /// This snapshot as a baseline recording only `records` would hold it: the facts it
    /// lacks cleared, so a baseline written before a fact was recorded is compared only on
    /// what it has.
    pub fn as_recorded(&self, records: &[Fact]) -> Cow<'_, Snapshot> {
        if self.records.iter().all(|f| records.contains(f)) {
            return Cow::Borrowed(self);
        }
        let lacks = |f: Fact| !records.contains(&f);
        let mut s = self.clone();
        // Destructured with no `..`: a fact added to the snapshot is either of the first
        // format (bound to `_`) or a new `Fact`, cleared here.
        let Snapshot {
            release: _,
            crate_name: _,
            records: recorded,
            feature_gates: _,
            versions,
            shared_types,
        } = &mut s;
        recorded.retain(|f| records.contains(f));
        for v in versions {
            let VersionSnap {
                group: _,
                version: _,
                types,
                resources,
                index: _,
            } = v;
            if lacks(Fact::Resources) {
                resources.clear();
            }
            types.iter_mut().for_each(|t| t.forget(&lacks));
        }
        shared_types.iter_mut().for_each(|t| t.forget(&lacks));
        Cow::Owned(s)
    }

    pub fn to_yaml(&self) -> Result<String, String> {
        serde_yaml_ng::to_string(self)
            .map(|body| format!("{HEADER}{body}"))
            .map_err(|e| e.to_string())
    }

    /// Reads a snapshot strictly: nesting bounded before parsing, no unknown key, each type
    /// listed once per group-version (and once among the shared types). Errors name the
    /// path inside the file.
    pub fn from_yaml(text: &str) -> Result<Snapshot, String> {
        kapi_yaml_depth::check(text, crate::yaml::MAX_DEPTH).map_err(|e| e.to_string())?;
        let snapshot: Snapshot = serde_yaml_ng::from_str(text).map_err(|e| e.to_string())?;
        let lists = snapshot
            .versions
            .iter()
            .enumerate()
            .map(|(i, v)| {
                (
                    format!("versions[{i}] ({}/{})", v.group, v.version),
                    &v.types,
                )
            })
            .chain([("shared_types".to_string(), &snapshot.shared_types)]);
        for (at, types) in lists {
            let mut seen = HashMap::new();
            for (j, t) in types.iter().enumerate() {
                if let Some(first) = seen.insert(t.name.as_str(), j) {
                    return Err(format!(
                        "{at}.types[{j}]: type `{}` is listed twice (first at types[{first}])",
                        t.name
                    ));
                }
            }
        }
        Ok(snapshot)
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
    /// A served group-version, whose fields may hold its own and the `shared` API types;
    /// `None` for the internal hub.
    fn of(gv: &GroupVersion, shared: &HashSet<String>) -> Option<VersionSnap> {
        let GroupVersion {
            group,
            version,
            internal,
            go_name: _,          // the Go package name of generated code
            protobuf_package: _, // the `k8s\0` envelope names apiVersion and kind, not the package
            protobuf_path: _,    // where `.proto` files import it from
            cargo_feature: _,    // what compiles it, not what is served
            // How `required` is read. A version's style is fixed by where it is served
            // (built in, or as a CRD), which does not change between its releases.
            validation: _,
            module: _, // the Rust path
            file: _,   // where, not what
            span: _,   // where, not what
            types,
            functions: _, // hand-written conversions: code, not wire
            pub_uses: _,  // Rust re-exports
            index: _,     // a lookup cache
        } = gv;
        if *internal {
            return None;
        }
        let mut known = shared.clone();
        known.extend(names(types));
        let (types, resources): (Vec<TypeSnap>, Vec<Option<ResourceSnap>>) =
            types.iter().map(|t| TypeSnap::of(t, &known)).unzip();
        Some(VersionSnap {
            group: group.clone(),
            version: version.clone(),
            types,
            resources: resources.into_iter().flatten().collect(),
            index: NameIndex::default(),
        })
    }

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

    pub fn resource(&self, kind: &str) -> Option<&ResourceSnap> {
        self.resources.iter().find(|r| r.kind == kind)
    }

    pub fn kinds(&self) -> impl Iterator<Item = &TypeSnap> {
        self.types.iter().filter(|t| t.kind.is_some())
    }
}

impl TypeSnap {
    /// Clears the facts `lacks` names (see [`Snapshot::as_recorded`]).
    fn forget(&mut self, lacks: &dyn Fn(Fact) -> bool) {
        let TypeSnap {
            name: _,
            kind,
            is_enum: _,
            union: _,
            struct_type: _,
            fields,
            values,
            tombstones: _,
            deprecated: _,
            removed: _,
            custom_json,
            preserve_unknown_fields,
            validation_rules,
        } = self;
        if lacks(Fact::CustomJson) {
            *custom_json = None;
        }
        if lacks(Fact::PreserveUnknownFields) {
            *preserve_unknown_fields = false;
        }
        if lacks(Fact::ValidationRules) {
            validation_rules.clear();
        }
        // Kinds and enum values hold no later fact yet: destructured so that one added to
        // them is decided here too.
        if let Some(KindSnap {
            category: _,
            scope: _,
            storage_version: _,
        }) = kind
        {}
        for ValueSnap {
            value: _,
            feature_gate: _,
        } in values
        {}
        for f in fields {
            let FieldSnap {
                rust_name: _,
                json_name: _,
                ty: _,
                api_type: _,
                optional: _,
                required_marker: _,
                default: _,
                feature_gate: _,
                list_type: _,
                list_map_keys: _,
                map_type: _,
                patch_strategy: _,
                patch_merge_key: _,
                union_discriminator: _,
                minimum: _,
                maximum: _,
                exclusive_minimum: _,
                exclusive_maximum: _,
                min_length: _,
                max_length: _,
                pattern: _,
                format: _,
                min_items: _,
                max_items: _,
                immutable: _,
                protobuf: _,
                presence: _,
                validation_rules,
                inline,
                preserve_unknown_fields,
                embedded_resource,
            } = f;
            if lacks(Fact::ValidationRules) {
                validation_rules.clear();
            }
            if lacks(Fact::Inline) {
                *inline = false;
            }
            if lacks(Fact::PreserveUnknownFields) {
                *preserve_unknown_fields = false;
            }
            if lacks(Fact::EmbeddedResource) {
                *embedded_resource = false;
            }
        }
    }

    /// The type, and its REST resource when it is an object kind.
    fn of(t: &TypeDef, api_types: &HashSet<String>) -> (TypeSnap, Option<ResourceSnap>) {
        let TypeDef {
            name,
            docs: _,   // prose
            module: _, // the Rust path
            kind,
            shape,
            union,
            custom_json,
            struct_type,
            manual_conversion: _, // who writes the conversion, not what it converts
            preserve_unknown_fields,
            defaults_hook: _, // hand-written code: the checker cannot see what it defaults
            validate_hook: _, // hand-written code: the checker cannot see what it refuses
            validation_rules,
            lifecycle,
            tombstones,
            allow_lint: _,   // the linter's business
            allow_compat: _, // read by the report, not API
            marker_spans: _, // where markers are written
            span: _,         // where, not what
            file: _,         // where, not what
        } = t;
        let (fields, values) = match shape {
            Shape::Struct { fields } => (
                fields.iter().map(|f| FieldSnap::of(f, api_types)).collect(),
                Vec::new(),
            ),
            Shape::Enum {
                variants,
                other: _, // the Rust variant that carries unknown values; the wire sees values
            } => (Vec::new(), variants.iter().map(ValueSnap::of).collect()),
        };
        let (deprecated, removed) = match lifecycle {
            Some(Lifecycle {
                introduced: _, // history: a released item stays whenever it came
                deprecated,
                removed,
                replacement: _, // advice for readers
                span: _,        // where, not what
            }) => (deprecated.clone(), removed.clone()),
            None => (None, None),
        };
        let (kind, resource) = match kind {
            Some(k) => {
                let (kind, resource) = kind_of(name, k);
                (Some(kind), resource)
            }
            None => (None, None),
        };
        let snap = TypeSnap {
            name: name.clone(),
            kind,
            is_enum: t.is_enum(),
            union: *union,
            struct_type: struct_type.as_ref().map(|m| format!("{:?}", value(m))),
            fields,
            values,
            tombstones: tombstones
                .iter()
                .map(|s| {
                    let Tombstone {
                        name,
                        protobuf,
                        span: _, // where, not what
                    } = s;
                    (*protobuf, name.clone())
                })
                .collect(),
            deprecated,
            removed,
            custom_json: custom_json.as_ref().map(custom_json_schema),
            preserve_unknown_fields: *preserve_unknown_fields,
            validation_rules: validation_rules.iter().map(CelRule::of).collect(),
        };
        (snap, resource)
    }

    pub fn field(&self, json_name: &str) -> Option<&FieldSnap> {
        self.fields.iter().find(|f| f.json_name == json_name)
    }

    pub fn category(&self) -> Option<KindCategory> {
        self.kind.as_ref().map(|k| k.category)
    }
}

/// A kind's snapshot, and its REST resource when it is an object kind (lists, options and
/// events are not resources).
fn kind_of(name: &str, k: &KindInfo) -> (KindSnap, Option<ResourceSnap>) {
    let KindInfo {
        category,
        plural,
        singular,
        scope,
        list_kind,
        short_names,
        categories,
        verbs,
        client: _, // the generated typed client's methods: Rust API, not what is served
        subresource_status,
        subresource_scale,
        print_columns: _, // `kubectl get`'s table for people; no field sent or stored
        storage_version,
        // Which requests a deployment's webhook sees: no field sent or stored, and the
        // webhook configurations are the cluster's, not the API's.
        validating_webhook: _,
        mutating_webhook: _,
        span: _, // where, not what
    } = k;
    let kind = KindSnap {
        category: *category,
        scope: *scope,
        storage_version: *storage_version,
    };
    let resource = (*category == KindCategory::Object).then(|| ResourceSnap {
        kind: name.to_string(),
        plural: plural.clone(),
        singular: singular.clone(),
        list_kind: list_kind.clone(),
        short_names: short_names.clone(),
        categories: categories.clone(),
        verbs: verbs.clone(),
        status: *subresource_status,
        scale: subresource_scale.as_ref().map(|s| {
            let ScaleInfo {
                spec_replicas_path,
                status_replicas_path,
                label_selector_path,
                span: _, // where, not what
            } = s;
            ScaleSnap {
                spec_replicas_path: spec_replicas_path.clone(),
                status_replicas_path: status_replicas_path.clone(),
                label_selector_path: label_selector_path.clone(),
            }
        }),
    });
    (kind, resource)
}

impl ValueSnap {
    fn of(v: &Variant) -> ValueSnap {
        let Variant {
            rust_name: _, // the Rust name; the wire sees the value
            value: wire,
            docs: _, // prose
            feature_gate,
            allow_lint: _,   // the linter's business
            marker_spans: _, // where markers are written
            span: _,         // where, not what
        } = v;
        ValueSnap {
            value: wire.clone(),
            feature_gate: feature_gate.as_ref().map(|g| value(g).clone()),
        }
    }
}

impl CelRule {
    fn of(r: &ValidationRule) -> CelRule {
        let ValidationRule {
            rule,
            message: _,            // how a refusal reads, not what is refused
            message_expression: _, // how a refusal reads, not what is refused
            reason: _,             // how a refusal is classed, not what is refused
            field_path: _,         // where a refusal points, not what is refused
            optional_old_self,
            span: _, // where, not what
        } = r;
        CelRule {
            rule: rule.clone(),
            optional_old_self: *optional_old_self,
        }
    }
}

impl FieldSnap {
    fn of(f: &Field, api_types: &HashSet<String>) -> FieldSnap {
        let Field {
            rust_name,
            json_name,
            ty,
            docs: _, // prose
            optional,
            presence,
            default,
            feature_gate,
            list_type,
            list_map_keys,
            map_type,
            patch_strategy,
            patch_merge_key,
            union_discriminator,
            validation,
            protobuf,
            protobuf_name: _, // the wire carries the number; the name is the `.proto`'s spelling
            manual_conversion: _, // who writes the conversion, not what it converts
            preserve_unknown_fields,
            embedded_resource,
            inline,
            allow_lint: _,   // the linter's business
            allow_compat: _, // read by the report, not API
            marker_spans: _, // where markers are written
            span: _,         // where, not what
        } = f;
        let FieldValidation {
            minimum,
            maximum,
            min_length,
            max_length,
            pattern,
            format,
            min_items,
            max_items,
            immutable,
            rules,
            required_in_schema: _, // `!optional`, recorded as `optional`
            required_marker,
        } = validation;
        let api_type = element_name(ty)
            .filter(|n| api_types.contains(*n))
            .map(str::to_string);
        let copied = |v: &Option<Spanned<String>>| v.as_ref().map(|v| value(v).clone());
        FieldSnap {
            rust_name: rust_name.clone(),
            json_name: json_name.clone(),
            ty: canonical(ty.strip_option()),
            api_type,
            optional: *optional,
            required_marker: required_marker.is_some(),
            default: default.as_ref().map(|d| value(d).clone()),
            feature_gate: copied(feature_gate),
            list_type: list_type.as_ref().map(|l| format!("{:?}", value(l))),
            list_map_keys: list_map_keys.clone(),
            map_type: map_type.as_ref().map(|m| format!("{:?}", value(m))),
            patch_strategy: copied(patch_strategy),
            patch_merge_key: copied(patch_merge_key),
            union_discriminator: *union_discriminator,
            minimum: minimum.as_ref().map(|m| value(m).value),
            maximum: maximum.as_ref().map(|m| value(m).value),
            exclusive_minimum: minimum.is_some_and(|m| m.exclusive),
            exclusive_maximum: maximum.is_some_and(|m| m.exclusive),
            min_length: min_length.as_ref().map(|m| *value(m)),
            max_length: max_length.as_ref().map(|m| *value(m)),
            pattern: copied(pattern),
            format: copied(format),
            min_items: min_items.as_ref().map(|m| *value(m)),
            max_items: max_items.as_ref().map(|m| *value(m)),
            immutable: *immutable,
            protobuf: protobuf.as_ref().map(|p| *value(p)),
            presence: (*presence != default_presence(*optional))
                .then(|| presence_name(*presence).to_string()),
            validation_rules: rules.iter().map(CelRule::of).collect(),
            inline: *inline,
            preserve_unknown_fields: *preserve_unknown_fields,
            embedded_resource: *embedded_resource,
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

fn names(types: &[TypeDef]) -> HashSet<String> {
    types.iter().map(|t| t.name.clone()).collect()
}

/// A gate: its stage decides how loud a change to what it guards is.
fn gate(g: &GateDecl) -> (String, String) {
    let GateDecl {
        name,
        stage,
        default: _, // the checker judges what a gate guards by its stage
        module: _,  // where, not what
        span: _,    // where, not what
        file: _,    // where, not what
    } = g;
    (name.clone(), stage.clone())
}

/// A marker's value; its span says where, not what.
fn value<T>(s: &Spanned<T>) -> &T {
    let Spanned { value, span: _ } = s;
    value
}

/// The schema a `custom_json` type's JSON has, as kube-openapi takes it from Go: `any`
/// unless the marker names a type.
fn custom_json_schema(c: &CustomJson) -> String {
    let CustomJson { type_, format } = c;
    match (type_, format) {
        (Some(t), Some(f)) => format!("{}/{}", value(t), value(f)),
        (Some(t), None) => value(t).clone(),
        (None, Some(f)) => format!("any/{}", value(f)),
        (None, None) => "any".to_string(),
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
