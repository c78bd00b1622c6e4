//! Options of each verb. Served as query parameters; as kinds they round-trip as core `v1`.

use super::GROUP_VERSION;
use crate::ApiType;

/// Options of a get.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct GetOptions {
    /// `""` reads the latest; `"0"` any cached version.
    #[k8s(optional, protobuf = 1)]
    pub resource_version: String,
}

/// Options of list and watch.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct ListOptions {
    #[k8s(optional, protobuf = 1)]
    pub label_selector: String,
    #[k8s(optional, protobuf = 2)]
    pub field_selector: String,
    #[k8s(optional, protobuf = 3)]
    pub watch: bool,
    /// Ask for BOOKMARK events on a watch.
    #[k8s(optional, protobuf = 9)]
    pub allow_watch_bookmarks: bool,
    #[k8s(optional, protobuf = 4)]
    pub resource_version: String,
    /// `NotOlderThan` or `Exact`, with `resourceVersion`.
    #[k8s(optional, protobuf = 10)]
    pub resource_version_match: String,
    #[k8s(protobuf = 5)]
    pub timeout_seconds: Option<i64>,
    /// Page size of a chunked list; 0 means no limit.
    #[k8s(optional, protobuf = 7)]
    pub limit: i64,
    #[k8s(optional, protobuf = 8, rename = "continue")]
    pub continue_: String,
    /// Start a watch with synthetic ADDED events for the current state (streaming list).
    #[k8s(protobuf = 11)]
    pub send_initial_events: Option<bool>,
    /// Serve only one shard of the collection.
    #[k8s(optional, protobuf = 15)]
    pub shard_selector: String,
}

/// Options of a create.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct CreateOptions {
    /// `["All"]` runs every stage but does not persist.
    #[k8s(optional, protobuf = 1, list_type = "atomic")]
    pub dry_run: Vec<String>,
    #[k8s(optional, protobuf = 3)]
    pub field_manager: String,
    /// `Ignore`, `Warn` or `Strict`.
    #[k8s(optional, protobuf = 4)]
    pub field_validation: String,
}

/// Options of an update.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct UpdateOptions {
    #[k8s(optional, protobuf = 1, list_type = "atomic")]
    pub dry_run: Vec<String>,
    #[k8s(optional, protobuf = 2)]
    pub field_manager: String,
    #[k8s(optional, protobuf = 3)]
    pub field_validation: String,
}

/// Options of a patch.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct PatchOptions {
    #[k8s(optional, protobuf = 1, list_type = "atomic")]
    pub dry_run: Vec<String>,
    /// Take over conflicting fields on apply.
    #[k8s(protobuf = 2)]
    pub force: Option<bool>,
    #[k8s(optional, protobuf = 3)]
    pub field_manager: String,
    #[k8s(optional, protobuf = 4)]
    pub field_validation: String,
}

/// Options of a delete.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct DeleteOptions {
    #[k8s(protobuf = 1)]
    pub grace_period_seconds: Option<i64>,
    #[k8s(protobuf = 2)]
    pub preconditions: Option<Preconditions>,
    /// Deprecated: use `propagationPolicy`.
    #[k8s(protobuf = 3)]
    pub orphan_dependents: Option<bool>,
    /// `Orphan`, `Background` or `Foreground`.
    #[k8s(protobuf = 4)]
    pub propagation_policy: Option<String>,
    #[k8s(optional, protobuf = 5, list_type = "atomic")]
    pub dry_run: Vec<String>,
    /// Delete even if the object cannot be decoded from storage; dangerous.
    #[k8s(protobuf = 6)]
    pub ignore_store_read_error_with_cluster_breaking_potential: Option<bool>,
}

/// Conditions a delete must meet.
#[derive(ApiType, Debug, PartialEq)]
pub struct Preconditions {
    #[k8s(protobuf = 1, rename = "uid")]
    pub uid: Option<String>,
    #[k8s(protobuf = 2)]
    pub resource_version: Option<String>,
}
