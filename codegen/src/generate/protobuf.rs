//! The protobuf IDL of the API, as Kubernetes' go-to-protobuf writes it: one proto2
//! `generated.proto` per protobuf-enabled group-version (one whose `group_version!` names a
//! `protobuf_package`), at `generated/<module path>/generated.proto`.
//!
//! The output directory is the proto include root. The meta types a file refers to are
//! written there too, at the paths Kubernetes uses (`k8s.io/apimachinery/pkg/apis/meta/v1/
//! generated.proto`, `.../api/resource/...`, `.../util/intstr/...`, `.../runtime/...`), so
//! the API's files import them exactly as Kubernetes' own files do and
//! `protoc -I generated generated/v1/generated.proto` needs nothing else; a project that
//! already has Kubernetes' protos on its include path can use those instead. The meta
//! messages come from kapi's annotated source ([`kapi_types`]), like their OpenAPI schemas;
//! the few meta types kapi writes by hand (Time, Quantity, IntOrString, RawExtension, ...)
//! have fixed messages here, as Kubernetes defines them.
//!
//! [`kapi_types`]: crate::model::kapi_types
//!
//! Kubernetes' encoding decides the mapping: every singular field is `optional` (proto2
//! presence), `Vec` is `repeated`, maps are `map<string, V>`, string enums are strings,
//! `Vec<u8>` and `ByteString` are `bytes`; fields are named by their JSON names (or their
//! `protobuf_name`, as Kubernetes' `aPIGroup`) and listed in source order, messages by name.
//! A group-version with a `protobuf_path` is written, and imported by the others, at that
//! path (Kubernetes' `k8s.io/api/core/v1/generated.proto`). Tombstones become `reserved` numbers and names, which
//! go-to-protobuf never writes.

use super::core::{Context, GeneratedFile, Generator};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::check::protobuf_enabled;
use crate::model::resolve::{Index, Origin, Resolved, Special};
use crate::model::{Field, GroupVersion, Scalar, Shape, TypeDef, TypeRef};
use std::collections::{BTreeMap, BTreeSet};

const META: &str = "k8s.io.apimachinery.pkg.apis.meta.v1";
const RESOURCE: &str = "k8s.io.apimachinery.pkg.api.resource";
const INTSTR: &str = "k8s.io.apimachinery.pkg.util.intstr";
const RUNTIME: &str = "k8s.io.apimachinery.pkg.runtime";

/// A message Kubernetes defines for a type kapi implements by hand: (package, name, docs,
/// fields as (type, name, number); a type starting `repeated ` is a repeated field).
type Fixed = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str, i64)],
);

const FIXED: &[Fixed] = &[
    (
        META,
        "Duration",
        "A duration, in nanoseconds on the wire.",
        &[("int64", "duration", 1)],
    ),
    (
        META,
        "FieldsV1",
        "A set of fields in the FieldsV1 format, as its JSON bytes.",
        &[("bytes", "Raw", 1)],
    ),
    (
        META,
        "MicroTime",
        "A point in time with microsecond precision.",
        &[("int64", "seconds", 1), ("int32", "nanos", 2)],
    ),
    (
        META,
        "Verbs",
        "The verbs of an APIResource: a list of strings as a message, so it can be unset.",
        &[("repeated string", "items", 1)],
    ),
    (
        META,
        "Time",
        "A point in time with second precision.",
        &[("int64", "seconds", 1), ("int32", "nanos", 2)],
    ),
    (
        RESOURCE,
        "Quantity",
        "A fixed-point number, in its canonical string form.",
        &[("string", "string", 1)],
    ),
    (
        INTSTR,
        "IntOrString",
        "Either a 32-bit integer or a string; `type` says which (0 int, 1 string).",
        &[
            ("int64", "type", 1),
            ("int32", "intVal", 2),
            ("string", "strVal", 3),
        ],
    ),
    (
        RUNTIME,
        "RawExtension",
        "An embedded object of any kind, kept as its encoded bytes.",
        &[("bytes", "raw", 1)],
    ),
    (
        RUNTIME,
        "TypeMeta",
        "apiVersion and kind of an encoded object.",
        &[("string", "apiVersion", 1), ("string", "kind", 2)],
    ),
    (
        RUNTIME,
        "Unknown",
        "The envelope of every protobuf-encoded object: its type, then its bytes.",
        &[
            ("k8s.io.apimachinery.pkg.runtime.TypeMeta", "typeMeta", 1),
            ("bytes", "raw", 2),
            ("string", "contentEncoding", 3),
            ("string", "contentType", 4),
        ],
    ),
];

