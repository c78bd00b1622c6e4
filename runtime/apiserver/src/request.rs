//! What a request asks for, read from its path and query the way kube-apiserver's
//! RequestInfoFactory reads them.

use kapi_serving::StatusError;
use std::collections::BTreeMap;

/// Where a path points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    Version,
    Health,
    /// `/api`
    CoreVersions,
    /// `/apis`
    Groups,
    /// `/apis/<group>`
    Group(String),
    /// `/api/v1` or `/apis/<group>/<version>`
    ResourceList {
        group: String,
        version: String,
    },
    OpenApiV2,
    OpenApiV3Index,
    /// `/openapi/v3/<path>`, e.g. `apis/frob.example.com/v1`
    OpenApiV3(String),
    Resource(ResourcePath),
}

/// A request on a resource collection, an object, or an object's subresource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourcePath {
    pub group: String,
    pub version: String,
    pub namespace: Option<String>,
    pub plural: String,
    pub name: Option<String>,
    pub subresource: Option<String>,
    /// The deprecated `/watch/` path prefix.
    pub watch_prefix: bool,
}

pub fn route(path: &str) -> Option<Route> {
    let parts: Vec<&str> = path
        .trim_matches('/')
        .split('/')
        .filter(|s| !s.is_empty())
        .collect();
    match parts.as_slice() {
        ["version"] => Some(Route::Version),
        ["healthz" | "livez" | "readyz", ..] => Some(Route::Health),
        ["api"] => Some(Route::CoreVersions),
        ["apis"] => Some(Route::Groups),
        ["apis", group] => Some(Route::Group(group.to_string())),
        ["api", version] => Some(Route::ResourceList {
            group: String::new(),
            version: version.to_string(),
        }),
        ["apis", group, version] => Some(Route::ResourceList {
            group: group.to_string(),
            version: version.to_string(),
        }),
        ["openapi", "v2"] => Some(Route::OpenApiV2),
        ["openapi", "v3"] => Some(Route::OpenApiV3Index),
        ["openapi", "v3", rest @ ..] => Some(Route::OpenApiV3(rest.join("/"))),
        ["api", version, rest @ ..] => resource(String::new(), version, rest),
        ["apis", group, version, rest @ ..] => resource(group.to_string(), version, rest),
        _ => None,
    }
}

fn resource(group: String, version: &str, rest: &[&str]) -> Option<Route> {
    let (watch_prefix, rest) = match rest {
        ["watch", rest @ ..] => (true, rest),
        _ => (false, rest),
    };
    // `namespaces/<ns>/<resource>...` is namespaced; `namespaces/<name>` is the namespace
    // object itself.
    let (namespace, rest) = match rest {
        ["namespaces", ns, rest @ ..] if !rest.is_empty() => (Some(ns.to_string()), rest),
        _ => (None, rest),
    };
    let (plural, name, subresource) = match rest {
        [plural] => (plural, None, None),
        [plural, name] => (plural, Some(name.to_string()), None),
        [plural, name, sub] => (plural, Some(name.to_string()), Some(sub.to_string())),
        _ => return None,
    };
    Some(Route::Resource(ResourcePath {
        group,
        version: version.to_string(),
        namespace,
        plural: plural.to_string(),
        name,
        subresource,
        watch_prefix,
    }))
}

/// Query parameters; a repeated parameter keeps every value (`dryRun=All&dryRun=All`).
#[derive(Debug, Default, Clone)]
pub struct Query {
    params: BTreeMap<String, Vec<String>>,
}

impl Query {
    pub fn parse(query: Option<&str>) -> Result<Self, StatusError> {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query.unwrap_or(""))
            .map_err(|e| StatusError::bad_request(format!("invalid query: {e}")))?;
        let mut params: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (k, v) in pairs {
            params.entry(k).or_default().push(v);
        }
        Ok(Query { params })
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.params
            .get(name)
            .and_then(|v| v.first())
            .map(String::as_str)
    }

    pub fn all(&self, name: &str) -> &[String] {
        self.params.get(name).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn string(&self, name: &str) -> String {
        self.get(name).unwrap_or("").to_string()
    }

    /// Go's `strconv.ParseBool`, which the query decoder uses.
    pub fn bool(&self, name: &str) -> Result<Option<bool>, StatusError> {
        match self.get(name) {
            None => Ok(None),
            Some("1" | "t" | "T" | "true" | "TRUE" | "True") => Ok(Some(true)),
            Some("0" | "f" | "F" | "false" | "FALSE" | "False") => Ok(Some(false)),
            // An empty value (`?watch`) reads as true, as the Kubernetes query decoder does
            // for booleans.
            Some("") => Ok(Some(true)),
            Some(other) => Err(StatusError::bad_request(format!(
                "invalid value {other:?} for query parameter {name:?}"
            ))),
        }
    }

    pub fn int(&self, name: &str) -> Result<Option<i64>, StatusError> {
        match self.get(name) {
            None | Some("") => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|_| {
                StatusError::bad_request(format!(
                    "invalid value {v:?} for query parameter {name:?}"
                ))
            }),
        }
    }

    /// `dryRun`: only `All` is defined.
    pub fn dry_run(&self) -> Result<bool, StatusError> {
        let values = self.all("dryRun");
        for v in values {
            if v != "All" {
                return Err(StatusError::bad_request(format!(
                    "Invalid dry run value: {v:?}: supported values: \"All\""
                )));
            }
        }
        Ok(!values.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn res(path: &str) -> ResourcePath {
        match route(path) {
            Some(Route::Resource(r)) => r,
            other => panic!("{path}: {other:?}"),
        }
    }

    #[test]
    fn paths_read_like_kube_apiserver() {
        let r = res("/apis/frob.example.com/v1/namespaces/ns/frobbers/a/status");
        assert_eq!(
            (
                r.group.as_str(),
                r.namespace.as_deref(),
                r.plural.as_str(),
                r.name.as_deref(),
                r.subresource.as_deref()
            ),
            (
                "frob.example.com",
                Some("ns"),
                "frobbers",
                Some("a"),
                Some("status")
            )
        );
        let r = res("/api/v1/namespaces/kube-system");
        assert_eq!(
            (r.plural.as_str(), r.name.as_deref(), r.namespace),
            ("namespaces", Some("kube-system"), None)
        );
        let r = res("/apis/frob.example.com/v1/watch/frobberclasses");
        assert!(r.watch_prefix);
        assert_eq!(route("/apis/g"), Some(Route::Group("g".into())));
        assert_eq!(
            route("/openapi/v3/apis/g/v1"),
            Some(Route::OpenApiV3("apis/g/v1".into()))
        );
        assert_eq!(route("/apis/g/v1/a/b/c/d"), None);
    }

    #[test]
    fn query_values() {
        let q = Query::parse(Some("watch=1&labelSelector=a%3Db&dryRun=All&limit=5")).unwrap();
        assert_eq!(q.bool("watch").unwrap(), Some(true));
        assert_eq!(q.get("labelSelector"), Some("a=b"));
        assert!(q.dry_run().unwrap());
        assert_eq!(q.int("limit").unwrap(), Some(5));
        assert!(Query::parse(Some("watch=maybe"))
            .unwrap()
            .bool("watch")
            .is_err());
    }
}
