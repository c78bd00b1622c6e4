//! Aggregated discovery (`apidiscovery.k8s.io` v2 and v2beta1): every group, version and
//! resource of `/api` or `/apis` in one document, when the client's `Accept` prefers it.

use super::state::ServerState;
use serde_json::{json, Value};

const V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
const V2BETA1: &str = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";

/// The aggregated form the client asked for first, or `None` for legacy discovery.
pub fn wanted(accept: Option<&str>) -> Option<&'static str> {
    for range in accept?.split(',') {
        let mut parts = range.split(';').map(str::trim);
        let essence = parts.next().unwrap_or("");
        let params: Vec<(&str, &str)> = parts.filter_map(|p| p.split_once('=')).collect();
        let param = |name: &str| params.iter().find(|(k, _)| *k == name).map(|(_, v)| *v);
        match (essence, param("g"), param("v"), param("as")) {
            (
                "application/json",
                Some("apidiscovery.k8s.io"),
                Some("v2"),
                Some("APIGroupDiscoveryList"),
            ) => return Some(V2),
            (
                "application/json",
                Some("apidiscovery.k8s.io"),
                Some("v2beta1"),
                Some("APIGroupDiscoveryList"),
            ) => return Some(V2BETA1),
            ("application/json" | "*/*" | "application/*", None, _, None) => return None,
            _ => {}
        }
    }
    None
}

/// `/api` (`core`) or `/apis` as an APIGroupDiscoveryList.
pub fn document(state: &ServerState, core: bool, content_type: &str) -> Value {
    let api_version = if content_type == V2 {
        "apidiscovery.k8s.io/v2"
    } else {
        "apidiscovery.k8s.io/v2beta1"
    };
    let items: Vec<Value> = state
        .resources
        .groups(&state.scheme)
        .into_iter()
        .filter(|(g, _)| g.is_empty() == core)
        .map(|(group, versions)| {
            let versions: Vec<Value> = versions
                .iter()
                .map(|v| {
                    let resources: Vec<Value> = state
                        .resources
                        .in_version(&group, v)
                        .map(|r| {
                            let meta = &r.meta;
                            let kind = json!({ "group": group, "version": v, "kind": r.kind() });
                            let subresources: Vec<Value> = super::discovery::subresources(state, r)
                                .into_iter()
                                .map(|s| {
                                    let kind = match s.group_version {
                                        Some((g, v)) => json!({ "group": g, "version": v, "kind": s.kind }),
                                        None => json!({ "group": group, "version": v, "kind": s.kind }),
                                    };
                                    json!({ "subresource": s.name, "responseKind": kind, "verbs": s.verbs })
                                })
                                .collect();
                            let mut doc = json!({
                                "resource": meta.plural,
                                "responseKind": kind,
                                "scope": meta.scope.as_str(),
                                "singularResource": meta.singular,
                                "verbs": r.verbs(),
                            });
                            if !meta.short_names.is_empty() {
                                doc["shortNames"] = json!(meta.short_names);
                            }
                            if !meta.categories.is_empty() {
                                doc["categories"] = json!(meta.categories);
                            }
                            if !subresources.is_empty() {
                                doc["subresources"] = json!(subresources);
                            }
                            doc
                        })
                        .collect();
                    json!({ "version": v, "resources": resources, "freshness": "Current" })
                })
                .collect();
            json!({ "metadata": { "name": group }, "versions": versions })
        })
        .collect();
    json!({
        "kind": "APIGroupDiscoveryList",
        "apiVersion": api_version,
        "metadata": {},
        "items": items,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubectl_accept_prefers_v2() {
        let kubectl = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
        assert_eq!(wanted(Some(kubectl)), Some(V2));
        let old = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
        assert_eq!(wanted(Some(old)), Some(V2BETA1));
        assert_eq!(wanted(Some("application/json")), None);
        assert_eq!(wanted(None), None);
    }
}
