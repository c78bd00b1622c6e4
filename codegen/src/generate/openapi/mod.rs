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

use super::core::json::Json;
use super::core::{compact, Context, GeneratedFile, Generator};
use super::schema::{Builder, Target};
use super::settings::Settings;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::resolve::{Index, Origin};
use crate::model::{GroupVersion, Model};
use paths::{Operation, Param, Paths, PATCH_CONSUMES, PRODUCES, WATCH_PRODUCES};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

/// The OpenAPI generator.
pub struct OpenApi;

impl Generator for OpenApi {
    fn name(&self) -> &'static str {
        "openapi"
    }

    /// Only `openapi_documents.rs` is Rust; the documents themselves are written either way.
    fn cargo_feature<'s>(&self, settings: &'s Settings) -> Option<&'s str> {
        settings.openapi_feature.as_deref()
    }

    fn generate(&self, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile> {
        let served = served_versions(cx.model);
        let Some(index) = cx.resolved(&served, diags) else {
            return Vec::new();
        };
        let (swagger, errors) = swagger_document(index);
        // Both documents walk the same types; report each problem once.
        diags.extend(errors);
        let mut v3 = Vec::new();
        // Each document is printed on a thread of its own while the next is built (the
        // model stays on this thread): printing is half of this generator's time.
        let mut files = std::thread::scope(|scope| {
            let mut printing = vec![(
                cx.settings.output.join("openapi/swagger.json"),
                scope.spawn(move || swagger.print()),
            )];
            for gv in &served {
                let (name, doc, _) = v3_parts(index, gv);
                let path = if gv.group.is_empty() {
                    format!("api/{}", gv.version)
                } else {
                    format!("apis/{}/{}", gv.group, gv.version)
                };
                printing.push((
                    cx.settings.output.join("openapi/v3").join(&name),
                    scope.spawn(move || doc.print()),
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

/// A document's parts, built: its operations and definitions. The document itself is a
/// [`Json`] tree over them ([`Document::tree`]), printed without a serde_json copy of the
/// paths, which repeat the same parameters and media types in every operation.
struct Document {
    target: Target,
    title: String,
    paths: Paths,
    definitions: BTreeMap<String, Value>,
}

impl Document {
    fn tree(&self) -> Json<'_> {
        let info = Json::fields([
            ("title", Json::str(&self.title)),
            ("version", Json::str("unversioned")),
        ]);
        let definitions = Json::Object(
            self.definitions
                .iter()
                .map(|(name, schema)| (Cow::Borrowed(name.as_str()), Json::Value(schema)))
                .collect(),
        );
        let security = Json::Array(vec![Json::fields([("BearerToken", Json::Array(Vec::new()))])]);
        match self.target {
            Target::V2 => Json::fields([
                ("swagger", Json::str("2.0")),
                ("info", info),
                ("paths", v2_paths(&self.paths)),
                ("definitions", definitions),
                ("parameters", v2_shared_params(&self.paths)),
                ("securityDefinitions", security_schemes()),
                ("security", security),
            ]),
            _ => Json::fields([
                ("openapi", Json::str("3.0.0")),
                ("info", info),
                ("paths", v3_paths(&self.paths)),
                (
                    "components",
                    Json::fields([
                        ("schemas", definitions),
                        ("securitySchemes", security_schemes()),
                    ]),
                ),
                ("security", security),
            ]),
        }
    }

    /// The document as [`to_json`] prints it.
    fn print(&self) -> String {
        compact::json(&self.tree())
    }
}

fn security_schemes() -> Json<'static> {
    Json::fields([(
        "BearerToken",
        Json::fields([
            ("description", Json::str("Bearer Token authentication")),
            ("in", Json::str("header")),
            ("name", Json::str("authorization")),
            ("type", Json::str("apiKey")),
        ]),
    )])
}

/// The Swagger 2.0 document of every served group-version, and the problems found.
pub fn swagger(index: &Index) -> (Value, Vec<Diagnostic>) {
    let (doc, errors) = swagger_document(index);
    (doc.tree().to_value(), errors)
}

fn swagger_document(index: &Index) -> (Document, Vec<Diagnostic>) {
    let served = served_versions(index.api);
    let (paths, definitions, errors) = collect(index, &served, Target::V2);
    let doc = Document {
        target: Target::V2,
        title: index.api.crate_name.clone(),
        paths,
        definitions,
    };
    (doc, errors)
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
    let (name, doc, errors) = v3_parts(index, gv);
    (name, doc.tree().to_value(), errors)
}

fn v3_parts(index: &Index, gv: &GroupVersion) -> (PathBuf, Document, Vec<Diagnostic>) {
    let (paths, definitions, errors) = collect(index, &[gv], Target::V3);
    let doc = Document {
        target: Target::V3,
        title: index.api.crate_name.clone(),
        paths,
        definitions,
    };
    (v3_file_name(gv), doc, errors)
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

/// The `x-kubernetes-` keys of an operation, the last in key order.
fn extensions<'a>(
    op: &'a Operation,
    common: &mut Common<'a>,
    out: &mut Vec<(Cow<'a, str>, Json<'a>)>,
) {
    out.push(("x-kubernetes-action".into(), Json::str(op.action)));
    let gvk = common
        .gvks
        .entry(Arc::as_ptr(&op.gvk))
        .or_insert_with(|| {
            Json::shared(Json::fields([
                ("group", Json::str(&op.gvk.0)),
                ("kind", Json::str(&op.gvk.2)),
                ("version", Json::str(&op.gvk.1)),
            ]))
        })
        .clone();
    out.push(("x-kubernetes-group-version-kind".into(), gvk));
}

/// An operation's `deprecated`, if it is: pushed where it sorts.
fn deprecated<'a>(op: &Operation, out: &mut Vec<(Cow<'a, str>, Json<'a>)>) {
    if op.deprecated {
        out.push(("deprecated".into(), true.into()));
    }
}

/// A response code as an object key.
fn code_key(code: u16) -> Cow<'static, str> {
    match code {
        200 => "200".into(),
        201 => "201".into(),
        202 => "202".into(),
        other => other.to_string().into(),
    }
}

fn strings<'a>(items: impl IntoIterator<Item = &'a str>) -> Json<'a> {
    Json::Array(items.into_iter().map(Json::str).collect())
}

/// The lists of media types and the objects every operation of a document repeats, each
/// built once. Parts are found by the address of what they are built from: an `Arc` the
/// paths hold as long as the tree borrows them, so an address is never reused meanwhile
/// (and two equal parts at two addresses are only built twice, the same).
struct Common<'a> {
    /// What a patch consumes, and what any other operation does.
    consumes: [Json<'a>; 2],
    /// What an operation produces, and what one that may stream a watch does.
    produces: [Json<'a>; 2],
    schemes: Json<'a>,
    unauthorized: Json<'a>,
    /// Each parameter's object (or Swagger 2.0's reference to it), by its parameter
    /// (operations share their kind's parameters).
    params: HashMap<*const Param, Json<'a>>,
    /// OpenAPI 3.0's `content` of a body or response, by its schema (operations share
    /// their kind's) and media types.
    contents: HashMap<(*const Value, Media), Json<'a>>,
    /// A response's object, by its schema, media types (OpenAPI 3.0) and description.
    responses: HashMap<(*const Value, Option<Media>, &'static str), Json<'a>>,
    /// `x-kubernetes-group-version-kind`, by the operations' shared group-version-kind.
    gvks: HashMap<*const (String, String, String), Json<'a>>,
}

impl<'a> Common<'a> {
    fn new() -> Self {
        let produces = |streams: bool| {
            let watch = if streams { WATCH_PRODUCES } else { &[] };
            Json::shared(strings(PRODUCES.iter().chain(watch).copied()))
        };
        Common {
            consumes: [
                Json::shared(strings(PATCH_CONSUMES.iter().copied())),
                Json::shared(strings(["*/*"])),
            ],
            produces: [produces(false), produces(true)],
            schemes: Json::shared(strings(["https"])),
            unauthorized: Json::shared(Json::fields([("description", Json::str("Unauthorized"))])),
            params: HashMap::new(),
            contents: HashMap::new(),
            responses: HashMap::new(),
            gvks: HashMap::new(),
        }
    }

    /// A Swagger 2.0 response object, built the first time it is asked for.
    fn v2_response(&mut self, schema: &'a Arc<Value>, description: &'static str) -> Json<'a> {
        self.responses
            .entry((Arc::as_ptr(schema), None, description))
            .or_insert_with(|| {
                Json::shared(Json::fields([
                    ("description", Json::str(description)),
                    ("schema", Json::Value(schema)),
                ]))
            })
            .clone()
    }

    /// An OpenAPI 3.0 response object, built the first time it is asked for.
    fn v3_response(
        &mut self,
        schema: &'a Arc<Value>,
        streams: bool,
        description: &'static str,
    ) -> Json<'a> {
        let media = if streams { Media::Watch } else { Media::Produced };
        let key = (Arc::as_ptr(schema), Some(media), description);
        if let Some(built) = self.responses.get(&key) {
            return built.clone();
        }
        let content = self.content(schema, None, streams);
        let built = Json::shared(Json::fields([
            ("content", content),
            ("description", Json::str(description)),
        ]));
        self.responses.insert(key, built.clone());
        built
    }

    /// The `content` of a request body (a patch's media types, or any) or, without a
    /// body, of a response (that may stream a watch), built the first time it is asked for.
    fn content(&mut self, schema: &'a Arc<Value>, body: Option<bool>, streams: bool) -> Json<'a> {
        let media = match body {
            Some(true) => Media::Patch,
            Some(false) => Media::Any,
            None if streams => Media::Watch,
            None => Media::Produced,
        };
        self.contents
            .entry((Arc::as_ptr(schema), media))
            .or_insert_with(|| {
                let types: Vec<&'static str> = match media {
                    Media::Patch => PATCH_CONSUMES.to_vec(),
                    Media::Any => vec!["*/*"],
                    Media::Produced => PRODUCES.to_vec(),
                    Media::Watch => PRODUCES.iter().chain(WATCH_PRODUCES).copied().collect(),
                };
                let media = Json::shared(Json::fields([("schema", Json::Value(schema))]));
                Json::shared(Json::object(
                    types
                        .into_iter()
                        .map(|t| (Cow::Borrowed(t), media.clone()))
                        .collect(),
                ))
            })
            .clone()
    }

    fn consumes(&self, op: &Operation) -> Json<'a> {
        self.consumes[usize::from(!op.patch)].clone()
    }

    fn produces(&self, op: &Operation) -> Json<'a> {
        self.produces[usize::from(op.streams)].clone()
    }

    /// `p` as `build` writes it, built the first time it is asked for.
    fn param(&mut self, p: &'a Arc<Param>, build: fn(&'a Param) -> Json<'a>) -> Json<'a> {
        self.params
            .entry(Arc::as_ptr(p))
            .or_insert_with(|| Json::shared(build(p)))
            .clone()
    }

    /// A path item's own `parameters`, when it has any.
    fn path_params(
        &mut self,
        params: &'a [Arc<Param>],
        build: fn(&'a Param) -> Json<'a>,
        item: &mut Vec<(Cow<'a, str>, Json<'a>)>,
    ) {
        if params.is_empty() {
            return;
        }
        let params = params.iter().map(|p| self.param(p, build)).collect();
        item.push(("parameters".into(), Json::Array(params)));
    }
}

