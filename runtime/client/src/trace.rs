//! `tracing` spans: one per request (`kapi_client.request`) and one per watch
//! (`kapi_client.watch`, open as long as its stream is), named and filled as an operator's
//! logs want them: the Kubernetes verb, resource, namespace and name, the final status
//! code, the retries, the bytes (or events) received. At `DEBUG`, as kube-rs' request span;
//! without a subscriber each costs a check of a cached flag.

use http::Method;
use tracing::field::Empty;
use tracing::Span;

/// The span of one request to `path_and_query`, retries included.
pub(crate) fn request(method: &Method, path_and_query: &str) -> Span {
    let at = Target::of(path_and_query);
    tracing::debug_span!(
        target: "kapi_client",
        "kapi_client.request",
        verb = at.verb(method, false),
        resource = at.resource,
        namespace = at.namespace,
        name = at.name,
        http.method = %method,
        status = Empty,
        retries = Empty,
        bytes = Empty,
    )
}

/// The span of one watch of `path_and_query`, from opening it to its stream's end.
pub(crate) fn watch(path_and_query: &str) -> Span {
    let at = Target::of(path_and_query);
    tracing::debug_span!(
        target: "kapi_client",
        "kapi_client.watch",
        verb = "watch",
        resource = at.resource,
        namespace = at.namespace,
        name = at.name,
        status = Empty,
        retries = Empty,
        events = Empty,
    )
}

/// What a request's path names, as kube-apiserver's request info reads it:
/// `/api/v1/namespaces/{ns}/{resource}/{name}/{subresource}`, `/apis/{group}/{version}/..`.
struct Target<'a> {
    /// `pods`, `frobbers.frob.example.com`, `deployments.apps/scale`.
    resource: String,
    namespace: &'a str,
    name: &'a str,
}

impl<'a> Target<'a> {
    fn of(path_and_query: &'a str) -> Target<'a> {
        let path = path_and_query.split('?').next().unwrap_or("");
        let mut parts = path.trim_start_matches('/').split('/');
        let group = match parts.next() {
            Some("api") => {
                parts.next();
                ""
            }
            Some("apis") => {
                let group = parts.next().unwrap_or("");
                parts.next();
                group
            }
            _ => {
                return Target {
                    resource: String::new(),
                    namespace: "",
                    name: "",
                }
            }
        };
        let rest: Vec<&str> = parts.collect();
        let (namespace, rest) = match rest.as_slice() {
            ["namespaces", ns, tail @ ..] if !tail.is_empty() => (*ns, tail),
            other => ("", other),
        };
        let (resource, name, subresource) = match rest {
            [] => ("", "", ""),
            [resource] => (*resource, "", ""),
            [resource, name] => (*resource, *name, ""),
            [resource, name, sub, ..] => (*resource, *name, *sub),
        };
        let mut full = resource.to_string();
        if !group.is_empty() && !full.is_empty() {
            full = format!("{full}.{group}");
        }
        if !subresource.is_empty() {
            full = format!("{full}/{subresource}");
        }
        Target {
            resource: full,
            namespace,
            name,
        }
    }

    /// The Kubernetes verb of a method on this path.
    fn verb(&self, method: &Method, watch: bool) -> &'static str {
        let named = !self.name.is_empty();
        match *method {
            Method::GET if watch => "watch",
            Method::GET if named => "get",
            Method::GET => "list",
            Method::POST => "create",
            Method::PUT => "update",
            Method::PATCH => "patch",
            Method::DELETE if named => "delete",
            Method::DELETE => "deletecollection",
            _ => "other",
        }
    }
}
