//! The networking.k8s.io group.

#[cfg(feature = "networking-v1")]
pub mod v1;
