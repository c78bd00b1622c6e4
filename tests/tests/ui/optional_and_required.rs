use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(optional, required)]
    pub name: String,
}

fn main() {}
