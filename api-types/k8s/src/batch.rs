//! The `batch` group.

#[cfg(feature = "batch-v1")]
pub mod v1;

#[cfg(feature = "batch-v1beta1")]
pub mod v1beta1;
