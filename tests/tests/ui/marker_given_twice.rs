use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(optional)]
    #[k8s(optional)]
    pub name: String,
}

fn main() {}