/// The media types of an OpenAPI 3.0 `content`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Media {
    /// A patch body's.
    Patch,
    /// Any other body's.
    Any,
    /// A response's.
    Produced,
    /// A response that may stream a watch.
    Watch,
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
fn v2_param_or_ref(p: &Param) -> Json<'_> {
    match v2_shared_key(p) {
        Some(key) => Json::fields([("$ref", format!("#/parameters/{key}").into())]),
        None => v2_param(p),
    }
}

/// The `parameters` section of the Swagger 2.0 document: the shared parameters the paths
/// refer to.
fn v2_shared_params(paths: &Paths) -> Json<'_> {
    let mut out = BTreeMap::new();
    for item in paths.items.values() {
        let params = item
            .params
            .iter()
            .chain(item.ops.iter().flat_map(|o| &o.params));
        for p in params {
            if let Some(key) = v2_shared_key(p) {
                out.entry(key).or_insert_with(|| v2_param(p));
            }
        }
    }
    Json::Object(out.into_iter().map(|(k, v)| (Cow::Borrowed(k), v)).collect())
}

/// The keys both versions' parameter objects have.
fn param_fields(p: &Param) -> Vec<(Cow<'_, str>, Json<'_>)> {
    let mut m = Vec::with_capacity(5);
    if !p.description.is_empty() {
        m.push(("description".into(), Json::str(&p.description)));
    }
    m.push(("in".into(), Json::str(p.location)));
    m.push(("name".into(), Json::str(&p.name)));
    if p.required {
        m.push(("required".into(), true.into()));
    }
    m
}

