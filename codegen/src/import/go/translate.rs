//! Go declarations to [`ir`]: structs become API structs, string types with `+enum` become
//! open enums, other named types (strings, numbers, maps, slices, aliases) are written as
//! what they stand for at each use, and string and integer constants become `pub const`s.
//! Every package of a run is in one [`Universe`], so a reference to another imported
//! package resolves to the item it really is.

use super::known::{self, Known};
use super::markers::{self as gm, GoMarker};
use super::syntax::{ConstDecl, GoField, GoPackage, GoType, MarkerLine, Pos, TypeDecl};
use crate::import::ir::{self, Item, Marker, Scalar, Type, Value};
use crate::import::names::{rust_ident, snake};
use crate::import::Warning;
use crate::markers::{key, Key};
use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};
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
    /// Named string types written as enums.
    enums: BTreeSet<String>,
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
            enums,
        }
    }

    fn decl(&self, name: &str) -> Option<&TypeDecl> {
        self.types.get(name).map(|&i| &self.go.types[i].1)
    }
}

pub struct Universe {
    pub pkgs: Vec<Pkg>,
    /// Go import path -> Rust module path (`crate::core::v1`), for packages not in the run.
    pub map: BTreeMap<String, String>,
}

impl Universe {
    fn by_path(&self, import_path: &str) -> Option<usize> {
        self.pkgs.iter().position(|p| p.import_path == import_path)
    }
}

fn is_string(t: &GoType) -> bool {
    matches!(t, GoType::Ident(n) if n == "string")
}

