//! What kube-apiserver's registry does for Kubernetes' own kinds beyond storing them, done
//! when the scheme holds those kinds (a scheme with `kapi_k8s::install`): the review kinds,
//! answered and never stored; and the subresources that are not a view of the object
//! (`pods/binding`, `pods/eviction`, `serviceaccounts/token`).

pub mod authorizer;
pub(crate) mod field_labels;
mod reviews;
pub mod services;
mod tokens;

use super::resources::{Resource, Subresource};
use super::store::MvccStore;
use super::stored::Stored;
use authorizer::Authorizer;
use kapi_core::scheme::GroupVersionKind;
use kapi_core::Scheme;
use kapi_serving::StatusError;
use serde_json::Value;
use std::sync::{Arc, Mutex, MutexGuard};

/// The registry's state and settings: who may do what, the tokens issued, where Services
/// get addresses.
pub(crate) struct Builtin {
    pub authorizer: Arc<dyn Authorizer>,
    pub tokens: tokens::Tokens,
    pub services: services::ServiceNetwork,
    /// Held from reading what Services hold to storing a new one.
    allocating: Mutex<()>,
}

impl Builtin {
    pub fn new(authorizer: Arc<dyn Authorizer>, services: services::ServiceNetwork) -> Builtin {
        Builtin {
            authorizer,
            tokens: tokens::Tokens::default(),
            services,
            allocating: Mutex::new(()),
        }
    }
}

fn is_core(r: &Resource, kind: &str) -> bool {
    r.group().is_empty() && r.kind() == kind
}

impl Builtin {
    /// Before an object of `resource` is created: a Service gets its cluster IPs and node
    /// ports, apart from those the Services in `store` hold. The guard returned is held
    /// until the object is stored.
    pub fn before_create(
        &self,
        resource: &Resource,
        store: &MvccStore<Stored>,
        value: &mut Value,
    ) -> Result<Option<MutexGuard<'_, ()>>, StatusError> {
        if !is_core(resource, "Service") {
            return Ok(None);
        }
        let guard = self
            .allocating
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        services::allocate(&self.services, store, value)?;
        Ok(Some(guard))
    }

    /// A create kube-apiserver answers without storing (the reviews): the answered
    /// review; `None` for an ordinary create.
    pub fn review(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        value: &Value,
    ) -> Option<Result<Value, StatusError>> {
        reviews::create(self, resource, namespace, value)
    }
}

/// Before an object of `resource` is updated: a Service keeps the addresses and node
/// ports the update leaves out.
pub(super) fn before_update(resource: &Resource, old: &Value, new: &mut Value) {
    if is_core(resource, "Service") {
        services::keep_allocated(old, new);
    }
}

/// A subresource kube-apiserver serves for a core kind, with the kind of its body.
struct Special {
    resource: &'static str,
    name: &'static str,
    group: &'static str,
    version: &'static str,
    kind: &'static str,
}

const SPECIALS: &[Special] = &[
    Special {
        resource: "pods",
        name: "binding",
        group: "",
        version: "v1",
        kind: "Binding",
    },
    Special {
        resource: "pods",
        name: "eviction",
        group: "policy",
        version: "v1",
        kind: "Eviction",
    },
    Special {
        resource: "serviceaccounts",
        name: "token",
        group: "authentication.k8s.io",
        version: "v1",
        kind: "TokenRequest",
    },
];

/// The special subresources served for `r`: those whose body kind the scheme knows.
pub(super) fn subresources(scheme: &Scheme, r: &Resource) -> Vec<Subresource> {
    if !r.group().is_empty() || r.version() != "v1" {
        return Vec::new();
    }
    SPECIALS
        .iter()
        .filter(|s| s.resource == r.plural())
        .filter(|s| scheme.recognizes(&GroupVersionKind::new(s.group, s.version, s.kind)))
        .map(|s| Subresource {
            name: s.name,
            group_version: (!s.group.is_empty()).then_some((s.group, s.version)),
            kind: s.kind.to_string(),
            verbs: &["create"],
        })
        .collect()
}
