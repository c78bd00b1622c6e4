// Imported by kapi-codegen from k8s.io/api/policy/v1beta1. Change the source and import again.

use kapi::meta::{
    Condition, DeleteOptions, IntOrString, LabelSelector, ListMeta, ObjectMeta, Time,
};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "policy",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.policy.v1beta1",
    protobuf_path = "k8s.io/api/policy/v1beta1/generated.proto",
    cargo_feature = "policy-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/policy/v1beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
pub struct PodDisruptionBudgetSpec {
    #[k8s(protobuf = 1)]
    pub min_available: Option<IntOrString>,
    #[k8s(protobuf = 2)]
    pub selector: Option<LabelSelector>,
    #[k8s(protobuf = 3)]
    pub max_unavailable: Option<IntOrString>,
    #[k8s(protobuf = 4)]
    pub unhealthy_pod_eviction_policy: Option<UnhealthyPodEvictionPolicyType>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum UnhealthyPodEvictionPolicyType {
    IfHealthyBudget,
    AlwaysAllow,
    Other(String),
}

impl Default for UnhealthyPodEvictionPolicyType {
    fn default() -> Self {
        UnhealthyPodEvictionPolicyType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodDisruptionBudgetStatus {
    #[k8s(optional, protobuf = 1)]
    pub observed_generation: i64,
    #[k8s(optional, protobuf = 2)]
    pub disrupted_pods: BTreeMap<String, Time>,
    #[k8s(optional, presence = "always", protobuf = 3)]
    pub disruptions_allowed: i32,
    #[k8s(optional, presence = "always", protobuf = 4)]
    pub current_healthy: i32,
    #[k8s(optional, presence = "always", protobuf = 5)]
    pub desired_healthy: i32,
    #[k8s(optional, presence = "always", protobuf = 6)]
    pub expected_pods: i32,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 7
    )]
    pub conditions: Vec<Condition>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.5", deprecated = "1.21", removed = "1.25", replacement = "policy/v1 PodDisruptionBudget"),
    plural = "poddisruptionbudgets",
    singular = "poddisruptionbudget",
    short_names = ["pdb"],
    subresource_status
)]
pub struct PodDisruptionBudget {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: PodDisruptionBudgetSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: PodDisruptionBudgetStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.5",
        deprecated = "1.21",
        removed = "1.25",
        replacement = "policy/v1 PodDisruptionBudgetList"
    )
)]
pub struct PodDisruptionBudgetList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<PodDisruptionBudget>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(no_verbs),
    lifecycle(introduced = "1.5", deprecated = "1.22"),
    verbs = []
)]
pub struct Eviction {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub delete_options: Option<DeleteOptions>,
}

pub const GROUP_NAME: &str = "policy";

pub const DISRUPTION_ALLOWED_CONDITION: &str = "DisruptionAllowed";

pub const SYNC_FAILED_REASON: &str = "SyncFailed";

pub const SUFFICIENT_PODS_REASON: &str = "SufficientPods";

pub const INSUFFICIENT_PODS_REASON: &str = "InsufficientPods";
