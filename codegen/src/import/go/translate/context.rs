//! What the translation of a run shares: the packages ([`Universe`], [`Pkg`]), the
//! [`Translator`] with its warnings, and the helpers every part reads.

use crate::import::go::markers::{self as gm, GoMarker};
use crate::import::go::syntax::{ConstDecl, GoPackage, GoType, MarkerLine, Pos, TypeDecl};
use crate::import::ir::{Marker, Type};
use crate::import::{validation_rule, Warning};
use crate::markers::key;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// One Go package of the run.
pub struct Pkg {
    pub import_path: String,
    /// The module's Rust path, `["crate", "core", "v1"]`.
    pub rust: Vec<String>,
    /// Where the module is written, `core/v1.rs`.
    pub file: String,
    /// `package` and path of the package's `generated.proto`, when it has one.
    pub proto: Option<(String, String)>,
    pub go: GoPackage,
    types: HashMap<String, usize>,
    /// Type name -> its constants, in source order: one pass per package, not one per enum.
    consts: HashMap<String, Vec<usize>>,
    /// Named string types written as enums.
    pub(super) enums: BTreeSet<String>,
    /// Whether any field has a protobuf tag; asked per field, so found once.
    protobuf_tags: bool,
}

impl Pkg {
    pub fn new(
        import_path: String,
        rust: Vec<String>,
        file: String,
        proto: Option<(String, String)>,
        go: GoPackage,
    ) -> Pkg {
        let types = go
            .types
            .iter()
            .enumerate()
            .map(|(i, (_, t))| (t.name.clone(), i))
            .collect();
        let mut consts: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, c) in go.consts.iter().enumerate() {
            if let Some(t) = &c.ty {
                consts.entry(t.clone()).or_default().push(i);
            }
        }
        let protobuf_tags = go.types.iter().any(|(_, t)| match &t.ty {
            GoType::Struct(fields) => fields.iter().any(|f| tag(&f.tag, "protobuf").is_some()),
            _ => false,
        });
        let enums = go
            .types
            .iter()
            .filter(|(_, t)| is_string(&t.ty) && enum_marked(t))
            .map(|(_, t)| t.name.clone())
            .collect();
        Pkg {
            import_path,
            rust,
            file,
            proto,
            go,
            types,
            consts,
            enums,
            protobuf_tags,
        }
    }

    /// The constants declared with type `name`.
    pub(super) fn consts_of<'p>(&'p self, name: &str) -> impl Iterator<Item = &'p ConstDecl> {
        self.consts
            .get(name)
            .into_iter()
            .flatten()
            .map(|&i| &self.go.consts[i])
    }

    pub(super) fn decl(&self, name: &str) -> Option<&TypeDecl> {
        self.types.get(name).map(|&i| &self.go.types[i].1)
    }
}

pub struct Universe {
    pub pkgs: Vec<Pkg>,
    /// Go import path -> Rust module path (`crate::core::v1`), for packages not in the run.
    pub map: BTreeMap<String, String>,
}

impl Universe {
    pub(super) fn by_path(&self, import_path: &str) -> Option<usize> {
        self.pkgs.iter().position(|p| p.import_path == import_path)
    }
}

pub(super) fn is_string(t: &GoType) -> bool {
    matches!(t, GoType::Ident(n) if n == "string")
}

pub(super) fn enum_marked(t: &TypeDecl) -> bool {
    t.comments.markers.iter().any(|m| {
        let g = gm::split(m);
        matches!(
            g.name.as_str(),
            "enum" | "k8s:enum" | "kubebuilder:validation:Enum"
        ) || stable_inner(&g).is_some_and(|i| i.name == "k8s:enum")
    })
}

/// The marker inside `+k8s:beta(since: "1.37")=+k8s:x`: beta declarative validation is
/// enforced by default in Kubernetes, so it is translated as the marker it wraps.
pub(super) fn stable_inner(m: &GoMarker) -> Option<GoMarker> {
    if !m.name.starts_with("k8s:beta(") {
        return None;
    }
    let value = m.value.as_deref()?;
    let inner = value.strip_prefix('+')?;
    Some(gm::split(&MarkerLine {
        text: inner.to_string(),
        pos: m.pos.clone(),
    }))
}

pub struct Translator<'a> {
    pub(super) u: &'a Universe,
    pub(super) docs: bool,
    pub warnings: Vec<Warning>,
    /// The package being written.
    pub(super) current: usize,
}

