//! The REST operations of each served kind, as the API server publishes them: list, create
//! and deletecollection on the collection; read, replace, patch and delete on an object;
//! the list across namespaces; the (deprecated) watch paths; and the `status` and `scale`
//! subresources. The server serves every verb; `gen_client` only shapes clients.
//!
//! Query parameters come from kapi's option kinds (ListOptions, CreateOptions, ...), so
//! their names, types and descriptions are what the runtime decodes. As kube-openapi
//! builds them, the parameters every operation of a path shares are the path's own
//! (the namespace and name, and every parameter of a path with one operation, such as the
//! watch paths), and both lists are sorted by name and location.
//!
//! What every operation of a kind repeats (its parameters, the schemas of its bodies and
//! responses, its group-version-kind) is built once and shared (`Arc`): a large API has
//! tens of thousands of operations.

use crate::diagnostics::Diagnostic;
use crate::generate::schema::Builder;
use crate::model::resolve::{Index, Origin, Special};
use crate::model::{GroupVersion, KindCategory, Scalar, Scope, TypeDef, TypeRef};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A query or path parameter.
#[derive(Debug, Clone)]
pub struct Param {
    pub name: String,
    pub location: &'static str,
    pub description: String,
    /// `string`, `boolean` or `integer`.
    pub ty: &'static str,
    pub required: bool,
    /// The key of an option kind's field (`PatchOptions.fieldValidation`): Swagger 2.0
    /// may share such a parameter as `#/parameters/<key>`. `None` for path parameters.
    pub key: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Operation {
    pub method: &'static str,
    pub id: String,
    pub description: String,
    /// `x-kubernetes-action`.
    pub action: &'static str,
    /// group, version, kind: `x-kubernetes-group-version-kind`.
    pub gvk: Arc<(String, String, String)>,
    /// The operation's own query parameters.
    pub params: Vec<Arc<Param>>,
    pub body: Option<(Arc<Value>, bool)>,
    /// The body is a patch (its media types are the patch types).
    pub patch: bool,
    pub responses: Vec<(u16, &'static str, Arc<Value>)>,
    /// The response may be a watch stream.
    pub streams: bool,
    pub deprecated: bool,
    pub tag: Arc<str>,
}

#[derive(Debug, Clone)]
pub struct PathItem {
    pub path: String,
    pub params: Vec<Arc<Param>>,
    pub ops: Vec<Operation>,
}

/// The operations of some group-versions, by path.
#[derive(Debug, Default)]
pub struct Paths {
    pub items: BTreeMap<String, PathItem>,
}

impl Paths {
    /// Moves the parameters all operations of a path share (same name and location) to
    /// the path, and sorts both lists by name and location, as kube-openapi's builders do
    /// (`findCommonParameters`, `sortParameters`). Call once every operation is added.
    pub fn hoist_common_params(&mut self) {
        for item in self.items.values_mut() {
            let Some(first) = item.ops.first() else {
                continue;
            };
            let common: Vec<(String, &'static str)> = first
                .params
                .iter()
                .map(|p| (p.name.clone(), p.location))
                .filter(|(name, location)| {
                    item.ops.iter().all(|op| {
                        op.params
                            .iter()
                            .any(|p| p.name == *name && p.location == *location)
                    })
                })
                .collect();
            for (name, location) in &common {
                let mut shared = None;
                for op in &mut item.ops {
                    if let Some(i) = op
                        .params
                        .iter()
                        .position(|p| p.name == *name && p.location == *location)
                    {
                        // kube-openapi keeps the last operation's spelling.
                        shared = Some(op.params.remove(i));
                    }
                }
                if let Some(p) = shared {
                    if !item
                        .params
                        .iter()
                        .any(|q| q.name == p.name && q.location == p.location)
                    {
                        item.params.push(p);
                    }
                }
            }
            sort_params(&mut item.params);
            for op in &mut item.ops {
                sort_params(&mut op.params);
            }
        }
    }
}

fn sort_params(params: &mut [Arc<Param>]) {
    params.sort_by(|a, b| (&a.name, a.location).cmp(&(&b.name, b.location)));
}

/// Media types the API server writes (kapi serves JSON and YAML).
pub const PRODUCES: &[&str] = &["application/json", "application/yaml"];
pub const WATCH_PRODUCES: &[&str] = &["application/json;stream=watch"];
/// Patch types the API server accepts for kapi's types. They are served as kube-apiserver
/// serves built-in kinds, so strategic merge patch is among them (following the fields'
/// `patch_strategy`); kinds installed as CRDs get their documents from kube-apiserver,
/// which leaves it out for them.
pub const PATCH_CONSUMES: &[&str] = &[
    "application/apply-patch+yaml",
    "application/json-patch+json",
    "application/merge-patch+json",
    "application/strategic-merge-patch+json",
];

/// kapi's option kinds and the meta types operations use, found in kapi's model.
struct Meta<'a> {
    list: (Origin<'a>, &'a TypeDef),
    get: (Origin<'a>, &'a TypeDef),
    create: (Origin<'a>, &'a TypeDef),
    update: (Origin<'a>, &'a TypeDef),
    patch: (Origin<'a>, &'a TypeDef),
    delete: (Origin<'a>, &'a TypeDef),
    status: (Origin<'a>, &'a TypeDef),
    watch_event: (Origin<'a>, &'a TypeDef),
    scale: (Origin<'a>, &'a TypeDef),
}

fn kapi_type<'a>(index: &Index<'a>, name: &str) -> Result<(Origin<'a>, &'a TypeDef), String> {
    index
        .kapi_type(name)
        .ok_or_else(|| format!("the kapi crate has no `{name}` type"))
}

impl<'a> Meta<'a> {
    fn find(index: &Index<'a>) -> Result<Meta<'a>, String> {
        Ok(Meta {
            list: kapi_type(index, "ListOptions")?,
            get: kapi_type(index, "GetOptions")?,
            create: kapi_type(index, "CreateOptions")?,
            update: kapi_type(index, "UpdateOptions")?,
            patch: kapi_type(index, "PatchOptions")?,
            delete: kapi_type(index, "DeleteOptions")?,
            status: kapi_type(index, "Status")?,
            watch_event: kapi_type(index, "WatchEvent")?,
            scale: kapi_type(index, "Scale")?,
        })
    }
}

/// The query parameters of an option kind; `skip` leaves some fields out. Fields that are
/// not scalars (DeleteOptions' preconditions) travel only in bodies.
fn option_params(options: &TypeDef, skip: &[&str]) -> Vec<Arc<Param>> {
    let mut params = Vec::new();
    for f in options.fields() {
        if skip.contains(&f.json_name.as_str()) {
            continue;
        }
        let ty = match f.ty.strip_option() {
            TypeRef::Scalar(Scalar::String) => "string",
            TypeRef::Scalar(Scalar::Bool) => "boolean",
            TypeRef::Scalar(s) if s.is_integer() => "integer",
            // Repeated query parameters; Kubernetes declares them as strings.
            TypeRef::Vec(inner) if **inner == TypeRef::Scalar(Scalar::String) => "string",
            _ => continue,
        };
        params.push(Arc::new(Param {
            name: f.json_name.clone(),
            location: "query",
            description: f.docs.replace('\n', " "),
            ty,
            required: false,
            key: Some(format!("{}.{}", options.name, f.json_name)),
        }));
    }
    params
}

fn upper_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Adds the operations of every object kind of `gv` to `paths`, registering the schemas
/// they use with `builder`.
pub fn add_group_version<'a>(
    paths: &mut Paths,
    builder: &mut Builder<'a>,
    index: &Index<'a>,
    gv: &'a GroupVersion,
    errors: &mut Vec<Diagnostic>,
) {
    let meta = match Meta::find(index) {
        Ok(m) => m,
        Err(e) => {
            let mut d = Diagnostic::new(
                gv.span,
                format!("cannot describe the paths of {}: {e}", gv.api_version()),
            )
            .with_help("update the kapi dependency to a version with the option kinds");
            d.file = Some(gv.file.clone());
            errors.push(d);
            return;
        }
    };
    let shared = Shared::new(&meta, builder, gv);
    let origin = Origin {
        model: index.api,
        gv: Some(gv),
    };
    for t in gv.kinds() {
        let Some(k) = &t.kind else { continue };
        // A kind served as no resource of its own (`verbs = []`, a subresource's body) has
        // no paths.
        if k.category != KindCategory::Object || k.verbs.as_ref().is_some_and(Vec::is_empty) {
            continue;
        }
        let kind = KindOps {
            shared: &shared,
            kind: &t.name,
            plural: &k.plural,
            namespaced: k.scope == Scope::Namespaced,
            gvk: Arc::new((gv.group.clone(), gv.version.clone(), t.name.clone())),
            deprecated: t.lifecycle.as_ref().is_some_and(|l| l.deprecated.is_some()),
            object: Arc::new(builder.reference(origin, t)),
            list_body: Arc::new(builder.reference_list(origin, t, &k.list_kind)),
        };
        let verbs = k.verbs.as_deref();
        for (path, params, ops) in kind.all(k.subresource_status, k.subresource_scale.is_some()) {
            insert_served(verbs, paths, path, params, ops);
        }
    }
}

/// The query parameters of each verb, from kapi's option kinds.
struct Params {
    list: Vec<Arc<Param>>,
    collection_list: Vec<Arc<Param>>,
    get: Vec<Arc<Param>>,
    create: Vec<Arc<Param>>,
    update: Vec<Arc<Param>>,
    patch: Vec<Arc<Param>>,
    delete: Vec<Arc<Param>>,
}

/// What the operations of every kind of one group-version share.
struct Shared {
    params: Params,
    status: Arc<Value>,
    delete_options: Arc<Value>,
    watch_event: Arc<Value>,
    scale: Arc<Value>,
    patch_body: Arc<Value>,
    scale_gvk: Arc<(String, String, String)>,
    tag: Arc<str>,
    namespace_param: Arc<Param>,
    /// `/api/v1` or `/apis/<group>/<version>`.
    prefix: String,
    /// The group-version in operation ids (`CoreV1`, `AppsV1beta1`).
    gv_word: String,
}

impl Shared {
    fn new<'a>(meta: &Meta<'a>, builder: &mut Builder<'a>, gv: &GroupVersion) -> Shared {
        let params = Params {
            list: option_params(meta.list.1, &[]),
            collection_list: option_params(meta.list.1, &["watch", "allowWatchBookmarks"]),
            get: option_params(meta.get.1, &[]),
            create: option_params(meta.create.1, &[]),
            update: option_params(meta.update.1, &[]),
            patch: option_params(meta.patch.1, &[]),
            delete: option_params(meta.delete.1, &[]),
        };
        let scale_group_version = match meta.scale.0.gv {
            Some(sgv) => (sgv.group.clone(), sgv.version.clone()),
            None => (String::new(), String::new()),
        };
        Shared {
            params,
            status: Arc::new(builder.reference(meta.status.0, meta.status.1)),
            delete_options: Arc::new(builder.reference(meta.delete.0, meta.delete.1)),
            watch_event: Arc::new(builder.reference(meta.watch_event.0, meta.watch_event.1)),
            scale: Arc::new(builder.reference(meta.scale.0, meta.scale.1)),
            patch_body: Arc::new(builder.reference_special(Special::Patch)),
            scale_gvk: Arc::new((
                scale_group_version.0,
                scale_group_version.1,
                meta.scale.1.name.clone(),
            )),
            tag: format!("{}_{}", lower_first(&gv.go_name), gv.version).into(),
            namespace_param: Arc::new(Param {
                name: "namespace".into(),
                location: "path",
                description: "object name and auth scope, such as for teams and projects".into(),
                ty: "string",
                required: true,
                key: None,
            }),
            prefix: if gv.group.is_empty() {
                format!("/api/{}", gv.version)
            } else {
                format!("/apis/{}/{}", gv.group, gv.version)
            },
            gv_word: format!("{}{}", gv.go_name, upper_first(&gv.version)),
        }
    }
}

