//! The `lifecycle.k8s.io` group.

#[cfg(feature = "lifecycle-v1alpha1")]
pub mod v1alpha1;
