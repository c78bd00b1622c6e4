//! Model types as JSON Schema, three ways: OpenAPI v2 definitions (`#/definitions/..`),
//! OpenAPI v3 components (`#/components/schemas/..`), and the inlined structural schemas
//! of CRDs. One walk over the model serves all three; only references, int-or-string types
//! and the few things CRDs cannot say differ.

use crate::diagnostics::Diagnostic;
use crate::model::resolve::{definition_prefix, Index, Origin, Resolved, Special};
use crate::model::{
    CustomJson, Field, GateDecl, GroupVersion, KindCategory, ListType, MapType, Model, Scalar,
    Shape, TypeDef, TypeRef, ValidationRule,
};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// Which document a schema is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    V2,
    V3,
    Crd,
}

impl Target {
    fn ref_prefix(self) -> &'static str {
        match self {
            Target::V2 => "#/definitions/",
            Target::V3 | Target::Crd => "#/components/schemas/",
        }
    }
}

/// What a special type is, for its definition's description.
fn special_description(special: Special) -> &'static str {
    match special {
        Special::Time => "A point in time, in RFC 3339 form with second precision (`2024-01-02T15:04:05Z`).",
        Special::MicroTime => "A point in time, in RFC 3339 form with microsecond precision (`2024-01-02T15:04:05.000000Z`).",
        Special::Duration => "A duration as Go's time.Duration writes it (`1h2m3.5s`).",
        Special::Quantity => "A fixed-point number with an optional suffix: binary (`Ki`, `Mi`, ... `Ei`), decimal SI (`n`, `u`, `m`, `k`, `M`, ... `E`) or a decimal exponent (`e3`). Written in canonical form as a string, e.g. `128Mi` or `500m`; numbers are accepted on input.",
        Special::IntOrString => "Either a 32-bit integer or a string, e.g. a port number or a port name, `3` or `25%`.",
        Special::ByteString => "Bytes, base64-encoded.",
        Special::RawExtension => "An embedded object of any kind, kept as it was written; its `apiVersion` and `kind` say how to read it.",
        Special::FieldsV1 => "A set of fields in the FieldsV1 format: a trie of `f:<name>`, `k:<keys>`, `v:<value>` and `i:<index>` entries.",
        Special::Verbs => "The verbs a resource supports (`get`, `list`, `watch`, ...).",
        Special::Json => "Any JSON value.",
        Special::Patch => "The body of a PATCH request, in the format its Content-Type names.",
    }
}

/// The schema of a special type where it is used (CRDs, and inline types) or defined
/// (OpenAPI).
fn special_schema(special: Special, target: Target) -> Map<String, Value> {
    let v = match (special, target) {
        (Special::Time | Special::MicroTime, _) => {
            json!({"type": "string", "format": "date-time"})
        }
        (Special::Duration, _) => json!({"type": "string"}),
        // kube-openapi publishes Quantity as a plain string in v2 and string-or-number
        // in v3; CRDs use the int-or-string pattern controller-gen writes, with the
        // quantity grammar as the pattern.
        (Special::Quantity, Target::V2) => json!({"type": "string"}),
        (Special::Quantity, Target::V3) => {
            json!({"oneOf": [{"type": "string"}, {"type": "number"}]})
        }
        (Special::Quantity, Target::Crd) => json!({
            "anyOf": [{"type": "integer"}, {"type": "string"}],
            "pattern": QUANTITY_PATTERN,
            "x-kubernetes-int-or-string": true,
        }),
        (Special::IntOrString, Target::V2) => {
            json!({"type": "string", "format": "int-or-string", "x-kubernetes-int-or-string": true})
        }
        (Special::IntOrString, Target::V3) => json!({
            "oneOf": [{"type": "integer"}, {"type": "string"}],
            "format": "int-or-string",
            "x-kubernetes-int-or-string": true,
        }),
        (Special::IntOrString, Target::Crd) => json!({
            "anyOf": [{"type": "integer"}, {"type": "string"}],
            "x-kubernetes-int-or-string": true,
        }),
        (Special::ByteString, _) => json!({"type": "string", "format": "byte"}),
        // CRDs prune what their schema does not name, so an opaque object must say it
        // keeps unknown fields; OpenAPI documents describe it as kube-openapi does.
        (Special::RawExtension | Special::FieldsV1, Target::Crd) => {
            json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true})
        }
        (Special::RawExtension | Special::FieldsV1 | Special::Patch, _) => {
            json!({"type": "object"})
        }
        (Special::Verbs, _) => json!({"type": "array", "items": {"type": "string"}}),
        (Special::Json, _) => json!({"x-kubernetes-preserve-unknown-fields": true}),
    };
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// A type with its own JSON, as kube-openapi publishes one by its `OpenAPISchemaType` and
/// `OpenAPISchemaFormat`: no type at all for apiextensions' unions. A CRD must say of an
/// object, an array or any value that it keeps what it does not describe.
fn custom_json_schema(custom: Option<&CustomJson>, target: Target) -> Map<String, Value> {
    let mut out = Map::new();
    let type_ = custom
        .and_then(|c| c.type_.as_ref())
        .map(|t| t.value.clone());
    if let Some(t) = &type_ {
        out.insert("type".into(), t.clone().into());
    }
    if let Some(f) = custom.and_then(|c| c.format.as_ref()) {
        out.insert("format".into(), f.value.clone().into());
    }
    if target == Target::Crd {
        match type_.as_deref() {
            Some("array") => {
                out.remove("type");
                out.insert("x-kubernetes-preserve-unknown-fields".into(), true.into());
            }
            None | Some("object") => {
                out.insert("x-kubernetes-preserve-unknown-fields".into(), true.into());
            }
            Some(_) => {}
        }
    }
    out
}

