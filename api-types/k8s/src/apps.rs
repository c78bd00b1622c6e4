//! The apps group.

#[cfg(feature = "apps-v1")]
pub mod v1;
