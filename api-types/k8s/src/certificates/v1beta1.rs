// Imported by kapi-codegen from k8s.io/api/certificates/v1beta1. Change the source and import again.

use kapi::meta::{ByteString, Condition, ListMeta, ObjectMeta, StringMap, Time, Verbs};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "certificates.k8s.io",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.certificates.v1beta1",
    protobuf_path = "k8s.io/api/certificates/v1beta1/generated.proto",
    cargo_feature = "certificates-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/certificates/v1beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.12", deprecated = "1.19", replacement = "certificates.k8s.io/v1 CertificateSigningRequest"),
    plural = "certificatesigningrequests",
    singular = "certificatesigningrequest",
    short_names = ["csr"],
    subresource_status
)]
pub struct CertificateSigningRequest {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: CertificateSigningRequestSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: CertificateSigningRequestStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CertificateSigningRequestSpec {
    #[k8s(presence = "null", protobuf = 1)]
    pub request: ByteString,
    #[k8s(protobuf = 7)]
    pub signer_name: Option<String>,
    #[k8s(protobuf = 8)]
    pub expiration_seconds: Option<i32>,
    #[k8s(optional, list_type = "atomic", protobuf = 5)]
    pub usages: Vec<String>,
    #[k8s(optional, protobuf = 2)]
    pub username: String,
    #[k8s(optional, protobuf = 3)]
    pub uid: String,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub groups: Vec<String>,
    #[k8s(optional, protobuf = 6)]
    pub extra: BTreeMap<String, Verbs>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CertificateSigningRequestStatus {
    #[k8s(optional, list_type = "map", list_map_key = "type", protobuf = 1)]
    pub conditions: Vec<CertificateSigningRequestCondition>,
    #[k8s(optional, protobuf = 2)]
    pub certificate: ByteString,
}

pub const CERTIFICATE_APPROVED: &str = "Approved";

pub const CERTIFICATE_DENIED: &str = "Denied";

pub const CERTIFICATE_FAILED: &str = "Failed";

#[derive(ApiType, Debug, PartialEq)]
pub struct CertificateSigningRequestCondition {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(optional, presence = "always", protobuf = 6)]
    pub status: String,
    #[k8s(optional, protobuf = 2)]
    pub reason: String,
    #[k8s(optional, protobuf = 3)]
    pub message: String,
    #[k8s(optional, protobuf = 4)]
    pub last_update_time: Time,
    #[k8s(optional, protobuf = 5)]
    pub last_transition_time: Time,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.12",
        deprecated = "1.19",
        replacement = "certificates.k8s.io/v1 CertificateSigningRequestList"
    )
)]
pub struct CertificateSigningRequestList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<CertificateSigningRequest>,
}

pub const USAGE_SIGNING: &str = "signing";

pub const USAGE_DIGITAL_SIGNATURE: &str = "digital signature";

pub const USAGE_CONTENT_COMMITMENT: &str = "content commitment";

pub const USAGE_KEY_ENCIPHERMENT: &str = "key encipherment";

pub const USAGE_KEY_AGREEMENT: &str = "key agreement";

pub const USAGE_DATA_ENCIPHERMENT: &str = "data encipherment";

pub const USAGE_CERT_SIGN: &str = "cert sign";

pub const USAGE_CRL_SIGN: &str = "crl sign";

pub const USAGE_ENCIPHER_ONLY: &str = "encipher only";

pub const USAGE_DECIPHER_ONLY: &str = "decipher only";

pub const USAGE_ANY: &str = "any";

pub const USAGE_SERVER_AUTH: &str = "server auth";

pub const USAGE_CLIENT_AUTH: &str = "client auth";

pub const USAGE_CODE_SIGNING: &str = "code signing";

pub const USAGE_EMAIL_PROTECTION: &str = "email protection";

pub const USAGE_SMIME: &str = "s/mime";

pub const USAGE_I_PSEC_END_SYSTEM: &str = "ipsec end system";

pub const USAGE_I_PSEC_TUNNEL: &str = "ipsec tunnel";

pub const USAGE_I_PSEC_USER: &str = "ipsec user";

pub const USAGE_TIMESTAMPING: &str = "timestamping";

