//! The CRD importer: `apiextensions.k8s.io/v1` CustomResourceDefinitions (YAML) to kapi
//! modules, one per served group-version, through the same [`ir`] and [`write`] as the Go
//! importer. Each object schema with properties is a struct named after its path
//! (`Gizmo`, `GizmoSpec`, `GizmoSpecParts`), string enums are enums, `x-kubernetes-*`
//! extensions and validation keywords are markers. What kapi cannot express (CEL rules
//! other than immutability, nullable, ...) is a warning naming the schema path.

use super::ir::{self, Item, Marker, Scalar, Type, Value};
use super::names::{rust_ident, snake};
use super::{validation_rule, write, ImportedFile, Warning};
use crate::markers::key;
use heck::{ToLowerCamelCase, ToUpperCamelCase};
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::path::Path;

/// The result of one run, as [`super::go::Imported`].
#[derive(Debug, Clone, Default)]
pub struct Imported {
    pub files: Vec<ImportedFile>,
    pub modules: Vec<ir::Module>,
    pub warnings: Vec<Warning>,
}

/// Imports every CustomResourceDefinition in `files` (multi-document YAML).
pub fn import(files: &[&Path], doc_comments: bool) -> Result<Imported, String> {
    let mut inputs = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        inputs.push((file.display().to_string(), text));
    }
    import_texts(&inputs, doc_comments)
}

/// [`import`] of `(name, YAML)` inputs already read, the name as errors show it.
///
/// What kube-apiserver would refuse as a CRD is refused here too, with its words where it
/// has them: every document is an `apiextensions.k8s.io/v1` CustomResourceDefinition
/// (v1beta1 is not served since Kubernetes 1.22 and lacks what kapi imports, such as
/// per-version schemas, so it is refused with the way out), each CRD appears once, every
/// input holds one, and the schemas are ones kube-apiserver accepts.
pub fn import_texts(inputs: &[(String, String)], doc_comments: bool) -> Result<Imported, String> {
    let mut cx = Cx {
        doc_comments,
        warnings: Vec::new(),
        errors: Vec::new(),
        modules: BTreeMap::new(),
    };
    // metadata.name and group/kind -> where the CRD was first seen.
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for (shown, text) in inputs {
        crate::yaml::check_depth(shown, text)?;
        let mut crds = 0;
        for (i, doc) in serde_yaml_ng::Deserializer::from_str(text).enumerate() {
            let value: Json = serde::Deserialize::deserialize(doc)
                .map_err(|e| format!("{shown}: document {i}: {e}"))?;
            // `---` with nothing after it.
            if value.is_null() {
                continue;
            }
            let at = format!("{shown}#{i}");
            is_crd_v1(&at, &value)?;
            for key in identities(&value) {
                if let Some(first) = seen.insert(key.clone(), at.clone()) {
                    return Err(format!(
                        "{at}: {key} is defined again (first in {first}): each CRD once"
                    ));
                }
            }
            cx.crd(&at, &value)?;
            crds += 1;
        }
        if crds == 0 {
            return Err(format!(
                "{shown}: no CustomResourceDefinition (the input is empty)"
            ));
        }
    }
    if !cx.errors.is_empty() {
        return Err(cx.errors.join("\n"));
    }
    let mut out = Imported {
        warnings: cx.warnings,
        ..Imported::default()
    };
    for (_, (module, source)) in cx.modules {
        out.files.push(ImportedFile {
            path: module.file.clone(),
            text: write::module(&module, &source, &ir::Layout::default()),
        });
        out.modules.push(module);
    }
    Ok(out)
}

/// The only CRD kube-apiserver serves: `apiextensions.k8s.io/v1` `CustomResourceDefinition`.
fn is_crd_v1(at: &str, doc: &Json) -> Result<(), String> {
    let Some(object) = doc.as_object() else {
        return Err(format!(
            "{at}: not an object (a CustomResourceDefinition is a mapping)"
        ));
    };
    let text = |k: &str| object.get(k).and_then(Json::as_str).unwrap_or("");
    match (text("apiVersion"), text("kind")) {
        ("apiextensions.k8s.io/v1", "CustomResourceDefinition") => Ok(()),
        ("apiextensions.k8s.io/v1beta1", "CustomResourceDefinition") => Err(format!(
            "{at}: apiVersion: apiextensions.k8s.io/v1beta1 is not served since Kubernetes 1.22: write the CRD as apiextensions.k8s.io/v1"
        )),
        (api_version, "CustomResourceDefinition") => Err(format!(
            "{at}: apiVersion: `{api_version}` is not apiextensions.k8s.io/v1"
        )),
        (_, kind) => Err(format!(
            "{at}: kind: `{kind}` is not a CustomResourceDefinition"
        )),
    }
}

