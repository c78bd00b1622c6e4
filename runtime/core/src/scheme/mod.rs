//! The `Scheme`: every kind of every group-version, and the request path of the Kubernetes
//! API change guide: decode by apiVersion/kind, default, convert through the internal hub,
//! encode in any served version.
//!
//! Generated `add_to_scheme` functions (one per group-version module) fill it; nothing here
//! knows a concrete kind.
//!
//! Defaulting and the write path (`decode`, `decode_as`, `decode_any`, `default`,
//! `validate`, `prepare`, `decode_for_create` / `decode_for_update`, `add_write_rule`) exist
//! only with kapi's `validation` feature; without it the scheme decodes without defaults
//! (`decode_without_defaults`), converts and encodes, as a client needs.

mod dynamic;
mod error;
mod kind_meta;
mod object;
mod registration;
mod same_shape;
mod schema_object;

pub use dynamic::{AnyObject, DynamicObject};
pub use error::SchemeError;
pub use kind_meta::{
    KindCategory, KindMeta, KindShape, Name, Names, PrintColumn, ResourceMeta, ScalePaths,
};
pub use object::{split_api_version, GroupVersionKind, Kind, Object, WritePath};
pub use registration::{
    Converted, KindHandler, KindHooks, NormalizeFn, ObjectMetaFns, ProtobufFns,
};
pub use schema_object::SchemaObject;

use crate::codec::protobuf;
use crate::codec::CodecError;
use crate::conversion::Versioned;
use crate::meta::ObjectMeta;
use registration::{Alias, DecodeFailure, Entry, TypedKind};
use std::any::TypeId;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// Wire formats a scheme reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Yaml,
    /// Kubernetes' binary form: `k8s\x00`, then a `runtime.Unknown` around the message.
    Protobuf,
}

impl Format {
    /// Protobuf starts with its `k8s\x00` magic, JSON with `{` (after whitespace); anything
    /// else is read as YAML.
    pub fn detect(input: &[u8]) -> Format {
        if input.starts_with(protobuf::MAGIC) {
            return Format::Protobuf;
        }
        match input.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'{') => Format::Json,
            _ => Format::Yaml,
        }
    }
}

/// Input that is neither JSON nor protobuf is read as YAML. When that fails on input that is
/// not text at all, the error says what was tried: a YAML complaint about control
/// characters alone hides that the bytes were, say, protobuf with a wrong magic.
fn decode_yaml(input: &[u8]) -> Result<serde_json::Value, SchemeError> {
    crate::codec::yaml::from_slice(input).map_err(|e| {
        let binary = std::str::from_utf8(input).map_or(true, |s| {
            s.chars().any(|c| c.is_control() && !c.is_whitespace())
        });
        if !binary {
            return SchemeError::Decode(e);
        }
        let head: Vec<String> = input.iter().take(8).map(|b| format!("{b:02x}")).collect();
        SchemeError::Decode(CodecError::Unrecognized(format!(
            "the input is not JSON (no leading '{{'), not protobuf (no \"k8s\\x00\" magic; it \
             starts with {}) and not YAML ({e})",
            head.join(" ")
        )))
    })
}

/// Cloning a scheme shares its kinds' handlers: a server that adds a kind at run time
/// builds the next scheme from the one it serves.
#[derive(Default, Clone)]
pub struct Scheme {
    kinds: HashMap<GroupVersionKind, Entry>,
    by_type: HashMap<TypeId, GroupVersionKind>,
    feature_gates: crate::feature_gates::FeatureGates,
}

impl std::fmt::Debug for Scheme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kinds: Vec<String> = self.all_kinds().iter().map(|k| k.to_string()).collect();
        f.debug_struct("Scheme").field("kinds", &kinds).finish()
    }
}

impl Scheme {
    pub fn new() -> Self {
        <Self as Default>::default()
    }

    // ---- registration (called by generated `add_to_scheme`) ----

    /// A kind of the internal (hub) version: never served or encoded.
    pub fn add_internal<T: Kind>(
        &mut self,
        meta: &KindMeta,
        hooks: KindHooks<T>,
    ) -> Result<(), SchemeError> {
        let gvk = GroupVersionKind::new(T::GROUP, T::VERSION, T::KIND);
        self.insert::<T>(gvk, meta, true, Box::new(TypedKind::<T>::plain(hooks)))
    }

