//! The `node.k8s.io` group.

#[cfg(feature = "node-v1")]
pub mod v1;

#[cfg(feature = "node-v1alpha1")]
pub mod v1alpha1;

#[cfg(feature = "node-v1beta1")]
pub mod v1beta1;
