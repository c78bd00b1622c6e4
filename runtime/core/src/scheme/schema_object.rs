//! Objects of kinds described at run time: what kube-apiserver's apiextensions server holds
//! for a custom resource (an `unstructured.Unstructured`), with the metadata typed so the
//! server's lifecycle, selectors and watches treat it as they treat any object.

use super::{GroupVersionKind, Object};
use crate::codec::CodecError;
use crate::meta::ObjectMeta;
use serde_json::{Map, Value};
use std::any::Any;

/// An object of a kind registered with [`Scheme::add_kind`](super::Scheme::add_kind):
/// `metadata` typed, every other field as JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct SchemaObject {
    gvk: GroupVersionKind,
    api_version: String,
    pub metadata: ObjectMeta,
    /// Every field but `apiVersion`, `kind` and `metadata` (`spec`, `status`, ...).
    pub fields: Map<String, Value>,
}

impl SchemaObject {
    pub fn new(gvk: GroupVersionKind, metadata: ObjectMeta, fields: Map<String, Value>) -> Self {
        SchemaObject {
            api_version: gvk.api_version(),
            gvk,
            metadata,
            fields,
        }
    }

    /// Reads an object of `gvk` from its JSON: `metadata` must read as Kubernetes'
    /// `ObjectMeta`; `apiVersion` and `kind` are the kind's (the caller chose the kind by
    /// them).
    pub fn from_json(gvk: &GroupVersionKind, input: &[u8]) -> Result<Self, serde_json::Error> {
        let mut fields: Map<String, Value> = serde_json::from_slice(input)?;
        fields.remove("apiVersion");
        fields.remove("kind");
        let metadata = match fields.remove("metadata") {
            Some(Value::Null) | None => ObjectMeta::default(),
            Some(value) => serde_json::from_value(value)?,
        };
        Ok(SchemaObject::new(gvk.clone(), metadata, fields))
    }

    /// The whole object as JSON: its fields with `apiVersion`, `kind` and `metadata`.
    pub fn to_value(&self) -> Result<Value, serde_json::Error> {
        let mut object = self.fields.clone();
        object.insert("apiVersion".into(), Value::String(self.api_version.clone()));
        object.insert("kind".into(), Value::String(self.gvk.kind.clone()));
        object.insert("metadata".into(), serde_json::to_value(&self.metadata)?);
        Ok(Value::Object(object))
    }
}

impl Object for SchemaObject {
    fn group(&self) -> &str {
        &self.gvk.group
    }
    fn version(&self) -> &str {
        &self.gvk.version
    }
    fn api_version(&self) -> &str {
        &self.api_version
    }
    fn kind(&self) -> &str {
        &self.gvk.kind
    }
    fn gvk(&self) -> GroupVersionKind {
        self.gvk.clone()
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
        Ok(serde_json::to_vec(&self.to_value()?)?)
    }
}
