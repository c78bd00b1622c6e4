// Imported by kapi-codegen from k8s.io/api/authentication/v1. Change the source and import again.

use kapi::meta::{ObjectMeta, Time, Verbs};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "authentication.k8s.io",
    version = "v1",
    protobuf_package = "k8s.io.api.authentication.v1",
    protobuf_path = "k8s.io/api/authentication/v1/generated.proto",
    cargo_feature = "authentication-v1",
}

#[rustfmt::skip]
#[path = "../../generated/authentication/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced, only_verbs = ["create"]),
    lifecycle(introduced = "1.6"),
    storage_version,
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
#[k8s(kind, lifecycle(introduced = "1.10"), verbs = [])]
pub struct TokenRequest {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub spec: TokenRequestSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: TokenRequestStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TokenRequestSpec {
    #[k8s(optional, presence = "null", list_type = "atomic", protobuf = 1)]
    pub audiences: Vec<String>,
    #[k8s(presence = "null", protobuf = 4)]
    pub expiration_seconds: Option<i64>,
    #[k8s(presence = "null", protobuf = 3)]
    pub bound_object_ref: Option<BoundObjectReference>,
    #[k8s(optional, protobuf = 5)]
    pub attestations: BTreeMap<String, Verbs>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TokenRequestStatus {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub token: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub expiration_timestamp: Time,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct BoundObjectReference {
    #[k8s(optional, protobuf = 1)]
    pub kind: String,
    #[k8s(optional, protobuf = 2)]
    pub api_version: String,
    #[k8s(optional, protobuf = 3)]
    pub name: String,
    #[k8s(optional, protobuf = 4, protobuf_name = "uID")]
    pub uid: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced, only_verbs = ["create"]),
    lifecycle(introduced = "1.28"),
    storage_version,
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
    pub user_info: UserInfo,
}

pub const GROUP_NAME: &str = "authentication.k8s.io";

pub const IMPERSONATE_USER_HEADER: &str = "Impersonate-User";

pub const IMPERSONATE_GROUP_HEADER: &str = "Impersonate-Group";

pub const IMPERSONATE_UID_HEADER: &str = "Impersonate-Uid";

pub const IMPERSONATE_USER_EXTRA_HEADER_PREFIX: &str = "Impersonate-Extra-";

pub const ATTESTATION_ADMISSION_REVIEW_API_GROUPS: &str = "admissionReviewAPIGroups";
