// Imported by kapi-codegen from k8s.io/api/authorization/v1beta1. Change the source and import again.

use kapi::meta::{ObjectMeta, Verbs};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "authorization.k8s.io",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.authorization.v1beta1",
    protobuf_path = "k8s.io/api/authorization/v1beta1/generated.proto",
    cargo_feature = "authorization-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/authorization/v1beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced, only_verbs = ["create"]),
    lifecycle(introduced = "1.2", deprecated = "1.19", replacement = "authorization.k8s.io/v1 SubjectAccessReview"),
    plural = "subjectaccessreviews",
    singular = "subjectaccessreview",
    verbs = ["create"]
)]
pub struct SubjectAccessReview {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: SubjectAccessReviewSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: SubjectAccessReviewStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced, only_verbs = ["create"]),
    lifecycle(introduced = "1.2", deprecated = "1.19", replacement = "authorization.k8s.io/v1 SelfSubjectAccessReview"),
    plural = "selfsubjectaccessreviews",
    singular = "selfsubjectaccessreview",
    verbs = ["create"]
)]
pub struct SelfSubjectAccessReview {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: SelfSubjectAccessReviewSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: SubjectAccessReviewStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(only_verbs = ["create"]),
    lifecycle(introduced = "1.2", deprecated = "1.19", replacement = "authorization.k8s.io/v1 LocalSubjectAccessReview"),
    plural = "localsubjectaccessreviews",
    singular = "localsubjectaccessreview",
    verbs = ["create"]
)]
pub struct LocalSubjectAccessReview {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: SubjectAccessReviewSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: SubjectAccessReviewStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceAttributes {
    #[k8s(optional, protobuf = 1)]
    pub namespace: String,
    #[k8s(optional, protobuf = 2)]
    pub verb: String,
    #[k8s(optional, protobuf = 3)]
    pub group: String,
    #[k8s(optional, protobuf = 4)]
    pub version: String,
    #[k8s(optional, protobuf = 5)]
    pub resource: String,
    #[k8s(optional, protobuf = 6)]
    pub subresource: String,
    #[k8s(optional, protobuf = 7)]
    pub name: String,
    #[k8s(protobuf = 8)]
    pub field_selector: Option<crate::authorization::v1::FieldSelectorAttributes>,
    #[k8s(protobuf = 9)]
    pub label_selector: Option<crate::authorization::v1::LabelSelectorAttributes>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NonResourceAttributes {
    #[k8s(optional, protobuf = 1)]
    pub path: String,
    #[k8s(optional, protobuf = 2)]
    pub verb: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SubjectAccessReviewSpec {
    #[k8s(protobuf = 1)]
    pub resource_attributes: Option<ResourceAttributes>,
    #[k8s(protobuf = 2)]
    pub non_resource_attributes: Option<NonResourceAttributes>,
    #[k8s(optional, protobuf = 3)]
    pub user: String,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub group: Vec<String>,
    #[k8s(optional, protobuf = 5)]
    pub extra: BTreeMap<String, Verbs>,
    #[k8s(optional, protobuf = 6)]
    pub uid: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SelfSubjectAccessReviewSpec {
    #[k8s(protobuf = 1)]
    pub resource_attributes: Option<ResourceAttributes>,
    #[k8s(protobuf = 2)]
    pub non_resource_attributes: Option<NonResourceAttributes>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SubjectAccessReviewStatus {
    #[k8s(protobuf = 1)]
    pub allowed: bool,
    #[k8s(optional, protobuf = 4)]
    pub denied: bool,
    #[k8s(optional, protobuf = 2)]
    pub reason: String,
    #[k8s(optional, protobuf = 3)]
    pub evaluation_error: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced, only_verbs = ["create"]),
    lifecycle(introduced = "1.8", deprecated = "1.19", replacement = "authorization.k8s.io/v1 SelfSubjectRulesReview"),
    plural = "selfsubjectrulesreviews",
    singular = "selfsubjectrulesreview",
    verbs = ["create"]
)]
pub struct SelfSubjectRulesReview {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: SelfSubjectRulesReviewSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: SubjectRulesReviewStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SelfSubjectRulesReviewSpec {
    #[k8s(optional, protobuf = 1)]
    pub namespace: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SubjectRulesReviewStatus {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub resource_rules: Vec<ResourceRule>,
    #[k8s(presence = "null", list_type = "atomic", protobuf = 2)]
    pub non_resource_rules: Vec<NonResourceRule>,
    #[k8s(protobuf = 3)]
    pub incomplete: bool,
    #[k8s(optional, protobuf = 4)]
    pub evaluation_error: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceRule {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub verbs: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub api_groups: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub resources: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub resource_names: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NonResourceRule {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub verbs: Vec<String>,
    #[k8s(
        optional,
        rename = "nonResourceURLs",
        list_type = "atomic",
        protobuf = 2
    )]
    pub non_resource_urls: Vec<String>,
}

pub const GROUP_NAME: &str = "authorization.k8s.io";
