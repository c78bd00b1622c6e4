//! apiextensions.k8s.io/v1 CustomResourceDefinition, the parts kapi's CRD generator writes,
//! as kapi API types: the generated CRDs are decoded with strict decoding, so a field the
//! API server would not know is an error.

use kapi::meta::{ByteString, ObjectMeta};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "apiextensions.k8s.io",
    version = "v1",
    group_go_name = "Apiextensions",
    protobuf_package = "k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1",
}

/// A resource the API server serves from a schema.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client(non_namespaced))]
pub struct CustomResourceDefinition {
    #[k8s(optional)]
    pub metadata: ObjectMeta,
    pub spec: CustomResourceDefinitionSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct CustomResourceDefinitionList {
    #[k8s(optional)]
    pub metadata: kapi::meta::ListMeta,
    pub items: Vec<CustomResourceDefinition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceDefinitionSpec {
    pub group: String,
    pub names: CustomResourceDefinitionNames,
    /// `Namespaced` or `Cluster`.
    pub scope: String,
    pub versions: Vec<CustomResourceDefinitionVersion>,
    pub conversion: Option<CustomResourceConversion>,
    pub preserve_unknown_fields: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceDefinitionNames {
    pub plural: String,
    #[k8s(optional)]
    pub singular: String,
    #[k8s(optional)]
    pub short_names: Vec<String>,
    pub kind: String,
    #[k8s(optional)]
    pub list_kind: String,
    #[k8s(optional)]
    pub categories: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceDefinitionVersion {
    pub name: String,
    pub served: bool,
    pub storage: bool,
    pub deprecated: Option<bool>,
    pub deprecation_warning: Option<String>,
    pub schema: Option<CustomResourceValidation>,
    pub subresources: Option<CustomResourceSubresources>,
    #[k8s(optional)]
    pub additional_printer_columns: Vec<CustomResourceColumnDefinition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceValidation {
    #[k8s(rename = "openAPIV3Schema")]
    pub open_api_v3_schema: Option<JsonSchemaProps>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceSubresources {
    pub status: Option<CustomResourceSubresourceStatus>,
    pub scale: Option<CustomResourceSubresourceScale>,
}

/// The status subresource; it has no settings.
#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceSubresourceStatus {}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceSubresourceScale {
    pub spec_replicas_path: String,
    pub status_replicas_path: String,
    pub label_selector_path: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceColumnDefinition {
    pub name: String,
    #[k8s(rename = "type")]
    pub type_: String,
    #[k8s(optional)]
    pub format: String,
    #[k8s(optional)]
    pub description: String,
    #[k8s(optional)]
    pub priority: i32,
    pub json_path: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CustomResourceConversion {
    /// `None` or `Webhook`.
    pub strategy: String,
    pub webhook: Option<WebhookConversion>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WebhookConversion {
    pub client_config: Option<WebhookClientConfig>,
    pub conversion_review_versions: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WebhookClientConfig {
    pub url: Option<String>,
    pub service: Option<ServiceReference>,
    pub ca_bundle: Option<ByteString>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceReference {
    pub namespace: String,
    pub name: String,
    pub path: Option<String>,
    pub port: Option<i32>,
}

/// A JSON schema as CRDs carry it (OpenAPI v3 with Kubernetes' extensions).
#[derive(ApiType, Debug, PartialEq)]
pub struct JsonSchemaProps {
    #[k8s(optional)]
    pub description: String,
    #[k8s(optional, rename = "type")]
    pub type_: String,
    #[k8s(optional)]
    pub format: String,
    pub default: Option<serde_json::Value>,
    pub maximum: Option<f64>,
    pub exclusive_maximum: Option<bool>,
    pub minimum: Option<f64>,
    pub exclusive_minimum: Option<bool>,
    pub max_length: Option<i64>,
    pub min_length: Option<i64>,
    #[k8s(optional)]
    pub pattern: String,
    pub max_items: Option<i64>,
    pub min_items: Option<i64>,
    #[k8s(optional, rename = "enum")]
    pub enum_: Vec<serde_json::Value>,
    #[k8s(optional)]
    pub required: Vec<String>,
    pub items: Option<Box<JsonSchemaProps>>,
    #[k8s(optional)]
    pub all_of: Vec<JsonSchemaProps>,
    #[k8s(optional)]
    pub any_of: Vec<JsonSchemaProps>,
    #[k8s(optional)]
    pub one_of: Vec<JsonSchemaProps>,
    #[k8s(optional)]
    pub properties: BTreeMap<String, JsonSchemaProps>,
    pub additional_properties: Option<Box<JsonSchemaProps>>,
    pub nullable: Option<bool>,
    #[k8s(rename = "x-kubernetes-preserve-unknown-fields")]
    pub x_kubernetes_preserve_unknown_fields: Option<bool>,
    #[k8s(rename = "x-kubernetes-embedded-resource")]
    pub x_kubernetes_embedded_resource: Option<bool>,
    #[k8s(rename = "x-kubernetes-int-or-string")]
    pub x_kubernetes_int_or_string: Option<bool>,
    #[k8s(optional, rename = "x-kubernetes-list-map-keys")]
    pub x_kubernetes_list_map_keys: Vec<String>,
    #[k8s(rename = "x-kubernetes-list-type")]
    pub x_kubernetes_list_type: Option<String>,
    #[k8s(rename = "x-kubernetes-map-type")]
    pub x_kubernetes_map_type: Option<String>,
    #[k8s(optional, rename = "x-kubernetes-validations")]
    pub x_kubernetes_validations: Vec<ValidationRule>,
}

/// A CEL rule (`x-kubernetes-validations`).
#[derive(ApiType, Debug, PartialEq)]
pub struct ValidationRule {
    pub rule: String,
    #[k8s(optional)]
    pub message: String,
    #[k8s(optional)]
    pub message_expression: String,
    pub reason: Option<String>,
    #[k8s(optional)]
    pub field_path: String,
    pub optional_old_self: Option<bool>,
}
