//! The apps group.

#[cfg(feature = "apps-v1")]
pub mod v1;
#[cfg(feature = "apps-v1")]
mod v1_defaults;
