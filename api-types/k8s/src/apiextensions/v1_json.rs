//! The JSON forms of the four apiextensions.k8s.io/v1 types that write their own
//! (Kubernetes' `marshal.go`). The import marks them `custom_json`: their fields are their
//! protobuf messages (and their deep copy, validation and random values), while JSON is
//! one of several shapes, written and read here exactly as Go does, edge cases included.

use super::v1::{
    JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool, JSONSchemaPropsOrStringArray,
    JSON,
};
use kapi::meta::ByteString;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// Any JSON value, kept as its bytes (protobuf's `raw`); no bytes is `null`.
impl Serialize for JSON {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.raw.0.is_empty() {
            return s.serialize_none();
        }
        // Parsed rather than passed through, so YAML and other formats get the value too.
        serde_json::from_slice::<serde_json::Value>(&self.raw.0)
            .map_err(|e| serde::ser::Error::custom(format!("JSON holds no JSON value: {e}")))?
            .serialize(s)
    }
}

/// `null` leaves the bytes empty, as Go's `UnmarshalJSON` leaves `Raw` nil.
impl<'de> Deserialize<'de> for JSON {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        if value.is_null() {
            return Ok(JSON::default());
        }
        serde_json::to_vec(&value)
            .map(|raw| JSON {
                raw: ByteString(raw),
            })
            .map_err(de::Error::custom)
    }
}

/// An array of schemas when there is one, else the schema (`null` when there is none).
impl Serialize for JSONSchemaPropsOrArray {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.json_schemas.is_empty() {
            self.schema.serialize(s)
        } else {
            self.json_schemas.serialize(s)
        }
    }
}

/// An object is the schema, an array the schemas; anything else (`null`, a number) is read
/// as neither, without an error, as Go does.
impl<'de> Deserialize<'de> for JSONSchemaPropsOrArray {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(shape("a JSON schema or an array of them"))? {
            Read::Schema(schema) => Ok(JSONSchemaPropsOrArray {
                schema: Some(schema),
                ..Default::default()
            }),
            Read::Array(json_schemas) => Ok(JSONSchemaPropsOrArray {
                json_schemas,
                ..Default::default()
            }),
            Read::Bool(_) | Read::Other => Ok(JSONSchemaPropsOrArray::default()),
        }
    }
}

/// The schema when there is one, else `allows` as a boolean.
impl Serialize for JSONSchemaPropsOrBool {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.schema {
            Some(schema) => schema.serialize(s),
            None => s.serialize_bool(self.allows),
        }
    }
}

/// An object is a schema that allows (`allows` true), a boolean is `allows`; anything else,
/// `null` included, is an error, as in Go.
impl<'de> Deserialize<'de> for JSONSchemaPropsOrBool {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let read: Read<de::IgnoredAny> = d.deserialize_any(shape("a boolean or a JSON schema"))?;
        match read {
            Read::Schema(schema) => Ok(JSONSchemaPropsOrBool {
                allows: true,
                schema: Some(schema),
            }),
            Read::Bool(allows) => Ok(JSONSchemaPropsOrBool {
                allows,
                schema: None,
            }),
            Read::Array(_) | Read::Other => {
                Err(de::Error::custom("boolean or JSON schema expected"))
            }
        }
    }
}

/// The property names when there are some, else the schema, else `null`.
impl Serialize for JSONSchemaPropsOrStringArray {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.schema {
            _ if !self.property.is_empty() => self.property.serialize(s),
            Some(schema) => schema.serialize(s),
            None => s.serialize_none(),
        }
    }
}

/// An object is the schema, an array the property names; anything else is read as neither,
/// without an error, as Go does.
impl<'de> Deserialize<'de> for JSONSchemaPropsOrStringArray {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(shape("a JSON schema or an array of strings"))? {
            Read::Schema(schema) => Ok(JSONSchemaPropsOrStringArray {
                schema: Some(*schema),
                property: Vec::new(),
            }),
            Read::Array(property) => Ok(JSONSchemaPropsOrStringArray {
                schema: None,
                property,
            }),
            Read::Bool(_) | Read::Other => Ok(JSONSchemaPropsOrStringArray::default()),
        }
    }
}

/// What a union's JSON turned out to be. The object is read by `JSONSchemaProps`'s own
/// `Deserialize` on the same deserializer, so strict decoding still sees unknown fields.
enum Read<T> {
    Schema(Box<JSONSchemaProps>),
    Array(Vec<T>),
    Bool(bool),
    Other,
}

/// Reads any JSON value into [`Read`], array items as `T`; `what` is what was expected.
struct Shape<T> {
    what: &'static str,
    items: std::marker::PhantomData<T>,
}

fn shape<T>(what: &'static str) -> Shape<T> {
    Shape {
        what,
        items: std::marker::PhantomData,
    }
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for Shape<T> {
    type Value = Read<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.what)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Read<T>, A::Error> {
        JSONSchemaProps::deserialize(MapAccessDeserializer::new(map))
            .map(|schema| Read::Schema(Box::new(schema)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Read<T>, A::Error> {
        Vec::deserialize(SeqAccessDeserializer::new(seq)).map(Read::Array)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Read<T>, E> {
        Ok(Read::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Read<T>, E> {
        Ok(Read::Other)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Read<T>, E> {
        Ok(Read::Other)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Read<T>, E> {
        Ok(Read::Other)
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Read<T>, E> {
        Ok(Read::Other)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Read<T>, E> {
        Ok(Read::Other)
    }

    fn visit_none<E: de::Error>(self) -> Result<Read<T>, E> {
        Ok(Read::Other)
    }
}

kapi::if_fuzz! {
    /// Random values Go's marshalling keeps as they are (apiextensions' fuzzer funcs do the
    /// same): JSON bytes that are a JSON value as serde_json writes it.
    impl kapi::fuzz::FuzzHook for JSON {
        fn fuzz_hook(&mut self, f: &mut kapi::fuzz::Fuzzer) {
            self.raw = ByteString(serde_json::to_vec(&f.json()).unwrap_or_default());
        }
    }

    /// Either the schema or a non-empty array: an empty one is written as `null`, which an
    /// optional field reads as unset.
    impl kapi::fuzz::FuzzHook for JSONSchemaPropsOrArray {
        fn fuzz_hook(&mut self, _: &mut kapi::fuzz::Fuzzer) {
            if !self.json_schemas.is_empty() {
                self.schema = None;
            } else if self.schema.is_none() {
                self.schema = Some(Box::default());
            }
        }
    }

    /// A schema always allows.
    impl kapi::fuzz::FuzzHook for JSONSchemaPropsOrBool {
        fn fuzz_hook(&mut self, _: &mut kapi::fuzz::Fuzzer) {
            if self.schema.is_some() {
                self.allows = true;
            }
        }
    }

    /// Property names win over a schema.
    impl kapi::fuzz::FuzzHook for JSONSchemaPropsOrStringArray {
        fn fuzz_hook(&mut self, _: &mut kapi::fuzz::Fuzzer) {
            if !self.property.is_empty() {
                self.schema = None;
            }
        }
    }
}
