//! Conversions between each served version and its group's internal hub
//! (`generated/<version>/conversion.rs`), like Go's conversion-gen.
//!
//! For every type with a same-named peer in the hub, both directions are generated as
//! `auto_<type>_to_internal` / `auto_<type>_from_internal`, field by field, and a
//! `kapi::Versioned` impl calls them. Hand-written conversions are found by name in the
//! version's modules, with no registration:
//! - `<type>_to_internal` / `<type>_from_internal` replace a whole direction of a type; they
//!   may call the `auto_` function for the fields that match;
//! - `<type>_field_<field>_to_internal` / `..._from_internal` convert one field whose type
//!   differs (the `field` infix keeps them apart from the conversions of nested types).
//!
//! A field with no peer, or a type that cannot be converted, without a hand-written
//! conversion is an error naming both types, the field and the signature to write.

use super::core::string_literal;
use super::core::{Context, GeneratedFile, Generator, RustFile};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::{Field, GroupVersion, Shape, TypeDef, TypeRef, Variant};
use body::{Body, BodyKind};
use heck::ToSnakeCase;
use infallible::{infallible_directions, Infallible};

mod body;
mod infallible;

/// The conversion generator. Its files are two functions and an impl per type, written as
/// text ([`RustFile`]): on a large API, several times faster than tokens.
pub struct Conversion;

impl Generator for Conversion {
    fn name(&self) -> &'static str {
        "conversion"
    }

    fn generate(&self, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile> {
        cx.rust_file_per_version(cx.served(), "conversion.rs", |gv| {
            let hub = cx.hub_of(gv)?;
            let pairs: Vec<Pair> = gv
                .types
                .iter()
                .filter_map(|t| Some(Pair::new(gv, hub, t, hub.find(&t.name)?)))
                .collect();
            if pairs.is_empty() {
                return None;
            }
            let infallible = infallible_directions(&pairs);
            let mut w = RustFile::default();
            w.inner_doc(&format!(
                " Conversions between {} and the internal version of {}.",
                gv.api_version(),
                display_group(&gv.group)
            ));
            w.line(format_args!("use ::kapi::conversion::ConversionError;"));
            for pair in &pairs {
                pair.emit(&mut w, diags, &infallible);
            }
            Some(w)
        })
        .files
    }
}

fn display_group(group: &str) -> &str {
    if group.is_empty() {
        "the core group"
    } else {
        group
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Direction {
    ToInternal,
    FromInternal,
}

impl Direction {
    fn suffix(self) -> &'static str {
        match self {
            Direction::ToInternal => "to_internal",
            Direction::FromInternal => "from_internal",
        }
    }
}

/// A versioned type and its hub peer.
struct Pair<'a> {
    gv: &'a GroupVersion,
    hub: &'a GroupVersion,
    ty: &'a TypeDef,
    peer: &'a TypeDef,
    snake: String,
}

impl<'a> Pair<'a> {
    fn new(
        gv: &'a GroupVersion,
        hub: &'a GroupVersion,
        ty: &'a TypeDef,
        peer: &'a TypeDef,
    ) -> Self {
        Pair {
            gv,
            hub,
            ty,
            peer,
            snake: ty.name.to_snake_case(),
        }
    }

    fn versioned_path(&self) -> String {
        self.gv.type_path(self.ty)
    }

    fn internal_path(&self) -> String {
        self.hub.type_path(self.peer)
    }

    /// (source, target) paths of a direction.
    fn ends(&self, dir: Direction) -> (String, String) {
        match dir {
            Direction::ToInternal => (self.versioned_path(), self.internal_path()),
            Direction::FromInternal => (self.internal_path(), self.versioned_path()),
        }
    }

