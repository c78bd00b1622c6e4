//! Go struct fields to fields: names, presence, protobuf numbers and field markers.

use super::context::{const_value, is_field_marker, push_once, stable_inner, tag, Translator};
use crate::import::go::known::{self, Known};
use crate::import::go::markers::{self as gm, GoMarker};
use crate::import::go::syntax::{GoField, GoType, Pos, TypeDecl};
use crate::import::ir::{self, Marker, Type, Value};
use crate::import::names::{rust_ident, snake};
use crate::markers::{key, Key};
use std::collections::BTreeSet;

/// What a field's `json` tag says.
struct JsonTag {
    name: String,
    omitempty: bool,
    inline: bool,
}

impl JsonTag {
    fn of(f: &GoField) -> JsonTag {
        let Some(json) = tag(&f.tag, "json") else {
            return JsonTag {
                name: String::new(),
                omitempty: false,
                inline: false,
            };
        };
        let mut parts = json.split(',');
        let name = parts.next().unwrap_or("").to_string();
        let opts: Vec<&str> = parts.collect();
        JsonTag {
            name,
            omitempty: opts.iter().any(|o| *o == "omitempty" || *o == "omitzero"),
            inline: opts.contains(&"inline"),
        }
    }
}

/// A Go field as every one of its names is translated.
struct FieldInput<'a> {
    p: usize,
    owner: &'a TypeDecl,
    f: &'a GoField,
    /// The JSON name (the protobuf name for a type with its own JSON); empty when the tag
    /// names none.
    json_name: String,
    omitempty: bool,
    custom_json: bool,
    /// The field's markers, tombstones taken out.
    go_markers: Vec<GoMarker>,
}

/// What decides how a field is written when empty.
struct Presence<'a> {
    go_name: &'a str,
    is_inline: bool,
    omitempty: bool,
    optional: bool,
    required: bool,
}

