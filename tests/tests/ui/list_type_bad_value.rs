use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(optional, list_type = "mpa")]
    pub names: Vec<String>,
}

fn main() {}
