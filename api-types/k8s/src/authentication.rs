//! The `authentication.k8s.io` group.

#[cfg(feature = "authentication-v1")]
pub mod v1;

#[cfg(feature = "authentication-v1alpha1")]
pub mod v1alpha1;

#[cfg(feature = "authentication-v1beta1")]
pub mod v1beta1;
