// Imported by kapi-codegen from k8s.io/api/flowcontrol/v1beta3. Change the source and import again.

use kapi::meta::{ListMeta, ObjectMeta, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "flowcontrol.apiserver.k8s.io",
    version = "v1beta3",
    protobuf_package = "k8s.io.api.flowcontrol.v1beta3",
    protobuf_path = "k8s.io/api/flowcontrol/v1beta3/generated.proto",
    cargo_feature = "flowcontrol-v1beta3",
}

#[rustfmt::skip]
#[path = "../../generated/flowcontrol/v1beta3/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(
        introduced = "1.26",
        replacement = "flowcontrol.apiserver.k8s.io/v1 FlowSchema"
    ),
    plural = "flowschemas",
    singular = "flowschema",
    subresource_status
)]
pub struct FlowSchema {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: FlowSchemaSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: FlowSchemaStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.26",
        replacement = "flowcontrol.apiserver.k8s.io/v1 FlowSchemaList"
    )
)]
pub struct FlowSchemaList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<FlowSchema>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct FlowSchemaSpec {
    #[k8s(required, protobuf = 1)]
    pub priority_level_configuration: PriorityLevelConfigurationReference,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub matching_precedence: i32,
    #[k8s(protobuf = 3)]
    pub distinguisher_method: Option<FlowDistinguisherMethod>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub rules: Vec<PolicyRulesWithSubjects>,
}

pub const FLOW_DISTINGUISHER_METHOD_BY_USER_TYPE: &str = "ByUser";

pub const FLOW_DISTINGUISHER_METHOD_BY_NAMESPACE_TYPE: &str = "ByNamespace";

#[derive(ApiType, Debug, PartialEq)]
pub struct FlowDistinguisherMethod {
    #[k8s(required, protobuf = 1)]
    pub type_: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PriorityLevelConfigurationReference {
    #[k8s(required, protobuf = 1)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PolicyRulesWithSubjects {
    #[k8s(required, presence = "null", list_type = "atomic", protobuf = 1)]
    pub subjects: Vec<Subject>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub resource_rules: Vec<ResourcePolicyRule>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub non_resource_rules: Vec<NonResourcePolicyRule>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct Subject {
    #[k8s(required, union_discriminator, protobuf = 1)]
    pub kind: String,
    #[k8s(protobuf = 2)]
    pub user: Option<UserSubject>,
    #[k8s(protobuf = 3)]
    pub group: Option<GroupSubject>,
    #[k8s(protobuf = 4)]
    pub service_account: Option<ServiceAccountSubject>,
}

pub const SUBJECT_KIND_USER: &str = "User";

pub const SUBJECT_KIND_GROUP: &str = "Group";

pub const SUBJECT_KIND_SERVICE_ACCOUNT: &str = "ServiceAccount";

#[derive(ApiType, Debug, PartialEq)]
pub struct UserSubject {
    #[k8s(required, protobuf = 1)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct GroupSubject {
    #[k8s(required, protobuf = 1)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceAccountSubject {
    #[k8s(required, protobuf = 1)]
    pub namespace: String,
    #[k8s(required, protobuf = 2)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourcePolicyRule {
    #[k8s(required, presence = "null", list_type = "set", protobuf = 1)]
    pub verbs: Vec<String>,
    #[k8s(required, presence = "null", list_type = "set", protobuf = 2)]
    pub api_groups: Vec<String>,
    #[k8s(required, presence = "null", list_type = "set", protobuf = 3)]
    pub resources: Vec<String>,
    #[k8s(optional, protobuf = 4)]
    pub cluster_scope: bool,
    #[k8s(optional, presence = "null", list_type = "set", protobuf = 5)]
    pub namespaces: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NonResourcePolicyRule {
    #[k8s(required, presence = "null", list_type = "set", protobuf = 1)]
    pub verbs: Vec<String>,
    #[k8s(
        required,
        presence = "null",
        rename = "nonResourceURLs",
        list_type = "set",
        protobuf = 6
    )]
    pub non_resource_urls: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct FlowSchemaStatus {
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "type",
        patch_merge_key = "type",
        patch_strategy = "merge",
        protobuf = 1
    )]
    pub conditions: Vec<FlowSchemaCondition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct FlowSchemaCondition {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub type_: String,
    #[k8s(optional, protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 5)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(
        introduced = "1.26",
        replacement = "flowcontrol.apiserver.k8s.io/v1 PriorityLevelConfiguration"
    ),
    plural = "prioritylevelconfigurations",
    singular = "prioritylevelconfiguration",
    subresource_status
)]
pub struct PriorityLevelConfiguration {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: PriorityLevelConfigurationSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: PriorityLevelConfigurationStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.26",
        replacement = "flowcontrol.apiserver.k8s.io/v1 PriorityLevelConfigurationList"
    )
)]
pub struct PriorityLevelConfigurationList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<PriorityLevelConfiguration>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct PriorityLevelConfigurationSpec {
    #[k8s(required, union_discriminator, protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub limited: Option<LimitedPriorityLevelConfiguration>,
    #[k8s(protobuf = 3)]
    pub exempt: Option<ExemptPriorityLevelConfiguration>,
}

