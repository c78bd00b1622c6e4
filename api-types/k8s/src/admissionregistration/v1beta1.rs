// Imported by kapi-codegen from k8s.io/api/admissionregistration/v1beta1. Change the source and import again.

use kapi::meta::{ByteString, Condition, LabelSelector, ListMeta, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "admissionregistration.k8s.io",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.admissionregistration.v1beta1",
    protobuf_path = "k8s.io/api/admissionregistration/v1beta1/generated.proto",
    cargo_feature = "admissionregistration-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/admissionregistration/v1beta1/mod.rs"]
pub mod generated;

pub const CLUSTER_SCOPE: &str = "Cluster";

pub const NAMESPACED_SCOPE: &str = "Namespaced";

pub const ALL_SCOPES: &str = "*";

pub const ALLOW_ACTION: &str = "Allow";

pub const DENY_ACTION: &str = "Deny";

pub const IGNORE: &str = "Ignore";

pub const FAIL: &str = "Fail";

pub const EXACT: &str = "Exact";

pub const EQUIVALENT: &str = "Equivalent";

pub const SIDE_EFFECT_CLASS_UNKNOWN: &str = "Unknown";

pub const SIDE_EFFECT_CLASS_NONE: &str = "None";

pub const SIDE_EFFECT_CLASS_SOME: &str = "Some";

