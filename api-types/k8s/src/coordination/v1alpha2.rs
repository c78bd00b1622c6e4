// Imported by kapi-codegen from k8s.io/api/coordination/v1alpha2. Change the source and import again.

use kapi::meta::{ListMeta, MicroTime, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "coordination.k8s.io",
    version = "v1alpha2",
    protobuf_package = "k8s.io.api.coordination.v1alpha2",
    protobuf_path = "k8s.io/api/coordination/v1alpha2/generated.proto",
    cargo_feature = "coordination-v1alpha2",
}

#[rustfmt::skip]
#[path = "../../generated/coordination/v1alpha2/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.32"),
    plural = "leasecandidates",
    singular = "leasecandidate"
)]
pub struct LeaseCandidate {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: LeaseCandidateSpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LeaseCandidateSpec {
    #[k8s(required, protobuf = 1)]
    pub lease_name: String,
    #[k8s(protobuf = 2)]
    pub ping_time: Option<MicroTime>,
    #[k8s(protobuf = 3)]
    pub renew_time: Option<MicroTime>,
    #[k8s(required, protobuf = 4)]
    pub binary_version: String,
    #[k8s(optional, protobuf = 5)]
    pub emulation_version: String,
    #[k8s(required, presence = "omit_empty", protobuf = 6)]
    pub strategy: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.32"))]
pub struct LeaseCandidateList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<LeaseCandidate>,
}

pub const GROUP_NAME: &str = "coordination.k8s.io";
