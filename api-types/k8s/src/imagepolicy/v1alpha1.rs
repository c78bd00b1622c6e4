// Imported by kapi-codegen from k8s.io/api/imagepolicy/v1alpha1. Change the source and import again.

use kapi::meta::{ObjectMeta, StringMap};
use kapi::ApiType;

kapi::group_version! {
    group_name = "imagepolicy.k8s.io",
    version = "v1alpha1",
    protobuf_package = "k8s.io.api.imagepolicy.v1alpha1",
    protobuf_path = "k8s.io/api/imagepolicy/v1alpha1/generated.proto",
    cargo_feature = "imagepolicy-v1alpha1",
}

#[rustfmt::skip]
#[path = "../../generated/imagepolicy/v1alpha1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client(non_namespaced, no_verbs), verbs = [])]
pub struct ImageReview {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub spec: ImageReviewSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ImageReviewStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ImageReviewSpec {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub containers: Vec<ImageReviewContainerSpec>,
    #[k8s(optional, protobuf = 2)]
    pub annotations: StringMap,
    #[k8s(optional, protobuf = 3)]
    pub namespace: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ImageReviewContainerSpec {
    #[k8s(optional, protobuf = 1)]
    pub image: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ImageReviewStatus {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub allowed: bool,
    #[k8s(optional, protobuf = 2)]
    pub reason: String,
    #[k8s(optional, protobuf = 3)]
    pub audit_annotations: StringMap,
}

pub const GROUP_NAME: &str = "imagepolicy.k8s.io";
