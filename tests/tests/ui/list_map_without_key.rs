use kapi::ApiType;

#[derive(ApiType)]
pub struct Port {
    pub name: String,
}

#[derive(ApiType)]
pub struct Spec {
    #[k8s(optional, list_type = "map")]
    pub ports: Vec<Port>,
}

fn main() {}
