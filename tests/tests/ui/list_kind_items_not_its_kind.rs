use kapi::ApiType;

kapi::group_version! { group_name = "example.com", version = "v1" }

#[derive(ApiType)]
pub struct WidgetSpec {
    pub size: Option<i32>,
}

#[derive(ApiType)]
#[k8s(kind)]
pub struct WidgetList {
    #[k8s(optional)]
    pub metadata: kapi::meta::ListMeta,
    pub items: Vec<WidgetSpec>,
}

fn main() {}
