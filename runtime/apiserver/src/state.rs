//! Everything a request handler reads: the scheme, its resources, the store, the served
//! documents and the fault switches; and the cell that holds what is served now, so that a
//! kind registered at run time is served from the next request on.

use super::crds;
use super::faults::FaultState;
use super::openapi::OpenApiDocuments;
use super::resources::Resources;
use super::store::MvccStore;
use super::store::{Collection, ObjectKey, ResourceKey};
use super::stored::Stored;
use kapi_core::scheme::{GroupVersionKind, KindHandler, KindMeta, SchemeError};
use kapi_core::Scheme;
use kapi_serving::{InFlight, ServingLimits};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::sync::{Arc, PoisonError, RwLock};
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct Config {
    pub bookmark_interval: Duration,
    pub default_watch_timeout: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bookmark_interval: Duration::from_secs(1),
            default_watch_timeout: Duration::from_secs(30 * 60),
        }
    }
}

/// What one request sees from start to end: the kinds served when it arrived, and the
/// store, faults and limits every request shares. Cloning shares all but the kinds.
#[derive(Clone)]
pub struct ServerState {
    pub scheme: Scheme,
    pub resources: Resources,
    pub store: Arc<MvccStore<Stored>>,
    pub openapi: OpenApiDocuments,
    pub patch_schemas: Arc<super::patch::PatchSchemas>,
    pub faults: Arc<FaultState>,
    pub config: Config,
    pub builtin: Arc<super::builtin::Builtin>,
    pub limits: Arc<ServingLimits>,
    pub in_flight: InFlight,
    /// The field labels of the kinds CRDs serve (metadata and their selectable fields).
    pub crd_field_labels: Arc<BTreeMap<GroupVersionKind, Vec<String>>>,
    /// The tokens requests authenticate with; none: everyone may do everything.
    pub authentication: Arc<super::authentication::Authentication>,
}

impl ServerState {
    pub fn new(
        scheme: Scheme,
        store: Arc<MvccStore<Stored>>,
        openapi: OpenApiDocuments,
        faults: Arc<FaultState>,
        config: Config,
        builtin: super::builtin::Builtin,
        limits: ServingLimits,
    ) -> Self {
        let resources = Resources::from_scheme(&scheme);
        let patch_schemas = openapi.patch_schemas(&scheme);
        ServerState {
            scheme,
            resources,
            store,
            openapi,
            patch_schemas: Arc::new(patch_schemas),
            faults,
            config,
            builtin: Arc::new(builtin),
            in_flight: InFlight::new(&limits),
            limits: Arc::new(limits),
            crd_field_labels: Arc::default(),
            authentication: Arc::default(),
        }
    }
}

impl ServerState {
    /// The same server with one more kind, described at run time, served: its resource is
    /// in discovery and routes from the next request on.
    fn with_kind(
        &self,
        group: &str,
        version: &str,
        meta: KindMeta,
        handler: Arc<dyn KindHandler>,
    ) -> Result<ServerState, SchemeError> {
        let mut next = self.clone();
        next.scheme.add_kind(group, version, meta, handler)?;
        next.resources = Resources::from_scheme(&next.scheme);
        Ok(next)
    }
}

/// The state served now. A request takes it once, when it arrives, and keeps that view to
/// the end (a watch to its last event); registering a kind swaps in the next state.
pub(crate) struct Served {
    current: RwLock<Arc<ServerState>>,
    /// What the stored CRDs serve now, to be replaced when they change.
    crds: Mutex<CrdsServed>,
    /// The documents the server was given, to which the served CRDs' are added.
    openapi: OpenApiDocuments,
}

/// The kinds registered from CRDs, and the resources whose objects go with their CRD.
#[derive(Default)]
struct CrdsServed {
    kinds: Vec<GroupVersionKind>,
    resources: BTreeSet<ResourceKey>,
}

impl Served {
    pub fn new(state: ServerState) -> Self {
        Served {
            openapi: state.openapi.clone(),
            current: RwLock::new(Arc::new(state)),
            crds: Mutex::new(CrdsServed::default()),
        }
    }

