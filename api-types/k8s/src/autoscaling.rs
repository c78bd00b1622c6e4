//! The `autoscaling` group.

#[cfg(feature = "autoscaling-v1")]
pub mod v1;

#[cfg(feature = "autoscaling-v2")]
pub mod v2;
