// Imported by kapi-codegen from k8s.io/api/apiserverinternal/v1alpha1. Change the source and import again.

use kapi::meta::{ListMeta, ObjectMeta, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "internal.apiserver.k8s.io",
    version = "v1alpha1",
    protobuf_package = "k8s.io.api.apiserverinternal.v1alpha1",
    protobuf_path = "k8s.io/api/apiserverinternal/v1alpha1/generated.proto",
    cargo_feature = "apiserverinternal-v1alpha1",
}

#[rustfmt::skip]
#[path = "../../generated/apiserverinternal/v1alpha1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    plural = "storageversions",
    singular = "storageversion",
    subresource_status
)]
pub struct StorageVersion {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub spec: StorageVersionSpec,
    #[k8s(optional, presence = "always", protobuf = 3)]
    pub status: StorageVersionStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct StorageVersionSpec {}

#[derive(ApiType, Debug, PartialEq)]
pub struct StorageVersionStatus {
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "apiServerID",
        protobuf = 1
    )]
    pub storage_versions: Vec<ServerStorageVersion>,
    #[k8s(protobuf = 2)]
    pub common_encoding_version: Option<String>,
    #[k8s(optional, list_type = "map", list_map_key = "type", protobuf = 3)]
    pub conditions: Vec<StorageVersionCondition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServerStorageVersion {
    #[k8s(
        required,
        presence = "omit_empty",
        rename = "apiServerID",
        protobuf = 1
    )]
    pub api_server_id: String,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub encoding_version: String,
    #[k8s(required, presence = "omit_empty", list_type = "set", protobuf = 3)]
    pub decodable_versions: Vec<String>,
    #[k8s(optional, list_type = "set", protobuf = 4)]
    pub served_versions: Vec<String>,
}

pub const ALL_ENCODING_VERSIONS_EQUAL: &str = "AllEncodingVersionsEqual";

pub const CONDITION_TRUE: &str = "True";

pub const CONDITION_FALSE: &str = "False";

pub const CONDITION_UNKNOWN: &str = "Unknown";

#[derive(ApiType, Debug, PartialEq)]
pub struct StorageVersionCondition {
    #[k8s(required, protobuf = 1)]
    pub type_: String,
    #[k8s(required, protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub observed_generation: i64,
    #[k8s(optional, protobuf = 4)]
    pub last_transition_time: Time,
    #[k8s(required, protobuf = 5)]
    pub reason: String,
    #[k8s(required, presence = "omit_empty", protobuf = 6)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct StorageVersionList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<StorageVersion>,
}

pub const GROUP_NAME: &str = "internal.apiserver.k8s.io";
