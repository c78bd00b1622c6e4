//! Controller owner references: the reference a controller puts on what it makes, and the
//! owner an event on a child maps to (controller-runtime's `SetControllerReference` and
//! `EnqueueRequestForOwner` with `OnlyControllerOwner`).

use kapi_core::meta::OwnerReference;
use kapi_core::{Resource, Scope};

/// The group of an `apiVersion` (`apps/v1` → `apps`, `v1` → the core group).
fn group_of(api_version: &str) -> &str {
    api_version.split_once('/').map_or("", |(group, _)| group)
}

/// `owner` as its children's controller reference: `controller` and
/// `blockOwnerDeletion` set, as `SetControllerReference` sets them.
pub fn controller_reference<K: Resource>(owner: &K) -> OwnerReference {
    let meta = owner.metadata();
    OwnerReference {
        api_version: K::API_VERSION.to_string(),
        kind: K::KIND.to_string(),
        name: meta.name.clone(),
        uid: meta.uid.clone(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    }
}

/// Why a controller reference cannot be set.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OwnerError {
    /// Another object already controls the child (controller-runtime's
    /// `AlreadyOwnedError`).
    #[error("Object {namespace}/{name} is already owned by another {kind} controller {owner}")]
    AlreadyOwned {
        namespace: String,
        name: String,
        kind: String,
        owner: String,
    },
    /// A namespaced owner of a child in another namespace.
    #[error("cross-namespace owner references are disallowed, owner's namespace {owner_namespace}, obj's namespace {namespace}")]
    CrossNamespace {
        owner_namespace: String,
        namespace: String,
    },
    /// A namespaced owner of a cluster-scoped child.
    #[error("cluster-scoped resource must not have a namespace-scoped owner, owner's namespace {owner_namespace}")]
    ClusterScopedChild { owner_namespace: String },
}

/// Makes `owner` the controller of `child` (replacing a reference to the same owner), as
/// `SetControllerReference` does: refused when another object controls it, or when the
/// owner is namespaced and the child is not in its namespace.
pub fn set_controller_reference<O: Resource, C: Resource>(
    owner: &O,
    child: &mut C,
) -> Result<(), OwnerError> {
    let reference = controller_reference(owner);
    let owner_namespace = &owner.metadata().namespace;
    let meta = child.metadata_mut();
    // controller-runtime's validateOwner, on the objects' namespaces.
    if !owner_namespace.is_empty() {
        if meta.namespace.is_empty() {
            return Err(OwnerError::ClusterScopedChild {
                owner_namespace: owner_namespace.clone(),
            });
        }
        if *owner_namespace != meta.namespace {
            return Err(OwnerError::CrossNamespace {
                owner_namespace: owner_namespace.clone(),
                namespace: meta.namespace.clone(),
            });
        }
    }
    let same_owner = |r: &OwnerReference| {
        group_of(&r.api_version) == O::GROUP && r.kind == O::KIND && r.name == reference.name
    };
    if let Some(other) = meta
        .owner_references
        .iter()
        .find(|r| r.controller == Some(true) && !same_owner(r))
    {
        return Err(OwnerError::AlreadyOwned {
            namespace: meta.namespace.clone(),
            name: meta.name.clone(),
            kind: other.kind.clone(),
            owner: other.name.clone(),
        });
    }
    match meta.owner_references.iter_mut().find(|r| same_owner(r)) {
        Some(existing) => *existing = reference,
        None => meta.owner_references.push(reference),
    }
    Ok(())
}

/// The key (`namespace/name`) of the `O` controlling `child`, if one does: the group and
/// kind must match (any version), as `EnqueueRequestForOwner` compares them.
pub fn controller_key<O: Resource, C: Resource>(child: &C) -> Option<String> {
    let meta = child.metadata();
    let owner = meta.owner_references.iter().find(|r| {
        r.controller == Some(true) && r.kind == O::KIND && group_of(&r.api_version) == O::GROUP
    })?;
    Some(match O::SCOPE {
        Scope::Namespaced if !meta.namespace.is_empty() => {
            format!("{}/{}", meta.namespace, owner.name)
        }
        _ => owner.name.clone(),
    })
}
