//! The `storagemigration.k8s.io` group.

#[cfg(feature = "storagemigration-v1")]
pub mod v1;

#[cfg(feature = "storagemigration-v1beta1")]
pub mod v1beta1;