/// What makes two CRDs the same one for kube-apiserver: the object's name, and the kind
/// they serve in their group.
fn identities(crd: &Json) -> Vec<String> {
    let text = |p: &str| crd.pointer(p).and_then(Json::as_str);
    let mut out = Vec::new();
    if let Some(name) = text("/metadata/name") {
        out.push(format!("metadata.name `{name}`"));
    }
    if let (Some(group), Some(kind)) = (text("/spec/group"), text("/spec/names/kind")) {
        out.push(format!("kind `{kind}` of group `{group}`"));
    }
    out
}

struct Cx {
    doc_comments: bool,
    warnings: Vec<Warning>,
    /// Schemas kube-apiserver refuses, each at its path: all of them, then no output.
    errors: Vec<String>,
    /// Module file -> the module and the CRDs it came from.
    modules: BTreeMap<String, (ir::Module, String)>,
}

/// What every version of one CRD shares.
struct Crd<'a> {
    /// Where the CRD is, for messages (`file: document N`).
    at: &'a str,
    spec: &'a Json,
    names: &'a Json,
    group: String,
    /// The group's first label: the module the versions go in.
    short: String,
    kind: String,
    several: bool,
    /// `the CustomResourceDefinition <plural>.<group>`, for the module's header.
    source: String,
}

fn text(v: Option<&Json>) -> Option<String> {
    v.and_then(Json::as_str).map(str::to_string)
}

/// `<Kind>List`: list metadata and the items.
fn list_struct(kind: &str) -> ir::Struct {
    ir::Struct {
        name: format!("{kind}List"),
        docs: Vec::new(),
        markers: vec![Marker::flag(key::KIND)],
        fields: vec![
            ir::Field {
                name: "metadata".into(),
                docs: Vec::new(),
                markers: vec![Marker::flag(key::OPTIONAL)],
                ty: Type::Path(vec!["kapi".into(), "meta".into(), "ListMeta".into()]),
            },
            ir::Field {
                name: "items".into(),
                docs: Vec::new(),
                markers: Vec::new(),
                ty: Type::Vec(Box::new(Type::Path(vec![kind.to_string()]))),
            },
        ],
    }
}

impl Cx {
    fn warn(&mut self, at: &str, class: &'static str, message: String) {
        self.warnings.push(Warning {
            at: at.to_string(),
            class,
            message,
        });
    }

    fn docs(&self, schema: &Json) -> Vec<String> {
        match schema.get("description").and_then(Json::as_str) {
            Some(d) if self.doc_comments => d.lines().map(str::to_string).collect(),
            _ => Vec::new(),
        }
    }

    fn crd(&mut self, at: &str, crd: &Json) -> Result<(), String> {
        let spec = crd.get("spec").ok_or_else(|| format!("{at}: no spec"))?;
        let group = text(spec.get("group")).ok_or_else(|| format!("{at}: no spec.group"))?;
        let names = spec
            .get("names")
            .ok_or_else(|| format!("{at}: no spec.names"))?;
        let kind = text(names.get("kind")).ok_or_else(|| format!("{at}: no spec.names.kind"))?;
        let versions = spec
            .get("versions")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        // kube-apiserver's words (apiextensions validation, validateCustomResourceDefinitionSpec).
        if versions.is_empty() {
            return Err(format!(
                "{at}: spec.versions: Invalid value: []: must have exactly one version marked as storage version"
            ));
        }
        let crd = Crd {
            at,
            spec,
            names,
            short: group.split('.').next().unwrap_or(&group).replace('-', "_"),
            source: format!(
                "the CustomResourceDefinition {}.{group}",
                text(names.get("plural")).unwrap_or_default()
            ),
            group,
            kind,
            several: versions.len() > 1,
        };
        for v in &versions {
            self.crd_version(&crd, v)?;
        }
        Ok(())
    }

