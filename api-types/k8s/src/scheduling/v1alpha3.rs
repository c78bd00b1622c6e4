//! scheduling.k8s.io/v1alpha3: types other group-versions reach. Names, JSON and protobuf tags and markers are k8s.io/api's
//! (translated from its types.go); the docs are not carried over. Go's embedded structs are
//! `inline` fields.

use kapi::ApiType;

kapi::group_version! {
    group_name = "scheduling.k8s.io",
    version = "v1alpha3",
    protobuf_package = "k8s.io.api.scheduling.v1alpha3",
    protobuf_path = "k8s.io/api/scheduling/v1alpha3/generated.proto",
    cargo_feature = "scheduling-v1alpha3",
}

#[derive(ApiType, Debug, PartialEq)]
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
    #[k8s(protobuf = 1)]
    pub min_count: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WorkloadPodGroupSchedulingConstraints {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub topology: Vec<TopologyConstraint>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TopologyConstraint {
    #[k8s(protobuf = 1)]
    pub key: String,
}

#[derive(ApiType, Debug, PartialEq)]
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
pub struct WorkloadPodGroupResourceClaim {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub resource_claim_name: Option<String>,
    #[k8s(protobuf = 3)]
    pub resource_claim_template_name: Option<String>,
}
