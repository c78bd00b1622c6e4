// Imported by kapi-codegen from k8s.io/api/storage/v1beta1. Change the source and import again.

use kapi::meta::{LabelSelector, ListMeta, ObjectMeta, Quantity, StringMap, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "storage.k8s.io",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.storage.v1beta1",
    protobuf_path = "k8s.io/api/storage/v1beta1/generated.proto",
    cargo_feature = "storage-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/storage/v1beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.4", deprecated = "1.19", replacement = "storage.k8s.io/v1 StorageClass"),
    plural = "storageclasses",
    singular = "storageclass",
    short_names = ["sc"]
)]
pub struct StorageClass {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, immutable, protobuf = 2)]
    pub provisioner: String,
    #[k8s(optional, immutable, protobuf = 3)]
    pub parameters: StringMap,
    #[k8s(immutable, protobuf = 4)]
    pub reclaim_policy: Option<crate::core::v1::PersistentVolumeReclaimPolicy>,
    #[k8s(optional, list_type = "atomic", protobuf = 5)]
    pub mount_options: Vec<String>,
    #[k8s(protobuf = 6)]
    pub allow_volume_expansion: Option<bool>,
    #[k8s(immutable, protobuf = 7)]
    pub volume_binding_mode: Option<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 8)]
    pub allowed_topologies: Vec<crate::core::v1::TopologySelectorTerm>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.4",
        deprecated = "1.19",
        replacement = "storage.k8s.io/v1 StorageClassList"
    )
)]
pub struct StorageClassList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<StorageClass>,
}

pub const VOLUME_BINDING_IMMEDIATE: &str = "Immediate";

pub const VOLUME_BINDING_WAIT_FOR_FIRST_CONSUMER: &str = "WaitForFirstConsumer";

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(
        introduced = "1.10",
        deprecated = "1.19",
        replacement = "storage.k8s.io/v1 VolumeAttachment"
    ),
    plural = "volumeattachments",
    singular = "volumeattachment",
    subresource_status
)]
pub struct VolumeAttachment {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, immutable, protobuf = 2)]
    pub spec: VolumeAttachmentSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: VolumeAttachmentStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.10",
        deprecated = "1.19",
        replacement = "storage.k8s.io/v1 VolumeAttachmentList"
    )
)]
pub struct VolumeAttachmentList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<VolumeAttachment>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeAttachmentSpec {
    #[k8s(required, max_length = 63, protobuf = 1)]
    pub attacher: String,
    #[k8s(protobuf = 2)]
    pub source: VolumeAttachmentSource,
    #[k8s(protobuf = 3)]
    pub node_name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeAttachmentSource {
    #[k8s(protobuf = 1)]
    pub persistent_volume_name: Option<String>,
    #[k8s(protobuf = 2)]
    pub inline_volume_spec: Option<crate::core::v1::PersistentVolumeSpec>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeAttachmentStatus {
    #[k8s(protobuf = 1)]
    pub attached: bool,
    #[k8s(optional, protobuf = 2)]
    pub attachment_metadata: StringMap,
    #[k8s(protobuf = 3)]
    pub attach_error: Option<VolumeError>,
    #[k8s(protobuf = 4)]
    pub detach_error: Option<VolumeError>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeError {
    #[k8s(optional, protobuf = 1)]
    pub time: Time,
    #[k8s(optional, protobuf = 2)]
    pub message: String,
    #[k8s(feature_gate = "MutableCSINodeAllocatableCount", protobuf = 3)]
    pub error_code: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(
        introduced = "1.14",
        deprecated = "1.19",
        replacement = "storage.k8s.io/v1 CSIDriver"
    ),
    plural = "csidrivers",
    singular = "csidriver"
)]
pub struct CSIDriver {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: CSIDriverSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.14",
        deprecated = "1.19",
        replacement = "storage.k8s.io/v1 CSIDriverList"
    )
)]
pub struct CSIDriverList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<CSIDriver>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CSIDriverSpec {
    #[k8s(protobuf = 1)]
    pub attach_required: Option<bool>,
    #[k8s(protobuf = 2)]
    pub pod_info_on_mount: Option<bool>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub volume_lifecycle_modes: Vec<String>,
    #[k8s(protobuf = 4)]
    pub storage_capacity: Option<bool>,
    #[k8s(protobuf = 5)]
    pub fs_group_policy: Option<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 6)]
    pub token_requests: Vec<TokenRequest>,
    #[k8s(protobuf = 7)]
    pub requires_republish: Option<bool>,
    #[k8s(feature_gate = "SELinuxMountReadWriteOncePod", protobuf = 8)]
    pub se_linux_mount: Option<bool>,
    #[k8s(feature_gate = "MutableCSINodeAllocatableCount", protobuf = 9)]
    pub node_allocatable_update_period_seconds: Option<i64>,
    #[k8s(feature_gate = "CSIServiceAccountTokenSecrets", protobuf = 10)]
    pub service_account_token_in_secrets: Option<bool>,
    #[k8s(feature_gate = "VolumeLimitScaling", protobuf = 11)]
    pub prevent_pod_scheduling_if_missing: Option<bool>,
}