/// The quantity grammar of k8s.io/apimachinery/pkg/api/resource, as a regular expression.
pub const QUANTITY_PATTERN: &str = r"^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$";

/// `group/version Kind is deprecated in v1.30+, unavailable in v1.33+; use ...`: the text
/// kube-apiserver sends as a warning for deprecated versions, from the lifecycle marker.
pub fn deprecation_warning(model: &Model, gv: &GroupVersion, t: &TypeDef) -> Option<String> {
    let lifecycle = t.lifecycle.as_ref()?;
    let deprecated = lifecycle.deprecated.as_ref()?;
    let mut text = format!(
        "{} {} is deprecated in v{}+",
        gv.api_version(),
        t.name,
        deprecated.trim_start_matches('v')
    );
    if let Some(removed) = &lifecycle.removed {
        text.push_str(&format!(
            ", unavailable in v{}+",
            removed.trim_start_matches('v')
        ));
    }
    let replacement = lifecycle.replacement.clone().or_else(|| {
        // The version that stores the kind, when it is another and not deprecated itself.
        model
            .versions_of(&gv.group)
            .filter(|other| !other.internal && other.version != gv.version)
            .find_map(|other| {
                let peer = other.find(&t.name)?;
                let stored = peer.kind.as_ref().is_some_and(|k| k.storage_version);
                let deprecated = peer
                    .lifecycle
                    .as_ref()
                    .is_some_and(|l| l.deprecated.is_some());
                (stored && !deprecated).then(|| format!("{} {}", other.api_version(), t.name))
            })
    });
    if let Some(r) = replacement {
        text.push_str(&format!("; use {r}"));
    }
    Some(text)
}

/// Descriptions for the `apiVersion` and `kind` every kind carries.
const API_VERSION_DOC: &str = "The versioned schema of this representation of an object (`group/version`). Servers convert recognized schemas to their latest internal value and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources";
const KIND_DOC: &str = "The REST resource this object represents, in CamelCase. Servers may infer it from the endpoint the client submits requests to; it cannot be updated. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds";

/// Builds schemas for one document, collecting the definitions they reference.
pub struct Builder<'a> {
    index: &'a Index<'a>,
    target: Target,
    /// Definitions referenced so far, and which are built.
    referenced: BTreeMap<String, Resolved<'a>>,
    /// List kinds the API does not declare, described as the server lists them.
    lists: BTreeMap<String, (Origin<'a>, &'a TypeDef, String)>,
    built: BTreeSet<String>,
    /// CRDs: the types being inlined, to catch recursive types.
    inlining: Vec<String>,
    /// Types that cannot be described at all (every document reports them).
    pub errors: Vec<Diagnostic>,
    /// What only inlined CRD schemas cannot say (recursive types).
    pub crd_errors: Vec<Diagnostic>,
}

