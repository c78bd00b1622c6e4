// Imported by kapi-codegen from k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1. Change the source and import again.

use kapi::meta::{ByteString, ListMeta, ObjectMeta, RawExtension, Status, Time};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "apiextensions.k8s.io",
    version = "v1",
    protobuf_package = "k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1",
    protobuf_path = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1/generated.proto",
    cargo_feature = "apiextensions-v1",
}

#[rustfmt::skip]
#[path = "../../generated/apiextensions/v1/mod.rs"]
pub mod generated;

pub const NONE_CONVERTER: &str = "None";

pub const WEBHOOK_CONVERTER: &str = "Webhook";

#[derive(ApiType, Debug, PartialEq)]
#[k8s(defaults_hook)]
pub struct CustomResourceDefinitionSpec {
    #[k8s(protobuf = 1)]
    pub group: String,
    #[k8s(protobuf = 3)]
    pub names: CustomResourceDefinitionNames,
    #[k8s(protobuf = 4)]
    pub scope: String,
    #[k8s(presence = "null", list_type = "atomic", protobuf = 7)]
    pub versions: Vec<CustomResourceDefinitionVersion>,
    #[k8s(protobuf = 9)]
    pub conversion: Option<CustomResourceConversion>,
    #[k8s(optional, protobuf = 10)]
    pub preserve_unknown_fields: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceConversion {
    #[k8s(protobuf = 1)]
    pub strategy: String,
    #[k8s(protobuf = 2)]
    pub webhook: Option<WebhookConversion>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WebhookConversion {
    #[k8s(protobuf = 2)]
    pub client_config: Option<WebhookClientConfig>,
    #[k8s(presence = "null", list_type = "atomic", protobuf = 3)]
    pub conversion_review_versions: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WebhookClientConfig {
    #[k8s(protobuf = 3)]
    pub url: Option<String>,
    #[k8s(protobuf = 1)]
    pub service: Option<ServiceReference>,
    #[k8s(optional, protobuf = 2)]
    pub ca_bundle: ByteString,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(defaults_hook)]
pub struct ServiceReference {
    #[k8s(protobuf = 1)]
    pub namespace: String,
    #[k8s(protobuf = 2)]
    pub name: String,
    #[k8s(protobuf = 3)]
    pub path: Option<String>,
    #[k8s(protobuf = 4)]
    pub port: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceDefinitionVersion {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub served: bool,
    #[k8s(protobuf = 3)]
    pub storage: bool,
    #[k8s(optional, protobuf = 7)]
    pub deprecated: bool,
    #[k8s(protobuf = 8)]
    pub deprecation_warning: Option<String>,
    #[k8s(protobuf = 4)]
    pub schema: Option<CustomResourceValidation>,
    #[k8s(protobuf = 5)]
    pub subresources: Option<CustomResourceSubresources>,
    #[k8s(optional, list_type = "atomic", protobuf = 6)]
    pub additional_printer_columns: Vec<CustomResourceColumnDefinition>,
    #[k8s(
        optional,
        feature_gate = "CustomResourceFieldSelectors",
        list_type = "atomic",
        protobuf = 9
    )]
    pub selectable_fields: Vec<SelectableField>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SelectableField {
    #[k8s(protobuf = 1)]
    pub json_path: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceColumnDefinition {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub type_: String,
    #[k8s(optional, protobuf = 3)]
    pub format: String,
    #[k8s(optional, protobuf = 4)]
    pub description: String,
    #[k8s(optional, protobuf = 5)]
    pub priority: i32,
    #[k8s(protobuf = 6)]
    pub json_path: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceDefinitionNames {
    #[k8s(protobuf = 1)]
    pub plural: String,
    #[k8s(optional, protobuf = 2)]
    pub singular: String,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub short_names: Vec<String>,
    #[k8s(protobuf = 4)]
    pub kind: String,
    #[k8s(optional, protobuf = 5)]
    pub list_kind: String,
    #[k8s(optional, list_type = "atomic", protobuf = 6)]
    pub categories: Vec<String>,
}

pub const CLUSTER_SCOPED: &str = "Cluster";

pub const NAMESPACE_SCOPED: &str = "Namespaced";

pub const CONDITION_TRUE: &str = "True";

pub const CONDITION_FALSE: &str = "False";

pub const CONDITION_UNKNOWN: &str = "Unknown";

pub const ESTABLISHED: &str = "Established";

pub const NAMES_ACCEPTED: &str = "NamesAccepted";

pub const NON_STRUCTURAL_SCHEMA: &str = "NonStructuralSchema";

pub const TERMINATING: &str = "Terminating";

pub const KUBERNETES_API_APPROVAL_POLICY_CONFORMANT: &str = "KubernetesAPIApprovalPolicyConformant";

pub const STORAGE_MIGRATING: &str = "StorageMigrating";

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceDefinitionCondition {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 5)]
    pub message: String,
    #[k8s(optional, feature_gate = "CRDObservedGenerationTracking", protobuf = 6)]
    pub observed_generation: i64,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceDefinitionStatus {
    #[k8s(
        optional,
        presence = "null",
        list_type = "map",
        list_map_key = "type",
        protobuf = 1
    )]
    pub conditions: Vec<CustomResourceDefinitionCondition>,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub accepted_names: CustomResourceDefinitionNames,
    #[k8s(optional, presence = "null", list_type = "atomic", protobuf = 3)]
    pub stored_versions: Vec<String>,
    #[k8s(optional, feature_gate = "CRDObservedGenerationTracking", protobuf = 4)]
    pub observed_generation: i64,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.16"),
    plural = "customresourcedefinitions",
    singular = "customresourcedefinition",
    short_names = ["crd", "crds"],
    categories = ["api-extensions"],
    subresource_status,
    defaults_hook
)]
pub struct CustomResourceDefinition {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: CustomResourceDefinitionSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: CustomResourceDefinitionStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.16"))]
pub struct CustomResourceDefinitionList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<CustomResourceDefinition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceValidation {
    #[k8s(rename = "openAPIV3Schema", protobuf = 1)]
    pub open_apiv3_schema: Option<JSONSchemaProps>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceSubresources {
    #[k8s(protobuf = 1)]
    pub status: Option<CustomResourceSubresourceStatus>,
    #[k8s(protobuf = 2)]
    pub scale: Option<CustomResourceSubresourceScale>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceSubresourceStatus {}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceSubresourceScale {
    #[k8s(protobuf = 1)]
    pub spec_replicas_path: String,
    #[k8s(protobuf = 2)]
    pub status_replicas_path: String,
    #[k8s(protobuf = 3)]
    pub label_selector_path: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind, lifecycle(introduced = "1.16"))]
pub struct ConversionReview {
    #[k8s(protobuf = 1)]
    pub request: Option<ConversionRequest>,
    #[k8s(protobuf = 2)]
    pub response: Option<ConversionResponse>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ConversionRequest {
    #[k8s(protobuf = 1)]
    pub uid: String,
    #[k8s(rename = "desiredAPIVersion", protobuf = 2)]
    pub desired_api_version: String,
    #[k8s(presence = "null", list_type = "atomic", protobuf = 3)]
    pub objects: Vec<RawExtension>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ConversionResponse {
    #[k8s(protobuf = 1)]
    pub uid: String,
    #[k8s(presence = "null", list_type = "atomic", protobuf = 2)]
    pub converted_objects: Vec<RawExtension>,
    #[k8s(protobuf = 3)]
    pub result: Status,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum FieldValueErrorReason {
    FieldValueRequired,
    FieldValueDuplicate,
    FieldValueInvalid,
    FieldValueForbidden,
    Other(String),
}

impl Default for FieldValueErrorReason {
    fn default() -> Self {
        FieldValueErrorReason::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct JSONSchemaProps {
    #[k8s(optional, protobuf = 1)]
    pub id: String,
    #[k8s(optional, rename = "$schema", protobuf = 2, protobuf_name = "schema")]
    pub schema: String,
    #[k8s(rename = "$ref", protobuf = 3, protobuf_name = "ref")]
    pub ref_: Option<String>,
    #[k8s(optional, protobuf = 4)]
    pub description: String,
    #[k8s(optional, protobuf = 5)]
    pub type_: String,
    #[k8s(optional, protobuf = 6)]
    pub format: String,
    #[k8s(optional, protobuf = 7)]
    pub title: String,
    #[k8s(protobuf = 8)]
    pub default: Option<JSON>,
    #[k8s(protobuf = 9)]
    pub maximum: Option<f64>,
    #[k8s(optional, protobuf = 10)]
    pub exclusive_maximum: bool,
    #[k8s(protobuf = 11)]
    pub minimum: Option<f64>,
    #[k8s(optional, protobuf = 12)]
    pub exclusive_minimum: bool,
    #[k8s(protobuf = 13)]
    pub max_length: Option<i64>,
    #[k8s(protobuf = 14)]
    pub min_length: Option<i64>,
    #[k8s(optional, protobuf = 15)]
    pub pattern: String,
    #[k8s(protobuf = 16)]
    pub max_items: Option<i64>,
    #[k8s(protobuf = 17)]
    pub min_items: Option<i64>,
    #[k8s(optional, protobuf = 18)]
    pub unique_items: bool,
    #[k8s(protobuf = 19)]
    pub multiple_of: Option<f64>,
    #[k8s(optional, list_type = "atomic", protobuf = 20)]
    pub enum_: Vec<JSON>,
    #[k8s(protobuf = 21)]
    pub max_properties: Option<i64>,
    #[k8s(protobuf = 22)]
    pub min_properties: Option<i64>,
    #[k8s(optional, list_type = "atomic", protobuf = 23)]
    pub required: Vec<String>,
    #[k8s(protobuf = 24)]
    pub items: Option<Box<JSONSchemaPropsOrArray>>,
    #[k8s(optional, list_type = "atomic", protobuf = 25)]
    pub all_of: Vec<JSONSchemaProps>,
    #[k8s(optional, list_type = "atomic", protobuf = 26)]
    pub one_of: Vec<JSONSchemaProps>,
    #[k8s(optional, list_type = "atomic", protobuf = 27)]
    pub any_of: Vec<JSONSchemaProps>,
    #[k8s(protobuf = 28)]
    pub not: Option<Box<JSONSchemaProps>>,
    #[k8s(optional, protobuf = 29)]
    pub properties: BTreeMap<String, JSONSchemaProps>,
    #[k8s(protobuf = 30)]
    pub additional_properties: Option<Box<JSONSchemaPropsOrBool>>,
    #[k8s(optional, protobuf = 31)]
    pub pattern_properties: BTreeMap<String, JSONSchemaProps>,
    #[k8s(optional, protobuf = 32)]
    pub dependencies: BTreeMap<String, JSONSchemaPropsOrStringArray>,
    #[k8s(protobuf = 33)]
    pub additional_items: Option<Box<JSONSchemaPropsOrBool>>,
    #[k8s(optional, protobuf = 34)]
    pub definitions: BTreeMap<String, JSONSchemaProps>,
    #[k8s(protobuf = 35)]
    pub external_docs: Option<ExternalDocumentation>,
    #[k8s(protobuf = 36)]
    pub example: Option<JSON>,
    #[k8s(optional, protobuf = 37)]
    pub nullable: bool,
    #[k8s(
        rename = "x-kubernetes-preserve-unknown-fields",
        protobuf = 38,
        protobuf_name = "xKubernetesPreserveUnknownFields"
    )]
    pub x_kubernetes_preserve_unknown_fields: Option<bool>,
    #[k8s(
        optional,
        rename = "x-kubernetes-embedded-resource",
        protobuf = 39,
        protobuf_name = "xKubernetesEmbeddedResource"
    )]
    pub x_kubernetes_embedded_resource: bool,
    #[k8s(
        optional,
        rename = "x-kubernetes-int-or-string",
        protobuf = 40,
        protobuf_name = "xKubernetesIntOrString"
    )]
    pub x_kubernetes_int_or_string: bool,
    #[k8s(
        optional,
        rename = "x-kubernetes-list-map-keys",
        list_type = "atomic",
        protobuf = 41,
        protobuf_name = "xKubernetesListMapKeys"
    )]
    pub x_kubernetes_list_map_keys: Vec<String>,
    #[k8s(
        rename = "x-kubernetes-list-type",
        protobuf = 42,
        protobuf_name = "xKubernetesListType"
    )]
    pub x_kubernetes_list_type: Option<String>,
    #[k8s(
        rename = "x-kubernetes-map-type",
        protobuf = 43,
        protobuf_name = "xKubernetesMapType"
    )]
    pub x_kubernetes_map_type: Option<String>,
    #[k8s(
        optional,
        rename = "x-kubernetes-validations",
        patch_merge_key = "rule",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "rule",
        protobuf = 44,
        protobuf_name = "xKubernetesValidations"
    )]
    pub x_kubernetes_validations: Vec<ValidationRule>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ValidationRule {
    #[k8s(protobuf = 1)]
    pub rule: String,
    #[k8s(optional, protobuf = 2)]
    pub message: String,
    #[k8s(optional, protobuf = 3)]
    pub message_expression: String,
    #[k8s(protobuf = 4)]
    pub reason: Option<FieldValueErrorReason>,
    #[k8s(optional, protobuf = 5)]
    pub field_path: String,
    #[k8s(feature_gate = "CRDValidationRatcheting", protobuf = 6)]
    pub optional_old_self: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(custom_json)]
