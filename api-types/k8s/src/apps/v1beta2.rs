// Imported by kapi-codegen from k8s.io/api/apps/v1beta2. Change the source and import again.

use kapi::meta::{IntOrString, LabelSelector, ListMeta, ObjectMeta, RawExtension, StringMap, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "apps",
    version = "v1beta2",
    protobuf_package = "k8s.io.api.apps.v1beta2",
    protobuf_path = "k8s.io/api/apps/v1beta2/generated.proto",
    cargo_feature = "apps-v1beta2",
}

#[rustfmt::skip]
#[path = "../../generated/apps/v1beta2/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
pub struct ScaleSpec {
    #[k8s(optional, default = 0, minimum = 0, protobuf = 1)]
    pub replicas: i32,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ScaleStatus {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub replicas: i32,
    #[k8s(optional, map_type = "atomic", protobuf = 2)]
    pub selector: StringMap,
    #[k8s(optional, protobuf = 3)]
    pub target_selector: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(introduced = "1.8", deprecated = "1.9", removed = "1.16", replacement = "autoscaling/v1 Scale"),
    storage_version,
    verbs = []
)]
pub struct Scale {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: ScaleSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ScaleStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(method(name = "GetScale", verb = "get", subresource = "scale", result = "Scale"), method(name = "UpdateScale", verb = "update", subresource = "scale", input = "Scale", result = "Scale")),
    lifecycle(introduced = "1.8", deprecated = "1.9", removed = "1.16", replacement = "apps/v1 StatefulSet"),
    plural = "statefulsets",
    singular = "statefulset",
    short_names = ["sts"],
    categories = ["all"],
    subresource_status,
    subresource_scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas")
)]
pub struct StatefulSet {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: StatefulSetSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: StatefulSetStatus,
}

pub const ORDERED_READY_POD_MANAGEMENT: &str = "OrderedReady";

pub const PARALLEL_POD_MANAGEMENT: &str = "Parallel";

#[derive(ApiType, Debug, PartialEq)]
pub struct StatefulSetUpdateStrategy {
    #[k8s(optional, protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub rolling_update: Option<RollingUpdateStatefulSetStrategy>,
}

pub const ROLLING_UPDATE_STATEFUL_SET_STRATEGY_TYPE: &str = "RollingUpdate";

pub const ON_DELETE_STATEFUL_SET_STRATEGY_TYPE: &str = "OnDelete";

#[derive(ApiType, Debug, PartialEq)]
pub struct RollingUpdateStatefulSetStrategy {
    #[k8s(protobuf = 1)]
    pub partition: Option<i32>,
    #[k8s(feature_gate = "MaxUnavailableStatefulSet", protobuf = 2)]
    pub max_unavailable: Option<IntOrString>,
}

pub const RETAIN_PERSISTENT_VOLUME_CLAIM_RETENTION_POLICY_TYPE: &str = "Retain";

pub const DELETE_PERSISTENT_VOLUME_CLAIM_RETENTION_POLICY_TYPE: &str = "Delete";

