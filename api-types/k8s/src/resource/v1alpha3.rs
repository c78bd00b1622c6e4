// Imported by kapi-codegen from k8s.io/api/resource/v1alpha3. Change the source and import again.

use kapi::meta::{Condition, ListMeta, ObjectMeta, Quantity, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "resource.k8s.io",
    version = "v1alpha3",
    protobuf_package = "k8s.io.api.resource.v1alpha3",
    protobuf_path = "k8s.io/api/resource/v1alpha3/generated.proto",
    cargo_feature = "resource-v1alpha3",
}

#[rustfmt::skip]
#[path = "../../generated/resource/v1alpha3/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceSelector {
    #[k8s(protobuf = 1)]
    pub cel: Option<CELDeviceSelector>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CELDeviceSelector {
    #[k8s(required, protobuf = 1)]
    pub expression: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceTaint {
    #[k8s(required, protobuf = 1)]
    pub key: String,
    #[k8s(optional, protobuf = 2)]
    pub value: String,
    #[k8s(required, protobuf = 3)]
    pub effect: DeviceTaintEffect,
    #[k8s(protobuf = 4)]
    pub time_added: Option<Time>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum DeviceTaintEffect {
    None,
    NoSchedule,
    NoExecute,
    Other(String),
}

impl Default for DeviceTaintEffect {
    fn default() -> Self {
        DeviceTaintEffect::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.33"),
    plural = "devicetaintrules",
    singular = "devicetaintrule",
    subresource_status
)]
pub struct DeviceTaintRule {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, protobuf = 2)]
    pub spec: DeviceTaintRuleSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: DeviceTaintRuleStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceTaintRuleSpec {
    #[k8s(protobuf = 1)]
    pub device_selector: Option<DeviceTaintSelector>,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub taint: DeviceTaint,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceTaintSelector {
    #[k8s(protobuf = 2)]
    pub driver: Option<String>,
    #[k8s(protobuf = 3)]
    pub pool: Option<String>,
    #[k8s(protobuf = 4)]
    pub device: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceTaintRuleStatus {
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "type",
        patch_strategy = "merge",
        patch_merge_key = "type",
        protobuf = 1
    )]
    pub conditions: Vec<Condition>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.33"))]
pub struct DeviceTaintRuleList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<DeviceTaintRule>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.36"),
    plural = "resourcepoolstatusrequests",
    singular = "resourcepoolstatusrequest",
    subresource_status
)]
pub struct ResourcePoolStatusRequest {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, immutable, protobuf = 2)]
    pub spec: ResourcePoolStatusRequestSpec,
    #[k8s(protobuf = 3)]
    pub status: Option<ResourcePoolStatusRequestStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourcePoolStatusRequestSpec {
    #[k8s(required, protobuf = 1)]
    pub driver: String,
    #[k8s(protobuf = 2)]
    pub pool_name: Option<String>,
    #[k8s(default = 100, minimum = 1, maximum = 1000, protobuf = 3)]
    pub limit: Option<i32>,
    #[k8s(feature_gate = "DRAPartitionableDevicesType", protobuf = 4)]
    pub default_partition_type_attribute: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourcePoolStatusRequestStatus {
    #[k8s(minimum = 0, protobuf = 6)]
    pub pool_count: Option<i32>,
    #[k8s(optional, list_type = "atomic", max_items = 1000, protobuf = 2)]
    pub pools: Vec<PoolStatus>,
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "type",
        patch_strategy = "merge",
        patch_merge_key = "type",
        max_items = 10,
        protobuf = 3
    )]
    pub conditions: Vec<Condition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PoolStatus {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub driver: String,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub pool_name: String,
    #[k8s(required, minimum = 0, protobuf = 9)]
    pub generation: i64,
    #[k8s(minimum = 1, protobuf = 8)]
    pub resource_slice_count: Option<i32>,
    #[k8s(minimum = 0, protobuf = 4)]
    pub total_devices: Option<i32>,
    #[k8s(minimum = 0, protobuf = 5)]
    pub allocated_devices: Option<i32>,
    #[k8s(minimum = 0, protobuf = 6)]
    pub available_devices: Option<i32>,
    #[k8s(minimum = 0, protobuf = 7)]
    pub unavailable_devices: Option<i32>,
    #[k8s(format = "k8s-long-name", protobuf = 3)]
    pub node_name: Option<String>,
    #[k8s(protobuf = 10)]
    pub validation_error: Option<String>,
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 11)]
    pub partition_summary: Vec<PartitionTypeStatus>,
    #[k8s(protobuf = 13)]
    pub shareable_summary: Option<ShareableSummaryStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PartitionTypeStatus {
    #[k8s(required, presence = "omit_empty", protobuf = 4)]
    pub attribute: String,
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub type_: String,
    #[k8s(minimum = 0, protobuf = 2)]
    pub total: Option<i32>,
    #[k8s(minimum = 0, protobuf = 3)]
    pub allocatable: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ShareableSummaryStatus {
    #[k8s(minimum = 0, protobuf = 1)]
    pub fully_available_devices: Option<i32>,
    #[k8s(minimum = 0, protobuf = 2)]
    pub partially_available_devices: Option<i32>,
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 3)]
    pub capacity: Vec<ShareableCapacityStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ShareableCapacityStatus {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub total: Option<Quantity>,
    #[k8s(protobuf = 3)]
    pub consumed: Option<Quantity>,
    #[k8s(protobuf = 4)]
    pub available: Option<Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.36"))]
pub struct ResourcePoolStatusRequestList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ResourcePoolStatusRequest>,
}

pub const GROUP_NAME: &str = "resource.k8s.io";

pub const DEVICE_TAINT_CONDITION_EVICTION_IN_PROGRESS: &str = "EvictionInProgress";

pub const RESOURCE_POOL_STATUS_REQUEST_CONDITION_COMPLETE: &str = "Complete";

pub const RESOURCE_POOL_STATUS_REQUEST_CONDITION_FAILED: &str = "Failed";