fn enum_marked(t: &TypeDecl) -> bool {
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
fn stable_inner(m: &GoMarker) -> Option<GoMarker> {
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
    u: &'a Universe,
    docs: bool,
    pub warnings: Vec<Warning>,
    /// The package being written, and the apimachinery structs its fields need
    /// ([`Known::Local`]), added to its module.
    current: usize,
    locals: BTreeMap<String, ir::Struct>,
}

/// What a field's Go type became, and the markers its named types carried
/// (`+listType=atomic` on `type Foo []string`).
struct Resolved {
    ty: Type,
    markers: Vec<MarkerLine>,
    pointer: bool,
}

impl<'a> Translator<'a> {
    pub fn new(u: &'a Universe, docs: bool) -> Translator<'a> {
        Translator {
            u,
            docs,
            warnings: Vec::new(),
            current: 0,
            locals: BTreeMap::new(),
        }
    }

    fn warn(&mut self, pos: &Pos, class: &'static str, message: String) {
        self.warnings.push(Warning {
            at: pos.to_string(),
            class,
            message,
        });
    }

    fn docs(&self, docs: &[String]) -> Vec<String> {
        if self.docs {
            docs.to_vec()
        } else {
            Vec::new()
        }
    }

    pub fn module(&mut self, p: usize) -> ir::Module {
        self.current = p;
        self.locals.clear();
        let pkg = &self.u.pkgs[p];
        let mut group = None;
        let mut group_go_name = None;
        for m in &pkg.go.markers {
            let g = gm::split(m);
            match g.name.as_str() {
                "groupName" => group = Some(g.value.unwrap_or_default()),
                "groupGoName" => group_go_name = g.value,
                _ => self.package_marker(&g),
            }
        }
        // Packages without `+groupName` (apps/v1) declare it in register.go.
        let group = group.or_else(|| {
            pkg.go
                .consts
                .iter()
                .find(|c| c.name == "GroupName")
                .and_then(|c| const_value(&pkg.go, c))
        });
        let group = group.unwrap_or_else(|| {
            let at = pkg.go.types.first().map(|(_, t)| t.pos.clone());
            if let Some(at) = at {
                self.warn(
                    &at,
                    "no group name",
                    "the package has no `+groupName=` (in doc.go) nor `GroupName` constant: written as the core group \"\""
                        .into(),
                );
            }
            String::new()
        });
        let has_protobuf = self.has_protobuf_tags(p);
        let (protobuf_package, protobuf_path) = match &pkg.proto {
            Some((package, path)) => (Some(package.clone()), Some(path.clone())),
            None if has_protobuf => (
                Some(pkg.import_path.replace(['/'], ".").replace('-', "_")),
                None,
            ),
            None => (None, None),
        };
        let mut items = Vec::new();
        let mut placed: BTreeSet<String> = BTreeSet::new();
        for (_, decl) in &pkg.go.types {
            if let Some(item) = self.type_item(p, decl) {
                items.push(item);
            }
            if !pkg.enums.contains(&decl.name) {
                for c in pkg
                    .go
                    .consts
                    .iter()
                    .filter(|c| c.ty.as_deref() == Some(&decl.name))
                {
                    if let Some(item) = self.const_item(p, c) {
                        placed.insert(c.name.clone());
                        items.push(item);
                    }
                }
            }
        }
        for c in &pkg.go.consts {
            let enum_value = c.ty.as_ref().is_some_and(|t| pkg.enums.contains(t));
            if enum_value || placed.contains(&c.name) {
                continue;
            }
            if let Some(item) = self.const_item(p, c) {
                items.push(item);
            }
        }
        for (name, mut s) in std::mem::take(&mut self.locals) {
            if items.iter().any(|i| i.name() == name) {
                continue;
            }
            s.docs = self.docs(&s.docs);
            items.push(Item::Struct(s));
        }
        dedupe_consts(&mut items);
        ir::Module {
            file: pkg.file.clone(),
            path: pkg.rust.clone(),
            docs: self.docs(&pkg.go.docs),
            group,
            version: pkg.go.name.clone(),
            group_go_name,
            protobuf_package,
            protobuf_path,
            items,
        }
    }

    /// Whether any field of the package has a protobuf tag: then it is encoded as protobuf.
    fn has_protobuf_tags(&self, p: usize) -> bool {
        self.u.pkgs[p].go.types.iter().any(|(_, t)| match &t.ty {
            GoType::Struct(fields) => fields.iter().any(|f| tag(&f.tag, "protobuf").is_some()),
            _ => false,
        })
    }

    fn package_marker(&mut self, g: &GoMarker) {
        if gm::IMPLIED.contains(&g.name.as_str()) {
            return;
        }
        self.warn(
            &g.pos,
            "unknown marker",
            format!(
                "package marker `+{}` has no kapi equivalent: ignored",
                g.name
            ),
        );
    }

    // ----- items -----

    fn type_item(&mut self, p: usize, decl: &TypeDecl) -> Option<Item> {
        if decl.generic {
            self.warn(
                &decl.pos,
                "unsupported type",
                format!("`{}` is generic; API types are not: skipped", decl.name),
            );
            return None;
        }
        match &decl.ty {
            GoType::Struct(fields) if !decl.alias => {
                Some(Item::Struct(self.struct_item(p, decl, fields)))
            }
            GoType::Ident(n) if n == "string" && self.u.pkgs[p].enums.contains(&decl.name) => {
                Some(Item::Enum(self.enum_item(p, decl)))
            }
            GoType::Unsupported(what) => {
                self.warn(
                    &decl.pos,
                    "unsupported type",
                    format!(
                        "`{}` is {what}, which has no place in an API: skipped",
                        decl.name
                    ),
                );
                None
            }
            // Named strings, numbers, maps and slices, and aliases: written as what they
            // stand for where they are used; their markers travel with them.
            _ => {
                for m in &decl.comments.markers {
                    let g = gm::split(m);
                    // An alias of an enum is that enum where used.
                    let alias_enum = decl.alias && matches!(g.name.as_str(), "enum" | "k8s:enum");
                    if !alias_enum
                        && !is_field_marker(&g.name)
                        && !gm::IMPLIED.contains(&g.name.as_str())
                    {
                        self.warn(
                            &g.pos,
                            "unknown marker",
                            format!(
                                "`+{}` on `{}`, which is written as its underlying type where used: ignored",
                                g.name, decl.name
                            ),
                        );
                    }
                }
                None
            }
        }
    }

    fn enum_item(&mut self, p: usize, decl: &TypeDecl) -> ir::Enum {
        let pkg = &self.u.pkgs[p];
        let mut markers = Vec::new();
        let mut listed: Vec<String> = Vec::new();
        for m in &decl.comments.markers {
            let g = gm::split(m);
            match g.name.as_str() {
                "enum" | "k8s:enum" => push_once(&mut markers, Marker::flag(key::ENUM)),
                "kubebuilder:validation:Enum" => {
                    push_once(&mut markers, Marker::flag(key::ENUM));
                    listed = g
                        .value
                        .as_deref()
                        .unwrap_or("")
                        .split(';')
                        .map(gm::unquote)
                        .filter(|v| !v.is_empty())
                        .collect();
                }
                _ if stable_inner(&g).is_some_and(|i| i.name == "k8s:enum") => {
                    push_once(&mut markers, Marker::flag(key::ENUM))
                }
                _ => self.type_marker_fallback(&g, &decl.name, &mut markers),
            }
        }
        let mut values: Vec<(String, Option<&ConstDecl>)> = Vec::new();
        for c in pkg
            .go
            .consts
            .iter()
            .filter(|c| c.ty.as_deref() == Some(&decl.name))
        {
            match &const_value(&pkg.go, c) {
                Some(v) if !values.iter().any(|(x, _)| x == v) => values.push((v.clone(), Some(c))),
                Some(_) => {}
                None => self.warn(
                    &c.pos,
                    "enum value",
                    format!(
                        "`{}` is not a string literal: not a value of enum `{}`",
                        c.name, decl.name
                    ),
                ),
            }
        }
        for v in listed {
            if !values.iter().any(|(x, _)| *x == v) {
                values.push((v, None));
            }
        }
        let mut variants: Vec<ir::Variant> = Vec::new();
        for (value, c) in values {
            let name = variant_name(&value, c.map(|c| c.name.as_str()), &decl.name, &variants);
            let mut vm = Vec::new();
            if name != value {
                vm.push(Marker::str(key::RENAME, value.clone()));
            }
            let mut docs = Vec::new();
            if let Some(c) = c {
                docs = self.docs(&c.comments.docs);
                for m in &c.comments.markers {
                    let g = gm::split(m);
                    match (g.name.as_str(), g.value.as_deref()) {
                        ("featureGate", Some(gate)) if !gate.contains(',') => {
                            vm.push(Marker::str(key::FEATURE_GATE, gate))
                        }
                        _ => self.warn(
                            &g.pos,
                            "unknown marker",
                            format!(
                                "`+{}` on enum value {value:?} has no kapi equivalent: ignored",
                                m.text
                            ),
                        ),
                    }
                }
            }
            variants.push(ir::Variant {
                name,
                docs,
                markers: vm,
            });
        }
        let other = ir::Enum::other_name(&variants);
        ir::Enum {
            name: decl.name.clone(),
            docs: self.docs(&decl.comments.docs),
            markers,
            variants,
            other,
        }
    }

    fn const_item(&mut self, p: usize, c: &ConstDecl) -> Option<Item> {
        let pkg = &self.u.pkgs[p];
        match const_value(&pkg.go, c) {
            Some(v) => Some(Item::Const(ir::Const {
                name: c.name.to_shouty_snake_case(),
                docs: self.docs(&c.comments.docs),
                value: v,
            })),
            None => {
                self.warn(
                    &c.pos,
                    "constant",
                    format!(
                        "constant `{}` is not a string (`{}`): not imported",
                        c.name,
                        c.expr.as_deref().unwrap_or("iota")
                    ),
                );
                None
            }
        }
    }

    fn type_marker_fallback(&mut self, g: &GoMarker, owner: &str, _markers: &mut Vec<Marker>) {
        if gm::IMPLIED.contains(&g.name.as_str()) {
            return;
        }
        self.warn(
            &g.pos,
            "unknown marker",
            format!("`+{}` on `{owner}` has no kapi equivalent: ignored", g.name),
        );
    }

    fn struct_item(&mut self, p: usize, decl: &TypeDecl, fields: &[GoField]) -> ir::Struct {
        let mut markers = Vec::new();
        let mut gen_client: Option<Vec<Marker>> = None;
        let mut lifecycle: Vec<Marker> = Vec::new();
        let mut object = false;
        let mut resource: Vec<Marker> = Vec::new();
        for m in &decl.comments.markers {
            let g = gm::split(m);
            let value = g.value.clone().unwrap_or_default();
            match g.name.as_str() {
                "k8s:deepcopy-gen:interfaces" => {
                    if value.ends_with("runtime.Object") {
                        object = true;
                    } else {
                        self.warn(
                            &g.pos,
                            "unknown marker",
                            format!(
                                "deep copy interface `{value}` has no kapi equivalent: ignored"
                            ),
                        );
                    }
                }
                "kubebuilder:object:root" if value != "false" => object = true,
                "genclient" => {
                    gen_client.get_or_insert_with(Vec::new);
                }
                "genclient:nonNamespaced"
                | "genclient:noStatus"
                | "genclient:noVerbs"
                | "genclient:readonly" => {
                    let k = match g.name.as_str() {
                        "genclient:nonNamespaced" => key::gen_client::NON_NAMESPACED,
                        "genclient:noStatus" => key::gen_client::NO_STATUS,
                        "genclient:noVerbs" => key::gen_client::NO_VERBS,
                        _ => key::gen_client::READ_ONLY,
                    };
                    push_once(gen_client.get_or_insert_with(Vec::new), Marker::flag(k));
                }
                "genclient:onlyVerbs" | "genclient:skipVerbs" => {
                    let k = if g.name.ends_with("onlyVerbs") {
                        key::gen_client::ONLY_VERBS
                    } else {
                        key::gen_client::SKIP_VERBS
                    };
                    let verbs = value
                        .split(',')
                        .map(|v| v.trim().to_snake_case())
                        .filter(|v| !v.is_empty())
                        .collect();
                    gen_client.get_or_insert_with(Vec::new).push(Marker {
                        key: k,
                        value: Value::StrList(verbs),
                    });
                }
                "genclient:method" => {
                    if let Some(method) = self.client_method(p, &g, &value) {
                        gen_client.get_or_insert_with(Vec::new).push(method);
                    }
                }
                "k8s:prerelease-lifecycle-gen:introduced" => {
                    lifecycle.push(Marker::str(key::lifecycle::INTRODUCED, value))
                }
                "k8s:prerelease-lifecycle-gen:deprecated" => {
                    lifecycle.push(Marker::str(key::lifecycle::DEPRECATED, value))
                }
                "k8s:prerelease-lifecycle-gen:removed" => {
                    lifecycle.push(Marker::str(key::lifecycle::REMOVED, value))
                }
                "k8s:prerelease-lifecycle-gen:replacement" => {
                    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
                    let text = match parts.as_slice() {
                        [group, version, kind] => {
                            format!("{} {kind}", crate::model::api_version(group, version))
                        }
                        _ => value.clone(),
                    };
                    lifecycle.push(Marker::str(key::lifecycle::REPLACEMENT, text));
                }
                "union" => push_once(&mut markers, Marker::flag(key::UNION)),
                "structType" => markers.push(Marker::str(key::STRUCT_TYPE, value)),
                "k8s:conversion-gen" if value == "false" => markers.push(Marker {
                    key: key::CONVERSION_GEN,
                    value: Value::Bool(false),
                }),
                "kubebuilder:validation:XPreserveUnknownFields" | "k8s:preserve-unknown-fields" => {
                    push_once(&mut markers, Marker::flag(key::PRESERVE_UNKNOWN_FIELDS))
                }
                "kubebuilder:subresource:status" => {
                    resource.push(Marker::flag(key::SUBRESOURCE_STATUS))
                }
                "k8s:supportsSubresource" => {
                    let sub = gm::unquote(&value);
                    if sub == "/status" {
                        resource.push(Marker::flag(key::SUBRESOURCE_STATUS))
                    } else if sub != "/scale" {
                        self.warn(&g.pos, "subresource", format!("`{}` serves {sub}: kapi declares only the status and scale subresources; not translated", decl.name));
                    } else {
                        self.warn(&g.pos, "subresource", format!("`{}` serves {value}: kapi declares a scale subresource by its paths (`subresource_scale`), which Go does not state here; not translated", decl.name));
                    }
                }
                "kubebuilder:subresource:scale" => {
                    let mut inner = Vec::new();
                    for (k, v) in gm::args(&value) {
                        let k = match k.as_str() {
                            "specpath" => key::scale::SPEC_REPLICAS_PATH,
                            "statuspath" => key::scale::STATUS_REPLICAS_PATH,
                            "selectorpath" => key::scale::LABEL_SELECTOR_PATH,
                            other => {
                                self.warn(&g.pos, "unknown marker", format!("scale subresource argument `{other}` has no kapi equivalent: ignored"));
                                continue;
                            }
                        };
                        inner.push(Marker::str(k, v));
                    }
                    resource.push(Marker {
                        key: key::SUBRESOURCE_SCALE,
                        value: Value::Nested(inner),
                    });
                }
                "kubebuilder:resource" => self.resource_args(&g, &value, &mut resource),
                "kubebuilder:printcolumn" => {
                    let mut inner = Vec::new();
                    for (k, v) in gm::args(&value) {
                        let (k, int) = match k.as_str() {
                            "name" => (key::print_column::NAME, false),
                            "type" => (key::print_column::TYPE, false),
                            "JSONPath" => (key::print_column::JSON_PATH, false),
                            "description" => (key::print_column::DESCRIPTION, false),
                            "format" => (key::print_column::FORMAT, false),
                            "priority" => (key::print_column::PRIORITY, true),
                            other => {
                                self.warn(&g.pos, "unknown marker", format!("print column argument `{other}` has no kapi equivalent: ignored"));
                                continue;
                            }
                        };
                        match (int, gm::int(&v)) {
                            (true, Some(n)) => inner.push(Marker::int(k, n)),
                            (true, None) => self.warn(
                                &g.pos,
                                "malformed marker",
                                format!("print column priority `{v}` is not an integer: ignored"),
                            ),
                            (false, _) => inner.push(Marker::str(k, v)),
                        }
                    }
                    resource.push(Marker {
                        key: key::PRINT_COLUMN,
                        value: Value::Nested(inner),
                    });
                }
                "kubebuilder:storageversion" => resource.push(Marker::flag(key::STORAGE_VERSION)),
                "kubebuilder:validation:Enum" => self.warn(
                    &g.pos,
                    "unknown marker",
                    format!(
                        "`+{}` on struct `{}`: enums are string types; ignored",
                        g.name, decl.name
                    ),
                ),
                _ => self.type_marker_fallback(&g, &decl.name, &mut markers),
            }
        }
        // kapi writes apiVersion and kind for a kind: a runtime.Object without TypeMeta
        // (ObjectReference) carries them as its own fields, so it is a plain struct here.
        let embeds_type_meta = fields
            .iter()
            .any(|f| f.names.is_empty() && self.is_type_meta(p, f));
        if object && !embeds_type_meta {
            self.warn(&decl.pos, "not a kind", format!("`{}` is a runtime.Object without TypeMeta: written as a plain struct (its own fields carry apiVersion and kind)", decl.name));
            object = false;
        }
        let mut tombstones = Vec::new();
        let mut out_fields = Vec::new();
        for f in fields {
            self.field(p, decl, f, object, &mut out_fields, &mut tombstones);
        }
        dedupe_fields(&mut out_fields, &decl.pos, &mut self.warnings);
        let is_union = |m: &Marker| m.key == key::UNION;
        let discriminated = out_fields
            .iter()
            .any(|f| f.markers.iter().any(|m| m.key == key::UNION_DISCRIMINATOR));
        if discriminated && !markers.iter().any(is_union) {
            self.warn(&decl.pos, "union", format!("`{}` has a `+unionDiscriminator` but is not a `+union`: discriminator not written", decl.name));
            for f in &mut out_fields {
                f.markers.retain(|m| m.key != key::UNION_DISCRIMINATOR);
            }
        }
        if markers.iter().any(is_union) {
            let members = out_fields
                .iter()
                .filter(|f| !f.markers.iter().any(|m| m.key == key::UNION_DISCRIMINATOR))
                .count();
            if members < 2 {
                self.warn(&decl.pos, "union", format!("`{}` is a `+union` of {members} member: kapi's unions have at least two; `union` and its discriminator not written", decl.name));
                markers.retain(|m| !is_union(m));
                for f in &mut out_fields {
                    f.markers.retain(|m| m.key != key::UNION_DISCRIMINATOR);
                }
            }
        }
        if object {
            let metadata = out_fields
                .iter()
                .find(|f| f.name == "metadata")
                .map(|f| &f.ty);
            let is_meta = |t: &Type, n: &str| {
                let t = match t {
                    Type::Option(inner) => inner.as_ref(),
                    t => t,
                };
                matches!(t, Type::Path(p) if p.last().is_some_and(|l| l == n) && p.first().is_some_and(|f| f == "kapi"))
            };
            let full = metadata.is_some_and(|t| is_meta(t, "ObjectMeta") || is_meta(t, "ListMeta"));
            markers.insert(
                0,
                Marker::flag(if full { key::KIND } else { key::SIMPLE_KIND }),
            );
            if full {
                if let Some(inner) = gen_client {
                    let value = if inner.is_empty() {
                        Value::Flag
                    } else {
                        Value::Nested(inner)
                    };
                    markers.push(Marker {
                        key: key::GEN_CLIENT,
                        value,
                    });
                }
                markers.append(&mut resource);
            } else {
                if gen_client.is_some() {
                    self.warn(&decl.pos, "client", format!("`{}` has `+genclient` but no ObjectMeta: kapi gives clients to resources only; ignored", decl.name));
                }
                for m in resource {
                    self.warn(&decl.pos, "unknown marker", format!("`{}` on `{}`, which has no ObjectMeta: resource markers need a resource; ignored", m.key.name(), decl.name));
                }
            }
        } else if gen_client.is_some() || !resource.is_empty() {
            self.warn(&decl.pos, "client", format!("`{}` has client or resource markers but is not a runtime.Object (no `+k8s:deepcopy-gen:interfaces=...runtime.Object`): ignored", decl.name));
        }
        if !lifecycle.is_empty() {
            markers.push(Marker {
                key: key::LIFECYCLE,
                value: Value::Nested(lifecycle),
            });
        }
        markers.extend(tombstones);
        ir::Struct {
            name: decl.name.clone(),
            docs: self.docs(&decl.comments.docs),
            markers,
            fields: out_fields,
        }
    }

    fn resource_args(&mut self, g: &GoMarker, value: &str, out: &mut Vec<Marker>) {
        for (k, v) in gm::args(value) {
            let list = || -> Vec<String> {
                v.split(';')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            };
            match k.as_str() {
                "path" => out.push(Marker::str(key::PLURAL, v.clone())),
                "singular" => out.push(Marker::str(key::SINGULAR, v.clone())),
                "scope" => out.push(Marker::str(key::SCOPE, v.clone())),
                "shortName" => out.push(Marker {
                    key: key::SHORT_NAMES,
                    value: Value::StrList(list()),
                }),
                "categories" => out.push(Marker {
                    key: key::CATEGORIES,
                    value: Value::StrList(list()),
                }),
                other => self.warn(
                    &g.pos,
                    "unknown marker",
                    format!("resource argument `{other}` has no kapi equivalent: ignored"),
                ),
            }
        }
    }

    fn client_method(&mut self, p: usize, g: &GoMarker, value: &str) -> Option<Marker> {
        let mut args = gm::args(value).into_iter();
        let (name, _) = args.next()?;
        let mut inner = vec![Marker::str(key::client_method::NAME, name.clone())];
        let mut verb = String::new();
        for (k, v) in args {
            match k.as_str() {
                "verb" => {
                    verb = v.clone();
                    inner.push(Marker::str(key::client_method::VERB, v));
                }
                "subresource" => inner.push(Marker::str(key::client_method::SUBRESOURCE, v)),
                "input" | "result" => {
                    let k = if k == "input" {
                        key::client_method::INPUT
                    } else {
                        key::client_method::RESULT
                    };
                    inner.push(Marker::str(k, self.go_type_path(p, &v)));
                }
                other => self.warn(
                    &g.pos,
                    "unknown marker",
                    format!("client method argument `{other}` has no kapi equivalent: ignored"),
                ),
            }
        }
        if !matches!(verb.as_str(), "get" | "update" | "patch") {
            self.warn(
                &g.pos,
                "client",
                format!("client method `{name}` uses verb `{verb}`; kapi's subresource methods are get, update and patch: skipped"),
            );
            return None;
        }
        Some(Marker {
            key: key::gen_client::METHOD,
            value: Value::Nested(inner),
        })
    }

    /// A Go type named as `k8s.io/api/autoscaling/v1.Scale` (or `Scale`), as a Rust path.
    fn go_type_path(&self, p: usize, text: &str) -> String {
        let (path, name) = match text.rsplit_once('.') {
            Some((path, name)) if path.contains('/') => (path, name),
            _ => return text.to_string(),
        };
        if self.u.pkgs[p].import_path == path {
            return name.to_string();
        }
        match self.u.by_path(path) {
            Some(q) => format!("{}::{name}", self.u.pkgs[q].rust.join("::")),
            None => match self.u.map.get(path) {
                Some(m) => format!("{m}::{name}"),
                None => name.to_string(),
            },
        }
    }

    // ----- fields -----

    fn field(
        &mut self,
        p: usize,
        owner: &TypeDecl,
        f: &GoField,
        object: bool,
        out: &mut Vec<ir::Field>,
        tombstones: &mut Vec<Marker>,
    ) {
        let json = tag(&f.tag, "json");
        let (json_name, opts) = match &json {
            Some(j) => {
                let mut parts = j.split(',');
                let name = parts.next().unwrap_or("").to_string();
                (name, parts.map(str::to_string).collect::<Vec<_>>())
            }
            None => (String::new(), Vec::new()),
        };
        let omitempty = opts.iter().any(|o| o == "omitempty" || o == "omitzero");
        let inline = opts.iter().any(|o| o == "inline");
        let names: Vec<(String, bool)> = if f.names.is_empty() {
            // Embedded: Go names the field after its type.
            let type_name = match &f.ty {
                GoType::Ident(n) => n.clone(),
                GoType::Qualified { name, .. } => name.clone(),
                GoType::Pointer(inner) => match inner.as_ref() {
                    GoType::Ident(n) | GoType::Qualified { name: n, .. } => n.clone(),
                    _ => String::new(),
                },
                _ => String::new(),
            };
            if self.is_type_meta(p, f) {
                {
                    if !object {
                        self.warn(&f.pos, "dropped field", format!("`{}` embeds TypeMeta but is not a runtime.Object: apiVersion and kind dropped", owner.name));
                    }
                    return;
                }
            }
            vec![(type_name, json_name.is_empty() || inline)]
        } else {
            f.names.iter().map(|n| (n.clone(), false)).collect()
        };
        let mut go_markers: Vec<GoMarker> = f.comments.markers.iter().map(gm::split).collect();
        // Tombstones live among the fields in Go; in kapi they are the struct's.
        go_markers.retain(|g| {
            if g.name != "k8s:deprecated" {
                return true;
            }
            let mut inner = Vec::new();
            for (i, (k, v)) in gm::args(g.value.as_deref().unwrap_or("")).into_iter().enumerate() {
                match (i, k.as_str(), gm::int(&v)) {
                    (0, name, _) if v.is_empty() => inner.push(Marker::str(key::tombstone::NAME, name)),
                    (_, "protobuf", Some(n)) => inner.push(Marker::int(key::tombstone::PROTOBUF, n)),
                    _ => {}
                }
            }
            if inner.len() == 2 {
                tombstones.push(Marker { key: key::DEPRECATED, value: Value::Nested(inner) });
            } else {
                self.warn(&g.pos, "tombstone", format!("`+k8s:deprecated={}` has no protobuf number: kapi's tombstones reserve a name and a number; not written", g.value.as_deref().unwrap_or("")));
            }
            false
        });
        for (go_name, is_inline) in names {
            if json_name == "-" {
                self.warn(
                    &f.pos,
                    "dropped field",
                    format!(
                        "`{}.{go_name}` is not serialized (`json:\"-\"`): dropped",
                        owner.name
                    ),
                );
                continue;
            }
            if !is_inline
                && !go_name.starts_with(|c: char| c.is_ascii_uppercase())
                && !f.names.is_empty()
            {
                self.warn(
                    &f.pos,
                    "dropped field",
                    format!(
                        "`{}.{go_name}` is unexported, so never serialized: dropped",
                        owner.name
                    ),
                );
                continue;
            }
            let json = if is_inline || json_name.is_empty() {
                go_name.clone()
            } else {
                json_name.clone()
            };
            let resolved = self.resolve(p, &f.ty, &f.pos);
            let Some(resolved) = resolved else {
                continue;
            };
            let rust_name = if is_inline {
                rust_ident(&snake(&go_name))
            } else {
                rust_ident(&snake(&json))
            };
            let mut markers: Vec<Marker> = Vec::new();
            if !is_inline
                && heck::ToLowerCamelCase::to_lower_camel_case(rust_name.trim_end_matches('_'))
                    != json
            {
                markers.push(Marker::str(key::RENAME, json.clone()));
            }
            let mut all = go_markers.clone();
            // Markers of the named type apply where the field does not say otherwise.
            for m in &resolved.markers {
                let g = gm::split(m);
                if is_field_marker(&g.name) && !all.iter().any(|x| x.name == g.name) {
                    all.push(g);
                }
            }
            let mut optional = false;
            let mut required = false;
            let mut rest = Vec::new();
            for g in &all {
                self.field_marker(
                    p,
                    owner,
                    &go_name,
                    g,
                    &mut optional,
                    &mut required,
                    &mut rest,
                );
            }
            let is_option = matches!(resolved.ty, Type::Option(_));
            let ty = resolved.ty;
            if is_inline {
                markers.push(Marker::flag(key::INLINE));
            } else if is_option {
                if !omitempty {
                    markers.push(Marker::str(key::PRESENCE, "null"));
                }
                if required {
                    self.warn(&f.pos, "required pointer", format!("`{}.{go_name}` is required but a pointer: kapi's `required` is for values that are always there; written as an optional `Option`", owner.name));
                }
            } else if optional {
                markers.insert(0, Marker::flag(key::OPTIONAL));
                if !omitempty {
                    markers.push(Marker::str(key::PRESENCE, "always"));
                }
            } else {
                if required {
                    markers.insert(0, Marker::flag(key::REQUIRED));
                }
                if omitempty {
                    markers.push(Marker::str(key::PRESENCE, "omit_empty"));
                }
            }
            let _ = resolved.pointer;
            self.check_shape(&f.pos, owner, &go_name, &ty, &mut rest);
            if !is_option {
                if let Some(d) = rest.iter().position(|m| m.key == key::DEFAULT) {
                    rest.remove(d);
                    self.warn(&f.pos, "default", format!("`{}.{go_name}` has a default but is not a pointer: kapi defaults only fields that can be unset (`Option`); default not written", owner.name));
                }
            }
            markers.extend(rest);
            let protobuf_package = self.u.pkgs[p].proto.is_some() || self.has_protobuf_tags(p);
            if protobuf_package && tag(&f.tag, "protobuf").is_none() {
                self.warn(&f.pos, "protobuf number", format!("`{}.{go_name}` has no protobuf tag in a package encoded as protobuf: written without a number; run `kapi-codegen --assign-protobuf-tags` on the crate", owner.name));
            }
            if let Some(pb) = tag(&f.tag, "protobuf") {
                let parts: Vec<&str> = pb.split(',').collect();
                match parts.get(1).and_then(|n| n.parse::<i64>().ok()) {
                    Some(n) => markers.push(Marker::int(key::PROTOBUF, n)),
                    None => self.warn(
                        &f.pos,
                        "malformed tag",
                        format!(
                            "protobuf tag `{pb}` has no field number: no protobuf number written"
                        ),
                    ),
                }
                let default_name = if is_inline {
                    heck::ToLowerCamelCase::to_lower_camel_case(rust_name.as_str())
                } else {
                    json.clone()
                };
                if let Some(name) = parts.iter().find_map(|p| p.strip_prefix("name=")) {
                    if name != default_name {
                        markers.push(Marker::str(key::PROTOBUF_NAME, name));
                    }
                }
            }
            out.push(ir::Field {
                name: rust_name,
                docs: self.docs(&f.comments.docs),
                markers: order_markers(markers),
                ty,
            });
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn field_marker(
        &mut self,
        p: usize,
        owner: &TypeDecl,
        field: &str,
        g: &GoMarker,
        optional: &mut bool,
        required: &mut bool,
        out: &mut Vec<Marker>,
    ) {
        let value = g.value.clone().unwrap_or_default();
        let at = format!("`{}.{field}`", owner.name);
        let name = g.name.as_str();
        let str_marker = |k: Key| Marker::str(k, gm::unquote(&value));
        match name {
            "optional" | "kubebuilder:validation:Optional" | "k8s:optional" => *optional = true,
            "required" | "kubebuilder:validation:Required" | "k8s:required" => {
                if !*optional {
                    *required = true
                }
            }
            "listType" | "k8s:listType" => push_once(out, str_marker(key::LIST_TYPE)),
            "listMapKey" | "k8s:listMapKey" => {
                let m = str_marker(key::LIST_MAP_KEY);
                if !out.contains(&m) {
                    out.push(m)
                }
            }
            "mapType" => push_once(out, str_marker(key::MAP_TYPE)),
            "patchStrategy" => push_once(out, str_marker(key::PATCH_STRATEGY)),
            "patchMergeKey" => push_once(out, str_marker(key::PATCH_MERGE_KEY)),
            "unionDiscriminator" => push_once(out, Marker::flag(key::UNION_DISCRIMINATOR)),
            "featureGate" => {
                if value.contains(',') || out.iter().any(|m| m.key == key::FEATURE_GATE) {
                    self.warn(&g.pos, "feature gate", format!("{at} names more than one feature gate; kapi gates a field by one: `+featureGate={value}` ignored"));
                } else {
                    out.push(Marker::str(key::FEATURE_GATE, value));
                }
            }
            "default" | "kubebuilder:default" => match self.default_value(p, &value, &g.pos) {
                Some(j) => push_once(out, Marker { key: key::DEFAULT, value: Value::Json(j) }),
                None => self.warn(&g.pos, "default", format!("{at}: default `{value}` is not a string, number or boolean: ignored")),
            },
            "k8s:conversion-gen" if value == "false" => out.push(Marker { key: key::CONVERSION_GEN, value: Value::Bool(false) }),
            "kubebuilder:validation:XPreserveUnknownFields" => push_once(out, Marker::flag(key::PRESERVE_UNKNOWN_FIELDS)),
            "kubebuilder:validation:XEmbeddedResource" => push_once(out, Marker::flag(key::EMBEDDED_RESOURCE)),
            "k8s:immutable" => push_once(out, Marker::flag(key::IMMUTABLE)),
            "kubebuilder:validation:XValidation" => {
                let args = gm::args(&value);
                let rule = args.iter().find(|(k, _)| k == "rule").map(|(_, v)| v.as_str());
                if rule.is_some_and(|r| r.replace(' ', "") == "self==oldSelf") {
                    push_once(out, Marker::flag(key::IMMUTABLE));
                } else {
                    self.warn(&g.pos, "CEL rule", format!("{at}: kapi has no CEL rules; `+{}` ignored", g.text()));
                }
            }
            _ if name.starts_with("k8s:alpha(") => self.warn(
                &g.pos,
                "alpha validation",
                format!("{at}: alpha declarative validation (`+{}`) is not enforced by default in Kubernetes: not translated", g.text()),
            ),
            _ if name.starts_with("k8s:beta(") => match stable_inner(g) {
                Some(inner) => self.field_marker(p, owner, field, &inner, optional, required, out),
                None => self.warn(&g.pos, "malformed marker", format!("{at}: `+{}` wraps no marker: ignored", g.text())),
            },
            _ => {
                let short = name
                    .strip_prefix("kubebuilder:validation:")
                    .or_else(|| name.strip_prefix("k8s:"))
                    .unwrap_or(name);
                match gm::validation(short, &value) {
                    Some(Ok(m)) => push_once(out, m),
                    Some(Err(why)) => self.warn(&g.pos, "malformed marker", format!("{at}: `+{}`: {why}; ignored", g.text())),
                    None if gm::IMPLIED.contains(&name) => {}
                    None => self.warn(&g.pos, "unknown marker", format!("{at}: `+{}` has no kapi equivalent: ignored", g.text())),
                }
            }
        }
    }

    /// Drops list and map markers on fields that are not lists or maps (Go's tools ignore
    /// them there), and list-map keys without `listType=map`.
    fn check_shape(
        &mut self,
        pos: &Pos,
        owner: &TypeDecl,
        field: &str,
        ty: &Type,
        markers: &mut Vec<Marker>,
    ) {
        let inner = match ty {
            Type::Option(t) => t.as_ref(),
            t => t,
        };
        let list = matches!(inner, Type::Vec(_));
        let map = matches!(inner, Type::Map(_));
        let map_list = markers
            .iter()
            .any(|m| m.key == key::LIST_TYPE && m.value == Value::Str("map".into()));
        let mut dropped = BTreeSet::new();
        markers.retain(|m| {
            let keep = if m.key == key::LIST_TYPE {
                list
            } else if m.key == key::LIST_MAP_KEY {
                list && map_list
            } else if m.key == key::MAP_TYPE {
                map
            } else {
                true
            };
            if !keep {
                dropped.insert(m.key.name());
            }
            keep
        });
        for k in dropped {
            self.warn(pos, "misplaced marker", format!("`{}.{field}`: `{k}` does not fit its type (or lacks `listType=map`): not written", owner.name));
        }
    }

    /// `+default=` as JSON, or `ref(pkg.Const)` as the constant's string.
    fn default_value(&self, p: usize, value: &str, _pos: &Pos) -> Option<serde_json::Value> {
        if let Some(r) = value.strip_prefix("ref(").and_then(|v| v.strip_suffix(')')) {
            let (q, name) = match r.rsplit_once('.') {
                Some((path, name)) if path.contains('/') => (self.u.by_path(path)?, name),
                _ => (p, r),
            };
            let go = &self.u.pkgs[q].go;
            let c = go.consts.iter().find(|c| c.name == name)?;
            return const_value(go, c).map(serde_json::Value::String);
        }
        gm::json_scalar(value)
    }

    fn is_type_meta(&self, p: usize, f: &GoField) -> bool {
        let GoType::Qualified { package, name } = &f.ty else {
            return false;
        };
        let path = self.import_of(p, &f.pos, package);
        matches!(
            path.as_deref().and_then(|path| known::lookup(path, name)),
            Some(Known::TypeMeta)
        )
    }

    // ----- types -----

    fn import_of(&self, p: usize, pos: &Pos, package: &str) -> Option<String> {
        self.u.pkgs[p]
            .go
            .imports
            .get(&pos.file)?
            .get(package)
            .cloned()
    }

    fn resolve(&mut self, p: usize, ty: &GoType, pos: &Pos) -> Option<Resolved> {
        let mut markers = Vec::new();
        let ty = self.go_type(p, ty, pos, &mut markers, 0)?;
        Some(Resolved {
            pointer: matches!(ty, Type::Option(_)),
            ty,
            markers,
        })
    }

    fn go_type(
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
                    Some(Known::Local(s)) => {
                        let mut path = self.u.pkgs[self.current].rust.clone();
                        path.push(s.name.clone());
                        self.locals.entry(s.name.clone()).or_insert(s);
                        Type::Path(path)
                    }
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
    fn element(
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
    fn nullable_string_list(&self, p: usize, ty: &GoType, pos: &Pos) -> bool {
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

    fn is_local_enum(&self, path: &[String]) -> bool {
        let Some((name, module)) = path.split_last() else {
            return false;
        };
        self.u
            .pkgs
            .iter()
            .any(|p| p.rust == module && p.enums.contains(name))
    }

    fn named(
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

impl GoMarker {
    fn text(&self) -> String {
        match &self.value {
            Some(v) => format!("{}={v}", self.name),
            None => self.name.clone(),
        }
    }
}

/// A constant's string value: its literal, or the constant of this package it names
/// (`StatefulSetRevisionLabel = ControllerRevisionHashLabelKey`).
fn const_value(go: &GoPackage, c: &ConstDecl) -> Option<String> {
    let mut c = c;
    for _ in 0..8 {
        if let Some(v) = &c.value {
            return Some(v.clone());
        }
        let name = c.expr.as_deref()?.trim();
        c = go.consts.iter().find(|d| d.name == name)?;
    }
    None
}

fn has_qualified(t: &GoType) -> bool {
    match t {
        GoType::Qualified { .. } => true,
        GoType::Pointer(i) | GoType::Slice(i) | GoType::Array(i) => has_qualified(i),
        GoType::Map(k, v) => has_qualified(k) || has_qualified(v),
        _ => false,
    }
}

fn json_value() -> Type {
    Type::Path(vec!["serde_json".into(), "Value".into()])
}

/// Field markers a named type can carry to the fields that use it.
fn is_field_marker(name: &str) -> bool {
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

fn push_once(markers: &mut Vec<Marker>, m: Marker) {
    if !markers.iter().any(|x| x.key == m.key) {
        markers.push(m);
    }
}

/// The markers in the order the hand-written ports use: presence first, protobuf last.
fn order_markers(mut markers: Vec<Marker>) -> Vec<Marker> {
    let rank = |k: Key| -> u8 {
        if k == key::OPTIONAL || k == key::REQUIRED {
            0
        } else if k == key::INLINE || k == key::PRESENCE {
            1
        } else if k == key::RENAME {
            2
        } else if k == key::PROTOBUF {
            9
        } else if k == key::PROTOBUF_NAME {
            10
        } else {
            5
        }
    };
    markers.sort_by_key(|m| rank(m.key));
    markers
}

/// The value of `key` in a Go struct tag (`json:"name,omitempty" protobuf:"..."`).
fn tag(tag: &str, key: &str) -> Option<String> {
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

/// An enum variant's name: the value in UpperCamelCase, else the Go constant's name without
/// the type's prefix; never one already taken.
fn variant_name(
    value: &str,
    go_const: Option<&str>,
    type_name: &str,
    taken: &[ir::Variant],
) -> String {
    let valid = |n: &str| {
        !n.is_empty()
            && n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.chars().all(|c| c.is_ascii_alphanumeric())
    };
    let free = |n: &str| valid(n) && !taken.iter().any(|v| v.name == n) && n != "Self";
    let from_value = value.to_upper_camel_case();
    if free(&from_value) {
        return from_value;
    }
    if let Some(c) = go_const {
        let stripped = c.strip_prefix(type_name).unwrap_or(c).to_upper_camel_case();
        if free(&stripped) {
            return stripped;
        }
        let full = c.to_upper_camel_case();
        if free(&full) {
            return full;
        }
    }
    let mut i = taken.len();
    loop {
        let n = format!("Value{i}");
        if free(&n) {
            return n;
        }
        i += 1;
    }
}

/// Two Go constants can name the same SHOUTY_CASE constant (`FooBAR`, `FooBar`): the later
/// one gets its position in the module as a suffix.
fn dedupe_consts(items: &mut [Item]) {
    let mut seen = BTreeSet::new();
    for (i, item) in items.iter_mut().enumerate() {
        if let Item::Const(c) = item {
            if !seen.insert(c.name.clone()) {
                c.name = format!("{}_{i}", c.name);
                seen.insert(c.name.clone());
            }
        }
    }
}

fn dedupe_fields(fields: &mut Vec<ir::Field>, pos: &Pos, warnings: &mut Vec<Warning>) {
    let mut seen = BTreeSet::new();
    fields.retain(|f| {
        if seen.insert(f.name.clone()) {
            return true;
        }
        warnings.push(Warning {
            at: pos.to_string(),
            class: "dropped field",
            message: format!(
                "two fields are named `{}` in Rust: the second dropped",
                f.name
            ),
        });
        false
    });
}
