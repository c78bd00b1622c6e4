// Imported by kapi-codegen from k8s.io/api/autoscaling/v2. Change the source and import again.

use kapi::meta::{LabelSelector, ListMeta, ObjectMeta, Quantity, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "autoscaling",
    version = "v2",
    protobuf_package = "k8s.io.api.autoscaling.v2",
    protobuf_path = "k8s.io/api/autoscaling/v2/generated.proto",
    cargo_feature = "autoscaling-v2",
}

#[rustfmt::skip]
#[path = "../../generated/autoscaling/v2/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.23"),
    storage_version,
    plural = "horizontalpodautoscalers",
    singular = "horizontalpodautoscaler",
    short_names = ["hpa"],
    categories = ["all"],
    subresource_status
)]
pub struct HorizontalPodAutoscaler {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: HorizontalPodAutoscalerSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: HorizontalPodAutoscalerStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HorizontalPodAutoscalerSpec {
    #[k8s(protobuf = 1)]
    pub scale_target_ref: CrossVersionObjectReference,
    #[k8s(protobuf = 2)]
    pub min_replicas: Option<i32>,
    #[k8s(required, minimum = 1, protobuf = 3)]
    pub max_replicas: i32,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub metrics: Vec<MetricSpec>,
    #[k8s(protobuf = 5)]
    pub behavior: Option<HorizontalPodAutoscalerBehavior>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CrossVersionObjectReference {
    #[k8s(protobuf = 1)]
    pub kind: String,
    #[k8s(protobuf = 2)]
    pub name: String,
    #[k8s(optional, protobuf = 3)]
    pub api_version: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct MetricSpec {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub object: Option<ObjectMetricSource>,
    #[k8s(protobuf = 3)]
    pub pods: Option<PodsMetricSource>,
    #[k8s(protobuf = 4)]
    pub resource: Option<ResourceMetricSource>,
    #[k8s(protobuf = 7)]
    pub container_resource: Option<ContainerResourceMetricSource>,
    #[k8s(protobuf = 5)]
    pub external: Option<ExternalMetricSource>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HorizontalPodAutoscalerBehavior {
    #[k8s(protobuf = 1)]
    pub scale_up: Option<HPAScalingRules>,
    #[k8s(protobuf = 2)]
    pub scale_down: Option<HPAScalingRules>,
}

pub const MAX_CHANGE_POLICY_SELECT: &str = "Max";

pub const MIN_CHANGE_POLICY_SELECT: &str = "Min";

pub const DISABLED_POLICY_SELECT: &str = "Disabled";

#[derive(ApiType, Debug, PartialEq)]
pub struct HPAScalingRules {
    #[k8s(protobuf = 3)]
    pub stabilization_window_seconds: Option<i32>,
    #[k8s(protobuf = 1)]
    pub select_policy: Option<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub policies: Vec<HPAScalingPolicy>,
    #[k8s(feature_gate = "HPAConfigurableTolerance", protobuf = 4)]
    pub tolerance: Option<Quantity>,
}

pub const PODS_SCALING_POLICY: &str = "Pods";

pub const PERCENT_SCALING_POLICY: &str = "Percent";

#[derive(ApiType, Debug, PartialEq)]
pub struct HPAScalingPolicy {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub value: i32,
    #[k8s(protobuf = 3)]
    pub period_seconds: i32,
}

pub const OBJECT_METRIC_SOURCE_TYPE: &str = "Object";

pub const PODS_METRIC_SOURCE_TYPE: &str = "Pods";

pub const RESOURCE_METRIC_SOURCE_TYPE: &str = "Resource";

pub const CONTAINER_RESOURCE_METRIC_SOURCE_TYPE: &str = "ContainerResource";

pub const EXTERNAL_METRIC_SOURCE_TYPE: &str = "External";

#[derive(ApiType, Debug, PartialEq)]
pub struct ObjectMetricSource {
    #[k8s(protobuf = 1)]
    pub described_object: CrossVersionObjectReference,
    #[k8s(protobuf = 2)]
    pub target: MetricTarget,
    #[k8s(protobuf = 3)]
    pub metric: MetricIdentifier,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodsMetricSource {
    #[k8s(protobuf = 1)]
    pub metric: MetricIdentifier,
    #[k8s(protobuf = 2)]
    pub target: MetricTarget,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceMetricSource {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub target: MetricTarget,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerResourceMetricSource {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub target: MetricTarget,
    #[k8s(protobuf = 3)]
    pub container: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ExternalMetricSource {
    #[k8s(protobuf = 1)]
    pub metric: MetricIdentifier,
    #[k8s(protobuf = 2)]
    pub target: MetricTarget,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct MetricIdentifier {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub selector: Option<LabelSelector>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct MetricTarget {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub value: Option<Quantity>,
    #[k8s(protobuf = 3)]
    pub average_value: Option<Quantity>,
    #[k8s(protobuf = 4)]
    pub average_utilization: Option<i32>,
}

pub const UTILIZATION_METRIC_TYPE: &str = "Utilization";

pub const VALUE_METRIC_TYPE: &str = "Value";

pub const AVERAGE_VALUE_METRIC_TYPE: &str = "AverageValue";

#[derive(ApiType, Debug, PartialEq)]
pub struct HorizontalPodAutoscalerStatus {
    #[k8s(protobuf = 1)]
    pub observed_generation: Option<i64>,
    #[k8s(protobuf = 2)]
    pub last_scale_time: Option<Time>,
    #[k8s(optional, protobuf = 3)]
    pub current_replicas: i32,
    #[k8s(protobuf = 4)]
    pub desired_replicas: i32,
    #[k8s(optional, presence = "null", list_type = "atomic", protobuf = 5)]
    pub current_metrics: Vec<MetricStatus>,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 6
    )]
    pub conditions: Vec<HorizontalPodAutoscalerCondition>,
}

pub const SCALING_ACTIVE: &str = "ScalingActive";

pub const ABLE_TO_SCALE: &str = "AbleToScale";

pub const SCALING_LIMITED: &str = "ScalingLimited";

pub const SCALED_TO_ZERO: &str = "ScaledToZero";

#[derive(ApiType, Debug, PartialEq)]
pub struct HorizontalPodAutoscalerCondition {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 5)]
    pub message: String,
    #[k8s(protobuf = 6)]
    pub observed_generation: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct MetricStatus {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub object: Option<ObjectMetricStatus>,
    #[k8s(protobuf = 3)]
    pub pods: Option<PodsMetricStatus>,
    #[k8s(protobuf = 4)]
    pub resource: Option<ResourceMetricStatus>,
    #[k8s(protobuf = 7)]
    pub container_resource: Option<ContainerResourceMetricStatus>,
    #[k8s(protobuf = 5)]
    pub external: Option<ExternalMetricStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ObjectMetricStatus {
    #[k8s(protobuf = 1)]
    pub metric: MetricIdentifier,
    #[k8s(protobuf = 2)]
    pub current: MetricValueStatus,
    #[k8s(protobuf = 3)]
    pub described_object: CrossVersionObjectReference,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodsMetricStatus {
    #[k8s(protobuf = 1)]
    pub metric: MetricIdentifier,
    #[k8s(protobuf = 2)]
    pub current: MetricValueStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceMetricStatus {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub current: MetricValueStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerResourceMetricStatus {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub current: MetricValueStatus,
    #[k8s(protobuf = 3)]
    pub container: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ExternalMetricStatus {
    #[k8s(protobuf = 1)]
    pub metric: MetricIdentifier,
    #[k8s(protobuf = 2)]
    pub current: MetricValueStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct MetricValueStatus {
    #[k8s(protobuf = 1)]
    pub value: Option<Quantity>,
    #[k8s(protobuf = 2)]
    pub average_value: Option<Quantity>,
    #[k8s(protobuf = 3)]
    pub average_utilization: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.23"))]
pub struct HorizontalPodAutoscalerList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<HorizontalPodAutoscaler>,
}

pub const GROUP_NAME: &str = "autoscaling";
