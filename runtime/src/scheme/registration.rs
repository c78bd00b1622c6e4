//! What a scheme keeps per kind: monomorphized operations behind one object-safe trait.

use super::{Kind, KindMeta, Object};
use crate::codec::CodecError;
use crate::conversion::{ConversionError, Versioned};
use crate::feature_gates::FeatureGates;
use crate::validation::ErrorList;
use std::any::TypeId;
use std::marker::PhantomData;

/// A kind's hand-written normalization of linked fields (see [`crate::Normalize`]).
pub type NormalizeFn<T> = fn(&mut T, Option<&T>) -> Result<(), ErrorList>;

/// A body that did not decode, and the field where it failed (`spec.ports[0].port`).
pub(super) struct DecodeFailure {
    pub path: Option<String>,
    pub error: CodecError,
}

pub(super) struct Entry {
    pub meta: &'static KindMeta,
    pub internal: bool,
    pub type_id: TypeId,
    pub type_name: &'static str,
    pub ops: Box<dyn KindOps>,
}

type Converted = Result<Box<dyn Object>, ConversionError>;

pub(super) trait KindOps: Send + Sync {
    fn decode_json(&self, input: &[u8]) -> Result<Box<dyn Object>, DecodeFailure>;
    fn decode_value(&self, value: serde_json::Value) -> Result<Box<dyn Object>, DecodeFailure>;
    fn apply_defaults(&self, obj: &mut dyn Object);
    fn drop_disabled_fields(
        &self,
        obj: &mut dyn Object,
        old: Option<&dyn Object>,
        gates: &FeatureGates,
    );
    fn validate(
        &self,
        obj: &dyn Object,
        old: Option<&dyn Object>,
        gates: &FeatureGates,
    ) -> ErrorList;
    fn normalize(&self, obj: &mut dyn Object, old: Option<&dyn Object>) -> Result<(), ErrorList>;
    /// `None`: the kind has no internal peer.
    fn version_to_hub(&self, obj: Box<dyn Object>) -> Option<Converted>;
    fn hub_to_version(&self, obj: Box<dyn Object>) -> Option<Converted>;
}

pub(super) struct Ops<T> {
    normalize: Option<NormalizeFn<T>>,
    to_internal: Option<fn(Box<dyn Object>) -> Converted>,
    from_internal: Option<fn(Box<dyn Object>) -> Converted>,
    _t: PhantomData<fn() -> T>,
}

impl<T: Kind> Ops<T> {
    pub fn plain(normalize: Option<NormalizeFn<T>>) -> Self {
        Ops {
            normalize,
            to_internal: None,
            from_internal: None,
            _t: PhantomData,
        }
    }

    pub fn versioned(normalize: Option<NormalizeFn<T>>) -> Self
    where
        T: Versioned,
        T::Internal: Kind,
    {
        Ops {
            normalize,
            to_internal: Some(to_internal::<T>),
            from_internal: Some(from_internal::<T>),
            _t: PhantomData,
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

impl<T: Kind> KindOps for Ops<T> {
    fn decode_json(&self, input: &[u8]) -> Result<Box<dyn Object>, DecodeFailure> {
        match serde_json::from_slice::<T>(input) {
            Ok(t) => Ok(Box::new(t)),
            // Decode again, tracking the path, only to say where it failed.
            Err(error) => {
                let mut de = serde_json::Deserializer::from_slice(input);
                let path = serde_path_to_error::deserialize::<_, T>(&mut de)
                    .err()
                    .map(|e| e.path().to_string());
                Err(DecodeFailure {
                    path,
                    error: error.into(),
                })
            }
        }
    }

    fn decode_value(&self, value: serde_json::Value) -> Result<Box<dyn Object>, DecodeFailure> {
        match serde_path_to_error::deserialize::<_, T>(value) {
            Ok(t) => Ok(Box::new(t)),
            Err(e) => Err(DecodeFailure {
                path: Some(e.path().to_string()),
                error: e.into_inner().into(),
            }),
        }
    }

    fn apply_defaults(&self, obj: &mut dyn Object) {
        if let Some(t) = obj.downcast_mut::<T>() {
            t.apply_defaults();
        }
    }

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

    fn normalize(&self, obj: &mut dyn Object, old: Option<&dyn Object>) -> Result<(), ErrorList> {
        let (Some(normalize), Some(t)) = (self.normalize, obj.downcast_mut::<T>()) else {
            return Ok(());
        };
        normalize(t, old.and_then(|o| o.downcast_ref::<T>()))
    }

    fn version_to_hub(&self, obj: Box<dyn Object>) -> Option<Converted> {
        self.to_internal.map(|f| f(obj))
    }

    fn hub_to_version(&self, obj: Box<dyn Object>) -> Option<Converted> {
        self.from_internal.map(|f| f(obj))
    }
}

/// Finds a kind's [`crate::Normalize`] impl from generated registration code, without
/// specialization: `ViaNormalize` (on the probe) wins over `NoNormalize` (on `&probe`).
#[doc(hidden)]
pub struct NormalizeProbe<T>(PhantomData<T>);

impl<T> NormalizeProbe<T> {
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        NormalizeProbe(PhantomData)
    }
}

#[doc(hidden)]
pub trait ViaNormalize<T> {
    fn normalize_fn(&self) -> Option<NormalizeFn<T>>;
}

impl<T: crate::Normalize> ViaNormalize<T> for NormalizeProbe<T> {
    fn normalize_fn(&self) -> Option<NormalizeFn<T>> {
        Some(T::normalize)
    }
}

#[doc(hidden)]
pub trait NoNormalize<T> {
    fn normalize_fn(&self) -> Option<NormalizeFn<T>>;
}

impl<T> NoNormalize<T> for &NormalizeProbe<T> {
    fn normalize_fn(&self) -> Option<NormalizeFn<T>> {
        None
    }
}
