//! What a scheme keeps per kind: monomorphized operations behind one object-safe trait.

use super::{GroupVersionKind, Kind, KindMeta, Object};
use crate::codec::json::without_position;
use crate::codec::protobuf::ProtoMessage;
use crate::codec::{track, CodecError};
use crate::conversion::{ConversionError, Versioned};
#[cfg(feature = "validation")]
use crate::feature_gates::FeatureGates;
use crate::meta::ObjectMeta;
use crate::validation::ErrorList;
use std::any::TypeId;
use std::marker::PhantomData;
use std::sync::Arc;

/// A kind's hand-written normalization of linked fields (see [`crate::Normalize`]).
pub type NormalizeFn<T> = fn(&mut T, Option<&T>) -> Result<(), ErrorList>;

#[cfg(feature = "validation")]
/// A write-time rule added to a kind at registration ([`super::Scheme::add_write_rule`]),
/// behind the object-safe signature every kind shares.
pub(super) type WriteRule =
    Arc<dyn Fn(&mut dyn Object, Option<&dyn Object>) -> Result<(), ErrorList> + Send + Sync>;

#[cfg(feature = "validation")]
/// `rule` for the objects of `T`; any other object (never handed to it) is left alone.
pub(super) fn write_rule<T: Kind>(rule: NormalizeFn<T>) -> WriteRule {
    Arc::new(move |obj, old| match obj.downcast_mut::<T>() {
        Some(t) => rule(t, old.and_then(|o| o.downcast_ref::<T>())),
        None => Ok(()),
    })
}

/// A body that did not decode, and the field where it failed (`spec.ports[0].port`).
pub(super) struct DecodeFailure {
    pub path: Option<String>,
    pub error: CodecError,
}

#[derive(Clone)]
pub(super) struct Entry {
    pub meta: KindMeta,
    pub internal: bool,
    /// The type of the kind's objects: its Rust type, or [`super::SchemaObject`] for a kind
    /// described at run time.
    pub type_id: TypeId,
    pub type_name: &'static str,
    /// `None` for a kind described at run time, which has no strategic merge patch (as
    /// kube-apiserver has none for custom resources).
    pub patch_shape: Option<fn() -> crate::patch_shape::Shape>,
    pub ops: Arc<dyn KindHandler>,
    /// Rules added after registration, run after the kind's own normalization.
    #[cfg(feature = "validation")]
    pub write_rules: Vec<WriteRule>,
}

/// An object converted to another version, or why it could not be.
pub type Converted = Result<Box<dyn Object>, ConversionError>;

