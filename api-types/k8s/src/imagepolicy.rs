//! The `imagepolicy.k8s.io` group.

#[cfg(feature = "imagepolicy-v1alpha1")]
pub mod v1alpha1;
