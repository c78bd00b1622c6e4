//! The `policy` group.

#[cfg(feature = "policy-v1")]
pub mod v1;

#[cfg(feature = "policy-v1beta1")]
pub mod v1beta1;
