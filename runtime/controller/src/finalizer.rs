//! Finalizers as kube-rs' `finalizer` helper and controller-runtime's `controllerutil`
//! use them: the controller's finalizer is added before any work, so the server keeps a
//! deleted object until the controller has cleaned up after it; the cleanup runs when the
//! object is marked for deletion, and the finalizer is removed only once it succeeded. A
//! deletion is never lost: a controller that was down relists the marked object and cleans
//! up then.
//!
//! Both writes are JSON patches with a `test` of the finalizers as read, so a concurrent
//! change is a conflict (retried with the fresh object) rather than a lost finalizer.

use super::controller::Action;
use kapi_client::{Api, Error as ClientError, Patch};
use kapi_core::meta::PatchOptions;
use kapi_core::scheme::Kind;
use kapi_core::Resource;
use serde_json::json;
use std::future::Future;
use std::sync::Arc;

/// What the reconcile is asked to do with an object.
#[derive(Debug)]
pub enum Event<K> {
    /// The object lives (and has the finalizer): make the world match it.
    Apply(Arc<K>),
    /// The object is being deleted (and still has the finalizer): clean up after it. The
    /// finalizer goes once this succeeds.
    Cleanup(Arc<K>),
}

/// A finalizer step that failed.
#[derive(Debug, thiserror::Error)]
pub enum Error<E: std::error::Error + 'static> {
    #[error("apply failed: {0}")]
    Apply(#[source] E),
    #[error("cleanup failed: {0}")]
    Cleanup(#[source] E),
    #[error("adding finalizer failed: {0}")]
    Add(#[source] ClientError),
    #[error("removing finalizer failed: {0}")]
    Remove(#[source] ClientError),
    #[error("the object has no name")]
    Unnamed,
}

/// Runs `reconcile` under finalizer `name` (a qualified name such as
/// `frobbers.frob.example.com/cleanup`): adds it first, calls [`Event::Apply`] for a live
/// object and [`Event::Cleanup`] for one being deleted, then removes it.
pub async fn finalizer<K, E, F, Fut>(
    api: &Api<K>,
    name: &str,
    object: Arc<K>,
    reconcile: F,
) -> Result<Action, Error<E>>
where
    K: Resource + Kind,
    E: std::error::Error + 'static,
    F: FnOnce(Event<K>) -> Fut,
    Fut: Future<Output = Result<Action, E>>,
{
    let meta = object.metadata();
    if meta.name.is_empty() {
        return Err(Error::Unnamed);
    }
    let position = meta.finalizers.iter().position(|f| f == name);
    match (meta.deletion_timestamp.is_some(), position) {
        // Being deleted with our finalizer: clean up, then let the server delete it.
        (true, Some(index)) => {
            let action = reconcile(Event::Cleanup(object.clone()))
                .await
                .map_err(Error::Cleanup)?;
            let patch = json!([
                {"op": "test", "path": format!("/metadata/finalizers/{index}"), "value": name},
                {"op": "remove", "path": format!("/metadata/finalizers/{index}")},
            ]);
            match api
                .patch(&meta.name, &Patch::Json(patch), &PatchOptions::default())
                .await
            {
                Ok(_) => Ok(action),
                // Gone already: nothing left to hold.
                Err(e) if e.is_not_found() => Ok(action),
                Err(e) => Err(Error::Remove(e)),
            }
        }
        // Being deleted, not ours (cleaned up already, or never started): nothing to do.
        (true, None) => Ok(Action::await_change()),
        // Live without our finalizer: add it before anything else; the change this makes
        // brings the object back with it.
        (false, None) => {
            let patch = if meta.finalizers.is_empty() {
                // `test` against null would fail where the field is absent: the server
                // omits an empty list, so the list is created whole.
                json!([
                    {"op": "test", "path": "/metadata/resourceVersion", "value": meta.resource_version},
                    {"op": "add", "path": "/metadata/finalizers", "value": [name]},
                ])
            } else {
                json!([
                    {"op": "test", "path": "/metadata/finalizers", "value": meta.finalizers},
                    {"op": "add", "path": "/metadata/finalizers/-", "value": name},
                ])
            };
            api.patch(&meta.name, &Patch::Json(patch), &PatchOptions::default())
                .await
                .map_err(Error::Add)?;
            Ok(Action::await_change())
        }
        (false, Some(_)) => reconcile(Event::Apply(object)).await.map_err(Error::Apply),
    }
}

/// Whether `object` carries finalizer `name`.
pub fn has_finalizer<K: Resource>(object: &K, name: &str) -> bool {
    object.metadata().finalizers.iter().any(|f| f == name)
}
