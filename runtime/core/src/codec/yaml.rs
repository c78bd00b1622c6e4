//! YAML: read leniently through serde_yaml_ng (the maintained fork; serde_yaml is archived),
//! written as `sigs.k8s.io/yaml` writes it ([`emitter`]).
//!
//! Input is bounded as JSON's is: nesting deeper than [`MAX_DEPTH`] is refused before the
//! parser runs. serde_yaml_ng has a recursion limit of its own, but it parses the whole
//! document into events first, and libyaml's cost per token grows with the number of open
//! flow collections, so deeply nested flow input costs time quadratic in its size before
//! that limit is ever checked.

mod emitter;

use super::{duplicates, json, CodecError};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// How deep collections may nest: serde_json's recursion limit, so JSON and YAML accept
/// the same documents.
pub const MAX_DEPTH: usize = 128;

pub fn from_str<T: DeserializeOwned>(input: &str) -> Result<T, CodecError> {
    check_depth(input)?;
    Ok(serde_yaml_ng::from_str(input)?)
}

pub fn from_slice<T: DeserializeOwned>(input: &[u8]) -> Result<T, CodecError> {
    from_str(utf8(input)?)
}

/// Strict YAML: every unknown field and every key repeated within one mapping, each with
/// its path, in the words strict JSON uses.
pub fn from_str_strict<T: DeserializeOwned>(input: &str) -> Result<json::Strict<T>, CodecError> {
    check_depth(input)?;
    // The typed decoder keeps the last of a repeated key, as kube-apiserver's YAML decoder
    // does; repeats are found in a pass over the parser's events.
    let duplicate_fields = duplicates::find(serde_yaml_ng::Deserializer::from_str(input))?;
    let value: serde_json::Value = serde_yaml_ng::from_str(input)?;
    let mut strict = json::from_value_strict(value)?;
    strict.duplicate_fields = duplicate_fields;
    Ok(strict)
}

pub fn from_slice_strict<T: DeserializeOwned>(input: &[u8]) -> Result<json::Strict<T>, CodecError> {
    from_str_strict(utf8(input)?)
}

/// YAML byte for byte as Kubernetes writes it (`sigs.k8s.io/yaml`: the JSON form through
/// go-yaml v2, [`emitter`]): keys in go-yaml's order, strings a YAML 1.1 reader would take
/// for a timestamp, number, boolean or null double-quoted. Through the JSON value, as the
/// `Scheme` encodes, so JSON-only forms such as `FieldsV1`'s raw text come out as YAML, not
/// as serde_json's private raw-value wrapper. Nesting deeper than [`MAX_DEPTH`] is refused.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, CodecError> {
    let value = json::to_value(value)?;
    emitter::to_string(&value, MAX_DEPTH).ok_or_else(|| {
        CodecError::Yaml(serde::ser::Error::custom(format!(
            "recursion limit exceeded: nesting deeper than {MAX_DEPTH}"
        )))
    })
}

fn utf8(input: &[u8]) -> Result<&str, CodecError> {
    std::str::from_utf8(input)
        .map_err(|e| CodecError::Yaml(serde::de::Error::custom(format!("input is not UTF-8: {e}"))))
}

fn check_depth(input: &str) -> Result<(), CodecError> {
    kapi_yaml_depth::check(input, MAX_DEPTH)
        .map_err(|e| CodecError::Yaml(serde::de::Error::custom(e.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    #[test]
    fn ordinary_documents_pass_the_depth_check() {
        let doc =
            "a:\n  b:\n    - c: [1, {d: \"[[[\"}]\n    - 'it''s [ok'\n# [[[[ comment\nz: x # {{{\n";
        let v: Value = from_str(doc).expect("decodes");
        assert_eq!(v["a"]["b"][0]["c"][1]["d"], json!("[[["));
        assert_eq!(v["a"]["b"][1], json!("it's [ok"));
    }

    #[test]
    fn raw_json_fields_are_written_as_yaml() {
        // Found by the example API's fixtures: `FieldsV1` keeps its JSON text and serializes
        // it as serde_json's raw value, which a YAML serializer wrote as a private wrapper map.
        let entry = crate::meta::ManagedFieldsEntry {
            manager: "kubectl".into(),
            fields_v1: Some(crate::meta::FieldsV1::from(json!({"f:spec": {"f:x": {}}}))),
            ..Default::default()
        };
        let text = to_string(&entry).expect("encodes");
        assert!(!text.contains("RawValue"), "{text}");
        assert!(
            text.contains("fieldsV1:\n  f:spec:\n    f:x: {}\n"),
            "{text}"
        );
        let back: crate::meta::ManagedFieldsEntry = from_str(&text).expect("decodes");
        assert_eq!(back, entry);
    }

    #[test]
    fn deep_flow_nesting_is_refused_before_parsing() {
        for doc in [
            "[".repeat(100_000) + &"]".repeat(100_000),
            "{a: ".repeat(100_000) + "1" + &"}".repeat(100_000),
            "- ".repeat(100_000) + "1\n",
            (0..200).map(|i| format!("{}a:\n", " ".repeat(i))).collect(),
        ] {
            let err = from_str::<Value>(&doc).expect_err("too deep").to_string();
            assert!(err.contains("recursion limit exceeded"), "{err}");
        }
        // At the limit JSON accepts, YAML does too.
        let ok = "[".repeat(100) + &"]".repeat(100);
        from_str::<Value>(&ok).expect("100 levels decode");
    }

    #[test]
    fn strict_reports_repeated_keys_with_their_paths() {
        let strict: json::Strict<Value> =
            from_str_strict("a: 1\nb:\n  c: 1\n  c: 2\na: 3\n").expect("decodes");
        assert_eq!(strict.duplicate_fields, ["b.c", "a"]);
        assert_eq!(strict.value, json!({"a": 3, "b": {"c": 2}}));
    }
}
