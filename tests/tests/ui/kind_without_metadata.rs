use kapi::ApiType;

kapi::group_version! { group_name = "example.com", version = "v1" }

#[derive(ApiType)]
#[k8s(kind)]
pub struct Widget {
    #[k8s(optional)]
    pub size: i32,
}

fn main() {}
