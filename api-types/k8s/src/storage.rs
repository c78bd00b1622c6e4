//! The `storage.k8s.io` group.

#[cfg(feature = "storage-v1")]
pub mod v1;

#[cfg(feature = "storage-v1alpha1")]
pub mod v1alpha1;

#[cfg(feature = "storage-v1beta1")]
pub mod v1beta1;
