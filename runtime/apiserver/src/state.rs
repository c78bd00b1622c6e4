//! Everything a request handler reads: the scheme, its resources, the store, the served
//! documents and the fault switches; and the cell that holds what is served now, so that a
//! kind registered at run time is served from the next request on.

use super::faults::FaultState;
use super::openapi::OpenApiDocuments;
use super::resources::Resources;
use super::store::MvccStore;
use super::stored::Stored;
use kapi_core::scheme::{KindHandler, KindMeta, SchemeError};
use kapi_core::Scheme;
use kapi_serving::{InFlight, ServingLimits};
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
}

impl Served {
    pub fn new(state: ServerState) -> Self {
        Served {
            current: RwLock::new(Arc::new(state)),
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
