//! The `admissionregistration.k8s.io` group.

#[cfg(feature = "admissionregistration-v1")]
pub mod v1;

#[cfg(feature = "admissionregistration-v1alpha1")]
pub mod v1alpha1;

#[cfg(feature = "admissionregistration-v1beta1")]
pub mod v1beta1;
