// Imported by kapi-codegen from k8s.io/api/events/v1. Change the source and import again.

use kapi::meta::{ListMeta, MicroTime, ObjectMeta, Time};
use kapi::ApiType;

kapi::group_version! {
    group_name = "events.k8s.io",
    version = "v1",
    protobuf_package = "k8s.io.api.events.v1",
    protobuf_path = "k8s.io/api/events/v1/generated.proto",
    cargo_feature = "events-v1",
}

#[rustfmt::skip]
#[path = "../../generated/events/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.19"),
    storage_version,
    plural = "events",
    singular = "event",
    short_names = ["ev"]
)]
pub struct Event {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub event_time: MicroTime,
    #[k8s(protobuf = 3)]
    pub series: Option<EventSeries>,
    #[k8s(optional, protobuf = 4)]
    pub reporting_controller: String,
    #[k8s(optional, protobuf = 5)]
    pub reporting_instance: String,
    #[k8s(optional, protobuf = 6)]
    pub action: String,
    #[k8s(optional, protobuf = 7)]
    pub reason: String,
    #[k8s(optional, protobuf = 8)]
    pub regarding: crate::core::v1::ObjectReference,
    #[k8s(protobuf = 9)]
    pub related: Option<crate::core::v1::ObjectReference>,
    #[k8s(optional, protobuf = 10)]
    pub note: String,
    #[k8s(optional, protobuf = 11)]
    pub type_: String,
    #[k8s(optional, protobuf = 12)]
    pub deprecated_source: crate::core::v1::EventSource,
    #[k8s(optional, protobuf = 13)]
    pub deprecated_first_timestamp: Time,
    #[k8s(optional, protobuf = 14)]
    pub deprecated_last_timestamp: Time,
    #[k8s(optional, protobuf = 15)]
    pub deprecated_count: i32,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EventSeries {
    #[k8s(protobuf = 1)]
    pub count: i32,
    #[k8s(protobuf = 2)]
    pub last_observed_time: MicroTime,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.19"))]
pub struct EventList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Event>,
}

pub const GROUP_NAME: &str = "events.k8s.io";
