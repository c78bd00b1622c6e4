//! The one printer of imported modules: [`ir::Module`] to Rust source, laid out as rustfmt
//! lays it out (so `cargo fmt` leaves imported files as they are and a re-import compares
//! byte for byte), deterministic, with no timestamps or absolute paths.

use super::ir::{
    Const, Enum, Field, Item, Layout, Marker, Module, Scalar, Struct, Type, ValidationStyle, Value,
    Variant,
};
use std::collections::BTreeSet;
use std::fmt::Write;

/// rustfmt's `max_width`.
const MAX_WIDTH: usize = 100;
/// rustfmt's `attr_fn_like_width`: longer attribute arguments go one per line.
const ATTR_ARGS_WIDTH: usize = 70;

/// The source of `module`; `source` names what it was imported from, for the first line.
pub fn module(module: &Module, source: &str, layout: &Layout) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// Imported by kapi-codegen from {source}. Change the source and import again."
    );
    if !module.docs.is_empty() {
        out.push('\n');
        for line in doc_lines(&module.docs) {
            push_line(&mut out, 0, &format!("//!{line}"));
        }
    }
    let local: BTreeSet<&str> = module.items.iter().map(Item::name).collect();
    let uses = Uses::of(module, &local);
    out.push('\n');
    for line in uses.lines() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push('\n');
    out.push_str("kapi::group_version! {\n");
    let _ = writeln!(out, "    group_name = {},", quote(&module.group));
    let _ = writeln!(out, "    version = {},", quote(&module.version));
    if let Some(name) = &module.group_go_name {
        let _ = writeln!(out, "    group_go_name = {},", quote(name));
    }
    if let Some(package) = &module.protobuf_package {
        let _ = writeln!(out, "    protobuf_package = {},", quote(package));
    }
    if let Some(path) = &module.protobuf_path {
        let _ = writeln!(out, "    protobuf_path = {},", quote(path));
    }
    if module.validation != ValidationStyle::BuiltIn {
        let _ = writeln!(
            out,
            "    validation = {},",
            quote(module.validation.as_str())
        );
    }
    if layout.cargo_features {
        let _ = writeln!(
            out,
            "    cargo_feature = {},",
            quote(&Layout::feature(&module.path))
        );
    }
    out.push_str("}\n");
    if let Some(generated) = &layout.generated {
        // A `#[path]` in `core/v1.rs` is relative to the file's directory, `core/`.
        let up = "../".repeat(module.file.matches('/').count());
        let below = module.path[1..].join("/");
        out.push_str("\n#[rustfmt::skip]\n");
        let _ = writeln!(out, "#[path = \"{up}{generated}/{below}/mod.rs\"]");
        out.push_str("pub mod generated;\n");
    }
    let names = Names {
        uses: &uses,
        module: &module.path,
    };
    for item in &module.items {
        out.push('\n');
        match item {
            Item::Struct(s) => write_struct(&mut out, s, &names),
            Item::Enum(e) => write_enum(&mut out, e),
            Item::Const(c) => write_const(&mut out, c),
        }
    }
    out
}

/// The file that declares `gates` (`kapi::feature_gates!`), to paste at the crate root:
/// the derive checks every `feature_gate` marker against it. An API package
/// names its gates but not their stage or default (Kubernetes keeps those in
/// `pkg/features`), so each is declared Beta and on: nothing is dropped until the crate
/// states the real stage.
pub fn feature_gates(gates: &BTreeSet<String>, source: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// Imported by kapi-codegen from {source}. Change the source and import again."
    );
    out.push_str("//\n");
    out.push_str(
        "// Paste at the crate root, where codegen reads gates (rustc also takes `include!`).\n",
    );
    out.push_str(
        "// Go API packages do not say a gate's stage or default: each is Beta and on, so no\n",
    );
    out.push_str("// field is dropped until its real stage is set.\n");
    out.push_str("kapi::feature_gates! {\n");
    for g in gates {
        let _ = writeln!(out, "    {g}: Beta = true,");
    }
    out.push_str("}\n");
    out
}

/// The `use` lines: kapi's meta types by their short names (unless a local type has the
/// same name), the derive, and `BTreeMap` when a map of other values than strings is used.
struct Uses {
    meta: BTreeSet<String>,
    btree_map: bool,
    derive: bool,
}