    /// A served kind that converts through its internal peer.
    pub fn add_versioned<T>(
        &mut self,
        meta: &KindMeta,
        hooks: KindHooks<T>,
    ) -> Result<(), SchemeError>
    where
        T: Kind + Versioned,
        T::Internal: Kind,
    {
        let gvk = GroupVersionKind::new(T::GROUP, T::VERSION, T::KIND);
        self.insert::<T>(gvk, meta, false, Box::new(TypedKind::<T>::versioned(hooks)))
    }

    /// A served kind with no internal peer (options, Status): decoded and encoded only.
    pub fn add_unconverted<T: Kind>(
        &mut self,
        meta: &KindMeta,
        hooks: KindHooks<T>,
    ) -> Result<(), SchemeError> {
        let gvk = GroupVersionKind::new(T::GROUP, T::VERSION, T::KIND);
        self.insert::<T>(gvk, meta, false, Box::new(TypedKind::<T>::plain(hooks)))
    }

    /// An unconverted kind also accepted under another group-version, as Kubernetes accepts
    /// the options kinds in `meta.k8s.io/v1` and in every group-version. Input of that
    /// group-version decodes to `T`; `T` keeps encoding as its own group-version (the first
    /// registration of a type is the one [`gvk_of`](Self::gvk_of) reports).
    pub fn add_unconverted_as<T: Kind>(
        &mut self,
        meta: &KindMeta,
        group: &str,
        version: &str,
        hooks: KindHooks<T>,
    ) -> Result<(), SchemeError> {
        let gvk = GroupVersionKind::new(group, version, T::KIND);
        let ops: Box<dyn KindHandler> = Box::new(TypedKind::<T>::plain(hooks));
        if (group, version) == (T::GROUP, T::VERSION) {
            return self.insert::<T>(gvk, meta, false, ops);
        }
        let alias = Alias {
            inner: ops,
            api_version: T::API_VERSION,
        };
        self.insert::<T>(gvk, meta, false, Box::new(alias))
    }

    /// A kind described at run time, as a CustomResourceDefinition's version describes one:
    /// its objects are [`SchemaObject`]s of `group`/`version` and `meta.kind`, and `handler`
    /// decodes, defaults, validates and converts them. The kind has no strategic merge patch
    /// and no protobuf form unless its handler gives one. Registering the same kind again
    /// replaces its handler and metadata (a CRD updated); a kind compiled from a Rust type
    /// cannot be replaced.
    pub fn add_kind(
        &mut self,
        group: &str,
        version: &str,
        meta: KindMeta,
        handler: Arc<dyn KindHandler>,
    ) -> Result<(), SchemeError> {
        let gvk = GroupVersionKind::new(group, version, &meta.kind);
        let type_id = TypeId::of::<SchemaObject>();
        if let Some(existing) = self.kinds.get(&gvk) {
            if existing.type_id != type_id {
                return Err(SchemeError::Registration(format!(
                    "{gvk} is already registered to {}",
                    existing.type_name
                )));
            }
        }
        self.kinds.insert(
            gvk,
            Entry {
                meta,
                internal: false,
                type_id,
                type_name: std::any::type_name::<SchemaObject>(),
                patch_shape: None,
                ops: handler,
                #[cfg(feature = "validation")]
                write_rules: Vec::new(),
            },
        );
        Ok(())
    }

    /// Removes a kind added with [`add_kind`](Self::add_kind) (a CRD's version no longer
    /// served); `false` when there is none. Kinds compiled from Rust types stay.
    pub fn remove_kind(&mut self, gvk: &GroupVersionKind) -> bool {
        let run_time = self
            .kinds
            .get(gvk)
            .is_some_and(|e| e.type_id == TypeId::of::<SchemaObject>());
        if run_time {
            self.kinds.remove(gvk);
        }
        run_time
    }

