//! The `events.k8s.io` group.

#[cfg(feature = "events-v1")]
pub mod v1;

#[cfg(feature = "events-v1beta1")]
pub mod v1beta1;