/// A path, its own parameters and its operations.
type PathOps = (String, Vec<Arc<Param>>, Vec<Operation>);

const WATCH_DEPRECATED: &str =
    "deprecated: use the 'watch' parameter with a list operation instead";

/// The operations of one object kind.
struct KindOps<'s> {
    shared: &'s Shared,
    kind: &'s str,
    plural: &'s str,
    namespaced: bool,
    gvk: Arc<(String, String, String)>,
    deprecated: bool,
    object: Arc<Value>,
    list_body: Arc<Value>,
}

impl KindOps<'_> {
    /// Every path of the kind: the collection, one object, across namespaces, the watch
    /// paths and the subresources.
    fn all(&self, status: bool, scale: bool) -> Vec<PathOps> {
        let mut paths = vec![self.collection(), self.item()];
        if self.namespaced {
            paths.extend(self.all_namespaces());
        }
        paths.extend(self.watches());
        if status {
            let ops = self.read_replace_patch("Status", "status of ", &self.object);
            paths.push((
                format!("{}/status", self.item_path()),
                self.item_params(),
                ops,
            ));
        }
        if scale {
            let mut ops = self.read_replace_patch("Scale", "scale of ", &self.shared.scale);
            for o in &mut ops {
                o.gvk = self.shared.scale_gvk.clone();
            }
            paths.push((
                format!("{}/scale", self.item_path()),
                self.item_params(),
                ops,
            ));
        }
        paths
    }

    /// `Namespaced` in operation ids of namespaced kinds.
    fn ns_word(&self) -> &'static str {
        if self.namespaced {
            "Namespaced"
        } else {
            ""
        }
    }

    fn ns_path(&self) -> &'static str {
        if self.namespaced {
            "/namespaces/{namespace}"
        } else {
            ""
        }
    }

    /// An operation id: `<verb><GroupVersion>[Namespaced]<Kind><suffix>`.
    fn id(&self, verb: &str, suffix: &str) -> String {
        let Shared { gv_word, .. } = self.shared;
        format!("{verb}{gv_word}{}{}{suffix}", self.ns_word(), self.kind)
    }

    fn scope_params(&self) -> Vec<Arc<Param>> {
        if self.namespaced {
            vec![self.shared.namespace_param.clone()]
        } else {
            Vec::new()
        }
    }

    fn item_path(&self) -> String {
        let Shared { prefix, .. } = self.shared;
        format!("{prefix}{}/{}/{{name}}", self.ns_path(), self.plural)
    }

    fn item_params(&self) -> Vec<Arc<Param>> {
        let mut params = vec![Arc::new(Param {
            name: "name".into(),
            location: "path",
            description: format!("name of the {}", self.kind),
            ty: "string",
            required: true,
            key: None,
        })];
        params.extend(self.scope_params());
        params
    }

    fn op(
        &self,
        (method, action): (&'static str, &'static str),
        id: String,
        description: String,
        params: &[Arc<Param>],
        body: Option<(Arc<Value>, bool)>,
        responses: Vec<(u16, &'static str, Arc<Value>)>,
    ) -> Operation {
        Operation {
            method,
            id,
            description,
            action,
            gvk: self.gvk.clone(),
            params: params.to_vec(),
            patch: method == "patch",
            body,
            responses,
            streams: false,
            deprecated: self.deprecated,
            tag: self.shared.tag.clone(),
        }
    }

    /// A list that may stream a watch.
    fn list(&self, id: String, description: String, body: &Arc<Value>) -> Operation {
        let mut op = self.op(
            ("get", "list"),
            id,
            description,
            &self.shared.params.list,
            None,
            ok(body),
        );
        op.streams = true;
        op
    }

    /// One of the deprecated watch paths.
    fn watch(&self, action: &'static str, id: String, description: String) -> Operation {
        let mut op = self.list(id, description, &self.shared.watch_event);
        op.action = action;
        op.deprecated = true;
        op
    }

    fn collection(&self) -> PathOps {
        let (kind, shared) = (self.kind, self.shared);
        let list = self.list(
            self.id("list", ""),
            format!("list or watch objects of kind {kind}"),
            &self.list_body,
        );
        let create = self.op(
            ("post", "post"),
            self.id("create", ""),
            format!("create a {kind}"),
            &shared.params.create,
            Some((self.object.clone(), true)),
            vec![
                (200, "OK", self.object.clone()),
                (201, "Created", self.object.clone()),
                (202, "Accepted", self.object.clone()),
            ],
        );
        let mut delete_collection_params = shared.params.delete.clone();
        delete_collection_params.extend(shared.params.collection_list.iter().cloned());
        let delete_collection = self.op(
            ("delete", "deletecollection"),
            format!("delete{}Collection{}{kind}", shared.gv_word, self.ns_word()),
            format!("delete collection of {kind}"),
            &delete_collection_params,
            Some((shared.delete_options.clone(), false)),
            ok(&shared.status),
        );
        (
            format!("{}{}/{}", shared.prefix, self.ns_path(), self.plural),
            self.scope_params(),
            vec![list, create, delete_collection],
        )
    }

    fn item(&self) -> PathOps {
        let mut ops = self.read_replace_patch("", "", &self.object);
        ops.push(self.op(
            ("delete", "delete"),
            self.id("delete", ""),
            format!("delete a {}", self.kind),
            &self.shared.params.delete,
            Some((self.shared.delete_options.clone(), false)),
            vec![
                (200, "OK", self.shared.status.clone()),
                (202, "Accepted", self.shared.status.clone()),
            ],
        ));
        (self.item_path(), self.item_params(), ops)
    }

    /// Read, replace and patch of the object (`suffix` ""), its status or its scale.
    fn read_replace_patch(&self, suffix: &str, of: &str, body: &Arc<Value>) -> Vec<Operation> {
        let (kind, params) = (self.kind, &self.shared.params);
        vec![
            self.op(
                ("get", "get"),
                self.id("read", suffix),
                format!("read {of}the specified {kind}"),
                &params.get,
                None,
                ok(body),
            ),
            self.op(
                ("put", "put"),
                self.id("replace", suffix),
                format!("replace {of}the specified {kind}"),
                &params.update,
                Some((body.clone(), true)),
                ok_created(body),
            ),
            self.op(
                ("patch", "patch"),
                self.id("patch", suffix),
                format!("partially update {of}the specified {kind}"),
                &params.patch,
                Some((self.shared.patch_body.clone(), true)),
                ok_created(body),
            ),
        ]
    }

    fn all_namespaces(&self) -> [PathOps; 2] {
        let Shared {
            prefix, gv_word, ..
        } = self.shared;
        let (kind, plural) = (self.kind, self.plural);
        let list = self.list(
            format!("list{gv_word}{kind}ForAllNamespaces"),
            format!("list or watch objects of kind {kind}"),
            &self.list_body,
        );
        let watch = self.watch(
            "watchlist",
            format!("watch{gv_word}{kind}ListForAllNamespaces"),
            format!("watch individual changes to a list of {kind}. {WATCH_DEPRECATED}."),
        );
        [
            (format!("{prefix}/{plural}"), Vec::new(), vec![list]),
            (format!("{prefix}/watch/{plural}"), Vec::new(), vec![watch]),
        ]
    }

    /// The watch paths kube-apiserver still serves.
    fn watches(&self) -> [PathOps; 2] {
        let (prefix, kind) = (&self.shared.prefix, self.kind);
        let watch_list = self.watch(
            "watchlist",
            self.id("watch", "List"),
            format!("watch individual changes to a list of {kind}. {WATCH_DEPRECATED}."),
        );
        let watch_one = self.watch(
            "watch",
            self.id("watch", ""),
            format!("watch changes to an object of kind {kind}. {WATCH_DEPRECATED}, filtered to a single item with the 'fieldSelector' parameter."),
        );
        let collection = format!("{prefix}/watch{}/{}", self.ns_path(), self.plural);
        [
            (collection.clone(), self.scope_params(), vec![watch_list]),
            (
                format!("{collection}/{{name}}"),
                self.item_params(),
                vec![watch_one],
            ),
        ]
    }
}

