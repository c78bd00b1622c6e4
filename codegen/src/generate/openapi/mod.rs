//! OpenAPI documents of the served API, as kube-apiserver publishes them: one Swagger 2.0
//! document for the whole API (`openapi/swagger.json`, what `/openapi/v2` serves) and one
//! OpenAPI 3.0 document per served group-version (`openapi/v3/apis__<group>__<version>_openapi.json`,
//! named like Kubernetes' `api/openapi-spec/v3` files after the `/openapi/v3/apis/<group>/<version>`
//! paths). The internal version is never published.
//!
//! Definitions are named as Kubernetes names them (`com.example.frob.v1.Frobber`,
//! `io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta`); the meta types' schemas come from
//! kapi's own annotated source through the same model ([`KapiTypes`]).

mod kapi_source;
pub mod paths;
pub mod schema;

pub use kapi_source::{
    load as load_kapi, load_from as load_kapi_from, locate as locate_kapi, KapiTypes,
};

use super::{Context, GeneratedFile, Generator};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::{GroupVersion, Model};
use paths::{Operation, Param, Paths, PATCH_CONSUMES, PRODUCES, WATCH_PRODUCES};
use schema::{Builder, Index, Origin, Target};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The OpenAPI generator.
#[derive(Default)]
pub struct OpenApi {
    kapi: KapiTypes,
}

impl OpenApi {
    /// Shares kapi's types with other generators of the same run (CRDs).
    pub fn new(kapi: KapiTypes) -> Self {
        OpenApi { kapi }
    }
}

impl Generator for OpenApi {
    fn name(&self) -> &'static str {
        "openapi"
    }

    fn generate(&self, model: &Model, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile> {
        let served = served_versions(model);
        let Some(first) = served.first() else {
            return Vec::new();
        };
        let kapi = match self.kapi.get(&model.crate_dir) {
            Ok(k) => k,
            Err(e) => {
                diags.push(kapi_error(first, e));
                return Vec::new();
            }
        };
        let index = Index::new(model, &kapi);
        let mut files = Vec::new();
        let (swagger, errors) = swagger(&index);
        // Both documents walk the same types; report each problem once.
        diags.extend(errors);
        files.push(GeneratedFile {
            path: cx.settings.output.join("openapi/swagger.json"),
            contents: to_json(&swagger),
        });
        for (name, doc, _) in v3_documents(&index) {
            files.push(GeneratedFile {
                path: cx.settings.output.join("openapi/v3").join(name),
                contents: to_json(&doc),
            });
        }
        files
    }
}

/// The diagnostic for a kapi crate codegen cannot find or read, at the first group-version.
pub(crate) fn kapi_error(gv: &GroupVersion, message: String) -> Diagnostic {
    let mut d = Diagnostic::new(gv.span, message).with_help(
        "depend on kapi by `path` or from a registry cargo has downloaded (`cargo fetch`)",
    );
    d.file = Some(gv.file.clone());
    d
}

/// Pretty JSON, two-space indented, ending in a newline: stable for verify-only.
pub fn to_json(doc: &Value) -> String {
    let mut text = serde_json::to_string_pretty(doc).unwrap_or_else(|e| {
        // A `Value` always serializes; keep the failure visible rather than panic.
        format!("{{\"error\": {:?}}}", e.to_string())
    });
    text.push('\n');
    text
}

/// Group-versions a server serves: every one but the internal hubs, if it has types.
pub fn served_versions(model: &Model) -> Vec<&GroupVersion> {
    model
        .versions
        .iter()
        .filter(|gv| !gv.internal && !gv.types.is_empty())
        .collect()
}

/// The Swagger 2.0 document of every served group-version, and the problems found.
pub fn swagger(index: &Index) -> (Value, Vec<Diagnostic>) {
    let served = served_versions(index.api);
    let (paths, definitions, errors) = collect(index, &served, Target::V2);
    let mut doc = Map::new();
    doc.insert("swagger".into(), "2.0".into());
    doc.insert("info".into(), info(index.api));
    doc.insert("paths".into(), v2_paths(&paths));
    doc.insert(
        "definitions".into(),
        Value::Object(definitions.into_iter().collect()),
    );
    doc.insert(
        "parameters".into(),
        paths
            .params
            .iter()
            .map(|(k, p)| (k.clone(), v2_param(p)))
            .collect::<Map<_, _>>()
            .into(),
    );
    doc.insert(
        "securityDefinitions".into(),
        json!({"BearerToken": {
            "description": "Bearer Token authentication",
            "in": "header",
            "name": "authorization",
            "type": "apiKey",
        }}),
    );
    doc.insert("security".into(), json!([{"BearerToken": []}]));
    (Value::Object(doc), errors)
}

