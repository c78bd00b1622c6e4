//! Go type expressions to Rust types: predeclared, apimachinery, this run's packages
//! (named strings, maps and aliases written as what they stand for), and what cannot be
//! translated.

use super::context::{is_string, Resolved, Translator};
use crate::import::go::known::{self, Known};
use crate::import::go::syntax::{GoType, MarkerLine, Pos};
use crate::import::ir::{Scalar, Type};

impl Translator<'_> {
    pub(super) fn import_of(&self, p: usize, pos: &Pos, package: &str) -> Option<String> {
        self.u.pkgs[p]
            .go
            .imports
            .get(&pos.file)?
            .get(package)
            .cloned()
    }

    pub(super) fn resolve(&mut self, p: usize, ty: &GoType, pos: &Pos) -> Option<Resolved> {
        let mut markers = Vec::new();
        let ty = self.go_type(p, ty, pos, &mut markers, 0)?;
        Some(Resolved { ty, markers })
    }

    pub(super) fn go_type(
        &mut self,
        p: usize,
        ty: &GoType,
        pos: &Pos,
        markers: &mut Vec<MarkerLine>,
        depth: usize,
    ) -> Option<Type> {
        if depth > 32 {
            self.warn(
                pos,
                "unsupported type",
                "the type refers to itself through aliases: field dropped".into(),
            );
            return None;
        }
        Some(match ty {
            GoType::Ident(name) => self.named(p, name, pos, markers, depth)?,
            GoType::Qualified { package, name } => {
                let Some(path) = self.import_of(p, pos, package) else {
                    self.warn(pos, "foreign type", format!("package `{package}` is not imported in this file: `{package}.{name}` written as serde_json::Value"));
                    return Some(json_value());
                };
                match known::lookup(&path, name) {
                    Some(Known::Type(t)) => t,
                    Some(Known::TypeMeta) => {
                        self.warn(
                            pos,
                            "unsupported type",
                            "TypeMeta as a named field: written as kapi::meta::TypeMeta".into(),
                        );
                        Type::Path(vec!["kapi".into(), "meta".into(), "TypeMeta".into()])
                    }
                    None => match self.u.by_path(&path) {
                        Some(q) => self.named(q, name, pos, markers, depth)?,
                        None => match self.u.map.get(&path) {
                            Some(m) => {
                                let mut segs: Vec<String> =
                                    m.split("::").map(str::to_string).collect();
                                segs.push(name.clone());
                                Type::Path(segs)
                            }
                            None => {
                                self.warn(pos, "foreign type", format!("`{path}.{name}` is neither imported in this run, nor mapped with --package, nor one of kapi's types: written as serde_json::Value (JSON only: protobuf cannot encode it)"));
                                json_value()
                            }
                        },
                    },
                }
            }
            GoType::Pointer(inner) => match self.go_type(p, inner, pos, markers, depth + 1)? {
                t @ Type::Option(_) => t,
                t => Type::Option(Box::new(t)),
            },
            GoType::Slice(inner) => {
                if matches!(inner.as_ref(), GoType::Ident(n) if n == "byte" || n == "uint8") {
                    known::byte_string()
                } else {
                    Type::Vec(Box::new(self.element(p, inner, pos, markers, depth)?))
                }
            }
            GoType::Array(inner) => {
                self.warn(
                    pos,
                    "unsupported type",
                    "a fixed-size array: written as a list (its length is not checked)".into(),
                );
                Type::Vec(Box::new(self.element(p, inner, pos, markers, depth)?))
            }
            GoType::Map(k, v) => {
                let key_ty = self.go_type(p, k, pos, &mut Vec::new(), depth + 1)?;
                let stringy = match &key_ty {
                    Type::Scalar(Scalar::String) => true,
                    Type::Path(path) => self.is_local_enum(path),
                    _ => false,
                };
                if !stringy {
                    self.warn(
                        pos,
                        "unsupported type",
                        "a map whose keys are not strings: written with string keys (JSON's)"
                            .into(),
                    );
                }
                if self.nullable_string_list(p, v, pos) {
                    // go-to-protobuf writes such a value as a message of `repeated string
                    // items = 1` (and JSON as a plain list): kapi's `Verbs` is that shape.
                    Type::Map(Box::new(Type::Path(vec![
                        "kapi".into(),
                        "meta".into(),
                        "Verbs".into(),
                    ])))
                } else {
                    Type::Map(Box::new(self.element(p, v, pos, markers, depth)?))
                }
            }
            GoType::Struct(_) => {
                self.warn(pos, "unsupported type", "an anonymous struct: written as serde_json::Value; give it a name to import it".into());
                json_value()
            }
            GoType::Unsupported(what) => {
                self.warn(
                    pos,
                    "unsupported type",
                    format!("{what} has no JSON form: field dropped"),
                );
                return None;
            }
        })
    }

    /// A list or map element: a pointer there is Go's way to share, not to be optional.
    pub(super) fn element(
        &mut self,
        p: usize,
        ty: &GoType,
        pos: &Pos,
        markers: &mut Vec<MarkerLine>,
        depth: usize,
    ) -> Option<Type> {
        Some(match self.go_type(p, ty, pos, markers, depth + 1)? {
            Type::Option(inner) => {
                self.warn(pos, "pointer element", "pointers as list or map elements: written as the values (null elements are not kept)".into());
                *inner
            }
            t => t,
        })
    }

    /// A named `[]string` marked `+protobuf.nullable=true` (authentication's `ExtraValue`).
    pub(super) fn nullable_string_list(&self, p: usize, ty: &GoType, pos: &Pos) -> bool {
        let (q, name) = match ty {
            GoType::Ident(n) => (Some(p), n.as_str()),
            GoType::Qualified { package, name } => {
                let q = self
                    .import_of(p, pos, package)
                    .and_then(|path| self.u.by_path(&path));
                (q, name.as_str())
            }
            _ => return false,
        };
        let Some(decl) = q.and_then(|q| self.u.pkgs[q].decl(name)) else {
            return false;
        };
        matches!(&decl.ty, GoType::Slice(e) if is_string(e))
            && decl
                .comments
                .markers
                .iter()
                .any(|m| m.text == "protobuf.nullable=true")
    }

    pub(super) fn is_local_enum(&self, path: &[String]) -> bool {
        let Some((name, module)) = path.split_last() else {
            return false;
        };
        self.u
            .pkgs
            .iter()
            .any(|p| p.rust == module && p.enums.contains(name))
    }

    pub(super) fn named(
        &mut self,
        p: usize,
        name: &str,
        pos: &Pos,
        markers: &mut Vec<MarkerLine>,
        depth: usize,
    ) -> Option<Type> {
        if let Some(s) = known::predeclared(name) {
            if matches!(name, "int" | "uint") {
                self.warn(
                    pos,
                    "integer size",
                    format!(
                        "Go's `{name}` has the platform's size: written as {}",
                        s.rust_name()
                    ),
                );
            }
            return Some(Type::Scalar(s));
        }
        let pkg = &self.u.pkgs[p];
        let Some(decl) = pkg.decl(name) else {
            self.warn(
                pos,
                "unsupported type",
                format!(
                    "`{name}` is not declared in package {}: written as serde_json::Value",
                    pkg.import_path
                ),
            );
            return Some(json_value());
        };
        let item_path = || {
            let mut path = pkg.rust.clone();
            path.push(name.to_string());
            Type::Path(path)
        };
        match &decl.ty {
            GoType::Struct(_) if !decl.alias && !decl.generic => Some(item_path()),
            GoType::Ident(s) if s == "string" && pkg.enums.contains(name) => Some(item_path()),
            ty => {
                markers.extend(decl.comments.markers.iter().cloned());
                let ty = ty.clone();
                let decl_pos = decl.pos.clone();
                // The named type's own file resolves its imports.
                let at = if matches!(ty, GoType::Qualified { .. }) || has_qualified(&ty) {
                    decl_pos
                } else {
                    pos.clone()
                };
                self.go_type(p, &ty, &at, markers, depth + 1)
            }
        }
    }
}

pub(super) fn has_qualified(t: &GoType) -> bool {
    match t {
        GoType::Qualified { .. } => true,
        GoType::Pointer(i) | GoType::Slice(i) | GoType::Array(i) => has_qualified(i),
        GoType::Map(k, v) => has_qualified(k) || has_qualified(v),
        _ => false,
    }
}

pub(super) fn json_value() -> Type {
    Type::Path(vec!["serde_json".into(), "Value".into()])
}
