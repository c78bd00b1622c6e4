//! `--assign-protobuf-tags`: writes `protobuf = N` into the source of every field of a
//! protobuf-enabled group-version that has none.
//!
//! Numbers are what [`missing_protobuf_numbers`] suggests (the next free number per type, in
//! field order), so running it once and committing the result is the same as following each
//! missing-number error's help by hand. The edit works on the source text at the positions
//! the model recorded, and touches nothing else: an existing `#[k8s(...)]` gets
//! `, protobuf = N` before its closing parenthesis; a field without one gets a
//! `#[k8s(protobuf = N)]` line of its own, indented like the field.

use crate::generate::{Error, Settings};
use crate::model::check::{missing_protobuf_numbers, protobuf_enabled};
use crate::model::source;
use proc_macro2::LineColumn;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The numbers assigned: per file, `(type, field, number)` in source order.
#[derive(Debug, Default)]
pub struct Assigned {
    pub files: BTreeMap<PathBuf, Vec<(String, String, i64)>>,
}

impl Assigned {
    pub fn count(&self) -> usize {
        self.files.values().map(Vec::len).sum()
    }

    /// One line per file, for the CLIs.
    pub fn summary(&self, crate_dir: &Path) -> String {
        if self.files.is_empty() {
            return "kapi-codegen: every field of a protobuf-enabled type has a protobuf number"
                .to_string();
        }
        let mut out = String::new();
        for (file, fields) in &self.files {
            let shown = file.strip_prefix(crate_dir).unwrap_or(file);
            out.push_str(&format!(
                "kapi-codegen: {}: assigned {} protobuf number(s)\n",
                shown.display(),
                fields.len()
            ));
        }
        out.push_str(&format!(
            "kapi-codegen: assigned {} protobuf number(s) in {} file(s)",
            self.count(),
            self.files.len()
        ));
        out
    }
}

/// One insertion into a file's text.
struct Insert {
    offset: usize,
    text: String,
}

/// Assigns numbers in the crate at `crate_dir` and rewrites its source files.
pub fn assign(crate_dir: &Path) -> Result<Assigned, Error> {
    let settings = Settings::load(crate_dir)?;
    let lib_rs = crate_dir.join("src/lib.rs");
    let generated_dir = crate_dir.join(&settings.output);
    let parsed = source::parse_crate_except(&settings.crate_name, &lib_rs, &[generated_dir])
        .map_err(|e| Error::Io(e.0))?;
    // Editing source that does not parse could put a number in the wrong place; the
    // whole-model checks are not needed to place numbers, and the missing numbers are
    // exactly what they would report.
    if !parsed.diagnostics.is_empty() {
        return Err(Error::Source {
            rendered: parsed.render_diagnostics(crate_dir),
            count: parsed.diagnostics.len(),
        });
    }
    let mut inserts: BTreeMap<PathBuf, Vec<Insert>> = BTreeMap::new();
    let mut assigned = Assigned::default();
    for gv in parsed
        .model
        .versions
        .iter()
        .filter(|gv| protobuf_enabled(gv))
    {
        for t in &gv.types {
            for (i, n) in missing_protobuf_numbers(t) {
                let Some(f) = t.fields().get(i) else { continue };
                let text = parsed.sources.get(&t.file).ok_or_else(|| {
                    Error::Io(format!("{}: source text not loaded", t.file.display()))
                })?;
                let insert = match f.marker_spans.last() {
                    Some(span) => into_attribute(text, span.start(), n),
                    None => before_field(text, f.span.start(), n),
                }
                .ok_or_else(|| {
                    Error::Io(format!(
                        "{}: cannot place `protobuf = {n}` for `{}.{}`",
                        t.file.display(),
                        t.name,
                        f.rust_name
                    ))
                })?;
                inserts.entry(t.file.clone()).or_default().push(insert);
                assigned.files.entry(t.file.clone()).or_default().push((
                    t.name.clone(),
                    f.rust_name.clone(),
                    n,
                ));
            }
        }
    }
    for (file, mut edits) in inserts {
        let Some(text) = parsed.sources.get(&file) else {
            continue;
        };
        // From the end, so earlier offsets stay valid.
        edits.sort_by_key(|e| std::cmp::Reverse(e.offset));
        let mut out = text.clone();
        for e in edits {
            out.insert_str(e.offset, &e.text);
        }
        std::fs::write(&file, out)
            .map_err(|e| Error::Io(format!("cannot write {}: {e}", file.display())))?;
    }
    Ok(assigned)
}