    /// One served version of a CRD: its kind, its list and the types its schema needs, in
    /// the version's module.
    fn crd_version(&mut self, crd: &Crd, v: &Json) -> Result<(), String> {
        let Crd { at, kind, .. } = crd;
        let Some(version) = text(v.get("name")) else {
            return Ok(());
        };
        let vat = format!("{at}: spec.versions[{version}]");
        if v.get("served").and_then(Json::as_bool) == Some(false) {
            self.warn(
                &vat,
                "not served",
                format!("{kind} {version} is not served: not imported"),
            );
            return Ok(());
        }
        let Some(schema) = v.pointer("/schema/openAPIV3Schema") else {
            self.warn(
                &vat,
                "no schema",
                format!("{kind} {version} has no openAPIV3Schema: not imported"),
            );
            return Ok(());
        };
        // kube-apiserver's structural schema check (`must be object at the root`).
        let root_type = schema.get("type").and_then(Json::as_str);
        if !schema.is_object() || root_type != Some("object") {
            let found = root_type.map_or_else(|| schema.to_string(), |t| format!("\"{t}\""));
            return Err(format!(
                "{vat}.schema.openAPIV3Schema.type: Invalid value: {found}: must be object at the root"
            ));
        }
        let mut items = Vec::new();
        let kind_struct = self.kind_struct(crd, v, &vat, schema, &mut items);
        items.insert(0, Item::Struct(kind_struct));
        items.insert(1, Item::Struct(list_struct(kind)));
        self.add_to_module(crd, &version, items);
        Ok(())
    }

    /// The kind's struct: its resource markers, its CEL rules and a field per property.
    fn kind_struct(
        &mut self,
        crd: &Crd,
        v: &Json,
        vat: &str,
        schema: &Json,
        items: &mut Vec<Item>,
    ) -> ir::Struct {
        let mut markers = vec![Marker::flag(key::KIND)];
        markers.extend(resource_markers(crd.spec, crd.names, v, crd.several));
        for rule in schema
            .get("x-kubernetes-validations")
            .and_then(Json::as_array)
            .into_iter()
            .flatten()
        {
            match validation_rule(rule) {
                Ok(m) => markers.push(m),
                Err(e) => self.warn(vat, "CEL rule", format!("{e}: not written")),
            }
        }
        let mut fields = vec![ir::Field {
            name: "metadata".into(),
            docs: Vec::new(),
            markers: vec![Marker::flag(key::OPTIONAL)],
            ty: Type::Path(vec!["kapi".into(), "meta".into(), "ObjectMeta".into()]),
        }];
        let props = schema.get("properties").and_then(Json::as_object);
        let required = required_of(schema);
        for (name, prop) in props.into_iter().flatten() {
            if matches!(name.as_str(), "apiVersion" | "kind" | "metadata") {
                continue;
            }
            let fat = format!("{vat}.{name}");
            fields.push(self.field(&fat, &crd.kind, name, prop, required.contains(name), items));
        }
        ir::Struct {
            name: crd.kind.clone(),
            docs: self.docs(schema),
            markers,
            fields,
        }
    }

    /// Adds a version's items to its module (`<group's first label>/<version>.rs`), which
    /// several CRDs of one group share.
    fn add_to_module(&mut self, crd: &Crd, version: &str, mut items: Vec<Item>) {
        let file = format!("{}/{}.rs", crd.short, version.replace('-', "_"));
        let path = vec![
            "crate".to_string(),
            crd.short.clone(),
            version.replace('-', "_"),
        ];
        let entry = self.modules.entry(file.clone()).or_insert_with(|| {
            (
                ir::Module {
                    file,
                    path,
                    docs: Vec::new(),
                    group: crd.group.clone(),
                    version: version.to_string(),
                    group_go_name: None,
                    protobuf_package: None,
                    protobuf_path: None,
                    // Served as a CRD: kube-apiserver validates it against its schema.
                    validation: ir::ValidationStyle::Schema,
                    items: Vec::new(),
                },
                String::new(),
            )
        });
        for item in &mut items {
            qualify(item, &entry.0.path);
        }
        entry.0.items.extend(items);
        if !entry.1.is_empty() {
            entry.1.push_str(", ");
        }
        entry.1.push_str(&crd.source);
    }

