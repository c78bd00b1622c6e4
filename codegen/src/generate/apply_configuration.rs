//! Apply configurations (`generated/<version>/apply.rs`), like Go's applyconfiguration-gen:
//! for every struct of a served group-version that one of its kinds reaches, a
//! `<Type>ApplyConfiguration` with every field optional, fluent `with_<field>` setters, and
//! a `Serialize` that writes only the fields that were set: a server-side apply request
//! says exactly what its manager means to own.
//!
//! - Nested structs of the group-version become their apply configuration, in lists and
//!   map values too; enums and types from elsewhere (Quantity, LabelSelector, Condition,
//!   Time) are used as they are, since their JSON already leaves out what is empty.
//! - A list setter appends and a map setter merges, like Go's `WithPorts(...)` and
//!   `WithLabels(map)`.
//! - A kind's configuration has `apiVersion`, `kind` and `metadata`
//!   ([`kapi::meta::ObjectMetaApplyConfiguration`]), a constructor `new(name, namespace)`
//!   (`new(name)` for cluster-scoped kinds) like Go's `v1.Frobber(name, namespace)`, and the
//!   metadata setters (`with_labels`, `with_finalizers`, ...) on the kind itself.

use super::client_surface::{config_name, object_kinds};
use super::core::string_literal;
use super::core::{Context, GeneratedFile, Generator, RustFile};
use super::settings::Settings;
use crate::diagnostics::Diagnostics;
use crate::model::resolve::{Index, Origin, Resolved, Special};
use crate::model::{Field, GroupVersion, KindCategory, Scope, TypeDef, TypeRef};
use std::collections::BTreeSet;

/// The apply-configuration generator. Field types from kapi are named by their path in kapi.
/// Its files are one struct, its setters and its `Serialize` per type: written as text
/// ([`RustFile`]), which on a large API is several times faster than tokens.
pub struct ApplyConfiguration;

impl Generator for ApplyConfiguration {
    fn name(&self) -> &'static str {
        "apply-configuration"
    }

    fn cargo_feature<'s>(&self, settings: &'s Settings) -> Option<&'s str> {
        settings.apply_feature.as_deref()
    }

    fn generate(&self, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile> {
        let served: Vec<&GroupVersion> = cx
            .served()
            .filter(|gv| object_kinds(gv).next().is_some())
            .collect();
        let Some(index) = cx.resolved(&served, diags) else {
            return Vec::new();
        };
        cx.rust_file_per_version(served, "apply.rs", |gv| {
            Some(Types::new(gv, index).file())
        })
        .files
    }
}

/// One group-version's apply configurations.
struct Types<'a> {
    gv: &'a GroupVersion,
    index: &'a Index<'a>,
    /// The structs some field embeds with `inline`, found once per group-version.
    embedded: BTreeSet<&'a str>,
}

/// What a field of an apply configuration holds, as Rust types.
enum Shape {
    /// A single value; `String` fields take `impl Into<String>`.
    Value(String),
    List(String),
    Map { key: String, value: String },
}

impl<'a> Types<'a> {
    fn new(gv: &'a GroupVersion, index: &'a Index<'a>) -> Self {
        let mut types = Types {
            gv,
            index,
            embedded: BTreeSet::new(),
        };
        let embedded = gv
            .types
            .iter()
            .flat_map(|t| t.fields())
            .filter(|f| f.inline)
            .filter_map(|f| types.local_struct(&f.ty))
            .map(|t| t.name.as_str())
            .collect();
        types.embedded = embedded;
        types
    }

    fn file(&self) -> RustFile {
        let mut w = RustFile::default();
        w.inner_doc(&format!(
            " Apply configurations of {} for server-side apply (like client-go's applyconfigurations).",
            self.gv.api_version()
        ));
        w.line(format_args!(
            "use ::kapi::__private::serde::ser::{{Serialize, SerializeMap, Serializer}};"
        ));
        w.line(format_args!(
            "use ::kapi::meta::{{ObjectMetaApplyConfiguration, OwnerReferenceApplyConfiguration}};"
        ));
        for t in self.reachable() {
            self.config(&mut w, t);
        }
        w
    }

