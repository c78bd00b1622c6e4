//! core/v1: Service and what it reaches. Names, JSON and protobuf tags and markers are
//! k8s.io/api's (translated once from its types.go); the docs are not carried over.

use kapi::meta::{Condition, IntOrString, ObjectMeta};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "",
    version = "v1",
    protobuf_package = "k8s.io.api.core.v1",
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct Service {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: ServiceSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ServiceStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceSpec {
    #[k8s(
        presence = "omit_empty",
        patch_merge_key = "port",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "port",
        list_map_key = "protocol",
        protobuf = 1
    )]
    pub ports: Vec<ServicePort>,
    #[k8s(optional, map_type = "atomic", protobuf = 2)]
    pub selector: BTreeMap<String, String>,
    #[k8s(optional, rename = "clusterIP", protobuf = 3)]
    pub cluster_ip: String,
    #[k8s(optional, rename = "clusterIPs", list_type = "atomic", protobuf = 18)]
    pub cluster_ips: Vec<String>,
    #[k8s(optional, protobuf = 4)]
    pub type_: ServiceType,
    #[k8s(optional, rename = "externalIPs", list_type = "atomic", protobuf = 5)]
    pub external_ips: Vec<String>,
    #[k8s(optional, protobuf = 7)]
    pub session_affinity: ServiceAffinity,
    #[k8s(optional, rename = "loadBalancerIP", protobuf = 8)]
    pub load_balancer_ip: String,
    #[k8s(optional, list_type = "atomic", protobuf = 9)]
    pub load_balancer_source_ranges: Vec<String>,
    #[k8s(optional, protobuf = 10)]
    pub external_name: String,
    #[k8s(optional, protobuf = 11)]
    pub external_traffic_policy: ServiceExternalTrafficPolicy,
    #[k8s(optional, protobuf = 12)]
    pub health_check_node_port: i32,
    #[k8s(optional, protobuf = 13)]
    pub publish_not_ready_addresses: bool,
    #[k8s(protobuf = 14)]
    pub session_affinity_config: Option<SessionAffinityConfig>,
    #[k8s(optional, list_type = "atomic", protobuf = 19)]
    pub ip_families: Vec<IPFamily>,
    #[k8s(protobuf = 17)]
    pub ip_family_policy: Option<IPFamilyPolicy>,
    #[k8s(protobuf = 20)]
    pub allocate_load_balancer_node_ports: Option<bool>,
    #[k8s(protobuf = 21)]
    pub load_balancer_class: Option<String>,
    #[k8s(protobuf = 22)]
    pub internal_traffic_policy: Option<ServiceInternalTrafficPolicy>,
    #[k8s(protobuf = 23)]
    pub traffic_distribution: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServicePort {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub protocol: Protocol,
    #[k8s(protobuf = 6)]
    pub app_protocol: Option<String>,
    #[k8s(protobuf = 3)]
    pub port: i32,
    #[k8s(optional, protobuf = 4)]
    pub target_port: IntOrString,
    #[k8s(optional, protobuf = 5)]
    pub node_port: i32,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum Protocol {
    #[k8s(rename = "TCP")]
    Tcp,
    #[k8s(rename = "UDP")]
    Udp,
    #[k8s(rename = "SCTP")]
    Sctp,
    Other(String),
}

impl Default for Protocol {
    fn default() -> Self {
        Protocol::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ServiceType {
    ClusterIP,
    NodePort,
    LoadBalancer,
    ExternalName,
    Other(String),
}

impl Default for ServiceType {
    fn default() -> Self {
        ServiceType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ServiceAffinity {
    ClientIP,
    None,
    Other(String),
}

impl Default for ServiceAffinity {
    fn default() -> Self {
        ServiceAffinity::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ServiceExternalTrafficPolicy {
    Cluster,
    Local,
    Other(String),
}

impl Default for ServiceExternalTrafficPolicy {
    fn default() -> Self {
        ServiceExternalTrafficPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SessionAffinityConfig {
    #[k8s(rename = "clientIP", protobuf = 1)]
    pub client_ip: Option<ClientIPConfig>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ClientIPConfig {
    #[k8s(protobuf = 1)]
    pub timeout_seconds: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum IPFamily {
    IPv4,
    IPv6,
    Other(String),
}

impl Default for IPFamily {
    fn default() -> Self {
        IPFamily::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum IPFamilyPolicy {
    SingleStack,
    PreferDualStack,
    RequireDualStack,
    Other(String),
}

impl Default for IPFamilyPolicy {
    fn default() -> Self {
        IPFamilyPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ServiceInternalTrafficPolicy {
    Cluster,
    Local,
    Other(String),
}

impl Default for ServiceInternalTrafficPolicy {
    fn default() -> Self {
        ServiceInternalTrafficPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceStatus {
    #[k8s(optional, protobuf = 1)]
    pub load_balancer: LoadBalancerStatus,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 2
    )]
    pub conditions: Vec<Condition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LoadBalancerStatus {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub ingress: Vec<LoadBalancerIngress>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LoadBalancerIngress {
    #[k8s(optional, protobuf = 1)]
    pub ip: String,
    #[k8s(optional, protobuf = 2)]
    pub hostname: String,
    #[k8s(protobuf = 3)]
    pub ip_mode: Option<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub ports: Vec<PortStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PortStatus {
    #[k8s(protobuf = 1)]
    pub port: i32,
    #[k8s(protobuf = 2)]
    pub protocol: Protocol,
    #[k8s(protobuf = 3)]
    pub error: Option<String>,
}
