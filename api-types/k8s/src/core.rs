//! The core (`""`, served at `/api/v1`) group.

#[cfg(feature = "core-v1")]
pub mod v1;
#[cfg(feature = "core-v1")]
mod v1_defaults;
#[cfg(feature = "core-v1")]
mod v1_normalize;
