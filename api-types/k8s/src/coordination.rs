//! The `coordination.k8s.io` group.

#[cfg(feature = "coordination-v1")]
pub mod v1;

#[cfg(feature = "coordination-v1alpha2")]
pub mod v1alpha2;

#[cfg(feature = "coordination-v1beta1")]
pub mod v1beta1;