#[derive(ApiType, Debug, PartialEq)]
pub struct StatefulSetPersistentVolumeClaimRetentionPolicy {
    #[k8s(optional, protobuf = 1)]
    pub when_deleted: String,
    #[k8s(optional, protobuf = 2)]
    pub when_scaled: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct StatefulSetOrdinals {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub start: i32,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct StatefulSetSpec {
    #[k8s(protobuf = 1)]
    pub replicas: Option<i32>,
    #[k8s(presence = "null", protobuf = 2)]
    pub selector: Option<LabelSelector>,
    #[k8s(required, protobuf = 3)]
    pub template: crate::core::v1::PodTemplateSpec,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub volume_claim_templates: Vec<crate::core::v1::PersistentVolumeClaim>,
    #[k8s(optional, presence = "always", protobuf = 5)]
    pub service_name: String,
    #[k8s(optional, protobuf = 6)]
    pub pod_management_policy: String,
    #[k8s(optional, protobuf = 7)]
    pub update_strategy: StatefulSetUpdateStrategy,
    #[k8s(protobuf = 8)]
    pub revision_history_limit: Option<i32>,
    #[k8s(optional, protobuf = 9)]
    pub min_ready_seconds: i32,
    #[k8s(protobuf = 10)]
    pub persistent_volume_claim_retention_policy:
        Option<StatefulSetPersistentVolumeClaimRetentionPolicy>,
    #[k8s(protobuf = 11)]
    pub ordinals: Option<StatefulSetOrdinals>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct StatefulSetStatus {
    #[k8s(optional, protobuf = 1)]
    pub observed_generation: i64,
    #[k8s(protobuf = 2)]
    pub replicas: i32,
    #[k8s(optional, protobuf = 3)]
    pub ready_replicas: i32,
    #[k8s(optional, protobuf = 4)]
    pub current_replicas: i32,
    #[k8s(optional, protobuf = 5)]
    pub updated_replicas: i32,
    #[k8s(optional, protobuf = 6)]
    pub current_revision: String,
    #[k8s(optional, protobuf = 7)]
    pub update_revision: String,
    #[k8s(protobuf = 9)]
    pub collision_count: Option<i32>,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 10
    )]
    pub conditions: Vec<StatefulSetCondition>,
    #[k8s(optional, presence = "always", protobuf = 11)]
    pub available_replicas: i32,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct StatefulSetCondition {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub type_: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 5)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.8",
        deprecated = "1.9",
        removed = "1.16",
        replacement = "apps/v1 StatefulSetList"
    )
)]
pub struct StatefulSetList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<StatefulSet>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.8", deprecated = "1.9", removed = "1.16", replacement = "apps/v1 Deployment"),
    plural = "deployments",
    singular = "deployment",
    short_names = ["deploy"],
    categories = ["all"],
    subresource_status,
    subresource_scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas")
)]
pub struct Deployment {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: DeploymentSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: DeploymentStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeploymentSpec {
    #[k8s(protobuf = 1)]
    pub replicas: Option<i32>,
    #[k8s(presence = "null", protobuf = 2)]
    pub selector: Option<LabelSelector>,
    #[k8s(required, protobuf = 3)]
    pub template: crate::core::v1::PodTemplateSpec,
    #[k8s(optional, patch_strategy = "retainKeys", protobuf = 4)]
    pub strategy: DeploymentStrategy,
    #[k8s(optional, protobuf = 5)]
    pub min_ready_seconds: i32,
    #[k8s(protobuf = 6)]
    pub revision_history_limit: Option<i32>,
    #[k8s(optional, protobuf = 7)]
    pub paused: bool,
    #[k8s(protobuf = 9)]
    pub progress_deadline_seconds: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeploymentStrategy {
    #[k8s(optional, protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub rolling_update: Option<RollingUpdateDeployment>,
}

pub const RECREATE_DEPLOYMENT_STRATEGY_TYPE: &str = "Recreate";

pub const ROLLING_UPDATE_DEPLOYMENT_STRATEGY_TYPE: &str = "RollingUpdate";

#[derive(ApiType, Debug, PartialEq)]
pub struct RollingUpdateDeployment {
    #[k8s(protobuf = 1)]
    pub max_unavailable: Option<IntOrString>,
    #[k8s(protobuf = 2)]
    pub max_surge: Option<IntOrString>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeploymentStatus {
    #[k8s(optional, protobuf = 1)]
    pub observed_generation: i64,
    #[k8s(optional, protobuf = 2)]
    pub replicas: i32,
    #[k8s(optional, protobuf = 3)]
    pub updated_replicas: i32,
    #[k8s(optional, protobuf = 7)]
    pub ready_replicas: i32,
    #[k8s(optional, protobuf = 4)]
    pub available_replicas: i32,
    #[k8s(optional, protobuf = 5)]
    pub unavailable_replicas: i32,
    #[k8s(protobuf = 9)]
    pub terminating_replicas: Option<i32>,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 6
    )]
    pub conditions: Vec<DeploymentCondition>,
    #[k8s(protobuf = 8)]
    pub collision_count: Option<i32>,
}

pub const DEPLOYMENT_AVAILABLE: &str = "Available";

pub const DEPLOYMENT_PROGRESSING: &str = "Progressing";

pub const DEPLOYMENT_REPLICA_FAILURE: &str = "ReplicaFailure";

#[derive(ApiType, Debug, PartialEq)]
pub struct DeploymentCondition {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub type_: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 6)]
    pub last_update_time: Time,
    #[k8s(optional, protobuf = 7)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 5)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.8",
        deprecated = "1.9",
        removed = "1.16",
        replacement = "apps/v1 DeploymentList"
    )
)]
pub struct DeploymentList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Deployment>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DaemonSetUpdateStrategy {
    #[k8s(optional, protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub rolling_update: Option<RollingUpdateDaemonSet>,
}

pub const ROLLING_UPDATE_DAEMON_SET_STRATEGY_TYPE: &str = "RollingUpdate";

pub const ON_DELETE_DAEMON_SET_STRATEGY_TYPE: &str = "OnDelete";

