//! JSON carried verbatim: embedded objects and managed-field sets.

use crate::ApplyDefaults;
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

        impl ApplyDefaults for $name {
            fn apply_defaults(&mut self) {}
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

raw_json!(
    /// A set of fields in the FieldsV1 trie format (`{"f:metadata":{...}}`).
    FieldsV1
);
