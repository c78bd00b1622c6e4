// Imported by kapi-codegen from k8s.io/api/discovery/v1beta1. Change the source and import again.

use kapi::meta::{ListMeta, ObjectMeta, StringMap};
use kapi::ApiType;

kapi::group_version! {
    group_name = "discovery.k8s.io",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.discovery.v1beta1",
    protobuf_path = "k8s.io/api/discovery/v1beta1/generated.proto",
    cargo_feature = "discovery-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/discovery/v1beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(
        introduced = "1.16",
        deprecated = "1.21",
        removed = "1.25",
        replacement = "discovery.k8s.io/v1 EndpointSlice"
    ),
    plural = "endpointslices",
    singular = "endpointslice"
)]
pub struct EndpointSlice {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, immutable, protobuf = 4)]
    pub address_type: AddressType,
    #[k8s(optional, presence = "null", list_type = "atomic", protobuf = 2)]
    pub endpoints: Vec<Endpoint>,
    #[k8s(optional, presence = "null", list_type = "atomic", protobuf = 3)]
    pub ports: Vec<EndpointPort>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum AddressType {
    IPv4,
    IPv6,
    #[k8s(rename = "FQDN")]
    Fqdn,
    Other(String),
}

impl Default for AddressType {
    fn default() -> Self {
        AddressType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Endpoint {
    #[k8s(
        required,
        presence = "null",
        list_type = "set",
        max_items = 100,
        protobuf = 1
    )]
    pub addresses: Vec<String>,
    #[k8s(optional, protobuf = 2)]
    pub conditions: EndpointConditions,
    #[k8s(protobuf = 3)]
    pub hostname: Option<String>,
    #[k8s(protobuf = 4)]
    pub target_ref: Option<crate::core::v1::ObjectReference>,
    #[k8s(optional, protobuf = 5)]
    pub topology: StringMap,
    #[k8s(protobuf = 6)]
    pub node_name: Option<String>,
    #[k8s(feature_gate = "TopologyAwareHints", protobuf = 7)]
    pub hints: Option<EndpointHints>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EndpointConditions {
    #[k8s(protobuf = 1)]
    pub ready: Option<bool>,
    #[k8s(protobuf = 2)]
    pub serving: Option<bool>,
    #[k8s(protobuf = 3)]
    pub terminating: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EndpointHints {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub for_zones: Vec<ForZone>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub for_nodes: Vec<ForNode>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ForZone {
    #[k8s(protobuf = 1)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ForNode {
    #[k8s(protobuf = 1)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EndpointPort {
    #[k8s(protobuf = 1)]
    pub name: Option<String>,
    #[k8s(protobuf = 2)]
    pub protocol: Option<crate::core::v1::Protocol>,
    #[k8s(protobuf = 3)]
    pub port: Option<i32>,
    #[k8s(protobuf = 4)]
    pub app_protocol: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.16",
        deprecated = "1.21",
        removed = "1.25",
        replacement = "discovery.k8s.io/v1 EndpointSlice"
    )
)]
pub struct EndpointSliceList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<EndpointSlice>,
}

pub const GROUP_NAME: &str = "discovery.k8s.io";

pub const LABEL_SERVICE_NAME: &str = "kubernetes.io/service-name";

pub const LABEL_MANAGED_BY: &str = "endpointslice.kubernetes.io/managed-by";

pub const LABEL_SKIP_MIRROR: &str = "endpointslice.kubernetes.io/skip-mirror";
