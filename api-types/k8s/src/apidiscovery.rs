//! The `apidiscovery.k8s.io` group.

#[cfg(feature = "apidiscovery-v2")]
pub mod v2;

#[cfg(feature = "apidiscovery-v2beta1")]
pub mod v2beta1;
