// Imported by kapi-codegen from k8s.io/api/scheduling/v1alpha3. Change the source and import again.

use kapi::meta::{Condition, ListMeta, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "scheduling.k8s.io",
    version = "v1alpha3",
    protobuf_package = "k8s.io.api.scheduling.v1alpha3",
    protobuf_path = "k8s.io/api/scheduling/v1alpha3/generated.proto",
    cargo_feature = "scheduling-v1alpha3",
}

#[rustfmt::skip]
#[path = "../../generated/scheduling/v1alpha3/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client, plural = "workloads", singular = "workload")]
pub struct Workload {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, protobuf = 2)]
    pub spec: WorkloadSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct WorkloadList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Workload>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadSpec {
    #[k8s(immutable, protobuf = 1)]
    pub controller_ref: Option<TypedLocalObjectReference>,
    #[k8s(
        optional,
        presence = "null",
        list_type = "map",
        list_map_key = "name",
        max_items = 8,
        protobuf = 2
    )]
    pub pod_group_templates: Vec<PodGroupTemplate>,
    #[k8s(
        optional,
        feature_gate = "CompositePodGroup",
        list_type = "map",
        list_map_key = "name",
        max_items = 8,
        protobuf = 3
    )]
    pub composite_pod_group_templates: Vec<CompositePodGroupTemplate>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TypedLocalObjectReference {
    #[k8s(optional, format = "k8s-long-name", protobuf = 1)]
    pub api_group: String,
    #[k8s(required, protobuf = 2)]
    pub kind: String,
    #[k8s(required, protobuf = 3)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodGroupTemplate {
    #[k8s(required, format = "k8s-short-name", protobuf = 1)]
    pub name: String,
    #[k8s(required, protobuf = 2)]
    pub scheduling_policy: PodGroupSchedulingPolicy,
    #[k8s(
        presence = "null",
        feature_gate = "TopologyAwareWorkloadScheduling",
        immutable,
        protobuf = 3
    )]
    pub scheduling_constraints: Option<PodGroupSchedulingConstraints>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge,retainKeys",
        list_type = "map",
        list_map_key = "name",
        max_items = 4,
        feature_gate = "DRAWorkloadResourceClaims",
        immutable,
        protobuf = 4
    )]
    pub resource_claims: Vec<PodGroupResourceClaim>,
    #[k8s(immutable, protobuf = 5)]
    pub disruption_mode: Option<DisruptionMode>,
    #[k8s(optional, format = "k8s-long-name", immutable, protobuf = 6)]
    pub priority_class_name: String,
    #[k8s(immutable, protobuf = 7)]
    pub priority: Option<i32>,
    #[k8s(feature_gate = "PodGroupPreemptionPolicy", immutable, protobuf = 8)]
    pub preemption_policy: Option<PreemptionPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CompositePodGroupTemplate {
    #[k8s(required, format = "k8s-short-name", protobuf = 1)]
    pub name: String,
    #[k8s(required, protobuf = 2)]
    pub scheduling_policy: CompositePodGroupSchedulingPolicy,
    #[k8s(immutable, protobuf = 3)]
    pub scheduling_constraints: Option<CompositePodGroupSchedulingConstraints>,
    #[k8s(immutable, protobuf = 4)]
    pub disruption_mode: Option<CompositeDisruptionMode>,
    #[k8s(optional, format = "k8s-long-name", immutable, protobuf = 5)]
    pub priority_class_name: String,
    #[k8s(immutable, protobuf = 6)]
    pub priority: Option<i32>,
    #[k8s(feature_gate = "PodGroupPreemptionPolicy", immutable, protobuf = 7)]
    pub preemption_policy: Option<PreemptionPolicy>,
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "name",
        max_items = 8,
        protobuf = 8
    )]
    pub pod_group_templates: Vec<PodGroupTemplate>,
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "name",
        max_items = 8,
        protobuf = 9
    )]
    pub composite_pod_group_templates: Vec<CompositePodGroupTemplate>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct PodGroupSchedulingPolicy {
    #[k8s(immutable, protobuf = 1)]
    pub basic: Option<BasicSchedulingPolicy>,
    #[k8s(protobuf = 2)]
    pub gang: Option<GangSchedulingPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct BasicSchedulingPolicy {}

#[derive(ApiType, Debug, PartialEq)]
pub struct GangSchedulingPolicy {
    #[k8s(required, minimum = 1, protobuf = 1)]
    pub min_count: i32,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodGroupResourceClaim {
    #[k8s(required, format = "k8s-short-name", protobuf = 1)]
    pub name: String,
    #[k8s(format = "k8s-long-name", protobuf = 2)]
    pub resource_claim_name: Option<String>,
    #[k8s(format = "k8s-long-name", protobuf = 3)]
    pub resource_claim_template_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct DisruptionMode {
    #[k8s(protobuf = 1)]
    pub single: Option<SingleDisruptionMode>,
    #[k8s(protobuf = 2)]
    pub all: Option<AllDisruptionMode>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SingleDisruptionMode {}

#[derive(ApiType, Debug, PartialEq)]
pub struct AllDisruptionMode {}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PreemptionPolicy {
    PreemptLowerPriority,
    Never,
    Other(String),
}

impl Default for PreemptionPolicy {
    fn default() -> Self {
        PreemptionPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    plural = "podgroups",
    singular = "podgroup",
    subresource_status
)]
pub struct PodGroup {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, protobuf = 2)]
    pub spec: PodGroupSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: PodGroupStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct PodGroupList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<PodGroup>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodGroupSpec {
    #[k8s(
        feature_gate = "CompositePodGroup",
        immutable,
        format = "k8s-long-name",
        protobuf = 1
    )]
    pub parent_composite_pod_group_name: Option<String>,
    #[k8s(immutable, protobuf = 2)]
    pub workload_ref: Option<WorkloadReference>,
    #[k8s(required, protobuf = 3)]
    pub scheduling_policy: PodGroupSchedulingPolicy,
    #[k8s(feature_gate = "TopologyAwareWorkloadScheduling", protobuf = 4)]
    pub scheduling_constraints: Option<PodGroupSchedulingConstraints>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge,retainKeys",
        list_type = "map",
        list_map_key = "name",
        max_items = 4,
        immutable,
        feature_gate = "DRAWorkloadResourceClaims",
        protobuf = 5
    )]
    pub resource_claims: Vec<PodGroupResourceClaim>,
    #[k8s(default = json!({"single": {}}), immutable, protobuf = 6)]
    pub disruption_mode: Option<DisruptionMode>,
    #[k8s(optional, immutable, format = "k8s-long-name", protobuf = 7)]
    pub priority_class_name: String,
    #[k8s(immutable, protobuf = 8)]
    pub priority: Option<i32>,
    #[k8s(feature_gate = "PodGroupPreemptionPolicy", immutable, protobuf = 9)]
    pub preemption_policy: Option<PreemptionPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodGroupStatus {
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 1
    )]
    pub conditions: Vec<Condition>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge,retainKeys",
        list_type = "map",
        list_map_key = "name",
        max_items = 4,
        feature_gate = "DRAWorkloadResourceClaims",
        protobuf = 2
    )]
    pub resource_claim_statuses: Vec<PodGroupResourceClaimStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodGroupResourceClaimStatus {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(format = "k8s-long-name", protobuf = 2)]
    pub resource_claim_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadReference {
    #[k8s(required, format = "k8s-long-name", protobuf = 1)]
    pub workload_name: String,
    #[k8s(required, format = "k8s-short-name", protobuf = 2)]
    pub template_name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodGroupSchedulingConstraints {
    #[k8s(optional, max_items = 1, list_type = "atomic", protobuf = 1)]
    pub topology: Vec<TopologyConstraint>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TopologyConstraint {
    #[k8s(required, format = "k8s-label-key", protobuf = 1)]
    pub key: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct WorkloadPodGroupSchedulingPolicy {
    #[k8s(protobuf = 1)]
    pub basic: Option<WorkloadPodGroupBasicSchedulingPolicy>,
    #[k8s(protobuf = 2)]
    pub gang: Option<WorkloadPodGroupGangSchedulingPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadPodGroupBasicSchedulingPolicy {}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadPodGroupGangSchedulingPolicy {
    #[k8s(minimum = 1, protobuf = 1)]
    pub min_count: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadPodGroupSchedulingConstraints {
    #[k8s(optional, max_items = 1, list_type = "atomic", protobuf = 1)]
    pub topology: Vec<TopologyConstraint>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadPodGroupResourceClaim {
    #[k8s(required, format = "k8s-short-name", protobuf = 1)]
    pub name: String,
    #[k8s(format = "k8s-long-name", protobuf = 2)]
    pub resource_claim_name: Option<String>,
    #[k8s(format = "k8s-long-name", protobuf = 3)]
    pub resource_claim_template_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct WorkloadPodGroupDisruptionMode {
    #[k8s(protobuf = 1)]
    pub single: Option<WorkloadPodGroupSingleDisruptionMode>,
    #[k8s(protobuf = 2)]
    pub all: Option<WorkloadPodGroupAllDisruptionMode>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadPodGroupSingleDisruptionMode {}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadPodGroupAllDisruptionMode {}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct WorkloadCompositePodGroupSchedulingPolicy {
    #[k8s(protobuf = 1)]
    pub basic: Option<WorkloadCompositePodGroupBasicSchedulingPolicy>,
    #[k8s(protobuf = 2)]
    pub gang: Option<WorkloadCompositePodGroupGangSchedulingPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadCompositePodGroupBasicSchedulingPolicy {}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadCompositePodGroupGangSchedulingPolicy {
    #[k8s(minimum = 1, protobuf = 1)]
    pub min_group_count: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadCompositePodGroupSchedulingConstraints {
    #[k8s(optional, max_items = 1, list_type = "atomic", protobuf = 1)]
    pub topology: Vec<TopologyConstraint>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct WorkloadCompositePodGroupDisruptionMode {
    #[k8s(protobuf = 1)]
    pub single: Option<WorkloadCompositePodGroupSingleDisruptionMode>,
    #[k8s(protobuf = 2)]
    pub all: Option<WorkloadCompositePodGroupAllDisruptionMode>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadCompositePodGroupSingleDisruptionMode {}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadCompositePodGroupAllDisruptionMode {}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    plural = "compositepodgroups",
    singular = "compositepodgroup",
    subresource_status
)]
pub struct CompositePodGroup {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, protobuf = 2)]
    pub spec: CompositePodGroupSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: CompositePodGroupStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct CompositePodGroupList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<CompositePodGroup>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CompositePodGroupSpec {
    #[k8s(immutable, format = "k8s-long-name", protobuf = 1)]
    pub parent_composite_pod_group_name: Option<String>,
    #[k8s(presence = "null", immutable, protobuf = 2)]
    pub workload_ref: Option<WorkloadReference>,
    #[k8s(required, immutable, protobuf = 3)]
    pub scheduling_policy: CompositePodGroupSchedulingPolicy,
    #[k8s(immutable, protobuf = 4)]
    pub scheduling_constraints: Option<CompositePodGroupSchedulingConstraints>,
    #[k8s(default = json!({"single": {}}), immutable, protobuf = 5)]
    pub disruption_mode: Option<CompositeDisruptionMode>,
    #[k8s(optional, format = "k8s-long-name", immutable, protobuf = 6)]
    pub priority_class_name: String,
    #[k8s(immutable, protobuf = 7)]
    pub priority: Option<i32>,
    #[k8s(feature_gate = "PodGroupPreemptionPolicy", immutable, protobuf = 8)]
    pub preemption_policy: Option<PreemptionPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct CompositePodGroupSchedulingPolicy {
    #[k8s(immutable, protobuf = 1)]
    pub basic: Option<CompositeBasicSchedulingPolicy>,
    #[k8s(protobuf = 2)]
    pub gang: Option<CompositeGangSchedulingPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CompositeBasicSchedulingPolicy {}

#[derive(ApiType, Debug, PartialEq)]
pub struct CompositeGangSchedulingPolicy {
    #[k8s(required, minimum = 1, protobuf = 1)]
    pub min_group_count: i32,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct CompositeDisruptionMode {
    #[k8s(protobuf = 1)]
    pub single: Option<SingleCompositeDisruptionMode>,
    #[k8s(protobuf = 2)]
    pub all: Option<AllCompositeDisruptionMode>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SingleCompositeDisruptionMode {}

#[derive(ApiType, Debug, PartialEq)]
pub struct AllCompositeDisruptionMode {}

#[derive(ApiType, Debug, PartialEq)]
pub struct CompositePodGroupStatus {
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 1
    )]
    pub conditions: Vec<Condition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CompositePodGroupSchedulingConstraints {
    #[k8s(optional, max_items = 1, list_type = "atomic", protobuf = 1)]
    pub topology: Vec<TopologyConstraint>,
}

pub const GROUP_NAME: &str = "scheduling.k8s.io";

pub const POD_GROUP_INITIALLY_SCHEDULED: &str = "PodGroupInitiallyScheduled";

pub const DISRUPTION_TARGET: &str = "DisruptionTarget";

pub const POD_GROUP_REASON_UNSCHEDULABLE: &str = "Unschedulable";

pub const POD_GROUP_REASON_SCHEDULER_ERROR: &str = "SchedulerError";

pub const POD_GROUP_REASON_PREEMPTION_BY_SCHEDULER: &str = "PreemptionByScheduler";