impl<'a> Builder<'a> {
    pub fn new(index: &'a Index<'a>, target: Target) -> Self {
        Builder {
            index,
            target,
            referenced: BTreeMap::new(),
            lists: BTreeMap::new(),
            built: BTreeSet::new(),
            inlining: Vec::new(),
            errors: Vec::new(),
            crd_errors: Vec::new(),
        }
    }

    /// A `$ref` to the definition of a model type, recorded for [`Builder::definitions`].
    pub fn reference(&mut self, origin: Origin<'a>, t: &'a TypeDef) -> Value {
        let name = self.index.definition_name(origin, t);
        self.referenced
            .entry(name.clone())
            .or_insert(Resolved::Type(origin, t));
        json!({ "$ref": format!("{}{name}", self.target.ref_prefix()) })
    }

    /// A `$ref` to the definition of a special type.
    pub fn reference_special(&mut self, special: Special) -> Value {
        match special.definition_name() {
            Some(name) => {
                self.referenced
                    .entry(name.to_string())
                    .or_insert(Resolved::Special(special));
                json!({ "$ref": format!("{}{name}", self.target.ref_prefix()) })
            }
            None => Value::Object(special_schema(special, self.target)),
        }
    }

    /// A `$ref` to the list kind `list_kind` of `kind`. A kind the API serves without
    /// declaring its list still has one on the wire (the API server lists any kind, as it
    /// does for CRDs), so it is described as the server writes it.
    pub fn reference_list(
        &mut self,
        origin: Origin<'a>,
        kind: &'a TypeDef,
        list_kind: &str,
    ) -> Value {
        if let Some(list) = origin.gv.and_then(|gv| self.index.find(gv, list_kind)) {
            return self.reference(origin, list);
        }
        let name = match origin.gv {
            Some(gv) => format!("{}.{list_kind}", definition_prefix(gv)),
            None => format!("{}.{list_kind}", origin.model.crate_name.replace('-', "_")),
        };
        self.lists
            .entry(name.clone())
            .or_insert((origin, kind, list_kind.to_string()));
        json!({ "$ref": format!("{}{name}", self.target.ref_prefix()) })
    }

    fn list_definition(&mut self, origin: Origin<'a>, kind: &'a TypeDef, list_kind: &str) -> Value {
        let list_meta = match self.index.kapi_type("ListMeta") {
            Some((origin, t)) => self.reference(origin, t),
            None => json!({"type": "object"}),
        };
        let mut out = json!({
            "description": format!("A list of {}.", kind.name),
            "type": "object",
            "properties": {
                "apiVersion": {"description": API_VERSION_DOC, "type": "string"},
                "kind": {"description": KIND_DOC, "type": "string"},
                "metadata": list_meta,
                "items": {"type": "array", "items": self.reference(origin, kind)},
            },
            "required": ["items"],
        });
        if let Some(gv) = origin.gv {
            out["x-kubernetes-group-version-kind"] =
                json!([{"group": gv.group, "kind": list_kind, "version": gv.version}]);
        }
        out
    }