    fn insert<T: Kind>(
        &mut self,
        gvk: GroupVersionKind,
        meta: &KindMeta,
        internal: bool,
        ops: Box<dyn KindHandler>,
    ) -> Result<(), SchemeError> {
        if meta.kind != T::KIND {
            return Err(SchemeError::Registration(format!(
                "metadata of kind {:?} registered for type {}",
                meta.kind,
                std::any::type_name::<T>()
            )));
        }
        if let Some(existing) = self.kinds.get(&gvk) {
            if existing.type_id == TypeId::of::<T>() {
                return Ok(());
            }
            return Err(SchemeError::Registration(format!(
                "{gvk} is already registered to {}",
                existing.type_name
            )));
        }
        // A type maps to its own group-version; an alias stands in until that is registered.
        if (gvk.group.as_str(), gvk.version.as_str()) == (T::GROUP, T::VERSION) {
            self.by_type.insert(TypeId::of::<T>(), gvk.clone());
        } else {
            self.by_type
                .entry(TypeId::of::<T>())
                .or_insert_with(|| gvk.clone());
        }
        self.kinds.insert(
            gvk,
            Entry {
                meta: meta.clone(),
                internal,
                type_id: TypeId::of::<T>(),
                type_name: std::any::type_name::<T>(),
                patch_shape: Some(T::patch_shape),
                ops: Arc::from(ops),
                #[cfg(feature = "validation")]
                write_rules: Vec::new(),
            },
        );
        Ok(())
    }

    #[cfg(feature = "validation")]
    /// Adds a write-time rule to the registered kind `T`: kube-apiserver's strategy for a
    /// built-in kind, registered by the API crate that ships it (core/v1 Secret merges
    /// `stringData` into `data`), or by a test for a kind of a crate it does not own. Rules
    /// run on every create (`old` is `None`) and update, in the request's version after
    /// the kind's own [`crate::Normalize`] and in the order added, before validation; an
    /// error is the write's 422.
    pub fn add_write_rule<T: Kind>(&mut self, rule: NormalizeFn<T>) -> Result<(), SchemeError> {
        let gvk = GroupVersionKind::new(T::GROUP, T::VERSION, T::KIND);
        let entry = self
            .kinds
            .get_mut(&gvk)
            .filter(|e| e.type_id == TypeId::of::<T>())
            .ok_or(SchemeError::NotRegistered(gvk))?;
        entry.write_rules.push(registration::write_rule(rule));
        Ok(())
    }

    // ---- lookup ----

    /// Every registered kind, served and internal, sorted.
    pub fn all_kinds(&self) -> Vec<&GroupVersionKind> {
        let mut all: Vec<_> = self.kinds.keys().collect();
        all.sort();
        all
    }

    pub fn recognizes(&self, gvk: &GroupVersionKind) -> bool {
        self.kinds.get(gvk).is_some_and(|e| !e.internal)
    }

    pub fn kind_meta(&self, gvk: &GroupVersionKind) -> Option<&KindMeta> {
        self.kinds.get(gvk).map(|e| &e.meta)
    }

    /// The kind's fields with their patch markers; `None` for a kind written without the
    /// derive (the server then knows only what OpenAPI documents say).
    pub fn patch_shape(&self, gvk: &GroupVersionKind) -> Option<crate::patch_shape::Shape> {
        match (self.kinds.get(gvk)?.patch_shape?)() {
            crate::patch_shape::Shape::Leaf => None,
            shape => Some(shape),
        }
    }

    /// Whether strategic merge patch applies to the kind: every kind compiled from a Rust
    /// type, no kind described at run time (kube-apiserver refuses it for custom resources).
    pub fn has_strategic_merge_patch(&self, gvk: &GroupVersionKind) -> bool {
        self.kinds.get(gvk).is_some_and(|e| e.patch_shape.is_some())
    }

