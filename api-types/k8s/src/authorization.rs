//! The `authorization.k8s.io` group.

#[cfg(feature = "authorization-v1")]
pub mod v1;

#[cfg(feature = "authorization-v1beta1")]
pub mod v1beta1;