fn v2_param(p: &Param) -> Json<'_> {
    let mut m = param_fields(p);
    m.push(("type".into(), Json::str(p.ty)));
    Json::object(m)
}

fn v3_param(p: &Param) -> Json<'_> {
    let mut m = param_fields(p);
    // kube-openapi marks every single-valued parameter `uniqueItems`.
    m.push((
        "schema".into(),
        Json::fields([("type", Json::str(p.ty)), ("uniqueItems", true.into())]),
    ));
    Json::object(m)
}

fn v2_paths(paths: &Paths) -> Json<'_> {
    let mut common = Common::new();
    let mut out = Vec::with_capacity(paths.items.len());
    for (path, item) in &paths.items {
        let mut m = Vec::with_capacity(item.ops.len() + 1);
        for op in &item.ops {
            // Pushed in key order, so that the object need not sort them.
            let mut o = Vec::with_capacity(11);
            o.push(("consumes".into(), common.consumes(op)));
            deprecated(op, &mut o);
            o.push(("description".into(), Json::str(&op.description)));
            o.push(("operationId".into(), Json::str(&op.id)));
            // Sorted by name and location, the body among them, as kube-openapi sorts.
            let mut params: Vec<(&str, &str, Json)> = op
                .params
                .iter()
                .map(|p| {
                    let param = common.param(p, v2_param_or_ref);
                    (p.name.as_str(), p.location, param)
                })
                .collect();
            if let Some((schema, required)) = &op.body {
                params.push((
                    "body",
                    "body",
                    Json::fields([
                        ("in", Json::str("body")),
                        ("name", Json::str("body")),
                        ("required", (*required).into()),
                        ("schema", Json::Value(schema)),
                    ]),
                ));
            }
            params.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
            if !params.is_empty() {
                let params = params.into_iter().map(|(_, _, v)| v).collect();
                o.push(("parameters".into(), Json::Array(params)));
            }
            o.push(("produces".into(), common.produces(op)));
            let mut responses = Vec::with_capacity(op.responses.len() + 1);
            for (code, description, schema) in &op.responses {
                responses.push((code_key(*code), common.v2_response(schema, description)));
            }
            responses.push(("401".into(), common.unauthorized.clone()));
            o.push(("responses".into(), Json::object(responses)));
            o.push(("schemes".into(), common.schemes.clone()));
            o.push(("tags".into(), strings([&*op.tag])));
            extensions(op, &mut common, &mut o);
            m.push((Cow::Borrowed(op.method), Json::object(o)));
        }
        common.path_params(&item.params, v2_param_or_ref, &mut m);
        out.push((Cow::Borrowed(path.as_str()), Json::object(m)));
    }
    Json::Object(out)
}

