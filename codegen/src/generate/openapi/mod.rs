//! OpenAPI documents of the served API, as kube-apiserver publishes them: one Swagger 2.0
//! document for the whole API (`openapi/swagger.json`, what `/openapi/v2` serves) and one
//! OpenAPI 3.0 document per served group-version (`openapi/v3/apis__<group>__<version>_openapi.json`,
//! named like Kubernetes' `api/openapi-spec/v3` files after the `/openapi/v3/apis/<group>/<version>`
//! paths). The internal version is never published.
//!
//! Definitions are named as Kubernetes names them (`com.example.frob.v1.Frobber`,
//! `io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta`); the meta types' schemas come from
//! kapi's own annotated source through the same model ([`kapi_types`]).
//!
//! [`kapi_types`]: crate::model::kapi_types

pub mod paths;
mod rust_consts;

use super::core::{compact, Context, GeneratedFile, Generator};
use super::schema::{Builder, Target};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::resolve::{Index, Origin};
use crate::model::{GroupVersion, Model};
use paths::{Operation, Param, Paths, PATCH_CONSUMES, PRODUCES, WATCH_PRODUCES};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The OpenAPI generator.
pub struct OpenApi;

impl Generator for OpenApi {
    fn name(&self) -> &'static str {
        "openapi"
    }

    fn generate(&self, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile> {
        let served = served_versions(cx.model);
        let Some(index) = cx.resolved(&served, diags) else {
            return Vec::new();
        };
        let (swagger, errors) = swagger(index);
        // Both documents walk the same types; report each problem once.
        diags.extend(errors);
        let mut v3 = Vec::new();
        // Each document is printed on a thread of its own while the next is built (the
        // model stays on this thread): printing is half of this generator's time.
        let mut files = std::thread::scope(|scope| {
            let mut printing = vec![(
                cx.settings.output.join("openapi/swagger.json"),
                scope.spawn(move || to_json(&swagger)),
            )];
            for gv in &served {
                let (name, doc, _) = v3_document(index, gv);
                let path = if gv.group.is_empty() {
                    format!("api/{}", gv.version)
                } else {
                    format!("apis/{}/{}", gv.group, gv.version)
                };
                printing.push((
                    cx.settings.output.join("openapi/v3").join(&name),
                    scope.spawn(move || to_json(&doc)),
                ));
                v3.push((path, name, *gv));
            }
            printing
                .into_iter()
                .map(|(path, printer)| GeneratedFile {
                    path,
                    contents: printer
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                })
                .collect::<Vec<_>>()
        });
        let v3: Vec<(String, &std::path::Path, &GroupVersion)> = v3
            .iter()
            .map(|(path, name, gv)| (path.clone(), name.as_path(), *gv))
            .collect();
        files.push(rust_consts::file(cx, &v3));
        files
    }
}

/// JSON, two-space indented, values that fit on one line on one line, ending in a newline:
/// stable for verify-only.
pub fn to_json(doc: &Value) -> String {
    compact::json(doc)
}

/// Group-versions the documents describe: every served one with types.
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
    doc.insert("parameters".into(), v2_shared_params(&paths));
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
///
/// Parameters are written inline in every operation and path, never as
/// `#/components/parameters/...` references: kube-apiserver writes its v3 documents so,
/// and kubectl relies on it. To tell whether the server validates fields itself,
/// kubectl (cli-runtime's `supportsQueryParamV3`) looks for `fieldValidation` (in: query)
/// among the PATCH operation's own parameters and follows only `#/parameters/<key>`
/// references; without it, it validates on the client from the protobuf `/openapi/v2`.
pub fn v3_documents(index: &Index) -> Vec<(PathBuf, Value, Vec<Diagnostic>)> {
    served_versions(index.api)
        .into_iter()
        .map(|gv| v3_document(index, gv))
        .collect()
}

