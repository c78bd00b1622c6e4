//! The `certificates.k8s.io` group.

#[cfg(feature = "certificates-v1")]
pub mod v1;

#[cfg(feature = "certificates-v1alpha1")]
pub mod v1alpha1;

#[cfg(feature = "certificates-v1beta1")]
pub mod v1beta1;
