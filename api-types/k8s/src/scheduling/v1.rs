// Imported by kapi-codegen from k8s.io/api/scheduling/v1. Change the source and import again.

use kapi::meta::{ListMeta, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "scheduling.k8s.io",
    version = "v1",
    protobuf_package = "k8s.io.api.scheduling.v1",
    protobuf_path = "k8s.io/api/scheduling/v1/generated.proto",
    cargo_feature = "scheduling-v1",
}

#[rustfmt::skip]
#[path = "../../generated/scheduling/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.14"),
    storage_version,
    plural = "priorityclasses",
    singular = "priorityclass",
    short_names = ["pc"]
)]
pub struct PriorityClass {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub value: i32,
    #[k8s(optional, protobuf = 3)]
    pub global_default: bool,
    #[k8s(optional, protobuf = 4)]
    pub description: String,
    #[k8s(protobuf = 5)]
    pub preemption_policy: Option<crate::core::v1::PreemptionPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.14"))]
pub struct PriorityClassList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<PriorityClass>,
}

pub const GROUP_NAME: &str = "scheduling.k8s.io";