    /// One property of an object schema as a field of `owner`; nested types go to `items`.
    fn field(
        &mut self,
        at: &str,
        owner: &str,
        name: &str,
        schema: &Json,
        required: bool,
        items: &mut Vec<Item>,
    ) -> ir::Field {
        let rust = rust_ident(&snake(name));
        let mut markers = Vec::new();
        if rust.trim_end_matches('_').to_lower_camel_case() != name {
            markers.push(Marker::str(key::RENAME, name));
        }
        let type_name = format!("{owner}{}", name.to_upper_camel_case());
        let ty = self.schema_type(at, &type_name, schema, items, &mut markers);
        let ty = if required {
            markers.insert(0, Marker::flag(key::REQUIRED));
            ty
        } else {
            Type::Option(Box::new(ty))
        };
        if let Some(d) = schema.get("default") {
            match d {
                Json::Null => self.warn(at, "default", "a `null` default: not written".into()),
                _ if required => self.warn(at, "default", format!("default `{d}` on a required field (kube-apiserver applies it, kapi defaults only optional fields): not written")),
                _ => markers.push(Marker { key: key::DEFAULT, value: Value::Json(d.clone()) }),
            }
        }
        ir::Field {
            name: rust,
            docs: self.docs(schema),
            markers,
            ty,
        }
    }

    /// The Rust type of `schema`; structs and enums it needs are pushed to `items` under
    /// `name`. Field markers the schema implies are pushed to `markers`.
    fn schema_type(
        &mut self,
        at: &str,
        name: &str,
        schema: &Json,
        items: &mut Vec<Item>,
        markers: &mut Vec<Marker>,
    ) -> Type {
        if schema.get("$ref").is_some() {
            // kube-apiserver's words (apiextensions validation of a CRD's schema).
            self.errors
                .push(format!("{at}.$ref: Forbidden: $ref is not supported"));
        }
        self.validation(at, schema, markers);
        let flag = |k: &str| schema.get(k).and_then(Json::as_bool) == Some(true);
        if flag("x-kubernetes-int-or-string") {
            return meta("IntOrString");
        }
        if flag("x-kubernetes-embedded-resource") {
            markers.push(Marker::flag(key::EMBEDDED_RESOURCE));
        }
        if flag("nullable") {
            self.warn(
                at,
                "nullable",
                "`nullable` has no kapi equivalent: `null` reads as unset".into(),
            );
        }
        let numeric = matches!(
            schema.get("type").and_then(Json::as_str),
            Some("integer" | "number")
        );
        if numeric && schema.get("enum").is_some() {
            self.warn(
                at,
                "enum",
                "an enum of numbers has no kapi marker (kapi's enums are strings): not written"
                    .into(),
            );
        }
        match schema.get("type").and_then(Json::as_str) {
            Some("string") => self.string_type(at, name, schema, items),
            Some("integer") => match schema.get("format").and_then(Json::as_str) {
                Some("int32") => Type::Scalar(Scalar::I32),
                _ => Type::Scalar(Scalar::I64),
            },
            Some("number") => Type::Scalar(Scalar::F64),
            Some("boolean") => Type::Scalar(Scalar::Bool),
            Some("array") => self.array_type(at, name, schema, items, markers),
            Some("object") | None => self.object_type(at, name, schema, items, markers),
            Some(other) => {
                self.warn(
                    at,
                    "unsupported type",
                    format!("schema type `{other}`: written as serde_json::Value"),
                );
                Type::Path(vec!["serde_json".into(), "Value".into()])
            }
        }
    }

    /// A string, a string enum (an item of its own), bytes or an int-or-string.
    fn string_type(&mut self, at: &str, name: &str, schema: &Json, items: &mut Vec<Item>) -> Type {
        if let Some(values) = schema.get("enum").and_then(Json::as_array) {
            // kube-apiserver validates every enum value against the schema
            // (`invalid value in enum`); a value of another type is refused.
            for (i, v) in values.iter().enumerate().filter(|(_, v)| !v.is_string()) {
                self.errors.push(format!(
                    "{at}.enum[{i}]: Invalid value: {v}: invalid value in enum: must be of type string"
                ));
            }
            let values: Vec<String> = values
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect();
            items.push(Item::Enum(enum_item(name, &values, self.docs(schema))));
            return Type::Path(vec![name.to_string()]);
        }
        match schema.get("format").and_then(Json::as_str) {
            Some("byte") => meta("ByteString"),
            Some("int-or-string") => meta("IntOrString"),
            _ => Type::Scalar(Scalar::String),
        }
    }

