// Imported by kapi-codegen from k8s.io/api/extensions/v1beta1. Change the source and import again.

use kapi::meta::{IntOrString, LabelSelector, ListMeta, ObjectMeta, StringMap, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "extensions",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.extensions.v1beta1",
    protobuf_path = "k8s.io/api/extensions/v1beta1/generated.proto",
    cargo_feature = "extensions-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/extensions/v1beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
pub struct ScaleSpec {
    #[k8s(optional, default = 0, minimum = 0, protobuf = 1)]
    pub replicas: i32,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ScaleStatus {
    #[k8s(protobuf = 1)]
    pub replicas: i32,
    #[k8s(optional, map_type = "atomic", protobuf = 2)]
    pub selector: StringMap,
    #[k8s(optional, protobuf = 3)]
    pub target_selector: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(introduced = "1.1", deprecated = "1.2", removed = "1.16"),
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
    lifecycle(introduced = "1.1", deprecated = "1.8", removed = "1.16", replacement = "apps/v1 Deployment"),
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
    #[k8s(optional, protobuf = 2)]
    pub spec: DeploymentSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: DeploymentStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeploymentSpec {
    #[k8s(protobuf = 1)]
    pub replicas: Option<i32>,
    #[k8s(protobuf = 2)]
    pub selector: Option<LabelSelector>,
    #[k8s(protobuf = 3)]
    pub template: crate::core::v1::PodTemplateSpec,
    #[k8s(optional, patch_strategy = "retainKeys", protobuf = 4)]
    pub strategy: DeploymentStrategy,
    #[k8s(optional, protobuf = 5)]
    pub min_ready_seconds: i32,
    #[k8s(protobuf = 6)]
    pub revision_history_limit: Option<i32>,
    #[k8s(optional, protobuf = 7)]
    pub paused: bool,
    #[k8s(protobuf = 8)]
    pub rollback_to: Option<RollbackConfig>,
    #[k8s(protobuf = 9)]
    pub progress_deadline_seconds: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    simple_kind,
    lifecycle(introduced = "1.2", deprecated = "1.8", removed = "1.16")
)]
pub struct DeploymentRollback {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub updated_annotations: StringMap,
    #[k8s(protobuf = 3)]
    pub rollback_to: RollbackConfig,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct RollbackConfig {
    #[k8s(optional, protobuf = 1)]
    pub revision: i64,
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
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
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
        introduced = "1.1",
        deprecated = "1.8",
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
    #[k8s(protobuf = 1)]
    pub selector: Option<LabelSelector>,
    #[k8s(protobuf = 2)]
    pub template: crate::core::v1::PodTemplateSpec,
    #[k8s(optional, protobuf = 3)]
    pub update_strategy: DaemonSetUpdateStrategy,
    #[k8s(optional, protobuf = 4)]
    pub min_ready_seconds: i32,
    #[k8s(optional, protobuf = 5)]
    pub template_generation: i64,
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
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.1", deprecated = "1.8", removed = "1.16", replacement = "apps/v1 DaemonSet"),
    plural = "daemonsets",
    singular = "daemonset",
    short_names = ["ds"],
    categories = ["all"],
    subresource_status
)]
pub struct DaemonSet {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: DaemonSetSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: DaemonSetStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.1",
        deprecated = "1.8",
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
    lifecycle(introduced = "1.1", deprecated = "1.14", removed = "1.22", replacement = "networking.k8s.io/v1 Ingress"),
    plural = "ingresses",
    singular = "ingress",
    short_names = ["ing"],
    subresource_status
)]
pub struct Ingress {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: IngressSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: IngressStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.1",
        deprecated = "1.14",
        removed = "1.22",
        replacement = "networking.k8s.io/v1 IngressList"
    )
)]
pub struct IngressList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Ingress>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressSpec {
    #[k8s(protobuf = 4)]
    pub ingress_class_name: Option<String>,
    #[k8s(protobuf = 1)]
    pub backend: Option<IngressBackend>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub tls: Vec<IngressTLS>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub rules: Vec<IngressRule>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressTLS {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub hosts: Vec<String>,
    #[k8s(optional, protobuf = 2)]
    pub secret_name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressStatus {
    #[k8s(optional, protobuf = 1)]
    pub load_balancer: IngressLoadBalancerStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressLoadBalancerStatus {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub ingress: Vec<IngressLoadBalancerIngress>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressLoadBalancerIngress {
    #[k8s(optional, protobuf = 1)]
    pub ip: String,
    #[k8s(optional, protobuf = 2)]
    pub hostname: String,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub ports: Vec<IngressPortStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressPortStatus {
    #[k8s(protobuf = 1)]
    pub port: i32,
    #[k8s(protobuf = 2)]
    pub protocol: crate::core::v1::Protocol,
    #[k8s(
        pattern = "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$",
        max_length = 316,
        protobuf = 3
    )]
    pub error: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressRule {
    #[k8s(optional, protobuf = 1)]
    pub host: String,
    #[k8s(inline, protobuf = 2)]
    pub ingress_rule_value: IngressRuleValue,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressRuleValue {
    #[k8s(protobuf = 1)]
    pub http: Option<HTTPIngressRuleValue>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HTTPIngressRuleValue {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub paths: Vec<HTTPIngressPath>,
}

pub const PATH_TYPE_EXACT: &str = "Exact";

pub const PATH_TYPE_PREFIX: &str = "Prefix";

pub const PATH_TYPE_IMPLEMENTATION_SPECIFIC: &str = "ImplementationSpecific";

#[derive(ApiType, Debug, PartialEq)]
pub struct HTTPIngressPath {
    #[k8s(optional, protobuf = 1)]
    pub path: String,
    #[k8s(protobuf = 3)]
    pub path_type: Option<String>,
    #[k8s(protobuf = 2)]
    pub backend: IngressBackend,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressBackend {
    #[k8s(optional, protobuf = 1)]
    pub service_name: String,
    #[k8s(optional, protobuf = 2)]
    pub service_port: IntOrString,
    #[k8s(protobuf = 3)]
    pub resource: Option<crate::core::v1::TypedLocalObjectReference>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(method(name = "GetScale", verb = "get", subresource = "scale", result = "Scale"), method(name = "UpdateScale", verb = "update", subresource = "scale", input = "Scale", result = "Scale")),
    lifecycle(introduced = "1.2", deprecated = "1.8", removed = "1.16", replacement = "apps/v1 ReplicaSet"),
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
    #[k8s(optional, protobuf = 2)]
    pub spec: ReplicaSetSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ReplicaSetStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.2",
        deprecated = "1.8",
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
    #[k8s(protobuf = 2)]
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
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.3", deprecated = "1.9", removed = "1.16", replacement = "networking.k8s.io/v1 NetworkPolicy"),
    plural = "networkpolicies",
    singular = "networkpolicy",
    short_names = ["netpol"]
)]
pub struct NetworkPolicy {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: NetworkPolicySpec,
}

pub const POLICY_TYPE_INGRESS: &str = "Ingress";

pub const POLICY_TYPE_EGRESS: &str = "Egress";

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicySpec {
    #[k8s(protobuf = 1)]
    pub pod_selector: LabelSelector,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub ingress: Vec<NetworkPolicyIngressRule>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub egress: Vec<NetworkPolicyEgressRule>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub policy_types: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicyIngressRule {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub ports: Vec<NetworkPolicyPort>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub from: Vec<NetworkPolicyPeer>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicyEgressRule {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub ports: Vec<NetworkPolicyPort>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub to: Vec<NetworkPolicyPeer>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicyPort {
    #[k8s(protobuf = 1)]
    pub protocol: Option<crate::core::v1::Protocol>,
    #[k8s(protobuf = 2)]
    pub port: Option<IntOrString>,
    #[k8s(protobuf = 3)]
    pub end_port: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IPBlock {
    #[k8s(required, protobuf = 1)]
    pub cidr: String,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub except: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicyPeer {
    #[k8s(protobuf = 1)]
    pub pod_selector: Option<LabelSelector>,
    #[k8s(protobuf = 2)]
    pub namespace_selector: Option<LabelSelector>,
    #[k8s(protobuf = 3)]
    pub ip_block: Option<IPBlock>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.3",
        deprecated = "1.9",
        removed = "1.16",
        replacement = "networking.k8s.io/v1 NetworkPolicyList"
    )
)]
pub struct NetworkPolicyList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<NetworkPolicy>,
}

pub const GROUP_NAME: &str = "extensions";

pub const DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY: &str = "pod-template-hash";

pub const DAEMON_SET_TEMPLATE_GENERATION_KEY: &str = "pod-template-generation";

pub const DEFAULT_DAEMON_SET_UNIQUE_LABEL_KEY: &str = "controller-revision-hash";