    pub fn current(&self) -> Arc<ServerState> {
        // A writer cannot panic while holding the lock (it only swaps an `Arc`), so a
        // poisoned lock still holds a whole state.
        self.current
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Serves another kind from the next request on. Registrations are serialized: each
    /// builds on the state the previous one left.
    pub fn register_kind(
        &self,
        group: &str,
        version: &str,
        meta: KindMeta,
        handler: Arc<dyn KindHandler>,
    ) -> Result<(), SchemeError> {
        let mut current = self.current.write().unwrap_or_else(PoisonError::into_inner);
        let next = current.with_kind(group, version, meta, handler)?;
        *current = Arc::new(next);
        Ok(())
    }
}

impl Served {
    /// Serves what the stored CRDs describe, from the next request on: each CRD's served
    /// versions as kinds (replacing what they served before), the objects of a CRD that is
    /// gone deleted, and each CRD's status written as kube-apiserver's controllers write it.
    /// A server whose scheme has no CustomResourceDefinition kind serves none.
    pub fn sync_crds(&self) {
        let mut current = self.current.write().unwrap_or_else(PoisonError::into_inner);
        let mut served = self.crds.lock().unwrap_or_else(PoisonError::into_inner);
        let crd = GroupVersionKind::new(crds::GROUP, "v1", "CustomResourceDefinition");
        if !current.scheme.recognizes(&crd) {
            return;
        }
        let (entries, _) = current.store.list_all(&Collection::all(ResourceKey::new(
            crds::GROUP,
            crds::RESOURCE,
        )));
        let mut next = (**current).clone();
        for gvk in served.kinds.drain(..) {
            next.scheme.remove_kind(&gvk);
        }
        let mut live = BTreeSet::new();
        let mut outcomes = Vec::new();
        let mut documented = Vec::new();
        let mut field_labels = BTreeMap::new();
        for entry in &entries {
            let Ok(value) = entry.value.object.to_json_value() else {
                continue;
            };
            // A CRD being deleted serves nothing while its objects go.
            if value.pointer("/metadata/deletionTimestamp").is_some() {
                continue;
            }
            let outcome = crds::served(&value)
                .map_err(crds::NotServed::Other)
                .and_then(|crd| {
                    if let Some(conflict) = crds::name_conflict(&next.scheme, &crd) {
                        return Err(conflict);
                    }
                    let mut added = Vec::new();
                    let mut labels = Vec::new();
                    for kind in crd.kinds {
                        let gvk = kind.gvk();
                        labels.push((gvk.clone(), kind.field_labels));
                        if let Err(e) = next.scheme.add_kind(
                            &kind.group,
                            &kind.version,
                            kind.meta,
                            kind.handler,
                        ) {
                            for gvk in &added {
                                next.scheme.remove_kind(gvk);
                            }
                            return Err(crds::NotServed::Other(e.to_string()));
                        }
                        added.push(gvk);
                    }
                    served.kinds.extend(added);
                    field_labels.extend(labels);
                    live.insert(ResourceKey::new(crd.group, crd.plural));
                    documented.push(value.clone());
                    Ok(crd.storage_version)
                });
            outcomes.push((entry.key.clone(), outcome));
        }
        next.resources = super::resources::Resources::from_scheme(&next.scheme);
        next.openapi = self.openapi.with_crds(&documented);
        next.crd_field_labels = Arc::new(field_labels);
        for gone in served.resources.difference(&live) {
            let (objects, _) = next.store.list_all(&Collection::all(gone.clone()));
            for object in objects {
                let _ = next
                    .store
                    .delete::<std::convert::Infallible>(&object.key, None);
            }
        }
        served.resources = live;
        let next = Arc::new(next);
        *current = next.clone();
        drop(current);
        for (key, outcome) in outcomes {
            write_crd_status(&next, key, outcome.as_deref());
        }
    }
}

/// Writes a CRD's status if it changed: a new revision and a MODIFIED event, as the
/// controllers' status updates make.
fn write_crd_status(state: &ServerState, key: ObjectKey, outcome: Result<&str, &crds::NotServed>) {
    let now = super::lifecycle::now();
    let _ = state.store.update(key, None, |prev, revision| {
        let Ok(mut value) = prev.object.to_json_value() else {
            return Ok::<_, SchemeError>(None);
        };
        let status = crds::status(&value, outcome, &now);
        if value.get("status") == Some(&status) {
            return Ok(None);
        }
        value["status"] = status;
        value["metadata"]["resourceVersion"] = Value::String(revision.to_string());
        let object = state.scheme.decode_value(value)?;
        Ok(Some(Stored { object }))
    });
}