fn ok(body: &Arc<Value>) -> Vec<(u16, &'static str, Arc<Value>)> {
    vec![(200, "OK", body.clone())]
}

fn ok_created(body: &Arc<Value>) -> Vec<(u16, &'static str, Arc<Value>)> {
    vec![(200, "OK", body.clone()), (201, "Created", body.clone())]
}

/// Inserts the operations the resource's verbs allow (all when the kind states none), as
/// kube-apiserver installs a route only for what its storage implements.
fn insert_served(
    verbs: Option<&[String]>,
    paths: &mut Paths,
    path: String,
    params: Vec<Arc<Param>>,
    mut ops: Vec<Operation>,
) {
    if let Some(verbs) = verbs {
        ops.retain(|o| {
            let verb = match o.action {
                "post" => "create",
                "put" => "update",
                "watchlist" => "watch",
                other => other,
            };
            verbs.iter().any(|v| v == verb)
        });
    }
    if !ops.is_empty() {
        insert(paths, path, params, ops);
    }
}

fn insert(paths: &mut Paths, path: String, params: Vec<Arc<Param>>, ops: Vec<Operation>) {
    let item = paths.items.entry(path.clone()).or_insert(PathItem {
        path,
        params,
        ops: Vec::new(),
    });
    item.ops.extend(ops);
}