/// The protobuf IDL generator.
pub struct Protobuf;

impl Generator for Protobuf {
    fn name(&self) -> &'static str {
        "protobuf"
    }

    fn generate(&self, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile> {
        let model = cx.model;
        let enabled: Vec<&GroupVersion> = model
            .versions
            .iter()
            .filter(|gv| protobuf_enabled(gv) && !gv.types.is_empty())
            .collect();
        let Some(index) = cx.resolved(&enabled, diags) else {
            return Vec::new();
        };
        let kapi = index.kapi;
        let mut writer = Writer {
            index,
            needed: BTreeSet::new(),
            diags: Vec::new(),
        };
        let mut files = Vec::new();
        for gv in enabled {
            let origin = Origin {
                model,
                gv: Some(gv),
            };
            let path = api_file(gv);
            let contents = writer.file(origin, &path);
            files.push(GeneratedFile {
                path: cx.settings.output.join(path),
                contents,
            });
        }
        // The meta packages the API's files import, and those they import in turn.
        let mut written = BTreeSet::new();
        while let Some(package) = writer.needed.difference(&written).next().cloned() {
            written.insert(package.clone());
            let gv = kapi
                .versions
                .iter()
                .find(|gv| gv.protobuf_package.as_deref() == Some(package.as_str()));
            let path = package_file(&package);
            let contents = match gv {
                Some(gv) => writer.file(
                    Origin {
                        model: kapi,
                        gv: Some(gv),
                    },
                    &path,
                ),
                None => writer.fixed_file(&package),
            };
            files.push(GeneratedFile {
                path: cx.settings.output.join(path),
                contents,
            });
        }
        diags.extend(writer.diags);
        files
    }
}

/// Where an API group-version's file goes, relative to the include root, and where other
/// files import it from: its `protobuf_path` (Kubernetes' own layout, so Kubernetes' files
/// can stand in), else its module path.
pub fn api_file(gv: &GroupVersion) -> String {
    if let Some(path) = &gv.protobuf_path {
        return path.clone();
    }
    let mut path = gv.module.join("/");
    if !path.is_empty() {
        path.push('/');
    }
    path.push_str("generated.proto");
    path
}

/// Where the file of a meta package goes: its Go import path, as Kubernetes lays its
/// protos out (`k8s.io.api.autoscaling.v1` → `k8s.io/api/autoscaling/v1/generated.proto`).
pub fn package_file(package: &str) -> String {
    let dir = match package.strip_prefix("k8s.io.") {
        Some(rest) => format!("k8s.io/{}", rest.replace('.', "/")),
        None => package.replace('.', "/"),
    };
    format!("{dir}/generated.proto")
}

/// A field's label and type in the IDL.
enum Label {
    Optional,
    Repeated,
    /// `map<string, V>` takes no label.
    Map,
}

struct Writer<'a> {
    index: &'a Index<'a>,
    /// Meta packages some written file imports.
    needed: BTreeSet<String>,
    diags: Vec<Diagnostic>,
}

impl<'a> Writer<'a> {
    /// The file of one group-version: every struct as a message, sorted by name; the
    /// hand-written meta messages of its package after them.
    fn file(&mut self, origin: Origin<'a>, path: &str) -> String {
        let Some(gv) = origin.gv else {
            return String::new();
        };
        let package = gv.protobuf_package.clone().unwrap_or_default();
        let mut imports = BTreeSet::new();
        let mut messages: BTreeMap<String, String> = BTreeMap::new();
        for t in &gv.types {
            if let Shape::Struct { fields } = &t.shape {
                let body = self.message(origin, &package, t, fields, &mut imports);
                messages.insert(t.name.clone(), body);
            }
        }
        for (pkg, name, docs, fields) in FIXED {
            if *pkg == package && !messages.contains_key(*name) {
                messages.insert(name.to_string(), fixed_message(name, docs, fields));
            }
        }
        imports.remove(path);
        let mut doc = format!(
            "Package {} holds the protobuf messages of {}.",
            gv.version,
            gv.api_version()
        );
        if gv.group.is_empty() && package == META {
            doc = "Package v1 holds the protobuf messages of the meta types (k8s.io/apimachinery/pkg/apis/meta/v1).".to_string();
        }
        render_file(&package, &imports, &doc, messages.values())
    }