    /// A hand-written function of the version's modules, as a path, if it exists; one whose
    /// signature is not `fn(in_: src) -> Result<dst, ConversionError>` is reported at the
    /// function, with the signature to write (the generated call would fail to compile in a
    /// generated file).
    fn manual(
        &self,
        name: &str,
        (src, dst): (&TypeRef, &TypeRef),
        (src_gv, dst_gv): (&GroupVersion, &GroupVersion),
        diags: &mut Diagnostics,
    ) -> Option<String> {
        let f = self.gv.function(name)?;
        let sig = &f.signature;
        let fits = !sig.unusual
            && matches!(sig.params.as_slice(), [Some(p)] if same_type(p, src))
            && sig.ok.as_ref().is_some_and(|ok| same_type(ok, dst));
        if !fits {
            let params: Vec<String> = sig
                .params
                .iter()
                .map(|p| p.as_ref().map_or_else(|| "self".to_string(), |t| t.to_string()))
                .collect();
            let found = match &sig.output {
                Some(out) => format!("fn({}) -> {out}", params.join(", ")),
                None => format!("fn({})", params.join(", ")),
            };
            let mut d = Diagnostic::new(
                f.span,
                format!("hand-written conversion `{name}` has the wrong signature"),
            )
            .with_help(format!(
                "the generated conversion calls it as\n    pub fn {name}(in_: {}) -> Result<{}, kapi::conversion::ConversionError>",
                qualified(src_gv, src),
                qualified(dst_gv, dst)
            ))
            .with_note(format!("found `{found}`"));
            d.file = Some(f.file.clone());
            diags.push(d);
        }
        if !f.visible && f.module != self.gv.module {
            let mut d = Diagnostic::new(
                f.span,
                format!("hand-written conversion `{name}` is private to its module"),
            )
            .with_help(format!(
                "make it `pub(crate) fn {name}` so the generated conversion can call it"
            ));
            d.file = Some(f.file.clone());
            diags.push(d);
        }
        let path = std::iter::once("crate".to_string())
            .chain(f.module.iter().cloned())
            .chain(std::iter::once(name.to_string()))
            .collect::<Vec<_>>()
            .join("::");
        Some(path)
    }

    /// The `Versioned` impl of the pair, then its two generated conversions. A direction
    /// that cannot fail (no hand-written part anywhere below it) is generated as a plain
    /// function, `auto_..._infallible`, that the others call without `?`; `auto_...`
    /// keeps its `Result` for the hand-written conversions that call it.
    fn emit(&self, w: &mut RustFile, diags: &mut Diagnostics, infallible: &Infallible) {
        if self.ty.is_enum() != self.peer.is_enum() {
            self.error(
                diags,
                None,
                format!(
                    "{} is {} but its internal peer is {}",
                    self.describe_versioned(),
                    shape_word(self.ty),
                    shape_word(self.peer)
                ),
                Direction::ToInternal,
            );
            return;
        }
        let mut autos = Vec::new();
        let mut calls = Vec::new();
        for dir in [Direction::ToInternal, Direction::FromInternal] {
            let whole_name = format!("{}_{}", self.snake, dir.suffix());
            let (src_def, dst_def, src_gv, dst_gv) = self.sides(dir);
            let (src_ty, dst_ty) = (
                TypeRef::Named(src_gv.type_path(src_def).split("::").map(str::to_string).collect()),
                TypeRef::Named(dst_gv.type_path(dst_def).split("::").map(str::to_string).collect()),
            );
            let manual = self.manual(&whole_name, (&src_ty, &dst_ty), (src_gv, dst_gv), diags);
            let auto_name = format!("auto_{whole_name}");
            let total = infallible.contains(&(self.ty.name.clone(), dir));
            let (auto, problems) = match &self.ty.shape {
                Shape::Enum { .. } => self.enum_body(dir, total),
                Shape::Struct { .. } => self.struct_body(dir, diags, infallible, total),
            };
            let forced_manual = self.ty.manual_conversion || self.peer.manual_conversion;
            if manual.is_none() && (forced_manual || !problems.is_empty()) {
                for (field, message) in &problems {
                    self.error(diags, *field, message.clone(), dir);
                }
                if forced_manual && problems.is_empty() {
                    self.error(
                        diags,
                        None,
                        format!(
                            "{} is marked `conversion_gen = false` but has no hand-written conversion",
                            self.describe_versioned()
                        ),
                        dir,
                    );
                }
            }
            if manual.is_some() {
                self.unmentioned(&whole_name, dir, &problems, diags);
            }
            autos.push((auto_doc(self, dir, &problems), self.ends(dir), auto));
            let arg = match dir {
                Direction::ToInternal => "self",
                Direction::FromInternal => "in_",
            };
            calls.push(match manual {
                Some(manual) => format!("{manual}({arg})"),
                None if total => {
                    format!("::core::result::Result::Ok({auto_name}_infallible({arg}))")
                }
                None => format!("{auto_name}({arg})"),
            });
        }
        let internal = self.internal_path();
        w.open(format_args!(
            "impl ::kapi::conversion::Versioned for {} {{",
            self.versioned_path()
        ));
        w.line(format_args!("type Internal = {internal};"));
        w.line(format_args!("#[inline]"));
        w.open(format_args!(
            "fn to_internal(self) -> ::core::result::Result<{internal}, ConversionError> {{"
        ));
        w.line(format_args!("{}", calls[0]));
        w.close("}");
        w.line(format_args!("#[inline]"));
        w.open(format_args!(
            "fn from_internal(in_: {internal}) -> ::core::result::Result<Self, ConversionError> {{"
        ));
        w.line(format_args!("{}", calls[1]));
        w.close("}");
        w.close("}");
        for (doc, (src, dst), body) in autos {
            let name = format!("auto_{}_{}", self.snake, body.suffix);
            w.doc(&doc);
            w.line(format_args!("#[inline]"));
            w.open(format_args!(
                "pub fn {name}(in_: {src}) -> ::core::result::Result<{dst}, ConversionError> {{"
            ));
            if body.infallible {
                w.line(format_args!("::core::result::Result::Ok({name}_infallible(in_))"));
                w.close("}");
                w.line(format_args!("#[inline]"));
                w.open(format_args!("fn {name}_infallible(in_: {src}) -> {dst} {{"));
            }
            body.write(w);
            w.close("}");
        }
    }