pub const READ_WRITE_ONCE_WITH_FS_TYPE_FS_GROUP_POLICY: &str = "ReadWriteOnceWithFSType";

pub const FILE_FS_GROUP_POLICY: &str = "File";

pub const NONE_FS_GROUP_POLICY: &str = "None";

pub const VOLUME_LIFECYCLE_PERSISTENT: &str = "Persistent";

pub const VOLUME_LIFECYCLE_EPHEMERAL: &str = "Ephemeral";

#[derive(ApiType, Debug, PartialEq)]
pub struct TokenRequest {
    #[k8s(protobuf = 1)]
    pub audience: String,
    #[k8s(protobuf = 2)]
    pub expiration_seconds: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(
        introduced = "1.14",
        deprecated = "1.17",
        removed = "1.22",
        replacement = "storage.k8s.io/v1 CSINode"
    ),
    plural = "csinodes",
    singular = "csinode"
)]
pub struct CSINode {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: CSINodeSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: CSINodeStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CSINodeSpec {
    #[k8s(
        presence = "null",
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 1
    )]
    pub drivers: Vec<CSINodeDriver>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CSINodeDriver {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(rename = "nodeID", protobuf = 2)]
    pub node_id: String,
    #[k8s(optional, presence = "null", list_type = "atomic", protobuf = 3)]
    pub topology_keys: Vec<String>,
    #[k8s(protobuf = 4)]
    pub allocatable: Option<VolumeNodeResources>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeNodeResources {
    #[k8s(protobuf = 1)]
    pub count: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum StorageHealthStatusType {
    StorageUnreachable,
    StorageDegraded,
    Other(String),
}

impl Default for StorageHealthStatusType {
    fn default() -> Self {
        StorageHealthStatusType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct StorageHealthCondition {
    #[k8s(required, protobuf = 1)]
    pub status: StorageHealthStatusType,
    #[k8s(required, protobuf = 2)]
    pub reason: String,
    #[k8s(optional, protobuf = 3)]
    pub message: String,
    #[k8s(protobuf = 4)]
    pub access_mode: Option<crate::core::v1::PersistentVolumeAccessMode>,
    #[k8s(protobuf = 5)]
    pub volume_mode: Option<crate::core::v1::PersistentVolumeMode>,
    #[k8s(optional, protobuf = 6)]
    pub last_transition_time: Time,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct StorageHealth {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub health_conditions: Vec<StorageHealthCondition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CSINodeStatus {
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_merge_key = "name",
        patch_strategy = "merge",
        feature_gate = "CSIVolumeHealth",
        protobuf = 1
    )]
    pub storage_health: Vec<StorageHealth>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.14",
        deprecated = "1.17",
        removed = "1.22",
        replacement = "storage.k8s.io/v1 CSINode"
    )
)]
pub struct CSINodeList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<CSINode>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(
        introduced = "1.21",
        deprecated = "1.24",
        replacement = "storage.k8s.io/v1 CSIStorageCapacity"
    ),
    plural = "csistoragecapacities",
    singular = "csistoragecapacity"
)]
pub struct CSIStorageCapacity {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub node_topology: Option<LabelSelector>,
    #[k8s(protobuf = 3)]
    pub storage_class_name: String,
    #[k8s(protobuf = 4)]
    pub capacity: Option<Quantity>,
    #[k8s(protobuf = 5)]
    pub maximum_volume_size: Option<Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.21",
        deprecated = "1.24",
        replacement = "storage.k8s.io/v1 CSIStorageCapacityList"
    )
)]
pub struct CSIStorageCapacityList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<CSIStorageCapacity>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.31", deprecated = "1.34", replacement = "storage.k8s.io/v1 VolumeAttributesClass"),
    plural = "volumeattributesclasses",
    singular = "volumeattributesclass",
    short_names = ["vac"]
)]
pub struct VolumeAttributesClass {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub driver_name: String,
    #[k8s(optional, protobuf = 3)]
    pub parameters: StringMap,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.31",
        deprecated = "1.34",
        replacement = "storage.k8s.io/v1 VolumeAttributesClassList"
    )
)]
pub struct VolumeAttributesClassList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<VolumeAttributesClass>,
}

pub const GROUP_NAME: &str = "storage.k8s.io";
