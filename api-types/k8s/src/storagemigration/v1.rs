// Imported by kapi-codegen from k8s.io/api/storagemigration/v1. Change the source and import again.

use kapi::meta::{Condition, GroupResource, ListMeta, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "storagemigration.k8s.io",
    version = "v1",
    protobuf_package = "k8s.io.api.storagemigration.v1",
    protobuf_path = "k8s.io/api/storagemigration/v1/generated.proto",
    cargo_feature = "storagemigration-v1",
}

#[rustfmt::skip]
#[path = "../../generated/storagemigration/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.37"),
    storage_version,
    plural = "storageversionmigrations",
    singular = "storageversionmigration",
    subresource_status
)]
pub struct StorageVersionMigration {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: StorageVersionMigrationSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: StorageVersionMigrationStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct StorageVersionMigrationSpec {
    #[k8s(protobuf = 1)]
    pub resource: GroupResource,
}

pub const MIGRATION_RUNNING: &str = "Running";

pub const MIGRATION_SUCCEEDED: &str = "Succeeded";

pub const MIGRATION_FAILED: &str = "Failed";

#[derive(ApiType, Debug, PartialEq)]
pub struct StorageVersionMigrationStatus {
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
    pub resource_version: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.37"))]
pub struct StorageVersionMigrationList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<StorageVersionMigration>,
}

pub const GROUP_NAME: &str = "storagemigration.k8s.io";
