use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(default = 3)]
    pub replicas: i32,
}

fn main() {}
