// Imported by kapi-codegen from k8s.io/api/certificates/v1alpha1. Change the source and import again.

use kapi::meta::{ListMeta, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "certificates.k8s.io",
    version = "v1alpha1",
    protobuf_package = "k8s.io.api.certificates.v1alpha1",
    protobuf_path = "k8s.io/api/certificates/v1alpha1/generated.proto",
    cargo_feature = "certificates-v1alpha1",
}

#[rustfmt::skip]
#[path = "../../generated/certificates/v1alpha1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.26", deprecated = "1.34"),
    plural = "clustertrustbundles",
    singular = "clustertrustbundle"
)]
pub struct ClusterTrustBundle {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: ClusterTrustBundleSpec,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ClusterTrustBundleSpec {
    #[k8s(optional, protobuf = 1)]
    pub signer_name: String,
    #[k8s(protobuf = 2)]
    pub trust_bundle: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.26", deprecated = "1.34"))]
pub struct ClusterTrustBundleList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ClusterTrustBundle>,
}

pub const GROUP_NAME: &str = "certificates.k8s.io";
