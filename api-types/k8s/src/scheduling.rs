//! The scheduling.k8s.io group.

#[cfg(feature = "scheduling-v1alpha3")]
pub mod v1alpha3;
