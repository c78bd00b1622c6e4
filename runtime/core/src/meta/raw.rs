//! JSON carried verbatim: embedded objects and managed-field sets.

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

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
        // Written into the thread's scratch buffer, then copied into one allocation of the
        // exact size: a buffer grown in steps would leave its outgrown copies as holes
        // between the objects a cache keeps.
        let mut text = SCRATCH.take();
        text.clear();
        let written = d.deserialize_any(JsonText(&mut text));
        let decoded = written.and_then(|()| match std::str::from_utf8(&text) {
            Ok(json) => Ok(FieldsV1(Box::from(json))),
            Err(e) => Err(de::Error::custom(e)),
        });
        if text.capacity() <= super::DECODE_SCRATCH_LIMIT {
            SCRATCH.set(text);
        }
        decoded
    }
}

thread_local! {
    static SCRATCH: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Writes the value being decoded as compact JSON text, keys in the order they come (Go
/// keeps a FieldsV1's bytes as they are). A `serde_json::Value` tree built only to be
/// printed again costs a map node or two per field of every managed-fields entry of every
/// object decoded, which a cache's initial list pays ten thousand times over.
struct JsonText<'a>(&'a mut Vec<u8>);

impl JsonText<'_> {
    fn write<T: Serialize + ?Sized, E: de::Error>(self, value: &T) -> Result<(), E> {
        serde_json::to_writer(&mut *self.0, value).map_err(E::custom)
    }
}

impl<'de> DeserializeSeed<'de> for JsonText<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for JsonText<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.write(&v)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.write(&v)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.write(&v)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.write(&v)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.write(v)
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.0.extend_from_slice(b"null");
        Ok(())
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let out = self.0;
        out.push(b'[');
        let mut first = true;
        loop {
            // The comma goes before every item but the first; taken back at the end.
            let mark = out.len();
            if !first {
                out.push(b',');
            }
            if seq.next_element_seed(JsonText(out))?.is_none() {
                out.truncate(mark);
                break;
            }
            first = false;
        }
        out.push(b']');
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let out = self.0;
        out.push(b'{');
        let mut first = true;
        loop {
            let mark = out.len();
            if !first {
                out.push(b',');
            }
            if map.next_key_seed(JsonKey(out))?.is_none() {
                out.truncate(mark);
                break;
            }
            out.push(b':');
            map.next_value_seed(JsonText(out))?;
            first = false;
        }
        out.push(b'}');
        Ok(())
    }
}

/// An object key: JSON has only strings there.
struct JsonKey<'a>(&'a mut Vec<u8>);

impl<'de> DeserializeSeed<'de> for JsonKey<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for JsonKey<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string key")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        JsonText(self.0).write(v)
    }
}

impl From<serde_json::Value> for FieldsV1 {
    fn from(v: serde_json::Value) -> Self {
        // A `serde_json::Value` always serializes.
        FieldsV1(serde_json::to_string(&v).unwrap_or_default().into())
    }
}

#[cfg(test)]
mod tests {
    use super::FieldsV1;

    #[test]
    fn fields_v1_keeps_the_text_as_it_came_compacted() {
        // Keys out of order, escapes, every scalar kind: Go keeps these bytes as they are.
        let compact = r#"{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:data":{"f:a\"b\u0001":{}},"n":[1,-2,3.5,true,false,null,"x"],"e":[],"o":{}}"#;
        let spaced = r#"{ "f:metadata" : { "f:labels": {".": {}, "f:app": {}} },
            "f:data": {"f:a\"b\u0001": {}}, "n": [1, -2, 3.5, true, false, null, "x"],
            "e": [ ], "o": { } }"#;
        for text in [compact, spaced] {
            let decoded: FieldsV1 = serde_json::from_str(text).expect("a valid FieldsV1");
            assert_eq!(decoded.as_json(), compact);
        }
    }

    #[test]
    fn fields_v1_refuses_what_is_not_json() {
        for bad in [r#"{"f:a":{}"#, r#"{"f:a" {}}"#, "[1,]", "{1:2}"] {
            assert!(serde_json::from_str::<FieldsV1>(bad).is_err(), "{bad}");
        }
    }
}
