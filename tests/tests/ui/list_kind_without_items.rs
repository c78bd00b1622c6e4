use kapi::ApiType;

kapi::group_version! { group_name = "example.com", version = "v1" }

#[derive(ApiType)]
#[k8s(kind)]
pub struct WidgetList {
    #[k8s(optional)]
    pub metadata: kapi::meta::ListMeta,
}

fn main() {}