    /// Every struct of the group-version a kind reaches, kinds first, in declaration order.
    fn reachable(&self) -> Vec<&'a TypeDef> {
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        let mut stack: Vec<&'a TypeDef> = object_kinds(self.gv).collect();
        stack.reverse();
        while let Some(t) = stack.pop() {
            if !seen.insert(&t.name) {
                continue;
            }
            for f in t.fields() {
                if let Some(local) = self.local_struct(&f.ty) {
                    stack.push(local);
                }
            }
        }
        self.gv
            .types
            .iter()
            .filter(|t| seen.contains(t.name.as_str()))
            .collect()
    }

    /// The struct of this group-version a field type holds (through options, lists, maps).
    fn local_struct(&self, ty: &TypeRef) -> Option<&'a TypeDef> {
        match ty {
            TypeRef::Option(i) | TypeRef::Box(i) | TypeRef::Vec(i) => self.local_struct(i),
            TypeRef::Map { value, .. } => self.local_struct(value),
            TypeRef::Named(path) => match self.resolve(path)? {
                // A type with its own JSON is set whole, as Go's apply configurations hold
                // apiextensions' `JSONSchemaPropsOrArray`.
                Resolved::Type(origin, t)
                    if !t.is_enum()
                        && t.custom_json.is_none()
                        && origin.gv.is_some_and(|g| std::ptr::eq(g, self.gv)) =>
                {
                    Some(t)
                }
                _ => None,
            },
            TypeRef::Scalar(_) => None,
        }
    }

    fn resolve(&self, path: &[String]) -> Option<Resolved<'a>> {
        let origin = Origin {
            model: self.index.api,
            gv: Some(self.gv),
        };
        self.index.resolve(origin, path)
    }

    /// A field type as the apply configuration holds it, without the outer `Option`.
    fn shape(&self, ty: &TypeRef) -> Shape {
        match ty {
            TypeRef::Option(i) => self.shape(i),
            // A type that holds itself (`JSONSchemaProps.not`) keeps its box here too.
            TypeRef::Box(i) => match self.shape(i) {
                Shape::Value(v) => Shape::Value(format!("Box<{v}>")),
                other => other,
            },
            TypeRef::Vec(i) => Shape::List(self.element(i)),
            TypeRef::Map { key, value, .. } => Shape::Map {
                key: self.element(key),
                value: self.element(value),
            },
            other => Shape::Value(self.element(other)),
        }
    }

    /// The Rust type of a value, a list item or a map entry.
    fn element(&self, ty: &TypeRef) -> String {
        match ty {
            TypeRef::Option(i) => format!("Option<{}>", self.element(i)),
            TypeRef::Box(i) => self.element(i),
            TypeRef::Vec(i) => format!("Vec<{}>", self.element(i)),
            TypeRef::Map { key, value, .. } => format!(
                "::std::collections::BTreeMap<{}, {}>",
                self.element(key),
                self.element(value)
            ),
            TypeRef::Scalar(s) => s.rust_name().to_string(),
            TypeRef::Named(path) => match self.local_struct(ty) {
                Some(local) => config_name(&local.name).to_string(),
                None => self.rust_path(path),
            },
        }
    }

    /// How generated code names a type a field refers to.
    fn rust_path(&self, path: &[String]) -> String {
        let index = self.index;
        match self.resolve(path) {
            Some(Resolved::Type(origin, t)) => {
                let in_kapi = std::ptr::eq(origin.model, index.kapi);
                let full = match origin.gv {
                    Some(gv) => gv.type_path(t),
                    None => std::iter::once("crate")
                        .chain(t.module.iter().map(String::as_str))
                        .chain(std::iter::once(t.name.as_str()))
                        .collect::<Vec<_>>()
                        .join("::"),
                };
                if in_kapi {
                    full.replacen("crate", "::kapi", 1)
                } else {
                    full
                }
            }
            Some(Resolved::Special(Special::Json)) => "::kapi::__private::serde_json::Value".into(),
            Some(Resolved::Special(_)) => {
                format!(
                    "::kapi::meta::{}",
                    path.last().map(String::as_str).unwrap_or("")
                )
            }
            // Written with a path of its own (`std::...`, another crate): used as written.
            None => path.join("::"),
        }
    }

    fn config(&self, w: &mut RustFile, t: &'a TypeDef) {
        let name = config_name(&t.name);
        let kind = t
            .kind
            .as_ref()
            .filter(|k| k.category == KindCategory::Object);
        let fields: Vec<&Field> = t
            .fields()
            .iter()
            .filter(|f| !(kind.is_some() && f.rust_name == "metadata"))
            .collect();
        let shapes: Vec<Shape> = fields.iter().map(|f| self.shape(&f.ty)).collect();
        w.doc(&format!(
            " The apply configuration of [`{}`]: every field optional, and only what is set \
             is written.",
            self.gv.type_path(t)
        ));
        w.line(format_args!("#[derive(Debug, Clone, Default, PartialEq)]"));
        if kind.is_none() && fields.is_empty() {
            w.line(format_args!("pub struct {name} {{}}"));
        } else {
            w.open(format_args!("pub struct {name} {{"));
            if kind.is_some() {
                w.doc(" `apiVersion`, set by the constructor.");
                w.line(format_args!("pub api_version: Option<String>,"));
                w.doc(" `kind`, set by the constructor.");
                w.line(format_args!("pub kind: Option<String>,"));
                w.doc(" The object's metadata.");
                w.line(format_args!(
                    "pub metadata: Option<ObjectMetaApplyConfiguration>,"
                ));
            }
            for (f, shape) in fields.iter().zip(&shapes) {
                field_docs(w, f);
                let ident = &f.rust_name;
                match shape {
                    Shape::Value(v) => w.line(format_args!("pub {ident}: Option<{v}>,")),
                    Shape::List(item) => w.line(format_args!("pub {ident}: Option<Vec<{item}>>,")),
                    Shape::Map { key, value } => w.line(format_args!(
                        "pub {ident}: Option<::std::collections::BTreeMap<{key}, {value}>>,"
                    )),
                }
            }
            w.close("}");
        }
        w.open(format_args!("impl {name} {{"));
        match kind {
            Some(k) => self.constructor(w, t, k.scope, !fields.is_empty()),
            None => {
                w.doc(" An empty configuration: nothing is written until a setter is called.");
                w.open(format_args!("pub fn new() -> Self {{"));
                w.line(format_args!("Self::default()"));
                w.close("}");
            }
        }
        for (f, shape) in fields.iter().zip(&shapes) {
            setter(w, f, shape);
        }
        if kind.is_some() {
            meta_setters(w);
        }
        w.close("}");
        // A configuration that embeds another (`inline`), or is embedded, writes its entries
        // through `serialize_entries`, so the embedded one's land in the same JSON object.
        let embeds = fields.iter().any(|f| f.inline);
        let through_entries = embeds || self.embedded.contains(t.name.as_str());
        let foreign: BTreeSet<&str> = fields
            .iter()
            .filter(|f| f.inline && self.local_struct(&f.ty).is_none())
            .map(|f| f.rust_name.as_str())
            .collect();
        if through_entries {
            w.open(format_args!("impl {name} {{"));
            w.line(format_args!("#[doc(hidden)]"));
            w.open(format_args!(
                "pub fn serialize_entries<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {{"
            ));
            entries(w, "map", kind.is_some(), &fields, &foreign);
            w.line(format_args!("Ok(())"));
            w.close("}");
            w.close("}");
        }
        w.open(format_args!("impl Serialize for {name} {{"));
        w.open(format_args!(
            "fn serialize<S: Serializer>(&self, serializer: S,) -> Result<S::Ok, S::Error> {{"
        ));
        // A configuration without fields (StorageVersionSpec) writes no entry.
        let binding = if through_entries || kind.is_some() || !fields.is_empty() {
            "mut map"
        } else {
            "map"
        };
        w.line(format_args!(
            "let {binding} = serializer.serialize_map(None)?;"
        ));
        if through_entries {
            w.line(format_args!("self.serialize_entries(&mut map)?;"));
        } else if kind.is_some() || !fields.is_empty() {
            entries(w, "&mut map", kind.is_some(), &fields, &foreign);
        }
        w.line(format_args!("map.end()"));
        w.close("}");
        w.close("}");
    }

    fn constructor(&self, w: &mut RustFile, t: &TypeDef, scope: Scope, more_fields: bool) {
        let api_version = string_literal(&self.gv.api_version());
        let kind = &t.name;
        let (params, namespace, doc) = match scope {
            Scope::Namespaced => (
                "name: impl Into<String>, namespace: impl Into<String>",
                ".with_namespace(namespace)",
                format!(" A {kind} to apply: `apiVersion`, `kind`, and the name and namespace of the object."),
            ),
            Scope::Cluster => (
                "name: impl Into<String>",
                "",
                format!(" A {kind} to apply: `apiVersion`, `kind`, and the name of the object."),
            ),
        };
        w.doc(&doc);
        w.open(format_args!("pub fn new({params}) -> Self {{"));
        w.open(format_args!("Self {{"));
        w.line(format_args!("api_version: Some({api_version}.into()),"));
        w.line(format_args!("kind: Some({}.into()),", string_literal(kind)));
        w.line(format_args!(
            "metadata: Some(ObjectMetaApplyConfiguration::new().with_name(name){namespace},),"
        ));
        if more_fields {
            w.line(format_args!("..Self::default()"));
        }
        w.close("}");
        w.close("}");
        w.doc(" The name in the metadata: the object an apply request writes.");
        w.open(format_args!("pub fn name(&self) -> Option<&str> {{"));
        w.line(format_args!("self.metadata.as_ref()?.name.as_deref()"));
        w.close("}");
    }
}

