// Imported by kapi-codegen from k8s.io/api/lifecycle/v1alpha1. Change the source and import again.

use kapi::meta::{Condition, ListMeta, ObjectMeta, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "lifecycle.k8s.io",
    version = "v1alpha1",
    protobuf_package = "k8s.io.api.lifecycle.v1alpha1",
    protobuf_path = "k8s.io/api/lifecycle/v1alpha1/generated.proto",
    cargo_feature = "lifecycle-v1alpha1",
}

#[rustfmt::skip]
#[path = "../../generated/lifecycle/v1alpha1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.37"),
    plural = "evictionrequests",
    singular = "evictionrequest",
    subresource_status
)]
pub struct EvictionRequest {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, protobuf = 2)]
    pub spec: EvictionRequestSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: EvictionRequestStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EvictionRequestSpec {
    #[k8s(required, immutable, protobuf = 1)]
    pub target: EvictionRequestTarget,
    #[k8s(required, immutable, protobuf = 2)]
    pub requester: String,
    #[k8s(required, protobuf = 3)]
    pub intent: EvictionRequestIntent,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EvictionRequestTarget {
    #[k8s(protobuf = 1)]
    pub pod: Option<EvictionRequestPodReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EvictionRequestPodReference {
    #[k8s(required, format = "k8s-long-name", protobuf = 1)]
    pub name: String,
    #[k8s(required, format = "k8s-uuid", protobuf = 2)]
    pub uid: String,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum EvictionRequestIntent {
    Eviction,
    Withdrawn,
    Other(String),
}

impl Default for EvictionRequestIntent {
    fn default() -> Self {
        EvictionRequestIntent::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EvictionRequestStatus {
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        max_items = 100,
        protobuf = 1
    )]
    pub conditions: Vec<Condition>,
    #[k8s(minimum = 1, protobuf = 2)]
    pub observed_generation: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.37"))]
pub struct EvictionRequestList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<EvictionRequest>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.37"),
    plural = "evictions",
    singular = "eviction",
    subresource_status
)]
pub struct Eviction {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, protobuf = 2)]
    pub spec: EvictionSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: EvictionStatus,
}

pub const EVICTION_PARTICIPANT_ROLE_REQUESTER: &str = "requester";

pub const EVICTION_PARTICIPANT_ROLE_RESPONDER: &str = "responder";

pub const EVICTION_PARTICIPANT_ROLE_REQUESTER_RESPONDER: &str = "requester-responder";

#[derive(ApiType, Debug, PartialEq)]
pub struct EvictionSpec {
    #[k8s(required, immutable, protobuf = 1)]
    pub target: EvictionTarget,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EvictionTarget {
    #[k8s(protobuf = 1)]
    pub pod: Option<EvictionPodReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EvictionPodReference {
    #[k8s(required, format = "k8s-long-name", protobuf = 1)]
    pub name: String,
    #[k8s(required, format = "k8s-uuid", protobuf = 2)]
    pub uid: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EvictionStatus {
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        max_items = 100,
        protobuf = 1
    )]
    pub conditions: Vec<Condition>,
    #[k8s(minimum = 1, protobuf = 2)]
    pub observed_generation: Option<i64>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        max_items = 100,
        protobuf = 3
    )]
    pub requesters: Vec<Requester>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        max_items = 11,
        protobuf = 4
    )]
    pub target_responders: Vec<TargetResponder>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        max_items = 11,
        protobuf = 5
    )]
    pub responders: Vec<ResponderStatus>,
}

pub const EVICTION_CONDITION_FAILED: &str = "Failed";

pub const EVICTION_CONDITION_TARGET_EVICTED: &str = "TargetEvicted";

pub const EVICTION_CONDITION_REASON_AWAITING_EVICTION: &str = "AwaitingEviction";

pub const EVICTION_CONDITION_REASON_EVICTION_INVALID: &str = "EvictionInvalid";

pub const EVICTION_CONDITION_REASON_CANCELED_DUE_TO_NO_REQUESTERS: &str =
    "CanceledDueToNoRequesters";

pub const EVICTION_CONDITION_REASON_SUCCEEDED: &str = "Succeeded";

pub const EVICTION_CONDITION_REASON_NO_FURTHER_RESPONDER: &str = "NoFurtherResponder";

pub const EVICTION_CONDITION_REASON_POD_DELETED: &str = "PodDeleted";

pub const EVICTION_CONDITION_REASON_POD_TERMINAL: &str = "PodTerminal";

pub const EVICTION_CONDITION_REASON_EVICTION_FAILED: &str = "EvictionFailed";

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct Requester {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(required, protobuf = 2)]
    pub intent: RequesterIntent,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum RequesterIntent {
    Eviction,
    Withdrawn,
    Other(String),
}

impl Default for RequesterIntent {
    fn default() -> Self {
        RequesterIntent::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct TargetResponder {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(presence = "null", minimum = 0, maximum = 100000, protobuf = 2)]
    pub priority: Option<i32>,
    #[k8s(required, protobuf = 3)]
    pub state: ResponderStateType,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ResponderStateType {
    Inactive,
    Active,
    Interrupted,
    Canceled,
    Completed,
    Other(String),
}

impl Default for ResponderStateType {
    fn default() -> Self {
        ResponderStateType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "granular")]
pub struct ResponderStatus {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub start_time: Option<Time>,
    #[k8s(protobuf = 3)]
    pub heartbeat_time: Option<Time>,
    #[k8s(protobuf = 4)]
    pub expected_completion_time: Option<Time>,
    #[k8s(protobuf = 5)]
    pub completion_time: Option<Time>,
    #[k8s(max_length = 4000, protobuf = 6)]
    pub message: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.37"))]
pub struct EvictionList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Eviction>,
}

pub const GROUP_NAME: &str = "lifecycle.k8s.io";

pub const EVICTION_RESPONDER_IMPERATIVE_EVICTION: &str = "imperative-eviction.k8s.io/evictor";