/// What a scheme does with the objects of one kind: decode, default, validate, convert and
/// encode them. A kind compiled from Rust types has one for its type, made at registration;
/// a kind described at run time (from a CRD's schema) brings its own to
/// [`Scheme::add_kind`](super::Scheme::add_kind). The objects handed to a handler are of its
/// kind; a method given any other object leaves it alone.
pub trait KindHandler: Send + Sync {
    /// The kind from JSON, through serde_json's slice deserializer: the one decode each kind
    /// compiles. The scheme's tracked decodes (this module's free `decode_json`,
    /// `decode_value` and `unknown_fields`) run the same function with `codec::track` on.
    fn decode_json(&self, input: &[u8]) -> Result<Box<dyn Object>, serde_json::Error>;
    #[cfg(feature = "validation")]
    fn apply_defaults(&self, obj: &mut dyn Object);
    #[cfg(feature = "validation")]
    fn drop_disabled_fields(
        &self,
        obj: &mut dyn Object,
        old: Option<&dyn Object>,
        gates: &FeatureGates,
    );
    #[cfg(feature = "validation")]
    fn validate(
        &self,
        obj: &dyn Object,
        old: Option<&dyn Object>,
        gates: &FeatureGates,
    ) -> ErrorList;
    #[cfg(feature = "validation")]
    fn normalize(&self, obj: &mut dyn Object, old: Option<&dyn Object>) -> Result<(), ErrorList>;
    /// The object's `metadata`; `None` for list and simple kinds.
    fn object_meta<'a>(&self, obj: &'a dyn Object) -> Option<&'a ObjectMeta>;
    fn object_meta_mut<'a>(&self, obj: &'a mut dyn Object) -> Option<&'a mut ObjectMeta>;
    fn supports_protobuf(&self) -> bool;
    /// The object in the `k8s\x00` envelope; `None` when the kind has no protobuf form.
    fn encode_protobuf(&self, obj: &dyn Object) -> Option<Vec<u8>>;
    /// The object's message alone; `None` when the kind has no protobuf form.
    fn encode_raw_protobuf(&self, obj: &dyn Object) -> Option<Vec<u8>>;
    /// Decodes the message of an envelope (its `raw`); `None` when the kind has no
    /// protobuf form.
    fn decode_protobuf(&self, raw: &[u8]) -> Option<Result<Box<dyn Object>, CodecError>>;
    /// Whether the kind converts through an internal peer.
    fn has_hub(&self) -> bool;
    /// `None`: the kind has no internal peer.
    fn version_to_hub(&self, obj: Box<dyn Object>) -> Option<Converted>;
    fn hub_to_version(&self, obj: Box<dyn Object>) -> Option<Converted>;
    /// Converts `obj` to `target`, another version of its kind, by itself (a CRD's
    /// conversion webhook); `None`, the default, leaves it to the scheme (through the hub,
    /// or field by field).
    fn convert_version(&self, obj: &dyn Object, target: &GroupVersionKind) -> Option<Converted> {
        let _ = (obj, target);
        None
    }
}

pub(super) struct TypedKind<T> {
    #[cfg(feature = "validation")]
    normalize: Option<NormalizeFn<T>>,
    object_meta: Option<ObjectMetaFns<T>>,
    protobuf: Option<ProtobufFns<T>>,
    to_internal: Option<fn(Box<dyn Object>) -> Converted>,
    from_internal: Option<fn(Box<dyn Object>) -> Converted>,
    _t: PhantomData<fn() -> T>,
}

impl<T: Kind> TypedKind<T> {
    pub fn plain(hooks: KindHooks<T>) -> Self {
        TypedKind {
            #[cfg(feature = "validation")]
            normalize: hooks.normalize,
            object_meta: hooks.object_meta,
            protobuf: hooks.protobuf,
            to_internal: None,
            from_internal: None,
            _t: PhantomData,
        }
    }

    pub fn versioned(hooks: KindHooks<T>) -> Self
    where
        T: Versioned,
        T::Internal: Kind,
    {
        TypedKind {
            to_internal: Some(to_internal::<T>),
            from_internal: Some(from_internal::<T>),
            ..Self::plain(hooks)
        }
    }
}

fn to_internal<T>(obj: Box<dyn Object>) -> Converted
where
    T: Kind + Versioned,
    T::Internal: Kind,
{
    let typed = downcast::<T>(obj)?;
    Ok(Box::new(typed.to_internal()?))
}

fn from_internal<T>(obj: Box<dyn Object>) -> Converted
where
    T: Kind + Versioned,
    T::Internal: Kind,
{
    let internal = downcast::<T::Internal>(obj)?;
    Ok(Box::new(T::from_internal(internal)?))
}

fn downcast<T: Kind>(obj: Box<dyn Object>) -> Result<T, ConversionError> {
    obj.downcast::<T>().map(|b| *b).map_err(|other| {
        ConversionError::new(format!(
            "expected {}, got {}",
            std::any::type_name::<T>(),
            other.gvk()
        ))
    })
}

