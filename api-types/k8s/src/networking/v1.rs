//! networking.k8s.io/v1: NetworkPolicy. Names, JSON and protobuf tags and markers are k8s.io/api's
//! (translated from its types.go); the docs are not carried over. Go's embedded structs are
//! `inline` fields.

use kapi::meta::{IntOrString, LabelSelector, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "networking.k8s.io",
    version = "v1",
    protobuf_package = "k8s.io.api.networking.v1",
    protobuf_path = "k8s.io/api/networking/v1/generated.proto",
    cargo_feature = "networking-v1",
}

#[rustfmt::skip]
#[path = "../../generated/networking/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client, short_names = ["netpol"])]
pub struct NetworkPolicy {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: NetworkPolicySpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicySpec {
    #[k8s(optional, protobuf = 1)]
    pub pod_selector: LabelSelector,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub ingress: Vec<NetworkPolicyIngressRule>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub egress: Vec<NetworkPolicyEgressRule>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub policy_types: Vec<PolicyType>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicyIngressRule {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub ports: Vec<NetworkPolicyPort>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub from: Vec<NetworkPolicyPeer>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicyPort {
    #[k8s(protobuf = 1)]
    pub protocol: Option<crate::core::v1::Protocol>,
    #[k8s(protobuf = 2)]
    pub port: Option<IntOrString>,
    #[k8s(protobuf = 3)]
    pub end_port: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicyPeer {
    #[k8s(protobuf = 1)]
    pub pod_selector: Option<LabelSelector>,
    #[k8s(protobuf = 2)]
    pub namespace_selector: Option<LabelSelector>,
    #[k8s(protobuf = 3)]
    pub ip_block: Option<IPBlock>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IPBlock {
    #[k8s(protobuf = 1)]
    pub cidr: String,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub except: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicyEgressRule {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub ports: Vec<NetworkPolicyPort>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub to: Vec<NetworkPolicyPeer>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PolicyType {
    Ingress,
    Egress,
    Other(String),
}

impl Default for PolicyType {
    fn default() -> Self {
        PolicyType::Other(String::new())
    }
}
