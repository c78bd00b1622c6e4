//! The `networking.k8s.io` group.

#[cfg(feature = "networking-v1")]
pub mod v1;

#[cfg(feature = "networking-v1beta1")]
pub mod v1beta1;
