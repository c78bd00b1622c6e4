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

/// Refuses input whose flow collections (`[`, `{`) or block indentation nest deeper than
/// [`MAX_DEPTH`], in one pass. Quoted scalars and comments are skipped, so brackets in
/// text never count; brackets inside plain or block scalars may over-count, which only
/// matters past a hundred unclosed ones.
fn check_depth(input: &str) -> Result<(), CodecError> {
    let mut flow = 0usize;
    let mut line = 1usize;
    let mut column = 0usize;
    let mut at_line_start = true;
    let mut indent = 0usize;
    // Indentation levels of the open block collections.
    let mut blocks: Vec<usize> = Vec::new();
    let mut chars = input.chars().peekable();
    let mut previous = '\n';
    while let Some(c) = chars.next() {
        column += 1;
        if at_line_start {
            if c == ' ' {
                indent += 1;
                previous = c;
                continue;
            }
            if c != '\n' && c != '\r' && c != '#' && flow == 0 {
                // A content line at `indent` closes every block opened at least as deep,
                // then opens one level.
                while blocks.last().is_some_and(|&open| open >= indent) {
                    blocks.pop();
                }
                blocks.push(indent);
                if blocks.len() > MAX_DEPTH {
                    return Err(too_deep(line, column));
                }
            }
            at_line_start = false;
        }
        match c {
            '\n' => {
                line += 1;
                column = 0;
                indent = 0;
                at_line_start = true;
            }
            '#' if previous.is_whitespace() => {
                // A comment runs to the end of the line.
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        column = 0;
                        indent = 0;
                        at_line_start = true;
                        break;
                    }
                }
                previous = '\n';
                continue;
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    column += 1;
                    if c == '\n' {
                        line += 1;
                        column = 0;
                    }
                    match (escaped, c) {
                        (false, '\\') => escaped = true,
                        (false, '"') => break,
                        _ => escaped = false,
                    }
                }
            }
            '\'' if !previous.is_alphanumeric() => {
                while let Some(c) = chars.next() {
                    column += 1;
                    if c == '\n' {
                        line += 1;
                        column = 0;
                    }
                    if c == '\'' {
                        // `''` is an escaped quote inside a single-quoted scalar.
                        if chars.peek() == Some(&'\'') {
                            chars.next();
                            column += 1;
                        } else {
                            break;
                        }
                    }
                }
            }
            '[' | '{' => {
                flow += 1;
                if flow + blocks.len() > MAX_DEPTH {
                    return Err(too_deep(line, column));
                }
            }
            ']' | '}' => flow = flow.saturating_sub(1),
            // `- - - x` and `? ? x` nest block collections on one line.
            '-' | '?' if flow == 0 && chars.peek().is_some_and(|n| *n == ' ') => {
                blocks.push(indent + column);
                if blocks.len() > MAX_DEPTH {
                    return Err(too_deep(line, column));
                }
            }
            _ => {}
        }
        previous = c;
    }
    Ok(())
}

fn too_deep(line: usize, column: usize) -> CodecError {
    CodecError::Yaml(serde::de::Error::custom(format!(
        "recursion limit exceeded: nesting deeper than {MAX_DEPTH} at line {line} column {column}"
    )))
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
