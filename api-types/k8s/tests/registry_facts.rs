//! Every resource the embedded server serves for kapi-k8s, as its discovery answers it
//! (`/api/v1`, `/apis/<group>/<version>`), against kube-apiserver's registry facts recorded
//! from Kubernetes' discovery documents in `xtask/templates/k8s_resources.toml`: names,
//! scope, kind, verbs, short names, categories and subresources, in both directions.

use kapi::client::{Client, Config, Method};
use kapi_apiserver::ApiServer;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

const EVERY_VERB: &[&str] = &[
    "create",
    "delete",
    "deletecollection",
    "get",
    "list",
    "patch",
    "update",
    "watch",
];

/// The subresources kube-apiserver serves that the embedded server does not: streams and
/// proxies to a kubelet or a Service, the namespace finalizer and CSR approval. Anything
/// else kube-apiserver serves, the embedded server must serve too.
const NOT_SERVED: &[&str] = &[
    "certificatesigningrequests/approval",
    "namespaces/finalize",
    "nodes/proxy",
    "pods/attach",
    "pods/checkpoint",
    "pods/ephemeralcontainers",
    "pods/exec",
    "pods/log",
    "pods/portforward",
    "pods/proxy",
    "services/proxy",
];

/// One resource as discovery lists it, in a form both sides share.
#[derive(Debug, PartialEq)]
struct Entry {
    name: String,
    singular: String,
    namespaced: bool,
    kind: String,
    verbs: BTreeSet<String>,
    short_names: Vec<String>,
    categories: Vec<String>,
}

/// A subresource: its response kind (`group/version/Kind` when not the resource's own) and
/// verbs.
#[derive(Debug, PartialEq)]
struct Sub {
    kind: String,
    verbs: BTreeSet<String>,
}

struct Facts {
    resources: BTreeMap<String, (Entry, BTreeMap<String, Sub>)>,
    carried_over: BTreeMap<String, String>,
}

