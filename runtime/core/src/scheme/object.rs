//! Type-erased API objects, so one [`Scheme`](super::Scheme) can hold every kind.

use crate::codec::CodecError;
#[cfg(feature = "validation")]
use crate::feature_gates::DropDisabledFields;
#[cfg(feature = "validation")]
use crate::validation::Validate;
#[cfg(feature = "validation")]
use crate::ApplyDefaults;
use crate::TypeInfo;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::any::Any;
use std::fmt;

/// Everything a kind needs to go through a scheme. Implemented for every `ApiType` kind.
pub trait Kind:
    TypeInfo + Serialize + DeserializeOwned + WritePath + Clone + fmt::Debug + Send + Sync + 'static
{
}

impl<T> Kind for T where
    T: TypeInfo
        + Serialize
        + DeserializeOwned
        + WritePath
        + Clone
        + fmt::Debug
        + Send
        + Sync
        + 'static
{
}

/// What the scheme's write path runs on a kind: defaulting, validation and gated-field
/// dropping with kapi's `validation` feature, nothing without it (the derive then emits
/// none of the three, and the scheme has no write path).
#[cfg(feature = "validation")]
pub trait WritePath: ApplyDefaults + Validate + DropDisabledFields {}

#[cfg(feature = "validation")]
impl<T: ApplyDefaults + Validate + DropDisabledFields> WritePath for T {}

/// What the scheme's write path runs on a kind: nothing, kapi's `validation` feature is off.
#[cfg(not(feature = "validation"))]
pub trait WritePath {}

#[cfg(not(feature = "validation"))]
impl<T: ?Sized> WritePath for T {}

/// An object of some registered kind, behind a pointer (Go's `runtime.Object`).
///
/// Its names are borrowed from the object: a kind compiled from a Rust type names its
/// constants, an object of a kind described at run time ([`super::SchemaObject`]) its own.
pub trait Object: Any + fmt::Debug + Send + Sync {
    fn group(&self) -> &str;
    fn version(&self) -> &str;
    fn api_version(&self) -> &str;
    fn kind(&self) -> &str;
    fn gvk(&self) -> GroupVersionKind {
        GroupVersionKind::new(self.group(), self.version(), self.kind())
    }
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    fn clone_object(&self) -> Box<dyn Object>;
    fn to_json(&self) -> Result<Vec<u8>, CodecError>;
}

impl<T: Kind> Object for T {
    fn group(&self) -> &str {
        T::GROUP
    }
    fn version(&self) -> &str {
        T::VERSION
    }
    fn api_version(&self) -> &str {
        T::API_VERSION
    }
    fn kind(&self) -> &str {
        T::KIND
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
    fn clone_object(&self) -> Box<dyn Object> {
        Box::new(self.clone())
    }
    fn to_json(&self) -> Result<Vec<u8>, CodecError> {
        Ok(serde_json::to_vec(self)?)
    }
}

impl dyn Object {
    /// The object's JSON as a value: its bytes read back (see `codec::json::to_value`).
    pub fn to_json_value(&self) -> Result<serde_json::Value, CodecError> {
        let bytes = self.to_json()?;
        Ok(serde_json::from_slice(&bytes).map_err(crate::codec::json::without_position)?)
    }

    pub fn is<T: Object>(&self) -> bool {
        self.as_any().is::<T>()
    }

    pub fn downcast_ref<T: Object>(&self) -> Option<&T> {
        self.as_any().downcast_ref()
    }

    pub fn downcast_mut<T: Object>(&mut self) -> Option<&mut T> {
        self.as_any_mut().downcast_mut()
    }

    /// The concrete object, or the box back when it holds another type.
    pub fn downcast<T: Object>(self: Box<Self>) -> Result<Box<T>, Box<dyn Object>> {
        if self.is::<T>() {
            match self.into_any().downcast::<T>() {
                Ok(t) => Ok(t),
                // `is` just said it is a T.
                Err(_) => unreachable!("type checked above"),
            }
        } else {
            Err(self)
        }
    }
}

/// Group, version and kind: the key of every registration.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GroupVersionKind {
    pub group: String,
    pub version: String,
    pub kind: String,
}

impl GroupVersionKind {
    pub fn new(group: &str, version: &str, kind: &str) -> Self {
        GroupVersionKind {
            group: group.to_string(),
            version: version.to_string(),
            kind: kind.to_string(),
        }
    }

    /// From an object's `apiVersion` (`group/version`, or `version` for the core group).
    pub fn from_api_version(api_version: &str, kind: &str) -> Self {
        let (group, version) = split_api_version(api_version);
        Self::new(group, version, kind)
    }

    pub fn api_version(&self) -> String {
        if self.group.is_empty() {
            self.version.clone()
        } else {
            format!("{}/{}", self.group, self.version)
        }
    }
}

impl fmt::Display for GroupVersionKind {
    /// Go's notation: `frob.example.com/v1, Kind=Frobber`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, Kind={}", self.api_version(), self.kind)
    }
}

/// `group/version` → (group, version); a bare `v1` is the core group.
pub fn split_api_version(api_version: &str) -> (&str, &str) {
    match api_version.rsplit_once('/') {
        Some((g, v)) => (g, v),
        None => ("", api_version),
    }
}
