//! The `admission.k8s.io` group.

#[cfg(feature = "admission-v1")]
pub mod v1;

#[cfg(feature = "admission-v1beta1")]
pub mod v1beta1;