fn strings(v: Option<&toml::Value>) -> Vec<String> {
    v.and_then(toml::Value::as_array)
        .map(|a| {
            a.iter()
                .map(|s| s.as_str().expect("a string").to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn facts() -> Facts {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../xtask/templates/k8s_resources.toml"
    );
    let text = std::fs::read_to_string(path).expect("the facts file");
    let table: toml::Table = text.parse().expect("TOML");
    let mut resources = BTreeMap::new();
    for (id, v) in table["resources"].as_table().expect("[resources]") {
        let kind = id.rsplit('/').next().expect("<group>/<Kind>").to_string();
        let verbs = match v.get("verbs") {
            Some(_) => strings(v.get("verbs")).into_iter().collect(),
            None => EVERY_VERB.iter().map(|s| s.to_string()).collect(),
        };
        let entry = Entry {
            name: v["name"].as_str().expect("name").to_string(),
            singular: v["singular"].as_str().expect("singular").to_string(),
            namespaced: v["namespaced"].as_bool().expect("namespaced"),
            kind,
            verbs,
            short_names: strings(v.get("short-names")),
            categories: strings(v.get("categories")),
        };
        let mut subs = BTreeMap::new();
        for (name, s) in v
            .get("subresources")
            .and_then(toml::Value::as_table)
            .into_iter()
            .flatten()
        {
            let (kind, verbs) = s
                .as_str()
                .and_then(|s| s.split_once(' '))
                .expect("`<kind> <verbs>`");
            subs.insert(
                name.clone(),
                Sub {
                    kind: kind.to_string(),
                    verbs: verbs.split(',').map(str::to_string).collect(),
                },
            );
        }
        resources.insert(id.clone(), (entry, subs));
    }
    let carried_over = table
        .get("carried-over")
        .and_then(toml::Value::as_table)
        .into_iter()
        .flatten()
        .map(|(k, v)| (k.clone(), v.as_str().expect("a key").to_string()))
        .collect();
    Facts {
        resources,
        carried_over,
    }
}

fn k8s_scheme() -> kapi::Scheme {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    scheme
}

async fn get(client: &Client, path: &str) -> Value {
    let reply = client
        .request_raw(Method::GET, path, None, "application/json")
        .await
        .unwrap_or_else(|e| panic!("GET {path}: {e}"));
    serde_json::from_slice(&reply.body).expect("JSON")
}

fn served_entry(r: &Value) -> Entry {
    let list = |k: &str| -> Vec<String> {
        r[k].as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    Entry {
        name: r["name"].as_str().unwrap_or_default().to_string(),
        singular: r["singularName"].as_str().unwrap_or_default().to_string(),
        namespaced: r["namespaced"].as_bool().unwrap_or_default(),
        kind: r["kind"].as_str().unwrap_or_default().to_string(),
        verbs: list("verbs").into_iter().collect(),
        short_names: list("shortNames"),
        categories: list("categories"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_served_resource_is_as_kube_apiserver_serves_it() {
    let facts = facts();
    let scheme = Arc::new(k8s_scheme());
    let server = ApiServer::builder(k8s_scheme())
        .start()
        .await
        .expect("server");
    let client = Client::new(
        Config::new(server.url().parse().expect("url")),
        scheme.clone(),
    )
    .expect("client");

    let mut group_versions = vec![(String::new(), "v1".to_string())];
    for g in get(&client, "/apis").await["groups"]
        .as_array()
        .expect("groups")
    {
        for v in g["versions"].as_array().expect("versions") {
            let name = g["name"].as_str().expect("name").to_string();
            group_versions.push((name, v["version"].as_str().expect("version").to_string()));
        }
    }

    let mut differences = Vec::new();
    let mut not_served = BTreeSet::new();
    let mut compared = 0;
    for (group, version) in &group_versions {
        let (path, at) = if group.is_empty() {
            ("/api/v1".to_string(), "v1".to_string())
        } else {
            (
                format!("/apis/{group}/{version}"),
                format!("{group}/{version}"),
            )
        };
        let list = get(&client, &path).await;
        let entries = list["resources"].as_array().expect("resources");
        let key_group = if group.is_empty() { "core" } else { group };
        let facts_of = |kind: &str| {
            let id = format!("{key_group}/{kind}");
            let id = facts.carried_over.get(&id).cloned().unwrap_or(id);
            facts.resources.get(&id)
        };
        let mut served: BTreeMap<String, &Value> = BTreeMap::new();
        for r in entries {
            served.insert(r["name"].as_str().expect("name").to_string(), r);
        }
        // Served -> facts: every resource and subresource listed is kube-apiserver's.
        for (name, r) in &served {
            if name.contains('/') {
                continue;
            }
            let entry = served_entry(r);
            let Some((fact, subs)) = facts_of(&entry.kind) else {
                differences.push(format!(
                    "{at} {name}: served, but kube-apiserver serves no resource of kind {}",
                    entry.kind
                ));
                continue;
            };
            compared += 1;
            if &entry != fact {
                differences.push(format!(
                    "{at} {name}:\n  served {entry:?}\n  facts  {fact:?}"
                ));
            }
            for (sub_name, r) in served.iter().filter(|(n, _)| {
                n.strip_prefix(name.as_str())
                    .is_some_and(|s| s.starts_with('/'))
            }) {
                let sub = &sub_name[name.len() + 1..];
                let kind = match (r["group"].as_str(), r["version"].as_str()) {
                    (Some(g), Some(v)) => format!("{g}/{v}/{}", r["kind"].as_str().unwrap_or("")),
                    _ => r["kind"].as_str().unwrap_or("").to_string(),
                };
                let got = Sub {
                    kind,
                    verbs: served_entry(r).verbs,
                };
                match subs.get(sub) {
                    Some(want) if *want == got => {}
                    Some(want) => {
                        differences.push(format!("{at} {sub_name}: served {got:?}, facts {want:?}"))
                    }
                    None => differences.push(format!(
                        "{at} {sub_name}: served, but kube-apiserver has no such subresource"
                    )),
                }
            }
            for sub in subs.keys() {
                let full = format!("{name}/{sub}");
                if !served.contains_key(&full) {
                    not_served.insert(full);
                }
            }
        }
        // Facts -> served: every kind of this version kube-apiserver serves is served here.
        for gvk in scheme.all_kinds() {
            if gvk.group != *group || gvk.version != *version {
                continue;
            }
            let Some(meta) = scheme.kind_meta(gvk) else {
                continue;
            };
            if meta.category() != kapi::scheme::KindCategory::Object {
                continue;
            }
            if let Some((fact, _)) = facts_of(&gvk.kind) {
                if !served.contains_key(&fact.name) {
                    differences.push(format!(
                        "{at} {}: kube-apiserver serves it, the embedded server does not",
                        fact.name
                    ));
                }
            }
        }
    }
    let expected: BTreeSet<String> = NOT_SERVED.iter().map(|s| s.to_string()).collect();
    if not_served != expected {
        differences.push(format!(
            "subresources kube-apiserver serves and the embedded server does not: {not_served:?}, expected {expected:?}"
        ));
    }
    assert!(
        differences.is_empty(),
        "{} differences from kube-apiserver's registry facts:\n{}",
        differences.len(),
        differences.join("\n")
    );
    // Every group-version kapi-k8s imports with a served kind, checked.
    assert!(group_versions.len() > 50, "{group_versions:?}");
    assert!(compared > 150, "{compared} resources compared");
}

/// Aggregated discovery (`apidiscovery.k8s.io/v2`, what kubectl 1.30 and later read) says
/// the same as the per-version documents.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn aggregated_discovery_agrees_with_the_facts() {
    let facts = facts();
    let scheme = Arc::new(k8s_scheme());
    let server = ApiServer::builder(k8s_scheme())
        .start()
        .await
        .expect("server");
    let client = Client::new(
        Config::new(server.url().parse().expect("url")),
        scheme.clone(),
    )
    .expect("client");
    let accept = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    let mut differences = Vec::new();
    let mut compared = 0;
    for path in ["/api", "/apis"] {
        let reply = client
            .request_raw(Method::GET, path, None, accept)
            .await
            .unwrap_or_else(|e| panic!("GET {path}: {e}"));
        let doc: Value = serde_json::from_slice(&reply.body).expect("JSON");
        assert_eq!(doc["kind"], "APIGroupDiscoveryList", "{path}");
        for group in doc["items"].as_array().expect("items") {
            let name = group["metadata"]["name"].as_str().unwrap_or_default();
            let key_group = if name.is_empty() { "core" } else { name };
            for version in group["versions"].as_array().expect("versions") {
                let v = version["version"].as_str().unwrap_or_default();
                for r in version["resources"].as_array().expect("resources") {
                    let kind = r["responseKind"]["kind"].as_str().unwrap_or_default();
                    let id = format!("{key_group}/{kind}");
                    let id = facts.carried_over.get(&id).cloned().unwrap_or(id);
                    let Some((fact, subs)) = facts.resources.get(&id) else {
                        differences.push(format!("{name}/{v} {kind}: no facts"));
                        continue;
                    };
                    compared += 1;
                    let list = |v: &Value| -> Vec<String> {
                        v.as_array()
                            .map(|a| {
                                a.iter()
                                    .filter_map(|s| s.as_str().map(str::to_string))
                                    .collect()
                            })
                            .unwrap_or_default()
                    };
                    let served = Entry {
                        name: r["resource"].as_str().unwrap_or_default().to_string(),
                        singular: r["singularResource"]
                            .as_str()
                            .unwrap_or_default()
                            .to_string(),
                        namespaced: r["scope"] == "Namespaced",
                        kind: kind.to_string(),
                        verbs: list(&r["verbs"]).into_iter().collect(),
                        short_names: list(&r["shortNames"]),
                        categories: list(&r["categories"]),
                    };
                    if &served != fact {
                        differences.push(format!(
                            "{name}/{v}:\n  served {served:?}\n  facts  {fact:?}"
                        ));
                    }
                    for s in r["subresources"].as_array().into_iter().flatten() {
                        let sub = s["subresource"].as_str().unwrap_or_default();
                        let rk = &s["responseKind"];
                        let (g, sv, k) = (
                            rk["group"].as_str().unwrap_or_default(),
                            rk["version"].as_str().unwrap_or_default(),
                            rk["kind"].as_str().unwrap_or_default(),
                        );
                        // The facts name another group-version only where it differs.
                        let own = (g == name || (g.is_empty() && name.is_empty())) && sv == v;
                        let got = Sub {
                            kind: if own {
                                k.to_string()
                            } else {
                                format!("{g}/{sv}/{k}")
                            },
                            verbs: list(&s["verbs"]).into_iter().collect(),
                        };
                        if subs.get(sub) != Some(&got) {
                            differences.push(format!(
                                "{name}/{v} {}/{sub}: served {got:?}, facts {:?}",
                                fact.name,
                                subs.get(sub)
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        differences.is_empty(),
        "{} differences:\n{}",
        differences.len(),
        differences.join("\n")
    );
    assert!(compared > 150, "{compared} resources compared");
}
