// Imported by kapi-codegen from k8s.io/api/storage/v1alpha1. Change the source and import again.

use kapi::meta::{LabelSelector, ListMeta, ObjectMeta, Quantity, StringMap, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "storage.k8s.io",
    version = "v1alpha1",
    protobuf_package = "k8s.io.api.storage.v1alpha1",
    protobuf_path = "k8s.io/api/storage/v1alpha1/generated.proto",
    cargo_feature = "storage-v1alpha1",
}

#[rustfmt::skip]
#[path = "../../generated/storage/v1alpha1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(
        introduced = "1.9",
        deprecated = "1.21",
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
        introduced = "1.9",
        deprecated = "1.21",
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
    gen_client,
    lifecycle(
        introduced = "1.19",
        deprecated = "1.21",
        replacement = "storage.k8s.io/v1beta1 CSIStorageCapacity"
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
        introduced = "1.19",
        deprecated = "1.21",
        replacement = "storage.k8s.io/v1beta1 CSIStorageCapacityList"
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
    lifecycle(introduced = "1.29", deprecated = "1.32", replacement = "storage.k8s.io/v1 VolumeAttributesClass"),
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
        introduced = "1.29",
        deprecated = "1.32",
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