    /// A list, with its list type and map keys.
    fn array_type(
        &mut self,
        at: &str,
        name: &str,
        schema: &Json,
        items: &mut Vec<Item>,
        markers: &mut Vec<Marker>,
    ) -> Type {
        let item = schema.get("items").cloned().unwrap_or(Json::Null);
        let mut inner_markers = Vec::new();
        let ty = self.schema_type(
            &format!("{at}[]"),
            &format!("{name}Item"),
            &item,
            items,
            &mut inner_markers,
        );
        self.item_markers(at, inner_markers, markers);
        if let Some(t) = schema.get("x-kubernetes-list-type").and_then(Json::as_str) {
            markers.push(Marker::str(key::LIST_TYPE, t));
        }
        for k in schema
            .get("x-kubernetes-list-map-keys")
            .and_then(Json::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(k) = k.as_str() {
                markers.push(Marker::str(key::LIST_MAP_KEY, k));
            }
        }
        Type::Vec(Box::new(ty))
    }

    /// An object with properties (a struct of its own), a map, or free-form JSON.
    fn object_type(
        &mut self,
        at: &str,
        name: &str,
        schema: &Json,
        items: &mut Vec<Item>,
        markers: &mut Vec<Marker>,
    ) -> Type {
        let flag = |k: &str| schema.get(k).and_then(Json::as_bool) == Some(true);
        if let Some(t) = schema.get("x-kubernetes-map-type").and_then(Json::as_str) {
            markers.push(Marker::str(key::MAP_TYPE, t));
        }
        let props = schema.get("properties").and_then(Json::as_object);
        if let Some(props) = props.filter(|p| !p.is_empty()) {
            let required = required_of(schema);
            let mut fields = Vec::new();
            for (p, s) in props {
                fields.push(self.field(
                    &format!("{at}.{p}"),
                    name,
                    p,
                    s,
                    required.contains(p),
                    items,
                ));
            }
            // The object's own rules go on its struct, which is where they are for
            // the items of a list too.
            let mut smarkers: Vec<Marker> = Vec::new();
            markers.retain(|m| {
                let rule = m.key == key::VALIDATION_RULE;
                if rule {
                    smarkers.push(m.clone());
                }
                !rule
            });
            if flag("x-kubernetes-preserve-unknown-fields") {
                smarkers.push(Marker::flag(key::PRESERVE_UNKNOWN_FIELDS));
            }
            items.push(Item::Struct(ir::Struct {
                name: name.to_string(),
                docs: self.docs(schema),
                markers: smarkers,
                fields,
            }));
            return Type::Path(vec![name.to_string()]);
        }
        if let Some(extra) = schema.get("additionalProperties").filter(|a| a.is_object()) {
            let mut inner = Vec::new();
            let ty = self.schema_type(
                &format!("{at}{{}}"),
                &format!("{name}Value"),
                extra,
                items,
                &mut inner,
            );
            self.item_markers(at, inner, markers);
            return Type::Map(Box::new(ty));
        }
        if flag("x-kubernetes-preserve-unknown-fields") {
            markers.push(Marker::flag(key::PRESERVE_UNKNOWN_FIELDS));
        } else {
            self.warn(
                at,
                "untyped object",
                "an object without properties: written as serde_json::Value".into(),
            );
        }
        Type::Path(vec!["serde_json".into(), "Value".into()])
    }

    /// The markers of a list's items or a map's values: kapi's scalar constraints on a list
    /// or map field apply to each item or value (and are written to `items` or
    /// `additionalProperties`), so those move to the field; anything else has no place.
    fn item_markers(&mut self, at: &str, inner: Vec<Marker>, markers: &mut Vec<Marker>) {
        const PER_ITEM: &[crate::markers::Key] = &[
            key::MINIMUM,
            key::MAXIMUM,
            key::EXCLUSIVE_MINIMUM,
            key::EXCLUSIVE_MAXIMUM,
            key::MIN_LENGTH,
            key::MAX_LENGTH,
            key::PATTERN,
            key::FORMAT,
        ];
        for m in inner {
            if PER_ITEM.contains(&m.key) {
                markers.push(m);
            } else {
                self.warn(
                    at,
                    "item validation",
                    format!(
                        "`{}` on the items or values has no kapi marker: not written",
                        m.key.name()
                    ),
                );
            }
        }
    }