    /// The kind a Rust type is registered as.
    pub fn gvk_of<T: 'static>(&self) -> Option<&GroupVersionKind> {
        self.by_type.get(&TypeId::of::<T>())
    }

    /// Served versions of a group, sorted by Kubernetes version priority (GA first, then
    /// beta, then alpha; higher numbers first).
    pub fn versions_of(&self, group: &str) -> Vec<&str> {
        let mut versions: Vec<&str> = self
            .kinds
            .iter()
            .filter(|(k, e)| k.group == group && !e.internal)
            .map(|(k, _)| k.version.as_str())
            .collect();
        versions.sort_by_key(|v| version_priority(v));
        versions.dedup();
        versions
    }

    /// Served kinds of one group-version with their metadata, sorted by kind.
    pub fn kinds_of(&self, group: &str, version: &str) -> Vec<&KindMeta> {
        let mut metas: BTreeMap<&str, &KindMeta> = BTreeMap::new();
        for (k, e) in &self.kinds {
            if k.group == group && k.version == version && !e.internal {
                metas.insert(&e.meta.kind, &e.meta);
            }
        }
        metas.into_values().collect()
    }

    /// The version a kind of a group is stored in (its `storage_version` marker).
    pub fn storage_version(&self, group: &str, kind: &str) -> Option<&str> {
        self.kinds
            .iter()
            .find(|(k, e)| k.group == group && k.kind == kind && e.meta.storage_version)
            .map(|(k, _)| k.version.as_str())
    }

    /// Whether the kind has a protobuf form (every field numbered).
    pub fn supports_protobuf(&self, gvk: &GroupVersionKind) -> bool {
        self.kinds
            .get(gvk)
            .is_some_and(|e| e.ops.supports_protobuf())
    }

    /// The `metadata` of an object of any registered object kind; `None` for list and
    /// simple kinds and for unregistered types.
    pub fn object_meta<'a>(&self, obj: &'a dyn Object) -> Option<&'a ObjectMeta> {
        self.entry_of(obj).ok()?.ops.object_meta(obj)
    }

    /// Like [`object_meta`](Self::object_meta), for changing it.
    pub fn object_meta_mut<'a>(&self, obj: &'a mut dyn Object) -> Option<&'a mut ObjectMeta> {
        let entry = self.entry_of(obj).ok()?;
        entry.ops.object_meta_mut(obj)
    }

    fn entry(&self, gvk: &GroupVersionKind) -> Result<&Entry, SchemeError> {
        self.kinds
            .get(gvk)
            .ok_or_else(|| SchemeError::NotRegistered(gvk.clone()))
    }

    /// The entry of an object's type; for an object of a kind described at run time, the
    /// entry of its group, version and kind.
    fn entry_of(&self, obj: &dyn Object) -> Result<&Entry, SchemeError> {
        let type_id = obj.as_any().type_id();
        if let Some(gvk) = self.by_type.get(&type_id) {
            return self.entry(gvk);
        }
        let gvk = obj.gvk();
        match self.kinds.get(&gvk) {
            Some(entry) if entry.type_id == type_id => Ok(entry),
            _ => Err(SchemeError::NotRegistered(gvk)),
        }
    }

    // ---- decoding ----

    #[cfg(feature = "validation")]
    /// Reads apiVersion and kind, decodes JSON or YAML into the registered type and applies
    /// its defaults (a typed object in the version it was written in).
    pub fn decode(&self, input: &[u8]) -> Result<Box<dyn Object>, SchemeError> {
        let mut obj = self.decode_without_defaults(input)?;
        self.default(obj.as_mut())?;
        Ok(obj)
    }

    /// Like [`decode`](Self::decode), without defaulting (what a client reading a server's
    /// response wants).
    pub fn decode_without_defaults(&self, input: &[u8]) -> Result<Box<dyn Object>, SchemeError> {
        match Format::detect(input) {
            Format::Protobuf => self.decode_protobuf(input),
            Format::Json => {
                let gvk = peek_json_type(input)?;
                let entry = self.served_entry(&gvk)?;
                registration::decode_json(&*entry.ops, input).map_err(decode_failure)
            }
            Format::Yaml => {
                let value = decode_yaml(input)?;
                self.decode_value(value)
            }
        }
    }

    /// An enveloped protobuf object, by the envelope's apiVersion and kind; no defaulting.
    fn decode_protobuf(&self, input: &[u8]) -> Result<Box<dyn Object>, SchemeError> {
        let unknown = protobuf::decode_unknown(input).map_err(SchemeError::Decode)?;
        let gvk = type_from_parts(Some(&unknown.api_version), Some(&unknown.kind))?;
        // Kubernetes defines no content encoding; anything there is not readable here.
        if !unknown.content_encoding.is_empty() {
            return Err(SchemeError::Decode(CodecError::Protobuf(format!(
                "unsupported content encoding {:?}",
                unknown.content_encoding
            ))));
        }
        let entry = self.served_entry(&gvk)?;
        match entry.ops.decode_protobuf(&unknown.raw) {
            Some(result) => result.map_err(SchemeError::Decode),
            None => Err(SchemeError::ProtobufNotSupported(gvk)),
        }
    }

    /// A bare protobuf message of a registered kind (no `k8s\x00` envelope: an item of a
    /// list body); no defaulting.
    pub fn decode_protobuf_message(
        &self,
        gvk: &GroupVersionKind,
        raw: &[u8],
    ) -> Result<Box<dyn Object>, SchemeError> {
        match self.served_entry(gvk)?.ops.decode_protobuf(raw) {
            Some(result) => result.map_err(SchemeError::Decode),
            None => Err(SchemeError::ProtobufNotSupported(gvk.clone())),
        }
    }

    /// Decodes an already parsed JSON value, by its apiVersion and kind; no defaulting.
    pub fn decode_value(&self, value: serde_json::Value) -> Result<Box<dyn Object>, SchemeError> {
        let gvk = value_type(&value)?;
        let entry = self.served_entry(&gvk)?;
        registration::decode_value(&*entry.ops, &value).map_err(decode_failure)
    }

    /// Fields of a JSON object that its kind (by apiVersion and kind) does not have, as
    /// Kubernetes' strict decoding names them (`spec.colour`): what `fieldValidation`
    /// reports.
    pub fn unknown_fields(&self, value: &serde_json::Value) -> Result<Vec<String>, SchemeError> {
        let gvk = value_type(value)?;
        let entry = self.served_entry(&gvk)?;
        Ok(registration::unknown_fields(&*entry.ops, value))
    }

    #[cfg(feature = "validation")]
    /// Decodes into `T`; the input's apiVersion/kind must be `T`'s own. Defaults applied.
    pub fn decode_as<T: Kind>(&self, input: &[u8]) -> Result<T, SchemeError> {
        let obj = self.decode(input)?;
        match obj.downcast::<T>() {
            Ok(t) => Ok(*t),
            Err(other) => Err(SchemeError::KindMismatch {
                expected: Box::new(GroupVersionKind::new(T::GROUP, T::VERSION, T::KIND)),
                got: Box::new(other.gvk()),
            }),
        }
    }

    #[cfg(feature = "validation")]
    /// Decodes any kind: typed when registered, else a [`DynamicObject`] that keeps the
    /// JSON as it came (the path for kinds this scheme does not know). Protobuf input must
    /// be of a registered kind: without its type the message cannot be read.
    pub fn decode_any(&self, input: &[u8]) -> Result<AnyObject, SchemeError> {
        let format = Format::detect(input);
        let value: serde_json::Value = match format {
            Format::Protobuf => return self.decode(input).map(AnyObject::Typed),
            Format::Json => serde_json::from_slice(input)
                .map_err(|e| SchemeError::Decode(CodecError::Json(e)))?,
            Format::Yaml => decode_yaml(input)?,
        };
        let gvk = value_type(&value)?;
        if self.recognizes(&gvk) {
            // JSON is decoded from its bytes: the value would be written back to bytes.
            let mut obj = match format {
                Format::Json => {
                    let entry = self.served_entry(&gvk)?;
                    registration::decode_json(&*entry.ops, input).map_err(decode_failure)?
                }
                _ => self.decode_value(value)?,
            };
            self.default(obj.as_mut())?;
            Ok(AnyObject::Typed(obj))
        } else {
            Ok(AnyObject::Dynamic(DynamicObject::from_value(value)?))
        }
    }

    fn served_entry(&self, gvk: &GroupVersionKind) -> Result<&Entry, SchemeError> {
        match self.kinds.get(gvk) {
            Some(e) if !e.internal => Ok(e),
            _ => Err(SchemeError::NotRegistered(gvk.clone())),
        }
    }

    #[cfg(feature = "validation")]
    /// Applies the kind's defaults in place.
    pub fn default(&self, obj: &mut dyn Object) -> Result<(), SchemeError> {
        let entry = self.entry_of(obj)?;
        entry.ops.apply_defaults(obj);
        Ok(())
    }

    // ---- conversion ----

    /// Converts to the internal version of the object's kind. A kind without one (registered
    /// with [`add_unconverted`](Self::add_unconverted): Kubernetes' own kinds as kapi ships
    /// them, versioned only) is its own hub, as a CRD's stored version is: the write path
    /// keeps it as it came.
    pub fn to_internal(&self, obj: Box<dyn Object>) -> Result<Box<dyn Object>, SchemeError> {
        let entry = self.entry_of(obj.as_ref())?;
        if entry.internal || !entry.ops.has_hub() {
            return Ok(obj);
        }
        let from = obj.gvk();
        entry
            .ops
            .version_to_hub(obj)
            .ok_or_else(|| SchemeError::NotConvertible {
                from,
                to: "the internal version".to_string(),
            })?
            .map_err(SchemeError::Conversion)
    }

    /// Converts to `api_version` (`group/version`), through the internal version; a kind
    /// without one converts field by field where both versions have the object's fields
    /// (`same_shape`).
    pub fn convert(
        &self,
        obj: Box<dyn Object>,
        api_version: &str,
    ) -> Result<Box<dyn Object>, SchemeError> {
        if obj.api_version() == api_version {
            return Ok(obj);
        }
        let from = obj.gvk();
        let target = GroupVersionKind::from_api_version(api_version, &from.kind);
        if target.group != from.group {
            return Err(SchemeError::NotConvertible {
                from,
                to: api_version.to_string(),
            });
        }
        let entry = self.served_entry(&target)?;
        if let Some(converted) = self
            .entry_of(obj.as_ref())?
            .ops
            .convert_version(obj.as_ref(), &target)
        {
            return converted.map_err(SchemeError::Conversion);
        }
        if !entry.ops.has_hub() && !self.entry_of(obj.as_ref())?.ops.has_hub() {
            return same_shape::convert(obj.as_ref(), &target, entry);
        }
        let internal = self.to_internal(obj)?;
        entry
            .ops
            .hub_to_version(internal)
            .ok_or_else(|| SchemeError::NotConvertible {
                from,
                to: api_version.to_string(),
            })?
            .map_err(SchemeError::Conversion)
    }

    /// Converts a typed value to another version's type, through the scheme.
    pub fn convert_as<T: Kind>(&self, obj: Box<dyn Object>) -> Result<T, SchemeError> {
        let converted = self.convert(obj, T::API_VERSION)?;
        converted
            .downcast::<T>()
            .map(|b| *b)
            .map_err(|other| SchemeError::KindMismatch {
                expected: Box::new(GroupVersionKind::new(T::GROUP, T::VERSION, T::KIND)),
                got: Box::new(other.gvk()),
            })
    }

    // ---- the write path ----

    #[cfg(feature = "validation")]
    /// A create request body: decode, default, normalize linked fields, convert to
    /// internal, drop fields of disabled gates, validate (422-style errors as
    /// `SchemeError::Invalid`).
    pub fn decode_for_create(&self, input: &[u8]) -> Result<Box<dyn Object>, SchemeError> {
        let obj = self.decode(input)?;
        self.prepare(obj, None)
    }

    #[cfg(feature = "validation")]
    /// An update request body against the stored object `old` (internal): the kind's
    /// normalization sees `old` in the request's version, so it can tell what an old client
    /// left out (the API change guide's update rules).
    pub fn decode_for_update(
        &self,
        input: &[u8],
        old: &dyn Object,
    ) -> Result<Box<dyn Object>, SchemeError> {
        let obj = self.decode(input)?;
        self.prepare(obj, Some(old))
    }

    #[cfg(feature = "validation")]
    /// The write path for an already decoded and defaulted object: normalize, validate
    /// the request's version, convert to internal, drop fields of disabled gates,
    /// validate the internal object.
    pub fn prepare(
        &self,
        mut obj: Box<dyn Object>,
        old: Option<&dyn Object>,
    ) -> Result<Box<dyn Object>, SchemeError> {
        let entry = self.entry_of(obj.as_ref())?;
        let old_here = match old {
            Some(old) => Some(self.convert(old.clone_object(), obj.api_version())?),
            None => None,
        };
        entry
            .ops
            .normalize(obj.as_mut(), old_here.as_deref())
            .map_err(SchemeError::Invalid)?;
        for rule in &entry.write_rules {
            rule(obj.as_mut(), old_here.as_deref()).map_err(SchemeError::Invalid)?;
        }
        // A CRD's request is validated against the schema of its own version, so the
        // request version's markers run here, before conversion; the hub's run after it,
        // as a built-in kind's validation does.
        let mut errors = crate::validation::ErrorList::default();
        if !entry.internal {
            entry
                .ops
                .drop_disabled_fields(obj.as_mut(), old_here.as_deref(), &self.feature_gates);
            errors = entry
                .ops
                .validate(obj.as_ref(), old_here.as_deref(), &self.feature_gates);
        }
        let mut internal = if entry.internal {
            obj
        } else {
            self.to_internal(obj)?
        };
        // PrepareForCreate/Update, then Validate/ValidateUpdate, on the internal object.
        let hub = self.entry_of(internal.as_ref())?;
        hub.ops
            .drop_disabled_fields(internal.as_mut(), old, &self.feature_gates);
        // What both versions say is said once.
        for e in hub
            .ops
            .validate(internal.as_ref(), old, &self.feature_gates)
            .0
        {
            if !errors.0.contains(&e) {
                errors.push(e);
            }
        }
        if errors.is_empty() {
            Ok(internal)
        } else {
            Err(SchemeError::Invalid(errors))
        }
    }

    #[cfg(feature = "validation")]
    /// Drops from `obj` (in its own version) the fields of disabled feature gates, keeping
    /// those `old`, the stored object in any version, already uses: the write path's rule,
    /// for a mutating webhook that applies it where no server of kapi's runs.
    pub fn drop_disabled_fields(
        &self,
        obj: &mut dyn Object,
        old: Option<&dyn Object>,
    ) -> Result<(), SchemeError> {
        let version = obj.api_version().to_string();
        let old_here = match old {
            Some(old) => Some(self.convert(old.clone_object(), &version)?),
            None => None,
        };
        let entry = self.entry_of(obj)?;
        entry
            .ops
            .drop_disabled_fields(obj, old_here.as_deref(), &self.feature_gates);
        Ok(())
    }

    /// The feature gates the write path honours (gated fields dropped, gated values
    /// refused); none are on unless set.
    pub fn set_feature_gates(&mut self, gates: crate::feature_gates::FeatureGates) {
        self.feature_gates = gates;
    }

    pub fn feature_gates(&self) -> &crate::feature_gates::FeatureGates {
        &self.feature_gates
    }

    #[cfg(feature = "validation")]
    /// Validates an object (of any registered version) with the scheme's gates; `old` on
    /// update.
    pub fn validate(
        &self,
        obj: &dyn Object,
        old: Option<&dyn Object>,
    ) -> Result<crate::validation::ErrorList, SchemeError> {
        let entry = self.entry_of(obj)?;
        Ok(entry.ops.validate(obj, old, &self.feature_gates))
    }

    // ---- encoding ----

    /// Encodes in the object's own version. Internal objects are never written out.
    pub fn encode(&self, obj: &dyn Object, format: Format) -> Result<Vec<u8>, SchemeError> {
        let entry = self.entry_of(obj)?;
        if entry.internal {
            return Err(SchemeError::InternalNotEncodable(obj.gvk()));
        }
        match format {
            Format::Json => obj.to_json().map_err(SchemeError::Encode),
            Format::Protobuf => entry
                .ops
                .encode_protobuf(obj)
                .ok_or_else(|| SchemeError::ProtobufNotSupported(obj.gvk())),
            Format::Yaml => {
                let value = obj.to_json_value().map_err(SchemeError::Encode)?;
                crate::codec::yaml::to_string(&value)
                    .map(String::into_bytes)
                    .map_err(SchemeError::Encode)
            }
        }
    }

    /// The object's protobuf message without the envelope: what goes into the `items` of a
    /// list or the `raw` of a `runtime.Unknown` assembled by the caller.
    pub fn encode_raw_protobuf(&self, obj: &dyn Object) -> Result<Vec<u8>, SchemeError> {
        let entry = self.entry_of(obj)?;
        if entry.internal {
            return Err(SchemeError::InternalNotEncodable(obj.gvk()));
        }
        entry
            .ops
            .encode_raw_protobuf(obj)
            .ok_or_else(|| SchemeError::ProtobufNotSupported(obj.gvk()))
    }

    /// Encodes in another served version (the object is converted first).
    pub fn encode_as(
        &self,
        obj: &dyn Object,
        api_version: &str,
        format: Format,
    ) -> Result<Vec<u8>, SchemeError> {
        let converted = self.convert(obj.clone_object(), api_version)?;
        self.encode(converted.as_ref(), format)
    }
}

