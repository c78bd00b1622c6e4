use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(optional = 1)]
    pub name: String,
}

fn main() {}