    /// The file of a package that only holds hand-written meta messages.
    fn fixed_file(&self, package: &str) -> String {
        // Hand-written messages refer only to their own package (Unknown to runtime's
        // TypeMeta), so these files import nothing.
        let imports = BTreeSet::new();
        let mut messages = Vec::new();
        for (pkg, name, docs, fields) in FIXED {
            if *pkg == package {
                messages.push(fixed_message(name, docs, fields));
            }
        }
        let last = package.rsplit('.').next().unwrap_or(package);
        let doc = format!(
            "Package {last} holds the protobuf messages of {}.",
            package_file(package).trim_end_matches("/generated.proto")
        );
        render_file(package, &imports, &doc, messages.iter())
    }

    fn message(
        &mut self,
        origin: Origin<'a>,
        package: &str,
        t: &TypeDef,
        fields: &[Field],
        imports: &mut BTreeSet<String>,
    ) -> String {
        let mut out = String::new();
        comment(&mut out, "", &t.docs);
        out.push_str(&format!("message {} {{\n", t.name));
        let mut first = true;
        let mut tombstones: Vec<_> = t.tombstones.iter().collect();
        tombstones.sort_by_key(|ts| ts.protobuf);
        for ts in tombstones {
            out.push_str(&format!(
                "  // Removed field {}: its number and name are never reused.\n  reserved {};\n  reserved \"{}\";\n",
                ts.name, ts.protobuf, ts.name
            ));
            first = false;
        }
        for f in fields {
            // A missing number is reported by the model checks before generators run.
            let Some(number) = f.protobuf else { continue };
            let Some((label, ty)) = self.field_type(origin, package, t, f, imports) else {
                continue;
            };
            if !first {
                out.push('\n');
            }
            first = false;
            comment(&mut out, "  ", &f.docs);
            let line = match label {
                Label::Optional => format!("  optional {ty} {} = {number};\n", f.protobuf_name()),
                Label::Repeated => format!("  repeated {ty} {} = {number};\n", f.protobuf_name()),
                Label::Map => format!("  {ty} {} = {number};\n", f.protobuf_name()),
            };
            out.push_str(&line);
        }
        out.push_str("}\n");
        out
    }

    fn field_type(
        &mut self,
        origin: Origin<'a>,
        package: &str,
        owner: &TypeDef,
        f: &Field,
        imports: &mut BTreeSet<String>,
    ) -> Option<(Label, String)> {
        let mut ty = unbox(&f.ty);
        if let TypeRef::Option(inner) = ty {
            ty = unbox(inner);
        }
        match ty {
            TypeRef::Vec(inner) if matches!(unbox(inner), TypeRef::Scalar(Scalar::U8)) => {
                Some((Label::Optional, "bytes".to_string()))
            }
            TypeRef::Vec(inner) => {
                let elem = self.single(origin, package, owner, f, unbox(inner), imports)?;
                Some((Label::Repeated, elem))
            }
            TypeRef::Map { key, value, .. } => {
                if !matches!(unbox(key), TypeRef::Scalar(Scalar::String)) {
                    self.unsupported(owner, f, "a map key that is not a string");
                    return None;
                }
                let value = self.single(origin, package, owner, f, unbox(value), imports)?;
                Some((Label::Map, format!("map<string, {value}>")))
            }
            other => Some((
                Label::Optional,
                self.single(origin, package, owner, f, other, imports)?,
            )),
        }
    }

