use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 1)]
    pub image: String,
}

fn main() {}