/// Kubernetes' version order: GA, then beta, then alpha; within each, the higher number
/// first; anything else last, alphabetically.
fn version_priority(v: &str) -> (u8, std::cmp::Reverse<u64>, std::cmp::Reverse<u64>, String) {
    let parse = |s: &str| -> Option<(u64, u8, u64)> {
        let rest = s.strip_prefix('v')?;
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        let major: u64 = digits.parse().ok()?;
        let tail = &rest[digits.len()..];
        if tail.is_empty() {
            return Some((major, 0, 0));
        }
        for (stage, name) in [(1u8, "beta"), (2u8, "alpha")] {
            if let Some(n) = tail.strip_prefix(name) {
                return Some((major, stage, n.parse().ok()?));
            }
        }
        None
    };
    match parse(v) {
        Some((major, stage, minor)) => (
            stage,
            std::cmp::Reverse(major),
            std::cmp::Reverse(minor),
            String::new(),
        ),
        None => (3, std::cmp::Reverse(0), std::cmp::Reverse(0), v.to_string()),
    }
}

/// A decode failure, with the field when known. (Enum values outside the set decode; the
/// write path's validation reports them.)
fn decode_failure(f: DecodeFailure) -> SchemeError {
    let path = f.path.filter(|p| p != ".");
    match path {
        Some(path) => SchemeError::DecodeAt {
            path,
            error: f.error,
        },
        None => SchemeError::Decode(f.error),
    }
}

