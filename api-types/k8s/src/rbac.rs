//! The `rbac.authorization.k8s.io` group.

#[cfg(feature = "rbac-v1")]
pub mod v1;

#[cfg(feature = "rbac-v1alpha1")]
pub mod v1alpha1;

#[cfg(feature = "rbac-v1beta1")]
pub mod v1beta1;