    /// The IDL type of one value: a scalar, `string` for an enum, or a message's full name.
    fn single(
        &mut self,
        origin: Origin<'a>,
        package: &str,
        owner: &TypeDef,
        f: &Field,
        ty: &TypeRef,
        imports: &mut BTreeSet<String>,
    ) -> Option<String> {
        let path = match ty {
            TypeRef::Scalar(s) => return Some(scalar(*s).to_string()),
            TypeRef::Named(path) => path,
            TypeRef::Option(_) | TypeRef::Vec(_) | TypeRef::Map { .. } | TypeRef::Box(_) => {
                self.unsupported(owner, f, &format!("the nested container `{ty}`"));
                return None;
            }
        };
        match self.index.resolve(origin, path) {
            Some(Resolved::Type(o, t)) => {
                if t.is_enum() {
                    return Some("string".to_string());
                }
                let Some(gv) = o.gv.filter(|gv| protobuf_enabled(gv)) else {
                    self.unsupported(
                        owner,
                        f,
                        &format!(
                            "`{}`, which is in no protobuf-enabled group-version",
                            t.name
                        ),
                    );
                    return None;
                };
                let target = gv.protobuf_package.clone().unwrap_or_default();
                if target != package {
                    if std::ptr::eq(o.model, self.index.api) {
                        imports.insert(api_file(gv));
                    } else {
                        imports.insert(package_file(&target));
                        self.needed.insert(target.clone());
                    }
                }
                Some(format!("{target}.{}", t.name))
            }
            Some(Resolved::Special(special)) => {
                let (target, name) = match special {
                    Special::ByteString => return Some("bytes".to_string()),
                    Special::Time => (META, "Time"),
                    Special::MicroTime => (META, "MicroTime"),
                    Special::Duration => (META, "Duration"),
                    Special::FieldsV1 => (META, "FieldsV1"),
                    Special::Verbs => (META, "Verbs"),
                    Special::Quantity => (RESOURCE, "Quantity"),
                    Special::IntOrString => (INTSTR, "IntOrString"),
                    Special::RawExtension => (RUNTIME, "RawExtension"),
                    Special::Json | Special::Patch => {
                        self.unsupported(owner, f, "free-form JSON");
                        return None;
                    }
                };
                if target != package {
                    imports.insert(package_file(target));
                    self.needed.insert(target.to_string());
                }
                Some(format!("{target}.{name}"))
            }
            None => {
                self.unsupported(owner, f, &format!("the unknown type `{ty}`"));
                None
            }
        }
    }

    fn unsupported(&mut self, owner: &TypeDef, f: &Field, what: &str) {
        let mut d = Diagnostic::new(
            f.span,
            format!(
                "field `{}.{}` has no protobuf form: protobuf cannot encode {what}",
                owner.name, f.rust_name
            ),
        )
        .with_help("use a type Kubernetes' protobuf encoding has (scalars, strings, messages, lists of them, string-keyed maps)");
        d.file = Some(owner.file.clone());
        self.diags.push(d);
    }
}

fn unbox(ty: &TypeRef) -> &TypeRef {
    match ty {
        TypeRef::Box(inner) => unbox(inner),
        other => other,
    }
}

/// go-to-protobuf's scalar types.
fn scalar(s: Scalar) -> &'static str {
    match s {
        Scalar::String => "string",
        Scalar::Bool => "bool",
        Scalar::I8 | Scalar::I16 | Scalar::I32 => "int32",
        Scalar::I64 => "int64",
        Scalar::U8 | Scalar::U16 | Scalar::U32 => "uint32",
        Scalar::U64 => "uint64",
        Scalar::F32 => "float",
        Scalar::F64 => "double",
    }
}

fn fixed_message(name: &str, docs: &str, fields: &[(&str, &str, i64)]) -> String {
    let mut out = String::new();
    comment(&mut out, "", docs);
    out.push_str(&format!("message {name} {{\n"));
    for (i, (ty, field, number)) in fields.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        // Singular fields are `optional` (proto2); a type written `repeated ...` says so.
        let label = if ty.starts_with("repeated ") {
            ""
        } else {
            "optional "
        };
        out.push_str(&format!("  {label}{ty} {field} = {number};\n"));
    }
    out.push_str("}\n");
    out
}

/// Doc text as `//` lines at `indent`.
fn comment(out: &mut String, indent: &str, docs: &str) {
    for line in docs.trim().lines() {
        let line = line.trim_end();
        if line.is_empty() {
            out.push_str(&format!("{indent}//\n"));
        } else {
            out.push_str(&format!("{indent}// {line}\n"));
        }
    }
}

fn render_file<'m>(
    package: &str,
    imports: &BTreeSet<String>,
    doc: &str,
    messages: impl Iterator<Item = &'m String>,
) -> String {
    let mut out = String::from("syntax = \"proto2\";\n\n");
    out.push_str(&format!("package {package};\n\n"));
    for import in imports {
        out.push_str(&format!("import \"{import}\";\n"));
    }
    if !imports.is_empty() {
        out.push('\n');
    }
    out.push_str(&format!("// {doc}\n"));
    // Kubernetes' own packages keep their Go package, so these files are interchangeable
    // with Kubernetes' generated.proto; an API's own package has no Go code to name.
    if package.starts_with("k8s.io.") {
        let go = package_file(package);
        out.push_str(&format!(
            "option go_package = \"{}\";\n",
            go.trim_end_matches("/generated.proto")
        ));
    }
    for m in messages {
        out.push('\n');
        out.push_str(m);
    }
    out
}
