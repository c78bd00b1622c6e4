//! The coordination.k8s.io group.

#[cfg(feature = "coordination-v1")]
pub mod v1;
