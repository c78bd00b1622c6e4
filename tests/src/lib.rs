//! apiextensions.k8s.io/v1 written as kapi API types, to decode the generated CRDs strictly;
//! Kubernetes' own kinds are `kapi-k8s`'s.

pub mod apiextensions_v1;

use std::path::PathBuf;

/// The k8s.io/api testdata fixtures kept in this crate (`fixtures/kubernetes-api`).
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/kubernetes-api")
}