impl Uses {
    fn of(module: &Module, local: &BTreeSet<&str>) -> Uses {
        let mut uses = Uses {
            meta: BTreeSet::new(),
            btree_map: false,
            derive: module
                .items
                .iter()
                .any(|i| matches!(i, Item::Struct(_) | Item::Enum(_))),
        };
        for item in &module.items {
            if let Item::Struct(s) = item {
                for f in &s.fields {
                    uses.visit(&f.ty, local);
                }
            }
        }
        uses
    }

    fn visit(&mut self, ty: &Type, local: &BTreeSet<&str>) {
        match ty {
            Type::Scalar(_) => {}
            Type::Option(t) | Type::Vec(t) | Type::Box(t) => self.visit(t, local),
            Type::Map(v) if is_string(v) => {
                self.visit(&string_map(), local);
            }
            Type::Map(v) => {
                self.btree_map = true;
                self.visit(v, local);
            }
            Type::Path(p) => {
                if let [kapi, meta, name] = p.as_slice() {
                    if kapi == "kapi" && meta == "meta" && !local.contains(name.as_str()) {
                        self.meta.insert(name.clone());
                    }
                }
            }
        }
    }

    fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        match self.meta.len() {
            0 => {}
            1 => lines.push(format!(
                "use kapi::meta::{};",
                self.meta.iter().next().map_or("", String::as_str)
            )),
            _ => {
                let names: Vec<&str> = self.meta.iter().map(String::as_str).collect();
                let one = format!("use kapi::meta::{{{}}};", names.join(", "));
                // rustfmt breaks a `use` list of 99 characters already (measured).
                if one.len() < MAX_WIDTH - 1 {
                    lines.push(one);
                } else {
                    let mut text = String::from("use kapi::meta::{\n");
                    let mut line = String::from("   ");
                    for name in names {
                        if line.len() + 1 + name.len() + 1 > MAX_WIDTH {
                            text.push_str(&line);
                            text.push('\n');
                            line = String::from("   ");
                        }
                        line.push(' ');
                        line.push_str(name);
                        line.push(',');
                    }
                    text.push_str(&line);
                    text.push_str("\n};");
                    lines.push(text);
                }
            }
        }
        if self.derive {
            lines.push("use kapi::ApiType;".to_string());
        }
        if self.btree_map {
            lines.push("use std::collections::BTreeMap;".to_string());
        }
        lines
    }
}

/// Go's `map[string]string` (selectors, ConfigMap data, annotations of all kinds) is kapi's
/// `StringMap`, as ObjectMeta's labels are: one text buffer instead of a tree node and two
/// allocations per entry, which is most of a cached ConfigMap's or Secret's memory.
fn is_string(ty: &Type) -> bool {
    matches!(ty, Type::Scalar(Scalar::String))
}

fn string_map() -> Type {
    Type::Path(vec!["kapi".into(), "meta".into(), "StringMap".into()])
}

struct Names<'a> {
    uses: &'a Uses,
    module: &'a [String],
}

impl Names<'_> {
    fn ty(&self, ty: &Type) -> String {
        match ty {
            Type::Scalar(s) => s.rust_name().to_string(),
            Type::Option(t) => format!("Option<{}>", self.ty(t)),
            Type::Box(t) => format!("Box<{}>", self.ty(t)),
            Type::Vec(t) => format!("Vec<{}>", self.ty(t)),
            Type::Map(v) if is_string(v) => self.ty(&string_map()),
            Type::Map(v) => format!("BTreeMap<String, {}>", self.ty(v)),
            Type::Path(p) => match p.as_slice() {
                [kapi, meta, name] if kapi == "kapi" && meta == "meta" => {
                    if self.uses.meta.contains(name) {
                        name.clone()
                    } else {
                        p.join("::")
                    }
                }
                [prefix @ .., name] if prefix == self.module => name.clone(),
                _ => p.join("::"),
            },
        }
    }
}

fn write_struct(out: &mut String, s: &Struct, names: &Names) {
    write_docs(out, 0, &s.docs);
    out.push_str("#[derive(ApiType, Debug, PartialEq)]\n");
    write_markers(out, 0, &s.markers);
    if s.fields.is_empty() {
        let _ = writeln!(out, "pub struct {} {{}}", s.name);
        return;
    }
    let _ = writeln!(out, "pub struct {} {{", s.name);
    for f in &s.fields {
        write_field(out, f, names);
    }
    out.push_str("}\n");
}