#[derive(ApiType, Debug, PartialEq)]
pub struct RollingUpdateDaemonSet {
    #[k8s(protobuf = 1)]
    pub max_unavailable: Option<IntOrString>,
    #[k8s(protobuf = 2)]
    pub max_surge: Option<IntOrString>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DaemonSetSpec {
    #[k8s(presence = "null", protobuf = 1)]
    pub selector: Option<LabelSelector>,
    #[k8s(required, protobuf = 2)]
    pub template: crate::core::v1::PodTemplateSpec,
    #[k8s(optional, protobuf = 3)]
    pub update_strategy: DaemonSetUpdateStrategy,
    #[k8s(optional, protobuf = 4)]
    pub min_ready_seconds: i32,
    #[k8s(protobuf = 6)]
    pub revision_history_limit: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DaemonSetStatus {
    #[k8s(protobuf = 1)]
    pub current_number_scheduled: i32,
    #[k8s(protobuf = 2)]
    pub number_misscheduled: i32,
    #[k8s(protobuf = 3)]
    pub desired_number_scheduled: i32,
    #[k8s(protobuf = 4)]
    pub number_ready: i32,
    #[k8s(optional, protobuf = 5)]
    pub observed_generation: i64,
    #[k8s(optional, protobuf = 6)]
    pub updated_number_scheduled: i32,
    #[k8s(optional, protobuf = 7)]
    pub number_available: i32,
    #[k8s(optional, protobuf = 8)]
    pub number_unavailable: i32,
    #[k8s(protobuf = 9)]
    pub collision_count: Option<i32>,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 10
    )]
    pub conditions: Vec<DaemonSetCondition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DaemonSetCondition {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub type_: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 5)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.8", deprecated = "1.9", removed = "1.16", replacement = "apps/v1 DaemonSet"),
    plural = "daemonsets",
    singular = "daemonset",
    short_names = ["ds"],
    categories = ["all"],
    subresource_status
)]
pub struct DaemonSet {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: DaemonSetSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: DaemonSetStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.8",
        deprecated = "1.9",
        removed = "1.16",
        replacement = "apps/v1 DaemonSetList"
    )
)]
pub struct DaemonSetList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<DaemonSet>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.8", deprecated = "1.9", removed = "1.16", replacement = "apps/v1 ReplicaSet"),
    plural = "replicasets",
    singular = "replicaset",
    short_names = ["rs"],
    categories = ["all"],
    subresource_status,
    subresource_scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas")
)]
pub struct ReplicaSet {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: ReplicaSetSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ReplicaSetStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.8",
        deprecated = "1.9",
        removed = "1.16",
        replacement = "apps/v1 ReplicaSetList"
    )
)]
pub struct ReplicaSetList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ReplicaSet>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ReplicaSetSpec {
    #[k8s(protobuf = 1)]
    pub replicas: Option<i32>,
    #[k8s(optional, protobuf = 4)]
    pub min_ready_seconds: i32,
    #[k8s(presence = "null", protobuf = 2)]
    pub selector: Option<LabelSelector>,
    #[k8s(optional, protobuf = 3)]
    pub template: crate::core::v1::PodTemplateSpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ReplicaSetStatus {
    #[k8s(protobuf = 1)]
    pub replicas: i32,
    #[k8s(optional, protobuf = 2)]
    pub fully_labeled_replicas: i32,
    #[k8s(optional, protobuf = 4)]
    pub ready_replicas: i32,
    #[k8s(optional, protobuf = 5)]
    pub available_replicas: i32,
    #[k8s(protobuf = 7)]
    pub terminating_replicas: Option<i32>,
    #[k8s(optional, protobuf = 3)]
    pub observed_generation: i64,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 6
    )]
    pub conditions: Vec<ReplicaSetCondition>,
}

pub const REPLICA_SET_REPLICA_FAILURE: &str = "ReplicaFailure";

#[derive(ApiType, Debug, PartialEq)]
pub struct ReplicaSetCondition {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub type_: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 5)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(
        introduced = "1.8",
        deprecated = "1.9",
        removed = "1.16",
        replacement = "apps/v1 ControllerRevision"
    ),
    plural = "controllerrevisions",
    singular = "controllerrevision"
)]
pub struct ControllerRevision {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, protobuf = 2)]
    pub data: RawExtension,
    #[k8s(optional, presence = "always", protobuf = 3)]
    pub revision: i64,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.8",
        deprecated = "1.9",
        removed = "1.16",
        replacement = "apps/v1 ControllerRevisionList"
    )
)]
pub struct ControllerRevisionList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ControllerRevision>,
}

pub const GROUP_NAME: &str = "apps";

pub const CONTROLLER_REVISION_HASH_LABEL_KEY: &str = "controller-revision-hash";

pub const STATEFUL_SET_REVISION_LABEL: &str = "controller-revision-hash";

pub const DEPRECATED_ROLLBACK_TO: &str = "deprecated.deployment.rollback.to";

pub const DEPRECATED_TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";

pub const STATEFUL_SET_POD_NAME_LABEL: &str = "statefulset.kubernetes.io/pod-name";

pub const DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY: &str = "pod-template-hash";

pub const DEFAULT_DAEMON_SET_UNIQUE_LABEL_KEY: &str = "controller-revision-hash";
