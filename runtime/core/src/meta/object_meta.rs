use super::{FieldsV1, StringMap, Time};
use crate::ApiType;

/// Metadata every persisted object has.
#[derive(ApiType, Debug, PartialEq)]
// Clippy reads two tombstones as one attribute given twice.
#[allow(clippy::duplicated_attributes)]
#[k8s(deprecated(name = "clusterName", protobuf = 15))]
#[k8s(deprecated(name = "initializers", protobuf = 16))]
#[k8s(validate_hook)]
pub struct ObjectMeta {
    /// Unique within a namespace; cannot be updated.
    #[k8s(optional, protobuf = 1)]
    pub name: String,
    /// Prefix the server uses to generate a unique name when `name` is empty.
    #[k8s(optional, protobuf = 2)]
    pub generate_name: String,
    /// The namespace of a namespaced object; empty for cluster-scoped ones.
    #[k8s(optional, protobuf = 3)]
    pub namespace: String,
    /// Deprecated: never set by the server since Kubernetes 1.20.
    #[k8s(optional, protobuf = 4)]
    pub self_link: String,
    /// Unique in time and space; set by the server.
    #[k8s(optional, protobuf = 5, rename = "uid")]
    pub uid: String,
    /// Opaque version for optimistic concurrency and watches.
    #[k8s(optional, protobuf = 6)]
    pub resource_version: String,
    /// Sequence number of the desired state (spec); set by the server.
    #[k8s(optional, protobuf = 7)]
    pub generation: i64,
    // Go's `metav1.Time` is a struct that writes its zero value as `null`, and `omitempty`
    // never leaves a struct out: an unset one is `"creationTimestamp": null`.
    #[k8s(presence = "null", protobuf = 8)]
    pub creation_timestamp: Option<Time>,
    #[k8s(protobuf = 9)]
    pub deletion_timestamp: Option<Time>,
    #[k8s(protobuf = 10)]
    pub deletion_grace_period_seconds: Option<i64>,
    #[k8s(optional, protobuf = 11)]
    pub labels: StringMap,
    #[k8s(optional, protobuf = 12)]
    pub annotations: StringMap,
    #[k8s(
        optional,
        protobuf = 13,
        list_type = "map",
        list_map_key = "uid",
        patch_strategy = "merge",
        patch_merge_key = "uid"
    )]
    pub owner_references: Vec<OwnerReference>,
    #[k8s(optional, protobuf = 14, list_type = "set", patch_strategy = "merge")]
    pub finalizers: Vec<String>,
    #[k8s(optional, protobuf = 17, list_type = "atomic")]
    pub managed_fields: Vec<ManagedFieldsEntry>,
}

/// Points at the object that owns this one (garbage collection, controllers).
#[derive(ApiType, Debug, PartialEq)]
pub struct OwnerReference {
    #[k8s(required, protobuf = 5)]
    pub api_version: String,
    #[k8s(required, protobuf = 1)]
    pub kind: String,
    #[k8s(required, protobuf = 3)]
    pub name: String,
    #[k8s(required, protobuf = 4, rename = "uid")]
    pub uid: String,
    #[k8s(protobuf = 6)]
    pub controller: Option<bool>,
    #[k8s(protobuf = 7)]
    pub block_owner_deletion: Option<bool>,
}

/// Which manager owns which fields (server-side apply).
#[derive(ApiType, Debug, PartialEq)]
pub struct ManagedFieldsEntry {
    #[k8s(optional, protobuf = 1)]
    pub manager: String,
    /// `Apply` or `Update`.
    #[k8s(optional, protobuf = 2)]
    pub operation: String,
    #[k8s(optional, protobuf = 3)]
    pub api_version: String,
    #[k8s(protobuf = 4)]
    pub time: Option<Time>,
    #[k8s(optional, protobuf = 6)]
    pub fields_type: String,
    #[k8s(protobuf = 7, rename = "fieldsV1")]
    pub fields_v1: Option<FieldsV1>,
    #[k8s(optional, protobuf = 8)]
    pub subresource: String,
}
