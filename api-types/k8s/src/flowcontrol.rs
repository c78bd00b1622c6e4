//! The `flowcontrol.apiserver.k8s.io` group.

#[cfg(feature = "flowcontrol-v1")]
pub mod v1;

#[cfg(feature = "flowcontrol-v1beta1")]
pub mod v1beta1;

#[cfg(feature = "flowcontrol-v1beta2")]
pub mod v1beta2;

#[cfg(feature = "flowcontrol-v1beta3")]
pub mod v1beta3;
