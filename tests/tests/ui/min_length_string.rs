use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(min_length = "3")]
    pub name: String,
}

fn main() {}
