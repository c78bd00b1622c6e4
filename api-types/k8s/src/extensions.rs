//! The `extensions` group.

#[cfg(feature = "extensions-v1beta1")]
pub mod v1beta1;