/// Decodes JSON with `ops`, and says where it failed.
pub(super) fn decode_json(
    ops: &dyn KindHandler,
    input: &[u8],
) -> Result<Box<dyn Object>, DecodeFailure> {
    ops.decode_json(input).map_err(|error| {
        // Decode again, tracked, only to say where it failed (JSON that does not parse has
        // no field to name).
        let path = if error.is_data() {
            track::run(false, || ops.decode_json(input)).1.failed_at
        } else {
            None
        };
        DecodeFailure {
            path,
            error: error.into(),
        }
    })
}

/// Decodes an already parsed JSON value with `ops`: written to bytes first, so that it is
/// read by the one deserializer every kind is compiled for.
pub(super) fn decode_value(
    ops: &dyn KindHandler,
    value: &serde_json::Value,
) -> Result<Box<dyn Object>, DecodeFailure> {
    let bytes = value_bytes(value)?;
    decode_json(ops, &bytes).map_err(|failure| DecodeFailure {
        path: failure.path,
        error: match failure.error {
            CodecError::Json(e) => CodecError::Json(without_position(e)),
            other => other,
        },
    })
}

/// The paths of fields in `value` its kind does not have (`spec.colour`); none when it does
/// not decode at all (that failure is reported elsewhere).
pub(super) fn unknown_fields(ops: &dyn KindHandler, value: &serde_json::Value) -> Vec<String> {
    let Ok(bytes) = value_bytes(value) else {
        return Vec::new();
    };
    match track::run(true, || ops.decode_json(&bytes)) {
        (Ok(_), report) => report.unknown_fields,
        (Err(_), _) => Vec::new(),
    }
}

fn value_bytes(value: &serde_json::Value) -> Result<Vec<u8>, DecodeFailure> {
    serde_json::to_vec(value).map_err(|e| DecodeFailure {
        path: None,
        error: e.into(),
    })
}

impl<T: Kind> KindHandler for TypedKind<T> {
    fn decode_json(&self, input: &[u8]) -> Result<Box<dyn Object>, serde_json::Error> {
        serde_json::from_slice::<T>(input).map(|t| Box::new(t) as Box<dyn Object>)
    }

    #[cfg(feature = "validation")]
    fn apply_defaults(&self, obj: &mut dyn Object) {
        if let Some(t) = obj.downcast_mut::<T>() {
            t.apply_defaults();
        }
    }

    #[cfg(feature = "validation")]
    fn drop_disabled_fields(
        &self,
        obj: &mut dyn Object,
        old: Option<&dyn Object>,
        gates: &FeatureGates,
    ) {
        if let Some(t) = obj.downcast_mut::<T>() {
            t.drop_disabled_fields(old.and_then(|o| o.downcast_ref::<T>()), gates);
        }
    }

    #[cfg(feature = "validation")]
    fn validate(
        &self,
        obj: &dyn Object,
        old: Option<&dyn Object>,
        gates: &FeatureGates,
    ) -> ErrorList {
        let Some(t) = obj.downcast_ref::<T>() else {
            return ErrorList::default();
        };
        let opts = crate::validation::Options::with_gates(gates);
        match old.and_then(|o| o.downcast_ref::<T>()) {
            Some(old) => t.validate_update_with(old, &opts),
            None => t.validate_with(&opts),
        }
    }

    #[cfg(feature = "validation")]
    fn normalize(&self, obj: &mut dyn Object, old: Option<&dyn Object>) -> Result<(), ErrorList> {
        let (Some(normalize), Some(t)) = (self.normalize, obj.downcast_mut::<T>()) else {
            return Ok(());
        };
        normalize(t, old.and_then(|o| o.downcast_ref::<T>()))
    }

