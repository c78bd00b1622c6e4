// Imported by kapi-codegen from k8s.io/api/autoscaling/v1. Change the source and import again.

use kapi::meta::{LabelSelector, ListMeta, ObjectMeta, Quantity, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "autoscaling",
    version = "v1",
    protobuf_package = "k8s.io.api.autoscaling.v1",
    protobuf_path = "k8s.io/api/autoscaling/v1/generated.proto",
    cargo_feature = "autoscaling-v1",
}

#[rustfmt::skip]
#[path = "../../generated/autoscaling/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct CrossVersionObjectReference {
    #[k8s(protobuf = 1)]
    pub kind: String,
    #[k8s(protobuf = 2)]
    pub name: String,
    #[k8s(optional, protobuf = 3)]
    pub api_version: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HorizontalPodAutoscalerSpec {
    #[k8s(protobuf = 1)]
    pub scale_target_ref: CrossVersionObjectReference,
    #[k8s(protobuf = 2)]
    pub min_replicas: Option<i32>,
    #[k8s(required, minimum = 1, protobuf = 3)]
    pub max_replicas: i32,
    #[k8s(rename = "targetCPUUtilizationPercentage", protobuf = 4)]
    pub target_cpu_utilization_percentage: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HorizontalPodAutoscalerStatus {
    #[k8s(protobuf = 1)]
    pub observed_generation: Option<i64>,
    #[k8s(protobuf = 2)]
    pub last_scale_time: Option<Time>,
    #[k8s(protobuf = 3)]
    pub current_replicas: i32,
    #[k8s(protobuf = 4)]
    pub desired_replicas: i32,
    #[k8s(rename = "currentCPUUtilizationPercentage", protobuf = 5)]
    pub current_cpu_utilization_percentage: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.2"),
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
#[k8s(kind, lifecycle(introduced = "1.2"))]
pub struct HorizontalPodAutoscalerList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<HorizontalPodAutoscaler>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.2"), verbs = [])]
pub struct Scale {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: ScaleSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ScaleStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ScaleSpec {
    #[k8s(optional, default = 0, minimum = 0, protobuf = 1)]
    pub replicas: i32,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ScaleStatus {
    #[k8s(protobuf = 1)]
    pub replicas: i32,
    #[k8s(optional, protobuf = 2)]
    pub selector: String,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum MetricSourceType {
    Object,
    Pods,
    Resource,
    ContainerResource,
    External,
    Other(String),
}

impl Default for MetricSourceType {
    fn default() -> Self {
        MetricSourceType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct MetricSpec {
    #[k8s(protobuf = 1)]
    pub type_: MetricSourceType,
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
pub struct ObjectMetricSource {
    #[k8s(protobuf = 1)]
    pub target: CrossVersionObjectReference,
    #[k8s(protobuf = 2)]
    pub metric_name: String,
    #[k8s(protobuf = 3)]
    pub target_value: Quantity,
    #[k8s(protobuf = 4)]
    pub selector: Option<LabelSelector>,
    #[k8s(protobuf = 5)]
    pub average_value: Option<Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodsMetricSource {
    #[k8s(protobuf = 1)]
    pub metric_name: String,
    #[k8s(protobuf = 2)]
    pub target_average_value: Quantity,
    #[k8s(protobuf = 3)]
    pub selector: Option<LabelSelector>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceMetricSource {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub target_average_utilization: Option<i32>,
    #[k8s(protobuf = 3)]
    pub target_average_value: Option<Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerResourceMetricSource {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub target_average_utilization: Option<i32>,
    #[k8s(protobuf = 3)]
    pub target_average_value: Option<Quantity>,
    #[k8s(protobuf = 5)]
    pub container: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ExternalMetricSource {
    #[k8s(protobuf = 1)]
    pub metric_name: String,
    #[k8s(protobuf = 2)]
    pub metric_selector: Option<LabelSelector>,
    #[k8s(protobuf = 3)]
    pub target_value: Option<Quantity>,
    #[k8s(protobuf = 4)]
    pub target_average_value: Option<Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct MetricStatus {
    #[k8s(protobuf = 1)]
    pub type_: MetricSourceType,
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
pub struct ObjectMetricStatus {
    #[k8s(protobuf = 1)]
    pub target: CrossVersionObjectReference,
    #[k8s(protobuf = 2)]
    pub metric_name: String,
    #[k8s(protobuf = 3)]
    pub current_value: Quantity,
    #[k8s(protobuf = 4)]
    pub selector: Option<LabelSelector>,
    #[k8s(protobuf = 5)]
    pub average_value: Option<Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodsMetricStatus {
    #[k8s(protobuf = 1)]
    pub metric_name: String,
    #[k8s(protobuf = 2)]
    pub current_average_value: Quantity,
    #[k8s(protobuf = 3)]
    pub selector: Option<LabelSelector>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceMetricStatus {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub current_average_utilization: Option<i32>,
    #[k8s(protobuf = 3)]
    pub current_average_value: Quantity,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerResourceMetricStatus {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub current_average_utilization: Option<i32>,
    #[k8s(protobuf = 3)]
    pub current_average_value: Quantity,
    #[k8s(protobuf = 4)]
    pub container: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ExternalMetricStatus {
    #[k8s(protobuf = 1)]
    pub metric_name: String,
    #[k8s(protobuf = 2)]
    pub metric_selector: Option<LabelSelector>,
    #[k8s(protobuf = 3)]
    pub current_value: Quantity,
    #[k8s(protobuf = 4)]
    pub current_average_value: Option<Quantity>,
}

pub const GROUP_NAME: &str = "autoscaling";
