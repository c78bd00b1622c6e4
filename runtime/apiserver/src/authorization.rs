//! May this user do what the request asks? Decided once a server authenticates (a token is
//! configured), in kube-apiserver's order: `system:masters` may do anything (the
//! privileged-group authorizer); the anonymous user only what default RBAC's
//! `system:public-info-viewer` grants it; everyone else what the builder's
//! [`Authorizer`] allows. A refusal is kube-apiserver's 403 `Status`, word for word.

use super::builtin::authorizer::{Attributes, Authorizer, Decision, UserInfo};
use super::request::Query;
use kapi_serving::StatusError;

/// The paths `system:public-info-viewer` lets everyone `get`, anonymous users included
/// (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go). RBAC matches them exactly.
const PUBLIC_INFO: [&str; 5] = ["/livez", "/readyz", "/healthz", "/version", "/version/"];

/// Kubernetes' path prefixes of resource requests, and the one without a group.
const API_PREFIXES: [&str; 2] = ["api", "apis"];
const GROUPLESS_PREFIX: &str = "api";
/// Verbs given by a path prefix (`/api/v1/watch/...`), and those of them that take no
/// subresource.
const SPECIAL_VERBS: [&str; 3] = ["proxy", "watch", "watchlist"];
const SPECIAL_VERBS_NO_SUBRESOURCES: [&str; 2] = ["proxy", "watchlist"];
/// A namespace's own subresources, not a namespaced resource of that name.
const NAMESPACE_SUBRESOURCES: [&str; 2] = ["status", "finalize"];

/// Allowed, or the 403 to answer.
pub(crate) fn authorize(
    authorizer: &dyn Authorizer,
    user: UserInfo,
    method: &http::Method,
    path: &str,
    query: Option<&str>,
) -> Result<(), StatusError> {
    if user
        .groups
        .iter()
        .any(|g| g == super::requester::PRIVILEGED)
    {
        return Ok(());
    }
    let attributes = attributes(user, method, path, query);
    let decision = if attributes.user == UserInfo::anonymous() {
        public_info(&attributes)
    } else {
        authorizer.authorize(&attributes)
    };
    match decision {
        Decision::Allow(_) => Ok(()),
        Decision::Deny(reason) | Decision::NoOpinion(reason) => {
            Err(forbidden(&attributes, &reason))
        }
    }
}

/// The privileged-group authorizer, then `authorizer`: what a request of an authenticated
/// user, and a SubjectAccessReview about one, are answered.
pub(crate) fn decide(authorizer: &dyn Authorizer, attributes: &Attributes) -> Decision {
    let privileged = attributes
        .user
        .groups
        .iter()
        .any(|g| g == super::requester::PRIVILEGED);
    if privileged {
        return Decision::Allow(String::new());
    }
    authorizer.authorize(attributes)
}

fn public_info(attributes: &Attributes) -> Decision {
    let allowed = attributes.verb == "get"
        && attributes
            .path
            .as_deref()
            .is_some_and(|p| PUBLIC_INFO.contains(&p));
    if allowed {
        Decision::Allow(String::new())
    } else {
        Decision::NoOpinion(String::new())
    }
}

