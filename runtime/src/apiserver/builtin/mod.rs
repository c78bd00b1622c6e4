//! What kube-apiserver's registry does for Kubernetes' own kinds beyond storing them, done
//! when the scheme holds those kinds (a scheme with `kapi_k8s::install`): the subresources
//! that are not a view of the object (`pods/binding`, `pods/eviction`,
//! `serviceaccounts/token`).

use super::discovery::Subresource;
use super::resources::Resource;
use super::state::ServerState;
use crate::scheme::GroupVersionKind;

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
pub(super) fn subresources(state: &ServerState, r: &Resource) -> Vec<Subresource> {
    if !r.group().is_empty() || r.version() != "v1" {
        return Vec::new();
    }
    SPECIALS
        .iter()
        .filter(|s| s.resource == r.plural())
        .filter(|s| {
            state
                .scheme
                .recognizes(&GroupVersionKind::new(s.group, s.version, s.kind))
        })
        .map(|s| Subresource {
            name: s.name,
            group_version: (!s.group.is_empty()).then_some((s.group, s.version)),
            kind: s.kind,
            verbs: &["create"],
        })
        .collect()
}
