//! Kubernetes' own API groups as kapi types: one module per group-version
//! (`kapi_k8s::core::v1::Pod`, `kapi_k8s::apps::v1::Deployment`), each behind its own cargo
//! feature (`core-v1`, `apps-v1`, ...; `stable` for every GA group-version), with what
//! `cargo xtask codegen` writes for them: scheme registration, OpenAPI, `.proto` files,
//! clientsets, apply configurations, listers and informers.
//!
//! A test server that serves these kinds takes one call:
//! `kapi_k8s::install(&mut scheme)` registers every enabled group-version.

#[cfg(feature = "apps-v1")]
pub mod apps;
#[cfg(feature = "batch-v1")]
pub mod batch;
#[cfg(feature = "coordination-v1")]
pub mod coordination;
#[cfg(feature = "core-v1")]
pub mod core;
#[cfg(feature = "networking-v1")]
pub mod networking;
#[cfg(feature = "policy-v1")]
pub mod policy;
#[cfg(feature = "scheduling-v1alpha3")]
pub mod scheduling;

kapi::feature_gates! {
    /// Lease `strategy` and `preferredHolder` (coordinated leader election; beta, off by
    /// default, since Kubernetes 1.33).
    CoordinatedLeaderElection: Beta = false,
}

#[rustfmt::skip]
#[path = "../generated/mod.rs"]
pub mod generated;

pub use generated::clientset::{scheme, Clientset};
pub use generated::informers::SharedInformerFactory;
pub use generated::register::install;
