//! policy/v1: PodDisruptionBudget. Names, JSON and protobuf tags and markers are k8s.io/api's
//! (translated from its types.go); the docs are not carried over. Go's embedded structs are
//! `inline` fields.

use kapi::meta::{Condition, IntOrString, LabelSelector, ObjectMeta, Time};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "policy",
    version = "v1",
    protobuf_package = "k8s.io.api.policy.v1",
    protobuf_path = "k8s.io/api/policy/v1/generated.proto",
    cargo_feature = "policy-v1",
}

#[rustfmt::skip]
#[path = "../../generated/policy/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client, subresource_status, short_names = ["pdb"])]
pub struct PodDisruptionBudget {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: PodDisruptionBudgetSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: PodDisruptionBudgetStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodDisruptionBudgetSpec {
    #[k8s(protobuf = 1)]
    pub min_available: Option<IntOrString>,
    #[k8s(patch_strategy = "replace", protobuf = 2)]
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

#[derive(ApiType, Debug, PartialEq)]
pub struct PodDisruptionBudgetStatus {
    #[k8s(optional, protobuf = 1)]
    pub observed_generation: i64,
    #[k8s(optional, protobuf = 2)]
    pub disrupted_pods: BTreeMap<String, Time>,
    #[k8s(protobuf = 3)]
    pub disruptions_allowed: i32,
    #[k8s(protobuf = 4)]
    pub current_healthy: i32,
    #[k8s(protobuf = 5)]
    pub desired_healthy: i32,
    #[k8s(protobuf = 6)]
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
