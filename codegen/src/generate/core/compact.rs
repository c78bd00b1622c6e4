//! Printers of data documents (OpenAPI JSON, `model.yaml`) that put a value on one line
//! when it fits on a line and break it one entry per line when it does not: a
//! `{"$ref": "..."}` or a short list stays one line instead of three or more, which is most
//! of the lines of an OpenAPI document printed one token per line. Keys keep their order
//! (serde_json's maps are sorted), so output is stable. JSON lines are at most
//! [`JSON_WIDTH`] columns, YAML's [`YAML_WIDTH`]: the summary's unit is a field, and a
//! field with a short doc fits on one line there.
//!
//! The JSON printer reads any [`Tree`]: serde_json's `Value`, or [`super::json::Json`], the
//! lighter tree an OpenAPI document's paths are built as (the same parameter and response
//! objects thousands of times: shared, and printed once).

use serde_json::Value;

/// The widest line the JSON printer joins a value onto.
pub const JSON_WIDTH: usize = 120;

/// The widest line the YAML printer joins a value onto.
pub const YAML_WIDTH: usize = 160;

/// A JSON value as the printers see it.
pub trait Tree: Sized {
    /// An object's entries, in the order they are printed.
    type Entries<'a>: ExactSizeIterator<Item = (&'a str, &'a Self)> + Clone
    where
        Self: 'a;

    fn node(&self) -> Node<'_, Self>;

    /// The value's whole one-line form, when it is known before printing (a part printed
    /// once and written in many places).
    fn flat(&self) -> Option<&str> {
        None
    }

    /// Where a part printed in many places keeps the text it was laid out as.
    fn layouts(&self) -> Option<&Layouts> {
        None
    }
}

/// A value's text as [`json`] lays it out at each indent and column it was printed at: the
/// layout depends on nothing else, so a part met again at the same place is copied.
#[derive(Debug, Default)]
pub struct Layouts(std::cell::RefCell<Vec<(usize, usize, String)>>);

impl Layouts {
    /// Appends the text kept for `indent` and `column`; whether there was one.
    fn copy(&self, out: &mut String, indent: usize, column: usize) -> bool {
        let kept = self.0.borrow();
        match kept.iter().find(|(i, c, _)| *i == indent && *c == column) {
            Some((_, _, text)) => {
                out.push_str(text);
                true
            }
            None => false,
        }
    }

    fn keep(&self, indent: usize, column: usize, text: &str) {
        self.0.borrow_mut().push((indent, column, text.to_string()));
    }
}