/// The byte offset of a span position (1-based line, column in characters).
fn offset(text: &str, at: LineColumn) -> Option<usize> {
    let line_start = if at.line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(at.line - 2)?.0 + 1
    };
    let line = &text[line_start..];
    let col = line
        .char_indices()
        .nth(at.column)
        .map(|(i, _)| i)
        .unwrap_or(line.len());
    Some(line_start + col)
}

/// `, protobuf = N` before the `)` that closes the `#[k8s(` holding the marker at `marker`.
fn into_attribute(text: &str, marker: LineColumn, n: i64) -> Option<Insert> {
    let start = offset(text, marker)?;
    let close = start + closing_paren(&text[start..])?;
    let before = text[..close].trim_end();
    let text = if before.ends_with(',') {
        // A trailing comma stays last: `a,\n)` becomes `a, protobuf = N,\n)`.
        Insert {
            offset: before.len(),
            text: format!(" protobuf = {n},"),
        }
    } else {
        Insert {
            offset: before.len(),
            text: format!(", protobuf = {n}"),
        }
    };
    Some(text)
}

/// Where the marker list that `rest` starts in ends: the first `)` outside nested
/// brackets, string literals and comments.
fn closing_paren(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                if depth == 0 {
                    return (bytes[i] == b')').then_some(i);
                }
                depth -= 1;
            }
            b'"' => i = skip_string(bytes, i + 1)?,
            // Raw strings: `r"..."`, `r#"..."#` (an identifier ending in `r` is followed by
            // `=` or `,`, never by a quote).
            b'r' if matches!(bytes.get(i + 1), Some(b'"' | b'#')) => {
                let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
                let open = i + 1 + hashes;
                if bytes.get(open) == Some(&b'"') {
                    let closing = format!("\"{}", "#".repeat(hashes));
                    let end = rest[open + 1..].find(&closing)?;
                    i = open + 1 + end + closing.len() - 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i += rest[i..].find('\n')?;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index of the closing quote of a string whose contents start at `i`.
fn skip_string(bytes: &[u8], mut i: usize) -> Option<usize> {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// A `#[k8s(protobuf = N)]` line just above the line of the field's name (after its docs
/// and other attributes), indented like it.
fn before_field(text: &str, name: LineColumn, n: i64) -> Option<Insert> {
    let at = offset(
        text,
        LineColumn {
            line: name.line,
            column: 0,
        },
    )?;
    let indent: String = text[at..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    Some(Insert {
        offset: at,
        text: format!("{indent}#[k8s(protobuf = {n})]\n"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(text: &str, insert: Insert) -> String {
        let mut out = text.to_string();
        out.insert_str(insert.offset, &insert.text);
        out
    }

    #[test]
    fn extends_an_existing_attribute() {
        let text = "struct A {\n    #[k8s(optional, pattern = r\"a)b\", max_length = 3)]\n    pub a: String,\n}\n";
        let at = LineColumn {
            line: 2,
            column: 10,
        };
        let out = apply(text, into_attribute(text, at, 4).expect("placed"));
        assert!(out.contains("#[k8s(optional, pattern = r\"a)b\", max_length = 3, protobuf = 4)]"));
    }

    #[test]
    fn keeps_a_trailing_comma_last() {
        let text = "    #[k8s(\n        optional,\n    )]\n";
        let at = LineColumn { line: 2, column: 8 };
        let out = apply(text, into_attribute(text, at, 2).expect("placed"));
        assert_eq!(out, "    #[k8s(\n        optional, protobuf = 2,\n    )]\n");
    }

    #[test]
    fn adds_an_attribute_line() {
        let text = "struct A {\n    /// Docs.\n    pub a: String,\n}\n";
        let at = LineColumn { line: 3, column: 8 };
        let out = apply(text, before_field(text, at, 1).expect("placed"));
        assert_eq!(
            out,
            "struct A {\n    /// Docs.\n    #[k8s(protobuf = 1)]\n    pub a: String,\n}\n"
        );
    }
}