/// One OpenAPI 3.0 document per served group-version: (file name, document, problems).
pub fn v3_documents(index: &Index) -> Vec<(PathBuf, Value, Vec<Diagnostic>)> {
    served_versions(index.api)
        .into_iter()
        .map(|gv| {
            let (paths, definitions, errors) = collect(index, &[gv], Target::V3);
            let mut components = Map::new();
            components.insert(
                "schemas".into(),
                Value::Object(definitions.into_iter().collect()),
            );
            components.insert(
                "parameters".into(),
                paths
                    .params
                    .iter()
                    .map(|(k, p)| (k.clone(), v3_param(p)))
                    .collect::<Map<_, _>>()
                    .into(),
            );
            components.insert(
                "securitySchemes".into(),
                json!({"BearerToken": {
                    "description": "Bearer Token authentication",
                    "in": "header",
                    "name": "authorization",
                    "type": "apiKey",
                }}),
            );
            let mut doc = Map::new();
            doc.insert("openapi".into(), "3.0.0".into());
            doc.insert("info".into(), info(index.api));
            doc.insert("paths".into(), v3_paths(&paths));
            doc.insert("components".into(), Value::Object(components));
            doc.insert("security".into(), json!([{"BearerToken": []}]));
            (v3_file_name(gv), Value::Object(doc), errors)
        })
        .collect()
}

/// `apis__frob.example.com__v1_openapi.json`, `api__v1_openapi.json` for the core group:
/// the `/openapi/v3/...` path with `/` as `__`.
pub fn v3_file_name(gv: &GroupVersion) -> PathBuf {
    let stem = if gv.group.is_empty() {
        format!("api__{}", gv.version)
    } else {
        format!("apis__{}__{}", gv.group, gv.version)
    };
    PathBuf::from(format!("{stem}_openapi.json"))
}

fn info(model: &Model) -> Value {
    json!({"title": model.crate_name, "version": "unversioned"})
}

type Collected = (Paths, BTreeMap<String, Value>, Vec<Diagnostic>);

fn collect(index: &Index, gvs: &[&GroupVersion], target: Target) -> Collected {
    let mut builder = Builder::new(index, target);
    let mut paths = Paths::default();
    let mut errors = Vec::new();
    for gv in gvs {
        let origin = Origin {
            model: index.api,
            gv: Some(gv),
        };
        // Every struct of a served version is published, referenced or not; enums are
        // written inline where they are used, as kube-openapi does.
        for t in gv.types.iter().filter(|t| !t.is_enum()) {
            builder.reference(origin, t);
        }
        paths::add_group_version(&mut paths, &mut builder, index, gv, &mut errors);
    }
    let definitions = builder.definitions();
    errors.extend(builder.errors);
    (paths, definitions, errors)
}

fn extensions(op: &Operation, out: &mut Map<String, Value>) {
    out.insert("x-kubernetes-action".into(), op.action.into());
    out.insert(
        "x-kubernetes-group-version-kind".into(),
        json!({"group": op.gvk.0, "kind": op.gvk.2, "version": op.gvk.1}),
    );
    if op.deprecated {
        out.insert("deprecated".into(), true.into());
    }
}

fn produces(op: &Operation) -> Vec<&'static str> {
    let mut types = PRODUCES.to_vec();
    if op.streams {
        types.extend(WATCH_PRODUCES);
    }
    types
}

fn v2_param(p: &Param) -> Value {
    let mut m = Map::new();
    if !p.description.is_empty() {
        m.insert("description".into(), p.description.clone().into());
    }
    m.insert("in".into(), p.location.into());
    m.insert("name".into(), p.name.clone().into());
    if p.required {
        m.insert("required".into(), true.into());
    }
    m.insert("type".into(), p.ty.into());
    Value::Object(m)
}

