// Imported by kapi-codegen from k8s.io/api/node/v1beta1. Change the source and import again.

use kapi::meta::{ListMeta, ObjectMeta, Quantity, StringMap};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "node.k8s.io",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.node.v1beta1",
    protobuf_path = "k8s.io/api/node/v1beta1/generated.proto",
    cargo_feature = "node-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/node/v1beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.13", deprecated = "1.22"),
    plural = "runtimeclasses",
    singular = "runtimeclass"
)]
pub struct RuntimeClass {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, format = "k8s-short-name", immutable, protobuf = 2)]
    pub handler: String,
    #[k8s(protobuf = 3)]
    pub overhead: Option<Overhead>,
    #[k8s(protobuf = 4)]
    pub scheduling: Option<Scheduling>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Overhead {
    #[k8s(optional, protobuf = 1)]
    pub pod_fixed: BTreeMap<String, Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Scheduling {
    #[k8s(optional, map_type = "atomic", protobuf = 1)]
    pub node_selector: StringMap,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub tolerations: Vec<crate::core::v1::Toleration>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.13", deprecated = "1.22"))]
pub struct RuntimeClassList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<RuntimeClass>,
}

pub const GROUP_NAME: &str = "node.k8s.io";