pub struct JSON {
    #[k8s(presence = "null", protobuf = 1)]
    pub raw: ByteString,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(custom_json)]
pub struct JSONSchemaPropsOrArray {
    #[k8s(presence = "null", protobuf = 1)]
    pub schema: Option<Box<JSONSchemaProps>>,
    #[k8s(
        presence = "null",
        rename = "jSONSchemas",
        list_type = "atomic",
        protobuf = 2
    )]
    pub json_schemas: Vec<JSONSchemaProps>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(custom_json)]
pub struct JSONSchemaPropsOrBool {
    #[k8s(protobuf = 1)]
    pub allows: bool,
    #[k8s(presence = "null", protobuf = 2)]
    pub schema: Option<Box<JSONSchemaProps>>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(custom_json)]
pub struct JSONSchemaPropsOrStringArray {
    #[k8s(presence = "null", protobuf = 1)]
    pub schema: Option<JSONSchemaProps>,
    #[k8s(presence = "null", list_type = "atomic", protobuf = 2)]
    pub property: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ExternalDocumentation {
    #[k8s(optional, protobuf = 1)]
    pub description: String,
    #[k8s(optional, protobuf = 2)]
    pub url: String,
}

pub const GROUP_NAME: &str = "apiextensions.k8s.io";

pub const KUBE_API_APPROVED_ANNOTATION: &str = "api-approved.kubernetes.io";

pub const CUSTOM_RESOURCE_CLEANUP_FINALIZER: &str = "customresourcecleanup.apiextensions.k8s.io";