/// What a request asks, read from its method, path and query as the RequestInfoFactory
/// reads them (k8s.io/apiserver/pkg/endpoints/request/requestinfo.go): a resource request
/// under `/api/<version>/` or `/apis/<group>/<version>/`, a non-resource one (with its path
/// and the lowercased method as verb) otherwise.
pub(crate) fn attributes(
    user: UserInfo,
    method: &http::Method,
    path: &str,
    query: Option<&str>,
) -> Attributes {
    let non_resource = Attributes {
        user: user.clone(),
        verb: method.as_str().to_ascii_lowercase(),
        path: Some(path.to_string()),
        ..Attributes::default()
    };
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let parts = if parts == [""] { Vec::new() } else { parts };
    if parts.len() < 3 || !API_PREFIXES.contains(&parts[0]) {
        return non_resource;
    }
    let (group, rest) = if parts[0] == GROUPLESS_PREFIX {
        ("", &parts[1..])
    } else if parts.len() < 4 {
        return non_resource;
    } else {
        (parts[1], &parts[2..])
    };
    let version = rest[0];
    let mut rest = &rest[1..];
    let mut verb = match rest.first() {
        Some(v) if SPECIAL_VERBS.contains(v) && rest.len() >= 2 => {
            rest = &rest[1..];
            v.to_string()
        }
        _ => match *method {
            http::Method::POST => "create",
            http::Method::GET | http::Method::HEAD => "get",
            http::Method::PUT => "update",
            http::Method::PATCH => "patch",
            http::Method::DELETE => "delete",
            _ => "",
        }
        .to_string(),
    };
    let mut namespace = String::new();
    if rest.first() == Some(&"namespaces") {
        if let Some(ns) = rest.get(1) {
            namespace = ns.to_string();
            if rest.len() > 2 && !NAMESPACE_SUBRESOURCES.contains(&rest[2]) {
                rest = &rest[2..];
            }
        }
    }
    let resource = rest.first().map(|s| s.to_string()).unwrap_or_default();
    let mut name = rest.get(1).map(|s| s.to_string()).unwrap_or_default();
    let subresource = match rest.get(2) {
        Some(sub) if !SPECIAL_VERBS_NO_SUBRESOURCES.contains(&verb.as_str()) => sub.to_string(),
        _ => String::new(),
    };
    if name.is_empty() && verb == "get" {
        let query = Query::parse(query).unwrap_or_default();
        verb = match query.bool("watch") {
            Ok(Some(true)) => "watch",
            _ => "list",
        }
        .to_string();
        name = exact_name(query.get("fieldSelector").unwrap_or("")).unwrap_or_default();
    }
    if name.is_empty() && verb == "delete" {
        verb = "deletecollection".to_string();
    }
    Attributes {
        user,
        verb,
        namespace,
        group: group.to_string(),
        version: version.to_string(),
        resource,
        subresource,
        name,
        path: None,
    }
}

/// The name a field selector pins with `metadata.name=` (or `==`), when it is a valid
/// path segment.
fn exact_name(selector: &str) -> Option<String> {
    selector.split(',').find_map(|term| {
        let term = term.trim();
        let name = term
            .strip_prefix("metadata.name==")
            .or_else(|| term.strip_prefix("metadata.name="))?;
        let valid = !name.is_empty()
            && name != "."
            && name != ".."
            && !name.contains('/')
            && !name.contains('%');
        valid.then(|| name.to_string())
    })
}