    /// Validation keywords and CEL rules of `schema` as markers.
    fn validation(&mut self, at: &str, schema: &Json, markers: &mut Vec<Marker>) {
        let number = |k: &str| {
            schema
                .get(k)
                .filter(|v| v.is_number())
                .map(|v| Value::Number(v.to_string()))
        };
        let int = |k: &str| schema.get(k).and_then(Json::as_i64);
        if let Some(v) = number("minimum") {
            markers.push(Marker {
                key: key::MINIMUM,
                value: v,
            });
        }
        if let Some(v) = number("maximum") {
            markers.push(Marker {
                key: key::MAXIMUM,
                value: v,
            });
        }
        if schema.get("exclusiveMinimum").and_then(Json::as_bool) == Some(true) {
            markers.push(Marker::flag(key::EXCLUSIVE_MINIMUM));
        }
        if schema.get("exclusiveMaximum").and_then(Json::as_bool) == Some(true) {
            markers.push(Marker::flag(key::EXCLUSIVE_MAXIMUM));
        }
        for (k, m) in [
            ("minLength", key::MIN_LENGTH),
            ("maxLength", key::MAX_LENGTH),
            ("minItems", key::MIN_ITEMS),
            ("maxItems", key::MAX_ITEMS),
        ] {
            if let Some(n) = int(k) {
                markers.push(Marker::int(m, n));
            }
        }
        if let Some(p) = schema.get("pattern").and_then(Json::as_str) {
            markers.push(Marker::str(key::PATTERN, p));
        }
        if let Some(f) = schema.get("format").and_then(Json::as_str) {
            let known = crate::model::formats::VALIDATED.contains(&f)
                || crate::model::formats::SCHEMA_ONLY.contains(&f);
            if known && !matches!(f, "byte" | "int-or-string" | "int32" | "int64") {
                markers.push(Marker::str(key::FORMAT, f));
            } else if !known {
                self.warn(
                    at,
                    "format",
                    format!("kapi has no format `{f}`: not written"),
                );
            }
        }
        for rule in schema
            .get("x-kubernetes-validations")
            .and_then(Json::as_array)
            .into_iter()
            .flatten()
        {
            let text = rule.get("rule").and_then(Json::as_str).unwrap_or("");
            let message = rule.get("message").and_then(Json::as_str);
            let others = rule
                .as_object()
                .is_some_and(|r| r.keys().any(|k| k != "rule" && k != "message"));
            if validation_rule::is_immutable(text, message, others) {
                markers.push(Marker::flag(key::IMMUTABLE));
                continue;
            }
            match validation_rule(rule) {
                Ok(m) => markers.push(m),
                Err(e) => self.warn(at, "CEL rule", format!("{e}: not written")),
            }
        }
    }
}

/// One entry of `x-kubernetes-validations` as a `validation_rule(...)` marker.
fn validation_rule(rule: &Json) -> Result<Marker, String> {
    let entries = rule
        .as_object()
        .ok_or("a validation rule that is not an object")?;
    validation_rule::marker(entries.iter().map(|(k, v)| {
        let text = match v {
            Json::String(s) => s.clone(),
            other => other.to_string(),
        };
        (k.as_str(), text)
    }))
}

fn meta(name: &str) -> Type {
    Type::Path(vec!["kapi".into(), "meta".into(), name.into()])
}

fn required_of(schema: &Json) -> Vec<String> {
    schema
        .get("required")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .filter_map(|r| r.as_str().map(str::to_string))
        .collect()
}