/// One level of a [`Tree`].
pub enum Node<'a, T: Tree + 'a> {
    Array(&'a [T]),
    Object(T::Entries<'a>),
    String(&'a str),
    /// `null`, `true` or `false`.
    Literal(&'static str),
    Number(&'a serde_json::Number),
    /// A serde_json value inside another tree, printed as it would be on its own.
    Value(&'a Value),
}

type ValueEntries<'a> =
    std::iter::Map<serde_json::map::Iter<'a>, fn((&'a String, &'a Value)) -> (&'a str, &'a Value)>;

fn value_entry<'a>((key, value): (&'a String, &'a Value)) -> (&'a str, &'a Value) {
    (key, value)
}

impl Tree for Value {
    type Entries<'a> = ValueEntries<'a>;

    fn node(&self) -> Node<'_, Self> {
        match self {
            Value::Array(items) => Node::Array(items),
            Value::Object(map) => Node::Object(map.iter().map(value_entry as fn(_) -> _)),
            Value::String(s) => Node::String(s),
            Value::Null => Node::Literal("null"),
            Value::Bool(true) => Node::Literal("true"),
            Value::Bool(false) => Node::Literal("false"),
            Value::Number(n) => Node::Number(n),
        }
    }
}

/// `value` as JSON, two-space indented, small values on one line, ending in a newline.
pub fn json<T: Tree>(value: &T) -> String {
    let mut out = String::new();
    json_value(&mut out, value, 0, 0);
    out.push('\n');
    out
}

/// Appends `value` as [`json`] prints it at `indent`, starting at `column`.
fn json_value<T: Tree>(out: &mut String, value: &T, indent: usize, column: usize) {
    if let Node::Value(v) = value.node() {
        return json_value(out, v, indent, column);
    }
    if let Some(layouts) = value.layouts() {
        if !layouts.copy(out, indent, column) {
            let start = out.len();
            lay_out(out, value, indent, column);
            layouts.keep(indent, column, &out[start..]);
        }
        return;
    }
    lay_out(out, value, indent, column);
}

/// [`json_value`] without looking for a kept layout.
fn lay_out<T: Tree>(out: &mut String, value: &T, indent: usize, column: usize) {
    // Tried in place: a value that does not fit is cut off again.
    let start = out.len();
    if flow(
        out,
        value,
        start + JSON_WIDTH.saturating_sub(column),
        Style::Json,
    )
    .is_some()
    {
        return;
    }
    out.truncate(start);
    let inner = indent + 2;
    match value.node() {
        Node::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                newline(out, inner);
                json_value(out, item, inner, inner);
                if i + 1 < items.len() {
                    out.push(',');
                }
            }
            newline(out, indent);
            out.push(']');
        }
        Node::Object(entries) => {
            out.push('{');
            let len = entries.len();
            for (i, (key, item)) in entries.enumerate() {
                newline(out, inner);
                let key_start = out.len();
                json_string(out, key);
                let key_len = out.len() - key_start;
                out.push_str(": ");
                json_value(out, item, inner, inner + key_len + 2);
                if i + 1 < len {
                    out.push(',');
                }
            }
            newline(out, indent);
            out.push('}');
        }
        // Scalars always fit: `flow` gives up only on lists and objects.
        Node::String(_) | Node::Literal(_) | Node::Number(_) | Node::Value(_) => {}
    }
}

/// `value` in flow form on one line, however long: a part of a document printed once and
/// copied where it fits.
pub fn one_line<T: Tree>(value: &T) -> String {
    let mut out = String::new();
    let _ = flow(&mut out, value, usize::MAX, Style::Json);
    out
}

/// How strings are written: JSON's quoted strings, or YAML's plain words where they read
/// the same.
#[derive(Clone, Copy)]
enum Style {
    Json,
    Yaml,
}

impl Style {
    fn string(self, out: &mut String, s: &str) {
        match self {
            Style::Json => json_string(out, s),
            Style::Yaml => yaml_string(out, s),
        }
    }
}

/// Appends `value` in flow form; `None` as soon as `out` grows past `end` (a list or an
/// object; a scalar is written whole).
fn flow<T: Tree>(out: &mut String, value: &T, end: usize, style: Style) -> Option<()> {
    // A shared part's one-line form is JSON's.
    if let (Some(text), Style::Json) = (value.flat(), style) {
        if out.len() + text.len() > end {
            return None;
        }
        out.push_str(text);
        return Some(());
    }
    let node = value.node();
    if let Node::Value(v) = node {
        return flow(out, v, end, style);
    }
    // What no line can hold is given up on before anything is written: most values that
    // do not fit are seen not to from their entries' sizes, without writing and cutting
    // off a line's worth of text at every level of a large document.
    if out.len() + least_width(&node) > end {
        return None;
    }
    match node {
        Node::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                past_end(out, item, end)?;
                flow(out, item, end, style)?;
                fits(out, end)?;
            }
            out.push(']');
        }
        Node::Object(entries) => {
            out.push('{');
            for (i, (key, item)) in entries.enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                style.string(out, key);
                out.push_str(": ");
                past_end(out, item, end)?;
                flow(out, item, end, style)?;
                fits(out, end)?;
            }
            out.push('}');
        }
        Node::String(s) => {
            style.string(out, s);
            return Some(());
        }
        Node::Literal(text) => {
            out.push_str(text);
            return Some(());
        }
        Node::Number(n) => {
            out.push_str(&n.to_string());
            return Some(());
        }
        Node::Value(_) => {}
    }
    fits(out, end)
}

