use kapi::ApiType;

#[derive(ApiType)]
#[k8s(deprecated(name = "width", protobuf = 3))]
pub struct Spec {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 3)]
    pub height: i32,
}

fn main() {}