pub const SIDE_EFFECT_CLASS_NONE_ON_DRY_RUN: &str = "NoneOnDryRun";

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.28"),
    plural = "validatingadmissionpolicies",
    singular = "validatingadmissionpolicy",
    categories = ["api-extensions"],
    subresource_status
)]
pub struct ValidatingAdmissionPolicy {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: ValidatingAdmissionPolicySpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ValidatingAdmissionPolicyStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ValidatingAdmissionPolicyStatus {
    #[k8s(optional, protobuf = 1)]
    pub observed_generation: i64,
    #[k8s(protobuf = 2)]
    pub type_checking: Option<TypeChecking>,
    #[k8s(optional, list_type = "map", list_map_key = "type", protobuf = 3)]
    pub conditions: Vec<Condition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TypeChecking {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub expression_warnings: Vec<ExpressionWarning>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ExpressionWarning {
    #[k8s(protobuf = 2)]
    pub field_ref: String,
    #[k8s(protobuf = 3)]
    pub warning: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.28"))]
pub struct ValidatingAdmissionPolicyList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ValidatingAdmissionPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ValidatingAdmissionPolicySpec {
    #[k8s(protobuf = 1)]
    pub param_kind: Option<ParamKind>,
    #[k8s(protobuf = 2)]
    pub match_constraints: Option<MatchResources>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub validations: Vec<Validation>,
    #[k8s(protobuf = 4)]
    pub failure_policy: Option<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 5)]
    pub audit_annotations: Vec<AuditAnnotation>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 6
    )]
    pub match_conditions: Vec<MatchCondition>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 7
    )]
    pub variables: Vec<Variable>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct ParamKind {
    #[k8s(optional, protobuf = 1)]
    pub api_version: String,
    #[k8s(optional, protobuf = 2)]
    pub kind: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Validation {
    #[k8s(protobuf = 1, protobuf_name = "Expression")]
    pub expression: String,
    #[k8s(optional, protobuf = 2)]
    pub message: String,
    #[k8s(protobuf = 3)]
    pub reason: Option<String>,
    #[k8s(optional, protobuf = 4)]
    pub message_expression: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct Variable {
    #[k8s(protobuf = 1, protobuf_name = "Name")]
    pub name: String,
    #[k8s(protobuf = 2, protobuf_name = "Expression")]
    pub expression: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AuditAnnotation {
    #[k8s(protobuf = 1)]
    pub key: String,
    #[k8s(protobuf = 2)]
    pub value_expression: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.28"),
    plural = "validatingadmissionpolicybindings",
    singular = "validatingadmissionpolicybinding",
    categories = ["api-extensions"]
)]
pub struct ValidatingAdmissionPolicyBinding {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: ValidatingAdmissionPolicyBindingSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.28"))]
pub struct ValidatingAdmissionPolicyBindingList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ValidatingAdmissionPolicyBinding>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ValidatingAdmissionPolicyBindingSpec {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub policy_name: String,
    #[k8s(protobuf = 2)]
    pub param_ref: Option<ParamRef>,
    #[k8s(protobuf = 3)]
    pub match_resources: Option<MatchResources>,
    #[k8s(required, presence = "omit_empty", list_type = "set", protobuf = 4)]
    pub validation_actions: Vec<ValidationAction>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct ParamRef {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub namespace: String,
    #[k8s(protobuf = 3)]
    pub selector: Option<LabelSelector>,
    #[k8s(protobuf = 4)]
    pub parameter_not_found_action: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct MatchResources {
    #[k8s(protobuf = 1)]
    pub namespace_selector: Option<LabelSelector>,
    #[k8s(protobuf = 2)]
    pub object_selector: Option<LabelSelector>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub resource_rules: Vec<NamedRuleWithOperations>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub exclude_resource_rules: Vec<NamedRuleWithOperations>,
    #[k8s(protobuf = 7)]
    pub match_policy: Option<String>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ValidationAction {
    Deny,
    Warn,
    Audit,
    Other(String),
}

impl Default for ValidationAction {
    fn default() -> Self {
        ValidationAction::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct NamedRuleWithOperations {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub resource_names: Vec<String>,
    #[k8s(inline, protobuf = 2)]
    pub rule_with_operations: crate::admissionregistration::v1::RuleWithOperations,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.9", deprecated = "1.16", removed = "1.22", replacement = "admissionregistration.k8s.io/v1 ValidatingWebhookConfiguration"),
    plural = "validatingwebhookconfigurations",
    singular = "validatingwebhookconfiguration",
    categories = ["api-extensions"]
)]
pub struct ValidatingWebhookConfiguration {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 2,
        protobuf_name = "Webhooks"
    )]
    pub webhooks: Vec<ValidatingWebhook>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.9",
        deprecated = "1.16",
        removed = "1.22",
        replacement = "admissionregistration.k8s.io/v1 ValidatingWebhookConfigurationList"
    )
)]
pub struct ValidatingWebhookConfigurationList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ValidatingWebhookConfiguration>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.9", deprecated = "1.16", removed = "1.22", replacement = "admissionregistration.k8s.io/v1 MutatingWebhookConfiguration"),
    plural = "mutatingwebhookconfigurations",
    singular = "mutatingwebhookconfiguration",
    categories = ["api-extensions"]
)]
pub struct MutatingWebhookConfiguration {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 2,
        protobuf_name = "Webhooks"
    )]
    pub webhooks: Vec<MutatingWebhook>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.9",
        deprecated = "1.16",
        removed = "1.22",
        replacement = "admissionregistration.k8s.io/v1 MutatingWebhookConfigurationList"
    )
)]
pub struct MutatingWebhookConfigurationList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<MutatingWebhookConfiguration>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ValidatingWebhook {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub client_config: WebhookClientConfig,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub rules: Vec<crate::admissionregistration::v1::RuleWithOperations>,
    #[k8s(protobuf = 4)]
    pub failure_policy: Option<String>,
    #[k8s(protobuf = 9)]
    pub match_policy: Option<String>,
    #[k8s(protobuf = 5)]
    pub namespace_selector: Option<LabelSelector>,
    #[k8s(protobuf = 10)]
    pub object_selector: Option<LabelSelector>,
    #[k8s(protobuf = 6)]
    pub side_effects: Option<String>,
    #[k8s(protobuf = 7)]
    pub timeout_seconds: Option<i32>,
    #[k8s(optional, list_type = "atomic", protobuf = 8)]
    pub admission_review_versions: Vec<String>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 11
    )]
    pub match_conditions: Vec<MatchCondition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct MutatingWebhook {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub client_config: WebhookClientConfig,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub rules: Vec<crate::admissionregistration::v1::RuleWithOperations>,
    #[k8s(protobuf = 4)]
    pub failure_policy: Option<String>,
    #[k8s(protobuf = 9)]
    pub match_policy: Option<String>,
    #[k8s(protobuf = 5)]
    pub namespace_selector: Option<LabelSelector>,
    #[k8s(protobuf = 11)]
    pub object_selector: Option<LabelSelector>,
    #[k8s(protobuf = 6)]
    pub side_effects: Option<String>,
    #[k8s(protobuf = 7)]
    pub timeout_seconds: Option<i32>,
    #[k8s(optional, list_type = "atomic", protobuf = 8)]
    pub admission_review_versions: Vec<String>,
    #[k8s(protobuf = 10)]
    pub reinvocation_policy: Option<crate::admissionregistration::v1::ReinvocationPolicyType>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 12
    )]
    pub match_conditions: Vec<MatchCondition>,
}