/// The `serialize_entry` calls of a configuration's set fields, in declaration order.
/// `foreign` names the inline fields whose type has no apply configuration in this
/// group-version (admissionregistration/v1beta1 embeds v1's `RuleWithOperations`): those
/// hold the type itself, whose JSON entries are written into the enclosing object.
/// `map` is the expression of the `&mut SerializeMap` the entries go into.
fn entries(
    w: &mut RustFile,
    map: &str,
    kind: bool,
    fields: &[&Field],
    foreign: &BTreeSet<&str>,
) {
    let meta = [
        ("api_version", "apiVersion"),
        ("kind", "kind"),
        ("metadata", "metadata"),
    ];
    let own = fields.iter().map(|f| (f.rust_name.as_str(), f.json_name.as_str()));
    let all = meta.into_iter().filter(|_| kind).chain(own);
    if !fields.iter().any(|f| f.inline) {
        // The usual configuration: one `set` per field, no `?` to resolve per field.
        w.line(format_args!(
            "let mut entries = ::kapi::__private::client::Entries::new({map});"
        ));
        for (ident, json) in all {
            w.line(format_args!(
                "entries.set({}, &self.{ident});",
                string_literal(json)
            ));
        }
        w.line(format_args!("entries.finish()?;"));
        return;
    }
    let inline: BTreeSet<&str> = fields
        .iter()
        .filter(|f| f.inline)
        .map(|f| f.rust_name.as_str())
        .collect();
    for (ident, json) in all {
        w.open(format_args!("if let Some(v) = &self.{ident} {{"));
        if foreign.contains(ident) {
            w.line(format_args!(
                "::kapi::__private::client::serialize_inline(v, map)?;"
            ));
        } else if inline.contains(ident) {
            w.line(format_args!("v.serialize_entries(map)?;"));
        } else {
            w.line(format_args!(
                "map.serialize_entry({}, v)?;",
                string_literal(json)
            ));
        }
        w.close("}");
    }
}