/// What a field's Go type became, and the markers its named types carried
/// (`+listType=atomic` on `type Foo []string`).
pub(super) struct Resolved {
    pub(super) ty: Type,
    pub(super) markers: Vec<MarkerLine>,
}

impl<'a> Translator<'a> {
    pub fn new(u: &'a Universe, docs: bool) -> Translator<'a> {
        Translator {
            u,
            docs,
            warnings: Vec::new(),
            current: 0,
        }
    }

    pub(super) fn warn(&mut self, pos: &Pos, class: &'static str, message: String) {
        self.warnings.push(Warning {
            at: pos.to_string(),
            class,
            message,
        });
    }

    /// `+kubebuilder:validation:XValidation:rule=...,message=...` as `validation_rule(...)`,
    /// or on a field as `immutable` when it is exactly that; a malformed one is a warning.
    pub(super) fn validation_rule(
        &mut self,
        g: &GoMarker,
        value: &str,
        at: &str,
        on_field: bool,
    ) -> Option<Marker> {
        let args = gm::args(value);
        let arg = |name: &str| {
            args.iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let others = args.iter().any(|(k, _)| k != "rule" && k != "message");
        if on_field
            && validation_rule::is_immutable(arg("rule").unwrap_or(""), arg("message"), others)
        {
            return Some(Marker::flag(key::IMMUTABLE));
        }
        match validation_rule::marker(args.iter().map(|(k, v)| (k.as_str(), v.clone()))) {
            Ok(m) => Some(m),
            Err(e) => {
                self.warn(
                    &g.pos,
                    "CEL rule",
                    format!("{at}: {e}; `+{}` ignored", g.text()),
                );
                None
            }
        }
    }

    pub(super) fn docs(&self, docs: &[String]) -> Vec<String> {
        if self.docs {
            docs.to_vec()
        } else {
            Vec::new()
        }
    }

    /// Whether any field of the package has a protobuf tag: then it is encoded as protobuf.
    pub(super) fn has_protobuf_tags(&self, p: usize) -> bool {
        self.u.pkgs[p].protobuf_tags
    }
}

/// A constant's string value: its literal, or the constant of this package it names
/// (`StatefulSetRevisionLabel = ControllerRevisionHashLabelKey`).
/// A string constant's value, following constants named by other constants, in its own
/// package or (`v1.IPv4Protocol`) in an imported package of the run.
pub(super) fn const_value(u: &Universe, p: usize, c: &ConstDecl) -> Option<String> {
    let (mut p, mut c) = (p, c);
    for _ in 0..8 {
        if let Some(v) = &c.value {
            return Some(v.clone());
        }
        let name = c.expr.as_deref()?.trim();
        let go = &u.pkgs[p].go;
        let (q, name) = match name.split_once('.') {
            Some((alias, name)) => {
                let path = go.imports.values().find_map(|imports| imports.get(alias))?;
                (u.by_path(path)?, name)
            }
            None => (p, name),
        };
        p = q;
        c = u.pkgs[q].go.consts.iter().find(|d| d.name == name)?;
    }
    None
}

pub(super) fn push_once(markers: &mut Vec<Marker>, m: Marker) {
    if !markers.iter().any(|x| x.key == m.key) {
        markers.push(m);
    }
}

/// The value of `key` in a Go struct tag (`json:"name,omitempty" protobuf:"..."`).
pub(super) fn tag(tag: &str, key: &str) -> Option<String> {
    let mut rest = tag.trim();
    while !rest.is_empty() {
        let (name, after) = rest.split_once(':')?;
        let after = after.strip_prefix('"')?;
        let end = after.find('"')?;
        if name.trim() == key {
            return Some(after[..end].to_string());
        }
        rest = after[end + 1..].trim_start();
    }
    None
}

/// Field markers a named type can carry to the fields that use it.
pub(super) fn is_field_marker(name: &str) -> bool {
    matches!(
        name,
        "listType"
            | "listMapKey"
            | "mapType"
            | "k8s:listType"
            | "k8s:listMapKey"
            | "optional"
            | "protobuf.nullable"
            | "protobuf.options.(gogoproto.goproto_stringer)"
    ) || name.starts_with("kubebuilder:validation:")
        || name.starts_with("k8s:beta(")
        || name.starts_with("k8s:alpha(")
        || name.starts_with("k8s:")
}