/// A lower bound of the width of `value` in flow form, in either style: brackets, the
/// separators between entries, keys (bare, as YAML may write them), and what each entry's
/// value takes at least (a string its text, unquoted; a list or object its brackets).
fn least_width<T: Tree>(node: &Node<'_, T>) -> usize {
    fn least_scalar<T: Tree>(value: &T) -> usize {
        match value.node() {
            Node::String(s) => s.len(),
            Node::Array(_) | Node::Object(_) => 2,
            Node::Literal(text) => text.len(),
            Node::Number(_) => 1,
            Node::Value(v) => least_scalar(v),
        }
    }
    let (count, entries) = match node {
        Node::Array(items) => (items.len(), items.iter().map(least_scalar).sum::<usize>()),
        Node::Object(entries) => (
            entries.len(),
            entries
                .clone()
                .map(|(k, v)| k.len() + 2 + least_scalar(v))
                .sum::<usize>(),
        ),
        _ => return 0,
    };
    2 + entries + 2 * count.saturating_sub(1)
}

/// `None` when `item`, a string inside a list or object, cannot end by `end`: a long
/// description is given up on before it is escaped, at every level that tries a line.
fn past_end<T: Tree>(out: &str, item: &T, end: usize) -> Option<()> {
    match item.node() {
        Node::String(s) if out.len() + s.len() > end => None,
        Node::Value(v) => past_end(out, v, end),
        _ => Some(()),
    }
}

/// Whether a one-line form built so far still ends by `end`: checked after every item, so
/// a large value is given up on early rather than printed whole.
fn fits(out: &str, end: usize) -> Option<()> {
    (out.len() <= end).then_some(())
}

/// Appends `s` as a JSON string, escaped as serde_json escapes it.
fn json_string(out: &mut String, s: &str) {
    out.push('"');
    if !needs_escape(s.as_bytes()) {
        out.push_str(s);
        out.push('"');
        return;
    }
    // Runs of characters that need no escape are copied whole: every escaped character is
    // ASCII, so a byte boundary before one is a character boundary.
    let mut plain = 0;
    for (i, b) in s.bytes().enumerate() {
        let escaped = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..0x20 => "",
            _ => continue,
        };
        out.push_str(&s[plain..i]);
        if escaped.is_empty() {
            out.push_str(&format!("\\u{b:04x}"));
        } else {
            out.push_str(escaped);
        }
        plain = i + 1;
    }
    out.push_str(&s[plain..]);
    out.push('"');
}

/// Whether a string holds a byte JSON escapes (a control character, `"` or `\\`): most
/// strings of a document hold none and are copied whole. Eight bytes at a time, as a
/// document is mostly strings.
fn needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    // A byte of `x` is zero: the classic test, exact when it is used to find any zero byte.
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS != 0;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_ne_bytes(word);
        // Bytes below 0x20 are those with none of the top three bits set.
        let control = has_zero(x & u64::from_ne_bytes([0xE0; 8]));
        let quote = has_zero(x ^ u64::from_ne_bytes([b'"'; 8]));
        let backslash = has_zero(x ^ u64::from_ne_bytes([b'\\'; 8]));
        if control || quote || backslash {
            return true;
        }
    }
    chunks
        .remainder()
        .iter()
        .any(|&b| b < 0x20 || b == b'"' || b == b'\\')
}

fn newline(out: &mut String, indent: usize) {
    out.push('\n');
    spaces(out, indent);
}