fn setter(w: &mut RustFile, f: &Field, shape: &Shape) {
    let ident = &f.rust_name;
    let with = format!(
        "with_{}",
        f.rust_name.trim_start_matches("r#").trim_end_matches('_')
    );
    let json = &f.json_name;
    match shape {
        Shape::Value(v) => {
            w.doc(&format!(" Sets `{json}`."));
            w.open(format_args!(
                "pub fn {with}(mut self, value: impl Into<{v}>) -> Self {{"
            ));
            w.line(format_args!("self.{ident} = Some(value.into());"));
        }
        Shape::List(item) => {
            w.doc(&format!(" Appends to `{json}`."));
            w.open(format_args!(
                "pub fn {with}<T: Into<{item}>>(mut self, items: impl IntoIterator<Item = T>,) -> Self {{"
            ));
            w.line(format_args!(
                "self.{ident}.get_or_insert_with(Vec::new).extend(items.into_iter().map(Into::into));"
            ));
        }
        Shape::Map { key, value } => {
            w.doc(&format!(
                " Adds entries to `{json}`; an entry replaces one with the same key."
            ));
            w.open(format_args!(
                "pub fn {with}<K: Into<{key}>, V: Into<{value}>>(mut self, entries: impl IntoIterator<Item = (K, V)>,) -> Self {{"
            ));
            w.line(format_args!(
                "self.{ident}.get_or_insert_with(::std::collections::BTreeMap::new).extend(entries.into_iter().map(|(k, v)| (k.into(), v.into())));"
            ));
        }
    }
    w.line(format_args!("self"));
    w.close("}");
}