/// apiVersion and kind of a JSON document, read without building the object.
fn peek_json_type(input: &[u8]) -> Result<GroupVersionKind, SchemeError> {
    // TypeMeta skips every other field without building it.
    let peek: crate::meta::TypeMeta =
        serde_json::from_slice(input).map_err(|e| SchemeError::Decode(CodecError::Json(e)))?;
    type_from_parts(Some(&peek.api_version), Some(&peek.kind))
}

fn value_type(value: &serde_json::Value) -> Result<GroupVersionKind, SchemeError> {
    let obj = value.as_object().ok_or(SchemeError::NotAnObject)?;
    let api_version = obj.get("apiVersion").and_then(|v| v.as_str());
    let kind = obj.get("kind").and_then(|v| v.as_str());
    type_from_parts(api_version, kind)
}

fn type_from_parts(
    api_version: Option<&str>,
    kind: Option<&str>,
) -> Result<GroupVersionKind, SchemeError> {
    match (api_version, kind) {
        (Some(av), Some(k)) if !av.is_empty() && !k.is_empty() => {
            Ok(GroupVersionKind::from_api_version(av, k))
        }
        (_, None) | (_, Some("")) => Err(SchemeError::MissingKind),
        _ => Err(SchemeError::MissingApiVersion),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_sort_like_kubernetes() {
        let mut v = vec![
            "v1alpha1", "v2beta1", "v1", "v1beta2", "v2", "foo", "v1beta1",
        ];
        v.sort_by_key(|a| version_priority(a));
        assert_eq!(
            v,
            ["v2", "v1", "v2beta1", "v1beta2", "v1beta1", "v1alpha1", "foo"]
        );
    }

    #[test]
    fn format_detection() {
        assert_eq!(Format::detect(b"  \n{\"a\":1}"), Format::Json);
        assert_eq!(Format::detect(b"apiVersion: v1"), Format::Yaml);
    }

    #[test]
    fn missing_type_meta_is_an_error() {
        assert!(matches!(
            peek_json_type(br#"{"kind":"X"}"#),
            Err(SchemeError::MissingApiVersion)
        ));
        assert!(matches!(
            peek_json_type(br#"{"apiVersion":"v1"}"#),
            Err(SchemeError::MissingKind)
        ));
        assert!(matches!(
            peek_json_type(b"[1,2]"),
            Err(SchemeError::Decode(_))
        ));
    }

    #[test]
    fn binary_input_in_no_format_says_what_was_tried() {
        let scheme = Scheme::new();
        // Protobuf whose magic is off by one byte.
        let err = scheme
            .decode(b"k8s\x01\n\x02v1\x12\x03Pod")
            .expect_err("not a format")
            .to_string();
        assert!(err.contains("not JSON"), "{err}");
        assert!(err.contains("not protobuf"), "{err}");
        assert!(err.contains("6b 38 73 01"), "{err}");
        // Text that is not valid YAML keeps YAML's own message.
        let err = scheme.decode(b"a: [").expect_err("bad YAML").to_string();
        assert!(!err.contains("not protobuf"), "{err}");
    }
}
