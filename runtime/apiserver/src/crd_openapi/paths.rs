//! The paths of a CRD version's resource, as apiextensions' OpenAPI builder routes them
//! (`generateBuilder` in `builder.go`): list (and list across namespaces), create,
//! deletecollection, read, replace, delete and patch, the status and scale subresources
//! when the version has them; operation ids and tags as kube-apiserver's
//! `GetOperationIDAndTags` makes them.

use super::{Form, DELETE_OPTIONS, PATCH, SCALE, STATUS};
use serde_json::{json, Map, Value};

/// Who a route is for, as the builder knows it.
pub(super) struct Resource<'a> {
    pub group: &'a str,
    pub version: &'a str,
    pub kind: &'a str,
    pub plural: &'a str,
    pub namespaced: bool,
    pub status: bool,
    pub scale: bool,
    /// The definition names of the kind and of its list.
    pub kind_name: &'a str,
    pub list_name: &'a str,
}

/// One operation: its HTTP method, its action (`x-kubernetes-action`), the verb of its
/// operation id, what it answers and what it reads.
struct Route {
    path: String,
    method: &'static str,
    action: &'static str,
    operation: String,
    response: String,
    body: Body,
}

enum Body {
    None,
    Object(String),
    Patch,
    DeleteOptions,
}

/// The query parameters of each action's options (`GetOptions`, `ListOptions`, ...), by
/// name and type.
fn query_parameters(action: &str) -> &'static [(&'static str, &'static str)] {
    match action {
        "get" => &[("resourceVersion", "string")],
        "list" | "deletecollection" => &[
            ("allowWatchBookmarks", "boolean"),
            ("continue", "string"),
            ("fieldSelector", "string"),
            ("labelSelector", "string"),
            ("limit", "integer"),
            ("resourceVersion", "string"),
            ("resourceVersionMatch", "string"),
            ("sendInitialEvents", "boolean"),
            ("timeoutSeconds", "integer"),
            ("watch", "boolean"),
        ],
        "put" | "post" => &[
            ("dryRun", "string"),
            ("fieldManager", "string"),
            ("fieldValidation", "string"),
        ],
        "patch" => &[
            ("dryRun", "string"),
            ("fieldManager", "string"),
            ("fieldValidation", "string"),
            ("force", "boolean"),
        ],
        "delete" => &[
            ("dryRun", "string"),
            ("gracePeriodSeconds", "integer"),
            (
                "ignoreStoreReadErrorWithClusterBreakingPotential",
                "boolean",
            ),
            ("orphanDependents", "boolean"),
            ("propagationPolicy", "string"),
        ],
        _ => &[],
    }
}

fn routes(r: &Resource<'_>) -> Vec<Route> {
    let ns = if r.namespaced { "Namespaced" } else { "" };
    let kind = r.kind;
    let mut root = format!("/apis/{}/{}/{}", r.group, r.version, r.plural);
    let route = |path: &str, method, action, operation: String, response: &str, body| Route {
        path: path.to_string(),
        method,
        action,
        operation,
        response: response.to_string(),
        body,
    };
    let mut out = Vec::new();
    if r.namespaced {
        out.push(route(
            &root,
            "get",
            "list",
            format!("list{kind}ForAllNamespaces"),
            r.list_name,
            Body::None,
        ));
        root = format!(
            "/apis/{}/{}/namespaces/{{namespace}}/{}",
            r.group, r.version, r.plural
        );
    }
    let item = format!("{root}/{{name}}");
    let object = || Body::Object(r.kind_name.to_string());
    out.extend([
        route(
            &root,
            "get",
            "list",
            format!("list{ns}{kind}"),
            r.list_name,
            Body::None,
        ),
        route(
            &root,
            "post",
            "post",
            format!("create{ns}{kind}"),
            r.kind_name,
            object(),
        ),
        route(
            &root,
            "delete",
            "deletecollection",
            format!("deletecollection{ns}{kind}"),
            STATUS,
            Body::None,
        ),
        route(
            &item,
            "get",
            "get",
            format!("read{ns}{kind}"),
            r.kind_name,
            Body::None,
        ),
        route(
            &item,
            "put",
            "put",
            format!("replace{ns}{kind}"),
            r.kind_name,
            object(),
        ),
        route(
            &item,
            "delete",
            "delete",
            format!("delete{ns}{kind}"),
            STATUS,
            Body::DeleteOptions,
        ),
        route(
            &item,
            "patch",
            "patch",
            format!("patch{ns}{kind}"),
            r.kind_name,
            Body::Patch,
        ),
    ]);
    let subresources = [
        (r.status, "status", "Status", r.kind_name),
        (r.scale, "scale", "Scale", SCALE),
    ];
    for (_, sub, title, response) in subresources.into_iter().filter(|s| s.0) {
        let path = format!("{item}/{sub}");
        let body = || Body::Object(response.to_string());
        out.extend([
            route(
                &path,
                "get",
                "get",
                format!("read{ns}{kind}{title}"),
                response,
                Body::None,
            ),
            route(
                &path,
                "put",
                "put",
                format!("replace{ns}{kind}{title}"),
                response,
                body(),
            ),
            route(
                &path,
                "patch",
                "patch",
                format!("patch{ns}{kind}{title}"),
                response,
                Body::Patch,
            ),
        ]);
    }
    out
}

