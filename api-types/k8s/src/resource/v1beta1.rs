// Imported by kapi-codegen from k8s.io/api/resource/v1beta1. Change the source and import again.

use kapi::meta::{Condition, ListMeta, ObjectMeta, Quantity, RawExtension, Time};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "resource.k8s.io",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.resource.v1beta1",
    protobuf_path = "k8s.io/api/resource/v1beta1/generated.proto",
    cargo_feature = "resource-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/resource/v1beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.32"),
    plural = "resourceslices",
    singular = "resourceslice"
)]
pub struct ResourceSlice {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, protobuf = 2)]
    pub spec: ResourceSliceSpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceSliceSpec {
    #[k8s(required, protobuf = 1)]
    pub driver: String,
    #[k8s(required, protobuf = 2)]
    pub pool: ResourcePool,
    #[k8s(optional, protobuf = 3)]
    pub node_name: String,
    #[k8s(protobuf = 4)]
    pub node_selector: Option<crate::core::v1::NodeSelector>,
    #[k8s(optional, protobuf = 5)]
    pub all_nodes: bool,
    #[k8s(optional, list_type = "atomic", protobuf = 6)]
    pub devices: Vec<Device>,
    #[k8s(feature_gate = "DRAPartitionableDevices", protobuf = 7)]
    pub per_device_node_selection: Option<bool>,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRAPartitionableDevices",
        max_items = 8,
        protobuf = 8
    )]
    pub shared_counters: Vec<CounterSet>,
    #[k8s(feature_gate = "DRAPartitionableDevicesType", protobuf = 9)]
    pub partition_type_attribute: Option<String>,
    #[k8s(
        optional,
        list_type = "set",
        feature_gate = "DRAOptionalNodeOperations",
        protobuf = 10
    )]
    pub skip_node_operations: Vec<SkipNodeOperation>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum SkipNodeOperation {
    NodePrepareResources,
    NodeUnprepareResources,
    #[k8s(rename = "*")]
    All,
    Other(String),
}

