//! widgets.example.com/v1, the version users read and write.

use kapi::meta::{Condition, ListMeta, ObjectMeta};
use kapi::ApiType;

kapi::group_version! {
    group_name = "widgets.example.com",
    version = "v1",
    group_go_name = "Widgets",
}

#[rustfmt::skip]
#[path = "../../generated/v1/mod.rs"]
pub mod generated;

/// A Widget: some replicas to run, and what the controller observed of them.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    short_names = ["wd"],
    subresource_status,
    print_column(name = "Replicas", type = "integer", json_path = ".spec.replicas")
)]
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

/// What the user asks for.
#[derive(ApiType, Debug, PartialEq)]
pub struct WidgetSpec {
    /// How many widgets to run.
    #[k8s(default = 1, minimum = 0, maximum = 100)]
    pub replicas: Option<i32>,
    /// The colour they are painted.
    #[k8s(optional, max_length = 63)]
    pub colour: String,
}

/// What the controller observed.
#[derive(ApiType, Debug, PartialEq)]
pub struct WidgetStatus {
    /// `Ready` is true once the controller has handled the current generation.
    #[k8s(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Vec<Condition>,
}
