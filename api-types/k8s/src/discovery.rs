//! The `discovery.k8s.io` group.

#[cfg(feature = "discovery-v1")]
pub mod v1;

#[cfg(feature = "discovery-v1beta1")]
pub mod v1beta1;
