//! The `apps` group.

#[cfg(feature = "apps-v1")]
pub mod v1;
#[cfg(feature = "apps-v1")]
mod v1_defaults;

#[cfg(feature = "apps-v1beta1")]
pub mod v1beta1;

#[cfg(feature = "apps-v1beta2")]
pub mod v1beta2;
