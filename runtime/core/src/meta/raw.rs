//! JSON carried verbatim: embedded objects and managed-field sets.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! raw_json {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct $name(pub serde_json::Value);

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                self.0.serialize(s)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                serde_json::Value::deserialize(d).map($name)
            }
        }

        impl From<serde_json::Value> for $name {
            fn from(v: serde_json::Value) -> Self {
                $name(v)
            }
        }
    };
}

raw_json!(
    /// An embedded object of any kind (runtime.RawExtension), e.g. a watch event's object.
    RawExtension
);

/// A set of fields in the FieldsV1 trie format (`{"f:metadata":{...}}`), kept as its
/// compact JSON text, as Go keeps the raw bytes: managed fields travel with every object
/// and are rarely read, so a parsed tree would cost ten times their size in every cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldsV1(Box<str>);

impl Default for FieldsV1 {
    fn default() -> Self {
        FieldsV1("{}".into())
    }
}

impl FieldsV1 {
    /// The set as JSON text (always a valid JSON document).
    pub fn as_json(&self) -> &str {
        &self.0
    }

    /// The set as a JSON value.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::from_str(&self.0).unwrap_or(serde_json::Value::Null)
    }

    /// From JSON text, kept as it is; it must be a valid JSON document.
    pub fn from_json_text(text: String) -> Result<Self, serde_json::Error> {
        serde_json::from_str::<serde::de::IgnoredAny>(&text)?;
        Ok(FieldsV1(text.into_boxed_str()))
    }
}

impl Serialize for FieldsV1 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The text was written by serde_json, so it reads back; RawValue passes it through
        // a JSON serializer as it is.
        match serde_json::from_str::<&serde_json::value::RawValue>(&self.0) {
            Ok(raw) => raw.serialize(s),
            Err(e) => Err(serde::ser::Error::custom(e)),
        }
    }
}

impl<'de> Deserialize<'de> for FieldsV1 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde_json::Value::deserialize(d).map(FieldsV1::from)
    }
}

impl From<serde_json::Value> for FieldsV1 {
    fn from(v: serde_json::Value) -> Self {
        // A `serde_json::Value` always serializes.
        FieldsV1(serde_json::to_string(&v).unwrap_or_default().into())
    }
}