fn v3_param(p: &Param) -> Value {
    let mut m = Map::new();
    if !p.description.is_empty() {
        m.insert("description".into(), p.description.clone().into());
    }
    m.insert("in".into(), p.location.into());
    m.insert("name".into(), p.name.clone().into());
    if p.required {
        m.insert("required".into(), true.into());
    }
    m.insert("schema".into(), json!({"type": p.ty}));
    Value::Object(m)
}

fn v2_paths(paths: &Paths) -> Value {
    let mut out = Map::new();
    for (path, item) in &paths.items {
        let mut m = Map::new();
        for op in &item.ops {
            let mut o = Map::new();
            o.insert("description".into(), op.description.clone().into());
            o.insert("operationId".into(), op.id.clone().into());
            o.insert("tags".into(), json!([op.tag]));
            o.insert("schemes".into(), json!(["https"]));
            let consumes: Vec<&str> = if op.patch {
                PATCH_CONSUMES.to_vec()
            } else {
                vec!["*/*"]
            };
            o.insert("consumes".into(), json!(consumes));
            o.insert("produces".into(), json!(produces(op)));
            let mut params: Vec<Value> = op
                .params
                .iter()
                .map(|k| json!({"$ref": format!("#/parameters/{k}")}))
                .collect();
            if let Some((schema, required)) = &op.body {
                params.push(
                    json!({"in": "body", "name": "body", "required": required, "schema": schema}),
                );
            }
            if !params.is_empty() {
                o.insert("parameters".into(), Value::Array(params));
            }
            let mut responses = Map::new();
            for (code, description, schema) in &op.responses {
                responses.insert(
                    code.to_string(),
                    json!({"description": description, "schema": schema}),
                );
            }
            responses.insert("401".into(), json!({"description": "Unauthorized"}));
            o.insert("responses".into(), Value::Object(responses));
            extensions(op, &mut o);
            m.insert(op.method.into(), Value::Object(o));
        }
        if !item.params.is_empty() {
            m.insert(
                "parameters".into(),
                item.params.iter().map(v2_param).collect::<Vec<_>>().into(),
            );
        }
        out.insert(path.clone(), Value::Object(m));
    }
    Value::Object(out)
}

fn v3_paths(paths: &Paths) -> Value {
    let mut out = Map::new();
    for (path, item) in &paths.items {
        let mut m = Map::new();
        for op in &item.ops {
            let mut o = Map::new();
            o.insert("description".into(), op.description.clone().into());
            o.insert("operationId".into(), op.id.clone().into());
            o.insert("tags".into(), json!([op.tag]));
            let params: Vec<Value> = op
                .params
                .iter()
                .map(|k| json!({"$ref": format!("#/components/parameters/{k}")}))
                .collect();
            if !params.is_empty() {
                o.insert("parameters".into(), Value::Array(params));
            }
            if let Some((schema, required)) = &op.body {
                let types: Vec<&str> = if op.patch {
                    PATCH_CONSUMES.to_vec()
                } else {
                    vec!["*/*"]
                };
                let content: Map<String, Value> = types
                    .into_iter()
                    .map(|t| (t.to_string(), json!({"schema": schema})))
                    .collect();
                o.insert(
                    "requestBody".into(),
                    json!({"content": content, "required": required}),
                );
            }
            let mut responses = Map::new();
            for (code, description, schema) in &op.responses {
                let content: Map<String, Value> = produces(op)
                    .into_iter()
                    .map(|t| (t.to_string(), json!({"schema": schema})))
                    .collect();
                responses.insert(
                    code.to_string(),
                    json!({"content": content, "description": description}),
                );
            }
            responses.insert("401".into(), json!({"description": "Unauthorized"}));
            o.insert("responses".into(), Value::Object(responses));
            extensions(op, &mut o);
            m.insert(op.method.into(), Value::Object(o));
        }
        if !item.params.is_empty() {
            m.insert(
                "parameters".into(),
                item.params.iter().map(v3_param).collect::<Vec<_>>().into(),
            );
        }
        out.insert(path.clone(), Value::Object(m));
    }
    Value::Object(out)
}
