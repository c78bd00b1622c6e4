//! The REST resources a scheme serves: for every served group-version, its object kinds by
//! plural name, with what the server needs to store and present them.

use kapi_core::scheme::{GroupVersionKind, ResourceMeta};
use kapi_core::{Scheme, Scope};
use std::collections::BTreeMap;

/// One kind served at one group-version (`frob.example.com/v1`, `frobbers`).
#[derive(Debug, Clone)]
pub struct Resource {
    pub gvk: GroupVersionKind,
    /// The kind's resource names, verbs, subresources and columns.
    pub meta: ResourceMeta,
    /// The version objects of this kind are stored in.
    pub storage_version: String,
}

impl Resource {
    pub fn group(&self) -> &str {
        &self.gvk.group
    }
    pub fn version(&self) -> &str {
        &self.gvk.version
    }
    pub fn kind(&self) -> &str {
        &self.gvk.kind
    }
    pub fn plural(&self) -> &str {
        &self.meta.plural
    }
    pub fn namespaced(&self) -> bool {
        self.meta.scope == Scope::Namespaced
    }
    pub fn api_version(&self) -> String {
        self.gvk.api_version()
    }
    pub fn storage_api_version(&self) -> String {
        GroupVersionKind::new(&self.gvk.group, &self.storage_version, &self.gvk.kind).api_version()
    }
    pub fn list_kind(&self) -> &str {
        &self.meta.list_kind
    }
    /// The REST verbs served, as discovery lists them.
    pub fn verbs(&self) -> Vec<&str> {
        self.meta.verbs().collect()
    }
    pub fn serves_verb(&self, verb: &str) -> bool {
        self.meta.serves_verb(verb)
    }
    /// The store's key for the resource: one collection per group and plural, whatever
    /// version a request uses.
    pub fn store_key(&self) -> super::store::ResourceKey {
        super::store::ResourceKey {
            group: self.gvk.group.clone(),
            resource: self.meta.plural.to_string(),
        }
    }
}

const CORE_GROUP: &str = "";
const CORE_VERSION: &str = "v1";

/// Every served resource, keyed by (group, version, plural).
#[derive(Debug, Default, Clone)]
pub struct Resources {
    by_path: BTreeMap<(String, String, String), Resource>,
}

impl Resources {
    pub fn from_scheme(scheme: &Scheme) -> Self {
        let mut by_path = BTreeMap::new();
        for gvk in scheme.all_kinds() {
            if !scheme.recognizes(gvk) {
                continue;
            }
            let Some(meta) = scheme.kind_meta(gvk).and_then(|m| m.resource()) else {
                continue;
            };
            // meta.k8s.io's PartialObjectMetadata is a response shape, not a resource; a
            // kind without verbs is only a subresource's body (Scale, TokenRequest).
            if !meta.is_served() || gvk.group == "meta.k8s.io" {
                continue;
            }
            let storage_version = scheme
                .storage_version(&gvk.group, &gvk.kind)
                .unwrap_or(&gvk.version)
                .to_string();
            by_path.insert(
                (
                    gvk.group.clone(),
                    gvk.version.clone(),
                    meta.plural.to_string(),
                ),
                Resource {
                    gvk: gvk.clone(),
                    meta: meta.clone(),
                    storage_version,
                },
            );
        }
        Resources { by_path }
    }

    pub fn get(&self, group: &str, version: &str, plural: &str) -> Option<&Resource> {
        self.by_path
            .get(&(group.to_string(), version.to_string(), plural.to_string()))
    }

    /// Served groups with their versions in Kubernetes priority order (preferred first).
    /// The core group's `v1` is always served, as kube-apiserver always serves it (kube-rs'
    /// discovery fails on a core group without versions).
    pub fn groups(&self, scheme: &Scheme) -> Vec<(String, Vec<String>)> {
        let mut groups: BTreeMap<&str, ()> = BTreeMap::new();
        groups.insert(CORE_GROUP, ());
        for (g, _, _) in self.by_path.keys() {
            groups.insert(g, ());
        }
        groups
            .into_keys()
            .map(|g| {
                let mut versions: Vec<String> = scheme
                    .versions_of(g)
                    .into_iter()
                    .filter(|v| self.in_version(g, v).next().is_some())
                    .map(str::to_string)
                    .collect();
                if g == CORE_GROUP && !versions.iter().any(|v| v == CORE_VERSION) {
                    versions.insert(0, CORE_VERSION.to_string());
                }
                (g.to_string(), versions)
            })
            .collect()
    }

    /// Whether `group`/`version` is served (it may have no resources: the core `v1`).
    pub fn serves(&self, scheme: &Scheme, group: &str, version: &str) -> bool {
        (group == CORE_GROUP && version == CORE_VERSION)
            || scheme.versions_of(group).contains(&version)
                && self.in_version(group, version).next().is_some()
    }

    /// Every served version of one resource (`frob.example.com`, `frobbers`).
    pub fn versions_of<'a>(
        &'a self,
        group: &'a str,
        plural: &'a str,
    ) -> impl Iterator<Item = &'a Resource> + 'a {
        self.by_path
            .iter()
            .filter(move |((g, _, p), _)| g == group && p == plural)
            .map(|(_, r)| r)
    }

    /// The resources of one group-version, by plural.
    pub fn in_version<'a>(
        &'a self,
        group: &'a str,
        version: &'a str,
    ) -> impl Iterator<Item = &'a Resource> + 'a {
        self.by_path
            .iter()
            .filter(move |((g, v, _), _)| g == group && v == version)
            .map(|(_, r)| r)
    }
}

/// One subresource the server serves for a resource.
pub(crate) struct Subresource {
    pub name: &'static str,
    /// The response kind's group and version when not the resource's own.
    pub group_version: Option<(&'static str, &'static str)>,
    pub kind: String,
    pub verbs: &'static [&'static str],
}
