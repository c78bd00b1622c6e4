//! Go declarations to items: structs (with their kind, client and resource markers), enums
//! and constants.

use super::context::{const_value, is_field_marker, push_once, stable_inner, Translator};
use crate::import::go::markers::{self as gm, GoMarker};
use crate::import::go::syntax::{ConstDecl, GoField, GoType, MarkerLine, Pos, TypeDecl};
use crate::import::ir::{self, Item, Marker, Type, Value};
use crate::import::Warning;
use crate::markers::key;
use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};
use std::collections::{BTreeSet, HashSet};

/// What a Go type's markers say, before its fields decide whether it is a kind.
#[derive(Default)]
struct TypeMarkers {
    markers: Vec<Marker>,
    gen_client: Option<Vec<Marker>>,
    lifecycle: Vec<Marker>,
    object: bool,
    resource: Vec<Marker>,
}

impl Translator<'_> {
    pub(super) fn package_marker(&mut self, g: &GoMarker) {
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

    pub(super) fn type_item(&mut self, p: usize, decl: &TypeDecl) -> Option<Item> {
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

    pub(super) fn enum_item(&mut self, p: usize, decl: &TypeDecl) -> ir::Enum {
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
        // Sets beside the lists: an enum may have a hundred thousand values.
        let mut values: Vec<(String, Option<&ConstDecl>)> = Vec::new();
        let mut seen: HashSet<String> = HashSet::new();
        for c in pkg.consts_of(&decl.name) {
            match &const_value(self.u, p, c) {
                Some(v) if seen.insert(v.clone()) => values.push((v.clone(), Some(c))),
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
            if seen.insert(v.clone()) {
                values.push((v, None));
            }
        }
        let mut variants: Vec<ir::Variant> = Vec::new();
        let mut taken: HashSet<String> = HashSet::new();
        for (value, c) in values {
            let name = variant_name(&value, c.map(|c| c.name.as_str()), &decl.name, &taken);
            taken.insert(name.clone());
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

    pub(super) fn const_item(&mut self, p: usize, c: &ConstDecl) -> Option<Item> {
        match const_value(self.u, p, c) {
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

    pub(super) fn type_marker_fallback(
        &mut self,
        g: &GoMarker,
        owner: &str,
        _markers: &mut Vec<Marker>,
    ) {
        if gm::IMPLIED.contains(&g.name.as_str()) {
            return;
        }
        self.warn(
            &g.pos,
            "unknown marker",
            format!("`+{}` on `{owner}` has no kapi equivalent: ignored", g.name),
        );
    }

    /// `custom_json`, with the type and format of Go's `OpenAPISchemaType()` /
    /// `OpenAPISchemaFormat()` when they return one.
    fn custom_json(&self, p: usize, name: &str) -> Marker {
        use key::custom_json::{FORMAT, TYPE};
        let (type_, format) = self.u.pkgs[p]
            .go
            .openapi_schemas
            .get(name)
            .cloned()
            .unwrap_or_default();
        let inner: Vec<Marker> = type_
            .map(|t| Marker::str(TYPE, t))
            .into_iter()
            .chain(format.map(|f| Marker::str(FORMAT, f)))
            .collect();
        if inner.is_empty() {
            Marker::flag(key::CUSTOM_JSON)
        } else {
            Marker {
                key: key::CUSTOM_JSON,
                value: Value::Nested(inner),
            }
        }
    }

    pub(super) fn struct_item(
        &mut self,
        p: usize,
        decl: &TypeDecl,
        fields: &[GoField],
    ) -> ir::Struct {
        let mut read = self.type_markers(p, decl);
        // kapi writes apiVersion and kind for a kind: a runtime.Object without TypeMeta
        // (ObjectReference) carries them as its own fields, so it is a plain struct here.
        let embeds_type_meta = fields
            .iter()
            .any(|f| f.names.is_empty() && self.is_type_meta(p, f));
        if read.object && !embeds_type_meta {
            self.warn(&decl.pos, "not a kind", format!("`{}` is a runtime.Object without TypeMeta: written as a plain struct (its own fields carry apiVersion and kind)", decl.name));
            read.object = false;
        }
        let mut tombstones = Vec::new();
        let mut out_fields = Vec::new();
        for f in fields {
            self.field(p, decl, f, read.object, &mut out_fields, &mut tombstones);
        }
        dedupe_fields(&mut out_fields, &decl.pos, &mut self.warnings);
        self.check_union(decl, &mut read.markers, &mut out_fields);
        let mut markers = self.kind_markers(decl, read, &out_fields);
        markers.extend(tombstones);
        ir::Struct {
            name: decl.name.clone(),
            docs: self.docs(&decl.comments.docs),
            markers,
            fields: out_fields,
        }
    }

    /// The type's markers, sorted by what they will become.
    fn type_markers(&mut self, p: usize, decl: &TypeDecl) -> TypeMarkers {
        let mut read = TypeMarkers::default();
        if let Some(at) = self.u.pkgs[p].go.json_methods.get(&decl.name).cloned() {
            self.warn(&decl.pos, "custom JSON", format!("`{}` writes its own JSON (`MarshalJSON`/`UnmarshalJSON` at {at}): imported as `#[k8s(custom_json)]` with its Go fields (its protobuf form); write its `serde::Serialize` and `Deserialize` by hand in a module beside the imported one, as kapi-k8s's `src/apiextensions/v1_json.rs` does", decl.name));
            read.markers.push(self.custom_json(p, &decl.name));
        }
        for m in &decl.comments.markers {
            self.type_marker(p, decl, m, &mut read);
        }
        read
    }

    fn type_marker(&mut self, p: usize, decl: &TypeDecl, m: &MarkerLine, read: &mut TypeMarkers) {
        let TypeMarkers {
            markers,
            gen_client,
            lifecycle,
            object,
            resource,
        } = read;
        let g = gm::split(m);
        let value = g.value.clone().unwrap_or_default();
        match g.name.as_str() {
            "k8s:deepcopy-gen:interfaces" => {
                if value.ends_with("runtime.Object") {
                    *object = true;
                } else {
                    self.warn(
                        &g.pos,
                        "unknown marker",
                        format!("deep copy interface `{value}` has no kapi equivalent: ignored"),
                    );
                }
            }
            "kubebuilder:object:root" if value != "false" => *object = true,
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
            "union" => push_once(markers, Marker::flag(key::UNION)),
            "structType" => markers.push(Marker::str(key::STRUCT_TYPE, value)),
            "k8s:conversion-gen" if value == "false" => markers.push(Marker {
                key: key::CONVERSION_GEN,
                value: Value::Bool(false),
            }),
            "kubebuilder:validation:XPreserveUnknownFields" | "k8s:preserve-unknown-fields" => {
                push_once(markers, Marker::flag(key::PRESERVE_UNKNOWN_FIELDS))
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
                let m = self.scale_subresource(&g, &value);
                resource.push(m);
            }
            "kubebuilder:resource" => self.resource_args(&g, &value, resource),
            "kubebuilder:printcolumn" => {
                let m = self.print_column(&g, &value);
                resource.push(m);
            }
            "kubebuilder:storageversion" => resource.push(Marker::flag(key::STORAGE_VERSION)),
            "kubebuilder:validation:XValidation" => {
                let at = format!("`{}`", decl.name);
                if let Some(m) = self.validation_rule(&g, &value, &at, false) {
                    markers.push(m);
                }
            }
            "kubebuilder:validation:Enum" => self.warn(
                &g.pos,
                "unknown marker",
                format!(
                    "`+{}` on struct `{}`: enums are string types; ignored",
                    g.name, decl.name
                ),
            ),
            _ => self.type_marker_fallback(&g, &decl.name, markers),
        }
    }

    /// `+kubebuilder:subresource:scale`'s paths.
    fn scale_subresource(&mut self, g: &GoMarker, value: &str) -> Marker {
        let mut inner = Vec::new();
        for (k, v) in gm::args(value) {
            let k = match k.as_str() {
                "specpath" => key::scale::SPEC_REPLICAS_PATH,
                "statuspath" => key::scale::STATUS_REPLICAS_PATH,
                "selectorpath" => key::scale::LABEL_SELECTOR_PATH,
                other => {
                    self.warn(
                        &g.pos,
                        "unknown marker",
                        format!(
                            "scale subresource argument `{other}` has no kapi equivalent: ignored"
                        ),
                    );
                    continue;
                }
            };
            inner.push(Marker::str(k, v));
        }
        Marker {
            key: key::SUBRESOURCE_SCALE,
            value: Value::Nested(inner),
        }
    }

    /// One `+kubebuilder:printcolumn`.
    fn print_column(&mut self, g: &GoMarker, value: &str) -> Marker {
        let mut inner = Vec::new();
        for (k, v) in gm::args(value) {
            let (k, int) = match k.as_str() {
                "name" => (key::print_column::NAME, false),
                "type" => (key::print_column::TYPE, false),
                "JSONPath" => (key::print_column::JSON_PATH, false),
                "description" => (key::print_column::DESCRIPTION, false),
                "format" => (key::print_column::FORMAT, false),
                "priority" => (key::print_column::PRIORITY, true),
                other => {
                    self.warn(
                        &g.pos,
                        "unknown marker",
                        format!("print column argument `{other}` has no kapi equivalent: ignored"),
                    );
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
        Marker {
            key: key::PRINT_COLUMN,
            value: Value::Nested(inner),
        }
    }

    /// A `+unionDiscriminator` needs a `+union`, and a union at least two members: what
    /// kapi cannot write is dropped with a warning.
    fn check_union(
        &mut self,
        decl: &TypeDecl,
        markers: &mut Vec<Marker>,
        out_fields: &mut [ir::Field],
    ) {
        let is_union = |m: &Marker| m.key == key::UNION;
        let discriminated = out_fields
            .iter()
            .any(|f| f.markers.iter().any(|m| m.key == key::UNION_DISCRIMINATOR));
        if discriminated && !markers.iter().any(is_union) {
            self.warn(&decl.pos, "union", format!("`{}` has a `+unionDiscriminator` but is not a `+union`: discriminator not written", decl.name));
            for f in out_fields.iter_mut() {
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
                for f in out_fields.iter_mut() {
                    f.markers.retain(|m| m.key != key::UNION_DISCRIMINATOR);
                }
            }
        }
    }

    /// The kind marker (`kind` with ObjectMeta or ListMeta, else `simple_kind`) with its
    /// client and resource markers, which only resources keep; then the lifecycle.
    fn kind_markers(
        &mut self,
        decl: &TypeDecl,
        read: TypeMarkers,
        out_fields: &[ir::Field],
    ) -> Vec<Marker> {
        let TypeMarkers {
            mut markers,
            gen_client,
            lifecycle,
            object,
            mut resource,
        } = read;
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
        markers
    }

    pub(super) fn resource_args(&mut self, g: &GoMarker, value: &str, out: &mut Vec<Marker>) {
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

    pub(super) fn client_method(&mut self, p: usize, g: &GoMarker, value: &str) -> Option<Marker> {
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
    pub(super) fn go_type_path(&self, p: usize, text: &str) -> String {
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
}

/// An enum variant's name: the value in UpperCamelCase, else the Go constant's name without
/// the type's prefix; never one already taken.
pub(super) fn variant_name(
    value: &str,
    go_const: Option<&str>,
    type_name: &str,
    taken: &HashSet<String>,
) -> String {
    let valid = |n: &str| {
        !n.is_empty()
            && n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.chars().all(|c| c.is_ascii_alphanumeric())
    };
    let free = |n: &str| valid(n) && !taken.contains(n) && n != "Self";
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
pub(super) fn dedupe_consts(items: &mut [Item]) {
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

pub(super) fn dedupe_fields(fields: &mut Vec<ir::Field>, pos: &Pos, warnings: &mut Vec<Warning>) {
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
