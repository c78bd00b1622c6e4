// Imported by kapi-codegen from k8s.io/api/batch/v1. Change the source and import again.

use kapi::meta::{LabelSelector, ListMeta, ObjectMeta, Time};
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
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.2"),
    plural = "jobs",
    singular = "job",
    categories = ["all"],
    subresource_status
)]
pub struct Job {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: JobSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: JobStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.2"))]
pub struct JobList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Job>,
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
pub struct PodFailurePolicyOnExitCodesRequirement {
    #[k8s(protobuf = 1)]
    pub container_name: Option<String>,
    #[k8s(protobuf = 2)]
    pub operator: PodFailurePolicyOnExitCodesOperator,
    #[k8s(presence = "null", list_type = "set", protobuf = 3)]
    pub values: Vec<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodFailurePolicyOnPodConditionsPattern {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub status: String,
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

#[derive(ApiType, Debug, PartialEq)]
pub struct PodFailurePolicy {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub rules: Vec<PodFailurePolicyRule>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SuccessPolicy {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub rules: Vec<SuccessPolicyRule>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SuccessPolicyRule {
    #[k8s(protobuf = 1)]
    pub succeeded_indexes: Option<String>,
    #[k8s(protobuf = 2)]
    pub succeeded_count: Option<i32>,
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
    #[k8s(feature_gate = "WorkloadWithJob", protobuf = 17)]
    pub scheduling: Option<JobSchedulingConfiguration>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct JobSchedulingConfiguration {
    #[k8s(protobuf = 1)]
    pub scheduling_policy: Option<crate::scheduling::v1alpha3::WorkloadPodGroupSchedulingPolicy>,
    #[k8s(immutable, protobuf = 2)]
    pub scheduling_constraints:
        Option<crate::scheduling::v1alpha3::WorkloadPodGroupSchedulingConstraints>,
    #[k8s(immutable, protobuf = 3)]
    pub disruption_mode: Option<crate::scheduling::v1alpha3::WorkloadPodGroupDisruptionMode>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        max_items = 4,
        immutable,
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
pub struct UncountedTerminatedPods {
    #[k8s(optional, list_type = "set", protobuf = 1)]
    pub succeeded: Vec<String>,
    #[k8s(optional, list_type = "set", protobuf = 2)]
    pub failed: Vec<String>,
}

pub const JOB_SUSPENDED: &str = "Suspended";

pub const JOB_COMPLETE: &str = "Complete";

pub const JOB_FAILED: &str = "Failed";

pub const JOB_FAILURE_TARGET: &str = "FailureTarget";

pub const JOB_SUCCESS_CRITERIA_MET: &str = "SuccessCriteriaMet";

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
pub struct JobTemplateSpec {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: JobSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.21"),
    storage_version,
    plural = "cronjobs",
    singular = "cronjob",
    short_names = ["cj"],
    categories = ["all"],
    subresource_status
)]
pub struct CronJob {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: CronJobSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: CronJobStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.21"))]
pub struct CronJobList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<CronJob>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CronJobSpec {
    #[k8s(required, protobuf = 1)]
    pub schedule: String,
    #[k8s(protobuf = 8)]
    pub time_zone: Option<String>,
    #[k8s(protobuf = 2)]
    pub starting_deadline_seconds: Option<i64>,
    #[k8s(optional, protobuf = 3)]
    pub concurrency_policy: ConcurrencyPolicy,
    #[k8s(protobuf = 4)]
    pub suspend: Option<bool>,
    #[k8s(protobuf = 5)]
    pub job_template: JobTemplateSpec,
    #[k8s(protobuf = 6)]
    pub successful_jobs_history_limit: Option<i32>,
    #[k8s(protobuf = 7)]
    pub failed_jobs_history_limit: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ConcurrencyPolicy {
    Allow,
    Forbid,
    Replace,
    Other(String),
}

impl Default for ConcurrencyPolicy {
    fn default() -> Self {
        ConcurrencyPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CronJobStatus {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub active: Vec<crate::core::v1::ObjectReference>,
    #[k8s(protobuf = 4)]
    pub last_schedule_time: Option<Time>,
    #[k8s(protobuf = 5)]
    pub last_successful_time: Option<Time>,
}

pub const GROUP_NAME: &str = "batch";

pub const LABEL_PREFIX: &str = "batch.kubernetes.io/";

pub const JOB_CONTROLLER_NAME: &str = "kubernetes.io/job-controller";

pub const JOB_REASON_POD_FAILURE_POLICY: &str = "PodFailurePolicy";

pub const JOB_REASON_BACKOFF_LIMIT_EXCEEDED: &str = "BackoffLimitExceeded";

pub const JOB_REASON_DEADLINE_EXCEEDED: &str = "DeadlineExceeded";

pub const JOB_REASON_MAX_FAILED_INDEXES_EXCEEDED: &str = "MaxFailedIndexesExceeded";

pub const JOB_REASON_FAILED_INDEXES: &str = "FailedIndexes";

pub const JOB_REASON_SUCCESS_POLICY: &str = "SuccessPolicy";

pub const JOB_REASON_COMPLETIONS_REACHED: &str = "CompletionsReached";
