//! The `apiextensions.k8s.io` group.

#[cfg(feature = "apiextensions-v1")]
pub mod v1;
#[cfg(feature = "apiextensions-v1")]
mod v1_defaults;
#[cfg(feature = "apiextensions-v1")]
mod v1_json;