impl Default for SkipNodeOperation {
    fn default() -> Self {
        SkipNodeOperation::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CounterSet {
    #[k8s(required, format = "k8s-short-name", protobuf = 1)]
    pub name: String,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub counters: BTreeMap<String, Counter>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Counter {
    #[k8s(required, protobuf = 1)]
    pub value: Quantity,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourcePool {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(required, protobuf = 2)]
    pub generation: i64,
    #[k8s(required, protobuf = 3)]
    pub resource_slice_count: i64,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Device {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub basic: Option<BasicDevice>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct BasicDevice {
    #[k8s(optional, protobuf = 1)]
    pub attributes: BTreeMap<String, DeviceAttribute>,
    #[k8s(optional, protobuf = 2)]
    pub capacity: BTreeMap<String, DeviceCapacity>,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRAPartitionableDevices",
        max_items = 2,
        protobuf = 3
    )]
    pub consumes_counters: Vec<DeviceCounterConsumption>,
    #[k8s(feature_gate = "DRAPartitionableDevices", protobuf = 4)]
    pub node_name: Option<String>,
    #[k8s(protobuf = 5)]
    pub node_selector: Option<crate::core::v1::NodeSelector>,
    #[k8s(feature_gate = "DRAPartitionableDevices", protobuf = 6)]
    pub all_nodes: Option<bool>,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRADeviceTaints",
        protobuf = 7
    )]
    pub taints: Vec<DeviceTaint>,
    #[k8s(protobuf = 8)]
    pub binds_to_node: Option<bool>,
    #[k8s(optional, list_type = "atomic", max_items = 4, protobuf = 9)]
    pub binding_conditions: Vec<String>,
    #[k8s(optional, list_type = "atomic", max_items = 4, protobuf = 10)]
    pub binding_failure_conditions: Vec<String>,
    #[k8s(feature_gate = "DRAConsumableCapacity", protobuf = 11)]
    pub allow_multiple_allocations: Option<bool>,
    #[k8s(optional, feature_gate = "DRANodeAllocatableResources", protobuf = 14)]
    pub node_allocatable_resources: BTreeMap<String, NodeAllocatableResource>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeAllocatableResource {
    #[k8s(protobuf = 3)]
    pub mapping: Option<NodeAllocatableMapping>,
    #[k8s(protobuf = 4)]
    pub overhead: Option<NodeAllocatableOverhead>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeAllocatableMapping {
    #[k8s(protobuf = 1)]
    pub capacity_key: Option<String>,
    #[k8s(protobuf = 2)]
    pub capacity_multiplier: Option<Quantity>,
    #[k8s(protobuf = 3)]
    pub device_multiplier: Option<Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeAllocatableOverhead {
    #[k8s(protobuf = 1)]
    pub per_pod: Option<Quantity>,
    #[k8s(protobuf = 2)]
    pub per_container: Option<Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceCounterConsumption {
    #[k8s(required, format = "k8s-short-name", protobuf = 1)]
    pub counter_set: String,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub counters: BTreeMap<String, Counter>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceCapacity {
    #[k8s(required, protobuf = 1)]
    pub value: Quantity,
    #[k8s(feature_gate = "DRAConsumableCapacity", protobuf = 2)]
    pub request_policy: Option<CapacityRequestPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CapacityRequestPolicy {
    #[k8s(presence = "null", protobuf = 1)]
    pub default: Option<Quantity>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub valid_values: Vec<Quantity>,
    #[k8s(protobuf = 4)]
    pub valid_range: Option<CapacityRequestPolicyRange>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CapacityRequestPolicyRange {
    #[k8s(protobuf = 1)]
    pub min: Option<Quantity>,
    #[k8s(protobuf = 2)]
    pub max: Option<Quantity>,
    #[k8s(protobuf = 3)]
    pub step: Option<Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceAttribute {
    #[k8s(protobuf = 2)]
    pub int: Option<i64>,
    #[k8s(protobuf = 3)]
    pub bool: Option<bool>,
    #[k8s(protobuf = 4)]
    pub string: Option<String>,
    #[k8s(protobuf = 5)]
    pub version: Option<String>,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRAListTypeAttributes",
        protobuf = 6
    )]
    pub ints: Vec<i64>,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRAListTypeAttributes",
        protobuf = 7
    )]
    pub bools: Vec<bool>,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRAListTypeAttributes",
        protobuf = 8
    )]
    pub strings: Vec<String>,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRAListTypeAttributes",
        protobuf = 9
    )]
    pub versions: Vec<String>,
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
#[k8s(kind, lifecycle(introduced = "1.32"))]
pub struct ResourceSliceList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ResourceSlice>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.32"),
    plural = "resourceclaims",
    singular = "resourceclaim",
    subresource_status
)]
pub struct ResourceClaim {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, presence = "always", immutable, protobuf = 2)]
    pub spec: ResourceClaimSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ResourceClaimStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceClaimSpec {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub devices: DeviceClaim,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceClaim {
    #[k8s(
        optional,
        presence = "null",
        list_type = "atomic",
        max_items = 32,
        protobuf = 1
    )]
    pub requests: Vec<DeviceRequest>,
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 2)]
    pub constraints: Vec<DeviceConstraint>,
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 3)]
    pub config: Vec<DeviceClaimConfiguration>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceRequest {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub device_class_name: String,
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 3)]
    pub selectors: Vec<DeviceSelector>,
    #[k8s(optional, protobuf = 4)]
    pub allocation_mode: DeviceAllocationMode,
    #[k8s(optional, protobuf = 5)]
    pub count: i64,
    #[k8s(feature_gate = "DRAAdminAccess", protobuf = 6)]
    pub admin_access: Option<bool>,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRAPrioritizedList",
        max_items = 8,
        protobuf = 7
    )]
    pub first_available: Vec<DeviceSubRequest>,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRADeviceTaints",
        protobuf = 8
    )]
    pub tolerations: Vec<DeviceToleration>,
    #[k8s(feature_gate = "DRAConsumableCapacity", protobuf = 9)]
    pub capacity: Option<CapacityRequirements>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceSubRequest {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(required, format = "k8s-long-name", protobuf = 2)]
    pub device_class_name: String,
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 3)]
    pub selectors: Vec<DeviceSelector>,
    #[k8s(optional, protobuf = 4)]
    pub allocation_mode: DeviceAllocationMode,
    #[k8s(optional, protobuf = 5)]
    pub count: i64,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRADeviceTaints",
        protobuf = 7
    )]
    pub tolerations: Vec<DeviceToleration>,
    #[k8s(feature_gate = "DRAConsumableCapacity", protobuf = 8)]
    pub capacity: Option<CapacityRequirements>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CapacityRequirements {
    #[k8s(optional, protobuf = 1)]
    pub requests: BTreeMap<String, Quantity>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum DeviceAllocationMode {
    ExactCount,
    All,
    Other(String),
}

impl Default for DeviceAllocationMode {
    fn default() -> Self {
        DeviceAllocationMode::Other(String::new())
    }
}

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
pub struct DeviceConstraint {
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 1)]
    pub requests: Vec<String>,
    #[k8s(protobuf = 2)]
    pub match_attribute: Option<String>,
    #[k8s(feature_gate = "DRAConsumableCapacity", protobuf = 3)]
    pub distinct_attribute: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceClaimConfiguration {
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 1)]
    pub requests: Vec<String>,
    #[k8s(inline, protobuf = 2)]
    pub device_configuration: DeviceConfiguration,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceConfiguration {
    #[k8s(protobuf = 1)]
    pub opaque: Option<OpaqueDeviceConfiguration>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct OpaqueDeviceConfiguration {
    #[k8s(required, max_length = 63, protobuf = 1)]
    pub driver: String,
    #[k8s(required, protobuf = 2)]
    pub parameters: RawExtension,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceToleration {
    #[k8s(optional, format = "k8s-label-key", protobuf = 1)]
    pub key: String,
    #[k8s(optional, default = "Equal", protobuf = 2)]
    pub operator: DeviceTolerationOperator,
    #[k8s(optional, protobuf = 3)]
    pub value: String,
    #[k8s(optional, protobuf = 4)]
    pub effect: DeviceTaintEffect,
    #[k8s(protobuf = 5)]
    pub toleration_seconds: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum DeviceTolerationOperator {
    Exists,
    Equal,
    Other(String),
}

impl Default for DeviceTolerationOperator {
    fn default() -> Self {
        DeviceTolerationOperator::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceClaimStatus {
    #[k8s(protobuf = 1)]
    pub allocation: Option<AllocationResult>,
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "uid",
        patch_strategy = "merge",
        patch_merge_key = "uid",
        max_items = 256,
        protobuf = 2
    )]
    pub reserved_for: Vec<ResourceClaimConsumerReference>,
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "driver",
        list_map_key = "device",
        list_map_key = "pool",
        list_map_key = "shareID",
        feature_gate = "DRAResourceClaimDeviceStatus",
        protobuf = 4
    )]
    pub devices: Vec<AllocatedDeviceStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceClaimConsumerReference {
    #[k8s(optional, protobuf = 1)]
    pub api_group: String,
    #[k8s(required, protobuf = 3)]
    pub resource: String,
    #[k8s(required, protobuf = 4)]
    pub name: String,
    #[k8s(required, protobuf = 5)]
    pub uid: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AllocationResult {
    #[k8s(optional, protobuf = 1)]
    pub devices: DeviceAllocationResult,
    #[k8s(protobuf = 3)]
    pub node_selector: Option<crate::core::v1::NodeSelector>,
    #[k8s(protobuf = 5)]
    pub allocation_timestamp: Option<Time>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceAllocationResult {
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 1)]
    pub results: Vec<DeviceRequestAllocationResult>,
    #[k8s(optional, list_type = "atomic", max_items = 64, protobuf = 2)]
    pub config: Vec<DeviceAllocationConfiguration>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceRequestAllocationResult {
    #[k8s(required, protobuf = 1)]
    pub request: String,
    #[k8s(required, max_length = 63, protobuf = 2)]
    pub driver: String,
    #[k8s(required, protobuf = 3)]
    pub pool: String,
    #[k8s(required, protobuf = 4)]
    pub device: String,
    #[k8s(feature_gate = "DRAAdminAccess", protobuf = 5)]
    pub admin_access: Option<bool>,
    #[k8s(
        optional,
        list_type = "atomic",
        feature_gate = "DRADeviceTaints",
        protobuf = 6
    )]
    pub tolerations: Vec<DeviceToleration>,
    #[k8s(optional, list_type = "atomic", max_items = 4, protobuf = 7)]
    pub binding_conditions: Vec<String>,
    #[k8s(optional, list_type = "atomic", max_items = 4, protobuf = 8)]
    pub binding_failure_conditions: Vec<String>,
    #[k8s(
        rename = "shareID",
        feature_gate = "DRAConsumableCapacity",
        format = "k8s-uuid",
        protobuf = 9
    )]
    pub share_id: Option<String>,
    #[k8s(optional, feature_gate = "DRAConsumableCapacity", protobuf = 10)]
    pub consumed_capacity: BTreeMap<String, Quantity>,
    #[k8s(
        optional,
        list_type = "set",
        feature_gate = "DRAOptionalNodeOperations",
        protobuf = 11
    )]
    pub skip_node_operations: Vec<SkipNodeOperation>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceAllocationConfiguration {
    #[k8s(required, protobuf = 1)]
    pub source: AllocationConfigSource,
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 2)]
    pub requests: Vec<String>,
    #[k8s(inline, protobuf = 3)]
    pub device_configuration: DeviceConfiguration,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum AllocationConfigSource {
    FromClass,
    FromClaim,
    Other(String),
}