    fn object_meta<'a>(&self, obj: &'a dyn Object) -> Option<&'a ObjectMeta> {
        let fns = self.object_meta.as_ref()?;
        obj.downcast_ref::<T>().map(fns.get)
    }

    fn object_meta_mut<'a>(&self, obj: &'a mut dyn Object) -> Option<&'a mut ObjectMeta> {
        let fns = self.object_meta.as_ref()?;
        obj.downcast_mut::<T>().map(fns.get_mut)
    }

    fn supports_protobuf(&self) -> bool {
        self.protobuf.is_some()
    }

    fn encode_protobuf(&self, obj: &dyn Object) -> Option<Vec<u8>> {
        let fns = self.protobuf.as_ref()?;
        obj.downcast_ref::<T>().map(fns.encode)
    }

    fn encode_raw_protobuf(&self, obj: &dyn Object) -> Option<Vec<u8>> {
        let fns = self.protobuf.as_ref()?;
        obj.downcast_ref::<T>().map(fns.encode_raw)
    }

    fn decode_protobuf(&self, raw: &[u8]) -> Option<Result<Box<dyn Object>, CodecError>> {
        let fns = self.protobuf.as_ref()?;
        Some((fns.decode_raw)(raw).map(|t| Box::new(t) as Box<dyn Object>))
    }

    fn has_hub(&self) -> bool {
        self.to_internal.is_some()
    }

    fn version_to_hub(&self, obj: Box<dyn Object>) -> Option<Converted> {
        self.to_internal.map(|f| f(obj))
    }

    fn hub_to_version(&self, obj: Box<dyn Object>) -> Option<Converted> {
        self.from_internal.map(|f| f(obj))
    }
}

/// What registration knows of a kind beyond its `Kind` impl: the trait impls a kind may or
/// may not have, since a generic function cannot ask whether a type implements a trait. The
/// generated `add_to_scheme` states the object metadata and protobuf codec, which codegen
/// knows from the model ([`KindHooks::normalized`], then [`KindHooks::object_meta`] and
/// [`KindHooks::protobuf`]), and finds a hand-written `Normalize` with
/// [`normalize_fn!`](crate::__private::normalize_fn); hand-written registration finds all
/// three with [`kind_hooks!`](crate::__private::kind_hooks). Each is found where the
/// concrete type is known, by [`Probe`](crate::__private::probe::Probe).
pub struct KindHooks<T> {
    /// The kind's [`crate::Normalize`].
    pub normalize: Option<NormalizeFn<T>>,
    /// Object kinds: their [`crate::Resource`] metadata accessors.
    pub object_meta: Option<ObjectMetaFns<T>>,
    /// Kinds numbered for protobuf: their binary codec.
    pub protobuf: Option<ProtobufFns<T>>,
}

impl<T> Default for KindHooks<T> {
    fn default() -> Self {
        KindHooks {
            normalize: None,
            object_meta: None,
            protobuf: None,
        }
    }
}

impl<T> KindHooks<T> {
    /// No hooks: a kind with no normalization, no object metadata and no protobuf form.
    pub fn none() -> Self {
        Self::default()
    }

    /// The kind's normalization and nothing else yet.
    pub fn normalized(normalize: Option<NormalizeFn<T>>) -> Self {
        KindHooks {
            normalize,
            ..Self::default()
        }
    }
}

impl<T: crate::Resource> KindHooks<T> {
    /// With the object kind's metadata accessors.
    pub fn object_meta(mut self) -> Self {
        self.object_meta = Some(ObjectMetaFns::of_resource());
        self
    }
}

impl<T: ProtoMessage> KindHooks<T> {
    /// With the kind's protobuf codec.
    pub fn protobuf(mut self) -> Self {
        self.protobuf = Some(ProtobufFns::of_message());
        self
    }
}

/// An object kind's metadata accessors.
pub struct ObjectMetaFns<T> {
    pub get: fn(&T) -> &ObjectMeta,
    pub get_mut: fn(&mut T) -> &mut ObjectMeta,
}

impl<T: crate::Resource> ObjectMetaFns<T> {
    pub fn of_resource() -> Self {
        ObjectMetaFns {
            get: T::metadata,
            get_mut: T::metadata_mut,
        }
    }
}

