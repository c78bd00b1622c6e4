//! Real Kubernetes types written as kapi API types, from their documented API, to prove the
//! markers and the derive produce Kubernetes' own wire format.

pub mod apiextensions_v1;
pub mod coordination_v1;
pub mod core_v1;

kapi::feature_gates! {
    /// Lease `strategy` and `preferredHolder` (Kubernetes 1.31+, alpha).
    CoordinatedLeaderElection: Alpha = false,
}

use std::path::PathBuf;

/// The k8s.io/api testdata fixtures kept in this crate (`fixtures/kubernetes-api`).
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/kubernetes-api")
}