/// The OpenAPI 3.0 document of one served group-version: (file name, document, problems).
pub fn v3_document(index: &Index, gv: &GroupVersion) -> (PathBuf, Value, Vec<Diagnostic>) {
    let (paths, definitions, errors) = collect(index, &[gv], Target::V3);
    let mut components = Map::new();
    components.insert(
        "schemas".into(),
        Value::Object(definitions.into_iter().collect()),
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
    paths.hoist_common_params();
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

/// Query parameters kube-apiserver's Swagger 2.0 document writes inline in every
/// operation; it shares every other option parameter as `#/parameters/<key>`.
const V2_INLINE_PARAMS: &[&str] = &["dryRun", "fieldValidation"];

/// The key under which Swagger 2.0 shares `p`, if it does.
fn v2_shared_key(p: &Param) -> Option<&str> {
    p.key
        .as_deref()
        .filter(|_| !V2_INLINE_PARAMS.contains(&p.name.as_str()))
}

/// A parameter of a Swagger 2.0 operation or path: a reference to a shared parameter,
/// or the parameter itself.
fn v2_param_or_ref(p: &Param) -> Value {
    match v2_shared_key(p) {
        Some(key) => json!({"$ref": format!("#/parameters/{key}")}),
        None => v2_param(p),
    }
}

/// The `parameters` section of the Swagger 2.0 document: the shared parameters the paths
/// refer to.
fn v2_shared_params(paths: &Paths) -> Value {
    let mut out = Map::new();
    for item in paths.items.values() {
        let params = item
            .params
            .iter()
            .chain(item.ops.iter().flat_map(|o| &o.params));
        for p in params {
            if let Some(key) = v2_shared_key(p) {
                out.entry(key.to_string()).or_insert_with(|| v2_param(p));
            }
        }
    }
    Value::Object(out)
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
    // kube-openapi marks every single-valued parameter `uniqueItems`.
    m.insert("schema".into(), json!({"type": p.ty, "uniqueItems": true}));
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
            // Sorted by name and location, the body among them, as kube-openapi sorts.
            let mut params: Vec<(&str, &str, Value)> = op
                .params
                .iter()
                .map(|p| (p.name.as_str(), p.location, v2_param_or_ref(p)))
                .collect();
            if let Some((schema, required)) = &op.body {
                params.push((
                    "body",
                    "body",
                    json!({"in": "body", "name": "body", "required": required, "schema": schema}),
                ));
            }
            params.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
            let params: Vec<Value> = params.into_iter().map(|(_, _, v)| v).collect();
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
                item.params
                    .iter()
                    .map(v2_param_or_ref)
                    .collect::<Vec<_>>()
                    .into(),
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
            let params: Vec<Value> = op.params.iter().map(v3_param).collect();
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

#[cfg(test)]
mod tests {
    use super::*;
    use paths::PathItem;

    fn query(options: &str, name: &str, ty: &'static str) -> Param {
        Param {
            name: name.into(),
            location: "query",
            description: String::new(),
            ty,
            required: false,
            key: Some(format!("{options}.{name}")),
        }
    }

    fn op(method: &'static str, params: Vec<Param>) -> Operation {
        Operation {
            method,
            id: format!("{method}Thing"),
            description: String::new(),
            action: method,
            gvk: ("g".into(), "v1".into(), "Thing".into()),
            params,
            body: None,
            patch: method == "patch",
            responses: vec![(200, "OK", json!({"type": "object"}))],
            streams: false,
            deprecated: false,
            tag: "g_v1".into(),
        }
    }

    /// An object path (get and patch) and a path with one operation (a watch).
    fn example() -> Paths {
        let name = Param {
            name: "name".into(),
            location: "path",
            description: "name of the Thing".into(),
            ty: "string",
            required: true,
            key: None,
        };
        let patch = vec![
            query("PatchOptions", "force", "boolean"),
            query("PatchOptions", "fieldValidation", "string"),
            query("PatchOptions", "dryRun", "string"),
            query("PatchOptions", "fieldManager", "string"),
        ];
        let mut paths = Paths::default();
        paths.items.insert(
            "/things/{name}".into(),
            PathItem {
                path: "/things/{name}".into(),
                params: vec![name.clone()],
                ops: vec![
                    op(
                        "get",
                        vec![query("GetOptions", "resourceVersion", "string")],
                    ),
                    op("patch", patch),
                ],
            },
        );
        paths.items.insert(
            "/watch/things/{name}".into(),
            PathItem {
                path: "/watch/things/{name}".into(),
                params: vec![name],
                ops: vec![op(
                    "get",
                    vec![
                        query("ListOptions", "watch", "boolean"),
                        query("ListOptions", "limit", "integer"),
                    ],
                )],
            },
        );
        paths.hoist_common_params();
        paths
    }

    fn names(params: &Value) -> Vec<String> {
        params
            .as_array()
            .expect("parameters")
            .iter()
            .map(|p| {
                p.get("name")
                    .or_else(|| p.get("$ref"))
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn v3_parameters_are_inline_where_kubectl_looks_for_field_validation() {
        let paths = v3_paths(&example());
        let text = serde_json::to_string(&paths).expect("json");
        assert!(!text.contains("$ref"), "{text}");
        let patch = &paths["/things/{name}"]["patch"]["parameters"];
        assert!(patch.as_array().expect("parameters").contains(&json!({
            "in": "query",
            "name": "fieldValidation",
            "schema": {"type": "string", "uniqueItems": true},
        })));
        assert_eq!(
            names(patch),
            ["dryRun", "fieldManager", "fieldValidation", "force"]
        );
        // What no operation shares stays with the operations; a lone operation's
        // parameters are the path's.
        assert_eq!(names(&paths["/things/{name}"]["parameters"]), ["name"]);
        let watch = &paths["/watch/things/{name}"];
        assert!(watch["get"].get("parameters").is_none());
        assert_eq!(names(&watch["parameters"]), ["limit", "name", "watch"]);
    }

    #[test]
    fn v2_shares_option_parameters_but_dry_run_and_field_validation() {
        let example = example();
        let paths = v2_paths(&example);
        assert_eq!(
            names(&paths["/things/{name}"]["patch"]["parameters"]),
            [
                "dryRun",
                "#/parameters/PatchOptions.fieldManager",
                "fieldValidation",
                "#/parameters/PatchOptions.force",
            ]
        );
        assert_eq!(
            names(&paths["/watch/things/{name}"]["parameters"]),
            [
                "#/parameters/ListOptions.limit",
                "name",
                "#/parameters/ListOptions.watch",
            ]
        );
        let shared = v2_shared_params(&example);
        let keys: Vec<&String> = shared.as_object().expect("parameters").keys().collect();
        assert_eq!(
            keys,
            [
                "GetOptions.resourceVersion",
                "ListOptions.limit",
                "ListOptions.watch",
                "PatchOptions.fieldManager",
                "PatchOptions.force",
            ]
        );
    }
}