/// A kind's protobuf codec: the enveloped object, its bare message, and the message read
/// back.
pub struct ProtobufFns<T> {
    pub encode: fn(&T) -> Vec<u8>,
    pub encode_raw: fn(&T) -> Vec<u8>,
    pub decode_raw: fn(&[u8]) -> Result<T, CodecError>,
}

impl<T: ProtoMessage> ProtobufFns<T> {
    pub fn of_message() -> Self {
        ProtobufFns {
            encode: crate::codec::protobuf::encode::<T>,
            encode_raw: |t| t.encode_to_vec(),
            decode_raw: |raw| T::decode(raw).map_err(|e| CodecError::Protobuf(e.to_string())),
        }
    }
}

/// A kind registered under a second group-version as well (the options kinds, which
/// Kubernetes accepts as `meta.k8s.io/v1` and in every group-version): the input's
/// `apiVersion` is the alias's, the type checks its own, so it is replaced before decoding.
/// The decoded object is of the type's own group-version.
pub(super) struct Alias {
    pub inner: Box<dyn KindHandler>,
    /// The type's own `apiVersion`.
    pub api_version: &'static str,
}

impl Alias {
    fn retag(&self, mut value: serde_json::Value) -> serde_json::Value {
        if let Some(obj) = value.as_object_mut() {
            obj.insert(
                "apiVersion".to_string(),
                serde_json::Value::String(self.api_version.to_string()),
            );
        }
        value
    }
}

impl KindHandler for Alias {
    fn decode_json(&self, input: &[u8]) -> Result<Box<dyn Object>, serde_json::Error> {
        let value: serde_json::Value = serde_json::from_slice(input)?;
        self.inner
            .decode_json(&serde_json::to_vec(&self.retag(value))?)
            .map_err(without_position)
    }
    #[cfg(feature = "validation")]
    fn apply_defaults(&self, obj: &mut dyn Object) {
        self.inner.apply_defaults(obj)
    }
    #[cfg(feature = "validation")]
    fn drop_disabled_fields(
        &self,
        obj: &mut dyn Object,
        old: Option<&dyn Object>,
        gates: &FeatureGates,
    ) {
        self.inner.drop_disabled_fields(obj, old, gates)
    }
    #[cfg(feature = "validation")]
    fn validate(
        &self,
        obj: &dyn Object,
        old: Option<&dyn Object>,
        gates: &FeatureGates,
    ) -> ErrorList {
        self.inner.validate(obj, old, gates)
    }
    #[cfg(feature = "validation")]
    fn normalize(&self, obj: &mut dyn Object, old: Option<&dyn Object>) -> Result<(), ErrorList> {
        self.inner.normalize(obj, old)
    }
    fn object_meta<'a>(&self, obj: &'a dyn Object) -> Option<&'a ObjectMeta> {
        self.inner.object_meta(obj)
    }
    fn object_meta_mut<'a>(&self, obj: &'a mut dyn Object) -> Option<&'a mut ObjectMeta> {
        self.inner.object_meta_mut(obj)
    }
    fn supports_protobuf(&self) -> bool {
        self.inner.supports_protobuf()
    }
    fn encode_protobuf(&self, obj: &dyn Object) -> Option<Vec<u8>> {
        self.inner.encode_protobuf(obj)
    }
    fn encode_raw_protobuf(&self, obj: &dyn Object) -> Option<Vec<u8>> {
        self.inner.encode_raw_protobuf(obj)
    }
    fn decode_protobuf(&self, raw: &[u8]) -> Option<Result<Box<dyn Object>, CodecError>> {
        self.inner.decode_protobuf(raw)
    }
    fn has_hub(&self) -> bool {
        self.inner.has_hub()
    }
    fn version_to_hub(&self, obj: Box<dyn Object>) -> Option<Converted> {
        self.inner.version_to_hub(obj)
    }
    fn hub_to_version(&self, obj: Box<dyn Object>) -> Option<Converted> {
        self.inner.hub_to_version(obj)
    }
}