impl Translator<'_> {
    pub(super) fn field(
        &mut self,
        p: usize,
        owner: &TypeDecl,
        f: &GoField,
        object: bool,
        out: &mut Vec<ir::Field>,
        tombstones: &mut Vec<Marker>,
    ) {
        let json = JsonTag::of(f);
        let Some(names) = self.field_names(p, owner, f, object, &json) else {
            return;
        };
        let mut go_markers: Vec<GoMarker> = f.comments.markers.iter().map(gm::split).collect();
        self.take_tombstones(&mut go_markers, tombstones);
        // A type that writes its own JSON (`MarshalJSON`) keeps every field its protobuf
        // message has, named as there: its JSON tags describe no wire form.
        let custom_json = self.u.pkgs[p].go.json_methods.contains_key(&owner.name);
        let proto_name = tag(&f.tag, "protobuf")
            .and_then(|pb| {
                pb.split(',')
                    .find_map(|p| p.strip_prefix("name="))
                    .map(str::to_string)
            })
            .filter(|_| custom_json);
        let input = FieldInput {
            p,
            owner,
            f,
            json_name: proto_name.unwrap_or_else(|| json.name.clone()),
            omitempty: json.omitempty,
            custom_json,
            go_markers,
        };
        for (go_name, is_inline) in names {
            if let Some(field) = self.one_field(&input, &go_name, is_inline) {
                out.push(field);
            }
        }
    }

    /// The Go names the field declares, each with whether it is inlined; `None` for an
    /// embedded TypeMeta, which kinds write themselves.
    fn field_names(
        &mut self,
        p: usize,
        owner: &TypeDecl,
        f: &GoField,
        object: bool,
        json: &JsonTag,
    ) -> Option<Vec<(String, bool)>> {
        if !f.names.is_empty() {
            return Some(f.names.iter().map(|n| (n.clone(), false)).collect());
        }
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
            if !object {
                self.warn(&f.pos, "dropped field", format!("`{}` embeds TypeMeta but is not a runtime.Object: apiVersion and kind dropped", owner.name));
            }
            return None;
        }
        Some(vec![(type_name, json.name.is_empty() || json.inline)])
    }

    /// Tombstones live among the fields in Go; in kapi they are the struct's.
    fn take_tombstones(&mut self, go_markers: &mut Vec<GoMarker>, tombstones: &mut Vec<Marker>) {
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
    }

    /// One Go name of the field as a kapi field, or `None` when it is not serialized or
    /// its type cannot be written.
    fn one_field(
        &mut self,
        input: &FieldInput,
        go_name: &str,
        is_inline: bool,
    ) -> Option<ir::Field> {
        let FieldInput {
            p,
            owner,
            f,
            ref json_name,
            omitempty,
            custom_json,
            ref go_markers,
        } = *input;
        if json_name == "-" {
            self.warn(
                &f.pos,
                "dropped field",
                format!(
                    "`{}.{go_name}` is not serialized (`json:\"-\"`): dropped",
                    owner.name
                ),
            );
            return None;
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
            return None;
        }
        let json = if is_inline || json_name.is_empty() {
            go_name.to_string()
        } else {
            json_name.clone()
        };
        let resolved = self.resolve(p, &f.ty, &f.pos)?;
        let rust_name = if is_inline || custom_json {
            rust_ident(&snake(go_name))
        } else {
            rust_ident(&snake(&json))
        };
        let mut markers: Vec<Marker> = Vec::new();
        if !is_inline
            && heck::ToLowerCamelCase::to_lower_camel_case(rust_name.trim_end_matches('_')) != json
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
                go_name,
                g,
                &mut optional,
                &mut required,
                &mut rest,
            );
        }
        let ty = resolved.ty;
        let presence = Presence {
            go_name,
            is_inline,
            omitempty,
            optional,
            required,
        };
        self.presence_markers(input, &presence, &ty, &mut markers);
        self.check_shape(&f.pos, owner, go_name, &ty, &mut rest);
        self.drop_unusable_defaults(input, go_name, &ty, &mut rest);
        markers.extend(rest);
        self.protobuf_markers(input, go_name, is_inline, &rust_name, &json, &mut markers);
        Some(ir::Field {
            name: rust_name,
            docs: self.docs(&f.comments.docs),
            markers: order_markers(markers),
            ty,
        })
    }

    /// `inline`, `optional`/`required` and `presence`: how the field is written when empty.
    fn presence_markers(
        &mut self,
        input: &FieldInput,
        presence: &Presence,
        ty: &Type,
        markers: &mut Vec<Marker>,
    ) {
        let Presence {
            go_name,
            is_inline,
            omitempty,
            optional,
            required,
        } = *presence;
        let (owner, f) = (input.owner, input.f);
        if is_inline {
            markers.push(Marker::flag(key::INLINE));
        } else if matches!(ty, Type::Option(_)) {
            if !omitempty {
                markers.push(Marker::str(key::PRESENCE, "null"));
            }
            if required {
                self.warn(&f.pos, "required pointer", format!("`{}.{go_name}` is required but a pointer: kapi's `required` is for values that are always there; written as an optional `Option`", owner.name));
            }
        } else if optional || (omitempty && !required) {
            // Neither `+optional` nor `+required`: kube-openapi infers optional from
            // `omitempty`, as the API's schema says.
            markers.insert(0, Marker::flag(key::OPTIONAL));
            if !omitempty {
                markers.push(Marker::str(
                    key::PRESENCE,
                    written_without_omitempty(&f.ty, ty),
                ));
            }
        } else {
            if required {
                markers.insert(0, Marker::flag(key::REQUIRED));
            }
            // A list kind's `items` is `[]` when empty: kube-apiserver answers every list
            // with a non-nil slice, and clients (Python's) refuse a `null` there.
            let list_items = go_name == "Items" && owner.name.ends_with("List");
            if omitempty {
                markers.push(Marker::str(key::PRESENCE, "omit_empty"));
            } else if nil_is_null(&f.ty, ty) && !list_items {
                markers.push(Marker::str(key::PRESENCE, "null"));
            }
        }
    }

    /// A default kapi cannot apply is dropped with a warning: one not of the field's shape,
    /// or one on a field that can never be unset.
    fn drop_unusable_defaults(
        &mut self,
        input: &FieldInput,
        go_name: &str,
        ty: &Type,
        rest: &mut Vec<Marker>,
    ) {
        let (owner, f) = (input.owner, input.f);
        if let Some(d) = rest.iter().position(|m| {
            matches!(&m.value, Value::Json(j) if m.key == key::DEFAULT && !default_fits_shape(ty, j))
        }) {
            let removed = rest.remove(d);
            if let Value::Json(j) = removed.value {
                self.warn(&f.pos, "default", format!("`{}.{go_name}`: default `{j}` is not of the field's shape (an object for a struct or map, a list for a list, a scalar for a scalar): ignored", owner.name));
            }
        }
        // A nil slice or map is unset, as a nil pointer is; so is the zero value of an
        // `omitempty` string, number, bool or string enum (Go's defaulters test
        // `== ""`, `== 0`); a struct is never unset.
        let zero_is_unset = input.omitempty
            && (matches!(ty, Type::Scalar(_))
                || matches!(ty, Type::Path(path) if self.is_local_enum(path)));
        let can_be_unset = matches!(ty, Type::Option(_) | Type::Vec(_) | Type::Map(_));
        if !can_be_unset && !zero_is_unset {
            if let Some(d) = rest.iter().position(|m| m.key == key::DEFAULT) {
                rest.remove(d);
                self.warn(&f.pos, "default", format!("`{}.{go_name}` has a default but is not a pointer, slice, map or `omitempty` value: kapi defaults only fields that can be unset; default not written", owner.name));
            }
        }
    }

    /// `protobuf` and `protobuf_name` from the `protobuf` tag.
    fn protobuf_markers(
        &mut self,
        input: &FieldInput,
        go_name: &str,
        is_inline: bool,
        rust_name: &str,
        json: &str,
        markers: &mut Vec<Marker>,
    ) {
        let (p, owner, f) = (input.p, input.owner, input.f);
        let protobuf_package = self.u.pkgs[p].proto.is_some() || self.has_protobuf_tags(p);
        let Some(pb) = tag(&f.tag, "protobuf") else {
            if protobuf_package {
                self.warn(&f.pos, "protobuf number", format!("`{}.{go_name}` has no protobuf tag in a package encoded as protobuf: written without a number; run `kapi-codegen --assign-protobuf-tags` on the crate", owner.name));
            }
            return;
        };
        let parts: Vec<&str> = pb.split(',').collect();
        match parts.get(1).and_then(|n| n.parse::<i64>().ok()) {
            Some(n) => markers.push(Marker::int(key::PROTOBUF, n)),
            None => self.warn(
                &f.pos,
                "malformed tag",
                format!("protobuf tag `{pb}` has no field number: no protobuf number written"),
            ),
        }
        let default_name = if is_inline {
            heck::ToLowerCamelCase::to_lower_camel_case(rust_name)
        } else {
            json.to_string()
        };
        if let Some(name) = parts.iter().find_map(|p| p.strip_prefix("name=")) {
            if name != default_name {
                markers.push(Marker::str(key::PROTOBUF_NAME, name));
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn field_marker(
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
            // controller-gen reads its `default` as an untyped marker argument, not only JSON.
            "default" | "kubebuilder:default" => match self.default_value(p, &value, &g.pos).or_else(|| {
                (g.name == "kubebuilder:default").then(|| crate::import::go::any_value::parse(&value)).flatten()
            }) {
                Some(j) => push_once(out, Marker { key: key::DEFAULT, value: Value::Json(j) }),
                None => self.warn(&g.pos, "default", format!("{at}: default `{value}` is not a JSON value: ignored")),
            },
            "k8s:conversion-gen" if value == "false" => out.push(Marker { key: key::CONVERSION_GEN, value: Value::Bool(false) }),
            "kubebuilder:validation:XPreserveUnknownFields" => push_once(out, Marker::flag(key::PRESERVE_UNKNOWN_FIELDS)),
            "kubebuilder:validation:XEmbeddedResource" => push_once(out, Marker::flag(key::EMBEDDED_RESOURCE)),
            "k8s:immutable" => push_once(out, Marker::flag(key::IMMUTABLE)),
            "kubebuilder:validation:XValidation" => {
                match self.validation_rule(g, &value, &at, true) {
                    Some(m) if m.key == key::IMMUTABLE => push_once(out, m),
                    Some(m) => out.push(m),
                    None => {}
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
    pub(super) fn check_shape(
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
        self.check_map_keys(pos, owner, field, inner, markers);
    }

    /// A list-map key must be a field of the items (storagemigration/v1alpha1's
    /// `StorageVersionMigrationList.items` names `type`, which its items lack): such a key
    /// is dropped, and with no key left the list is no map. Items embedding a struct inline
    /// (other than TypeMeta) are not checked.
    fn check_map_keys(
        &mut self,
        pos: &Pos,
        owner: &TypeDecl,
        field: &str,
        ty: &Type,
        markers: &mut Vec<Marker>,
    ) {
        let Type::Vec(item) = ty else { return };
        let Type::Path(path) = item.as_ref() else {
            return;
        };
        let Some((name, module)) = path.split_last() else {
            return;
        };
        let Some(pkg) = self.u.pkgs.iter().find(|p| p.rust.as_slice() == module) else {
            return;
        };
        let Some(GoType::Struct(fields)) = pkg.decl(name).map(|d| &d.ty) else {
            return;
        };
        let mut json = BTreeSet::new();
        for f in fields {
            let tagged = tag(&f.tag, "json")
                .and_then(|t| t.split(',').next().map(str::to_string))
                .filter(|n| !n.is_empty());
            match (&tagged, f.names.is_empty(), &f.ty) {
                (Some(n), _, _) => {
                    json.insert(n.clone());
                }
                (None, false, _) => json.extend(f.names.iter().cloned()),
                // Embedded TypeMeta: apiVersion and kind, inline.
                (None, true, GoType::Qualified { name, .. }) if name == "TypeMeta" => {
                    json.extend(["apiVersion".to_string(), "kind".to_string()]);
                }
                // Another inline struct's keys are not looked up: no check.
                (None, true, _) => return,
            }
        }
        let mut missing = Vec::new();
        markers.retain(|m| match &m.value {
            Value::Str(k) if m.key == key::LIST_MAP_KEY && !json.contains(k) => {
                missing.push(k.clone());
                false
            }
            _ => true,
        });
        if missing.is_empty() {
            return;
        }
        let keyless = !markers.iter().any(|m| m.key == key::LIST_MAP_KEY);
        if keyless {
            markers.retain(|m| m.key != key::LIST_TYPE);
        }
        let then = if keyless {
            "; with no key left, `listType=map` is not written either"
        } else {
            ""
        };
        self.warn(
            pos,
            "misplaced marker",
            format!(
                "`{}.{field}`: list-map key `{}` is not a field of `{name}`: not written{then}",
                owner.name,
                missing.join("`, `")
            ),
        );
    }

    /// `+default=` as JSON, or `ref(pkg.Const)` as the constant's string.
    pub(super) fn default_value(
        &self,
        p: usize,
        value: &str,
        _pos: &Pos,
    ) -> Option<serde_json::Value> {
        if let Some(r) = value.strip_prefix("ref(").and_then(|v| v.strip_suffix(')')) {
            let (q, name) = match r.rsplit_once('.') {
                Some((path, name)) if path.contains('/') => (self.u.by_path(path)?, name),
                _ => (p, r),
            };
            let c = self.u.pkgs[q].go.consts.iter().find(|c| c.name == name)?;
            return const_value(self.u, q, c).map(serde_json::Value::String);
        }
        serde_json::from_str::<serde_json::Value>(value)
            .ok()
            .filter(|v| !v.is_null())
    }

    pub(super) fn is_type_meta(&self, p: usize, f: &GoField) -> bool {
        let GoType::Qualified { package, name } = &f.ty else {
            return false;
        };
        let path = self.import_of(p, &f.pos, package);
        matches!(
            path.as_deref().and_then(|path| known::lookup(path, name)),
            Some(Known::TypeMeta)
        )
    }
}

/// How Go writes a plain field without `omitempty` at its zero value: a nil slice, map or
/// `[]byte` as `null`, anything else (an array too: never nil) as its value.
fn written_without_omitempty(go: &GoType, ty: &Type) -> &'static str {
    if nil_is_null(go, ty) {
        "null"
    } else {
        "always"
    }
}

fn nil_is_null(go: &GoType, ty: &Type) -> bool {
    let nillable = matches!(ty, Type::Vec(_) | Type::Map(_)) || *ty == known::byte_string();
    nillable && !matches!(go, GoType::Array(_))
}

/// Whether a default's JSON has the field's shape: a list for a list, an object for a map,
/// a scalar for a scalar (a named type may be a struct, an enum or one of kapi's scalars,
/// which codegen checks).
fn default_fits_shape(ty: &Type, value: &serde_json::Value) -> bool {
    use serde_json::Value as J;
    match (ty, value) {
        (Type::Option(inner) | Type::Box(inner), v) => default_fits_shape(inner, v),
        (Type::Vec(_), v) => v.is_array(),
        (Type::Map(_), v) => v.is_object(),
        (Type::Scalar(_), J::Array(_) | J::Object(_)) => false,
        (Type::Scalar(_), _) => true,
        (_, v) => !v.is_array(),
    }
}

/// The markers in the order the hand-written ports use: presence first, protobuf last.
pub(super) fn order_markers(mut markers: Vec<Marker>) -> Vec<Marker> {
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