/// responsewriters.ForbiddenStatusError: `<resource> "<name>" is forbidden: User "<user>"
/// cannot <verb> resource ...`, or `forbidden: User ... cannot <verb> path ...`.
fn forbidden(attributes: &Attributes, reason: &str) -> StatusError {
    let user = &attributes.user.username;
    let verb = &attributes.verb;
    let mut message = match &attributes.path {
        Some(path) => format!("User {user:?} cannot {verb} path {path:?}"),
        None => {
            let mut resource = attributes.resource.clone();
            if !attributes.subresource.is_empty() {
                resource = format!("{resource}/{}", attributes.subresource);
            }
            let group = &attributes.group;
            match attributes.namespace.as_str() {
                "" => format!(
                    "User {user:?} cannot {verb} resource {resource:?} in API group {group:?} at the cluster scope"
                ),
                ns => format!(
                    "User {user:?} cannot {verb} resource {resource:?} in API group {group:?} in the namespace {ns:?}"
                ),
            }
        }
    }
    .replace('&', "&amp;")
    .replace('<', "&lt;")
    .replace('>', "&gt;");
    if !reason.is_empty() {
        message = format!("{message}: {reason}");
    }
    let qualified = match (attributes.resource.as_str(), attributes.group.as_str()) {
        ("", _) => String::new(),
        (resource, "") => resource.to_string(),
        (resource, group) => format!("{resource}.{group}"),
    };
    let message = match (qualified.as_str(), attributes.name.as_str()) {
        ("", _) => format!("forbidden: {message}"),
        (qualified, "") => format!("{qualified} is forbidden: {message}"),
        (qualified, name) => format!("{qualified} {name:?} is forbidden: {message}"),
    };
    let mut error = StatusError::new(403, "Forbidden", message);
    error.status.details = Some(kapi_core::meta::StatusDetails {
        name: attributes.name.clone(),
        group: attributes.group.clone(),
        kind: attributes.resource.clone(),
        ..Default::default()
    });
    error
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin::authorizer::AllowAll;

    fn anonymous(method: http::Method, path: &str, query: Option<&str>) -> Result<(), String> {
        authorize(&AllowAll, UserInfo::anonymous(), &method, path, query)
            .map_err(|e| e.status.message.clone())
    }

    // What an anonymous request gets from a kube-apiserver with default RBAC.
    #[test]
    fn the_anonymous_user_gets_the_public_info_paths_only() {
        for path in ["/healthz", "/livez", "/readyz", "/version", "/version/"] {
            assert_eq!(anonymous(http::Method::GET, path, None), Ok(()), "{path}");
        }
        assert_eq!(
            anonymous(http::Method::GET, "/healthz/ping", None),
            Err(r#"forbidden: User "system:anonymous" cannot get path "/healthz/ping""#.into())
        );
        assert_eq!(
            anonymous(http::Method::GET, "/api", None),
            Err(r#"forbidden: User "system:anonymous" cannot get path "/api""#.into())
        );
        assert_eq!(
            anonymous(http::Method::GET, "/apis/apps/v1", None),
            Err(r#"forbidden: User "system:anonymous" cannot get path "/apis/apps/v1""#.into())
        );
        assert_eq!(
            anonymous(http::Method::GET, "/api/v1/namespaces/default/configmaps", None),
            Err(r#"configmaps is forbidden: User "system:anonymous" cannot list resource "configmaps" in API group "" in the namespace "default""#.into())
        );
        assert_eq!(
            anonymous(http::Method::GET, "/apis/apps/v1/deployments", Some("watch=true")),
            Err(r#"deployments.apps is forbidden: User "system:anonymous" cannot watch resource "deployments" in API group "apps" at the cluster scope"#.into())
        );
        assert_eq!(
            anonymous(http::Method::PUT, "/api/v1/namespaces/ns/pods/p/status", None),
            Err(r#"pods "p" is forbidden: User "system:anonymous" cannot update resource "pods/status" in API group "" in the namespace "ns""#.into())
        );
    }

    // requestinfo_test.go's cases.
    #[test]
    fn request_attributes_are_read_as_the_request_info_factory_reads_them() {
        let read = |method: http::Method, path: &str, query: Option<&str>| {
            let a = attributes(UserInfo::default(), &method, path, query);
            (a.verb, a.namespace, a.resource, a.name, a.subresource)
        };
        let t = |v: &str, ns: &str, r: &str, n: &str, s: &str| {
            (v.into(), ns.into(), r.into(), n.into(), s.into())
        };
        assert_eq!(
            read(http::Method::GET, "/api/v1/namespaces", None),
            t("list", "", "namespaces", "", "")
        );
        assert_eq!(
            read(http::Method::GET, "/api/v1/namespaces/other", None),
            t("get", "other", "namespaces", "other", "")
        );
        assert_eq!(
            read(http::Method::PUT, "/api/v1/namespaces/other/finalize", None),
            t("update", "other", "namespaces", "other", "finalize")
        );
        assert_eq!(
            read(
                http::Method::GET,
                "/api/v1/watch/namespaces/other/pods",
                None
            ),
            t("watch", "other", "pods", "", "")
        );
        assert_eq!(
            read(http::Method::DELETE, "/api/v1/namespaces/other/pods", None),
            t("deletecollection", "other", "pods", "", "")
        );
        assert_eq!(
            read(
                http::Method::GET,
                "/api/v1/namespaces/other/pods",
                Some("fieldSelector=metadata.name%3Dfoo")
            ),
            t("list", "other", "pods", "foo", "")
        );
        assert_eq!(exact_name("metadata.name==foo,a=b"), Some("foo".into()));
        assert_eq!(exact_name("metadata.name!=foo"), None);
    }
}
