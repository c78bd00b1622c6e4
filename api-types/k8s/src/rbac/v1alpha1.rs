// Imported by kapi-codegen from k8s.io/api/rbac/v1alpha1. Change the source and import again.

use kapi::meta::{LabelSelector, ListMeta, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "rbac.authorization.k8s.io",
    version = "v1alpha1",
    protobuf_package = "k8s.io.api.rbac.v1alpha1",
    protobuf_path = "k8s.io/api/rbac/v1alpha1/generated.proto",
    cargo_feature = "rbac-v1alpha1",
}

#[rustfmt::skip]
#[path = "../../generated/rbac/v1alpha1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
pub struct PolicyRule {
    #[k8s(required, presence = "null", list_type = "atomic", protobuf = 1)]
    pub verbs: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub api_groups: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub resources: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 5)]
    pub resource_names: Vec<String>,
    #[k8s(
        optional,
        rename = "nonResourceURLs",
        list_type = "atomic",
        protobuf = 6
    )]
    pub non_resource_urls: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Subject {
    #[k8s(required, protobuf = 1)]
    pub kind: String,
    #[k8s(optional, conversion_gen = false, protobuf = 2)]
    pub api_version: String,
    #[k8s(required, protobuf = 3)]
    pub name: String,
    #[k8s(optional, protobuf = 4)]
    pub namespace: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct RoleRef {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub api_group: String,
    #[k8s(required, protobuf = 2)]
    pub kind: String,
    #[k8s(required, protobuf = 3)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client, plural = "roles", singular = "role")]
pub struct Role {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, presence = "null", list_type = "atomic", protobuf = 2)]
    pub rules: Vec<PolicyRule>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client, plural = "rolebindings", singular = "rolebinding")]
pub struct RoleBinding {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub subjects: Vec<Subject>,
    #[k8s(required, protobuf = 3)]
    pub role_ref: RoleRef,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct RoleBindingList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<RoleBinding>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct RoleList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Role>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    plural = "clusterroles",
    singular = "clusterrole"
)]
pub struct ClusterRole {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, presence = "null", list_type = "atomic", protobuf = 2)]
    pub rules: Vec<PolicyRule>,
    #[k8s(protobuf = 3)]
    pub aggregation_rule: Option<AggregationRule>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AggregationRule {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub cluster_role_selectors: Vec<LabelSelector>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    plural = "clusterrolebindings",
    singular = "clusterrolebinding"
)]
pub struct ClusterRoleBinding {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub subjects: Vec<Subject>,
    #[k8s(required, protobuf = 3)]
    pub role_ref: RoleRef,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct ClusterRoleBindingList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ClusterRoleBinding>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct ClusterRoleList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ClusterRole>,
}

pub const GROUP_NAME: &str = "rbac.authorization.k8s.io";

pub const API_GROUP_ALL: &str = "*";

pub const RESOURCE_ALL: &str = "*";

pub const VERB_ALL: &str = "*";

pub const NON_RESOURCE_ALL: &str = "*";

pub const GROUP_KIND: &str = "Group";

pub const SERVICE_ACCOUNT_KIND: &str = "ServiceAccount";

pub const USER_KIND: &str = "User";

pub const AUTO_UPDATE_ANNOTATION_KEY: &str = "rbac.authorization.kubernetes.io/autoupdate";
