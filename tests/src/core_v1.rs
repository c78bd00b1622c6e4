//! A slice of core/v1: ConfigMap and Namespace.

use kapi::meta::{ByteString, ListMeta, ObjectMeta, Time};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "",
    version = "v1",
    group_go_name = "Core",
    protobuf_package = "k8s.io.api.core.v1",
}

/// Configuration data for pods to consume.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client, short_names = ["cm"])]
pub struct ConfigMap {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    /// If true, `data` and `binaryData` cannot be updated.
    #[k8s(protobuf = 4)]
    pub immutable: Option<bool>,
    /// UTF-8 values.
    #[k8s(optional, protobuf = 2)]
    pub data: BTreeMap<String, String>,
    /// Binary values, base64 in JSON.
    #[k8s(optional, protobuf = 3)]
    pub binary_data: BTreeMap<String, ByteString>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct ConfigMapList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ConfigMap>,
}

/// A scope for names.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client(non_namespaced), short_names = ["ns"])]
pub struct Namespace {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: NamespaceSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: NamespaceStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NamespaceSpec {
    /// Must be empty before the namespace is removed from storage.
    #[k8s(optional, protobuf = 1, list_type = "atomic")]
    pub finalizers: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NamespaceStatus {
    /// `Active` or `Terminating`; kept as a string so new phases decode.
    #[k8s(optional, protobuf = 1)]
    pub phase: String,
    #[k8s(optional, protobuf = 2, list_type = "map", list_map_key = "type")]
    pub conditions: Vec<NamespaceCondition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NamespaceCondition {
    #[k8s(protobuf = 1, rename = "type")]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub status: String,
    #[k8s(protobuf = 4)]
    pub last_transition_time: Option<Time>,
    #[k8s(optional, protobuf = 5)]
    pub reason: String,
    #[k8s(optional, protobuf = 6)]
    pub message: String,
}