/// The verbs an operation id may start with; the shortest that matches is its prefix
/// (so `deletecollection...` reads as `delete` + `collection...`).
const OPERATION_VERBS: &[&str] = &[
    "get",
    "log",
    "read",
    "replace",
    "patch",
    "delete",
    "deletecollection",
    "watch",
    "connect",
    "proxy",
    "list",
    "create",
];

/// kube-openapi's `ToValidOperationID`: letters and `_` kept, a digit kept past the first
/// character, anything else dropped and the next kept character capitalized.
fn valid_operation_id(s: &str, capitalize_first: bool) -> String {
    let mut out = String::with_capacity(s.len());
    let mut capitalize = capitalize_first;
    for (i, c) in s.chars().enumerate() {
        if c.is_alphabetic() || c == '_' || (i != 0 && c.is_numeric()) {
            if capitalize {
                out.extend(c.to_uppercase());
                capitalize = false;
            } else {
                out.push(c);
            }
        } else {
            capitalize = true;
        }
    }
    out
}

/// The operation id and tag kube-apiserver gives an operation of `group`/`version`:
/// `listStableExampleComV1NamespacedCronTab`, `stableExampleCom_v1`.
fn operation_id_and_tag(operation: &str, group: &str, version: &str) -> (String, String) {
    let prefix = OPERATION_VERBS
        .iter()
        .filter(|v| operation.starts_with(**v))
        .min_by_key(|v| v.len())
        .copied()
        .unwrap_or("");
    let group = group.strip_suffix(".k8s.io").unwrap_or(group);
    let id = format!(
        "{prefix}{}{}{}",
        valid_operation_id(group, !prefix.is_empty()),
        valid_operation_id(version, true),
        valid_operation_id(&operation[prefix.len()..], !prefix.is_empty())
    );
    let tag = format!(
        "{}_{}",
        valid_operation_id(group, false),
        valid_operation_id(version, false)
    );
    (id, tag)
}

/// The paths of `r` in the document's form.
pub(super) fn paths(r: &Resource<'_>, form: Form) -> Map<String, Value> {
    let gvk = json!({"group": r.group, "version": r.version, "kind": r.kind});
    let mut paths = Map::new();
    for route in routes(r) {
        let (id, tag) = operation_id_and_tag(&route.operation, r.group, r.version);
        let mut op = json!({
            "description": description(r.kind, &route),
            "operationId": id,
            "tags": [tag],
            "x-kubernetes-action": route.action,
            "x-kubernetes-group-version-kind": gvk,
        });
        let params: Vec<Value> = query_parameters(route.action)
            .iter()
            .map(|(name, type_)| parameter(name, "query", type_, false, form))
            .collect();
        let mut responses = vec![("200", "OK")];
        match route.action {
            "post" => responses.extend([("201", "Created"), ("202", "Accepted")]),
            "put" => responses.push(("201", "Created")),
            "delete" => responses.push(("202", "Accepted")),
            _ => {}
        }
        match form {
            Form::V3 => v3_operation(&mut op, &route, params, &responses),
            Form::V2 => v2_operation(&mut op, &route, params, &responses),
        }
        let item = paths.entry(route.path.clone()).or_insert_with(|| json!({}));
        item[route.method] = op;
        item["parameters"] = Value::Array(path_parameters(r.kind, &route.path, form));
    }
    paths
}

/// What every operation of a path shares: `name`, `namespace` when the path has them, and
/// `pretty`.
fn path_parameters(kind: &str, path: &str, form: Form) -> Vec<Value> {
    let mut out = Vec::new();
    if path.contains("{name}") {
        let mut p = parameter("name", "path", "string", true, form);
        p["description"] = json!(format!("name of the {kind}"));
        out.push(p);
    }
    if path.contains("{namespace}") {
        let mut p = parameter("namespace", "path", "string", true, form);
        p["description"] = json!("object name and auth scope, such as for teams and projects");
        out.push(p);
    }
    out.push(parameter("pretty", "query", "string", false, form));
    out
}

fn parameter(name: &str, place: &str, type_: &str, required: bool, form: Form) -> Value {
    let mut p = match form {
        Form::V3 => {
            json!({"name": name, "in": place, "schema": {"type": type_, "uniqueItems": true}})
        }
        Form::V2 => json!({"name": name, "in": place, "type": type_, "uniqueItems": true}),
    };
    if required {
        p["required"] = json!(true);
    }
    p
}