/// Appends `count` spaces: a document's indentation is a good part of its bytes, written a
/// slice at a time rather than a character at a time.
pub fn spaces(out: &mut String, mut count: usize) {
    const SPACES: &str = "                                                                ";
    while count > 0 {
        let n = count.min(SPACES.len());
        out.push_str(&SPACES[..n]);
        count -= n;
    }
}

/// `value` as block YAML, small mappings and lists in flow style on one line, without the
/// entries that say nothing (`null`, `false`, empty strings, lists and mappings): a reader
/// of the summary takes a missing key for its zero value.
pub fn yaml_without_zeros(mut value: Value) -> String {
    if drop_zeros(&mut value) {
        value = Value::Null;
    }
    yaml(&value)
}

/// `value` as block YAML, small mappings and lists in flow style on one line, every entry
/// written (see [`super::without_zeros`] for a tree without zero entries).
pub fn yaml<T: Tree>(value: &T) -> String {
    let mut out = String::new();
    match value.node() {
        Node::Object(entries) => yaml_mapping::<T>(&mut out, entries, 0),
        Node::Value(v) => return yaml(v),
        _ => {
            // Nothing is too wide for a line without end.
            let _ = flow(&mut out, value, usize::MAX, Style::Yaml);
            out.push('\n');
        }
    }
    out
}

/// Removes the zero entries of `value` where they are (rebuilding the maps cost as much as
/// printing them); whether `value` is a zero itself.
fn drop_zeros(value: &mut Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::String(s) => s.is_empty(),
        Value::Array(items) => {
            // List items keep their places: a zero item is written as it is, a list or
            // mapping item as what is left of it.
            for item in items.iter_mut() {
                if matches!(item, Value::Array(_) | Value::Object(_)) {
                    drop_zeros(item);
                }
            }
            items.is_empty()
        }
        Value::Object(map) => {
            map.retain(|_, v| !drop_zeros(v));
            map.is_empty()
        }
        _ => false,
    }
}

/// A block mapping whose keys start at `indent`.
fn yaml_mapping<'a, T: Tree + 'a>(out: &mut String, entries: T::Entries<'a>, indent: usize) {
    for (i, (key, value)) in entries.enumerate() {
        if i > 0 {
            spaces(out, indent);
        }
        let key_start = out.len();
        yaml_string(out, key);
        let key_len = out.len() - key_start;
        out.push(':');
        yaml_entry_value(out, value, indent, indent + key_len + 2);
    }
}

/// The value of a mapping entry or list item, after its `key:` or `-`, ending the line.
fn yaml_entry_value<T: Tree>(out: &mut String, value: &T, indent: usize, column: usize) {
    if let Node::Value(v) = value.node() {
        return yaml_entry_value(out, v, indent, column);
    }
    if yaml_flow(out, value, YAML_WIDTH.saturating_sub(column)) {
        out.push('\n');
        return;
    }
    out.push('\n');
    match value.node() {
        // A list under a key is written at the key's indent, as serde_yaml writes it.
        Node::Array(items) => yaml_sequence(out, items, indent),
        Node::Object(entries) => {
            spaces(out, indent + 2);
            yaml_mapping::<T>(out, entries, indent + 2);
        }
        // Scalars always fit in flow form.
        _ => {}
    }
}

fn yaml_sequence<T: Tree>(out: &mut String, items: &[T], indent: usize) {
    for item in items {
        spaces(out, indent);
        out.push('-');
        match item.node() {
            Node::Object(entries) => {
                if yaml_flow(out, item, YAML_WIDTH.saturating_sub(indent + 2)) {
                    out.push('\n');
                } else {
                    out.push(' ');
                    yaml_mapping::<T>(out, entries, indent + 2);
                }
            }
            _ => yaml_entry_value(out, item, indent + 2, indent + 2),
        }
    }
}

