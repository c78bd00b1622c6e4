use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(optinal)]
    pub name: String,
}

fn main() {}
