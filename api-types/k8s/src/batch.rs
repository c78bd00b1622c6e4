//! The batch group.

#[cfg(feature = "batch-v1")]
pub mod v1;