    /// Every definition referenced so far and the ones they reference, by name.
    pub fn definitions(&mut self) -> BTreeMap<String, Value> {
        let mut out = BTreeMap::new();
        loop {
            let lists: Vec<(String, (Origin<'a>, &'a TypeDef, String))> = self
                .lists
                .iter()
                .filter(|(name, _)| !self.built.contains(*name))
                .map(|(name, l)| (name.clone(), l.clone()))
                .collect();
            for (name, (origin, kind, list_kind)) in lists {
                self.built.insert(name.clone());
                let schema = self.list_definition(origin, kind, &list_kind);
                out.insert(name, schema);
            }
            let pending: Vec<(String, Resolved<'a>)> = self
                .referenced
                .iter()
                .filter(|(name, _)| !self.built.contains(*name))
                .map(|(name, r)| (name.clone(), *r))
                .collect();
            if pending.is_empty() {
                return out;
            }
            for (name, resolved) in pending {
                self.built.insert(name.clone());
                let schema = match resolved {
                    Resolved::Type(origin, t) => Value::Object(self.type_definition(origin, t)),
                    Resolved::Special(s) => {
                        let mut m = special_schema(s, self.target);
                        m.insert("description".into(), special_description(s).into());
                        Value::Object(m)
                    }
                };
                out.insert(name, schema);
            }
        }
    }

    /// The schema of a struct or enum: its definition in OpenAPI, the inlined schema in
    /// CRDs (where, at the top of a version's schema, `metadata` may only be an object).
    pub fn type_definition(&mut self, origin: Origin<'a>, t: &'a TypeDef) -> Map<String, Value> {
        let mut out = Map::new();
        let mut description = t.docs.clone();
        if let Some(gv) = origin.gv {
            if std::ptr::eq(origin.model, self.index.api) {
                if let Some(warning) = deprecation_warning(origin.model, gv, t) {
                    push_paragraph(&mut description, &format!("Deprecated: {warning}."));
                }
            }
        }
        if !description.is_empty() {
            out.insert("description".into(), description.into());
        }
        match &t.shape {
            Shape::Enum { .. } => {
                out.extend(self.enum_schema(t));
                return out;
            }
            Shape::Struct { .. } if t.custom_json.is_some() => {
                out.extend(custom_json_schema(t.custom_json.as_ref(), self.target));
            }
            Shape::Struct { fields } => {
                out.insert("type".into(), "object".into());
                let mut properties = Map::new();
                let mut required = Vec::new();
                if t.kind.is_some() {
                    properties.insert(
                        "apiVersion".into(),
                        json!({"description": API_VERSION_DOC, "type": "string"}),
                    );
                    properties.insert(
                        "kind".into(),
                        json!({"description": KIND_DOC, "type": "string"}),
                    );
                }
                let crd_root = self.target == Target::Crd
                    && self.inlining.len() == 1
                    && t.kind
                        .as_ref()
                        .is_some_and(|k| k.category == KindCategory::Object);
                for f in fields {
                    if f.inline {
                        self.embed(origin, t, f, &mut properties, &mut required);
                        continue;
                    }
                    let schema = if crd_root && f.rust_name == "metadata" {
                        // Kubernetes validates metadata itself; a CRD may not describe it.
                        json!({"type": "object"})
                    } else {
                        self.field(origin, t, f)
                    };
                    properties.insert(f.json_name.clone(), schema);
                    if !f.optional {
                        required.push(Value::from(f.json_name.clone()));
                    }
                }
                if !properties.is_empty() {
                    out.insert("properties".into(), Value::Object(properties));
                }
                if !required.is_empty() {
                    out.insert("required".into(), Value::Array(required));
                }
                if t.preserve_unknown_fields {
                    out.insert("x-kubernetes-preserve-unknown-fields".into(), true.into());
                }
                if let Some(st) = t.struct_type {
                    out.insert("x-kubernetes-map-type".into(), map_type_word(*st).into());
                }
                if t.union {
                    self.union(fields, &mut out);
                }
                if !t.validation_rules.is_empty() {
                    append_validations(&mut out, t.validation_rules.iter().map(rule).collect());
                }
                if self.target != Target::Crd {
                    if let (Some(_), Some(gv)) = (&t.kind, origin.gv) {
                        out.insert(
                            "x-kubernetes-group-version-kind".into(),
                            json!([{"group": gv.group, "kind": t.name, "version": gv.version}]),
                        );
                    }
                }
            }
        }
        out
    }

    /// Go's embedded struct (`inline`): its properties and required fields become the
    /// owner's, as kube-openapi writes an embedded struct's.
    fn embed(
        &mut self,
        origin: Origin<'a>,
        owner: &'a TypeDef,
        f: &'a Field,
        properties: &mut Map<String, Value>,
        required: &mut Vec<Value>,
    ) {
        let resolved = match &f.ty {
            TypeRef::Named(path) => self.index.resolve(origin, path),
            _ => None,
        };
        let Some(Resolved::Type(o, t)) = resolved else {
            // Not a struct of the API: `type_ref` reports what OpenAPI cannot describe.
            self.type_ref(origin, owner, f, &f.ty);
            return;
        };
        // Moved out of the embedded type's schema, which is not kept.
        let mut embedded = self.type_definition(o, t);
        if let Some(Value::Object(p)) = embedded.remove("properties") {
            properties.extend(p);
        }
        if let Some(Value::Array(r)) = embedded.remove("required") {
            required.extend(r);
        }
    }

    /// A CRD version's `openAPIV3Schema`: the kind's schema with everything inlined.
    pub fn crd_schema(&mut self, origin: Origin<'a>, t: &'a TypeDef) -> Value {
        self.inlining.push(self.index.definition_name(origin, t));
        let schema = self.type_definition(origin, t);
        self.inlining.pop();
        Value::Object(schema)
    }

    fn union(&mut self, fields: &[Field], out: &mut Map<String, Value>) {
        let discriminator = fields.iter().find(|f| f.union_discriminator);
        let members: Vec<&Field> = fields.iter().filter(|f| !f.union_discriminator).collect();
        let tag = |f: &Field| discriminator_value(f);
        if self.target != Target::Crd {
            let mut union = Map::new();
            if let Some(d) = discriminator {
                union.insert("discriminator".into(), d.json_name.clone().into());
            }
            let by: Map<String, Value> = members
                .iter()
                .map(|f| (f.json_name.clone(), Value::from(tag(f))))
                .collect();
            union.insert("fields-to-discriminateBy".into(), Value::Object(by));
            out.insert(
                "x-kubernetes-unions".into(),
                Value::Array(vec![Value::Object(union)]),
            );
            return;
        }
        // CRD schemas have no union extension; CEL rules say the same.
        let mut rules = Vec::new();
        if members.len() > 1 {
            let count: Vec<String> = members
                .iter()
                .map(|f| format!("(has(self.{}) ? 1 : 0)", cel_field(&f.json_name)))
                .collect();
            let names: Vec<&str> = members.iter().map(|f| f.json_name.as_str()).collect();
            rules.push(json!({
                "rule": format!("{} <= 1", count.join(" + ")),
                "message": format!("at most one of {} may be set", names.join(", ")),
            }));
        }
        if let Some(d) = discriminator {
            let field = cel_field(&d.json_name);
            for m in &members {
                let value = tag(m);
                let check = if d.optional && d.default.is_none() {
                    format!("has(self.{field}) && self.{field} == '{value}'")
                } else {
                    format!("self.{field} == '{value}'")
                };
                rules.push(json!({
                    "rule": format!("!has(self.{}) || {check}", cel_field(&m.json_name)),
                    "message": format!("{} may only be set when {} is {value}", m.json_name, d.json_name),
                }));
            }
        }
        if !rules.is_empty() {
            append_validations(out, rules);
        }
    }

    /// The schema of one field: its type with the field's docs, default and markers.
    pub fn field(&mut self, origin: Origin<'a>, owner: &'a TypeDef, f: &'a Field) -> Value {
        let mut base = self.type_ref(origin, owner, f, &f.ty);
        apply_constraints(&mut base, f);
        let mut extra = Map::new();
        let description = self.field_description(origin, f);
        if !description.is_empty() {
            extra.insert("description".into(), description.into());
        }
        if let Some(default) = &f.default {
            extra.insert("default".into(), default.clone().into());
        }
        if let Some(lt) = f.list_type {
            let word = match *lt {
                ListType::Atomic => "atomic",
                ListType::Set => "set",
                ListType::Map => "map",
            };
            extra.insert("x-kubernetes-list-type".into(), word.into());
        }
        if !f.list_map_keys.is_empty() {
            extra.insert(
                "x-kubernetes-list-map-keys".into(),
                Value::from(f.list_map_keys.clone()),
            );
        }
        if let Some(mt) = f.map_type {
            extra.insert("x-kubernetes-map-type".into(), map_type_word(*mt).into());
        }
        // Strategic merge patch is for built-in kinds: a CRD schema has no place for these
        // (kube-apiserver answers a CRD's strategic merge patch with 415).
        if self.target != Target::Crd {
            if let Some(strategy) = &f.patch_strategy {
                extra.insert(
                    "x-kubernetes-patch-strategy".into(),
                    strategy.as_str().into(),
                );
            }
            if let Some(key) = &f.patch_merge_key {
                extra.insert("x-kubernetes-patch-merge-key".into(), key.as_str().into());
            }
        }
        if f.preserve_unknown_fields {
            extra.insert("x-kubernetes-preserve-unknown-fields".into(), true.into());
        }
        if f.embedded_resource {
            extra.insert("x-kubernetes-embedded-resource".into(), true.into());
            if self.target == Target::Crd {
                // Structural schemas want an embedded object typed; an opaque one must
                // also keep its fields from pruning.
                extra.insert("type".into(), "object".into());
                if base.get("properties").is_none() {
                    extra.insert("x-kubernetes-preserve-unknown-fields".into(), true.into());
                }
            }
        }
        if f.validation.immutable {
            append_validations(
                &mut extra,
                vec![json!({"rule": "self == oldSelf", "message": "field is immutable"})],
            );
        }
        if !f.validation.rules.is_empty() {
            append_validations(&mut extra, f.validation.rules.iter().map(rule).collect());
        }
        combine(self.target, base, extra)
    }

    fn field_description(&self, origin: Origin<'a>, f: &Field) -> String {
        let mut text = f.docs.clone();
        let named = innermost_named(&f.ty);
        let resolved = named.and_then(|p| self.index.resolve(origin, p));
        if let Some(Resolved::Type(_, t)) = resolved {
            // Inlined types keep their docs where the field has none (a reference keeps
            // them in its definition).
            if text.is_empty() && (self.target == Target::Crd || t.is_enum()) {
                text = t.docs.clone();
            }
            if let Shape::Enum { variants, .. } = &t.shape {
                let mut list = String::from("Possible enum values:");
                for v in variants {
                    list.push_str(&format!("\n - `{:?}`", v.value));
                    if !v.docs.is_empty() {
                        list.push(' ');
                        list.push_str(&v.docs.replace('\n', " "));
                    }
                    if let Some(gate) = &v.feature_gate {
                        list.push(' ');
                        list.push_str(&gate_note(&self.index.api.feature_gates, gate, "value"));
                    }
                }
                push_paragraph(&mut text, &list);
            }
        }
        if let Some(gate) = &f.feature_gate {
            push_paragraph(
                &mut text,
                &gate_note(&origin.model.feature_gates, gate, "field"),
            );
        }
        text
    }

    fn type_ref(
        &mut self,
        origin: Origin<'a>,
        owner: &'a TypeDef,
        f: &'a Field,
        ty: &TypeRef,
    ) -> Value {
        match ty {
            TypeRef::Option(inner) | TypeRef::Box(inner) => self.type_ref(origin, owner, f, inner),
            // Built by hand: `json!` would copy the item schema (a whole inlined type in
            // a CRD) rather than move it.
            TypeRef::Vec(inner) => {
                let mut out = Map::new();
                out.insert("type".into(), "array".into());
                out.insert("items".into(), self.type_ref(origin, owner, f, inner));
                Value::Object(out)
            }
            TypeRef::Map { value, .. } => {
                let mut out = Map::new();
                out.insert("type".into(), "object".into());
                out.insert(
                    "additionalProperties".into(),
                    self.type_ref(origin, owner, f, value),
                );
                Value::Object(out)
            }
            TypeRef::Scalar(s) => scalar(*s),
            TypeRef::Named(path) => match self.index.resolve(origin, path) {
                Some(Resolved::Type(_, t)) if t.is_enum() => Value::Object(self.enum_schema(t)),
                Some(Resolved::Type(o, t)) => match self.target {
                    Target::Crd => self.inline(o, t, owner, f),
                    Target::V2 | Target::V3 => self.reference(o, t),
                },
                Some(Resolved::Special(s)) => match self.target {
                    Target::Crd => Value::Object(special_schema(s, Target::Crd)),
                    Target::V2 | Target::V3 => self.reference_special(s),
                },
                None => {
                    let mut d = Diagnostic::new(
                        f.span,
                        format!(
                            "`{}.{}` has type `{}`, which OpenAPI cannot describe",
                            owner.name,
                            f.rust_name,
                            path.join("::")
                        ),
                    )
                    .with_help(
                        "use a type that derives `ApiType` in this crate, a kapi meta type, or `serde_json::Value` for any JSON",
                    );
                    d.file = Some(owner.file.clone());
                    self.errors.push(d);
                    json!({"x-kubernetes-preserve-unknown-fields": true})
                }
            },
        }
    }

    fn inline(&mut self, o: Origin<'a>, t: &'a TypeDef, owner: &TypeDef, f: &Field) -> Value {
        let name = self.index.definition_name(o, t);
        if self.inlining.contains(&name) {
            let mut d = Diagnostic::new(
                f.span,
                format!(
                    "`{}.{}` makes `{}` recursive, and a CRD schema cannot describe a recursive type",
                    owner.name, f.rust_name, t.name
                ),
            )
            .with_help("break the cycle with `serde_json::Value` (any JSON) at this field");
            d.file = Some(owner.file.clone());
            self.crd_errors.push(d);
            return json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true});
        }
        self.inlining.push(name);
        let mut schema = self.type_definition(o, t);
        self.inlining.pop();
        // The field's own docs replace the type's (added by `field`).
        schema.remove("description");
        Value::Object(schema)
    }

    fn enum_schema(&self, t: &TypeDef) -> Map<String, Value> {
        let mut out = Map::new();
        out.insert("type".into(), "string".into());
        if let Shape::Enum { variants, .. } = &t.shape {
            out.insert(
                "enum".into(),
                variants
                    .iter()
                    .map(|v| Value::from(v.value.clone()))
                    .collect(),
            );
        }
        out
    }
}

