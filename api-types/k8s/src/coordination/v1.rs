// Imported by kapi-codegen from k8s.io/api/coordination/v1. Change the source and import again.

use kapi::meta::{ListMeta, MicroTime, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "coordination.k8s.io",
    version = "v1",
    protobuf_package = "k8s.io.api.coordination.v1",
    protobuf_path = "k8s.io/api/coordination/v1/generated.proto",
    cargo_feature = "coordination-v1",
}

#[rustfmt::skip]
#[path = "../../generated/coordination/v1/mod.rs"]
pub mod generated;

pub const OLDEST_EMULATION_VERSION: &str = "OldestEmulationVersion";

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.14"),
    storage_version,
    plural = "leases",
    singular = "lease"
)]
pub struct Lease {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: LeaseSpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LeaseSpec {
    #[k8s(protobuf = 1)]
    pub holder_identity: Option<String>,
    #[k8s(protobuf = 2)]
    pub lease_duration_seconds: Option<i32>,
    #[k8s(protobuf = 3)]
    pub acquire_time: Option<MicroTime>,
    #[k8s(protobuf = 4)]
    pub renew_time: Option<MicroTime>,
    #[k8s(protobuf = 5)]
    pub lease_transitions: Option<i32>,
    #[k8s(feature_gate = "CoordinatedLeaderElection", protobuf = 6)]
    pub strategy: Option<String>,
    #[k8s(feature_gate = "CoordinatedLeaderElection", protobuf = 7)]
    pub preferred_holder: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.19"))]
pub struct LeaseList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Lease>,
}

pub const GROUP_NAME: &str = "coordination.k8s.io";
