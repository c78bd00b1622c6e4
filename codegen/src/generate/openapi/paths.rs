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

use crate::generate::schema::Builder;
use crate::model::resolve::{Index, Origin, Special};
use crate::diagnostics::Diagnostic;
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
    let list_params = option_params(meta.list.1, &[]);
    let collection_list_params = option_params(meta.list.1, &["watch", "allowWatchBookmarks"]);
    let get_params = option_params(meta.get.1, &[]);
    let create_params = option_params(meta.create.1, &[]);
    let update_params = option_params(meta.update.1, &[]);
    let patch_params = option_params(meta.patch.1, &[]);
    let delete_params = option_params(meta.delete.1, &[]);
    let origin = Origin {
        model: index.api,
        gv: Some(gv),
    };
    let status = Arc::new(builder.reference(meta.status.0, meta.status.1));
    let delete_options = Arc::new(builder.reference(meta.delete.0, meta.delete.1));
    let watch_event = Arc::new(builder.reference(meta.watch_event.0, meta.watch_event.1));
    let scale = Arc::new(builder.reference(meta.scale.0, meta.scale.1));
    let patch_body = Arc::new(builder.reference_special(Special::Patch));
    let scale_gvk = Arc::new(match meta.scale.0.gv {
        Some(sgv) => (
            sgv.group.clone(),
            sgv.version.clone(),
            meta.scale.1.name.clone(),
        ),
        None => (String::new(), String::new(), meta.scale.1.name.clone()),
    });
    let tag: Arc<str> = format!("{}_{}", lower_first(&gv.go_name), gv.version).into();
    let namespace_param = Arc::new(Param {
        name: "namespace".into(),
        location: "path",
        description: "object name and auth scope, such as for teams and projects".into(),
        ty: "string",
        required: true,
        key: None,
    });
    let prefix = if gv.group.is_empty() {
        format!("/api/{}", gv.version)
    } else {
        format!("/apis/{}/{}", gv.group, gv.version)
    };
    let gv_word = format!("{}{}", gv.go_name, upper_first(&gv.version));

    for t in gv.kinds() {
        let Some(k) = &t.kind else { continue };
        // A kind served as no resource of its own (`verbs = []`, a subresource's body) has
        // no paths.
        if k.category != KindCategory::Object || k.verbs.as_ref().is_some_and(Vec::is_empty) {
            continue;
        }
        let verbs = k.verbs.as_deref();
        let object = Arc::new(builder.reference(origin, t));
        let list_body = Arc::new(builder.reference_list(origin, t, &k.list_kind));
        let deprecated = t.lifecycle.as_ref().is_some_and(|l| l.deprecated.is_some());
        let gvk = Arc::new((gv.group.clone(), gv.version.clone(), t.name.clone()));
        let kind = &t.name;
        let namespaced = k.scope == Scope::Namespaced;
        let ns_word = if namespaced { "Namespaced" } else { "" };
        let ns_path = if namespaced {
            "/namespaces/{namespace}"
        } else {
            ""
        };
        let name_param = |what: &str| {
            Arc::new(Param {
                name: "name".into(),
                location: "path",
                description: format!("name of the {what}"),
                ty: "string",
                required: true,
                key: None,
            })
        };
        let scope_params = || -> Vec<Arc<Param>> {
            if namespaced {
                vec![namespace_param.clone()]
            } else {
                Vec::new()
            }
        };
        let op = |method: &'static str,
                  id: String,
                  description: String,
                  action: &'static str,
                  params: &[Arc<Param>],
                  body: Option<(Arc<Value>, bool)>,
                  responses: Vec<(u16, &'static str, Arc<Value>)>| Operation {
            method,
            id,
            description,
            action,
            gvk: gvk.clone(),
            params: params.to_vec(),
            patch: false,
            body,
            responses,
            streams: false,
            deprecated,
            tag: tag.clone(),
        };
        let ok = |b: &Arc<Value>| vec![(200, "OK", b.clone())];
        let ok_created =
            |b: &Arc<Value>| vec![(200, "OK", b.clone()), (201, "Created", b.clone())];

        // The collection.
        let mut list_op = op(
            "get",
            format!("list{gv_word}{ns_word}{kind}"),
            format!("list or watch objects of kind {kind}"),
            "list",
            &list_params,
            None,
            ok(&list_body),
        );
        list_op.streams = true;
        let create = op(
            "post",
            format!("create{gv_word}{ns_word}{kind}"),
            format!("create a {kind}"),
            "post",
            &create_params,
            Some((object.clone(), true)),
            vec![
                (200, "OK", object.clone()),
                (201, "Created", object.clone()),
                (202, "Accepted", object.clone()),
            ],
        );
        let mut delete_collection_params = delete_params.clone();
        delete_collection_params.extend(collection_list_params.iter().cloned());
        let delete_collection = op(
            "delete",
            format!("delete{gv_word}Collection{ns_word}{kind}"),
            format!("delete collection of {kind}"),
            "deletecollection",
            &delete_collection_params,
            Some((delete_options.clone(), false)),
            ok(&status),
        );
        insert_served(verbs, paths,
            format!("{prefix}{ns_path}/{}", k.plural),
            scope_params(),
            vec![list_op, create, delete_collection],
        );

        // One object.
        let read = op(
            "get",
            format!("read{gv_word}{ns_word}{kind}"),
            format!("read the specified {kind}"),
            "get",
            &get_params,
            None,
            ok(&object),
        );
        let replace = op(
            "put",
            format!("replace{gv_word}{ns_word}{kind}"),
            format!("replace the specified {kind}"),
            "put",
            &update_params,
            Some((object.clone(), true)),
            ok_created(&object),
        );
        let mut patch = op(
            "patch",
            format!("patch{gv_word}{ns_word}{kind}"),
            format!("partially update the specified {kind}"),
            "patch",
            &patch_params,
            Some((patch_body.clone(), true)),
            ok_created(&object),
        );
        patch.patch = true;
        let delete = op(
            "delete",
            format!("delete{gv_word}{ns_word}{kind}"),
            format!("delete a {kind}"),
            "delete",
            &delete_params,
            Some((delete_options.clone(), false)),
            vec![
                (200, "OK", status.clone()),
                (202, "Accepted", status.clone()),
            ],
        );
        let item = format!("{prefix}{ns_path}/{}/{{name}}", k.plural);
        let mut item_params = vec![name_param(kind)];
        item_params.extend(scope_params());
        insert_served(verbs, paths,
            item.clone(),
            item_params.clone(),
            vec![read, replace, patch, delete],
        );

        // Across namespaces.
        if namespaced {
            let mut all = op(
                "get",
                format!("list{gv_word}{kind}ForAllNamespaces"),
                format!("list or watch objects of kind {kind}"),
                "list",
                &list_params,
                None,
                ok(&list_body),
            );
            all.streams = true;
            insert_served(verbs, paths,
                format!("{prefix}/{}", k.plural),
                Vec::new(),
                vec![all],
            );
            let mut watch_all = op(
                "get",
                format!("watch{gv_word}{kind}ListForAllNamespaces"),
                format!("watch individual changes to a list of {kind}. deprecated: use the 'watch' parameter with a list operation instead."),
                "watchlist",
                &list_params,
                None,
                ok(&watch_event),
            );
            watch_all.streams = true;
            watch_all.deprecated = true;
            insert_served(verbs, paths,
                format!("{prefix}/watch/{}", k.plural),
                Vec::new(),
                vec![watch_all],
            );
        }

        // The watch paths kube-apiserver still serves.
        let mut watch_list = op(
            "get",
            format!("watch{gv_word}{ns_word}{kind}List"),
            format!("watch individual changes to a list of {kind}. deprecated: use the 'watch' parameter with a list operation instead."),
            "watchlist",
            &list_params,
            None,
            ok(&watch_event),
        );
        watch_list.streams = true;
        watch_list.deprecated = true;
        insert_served(verbs, paths,
            format!("{prefix}/watch{ns_path}/{}", k.plural),
            scope_params(),
            vec![watch_list],
        );
        let mut watch_one = op(
            "get",
            format!("watch{gv_word}{ns_word}{kind}"),
            format!("watch changes to an object of kind {kind}. deprecated: use the 'watch' parameter with a list operation instead, filtered to a single item with the 'fieldSelector' parameter."),
            "watch",
            &list_params,
            None,
            ok(&watch_event),
        );
        watch_one.streams = true;
        watch_one.deprecated = true;
        insert_served(verbs, paths,
            format!("{prefix}/watch{ns_path}/{}/{{name}}", k.plural),
            item_params.clone(),
            vec![watch_one],
        );

        // Subresources.
        if k.subresource_status {
            let read = op(
                "get",
                format!("read{gv_word}{ns_word}{kind}Status"),
                format!("read status of the specified {kind}"),
                "get",
                &get_params,
                None,
                ok(&object),
            );
            let replace = op(
                "put",
                format!("replace{gv_word}{ns_word}{kind}Status"),
                format!("replace status of the specified {kind}"),
                "put",
                &update_params,
                Some((object.clone(), true)),
                ok_created(&object),
            );
            let mut patch = op(
                "patch",
                format!("patch{gv_word}{ns_word}{kind}Status"),
                format!("partially update status of the specified {kind}"),
                "patch",
                &patch_params,
                Some((patch_body.clone(), true)),
                ok_created(&object),
            );
            patch.patch = true;
            insert_served(verbs, paths,
                format!("{item}/status"),
                item_params.clone(),
                vec![read, replace, patch],
            );
        }
        if k.subresource_scale.is_some() {
            let mut ops = vec![
                op(
                    "get",
                    format!("read{gv_word}{ns_word}{kind}Scale"),
                    format!("read scale of the specified {kind}"),
                    "get",
                    &get_params,
                    None,
                    ok(&scale),
                ),
                op(
                    "put",
                    format!("replace{gv_word}{ns_word}{kind}Scale"),
                    format!("replace scale of the specified {kind}"),
                    "put",
                    &update_params,
                    Some((scale.clone(), true)),
                    ok_created(&scale),
                ),
                op(
                    "patch",
                    format!("patch{gv_word}{ns_word}{kind}Scale"),
                    format!("partially update scale of the specified {kind}"),
                    "patch",
                    &patch_params,
                    Some((patch_body.clone(), true)),
                    ok_created(&scale),
                ),
            ];
            for o in &mut ops {
                o.gvk = scale_gvk.clone();
                o.patch = o.method == "patch";
            }
            insert_served(verbs, paths, format!("{item}/scale"), item_params.clone(), ops);
        }
    }
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