/// Names, scope, subresources, print columns and storage of one version's kind.
fn resource_markers(spec: &Json, names: &Json, version: &Json, several: bool) -> Vec<Marker> {
    // A typed client, as client-gen writes for a CRD's Go types; `update_status` only where
    // the CRD serves `/status`.
    let mut out = vec![if version.pointer("/subresources/status").is_some() {
        Marker::flag(key::GEN_CLIENT)
    } else {
        Marker {
            key: key::GEN_CLIENT,
            value: Value::Nested(vec![Marker::flag(key::gen_client::NO_STATUS)]),
        }
    }];
    let s = |v: &Json, k: &str| v.get(k).and_then(Json::as_str).map(str::to_string);
    let list = |v: &Json, k: &str| -> Vec<String> {
        v.get(k)
            .and_then(Json::as_array)
            .into_iter()
            .flatten()
            .filter_map(|x| x.as_str().map(str::to_string))
            .collect()
    };
    if let Some(p) = s(names, "plural") {
        out.push(Marker::str(key::PLURAL, p));
    }
    if let Some(p) = s(names, "singular") {
        out.push(Marker::str(key::SINGULAR, p));
    }
    if let Some(scope) = s(spec, "scope") {
        out.push(Marker::str(key::SCOPE, scope));
    }
    for (k, m) in [
        ("shortNames", key::SHORT_NAMES),
        ("categories", key::CATEGORIES),
    ] {
        let l = list(names, k);
        if !l.is_empty() {
            out.push(Marker {
                key: m,
                value: Value::StrList(l),
            });
        }
    }
    if version.pointer("/subresources/status").is_some() {
        out.push(Marker::flag(key::SUBRESOURCE_STATUS));
    }
    if let Some(scale) = version.pointer("/subresources/scale") {
        let mut inner = Vec::new();
        for (k, m) in [
            ("specReplicasPath", key::scale::SPEC_REPLICAS_PATH),
            ("statusReplicasPath", key::scale::STATUS_REPLICAS_PATH),
            ("labelSelectorPath", key::scale::LABEL_SELECTOR_PATH),
        ] {
            if let Some(p) = s(scale, k) {
                inner.push(Marker::str(m, p));
            }
        }
        out.push(Marker {
            key: key::SUBRESOURCE_SCALE,
            value: Value::Nested(inner),
        });
    }
    for col in version
        .get("additionalPrinterColumns")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
    {
        let mut inner = Vec::new();
        for (k, m) in [
            ("name", key::print_column::NAME),
            ("type", key::print_column::TYPE),
            ("jsonPath", key::print_column::JSON_PATH),
            ("description", key::print_column::DESCRIPTION),
            ("format", key::print_column::FORMAT),
        ] {
            if let Some(v) = s(col, k) {
                inner.push(Marker::str(m, v));
            }
        }
        if let Some(p) = col.get("priority").and_then(Json::as_i64) {
            inner.push(Marker::int(key::print_column::PRIORITY, p));
        }
        out.push(Marker {
            key: key::PRINT_COLUMN,
            value: Value::Nested(inner),
        });
    }
    if several && version.get("storage").and_then(Json::as_bool) == Some(true) {
        out.push(Marker::flag(key::STORAGE_VERSION));
    }
    out
}

fn enum_item(name: &str, values: &[String], docs: Vec<String>) -> ir::Enum {
    let mut variants: Vec<ir::Variant> = Vec::new();
    for v in values {
        let mut n = v.to_upper_camel_case();
        if n.is_empty()
            || !n.starts_with(|c: char| c.is_ascii_alphabetic())
            || variants.iter().any(|x| x.name == n)
        {
            n = format!("Value{}", variants.len());
        }
        let markers = if &n == v {
            Vec::new()
        } else {
            vec![Marker::str(key::RENAME, v.clone())]
        };
        variants.push(ir::Variant {
            name: n,
            docs: Vec::new(),
            markers,
        });
    }
    let other = ir::Enum::other_name(&variants);
    ir::Enum {
        name: name.to_string(),
        docs,
        markers: vec![Marker::flag(key::ENUM)],
        variants,
        other,
    }
}

/// Local type names (one segment) become paths in the module, so the writer names them bare.
fn qualify(item: &mut Item, module: &[String]) {
    fn ty(t: &mut Type, module: &[String]) {
        match t {
            Type::Option(i) | Type::Vec(i) | Type::Map(i) | Type::Box(i) => ty(i, module),
            Type::Path(p) if p.len() == 1 => {
                let name = p[0].clone();
                *p = module.to_vec();
                p.push(name);
            }
            _ => {}
        }
    }
    if let Item::Struct(s) = item {
        for f in &mut s.fields {
            ty(&mut f.ty, module);
        }
    }
}
