// Imported by kapi-codegen from k8s.io/api/authentication/v1beta1. Change the source and import again.

use kapi::meta::{ObjectMeta, Verbs};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "authentication.k8s.io",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.authentication.v1beta1",
    protobuf_path = "k8s.io/api/authentication/v1beta1/generated.proto",
    cargo_feature = "authentication-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/authentication/v1beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced, only_verbs = ["create"]),
    lifecycle(introduced = "1.4", deprecated = "1.19", replacement = "authentication.k8s.io/v1 TokenReview"),
    plural = "tokenreviews",
    singular = "tokenreview",
    verbs = ["create"]
)]
pub struct TokenReview {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, protobuf = 2)]
    pub spec: TokenReviewSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: TokenReviewStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TokenReviewSpec {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub token: String,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub audiences: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TokenReviewStatus {
    #[k8s(optional, protobuf = 1)]
    pub authenticated: bool,
    #[k8s(optional, protobuf = 2)]
    pub user: UserInfo,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub audiences: Vec<String>,
    #[k8s(optional, protobuf = 3)]
    pub error: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct UserInfo {
    #[k8s(optional, protobuf = 1)]
    pub username: String,
    #[k8s(optional, protobuf = 2)]
    pub uid: String,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub groups: Vec<String>,
    #[k8s(optional, protobuf = 4)]
    pub extra: BTreeMap<String, Verbs>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced, only_verbs = ["create"]),
    lifecycle(introduced = "1.27"),
    plural = "selfsubjectreviews",
    singular = "selfsubjectreview",
    verbs = ["create"]
)]
pub struct SelfSubjectReview {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub status: SelfSubjectReviewStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SelfSubjectReviewStatus {
    #[k8s(optional, protobuf = 1)]
    pub user_info: crate::authentication::v1::UserInfo,
}

pub const GROUP_NAME: &str = "authentication.k8s.io";
