//! CRD documents as block YAML, laid out exactly as serde_yaml_ng (libyaml) lays them out:
//! keys at their mapping's indentation, a sequence under a key at the key's column, empty
//! collections as `{}` and `[]`. libyaml's emitter spent more than the rest of the CRD
//! generator on every event; here the layout is written directly, and serde_yaml_ng is asked
//! only for the scalars whose style takes its rules to decide (quoting, block literals),
//! one scalar at a time. A document with a shape this printer does not lay out itself
//! (a multi-line key, a list in a list) is printed by serde_yaml_ng whole.

use crate::generate::core::compact::spaces;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// serde_yaml_ng's text of each string scalar it was asked for in a document: a CRD's
/// versions repeat most descriptions, and a scalar costs serde_yaml_ng an emitter.
type Asked<'a> = HashMap<&'a str, String>;

/// `doc` as serde_yaml_ng writes it.
pub fn document(doc: &Value) -> String {
    let mut out = String::new();
    let asked = &mut Asked::new();
    let laid_out = match doc {
        Value::Object(map) if !map.is_empty() => mapping(&mut out, asked, map, 0, false),
        Value::Array(items) if !items.is_empty() => sequence(&mut out, asked, items, 0, false),
        _ => None,
    };
    match laid_out {
        Some(()) => out,
        None => whole(doc),
    }
}

/// The document by serde_yaml_ng itself.
fn whole(doc: &Value) -> String {
    serde_yaml_ng::to_string(doc).unwrap_or_else(|e| {
        // A JSON value always has a YAML form; keep a failure visible rather than panic.
        format!("# cannot render as YAML: {e}\n")
    })
}

/// The entries of a block mapping whose keys start at column `indent`; with `inline` the
/// first key continues the current line (after a sequence's `- `).
fn mapping<'a>(
    out: &mut String,
    asked: &mut Asked<'a>,
    map: &'a Map<String, Value>,
    indent: usize,
    inline: bool,
) -> Option<()> {
    for (i, (key, value)) in map.iter().enumerate() {
        if i > 0 || !inline {
            spaces(out, indent);
        }
        // A key is a simple key: what is not plainly written goes to serde_yaml_ng.
        if !is_plain(key) {
            return None;
        }
        out.push_str(key);
        out.push(':');
        match value {
            Value::Object(m) if !m.is_empty() => {
                out.push('\n');
                mapping(out, asked, m, indent + 2, false)?;
            }
            // libyaml writes a mapping's sequence at the key's column.
            Value::Array(items) if !items.is_empty() => {
                out.push('\n');
                sequence(out, asked, items, indent, false)?;
            }
            scalar => {
                out.push(' ');
                self::scalar(out, asked, scalar, indent + 2)?;
                out.push('\n');
            }
        }
    }
    Some(())
}

/// The items of a block sequence whose `- ` starts at column `indent`.
fn sequence<'a>(
    out: &mut String,
    asked: &mut Asked<'a>,
    items: &'a [Value],
    indent: usize,
    inline: bool,
) -> Option<()> {
    for (i, item) in items.iter().enumerate() {
        if i > 0 || !inline {
            spaces(out, indent);
        }
        out.push_str("- ");
        match item {
            Value::Object(m) if !m.is_empty() => mapping(out, asked, m, indent + 2, true)?,
            Value::Array(inner) if !inner.is_empty() => return None,
            Value::String(s) if s.contains('\n') => return None,
            scalar => {
                self::scalar(out, asked, scalar, indent + 2)?;
                out.push('\n');
            }
        }
    }
    Some(())
}

/// A scalar or an empty collection after `key: ` or `- `; a block literal's lines at
/// column `indent`.
fn scalar<'a>(out: &mut String, asked: &mut Asked<'a>, value: &'a Value, indent: usize) -> Option<()> {
    match value {
        Value::Object(_) => out.push_str("{}"),
        Value::Array(_) => out.push_str("[]"),
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::String(s) if is_plain(s) => out.push_str(s),
        other => {
            let fresh;
            let alone = match other {
                Value::String(s) => match asked.entry(s) {
                    std::collections::hash_map::Entry::Occupied(kept) => kept.into_mut(),
                    std::collections::hash_map::Entry::Vacant(slot) => {
                        slot.insert(serde_yaml_ng::to_string(other).ok()?)
                    }
                },
                _ => {
                    fresh = serde_yaml_ng::to_string(other).ok()?;
                    &fresh
                }
            };
            let alone = alone.strip_suffix('\n').unwrap_or(alone);
            match alone.split_once('\n') {
                None => out.push_str(alone),
                // A block literal (`|-`), written alone with its lines at column 2.
                Some((header, lines)) if header.starts_with('|') => {
                    out.push_str(header);
                    for line in lines.split('\n') {
                        out.push('\n');
                        if let Some(text) = line.strip_prefix("  ") {
                            spaces(out, indent);
                            out.push_str(text);
                        } else if line.is_empty() {
                        } else {
                            return None;
                        }
                    }
                }
                Some(_) => return None,
            }
        }
    }
    Some(())
}

/// Whether libyaml writes `s` plain and serde_yaml_ng lets it (it would not read back as a
/// null, a bool or a number): a word-initial line of printable ASCII with no `: `, no ` #`
/// and no space or `:` at its end. Anything else is left to serde_yaml_ng.
fn is_plain(s: &str) -> bool {
    let bytes = s.as_bytes();
    let (Some(first), Some(last)) = (bytes.first(), bytes.last()) else {
        return false;
    };
    first.is_ascii_alphabetic()
        && *last != b' '
        && *last != b':'
        && bytes.iter().all(|b| (0x20..0x7f).contains(b))
        && !s.contains(": ")
        && !s.contains(" #")
        && !matches!(
            s,
            "null" | "Null" | "NULL" | "true" | "True" | "TRUE" | "false" | "False" | "FALSE"
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn documents_are_laid_out_as_serde_yaml_ng_lays_them_out() {
        let crd = json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "metadata": {"name": "a.b.example.com", "annotations": {}},
            "spec": {
                "names": {"categories": ["all", "x"], "shortNames": []},
                "versions": [
                    {"name": "v1", "served": true, "storage": false, "subresources": {"status": {}}},
                    {"name": "v2", "deprecationWarning": null, "columns": [{"jsonPath": ".spec.a", "priority": 1}]}
                ],
                "schema": {
                    "description": "More info: https://example.com, `quoted` (really) #1",
                    "multi": "Possible values:\n - `\"In\"`\n\n - last",
                    "indented": "  two\nlines",
                    "lead": " leading space",
                    "word": "true",
                    "number": "0123",
                    "float": 1.5,
                    "negative": -3,
                    "unicode": "é",
                    "tab": "a\tb",
                    "colon": "a:b",
                    "end": "ends:",
                    "hash": "a#b c #d",
                },
            },
        });
        // Laid out here, not handed to serde_yaml_ng whole.
        let Value::Object(map) = &crd else {
            unreachable!("an object")
        };
        assert!(mapping(&mut String::new(), &mut Asked::new(), map, 0, false).is_some());
        let handed_over = [
            json!({"true": 1}),
            json!({"list": [["nested"]]}),
            json!({"items": ["a\nb"]}),
        ];
        for doc in std::iter::once(crd).chain(handed_over) {
            assert_eq!(document(&doc), whole(&doc), "{doc}");
        }
    }
}
