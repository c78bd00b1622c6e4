//! Discovery documents (`/api`, `/apis`, `/apis/<group>`, `/apis/<group>/<version>`,
//! `/version`), built from the scheme's kind metadata as kube-apiserver builds them.

use super::resources::{Resource, Subresource};
use super::state::ServerState;
use serde_json::{json, Value};

pub fn version() -> Value {
    json!({
        "major": "1",
        "minor": "32",
        "gitVersion": concat!("v1.32.0+kapi-", env!("CARGO_PKG_VERSION")),
        "gitCommit": "",
        "gitTreeState": "clean",
        "buildDate": "1970-01-01T00:00:00Z",
        "goVersion": "rust",
        "compiler": "rustc",
        "platform": format!("{}/{}", std::env::consts::OS, std::env::consts::ARCH),
    })
}

/// `/api`: the core group's versions (`v1` at least, as kube-apiserver; the
/// serverAddressByClientCIDRs entry answers with the address the client used).
pub fn core_versions(state: &ServerState, server_address: &str) -> Value {
    let versions: Vec<String> = state
        .resources
        .groups(&state.scheme)
        .into_iter()
        .find(|(g, _)| g.is_empty())
        .map(|(_, v)| v)
        .unwrap_or_default();
    json!({
        "kind": "APIVersions",
        "versions": versions,
        "serverAddressByClientCIDRs": [
            { "clientCIDR": "0.0.0.0/0", "serverAddress": server_address }
        ],
    })
}

fn group_document(group: &str, versions: &[String]) -> Value {
    let listed: Vec<Value> = versions
        .iter()
        .map(|v| json!({ "groupVersion": format!("{group}/{v}"), "version": v }))
        .collect();
    let mut doc = json!({ "name": group, "versions": listed });
    if let Some(first) = listed.first() {
        doc["preferredVersion"] = first.clone();
    }
    doc
}

/// `/apis`: every named group, its versions in priority order.
pub fn groups(state: &ServerState) -> Value {
    let groups: Vec<Value> = state
        .resources
        .groups(&state.scheme)
        .iter()
        .filter(|(g, _)| !g.is_empty())
        .map(|(g, v)| group_document(g, v))
        .collect();
    json!({ "kind": "APIGroupList", "apiVersion": "v1", "groups": groups })
}

/// `/apis/<group>`.
pub fn group(state: &ServerState, name: &str) -> Option<Value> {
    let groups = state.resources.groups(&state.scheme);
    let (g, versions) = groups.iter().find(|(g, _)| g == name && !g.is_empty())?;
    let mut doc = group_document(g, versions);
    doc["kind"] = json!("APIGroup");
    doc["apiVersion"] = json!("v1");
    Some(doc)
}

/// `/api/v1` or `/apis/<group>/<version>`: the resources, their subresources and verbs
/// (an empty list for the core `v1` until the scheme has core kinds).
pub fn resource_list(state: &ServerState, group: &str, version: &str) -> Option<Value> {
    if !state.resources.serves(&state.scheme, group, version) {
        return None;
    }
    let mut entries: Vec<Value> = Vec::new();
    for r in state.resources.in_version(group, version) {
        entries.extend(resource_entries(state, r));
    }
    entries.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    let group_version = if group.is_empty() {
        version.to_string()
    } else {
        format!("{group}/{version}")
    };
    Some(json!({
        "kind": "APIResourceList",
        "apiVersion": "v1",
        "groupVersion": group_version,
        "resources": entries,
    }))
}

pub(super) const SUBRESOURCE_VERBS: &[&str] = &["get", "patch", "update"];

fn resource_entries(state: &ServerState, r: &Resource) -> Vec<Value> {
    let meta = &r.meta;
    let namespaced = r.namespaced();
    let mut main = json!({
        "name": meta.plural,
        "singularName": meta.singular,
        "namespaced": namespaced,
        "kind": r.kind(),
        "verbs": r.verbs(),
    });
    // kube-apiserver gives a storage version hash to stored resources only, not to the
    // reviews nor to `bindings`.
    if r.serves_verb("watch") {
        main["storageVersionHash"] = json!(storage_version_hash(r));
    }
    if !meta.short_names.is_empty() {
        main["shortNames"] = json!(meta.short_names);
    }
    if !meta.categories.is_empty() {
        main["categories"] = json!(meta.categories);
    }
    let mut entries = vec![main];
    for sub in subresources(state, r) {
        let mut entry = json!({
            "name": format!("{}/{}", meta.plural, sub.name),
            "singularName": "",
            "namespaced": namespaced,
            "kind": sub.kind,
            "verbs": sub.verbs,
        });
        if let Some((group, version)) = sub.group_version {
            entry["group"] = json!(group);
            entry["version"] = json!(version);
        }
        entries.push(entry);
    }
    entries
}

/// The subresources served for `r`, by name.
pub(crate) fn subresources(state: &ServerState, r: &Resource) -> Vec<Subresource> {
    let meta = &r.meta;
    let mut out = Vec::new();
    if meta.subresource_status {
        out.push(Subresource {
            name: "status",
            group_version: None,
            kind: r.kind().to_string(),
            verbs: SUBRESOURCE_VERBS,
        });
    }
    if meta.scale.is_some() {
        out.push(Subresource {
            name: "scale",
            group_version: Some(("autoscaling", "v1")),
            kind: "Scale".to_string(),
            verbs: SUBRESOURCE_VERBS,
        });
    }
    out.extend(super::builtin::subresources(&state.scheme, r));
    out.sort_by_key(|s| s.name);
    out
}

/// An opaque hash of the storage group-version-kind that changes when the storage
/// version does (kube-apiserver: base64 of 8 bytes of a SHA-256).
fn storage_version_hash(r: &Resource) -> String {
    use base64::Engine as _;
    let key = format!("{}/{}/{}", r.group(), r.storage_version, r.kind());
    let hash = super::openapi::fnv1a(key.as_bytes(), super::openapi::FNV_OFFSET);
    base64::engine::general_purpose::STANDARD.encode(hash.to_be_bytes())
}