    /// The hand-written function that converts one field of the versioned type.
    fn field_fn(&self, versioned_field: &Field, dir: Direction) -> String {
        format!(
            "{}_field_{}_{}",
            self.snake,
            versioned_field
                .rust_name
                .trim_start_matches("r#")
                .trim_end_matches('_'),
            dir.suffix()
        )
    }

    fn enum_body(
        &self,
        dir: Direction,
        infallible: bool,
    ) -> (Body, Vec<(Option<&'a Field>, String)>) {
        let (src_def, dst_def, src_gv, dst_gv) = self.sides(dir);
        let (
            Shape::Enum {
                variants: src,
                other: src_other,
            },
            Shape::Enum { variants: dst, .. },
        ) = (&src_def.shape, &dst_def.shape)
        else {
            return (Body::new(dir, BodyKind::Empty, false), Vec::new());
        };
        let src_path = src_gv.type_path(src_def);
        let dst_path = dst_gv.type_path(dst_def);
        // Enums convert by value, as Go's string enums do: a value the other side does not
        // know goes into its `Other`, where validation reports it, and comes back unchanged.
        let mut arms: Vec<String> = src
            .iter()
            .map(|v: &Variant| {
                let from = &v.rust_name;
                match dst.iter().find(|d| d.value == v.value) {
                    Some(d) => format!("{src_path}::{from} => {dst_path}::{},", d.rust_name),
                    None => format!(
                        "{src_path}::{from} => {dst_path}::from({}),",
                        string_literal(&v.value)
                    ),
                }
            })
            .collect();
        arms.push(format!(
            "{src_path}::{src_other}(__value) => {dst_path}::from(__value),"
        ));
        (Body::new(dir, BodyKind::Match(arms), infallible), Vec::new())
    }

    fn sides(
        &self,
        dir: Direction,
    ) -> (&'a TypeDef, &'a TypeDef, &'a GroupVersion, &'a GroupVersion) {
        match dir {
            Direction::ToInternal => (self.ty, self.peer, self.gv, self.hub),
            Direction::FromInternal => (self.peer, self.ty, self.hub, self.gv),
        }
    }

    fn struct_body(
        &self,
        dir: Direction,
        diags: &mut Diagnostics,
        infallible: &Infallible,
        total: bool,
    ) -> (Body, Vec<(Option<&'a Field>, String)>) {
        let (src_def, dst_def, src_gv, dst_gv) = self.sides(dir);
        let mut problems: Vec<(Option<&'a Field>, String)> = Vec::new();
        let mut bound = Vec::new();
        let mut inits = Vec::new();
        for dst in dst_def.fields() {
            let dst_ident = &dst.rust_name;
            let Some(src) = src_def
                .fields()
                .iter()
                .find(|s| s.json_name == dst.json_name)
            else {
                problems.push((
                    self.field_on_versioned_side(None, Some(dst), dir),
                    format!(
                        "field `{}` of {} has no peer in {}",
                        dst.json_name,
                        describe(dst_gv, dst_def),
                        describe(src_gv, src_def)
                    ),
                ));
                inits.push(format!("{dst_ident}: ::core::default::Default::default(),"));
                continue;
            };
            let src_ident = &src.rust_name;
            let json = &dst.json_name;
            let json_literal = string_literal(json);
            let versioned_field = match dir {
                Direction::ToInternal => src,
                Direction::FromInternal => dst,
            };
            let field_fn = self.field_fn(versioned_field, dir);
            let manual_field =
                self.manual(&field_fn, (&src.ty, &dst.ty), (src_gv, dst_gv), diags);
            let init = match manual_field {
                Some(f) => Some(format!(
                    "{dst_ident}: ::kapi::__private::conversion::within({json_literal}, {f}({src_ident}))?,"
                )),
                None if src.manual_conversion || dst.manual_conversion => {
                    problems.push((
                        Some(versioned_field),
                        format!(
                            "field `{json}` of {} is marked `conversion_gen = false`",
                            describe(self.gv, self.ty)
                        ),
                    ));
                    None
                }
                None => match self.convert_expr(&src.ty, &dst.ty, dir, src_ident, infallible) {
                    Converter::Same if src_ident == dst_ident => Some(format!("{dst_ident},")),
                    Converter::Same => Some(format!("{dst_ident}: {src_ident},")),
                    Converter::Infallible(e) => Some(format!("{dst_ident}: {e},")),
                    Converter::Fallible(e) => Some(format!(
                        "{dst_ident}: ::kapi::__private::conversion::within({json_literal}, {e})?,"
                    )),
                    Converter::Incompatible => {
                        problems.push((
                            Some(versioned_field),
                            format!(
                                "field `{json}` is `{}` in {} but `{}` in {}",
                                src.ty,
                                describe(src_gv, src_def),
                                dst.ty,
                                describe(dst_gv, dst_def)
                            ),
                        ));
                        None
                    }
                },
            };
            match init {
                Some(init) => {
                    bound.push(src_ident.as_str());
                    inits.push(init);
                }
                None => inits.push(format!("{dst_ident}: ::core::default::Default::default(),")),
            }
        }
        for src in src_def.fields() {
            if !dst_def
                .fields()
                .iter()
                .any(|d| d.json_name == src.json_name)
            {
                problems.push((
                    self.field_on_versioned_side(Some(src), None, dir),
                    format!(
                        "field `{}` of {} has no peer in {}",
                        src.json_name,
                        describe(src_gv, src_def),
                        describe(dst_gv, dst_def)
                    ),
                ));
            }
        }
        let rest = bound.len() < src_def.fields().len();
        let body = BodyKind::Struct {
            src: src_gv.type_path(src_def),
            dst: dst_gv.type_path(dst_def),
            bound: bound.into_iter().map(str::to_string).collect(),
            rest,
            inits,
        };
        (Body::new(dir, body, total), problems)
    }

    /// Errors point at the versioned type's source (the internal type's when the field only
    /// exists there).
    fn field_on_versioned_side(
        &self,
        src: Option<&'a Field>,
        dst: Option<&'a Field>,
        dir: Direction,
    ) -> Option<&'a Field> {
        match dir {
            Direction::ToInternal => src,
            Direction::FromInternal => dst,
        }
    }

    /// An expression converting `value` of type `src` to `dst`: of type `dst` when the
    /// conversion cannot fail (the element types' directions are in `infallible`), else of
    /// type `Result<dst, ConversionError>`.
    fn convert_expr(
        &self,
        src: &TypeRef,
        dst: &TypeRef,
        dir: Direction,
        value: &str,
        infallible: &Infallible,
    ) -> Converter {
        let (src_gv, dst_gv) = match dir {
            Direction::ToInternal => (self.gv, self.hub),
            Direction::FromInternal => (self.hub, self.gv),
        };
        match (src, dst) {
            (TypeRef::Scalar(a), TypeRef::Scalar(b)) if a == b => Converter::Same,
            (TypeRef::Named(a), TypeRef::Named(b)) => {
                let a_local = local_type(src_gv, a);
                let b_local = local_type(dst_gv, b);
                match (a_local, b_local) {
                    (Some(at), Some(bt)) if at.name == bt.name => {
                        let versioned = match dir {
                            Direction::ToInternal => at,
                            Direction::FromInternal => bt,
                        };
                        if infallible.contains(&(versioned.name.clone(), dir)) {
                            return Converter::Infallible(format!(
                                "auto_{}_{}_infallible({value})",
                                versioned.name.to_snake_case(),
                                dir.suffix()
                            ));
                        }
                        Converter::Fallible(match dir {
                            Direction::ToInternal => {
                                format!("::kapi::conversion::Versioned::to_internal({value})")
                            }
                            Direction::FromInternal => format!(
                                "<{} as ::kapi::conversion::Versioned>::from_internal({value})",
                                self.gv.type_path(versioned)
                            ),
                        })
                    }
                    (None, None) if a.last() == b.last() => Converter::Same,
                    _ => Converter::Incompatible,
                }
            }
            (TypeRef::Option(a), TypeRef::Option(b)) => {
                self.wrap(a, b, dir, value, infallible, Container::Option)
            }
            (TypeRef::Vec(a), TypeRef::Vec(b)) => {
                self.wrap(a, b, dir, value, infallible, Container::Vec)
            }
            (TypeRef::Box(a), TypeRef::Box(b)) => {
                match self.convert_expr(a, b, dir, &format!("*{value}"), infallible) {
                    Converter::Same => Converter::Same,
                    Converter::Incompatible => Converter::Incompatible,
                    Converter::Infallible(e) => {
                        Converter::Infallible(format!("::std::boxed::Box::new({e})"))
                    }
                    Converter::Fallible(e) => {
                        Converter::Fallible(format!("{e}.map(::std::boxed::Box::new)"))
                    }
                }
            }
            (
                TypeRef::Map {
                    key: ka,
                    value: va,
                    container: ca,
                },
                TypeRef::Map {
                    key: kb,
                    value: vb,
                    container: cb,
                },
            ) if ka == kb && ca == cb => self.wrap(va, vb, dir, value, infallible, Container::Map),
            _ => Converter::Incompatible,
        }
    }

    /// Containers: the same container of the same type moves as is; otherwise each element
    /// converts by `element_fn`: the converting function's path when the element converts
    /// by one call, else a closure (a closure is a body of its own for the type and borrow
    /// checkers).
    fn wrap(
        &self,
        a: &TypeRef,
        b: &TypeRef,
        dir: Direction,
        value: &str,
        infallible: &Infallible,
        container: Container,
    ) -> Converter {
        let element_fn = |inner: &str| {
            let call = inner
                .strip_suffix("(x)")
                .filter(|path| !path.contains(['(', '.']));
            match call {
                Some(path) => path.to_string(),
                None => format!("|x|{}{inner}", space_before(inner)),
            }
        };
        match self.convert_expr(a, b, dir, "x", infallible) {
            Converter::Same => Converter::Same,
            Converter::Incompatible => Converter::Incompatible,
            Converter::Infallible(inner) => {
                let f = element_fn(&inner);
                Converter::Infallible(match container {
                    Container::Option => format!("{value}.map({f})"),
                    Container::Vec => {
                        format!("::kapi::__private::conversion::vec_infallible({value}, {f})")
                    }
                    Container::Map => {
                        format!("::kapi::__private::conversion::map_infallible({value}, {f})")
                    }
                })
            }
            Converter::Fallible(inner) => {
                let f = element_fn(&inner);
                let helper = match container {
                    Container::Option => "option",
                    Container::Vec => "vec",
                    Container::Map => "map",
                };
                Converter::Fallible(format!("::kapi::__private::conversion::{helper}({value}, {f})"))
            }
        }
    }

    /// A hand-written conversion that calls the generated one gets from it every field but
    /// those listed in `problems`, which it must set itself: a field its body never names is
    /// left at its default (or dropped), silently in the data, so it is a warning here.
    fn unmentioned(
        &self,
        whole_name: &str,
        dir: Direction,
        problems: &[(Option<&'a Field>, String)],
        diags: &mut Diagnostics,
    ) {
        let Some(f) = self.gv.function(whole_name) else {
            return;
        };
        for (field, message) in problems {
            let Some(field) = field else { continue };
            let names = [self.ty, self.peer].into_iter().flat_map(|def| {
                def.fields()
                    .iter()
                    .filter(|x| x.json_name == field.json_name)
                    .map(|x| x.rust_name.trim_start_matches("r#").to_string())
            });
            let mut names = names.collect::<Vec<_>>();
            names.dedup();
            if names.iter().any(|n| f.body_idents.contains(n)) {
                continue;
            }
            let mut d = Diagnostic::warning(
                f.span,
                format!(
                    "`{whole_name}` never names field `{}`, which the generated `auto_{whole_name}` leaves to it: {message}",
                    field.json_name
                ),
            )
            .with_help(format!(
                "set `{}` in `{whole_name}` (it is otherwise left at its default or dropped), or convert just this field with\n    pub fn {}_field_{}_{}(..) -> Result<.., kapi::conversion::ConversionError>",
                names.join("` / `"),
                self.snake,
                field.rust_name.trim_start_matches("r#").trim_end_matches('_'),
                dir.suffix()
            ));
            d.file = Some(f.file.clone());
            diags.push(d);
        }
    }

    fn describe_versioned(&self) -> String {
        describe(self.gv, self.ty)
    }

    /// Reports a problem at the field (or the type), with the functions that would fix it.
    fn error(
        &self,
        diags: &mut Diagnostics,
        field: Option<&Field>,
        message: String,
        dir: Direction,
    ) {
        let (src, dst) = match dir {
            Direction::ToInternal => (self.gv.type_path(self.ty), self.hub.type_path(self.peer)),
            Direction::FromInternal => (self.hub.type_path(self.peer), self.gv.type_path(self.ty)),
        };
        let whole = format!(
            "pub fn {}_{}(in_: {src}) -> Result<{dst}, kapi::conversion::ConversionError>",
            self.snake,
            dir.suffix()
        );
        let mut help = format!(
            "write the conversion by hand in module `{}` (any file of it):\n    {whole}\n  \
             it may call `auto_{}_{}` of the generated conversions for the fields that match",
            self.gv.module.join("::"),
            self.snake,
            dir.suffix()
        );
        if let Some(f) = field {
            if let Some((s, d)) = self.field_types(f, dir) {
                help.push_str(&format!(
                    "\n  or convert just this field:\n    pub fn {}_field_{}_{}(in_: {s}) -> Result<{d}, kapi::conversion::ConversionError>",
                    self.snake,
                    f.rust_name.trim_start_matches("r#").trim_end_matches('_'),
                    dir.suffix()
                ));
            }
        }
        let (span, file) = match field {
            Some(f) if self.ty.fields().iter().any(|x| std::ptr::eq(x, f)) => {
                (f.span, &self.ty.file)
            }
            Some(f) => (f.span, &self.peer.file),
            None => (self.ty.span, &self.ty.file),
        };
        let direction = match dir {
            Direction::ToInternal => "to the internal version",
            Direction::FromInternal => "from the internal version",
        };
        let mut d = Diagnostic::new(
            span,
            format!("cannot convert `{}` {direction}: {message}", self.ty.name),
        )
        .with_help(help);
        d.file = Some(file.clone());
        diags.push(d);
    }

    /// Source and target types of a field that exists on both sides.
    fn field_types(&self, f: &Field, dir: Direction) -> Option<(String, String)> {
        let other = |def: &TypeDef| {
            def.fields()
                .iter()
                .find(|x| x.json_name == f.json_name)
                .cloned()
        };
        let (v, i) = (other(self.ty)?, other(self.peer)?);
        let qualify = |gv: &GroupVersion, t: &TypeRef| qualified(gv, t);
        Some(match dir {
            Direction::ToInternal => (qualify(self.gv, &v.ty), qualify(self.hub, &i.ty)),
            Direction::FromInternal => (qualify(self.hub, &i.ty), qualify(self.gv, &v.ty)),
        })
    }
}

enum Converter {
    /// The types are the same: the value moves.
    Same,
    /// An expression of type `dst`.
    Infallible(String),
    /// An expression of type `Result<dst, ConversionError>`.
    Fallible(String),
    Incompatible,
}

/// A container whose elements convert one by one.
#[derive(Clone, Copy)]
enum Container {
    Option,
    Vec,
    Map,
}

/// The space the token printer puts between a `:` or a closure's `|x|` and the expression
/// after it: none before a qualified path's `<`.
fn space_before(expr: &str) -> &'static str {
    if expr.starts_with('<') {
        ""
    } else {
        " "
    }
}

/// The type of this group-version that a field's named type refers to.
fn local_type<'g>(gv: &'g GroupVersion, path: &[String]) -> Option<&'g TypeDef> {
    match path {
        [name] => gv.find(name),
        [first, .., last] if first == "self" || first == "super" => gv.find(last),
        _ => None,
    }
}

/// A field type written with the group-version's types fully qualified (for help text).
fn qualified(gv: &GroupVersion, t: &TypeRef) -> String {
    match t {
        TypeRef::Option(i) => format!("Option<{}>", qualified(gv, i)),
        TypeRef::Vec(i) => format!("Vec<{}>", qualified(gv, i)),
        TypeRef::Box(i) => format!("Box<{}>", qualified(gv, i)),
        TypeRef::Map {
            key,
            value,
            container,
        } => {
            format!(
                "{container}<{}, {}>",
                qualified(gv, key),
                qualified(gv, value)
            )
        }
        TypeRef::Named(p) => match local_type(gv, p) {
            Some(def) => gv.type_path(def),
            None => p.join("::"),
        },
        TypeRef::Scalar(_) => t.to_string(),
    }
}

/// Whether a type written in a hand-written signature is `expected`: the same shape, and
/// named types by their last segment (`super::Widget`, `crate::v1::Widget` and `Widget`
/// are all the version's `Widget`; the generated call fails to compile if they are not).
fn same_type(written: &TypeRef, expected: &TypeRef) -> bool {
    match (written, expected) {
        (TypeRef::Scalar(a), TypeRef::Scalar(b)) => a == b,
        (TypeRef::Option(a), TypeRef::Option(b))
        | (TypeRef::Vec(a), TypeRef::Vec(b))
        | (TypeRef::Box(a), TypeRef::Box(b)) => same_type(a, b),
        (
            TypeRef::Map {
                key: ka,
                value: va,
                container: ca,
            },
            TypeRef::Map {
                key: kb,
                value: vb,
                container: cb,
            },
        ) => ca == cb && same_type(ka, kb) && same_type(va, vb),
        (TypeRef::Named(a), TypeRef::Named(b)) => a.last() == b.last(),
        _ => false,
    }
}

fn describe(gv: &GroupVersion, t: &TypeDef) -> String {
    format!("`{}`", gv.type_path(t))
}

fn shape_word(t: &TypeDef) -> &'static str {
    if t.is_enum() {
        "an enum"
    } else {
        "a struct"
    }
}

fn auto_doc(pair: &Pair, dir: Direction, problems: &[(Option<&Field>, String)]) -> String {
    let mut doc = format!(
        " Field-by-field conversion of `{}` {}.",
        pair.ty.name,
        match dir {
            Direction::ToInternal => "to the internal version",
            Direction::FromInternal => "from the internal version",
        }
    );
    for (_, p) in problems {
        doc.push_str(&format!("\n Left to the hand-written conversion: {p}."));
    }
    doc
}

