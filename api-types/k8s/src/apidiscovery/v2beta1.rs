// Imported by kapi-codegen from k8s.io/api/apidiscovery/v2beta1. Change the source and import again.

use kapi::meta::{GroupVersionKind, ListMeta, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "apidiscovery.k8s.io",
    version = "v2beta1",
    protobuf_package = "k8s.io.api.apidiscovery.v2beta1",
    protobuf_path = "k8s.io/api/apidiscovery/v2beta1/generated.proto",
    cargo_feature = "apidiscovery-v2beta1",
}

#[rustfmt::skip]
#[path = "../../generated/apidiscovery/v2beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(introduced = "1.26", deprecated = "1.32", removed = "1.35")
)]
pub struct APIGroupDiscoveryList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(optional, presence = "null", protobuf = 2)]
    pub items: Vec<APIGroupDiscovery>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(introduced = "1.26", deprecated = "1.32", removed = "1.35"),
    verbs = []
)]
pub struct APIGroupDiscovery {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, list_type = "map", list_map_key = "version", protobuf = 2)]
    pub versions: Vec<APIVersionDiscovery>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct APIVersionDiscovery {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub version: String,
    #[k8s(optional, list_type = "map", list_map_key = "resource", protobuf = 2)]
    pub resources: Vec<APIResourceDiscovery>,
    #[k8s(optional, protobuf = 3)]
    pub freshness: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct APIResourceDiscovery {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub resource: String,
    #[k8s(protobuf = 2)]
    pub response_kind: Option<GroupVersionKind>,
    #[k8s(optional, presence = "always", protobuf = 3)]
    pub scope: String,
    #[k8s(optional, presence = "always", protobuf = 4)]
    pub singular_resource: String,
    #[k8s(optional, presence = "null", list_type = "set", protobuf = 5)]
    pub verbs: Vec<String>,
    #[k8s(optional, list_type = "set", protobuf = 6)]
    pub short_names: Vec<String>,
    #[k8s(optional, list_type = "set", protobuf = 7)]
    pub categories: Vec<String>,
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "subresource",
        protobuf = 8
    )]
    pub subresources: Vec<APISubresourceDiscovery>,
}

pub const SCOPE_CLUSTER: &str = "Cluster";

pub const SCOPE_NAMESPACE: &str = "Namespaced";

pub const DISCOVERY_FRESHNESS_CURRENT: &str = "Current";

pub const DISCOVERY_FRESHNESS_STALE: &str = "Stale";

#[derive(ApiType, Debug, PartialEq)]
pub struct APISubresourceDiscovery {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub subresource: String,
    #[k8s(protobuf = 2)]
    pub response_kind: Option<GroupVersionKind>,
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "group",
        list_map_key = "version",
        list_map_key = "kind",
        protobuf = 3
    )]
    pub accepted_types: Vec<GroupVersionKind>,
    #[k8s(optional, presence = "null", list_type = "set", protobuf = 4)]
    pub verbs: Vec<String>,
}

pub const GROUP_NAME: &str = "apidiscovery.k8s.io";
