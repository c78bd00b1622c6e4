//! The policy group.

#[cfg(feature = "policy-v1")]
pub mod v1;