fn v3_paths(paths: &Paths) -> Json<'_> {
    let mut common = Common::new();
    let mut out = Vec::with_capacity(paths.items.len());
    for (path, item) in &paths.items {
        let mut m = Vec::with_capacity(item.ops.len() + 1);
        for op in &item.ops {
            // Pushed in key order, so that the object need not sort them.
            let mut o = Vec::with_capacity(9);
            deprecated(op, &mut o);
            o.push(("description".into(), Json::str(&op.description)));
            o.push(("operationId".into(), Json::str(&op.id)));
            if !op.params.is_empty() {
                let params = op.params.iter().map(|p| common.param(p, v3_param)).collect();
                o.push(("parameters".into(), Json::Array(params)));
            }
            if let Some((schema, required)) = &op.body {
                let content = common.content(schema, Some(op.patch), false);
                o.push((
                    "requestBody".into(),
                    Json::fields([("content", content), ("required", (*required).into())]),
                ));
            }
            let mut responses = Vec::with_capacity(op.responses.len() + 1);
            for (code, description, schema) in &op.responses {
                let response = common.v3_response(schema, op.streams, description);
                responses.push((code_key(*code), response));
            }
            responses.push(("401".into(), common.unauthorized.clone()));
            o.push(("responses".into(), Json::object(responses)));
            o.push(("tags".into(), strings([&*op.tag])));
            extensions(op, &mut common, &mut o);
            m.push((Cow::Borrowed(op.method), Json::object(o)));
        }
        common.path_params(&item.params, v3_param, &mut m);
        out.push((Cow::Borrowed(path.as_str()), Json::object(m)));
    }
    Json::Object(out)
}


#[cfg(test)]
mod tests {
    use super::*;
    use paths::PathItem;
    use serde_json::json;

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
        let params = params.into_iter().map(Arc::new).collect();
        Operation {
            method,
            id: format!("{method}Thing"),
            description: String::new(),
            action: method,
            gvk: Arc::new(("g".into(), "v1".into(), "Thing".into())),
            params,
            body: None,
            patch: method == "patch",
            responses: vec![(200, "OK", Arc::new(json!({"type": "object"})))],
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
                params: vec![Arc::new(name.clone())],
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
                params: vec![Arc::new(name)],
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
        let paths = v3_paths(&example()).to_value();
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
        let paths = v2_paths(&example).to_value();
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
        let shared = v2_shared_params(&example).to_value();
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
