// Imported by kapi-codegen from k8s.io/api/authentication/v1alpha1. Change the source and import again.

use kapi::meta::ObjectMeta;
use kapi::ApiType;

kapi::group_version! {
    group_name = "authentication.k8s.io",
    version = "v1alpha1",
    protobuf_package = "k8s.io.api.authentication.v1alpha1",
    protobuf_path = "k8s.io/api/authentication/v1alpha1/generated.proto",
    cargo_feature = "authentication-v1alpha1",
}

#[rustfmt::skip]
#[path = "../../generated/authentication/v1alpha1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced, only_verbs = ["create"]),
    lifecycle(introduced = "1.26"),
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