const PRODUCES: [&str; 2] = ["application/json", "application/yaml"];
const PATCH_TYPES: [&str; 3] = [
    "application/json-patch+json",
    "application/merge-patch+json",
    "application/apply-patch+yaml",
];

fn v3_operation(op: &mut Value, route: &Route, params: Vec<Value>, responses: &[(&str, &str)]) {
    let reference = |name: &str| Form::V3.reference(name);
    let content = |types: &[&str], name: &str| -> Value {
        types
            .iter()
            .map(|t| (t.to_string(), json!({ "schema": reference(name) })))
            .collect::<Map<_, _>>()
            .into()
    };
    if !params.is_empty() {
        op["parameters"] = Value::Array(params);
    }
    match &route.body {
        Body::None => {}
        Body::Object(name) => {
            op["requestBody"] = json!({"content": content(&["*/*"], name), "required": true});
        }
        Body::Patch => {
            op["requestBody"] = json!({"content": content(&PATCH_TYPES, PATCH), "required": true});
        }
        Body::DeleteOptions => {
            op["requestBody"] =
                json!({"content": content(&["*/*"], DELETE_OPTIONS), "required": false});
        }
    }
    let mut answers: Map<String, Value> = responses
        .iter()
        .map(|(code, text)| {
            let answer =
                json!({"description": text, "content": content(&PRODUCES, &route.response)});
            (code.to_string(), answer)
        })
        .collect();
    answers.insert("401".into(), json!({"description": "Unauthorized"}));
    op["responses"] = Value::Object(answers);
}

fn v2_operation(op: &mut Value, route: &Route, mut params: Vec<Value>, responses: &[(&str, &str)]) {
    let reference = |name: &str| Form::V2.reference(name);
    let body = match &route.body {
        Body::None => None,
        Body::Object(name) => Some((reference(name), true)),
        Body::Patch => Some((reference(PATCH), true)),
        Body::DeleteOptions => Some((reference(DELETE_OPTIONS), false)),
    };
    if let Some((schema, required)) = body {
        params.insert(
            0,
            json!({"name": "body", "in": "body", "required": required, "schema": schema}),
        );
    }
    if !params.is_empty() {
        op["parameters"] = Value::Array(params);
    }
    op["consumes"] = if matches!(route.body, Body::Patch) {
        json!(PATCH_TYPES)
    } else {
        json!(PRODUCES)
    };
    op["produces"] = json!(PRODUCES);
    op["schemes"] = json!(["https"]);
    let mut answers: Map<String, Value> = responses
        .iter()
        .map(|(code, text)| {
            let answer = json!({"description": text, "schema": reference(&route.response)});
            (code.to_string(), answer)
        })
        .collect();
    answers.insert("401".into(), json!({"description": "Unauthorized"}));
    op["responses"] = Value::Object(answers);
}

/// The builder's `descriptionFor`: `list objects of kind Frobber`, `read the specified
/// Frobber`, `partially update status of the specified Frobber`, `create a Frobber`.
fn description(kind: &str, route: &Route) -> String {
    let sub = ["status", "scale"]
        .into_iter()
        .find(|s| route.path.ends_with(&format!("/{s}")))
        .map(|s| format!(" {s} of"))
        .unwrap_or_default();
    // kube's `GetArticleForNoun`: none for a plural-looking kind.
    let article = if kind.ends_with('s') && !kind.ends_with("ss") {
        " "
    } else if kind.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) {
        " an "
    } else {
        " a "
    };
    match route.action {
        "list" => format!("list objects of kind {kind}"),
        "get" => format!("read{sub} the specified {kind}"),
        "put" => format!("replace{sub} the specified {kind}"),
        "patch" => format!("partially update{sub} the specified {kind}"),
        "post" => format!("create{article}{kind}"),
        "delete" => format!("delete{article}{kind}"),
        "deletecollection" => format!("delete collection of {kind}"),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // kube-openapi's util tests and the operation ids kube-apiserver publishes for the
    // CronTab of the CRD walkthrough.
    #[test]
    fn operation_ids_as_kube_apiserver_makes_them() {
        assert_eq!(
            operation_id_and_tag("listNamespacedCronTab", "stable.example.com", "v1"),
            (
                "listStableExampleComV1NamespacedCronTab".to_string(),
                "stableExampleCom_v1".to_string()
            )
        );
        assert_eq!(
            operation_id_and_tag(
                "deletecollectionNamespacedCronTab",
                "stable.example.com",
                "v1"
            )
            .0,
            "deleteStableExampleComV1CollectionNamespacedCronTab"
        );
        assert_eq!(
            operation_id_and_tag(
                "listCronTabForAllNamespaces",
                "stable.example.com",
                "v1beta1"
            )
            .0,
            "listStableExampleComV1beta1CronTabForAllNamespaces"
        );
        assert_eq!(
            operation_id_and_tag("readGizmoStatus", "toys.k8s.io", "v1").0,
            "readToysV1GizmoStatus"
        );
    }
}
