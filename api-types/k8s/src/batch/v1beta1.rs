// Imported by kapi-codegen from k8s.io/api/batch/v1beta1. Change the source and import again.

use kapi::meta::{ListMeta, ObjectMeta, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "batch",
    version = "v1beta1",
    protobuf_package = "k8s.io.api.batch.v1beta1",
    protobuf_path = "k8s.io/api/batch/v1beta1/generated.proto",
    cargo_feature = "batch-v1beta1",
}

#[rustfmt::skip]
#[path = "../../generated/batch/v1beta1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
pub struct JobTemplateSpec {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: crate::batch::v1::JobSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.8", deprecated = "1.21", removed = "1.25", replacement = "batch/v1 CronJob"),
    plural = "cronjobs",
    singular = "cronjob",
    short_names = ["cj"],
    categories = ["all"],
    subresource_status
)]
pub struct CronJob {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub spec: CronJobSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: CronJobStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(
        introduced = "1.8",
        deprecated = "1.21",
        removed = "1.25",
        replacement = "batch/v1 CronJobList"
    )
)]
pub struct CronJobList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<CronJob>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CronJobSpec {
    #[k8s(required, protobuf = 1)]
    pub schedule: String,
    #[k8s(protobuf = 8)]
    pub time_zone: Option<String>,
    #[k8s(protobuf = 2)]
    pub starting_deadline_seconds: Option<i64>,
    #[k8s(optional, protobuf = 3)]
    pub concurrency_policy: String,
    #[k8s(protobuf = 4)]
    pub suspend: Option<bool>,
    #[k8s(protobuf = 5)]
    pub job_template: JobTemplateSpec,
    #[k8s(protobuf = 6)]
    pub successful_jobs_history_limit: Option<i32>,
    #[k8s(protobuf = 7)]
    pub failed_jobs_history_limit: Option<i32>,
}

pub const ALLOW_CONCURRENT: &str = "Allow";

pub const FORBID_CONCURRENT: &str = "Forbid";

pub const REPLACE_CONCURRENT: &str = "Replace";

#[derive(ApiType, Debug, PartialEq)]
pub struct CronJobStatus {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub active: Vec<crate::core::v1::ObjectReference>,
    #[k8s(protobuf = 4)]
    pub last_schedule_time: Option<Time>,
    #[k8s(protobuf = 5)]
    pub last_successful_time: Option<Time>,
}

pub const GROUP_NAME: &str = "batch";
