//! The `scheduling.k8s.io` group.

#[cfg(feature = "scheduling-v1")]
pub mod v1;

#[cfg(feature = "scheduling-v1alpha3")]
pub mod v1alpha3;

#[cfg(feature = "scheduling-v1beta1")]
pub mod v1beta1;