pub const USAGE_OCSP_SIGNING: &str = "ocsp signing";

pub const USAGE_MICROSOFT_SGC: &str = "microsoft sgc";

pub const USAGE_NETSCAPE_SGC: &str = "netscape sgc";

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(
        introduced = "1.33",
        deprecated = "1.37",
        replacement = "certificates.k8s.io/v1 ClusterTrustBundle"
    ),
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
#[k8s(
    kind,
    lifecycle(
        introduced = "1.33",
        deprecated = "1.37",
        replacement = "certificates.k8s.io/v1 ClusterTrustBundleList"
    )
)]
pub struct ClusterTrustBundleList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ClusterTrustBundle>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(
        introduced = "1.35",
        deprecated = "1.37",
        replacement = "certificates.k8s.io/v1 PodCertificateRequest"
    ),
    plural = "podcertificaterequests",
    singular = "podcertificaterequest",
    subresource_status
)]
pub struct PodCertificateRequest {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, protobuf = 2)]
    pub spec: PodCertificateRequestSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: PodCertificateRequestStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodCertificateRequestSpec {
    #[k8s(required, protobuf = 1)]
    pub signer_name: String,
    #[k8s(required, protobuf = 2)]
    pub pod_name: String,
    #[k8s(required, rename = "podUID", protobuf = 3)]
    pub pod_uid: String,
    #[k8s(required, protobuf = 4)]
    pub service_account_name: String,
    #[k8s(required, rename = "serviceAccountUID", protobuf = 5)]
    pub service_account_uid: String,
    #[k8s(required, protobuf = 6)]
    pub node_name: String,
    #[k8s(required, rename = "nodeUID", protobuf = 7)]
    pub node_uid: String,
    #[k8s(default = 86400, protobuf = 8)]
    pub max_expiration_seconds: Option<i32>,
    #[k8s(optional, presence = "null", protobuf = 9)]
    pub pkix_public_key: ByteString,
    #[k8s(optional, presence = "null", protobuf = 10)]
    pub proof_of_possession: ByteString,
    #[k8s(presence = "null", rename = "stubPKCS10Request", protobuf = 12)]
    pub stub_pkcs10_request: ByteString,
    #[k8s(optional, protobuf = 11)]
    pub unverified_user_annotations: StringMap,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodCertificateRequestStatus {
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 1
    )]
    pub conditions: Vec<Condition>,
    #[k8s(optional, protobuf = 2)]
    pub certificate_chain: String,
    #[k8s(protobuf = 4)]
    pub not_before: Option<Time>,
    #[k8s(protobuf = 5)]
    pub begin_refresh_at: Option<Time>,
    #[k8s(protobuf = 6)]
    pub not_after: Option<Time>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.35",
        deprecated = "1.37",
        replacement = "certificates.k8s.io/v1 PodCertificateRequestList"
    )
)]
pub struct PodCertificateRequestList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<PodCertificateRequest>,
}

pub const GROUP_NAME: &str = "certificates.k8s.io";

pub const KUBE_API_SERVER_CLIENT_SIGNER_NAME: &str = "kubernetes.io/kube-apiserver-client";

pub const KUBE_API_SERVER_CLIENT_KUBELET_SIGNER_NAME: &str =
    "kubernetes.io/kube-apiserver-client-kubelet";

pub const KUBELET_SERVING_SIGNER_NAME: &str = "kubernetes.io/kubelet-serving";

pub const LEGACY_UNKNOWN_SIGNER_NAME: &str = "kubernetes.io/legacy-unknown";

pub const POD_CERTIFICATE_REQUEST_CONDITION_TYPE_DENIED: &str = "Denied";

pub const POD_CERTIFICATE_REQUEST_CONDITION_TYPE_FAILED: &str = "Failed";

pub const POD_CERTIFICATE_REQUEST_CONDITION_TYPE_ISSUED: &str = "Issued";

pub const POD_CERTIFICATE_REQUEST_CONDITION_UNSUPPORTED_KEY_TYPE: &str = "UnsupportedKeyType";

pub const POD_CERTIFICATE_REQUEST_CONDITION_INVALID_USER_CONFIG: &str =
    "InvalidUnverifiedUserAnnotations";
