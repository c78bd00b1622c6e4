//! Everything a request handler reads: the scheme, its resources, the store, the served
//! documents and the fault switches.

use super::faults::FaultState;
use super::openapi::OpenApiDocuments;
use super::resources::Resources;
use super::store::MvccStore;
use super::stored::Stored;
use kapi_core::Scheme;
use kapi_serving::{InFlight, ServingLimits};
use std::sync::Arc;
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

pub struct ServerState {
    pub scheme: Scheme,
    pub resources: Resources,
    pub store: Arc<MvccStore<Stored>>,
    pub openapi: OpenApiDocuments,
    pub patch_schemas: super::patch::PatchSchemas,
    pub faults: Arc<FaultState>,
    pub config: Config,
    pub builtin: super::builtin::Builtin,
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
            patch_schemas,
            faults,
            config,
            builtin,
            in_flight: InFlight::new(&limits),
            limits: Arc::new(limits),
        }
    }
}
