use kapi::meta::ObjectMeta;
use kapi::ApiType;

kapi::group_version! { group_name = "example.com", version = "v1" }

#[derive(ApiType)]
#[k8s(kind, custom_json)]
pub struct Widget {
    #[k8s(optional)]
    pub metadata: ObjectMeta,
}

fn main() {}
