//! apps/v1: Deployment. Names, JSON and protobuf tags and markers are k8s.io/api's
//! (translated from its types.go); the docs are not carried over. Go's embedded structs are
//! `inline` fields.

use kapi::meta::{IntOrString, LabelSelector, ListMeta, ObjectMeta, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "apps",
    version = "v1",
    protobuf_package = "k8s.io.api.apps.v1",
    protobuf_path = "k8s.io/api/apps/v1/generated.proto",
    cargo_feature = "apps-v1",
}

#[rustfmt::skip]
#[path = "../../generated/apps/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client, subresource_status, short_names = ["deploy"])]
pub struct Deployment {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: DeploymentSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: DeploymentStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeploymentSpec {
    #[k8s(protobuf = 1)]
    pub replicas: Option<i32>,
    #[k8s(presence = "null", protobuf = 2)]
    pub selector: Option<LabelSelector>,
    #[k8s(protobuf = 3)]
    pub template: crate::core::v1::PodTemplateSpec,
    #[k8s(optional, patch_strategy = "retainKeys", protobuf = 4)]
    pub strategy: DeploymentStrategy,
    #[k8s(optional, protobuf = 5)]
    pub min_ready_seconds: i32,
    #[k8s(protobuf = 6)]
    pub revision_history_limit: Option<i32>,
    #[k8s(optional, protobuf = 7)]
    pub paused: bool,
    #[k8s(protobuf = 9)]
    pub progress_deadline_seconds: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeploymentStrategy {
    #[k8s(optional, protobuf = 1)]
    pub type_: DeploymentStrategyType,
    #[k8s(protobuf = 2)]
    pub rolling_update: Option<RollingUpdateDeployment>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum DeploymentStrategyType {
    Recreate,
    RollingUpdate,
    Other(String),
}

impl Default for DeploymentStrategyType {
    fn default() -> Self {
        DeploymentStrategyType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct RollingUpdateDeployment {
    #[k8s(protobuf = 1)]
    pub max_unavailable: Option<IntOrString>,
    #[k8s(protobuf = 2)]
    pub max_surge: Option<IntOrString>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeploymentStatus {
    #[k8s(optional, protobuf = 1)]
    pub observed_generation: i64,
    #[k8s(optional, protobuf = 2)]
    pub replicas: i32,
    #[k8s(optional, protobuf = 3)]
    pub updated_replicas: i32,
    #[k8s(optional, protobuf = 7)]
    pub ready_replicas: i32,
    #[k8s(optional, protobuf = 4)]
    pub available_replicas: i32,
    #[k8s(optional, protobuf = 5)]
    pub unavailable_replicas: i32,
    #[k8s(protobuf = 9)]
    pub terminating_replicas: Option<i32>,
    #[k8s(
        presence = "omit_empty",
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 6
    )]
    pub conditions: Vec<DeploymentCondition>,
    #[k8s(protobuf = 8)]
    pub collision_count: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DeploymentCondition {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub type_: String,
    #[k8s(optional, presence = "always", protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 6)]
    pub last_update_time: Time,
    #[k8s(optional, protobuf = 7)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 5)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct DeploymentList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Deployment>,
}