/// The metadata setters of a kind's configuration, each delegating to
/// `ObjectMetaApplyConfiguration`'s.
fn meta_setters(w: &mut RustFile) {
    const STRING: &str = "impl Into<String>";
    const TIME: &str = "::kapi::meta::Time";
    let simple: [(&str, &str, &str); 8] = [
        ("name", "name", STRING),
        ("generate_name", "generateName", STRING),
        ("namespace", "namespace", STRING),
        ("uid", "uid", STRING),
        ("resource_version", "resourceVersion", STRING),
        ("generation", "generation", "i64"),
        ("creation_timestamp", "creationTimestamp", TIME),
        ("deletion_timestamp", "deletionTimestamp", TIME),
    ];
    let mut setter = |doc: &str, signature: &str, call: &str| {
        w.doc(doc);
        w.open(format_args!("pub fn {signature} -> Self {{"));
        // Two statements, so that neither is a chain rustfmt would break.
        w.line(format_args!("let metadata = self.metadata.unwrap_or_default();"));
        w.line(format_args!("self.metadata = Some(metadata.{call});"));
        w.line(format_args!("self"));
        w.close("}");
    };
    for (field, json, ty) in simple {
        setter(
            &format!(" Sets `metadata.{json}`."),
            &format!("with_{field}(mut self, value: {ty})"),
            &format!("with_{field}(value)"),
        );
    }
    setter(
        " Sets `metadata.deletionGracePeriodSeconds`.",
        "with_deletion_grace_period_seconds(mut self, value: i64)",
        "with_deletion_grace_period_seconds(value),",
    );
    setter(
        " Adds `metadata.labels`; an entry replaces one with the same key.",
        "with_labels<K: Into<String>, V: Into<String>>(mut self, entries: impl IntoIterator<Item = (K, V)>,)",
        "with_labels(entries)",
    );
    setter(
        " Adds `metadata.annotations`; an entry replaces one with the same key.",
        "with_annotations<K: Into<String>, V: Into<String>>(mut self, entries: impl IntoIterator<Item = (K, V)>,)",
        "with_annotations(entries)",
    );
    setter(
        " Appends to `metadata.ownerReferences`.",
        "with_owner_references(mut self, items: impl IntoIterator<Item = OwnerReferenceApplyConfiguration>,)",
        "with_owner_references(items)",
    );
    setter(
        " Appends to `metadata.finalizers`.",
        "with_finalizers<T: Into<String>>(mut self, items: impl IntoIterator<Item = T>,)",
        "with_finalizers(items)",
    );
}

/// A field's doc comment lines, or its JSON name when it has none.
fn field_docs(w: &mut RustFile, f: &Field) {
    if f.docs.trim().is_empty() {
        w.doc(&format!(" `{}`.", f.json_name));
        return;
    }
    for line in f.docs.lines() {
        w.doc(&format!(" {}", line.trim_end()));
    }
}
