use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(default = "x")]
    pub replicas: Option<i32>,
}

fn main() {}
