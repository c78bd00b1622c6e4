//! batch/v1: Job. Names, JSON and protobuf tags and markers are k8s.io/api's
//! (translated from its types.go); the docs are not carried over. Go's embedded structs are
//! `inline` fields.

use kapi::meta::{LabelSelector, ObjectMeta, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "batch",
    version = "v1",
    protobuf_package = "k8s.io.api.batch.v1",
    protobuf_path = "k8s.io/api/batch/v1/generated.proto",
    cargo_feature = "batch-v1",
}

#[rustfmt::skip]
#[path = "../../generated/batch/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client, subresource_status)]
pub struct Job {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: JobSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: JobStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct JobSpec {
    #[k8s(protobuf = 1)]
    pub parallelism: Option<i32>,
    #[k8s(protobuf = 2)]
    pub completions: Option<i32>,
    #[k8s(protobuf = 3)]
    pub active_deadline_seconds: Option<i64>,
    #[k8s(protobuf = 11)]
    pub pod_failure_policy: Option<PodFailurePolicy>,
    #[k8s(protobuf = 16)]
    pub success_policy: Option<SuccessPolicy>,
    #[k8s(protobuf = 7)]
    pub backoff_limit: Option<i32>,
    #[k8s(protobuf = 12)]
    pub backoff_limit_per_index: Option<i32>,
    #[k8s(protobuf = 13)]
    pub max_failed_indexes: Option<i32>,
    #[k8s(protobuf = 4)]
    pub selector: Option<LabelSelector>,
    #[k8s(protobuf = 5)]
    pub manual_selector: Option<bool>,
    #[k8s(protobuf = 6)]
    pub template: crate::core::v1::PodTemplateSpec,
    #[k8s(protobuf = 8)]
    pub ttl_seconds_after_finished: Option<i32>,
    #[k8s(protobuf = 9)]
    pub completion_mode: Option<CompletionMode>,
    #[k8s(protobuf = 10)]
    pub suspend: Option<bool>,
    #[k8s(protobuf = 14)]
    pub pod_replacement_policy: Option<PodReplacementPolicy>,
    #[k8s(protobuf = 15)]
    pub managed_by: Option<String>,
    #[k8s(protobuf = 17)]
    pub scheduling: Option<JobSchedulingConfiguration>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodFailurePolicy {
    #[k8s(list_type = "atomic", protobuf = 1)]
    pub rules: Vec<PodFailurePolicyRule>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodFailurePolicyRule {
    #[k8s(protobuf = 1)]
    pub action: PodFailurePolicyAction,
    #[k8s(protobuf = 2)]
    pub on_exit_codes: Option<PodFailurePolicyOnExitCodesRequirement>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub on_pod_conditions: Vec<PodFailurePolicyOnPodConditionsPattern>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PodFailurePolicyAction {
    FailJob,
    FailIndex,
    Ignore,
    Count,
    Other(String),
}

impl Default for PodFailurePolicyAction {
    fn default() -> Self {
        PodFailurePolicyAction::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodFailurePolicyOnExitCodesRequirement {
    #[k8s(protobuf = 1)]
    pub container_name: Option<String>,
    #[k8s(protobuf = 2)]
    pub operator: PodFailurePolicyOnExitCodesOperator,
    #[k8s(list_type = "set", protobuf = 3)]
    pub values: Vec<i32>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PodFailurePolicyOnExitCodesOperator {
    In,
    NotIn,
    Other(String),
}

impl Default for PodFailurePolicyOnExitCodesOperator {
    fn default() -> Self {
        PodFailurePolicyOnExitCodesOperator::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodFailurePolicyOnPodConditionsPattern {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub status: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SuccessPolicy {
    #[k8s(list_type = "atomic", protobuf = 1)]
    pub rules: Vec<SuccessPolicyRule>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SuccessPolicyRule {
    #[k8s(protobuf = 1)]
    pub succeeded_indexes: Option<String>,
    #[k8s(protobuf = 2)]
    pub succeeded_count: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum CompletionMode {
    NonIndexed,
    Indexed,
    Other(String),
}

impl Default for CompletionMode {
    fn default() -> Self {
        CompletionMode::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PodReplacementPolicy {
    TerminatingOrFailed,
    Failed,
    Other(String),
}

impl Default for PodReplacementPolicy {
    fn default() -> Self {
        PodReplacementPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct JobSchedulingConfiguration {
    #[k8s(protobuf = 1)]
    pub scheduling_policy: Option<crate::scheduling::v1alpha3::WorkloadPodGroupSchedulingPolicy>,
    #[k8s(protobuf = 2)]
    pub scheduling_constraints:
        Option<crate::scheduling::v1alpha3::WorkloadPodGroupSchedulingConstraints>,
    #[k8s(protobuf = 3)]
    pub disruption_mode: Option<crate::scheduling::v1alpha3::WorkloadPodGroupDisruptionMode>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 4
    )]
    pub resource_claims: Vec<crate::scheduling::v1alpha3::WorkloadPodGroupResourceClaim>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct JobStatus {
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "atomic",
        protobuf = 1
    )]
    pub conditions: Vec<JobCondition>,
    #[k8s(protobuf = 2)]
    pub start_time: Option<Time>,
    #[k8s(protobuf = 3)]
    pub completion_time: Option<Time>,
    #[k8s(optional, protobuf = 4)]
    pub active: i32,
    #[k8s(optional, protobuf = 5)]
    pub succeeded: i32,
    #[k8s(optional, protobuf = 6)]
    pub failed: i32,
    #[k8s(protobuf = 11)]
    pub terminating: Option<i32>,
    #[k8s(optional, protobuf = 7)]
    pub completed_indexes: String,
    #[k8s(protobuf = 10)]
    pub failed_indexes: Option<String>,
    #[k8s(protobuf = 8)]
    pub uncounted_terminated_pods: Option<UncountedTerminatedPods>,
    #[k8s(protobuf = 9)]
    pub ready: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct JobCondition {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_probe_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 5)]
    pub reason: String,
    #[k8s(optional, protobuf = 6)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct UncountedTerminatedPods {
    #[k8s(optional, list_type = "set", protobuf = 1)]
    pub succeeded: Vec<String>,
    #[k8s(optional, list_type = "set", protobuf = 2)]
    pub failed: Vec<String>,
}