pub const NEVER_REINVOCATION_POLICY: &str = "Never";

pub const IF_NEEDED_REINVOCATION_POLICY: &str = "IfNeeded";

pub const OPERATION_ALL: &str = "*";

pub const CREATE: &str = "CREATE";

pub const UPDATE: &str = "UPDATE";

pub const DELETE: &str = "DELETE";

pub const CONNECT: &str = "CONNECT";

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
pub struct MatchCondition {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub expression: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.34", replacement = "admissionregistration.k8s.io/v1 MutatingAdmissionPolicy"),
    plural = "mutatingadmissionpolicies",
    singular = "mutatingadmissionpolicy",
    categories = ["api-extensions"]
)]
pub struct MutatingAdmissionPolicy {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: MutatingAdmissionPolicySpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.34",
        replacement = "admissionregistration.k8s.io/v1 MutatingAdmissionPolicyList"
    )
)]
pub struct MutatingAdmissionPolicyList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<MutatingAdmissionPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct MutatingAdmissionPolicySpec {
    #[k8s(protobuf = 1)]
    pub param_kind: Option<ParamKind>,
    #[k8s(protobuf = 2)]
    pub match_constraints: Option<MatchResources>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub variables: Vec<Variable>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub mutations: Vec<Mutation>,
    #[k8s(protobuf = 5)]
    pub failure_policy: Option<String>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 6
    )]
    pub match_conditions: Vec<MatchCondition>,
    #[k8s(optional, protobuf = 7)]
    pub reinvocation_policy: crate::admissionregistration::v1::ReinvocationPolicyType,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Mutation {
    #[k8s(protobuf = 2)]
    pub patch_type: PatchType,
    #[k8s(protobuf = 3)]
    pub apply_configuration: Option<ApplyConfiguration>,
    #[k8s(protobuf = 4)]
    pub json_patch: Option<JSONPatch>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PatchType {
    ApplyConfiguration,
    #[k8s(rename = "JSONPatch")]
    JsonPatch,
    Other(String),
}

impl Default for PatchType {
    fn default() -> Self {
        PatchType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ApplyConfiguration {
    #[k8s(optional, protobuf = 1)]
    pub expression: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct JSONPatch {
    #[k8s(optional, protobuf = 1)]
    pub expression: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.34", replacement = "admissionregistration.k8s.io/v1 MutatingAdmissionPolicyBinding"),
    plural = "mutatingadmissionpolicybindings",
    singular = "mutatingadmissionpolicybinding",
    categories = ["api-extensions"]
)]
pub struct MutatingAdmissionPolicyBinding {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: MutatingAdmissionPolicyBindingSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.34",
        replacement = "admissionregistration.k8s.io/v1 MutatingAdmissionPolicyBindingList"
    )
)]
pub struct MutatingAdmissionPolicyBindingList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<MutatingAdmissionPolicyBinding>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct MutatingAdmissionPolicyBindingSpec {
    #[k8s(optional, protobuf = 1)]
    pub policy_name: String,
    #[k8s(protobuf = 2)]
    pub param_ref: Option<ParamRef>,
    #[k8s(protobuf = 3)]
    pub match_resources: Option<MatchResources>,
}

pub const GROUP_NAME: &str = "admissionregistration.k8s.io";
