//! Raw bytes as Kubernetes puts them in JSON (Secret `data`, CA bundles):
//! a standard, padded base64 string.

use std::fmt;

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Bytes that travel as base64 text. Plain `Vec<u8>` would serialize as an
/// array of numbers, which Kubernetes neither emits nor accepts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ByteString(pub Vec<u8>);

impl ByteString {
    /// The wire form, for callers that build JSON or YAML by hand.
    pub fn to_base64(&self) -> String {
        STANDARD.encode(&self.0)
    }

    /// Decodes the wire form; strict about the alphabet and padding, as
    /// Go's `encoding/json` is for `[]byte` fields.
    pub fn from_base64(encoded: &str) -> Result<Self, base64::DecodeError> {
        STANDARD.decode(encoded).map(ByteString)
    }
}

impl From<Vec<u8>> for ByteString {
    fn from(bytes: Vec<u8>) -> Self {
        ByteString(bytes)
    }
}

impl From<&[u8]> for ByteString {
    fn from(bytes: &[u8]) -> Self {
        ByteString(bytes.to_vec())
    }
}

impl From<ByteString> for Vec<u8> {
    fn from(bytes: ByteString) -> Self {
        bytes.0
    }
}

impl AsRef<[u8]> for ByteString {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Serialize for ByteString {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_base64())
    }
}

struct ByteStringVisitor;

impl Visitor<'_> for ByteStringVisitor {
    type Value = ByteString;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a standard base64 string with padding")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<ByteString, E> {
        ByteString::from_base64(v).map_err(|e| E::custom(format!("invalid base64 data {v:?}: {e}")))
    }
}

impl<'de> Deserialize<'de> for ByteString {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(ByteStringVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_padded_standard_base64() {
        let cases: &[(&[u8], &str)] = &[
            (b"", "\"\""),
            (b"f", "\"Zg==\""),
            (b"fo", "\"Zm8=\""),
            (b"foo", "\"Zm9v\""),
            (b"hello world", "\"aGVsbG8gd29ybGQ=\""),
            (&[0xfb, 0xff, 0xfe], "\"+//+\""),
        ];
        for (bytes, json) in cases {
            let value = ByteString::from(*bytes);
            assert_eq!(serde_json::to_string(&value).unwrap(), *json);
            let back: ByteString = serde_json::from_str(json).unwrap();
            assert_eq!(back, value);
        }
    }

    #[test]
    fn rejects_invalid_base64() {
        for json in ["\"Zg\"", "\"Zg=\"", "\"-__-\"", "\"Zm9v!\"", "\"Z===\""] {
            let err = serde_json::from_str::<ByteString>(json)
                .unwrap_err()
                .to_string();
            assert!(err.contains("invalid base64 data"), "{json}: {err}");
        }
    }

    #[test]
    fn rejects_other_json_types() {
        for json in ["[1,2]", "12", "null", "{}"] {
            let err = serde_json::from_str::<ByteString>(json)
                .unwrap_err()
                .to_string();
            assert!(err.contains("base64 string"), "{json}: {err}");
        }
    }

    #[test]
    fn optional_and_nested_values() {
        let map: std::collections::BTreeMap<String, Option<ByteString>> =
            serde_json::from_str(r#"{"a":"YQ==","b":null}"#).unwrap();
        assert_eq!(map["a"], Some(ByteString(b"a".to_vec())));
        assert_eq!(map["b"], None);
    }

    #[test]
    fn conversions() {
        let b = ByteString::from(vec![1, 2, 3]);
        assert_eq!(b.as_ref(), &[1, 2, 3]);
        assert_eq!(b.to_base64(), "AQID");
        assert_eq!(ByteString::from_base64("AQID"), Ok(b.clone()));
        assert_eq!(Vec::<u8>::from(b), vec![1, 2, 3]);
        assert_eq!(ByteString::default().0, Vec::<u8>::new());
    }
}
