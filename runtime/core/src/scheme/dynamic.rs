//! Objects of kinds a scheme does not know, kept as JSON (client-go's `Unstructured`).

use super::{GroupVersionKind, Object, SchemeError};

/// A decoded object: typed when its kind is registered, dynamic otherwise.
#[derive(Debug)]
pub enum AnyObject {
    Typed(Box<dyn Object>),
    Dynamic(DynamicObject),
}

impl AnyObject {
    pub fn gvk(&self) -> GroupVersionKind {
        match self {
            AnyObject::Typed(o) => o.gvk(),
            AnyObject::Dynamic(d) => d.gvk.clone(),
        }
    }

    pub fn to_json_value(&self) -> Result<serde_json::Value, SchemeError> {
        match self {
            AnyObject::Typed(o) => o.to_json_value().map_err(SchemeError::Encode),
            AnyObject::Dynamic(d) => Ok(d.value.clone()),
        }
    }
}

/// Any object as its JSON value, with its apiVersion and kind read out.
#[derive(Debug, Clone, PartialEq)]
pub struct DynamicObject {
    pub gvk: GroupVersionKind,
    /// The whole object, `apiVersion` and `kind` included.
    pub value: serde_json::Value,
}

impl DynamicObject {
    pub fn from_value(value: serde_json::Value) -> Result<Self, SchemeError> {
        let obj = value.as_object().ok_or(SchemeError::NotAnObject)?;
        let api_version = obj.get("apiVersion").and_then(|v| v.as_str()).unwrap_or("");
        let kind = obj.get("kind").and_then(|v| v.as_str()).unwrap_or("");
        if kind.is_empty() {
            return Err(SchemeError::MissingKind);
        }
        if api_version.is_empty() {
            return Err(SchemeError::MissingApiVersion);
        }
        Ok(DynamicObject {
            gvk: GroupVersionKind::from_api_version(api_version, kind),
            value,
        })
    }

    fn metadata_str(&self, key: &str) -> Option<&str> {
        self.value.get("metadata")?.get(key)?.as_str()
    }

    pub fn name(&self) -> Option<&str> {
        self.metadata_str("name")
    }

    pub fn namespace(&self) -> Option<&str> {
        self.metadata_str("namespace")
    }

    /// The same object under another version of its group, unchanged otherwise: what
    /// kube-apiserver does for custom resources whose conversion strategy is `None`.
    pub fn with_version(mut self, version: &str) -> Self {
        self.gvk.version = version.to_string();
        let api_version = self.gvk.api_version();
        if let Some(obj) = self.value.as_object_mut() {
            obj.insert("apiVersion".into(), serde_json::Value::String(api_version));
        }
        self
    }
}