fn map_type_word(t: MapType) -> &'static str {
    match t {
        MapType::Atomic => "atomic",
        MapType::Granular => "granular",
    }
}

/// The member name a discriminator names it by: the Go field name, as Kubernetes' union
/// convention has it (`service` → `Service`).
fn discriminator_value(f: &Field) -> String {
    let mut chars = f.json_name.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A property name as a CEL expression reaches it (Kubernetes' escaping rules); a name CEL
/// cannot reach at all is written as it is.
pub fn cel_field(name: &str) -> String {
    kapi_schema::cel_names::escape(name)
        .map(std::borrow::Cow::into_owned)
        .unwrap_or_else(|| name.to_string())
}

/// A `validation_rule(...)` as an entry of `x-kubernetes-validations`, keys in the order
/// kube-openapi and controller-gen write them.
fn rule(r: &ValidationRule) -> Value {
    let mut out = Map::new();
    out.insert("rule".into(), r.rule.clone().into());
    let texts = [
        ("message", &r.message),
        ("messageExpression", &r.message_expression),
        ("reason", &r.reason),
        ("fieldPath", &r.field_path),
    ];
    for (key, value) in texts {
        if let Some(value) = value {
            out.insert(key.into(), value.clone().into());
        }
    }
    if r.optional_old_self {
        out.insert("optionalOldSelf".into(), true.into());
    }
    Value::Object(out)
}

fn append_validations(out: &mut Map<String, Value>, rules: Vec<Value>) {
    match out.get_mut("x-kubernetes-validations") {
        Some(Value::Array(existing)) => existing.extend(rules),
        _ => {
            out.insert("x-kubernetes-validations".into(), Value::Array(rules));
        }
    }
}

/// A `$ref` or inline schema with a field's own keys added. OpenAPI v3 ignores siblings of
/// `$ref`, so there they go around an `allOf` (what kube-openapi does); v2 and CRDs merge.
fn combine(target: Target, base: Value, extra: Map<String, Value>) -> Value {
    let Value::Object(mut base) = base else {
        return base;
    };
    if extra.is_empty() {
        return Value::Object(base);
    }
    if target == Target::V3 && base.contains_key("$ref") {
        let mut out = extra;
        out.insert("allOf".into(), Value::Array(vec![Value::Object(base)]));
        return Value::Object(out);
    }
    for (k, v) in extra {
        if k == "x-kubernetes-validations" {
            if let Value::Array(rules) = v {
                append_validations(&mut base, rules);
            }
        } else {
            base.insert(k, v);
        }
    }
    Value::Object(base)
}

/// Numeric and string constraints describe values: on a list or map field they go to its
/// items; list sizes stay on the list.
fn apply_constraints(schema: &mut Value, f: &Field) {
    let v = &f.validation;
    if let Some(list) = schema.as_object_mut() {
        if let Some(n) = v.min_items {
            list.insert("minItems".into(), n.into());
        }
        if let Some(n) = v.max_items {
            list.insert("maxItems".into(), n.into());
        }
    }
    let target = match schema.get("type").and_then(Value::as_str) {
        Some("array") => schema.get_mut("items"),
        Some("object") if schema.get("additionalProperties").is_some() => {
            schema.get_mut("additionalProperties")
        }
        _ => Some(schema),
    };
    let Some(target) = target else { return };
    let Some(map) = target.as_object_mut() else {
        return;
    };
    if map.contains_key("$ref") {
        return;
    }
    let number = |x: f64| -> Value {
        if x.fract() == 0.0 && x.abs() < 9.0e15 {
            Value::from(x as i64)
        } else {
            serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
        }
    };
    if let Some(x) = v.minimum {
        map.insert("minimum".into(), number(x.value.value));
        if x.exclusive {
            map.insert("exclusiveMinimum".into(), true.into());
        }
    }
    if let Some(x) = v.maximum {
        map.insert("maximum".into(), number(x.value.value));
        if x.exclusive {
            map.insert("exclusiveMaximum".into(), true.into());
        }
    }
    if let Some(n) = v.min_length {
        map.insert("minLength".into(), n.into());
    }
    if let Some(n) = v.max_length {
        map.insert("maxLength".into(), n.into());
    }
    if let Some(p) = &v.pattern {
        map.insert("pattern".into(), p.clone().into());
    }
    if let Some(fmt) = &v.format {
        map.insert("format".into(), fmt.clone().into());
    }
}

fn scalar(s: Scalar) -> Value {
    match s {
        Scalar::String => json!({"type": "string"}),
        Scalar::Bool => json!({"type": "boolean"}),
        Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::U8 | Scalar::U16 => {
            json!({"type": "integer", "format": "int32"})
        }
        Scalar::I64 | Scalar::U32 | Scalar::U64 => json!({"type": "integer", "format": "int64"}),
        Scalar::F32 => json!({"type": "number", "format": "float"}),
        Scalar::F64 => json!({"type": "number", "format": "double"}),
    }
}

/// The named type at the bottom of `Option`/`Vec`/`Box`/map values, if any.
fn innermost_named(ty: &TypeRef) -> Option<&[String]> {
    match ty {
        TypeRef::Option(i) | TypeRef::Vec(i) | TypeRef::Box(i) => innermost_named(i),
        TypeRef::Map { value, .. } => innermost_named(value),
        TypeRef::Named(p) => Some(p),
        TypeRef::Scalar(_) => None,
    }
}

fn push_paragraph(text: &mut String, paragraph: &str) {
    if !text.is_empty() {
        text.push_str("\n\n");
    }
    text.push_str(paragraph);
}

/// How a gated field or enum value is documented, in Kubernetes' words for gated fields.
fn gate_note(gates: &[GateDecl], gate: &str, what: &str) -> String {
    match gates.iter().find(|g| g.name == gate) {
        Some(g) => {
            let level = match g.stage.as_str() {
                "Alpha" => "alpha",
                "Beta" => "beta",
                "GA" => "GA",
                _ => "deprecated",
            };
            let default = if g.default {
                "on by default"
            } else {
                "off by default"
            };
            format!(
                "This {what} is {level}-level and is only honored by servers that enable the {gate} feature gate ({default})."
            )
        }
        None => {
            format!("This {what} is only honored by servers that enable the {gate} feature gate.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markers::Spanned;
    use proc_macro2::Span;

    fn custom(type_: Option<&str>, format: Option<&str>) -> CustomJson {
        let spanned = |s: &str| Spanned::new(s.to_string(), Span::call_site());
        CustomJson {
            type_: type_.map(spanned),
            format: format.map(spanned),
        }
    }

    #[track_caller]
    fn schema(c: &CustomJson, target: Target) -> Value {
        Value::Object(custom_json_schema(Some(c), target))
    }

    /// What kube-openapi publishes for `OpenAPISchemaType()`; a CRD keeps what it cannot
    /// describe, and has no array without items.
    #[test]
    fn custom_json_schemas() {
        let any = custom(None, None);
        assert_eq!(schema(&any, Target::V2), json!({}));
        assert_eq!(schema(&any, Target::V3), json!({}));
        let keep = json!({"x-kubernetes-preserve-unknown-fields": true});
        assert_eq!(schema(&any, Target::Crd), keep);
        let bytes = custom(Some("string"), Some("byte"));
        for target in [Target::V2, Target::V3, Target::Crd] {
            assert_eq!(
                schema(&bytes, target),
                json!({"type": "string", "format": "byte"})
            );
        }
        let object = custom(Some("object"), None);
        assert_eq!(schema(&object, Target::V3), json!({"type": "object"}));
        assert_eq!(
            schema(&object, Target::Crd),
            json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true})
        );
        let array = custom(Some("array"), None);
        assert_eq!(schema(&array, Target::V2), json!({"type": "array"}));
        assert_eq!(schema(&array, Target::Crd), keep);
    }
}
