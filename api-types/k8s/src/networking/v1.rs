// Imported by kapi-codegen from k8s.io/api/networking/v1. Change the source and import again.

use kapi::meta::{Condition, IntOrString, LabelSelector, ListMeta, ObjectMeta};
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
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.7"),
    plural = "networkpolicies",
    singular = "networkpolicy",
    short_names = ["netpol"]
)]
pub struct NetworkPolicy {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: NetworkPolicySpec,
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

#[derive(ApiType, Debug, PartialEq)]
pub struct NetworkPolicySpec {
    #[k8s(optional, presence = "always", protobuf = 1)]
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
pub struct NetworkPolicyEgressRule {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub ports: Vec<NetworkPolicyPort>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub to: Vec<NetworkPolicyPeer>,
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
pub struct IPBlock {
    #[k8s(required, protobuf = 1)]
    pub cidr: String,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub except: Vec<String>,
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
#[k8s(kind, lifecycle(introduced = "1.19"))]
pub struct NetworkPolicyList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<NetworkPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.19"),
    storage_version,
    plural = "ingresses",
    singular = "ingress",
    short_names = ["ing"],
    subresource_status
)]
pub struct Ingress {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: IngressSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: IngressStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.19"))]
pub struct IngressList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Ingress>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressSpec {
    #[k8s(protobuf = 4)]
    pub ingress_class_name: Option<String>,
    #[k8s(protobuf = 1)]
    pub default_backend: Option<IngressBackend>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub tls: Vec<IngressTLS>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub rules: Vec<IngressRule>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressTLS {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub hosts: Vec<String>,
    #[k8s(optional, protobuf = 2)]
    pub secret_name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressStatus {
    #[k8s(optional, protobuf = 1)]
    pub load_balancer: IngressLoadBalancerStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressLoadBalancerStatus {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub ingress: Vec<IngressLoadBalancerIngress>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressLoadBalancerIngress {
    #[k8s(optional, protobuf = 1)]
    pub ip: String,
    #[k8s(optional, protobuf = 2)]
    pub hostname: String,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub ports: Vec<IngressPortStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressPortStatus {
    #[k8s(protobuf = 1)]
    pub port: i32,
    #[k8s(protobuf = 2)]
    pub protocol: crate::core::v1::Protocol,
    #[k8s(
        pattern = "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$",
        max_length = 316,
        protobuf = 3
    )]
    pub error: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressRule {
    #[k8s(optional, protobuf = 1)]
    pub host: String,
    #[k8s(inline, protobuf = 2)]
    pub ingress_rule_value: IngressRuleValue,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressRuleValue {
    #[k8s(protobuf = 1)]
    pub http: Option<HTTPIngressRuleValue>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HTTPIngressRuleValue {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub paths: Vec<HTTPIngressPath>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PathType {
    Exact,
    Prefix,
    ImplementationSpecific,
    Other(String),
}

impl Default for PathType {
    fn default() -> Self {
        PathType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HTTPIngressPath {
    #[k8s(optional, protobuf = 1)]
    pub path: String,
    #[k8s(presence = "null", protobuf = 3)]
    pub path_type: Option<PathType>,
    #[k8s(protobuf = 2)]
    pub backend: IngressBackend,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressBackend {
    #[k8s(protobuf = 4)]
    pub service: Option<IngressServiceBackend>,
    #[k8s(protobuf = 3)]
    pub resource: Option<crate::core::v1::TypedLocalObjectReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressServiceBackend {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub port: ServiceBackendPort,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct ServiceBackendPort {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub number: i32,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.19"),
    storage_version,
    plural = "ingressclasses",
    singular = "ingressclass"
)]
pub struct IngressClass {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: IngressClassSpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressClassSpec {
    #[k8s(optional, protobuf = 1)]
    pub controller: String,
    #[k8s(protobuf = 2)]
    pub parameters: Option<IngressClassParametersReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IngressClassParametersReference {
    #[k8s(protobuf = 1, protobuf_name = "aPIGroup")]
    pub api_group: Option<String>,
    #[k8s(required, protobuf = 2)]
    pub kind: String,
    #[k8s(required, protobuf = 3)]
    pub name: String,
    #[k8s(presence = "null", protobuf = 4)]
    pub scope: Option<String>,
    #[k8s(protobuf = 5)]
    pub namespace: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.19"))]
pub struct IngressClassList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<IngressClass>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.33"),
    storage_version,
    plural = "ipaddresses",
    singular = "ipaddress",
    short_names = ["ip"]
)]
pub struct IPAddress {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: IPAddressSpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct IPAddressSpec {
    #[k8s(immutable, protobuf = 1)]
    pub parent_ref: Option<ParentReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ParentReference {
    #[k8s(optional, protobuf = 1)]
    pub group: String,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub resource: String,
    #[k8s(optional, protobuf = 3)]
    pub namespace: String,
    #[k8s(required, presence = "omit_empty", protobuf = 4)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.33"))]
pub struct IPAddressList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<IPAddress>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.33"),
    storage_version,
    plural = "servicecidrs",
    singular = "servicecidr",
    subresource_status
)]
pub struct ServiceCIDR {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: ServiceCIDRSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ServiceCIDRStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceCIDRSpec {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub cidrs: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceCIDRStatus {
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
#[k8s(kind, lifecycle(introduced = "1.33"))]
pub struct ServiceCIDRList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ServiceCIDR>,
}

pub const GROUP_NAME: &str = "networking.k8s.io";

pub const INGRESS_CLASS_PARAMETERS_REFERENCE_SCOPE_NAMESPACE: &str = "Namespace";

pub const INGRESS_CLASS_PARAMETERS_REFERENCE_SCOPE_CLUSTER: &str = "Cluster";

pub const SERVICE_CIDR_CONDITION_READY: &str = "Ready";

pub const SERVICE_CIDR_REASON_TERMINATING: &str = "Terminating";

pub const ANNOTATION_IS_DEFAULT_INGRESS_CLASS: &str = "ingressclass.kubernetes.io/is-default-class";

pub const LABEL_IP_ADDRESS_FAMILY: &str = "ipaddress.kubernetes.io/ip-family";

pub const LABEL_MANAGED_BY: &str = "ipaddress.kubernetes.io/managed-by";
