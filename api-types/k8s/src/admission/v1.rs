// Imported by kapi-codegen from k8s.io/api/admission/v1. Change the source and import again.

use kapi::meta::{
    ByteString, GroupVersionKind, GroupVersionResource, RawExtension, Status, StringMap,
};
use kapi::ApiType;

kapi::group_version! {
    group_name = "admission.k8s.io",
    version = "v1",
    protobuf_package = "k8s.io.api.admission.v1",
    protobuf_path = "k8s.io/api/admission/v1/generated.proto",
    cargo_feature = "admission-v1",
}

#[rustfmt::skip]
#[path = "../../generated/admission/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind, lifecycle(introduced = "1.19"))]
pub struct AdmissionReview {
    #[k8s(protobuf = 1)]
    pub request: Option<AdmissionRequest>,
    #[k8s(protobuf = 2)]
    pub response: Option<AdmissionResponse>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AdmissionRequest {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub uid: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub kind: GroupVersionKind,
    #[k8s(optional, presence = "always", protobuf = 3)]
    pub resource: GroupVersionResource,
    #[k8s(optional, protobuf = 4)]
    pub sub_resource: String,
    #[k8s(protobuf = 13)]
    pub request_kind: Option<GroupVersionKind>,
    #[k8s(protobuf = 14)]
    pub request_resource: Option<GroupVersionResource>,
    #[k8s(optional, protobuf = 15)]
    pub request_sub_resource: String,
    #[k8s(optional, protobuf = 5)]
    pub name: String,
    #[k8s(optional, protobuf = 6)]
    pub namespace: String,
    #[k8s(optional, presence = "always", protobuf = 7)]
    pub operation: String,
    #[k8s(optional, presence = "always", protobuf = 8)]
    pub user_info: crate::authentication::v1::UserInfo,
    #[k8s(optional, protobuf = 9)]
    pub object: RawExtension,
    #[k8s(optional, protobuf = 10)]
    pub old_object: RawExtension,
    #[k8s(protobuf = 11)]
    pub dry_run: Option<bool>,
    #[k8s(optional, protobuf = 12)]
    pub options: RawExtension,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AdmissionResponse {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub uid: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub allowed: bool,
    #[k8s(protobuf = 3)]
    pub status: Option<Status>,
    #[k8s(optional, protobuf = 4)]
    pub patch: ByteString,
    #[k8s(protobuf = 5)]
    pub patch_type: Option<String>,
    #[k8s(optional, protobuf = 6)]
    pub audit_annotations: StringMap,
    #[k8s(optional, list_type = "atomic", protobuf = 7)]
    pub warnings: Vec<String>,
}

pub const PATCH_TYPE_JSON_PATCH: &str = "JSONPatch";

pub const CREATE: &str = "CREATE";

pub const UPDATE: &str = "UPDATE";

pub const DELETE: &str = "DELETE";

pub const CONNECT: &str = "CONNECT";

pub const GROUP_NAME: &str = "admission.k8s.io";