/// Appends a space and `value` in flow style if that fits in `budget` columns (scalars
/// always do); whether it did. Tried in place: what does not fit is cut off again.
fn yaml_flow<T: Tree>(out: &mut String, value: &T, budget: usize) -> bool {
    let start = out.len();
    out.push(' ');
    let end = out.len().saturating_add(budget);
    if flow(out, value, end, Style::Yaml).is_some() {
        return true;
    }
    out.truncate(start);
    false
}

/// Appends a string as a YAML scalar: plain when it cannot be read as anything else (a
/// word or a path of words), else double-quoted, which JSON's escaping is valid for.
fn yaml_string(out: &mut String, s: &str) {
    let plain = s
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '-'))
        // Compared without a lowercase copy: the summary has a scalar on every line.
        && !["true", "false", "null", "yes", "no", "on", "off", "y", "n"]
            .iter()
            .any(|word| s.eq_ignore_ascii_case(word));
    if plain {
        out.push_str(s);
    } else {
        json_string(out, s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_keeps_small_values_on_one_line_and_reads_back_the_same() {
        let long = "x".repeat(JSON_WIDTH);
        let doc = json!({
            "paths": {"/a": {"parameters": [{"$ref": "#/parameters/a"}, {"in": "query", "name": "b"}]}},
            "long": [long, 1],
            "empty": {},
        });
        let text = json(&doc);
        assert_eq!(
            text,
            format!(
                "{{\n  \"empty\": {{}},\n  \"long\": [\n    \"{long}\",\n    1\n  ],\n  \"paths\": {{\"/a\": {{\"parameters\": [{{\"$ref\": \"#/parameters/a\"}}, {{\"in\": \"query\", \"name\": \"b\"}}]}}}}\n}}\n"
            )
        );
        assert_eq!(serde_json::from_str::<Value>(&text).expect("json"), doc);
    }

    #[test]
    fn json_strings_are_escaped_as_serde_json_escapes_them() {
        let doc = json!({"a\"b": "q\"b\\s\n\r\t\u{1}\u{8}\u{c}é"});
        assert_eq!(
            json(&doc),
            format!("{}\n", serde_json::to_string(&doc).expect("json")).replace(":", ": ")
        );
    }

    #[test]
    fn strings_that_need_escaping_are_found_in_any_position() {
        let naive = |s: &[u8]| s.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\');
        let plain = "aé€ 0123456789abcdefghijklmnopqrstuvwxyz/:.~\u{7f}\u{80}";
        for special in ["", "\"", "\\", "\n", "\u{1}", "\u{1f}", " ", "\u{7f}"] {
            for at in 0..plain.len() {
                if !plain.is_char_boundary(at) {
                    continue;
                }
                let s = format!("{}{special}{}", &plain[..at], &plain[at..]);
                assert_eq!(needs_escape(s.as_bytes()), naive(s.as_bytes()), "{s:?}");
            }
        }
    }

    #[test]
    fn yaml_drops_zeros_and_quotes_what_is_not_a_plain_word() {
        let doc = json!({
            "name": "Frobber",
            "docs": "A Frobber: frobs things.",
            "optional": false,
            "default": null,
            "keys": [],
            "fields": [{"name": "a", "ty": "i32", "optional": true}, {"name": "on", "ty": "String"}],
            "numbers": [1, 2],
        });
        assert_eq!(
            yaml_without_zeros(doc.clone()),
            "docs: \"A Frobber: frobs things.\"\n\
             fields: [{name: a, optional: true, ty: i32}, {name: \"on\", ty: String}]\n\
             name: Frobber\n\
             numbers: [1, 2]\n"
        );
    }

    #[test]
    fn yaml_breaks_what_does_not_fit() {
        let docs = "d".repeat(YAML_WIDTH);
        let doc = json!({"types": [{"name": "A", "docs": docs}], "nested": {"inner": {"a": docs}}});
        assert_eq!(
            yaml_without_zeros(doc.clone()),
            format!("nested:\n  inner:\n    a: {docs}\ntypes:\n- docs: {docs}\n  name: A\n")
        );
    }
}