fn write_field(out: &mut String, f: &Field, names: &Names) {
    write_docs(out, 4, &f.docs);
    write_markers(out, 4, &f.markers);
    let line = format!("    pub {}: {},", f.name, names.ty(&f.ty));
    if line.len() <= MAX_WIDTH {
        out.push_str(&line);
        out.push('\n');
    } else {
        let ty = names.ty(&f.ty);
        // rustfmt moves a type that does not fit to the next line; when it does not fit
        // there either, it breaks the outer type's arguments, one per line.
        match ty.split_once('<').filter(|_| 8 + ty.len() + 1 > MAX_WIDTH) {
            Some((outer, rest)) if rest.ends_with('>') => {
                let _ = writeln!(out, "    pub {}: {outer}<", f.name);
                for arg in top_level_args(&rest[..rest.len() - 1]) {
                    let _ = writeln!(out, "        {arg},");
                }
                out.push_str(
                    "    >,
",
                );
            }
            _ => {
                let _ = writeln!(out, "    pub {}:\n        {ty},", f.name);
            }
        }
    }
}

/// The arguments of a generic type's `<...>`, split at its own commas.
fn top_level_args(args: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in args.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(args[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(args[start..].trim());
    out
}

fn write_enum(out: &mut String, e: &Enum) {
    write_docs(out, 0, &e.docs);
    out.push_str("#[derive(ApiType, Debug, PartialEq, Eq, Hash)]\n");
    write_markers(out, 0, &e.markers);
    let _ = writeln!(out, "pub enum {} {{", e.name);
    for v in &e.variants {
        write_variant(out, v);
    }
    let _ = writeln!(out, "    {}(String),", e.other);
    out.push_str("}\n\n");
    let _ = writeln!(out, "impl Default for {} {{", e.name);
    out.push_str("    fn default() -> Self {\n");
    let _ = writeln!(out, "        {}::{}(String::new())", e.name, e.other);
    out.push_str("    }\n}\n");
}

fn write_variant(out: &mut String, v: &Variant) {
    write_docs(out, 4, &v.docs);
    write_markers(out, 4, &v.markers);
    let _ = writeln!(out, "    {},", v.name);
}

fn write_const(out: &mut String, c: &Const) {
    write_docs(out, 0, &c.docs);
    let line = format!("pub const {}: &str = {};", c.name, quote(&c.value));
    if line.len() <= MAX_WIDTH {
        out.push_str(&line);
        out.push('\n');
    } else {
        let _ = writeln!(
            out,
            "pub const {}: &str =\n    {};",
            c.name,
            quote(&c.value)
        );
    }
}

fn write_markers(out: &mut String, indent: usize, markers: &[Marker]) {
    if markers.is_empty() {
        return;
    }
    let args: Vec<String> = markers.iter().map(marker).collect();
    let joined = args.join(", ");
    let pad = " ".repeat(indent);
    if joined.len() <= ATTR_ARGS_WIDTH && indent + joined.len() + 8 <= MAX_WIDTH {
        let _ = writeln!(out, "{pad}#[k8s({joined})]");
        return;
    }
    // rustfmt formats an attribute's arguments only when they all parse as meta items; an
    // array (`short_names = ["po"]`) does not, and rustfmt then keeps the attribute as written.
    fn has_array(m: &Marker) -> bool {
        match &m.value {
            Value::StrList(_) => true,
            Value::Json(j) => j.is_array() || j.is_object(),
            Value::Nested(inner) => inner.iter().any(has_array),
            _ => false,
        }
    }
    let verbatim = markers.iter().any(has_array);
    // A lone nested list overflows into the attribute's parentheses, as rustfmt lays out a
    // call whose only argument is a call.
    if let ([only], false) = (markers, verbatim) {
        if let Value::Nested(inner) = &only.value {
            if !inner.is_empty() {
                let _ = writeln!(out, "{pad}#[k8s({}(", only.key.name());
                let last = inner.len() - 1;
                for (i, n) in inner.iter().enumerate() {
                    write_arg(out, indent + 4, n, if i == last { "" } else { "," }, false);
                }
                let _ = writeln!(out, "{pad}))]");
                return;
            }
        }
    }
    let _ = writeln!(out, "{pad}#[k8s(");
    let last = markers.len() - 1;
    for (i, m) in markers.iter().enumerate() {
        let comma = if i == last { "" } else { "," };
        write_arg(out, indent + 4, m, comma, verbatim);
    }
    let _ = writeln!(out, "{pad})]");
}

/// One argument on lines of its own: a nested list (`lifecycle(...)`) whose arguments are
/// wider than rustfmt's `attr_fn_like_width`, or whose line would pass `max_width`, goes one
/// argument per line, as rustfmt lays out a call.
fn write_arg(out: &mut String, indent: usize, m: &Marker, comma: &str, verbatim: bool) {
    let pad = " ".repeat(indent);
    let flat = marker(m);
    let Value::Nested(inner) = &m.value else {
        let _ = writeln!(out, "{pad}{flat}{comma}");
        return;
    };
    let args_width = flat.len() - m.key.name().len() - 2;
    if verbatim
        || inner.is_empty()
        || (args_width <= ATTR_ARGS_WIDTH && indent + flat.len() + comma.len() <= MAX_WIDTH)
    {
        let _ = writeln!(out, "{pad}{flat}{comma}");
        return;
    }
    let _ = writeln!(out, "{pad}{}(", m.key.name());
    let last = inner.len() - 1;
    for (i, n) in inner.iter().enumerate() {
        write_arg(out, indent + 4, n, if i == last { "" } else { "," }, false);
    }
    let _ = writeln!(out, "{pad}){comma}");
}

fn marker(m: &Marker) -> String {
    let key = m.key.name();
    match &m.value {
        Value::Flag => key.to_string(),
        Value::Str(s) => format!("{key} = {}", quote(s)),
        Value::Int(i) => format!("{key} = {i}"),
        Value::Number(n) => format!("{key} = {n}"),
        Value::Bool(b) => format!("{key} = {b}"),
        Value::Json(j) => format!("{key} = {}", json_literal(j)),
        Value::StrList(items) => {
            let items: Vec<String> = items.iter().map(|s| quote(s)).collect();
            format!("{key} = [{}]", items.join(", "))
        }
        Value::Nested(inner) => {
            let inner: Vec<String> = inner.iter().map(marker).collect();
            format!("{key}({})", inner.join(", "))
        }
    }
}

/// A `default` value as the marker parser reads it: a Rust literal, a list of them, or
/// `json!(...)` for what holds an object.
fn json_literal(v: &serde_json::Value) -> String {
    fn holds_object(v: &serde_json::Value) -> bool {
        match v {
            serde_json::Value::Object(_) => true,
            serde_json::Value::Array(items) => items.iter().any(holds_object),
            _ => false,
        }
    }
    // JSON's own text, with Rust's string escapes (JSON's `\u0001` is not Rust's).
    fn text(v: &serde_json::Value) -> String {
        match v {
            serde_json::Value::String(s) => quote(s),
            serde_json::Value::Array(items) => {
                let items: Vec<String> = items.iter().map(text).collect();
                format!("[{}]", items.join(", "))
            }
            serde_json::Value::Object(fields) => {
                let fields: Vec<String> = fields
                    .iter()
                    .map(|(k, v)| format!("{}: {}", quote(k), text(v)))
                    .collect();
                format!("{{{}}}", fields.join(", "))
            }
            other => other.to_string(),
        }
    }
    if holds_object(v) {
        format!("json!({})", text(v))
    } else {
        text(v)
    }
}

/// A Rust string literal of `s`.
fn quote(s: &str) -> String {
    format!("{s:?}")
}

fn write_docs(out: &mut String, indent: usize, docs: &[String]) {
    for line in doc_lines(docs) {
        push_line(out, indent, &format!("///{line}"));
    }
}

fn push_line(out: &mut String, indent: usize, text: &str) {
    for _ in 0..indent {
        out.push(' ');
    }
    out.push_str(text);
    out.push('\n');
}

/// Doc lines after `///`: a space before text, and Go's indented (preformatted) blocks fenced
/// as `text`, which rustdoc would otherwise compile as doctests.
fn doc_lines(docs: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in docs {
        let indented = line.starts_with('\t') || line.starts_with("  ");
        if indented && !in_block {
            out.push(" ```text".to_string());
            in_block = true;
        } else if !indented && !line.is_empty() && in_block {
            out.push(" ```".to_string());
            in_block = false;
        }
        // Go indents preformatted lines with a tab; the fence replaces it.
        let text = line
            .strip_prefix('\t')
            .unwrap_or(line)
            .replace('\t', "    ");
        if text.trim().is_empty() {
            out.push(String::new());
        } else {
            out.push(format!(" {}", text.trim_end()));
        }
    }
    if in_block {
        while out.last().is_some_and(String::is_empty) {
            out.pop();
        }
        out.push(" ```".to_string());
    }
    out
}