pub const PRIORITY_LEVEL_ENABLEMENT_EXEMPT: &str = "Exempt";

pub const PRIORITY_LEVEL_ENABLEMENT_LIMITED: &str = "Limited";

#[derive(ApiType, Debug, PartialEq)]
pub struct LimitedPriorityLevelConfiguration {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub nominal_concurrency_shares: i32,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub limit_response: LimitResponse,
    #[k8s(protobuf = 3)]
    pub lendable_percent: Option<i32>,
    #[k8s(protobuf = 4)]
    pub borrowing_limit_percent: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ExemptPriorityLevelConfiguration {
    #[k8s(protobuf = 1)]
    pub nominal_concurrency_shares: Option<i32>,
    #[k8s(protobuf = 2)]
    pub lendable_percent: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LimitResponse {
    #[k8s(required, protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub queuing: Option<QueuingConfiguration>,
}

pub const LIMIT_RESPONSE_TYPE_QUEUE: &str = "Queue";

pub const LIMIT_RESPONSE_TYPE_REJECT: &str = "Reject";

#[derive(ApiType, Debug, PartialEq)]
pub struct QueuingConfiguration {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub queues: i32,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub hand_size: i32,
    #[k8s(optional, presence = "always", protobuf = 3)]
    pub queue_length_limit: i32,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PriorityLevelConfigurationStatus {
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "type",
        patch_merge_key = "type",
        patch_strategy = "merge",
        protobuf = 1
    )]
    pub conditions: Vec<PriorityLevelConfigurationCondition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PriorityLevelConfigurationCondition {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub type_: String,
    #[k8s(optional, protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 5)]
    pub message: String,
}

pub const CONDITION_TRUE: &str = "True";

pub const CONDITION_FALSE: &str = "False";

pub const CONDITION_UNKNOWN: &str = "Unknown";

pub const GROUP_NAME: &str = "flowcontrol.apiserver.k8s.io";

pub const API_GROUP_ALL: &str = "*";

pub const RESOURCE_ALL: &str = "*";

pub const VERB_ALL: &str = "*";

pub const NON_RESOURCE_ALL: &str = "*";

pub const NAME_ALL: &str = "*";

pub const NAMESPACE_EVERY: &str = "*";

pub const PRIORITY_LEVEL_CONFIGURATION_NAME_EXEMPT: &str = "exempt";

pub const PRIORITY_LEVEL_CONFIGURATION_NAME_CATCH_ALL: &str = "catch-all";

pub const FLOW_SCHEMA_NAME_EXEMPT: &str = "exempt";

pub const FLOW_SCHEMA_NAME_CATCH_ALL: &str = "catch-all";

pub const FLOW_SCHEMA_CONDITION_DANGLING: &str = "Dangling";

pub const PRIORITY_LEVEL_CONFIGURATION_CONDITION_CONCURRENCY_SHARED: &str = "ConcurrencyShared";

pub const RESPONSE_HEADER_MATCHED_PRIORITY_LEVEL_CONFIGURATION_UID: &str =
    "X-Kubernetes-PF-PriorityLevel-UID";

pub const RESPONSE_HEADER_MATCHED_FLOW_SCHEMA_UID: &str = "X-Kubernetes-PF-FlowSchema-UID";

pub const AUTO_UPDATE_ANNOTATION_KEY: &str = "apf.kubernetes.io/autoupdate-spec";

pub const PRIORITY_LEVEL_PRESERVE_ZERO_CONCURRENCY_SHARES_KEY: &str =
    "flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares";
