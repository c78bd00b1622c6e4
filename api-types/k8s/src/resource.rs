//! The `resource.k8s.io` group.

#[cfg(feature = "resource-v1")]
pub mod v1;

#[cfg(feature = "resource-v1alpha3")]
pub mod v1alpha3;

#[cfg(feature = "resource-v1beta1")]
pub mod v1beta1;

#[cfg(feature = "resource-v1beta2")]
pub mod v1beta2;
