//! The `internal.apiserver.k8s.io` group.

#[cfg(feature = "apiserverinternal-v1alpha1")]
pub mod v1alpha1;