impl Default for AllocationConfigSource {
    fn default() -> Self {
        AllocationConfigSource::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.32"))]
pub struct ResourceClaimList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ResourceClaim>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.32"),
    plural = "deviceclasses",
    singular = "deviceclass"
)]
pub struct DeviceClass {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub spec: DeviceClassSpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceClassSpec {
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 1)]
    pub selectors: Vec<DeviceSelector>,
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 2)]
    pub config: Vec<DeviceClassConfiguration>,
    #[k8s(feature_gate = "DRAExtendedResource", protobuf = 4)]
    pub extended_resource_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeviceClassConfiguration {
    #[k8s(inline, protobuf = 1)]
    pub device_configuration: DeviceConfiguration,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.32"))]
pub struct DeviceClassList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<DeviceClass>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.32"),
    plural = "resourceclaimtemplates",
    singular = "resourceclaimtemplate"
)]
pub struct ResourceClaimTemplate {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub spec: ResourceClaimTemplateSpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceClaimTemplateSpec {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub spec: ResourceClaimSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.32"))]
pub struct ResourceClaimTemplateList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ResourceClaimTemplate>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AllocatedDeviceStatus {
    #[k8s(required, protobuf = 1)]
    pub driver: String,
    #[k8s(required, protobuf = 2)]
    pub pool: String,
    #[k8s(required, protobuf = 3)]
    pub device: String,
    #[k8s(
        rename = "shareID",
        feature_gate = "DRAConsumableCapacity",
        format = "k8s-uuid",
        protobuf = 7
    )]
    pub share_id: Option<String>,
    #[k8s(
        optional,
        presence = "null",
        list_type = "map",
        list_map_key = "type",
        protobuf = 4
    )]
    pub conditions: Vec<Condition>,
    #[k8s(protobuf = 5)]
    pub data: Option<RawExtension>,
    #[k8s(protobuf = 6)]
    pub network_data: Option<NetworkDeviceData>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkDeviceData {
    #[k8s(optional, protobuf = 1)]
    pub interface_name: String,
    #[k8s(optional, list_type = "atomic", max_items = 16, protobuf = 2)]
    pub ips: Vec<String>,
    #[k8s(optional, protobuf = 3)]
    pub hardware_address: String,
}

pub const GROUP_NAME: &str = "resource.k8s.io";

pub const FINALIZER: &str = "resource.kubernetes.io/delete-protection";

pub const EXTENDED_RESOURCE_CLAIM_ANNOTATION: &str =
    "resource.kubernetes.io/extended-resource-claim";

pub const POD_RESOURCE_CLAIM_ANNOTATION: &str = "resource.kubernetes.io/pod-claim-name";

pub const RESOURCE_DEVICE_CLASS_PREFIX: &str = "deviceclass.resource.kubernetes.io/";

pub const RESOURCE_SLICE_SELECTOR_NODE_NAME: &str = "spec.nodeName";

pub const RESOURCE_SLICE_SELECTOR_DRIVER: &str = "spec.driver";

pub const RESOURCE_SLICE_SELECTOR_POOL_NAME: &str = "spec.pool.name";

pub const DRA_ADMIN_NAMESPACE_LABEL_KEY: &str = "resource.kubernetes.io/admin-access";
