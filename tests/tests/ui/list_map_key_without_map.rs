use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(optional, list_map_key = "name")]
    pub names: Vec<String>,
}

fn main() {}
