use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(required)]
    pub name: Option<String>,
}

fn main() {}
