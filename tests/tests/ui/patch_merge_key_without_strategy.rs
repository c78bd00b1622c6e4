use kapi::ApiType;

#[derive(ApiType)]
pub struct Port {
    #[k8s(required)]
    pub name: String,
}

#[derive(ApiType)]
pub struct Spec {
    #[k8s(optional, patch_merge_key = "name")]
    pub ports: Vec<Port>,
    #[k8s(optional, patch_strategy = "merge")]
    pub host: String,
}

fn main() {}
