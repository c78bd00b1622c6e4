//! The group-version names objects carry as data (apimachinery's meta/v1 `GroupVersionKind`,
//! `GroupVersionResource`, `GroupResource`): the wire types an API's fields name, where
//! [`crate::scheme::GroupVersionKind`] is the scheme's key (Go's `schema.GroupVersionKind`).
//! Go writes every field even when empty (no `omitempty`), so none is `optional`.

use crate::ApiType;

/// A kind of a group-version, as a field's value (metav1.GroupVersionKind).
#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
pub struct GroupVersionKind {
    #[k8s(protobuf = 1)]
    pub group: String,
    #[k8s(protobuf = 2)]
    pub version: String,
    #[k8s(protobuf = 3)]
    pub kind: String,
}

/// A resource of a group-version, as a field's value (metav1.GroupVersionResource).
#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
pub struct GroupVersionResource {
    #[k8s(protobuf = 1)]
    pub group: String,
    #[k8s(protobuf = 2)]
    pub version: String,
    #[k8s(protobuf = 3)]
    pub resource: String,
}

/// A resource of a group in any version, as a field's value (metav1.GroupResource).
#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
pub struct GroupResource {
    #[k8s(protobuf = 1)]
    pub group: String,
    #[k8s(protobuf = 2)]
    pub resource: String,
}
