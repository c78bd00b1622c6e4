//! The hub every served version converts to and from; never served, so no defaults.

use kapi::meta::{Condition, ListMeta, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "widgets.example.com",
    internal,
    group_go_name = "Widgets",
}

#[rustfmt::skip]
#[path = "../../generated/internal/mod.rs"]
pub mod generated;

/// The hub carries the kind's resource markers too: the scheme and the server read them.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, subresource_status)]
pub struct Widget {
    #[k8s(optional)]
    pub metadata: ObjectMeta,
    #[k8s(optional)]
    pub spec: WidgetSpec,
    pub status: Option<WidgetStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct WidgetList {
    #[k8s(optional)]
    pub metadata: ListMeta,
    pub items: Vec<Widget>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WidgetSpec {
    #[k8s(minimum = 0, maximum = 100)]
    pub replicas: Option<i32>,
    #[k8s(optional, max_length = 63)]
    pub colour: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WidgetStatus {
    #[k8s(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Vec<Condition>,
}
