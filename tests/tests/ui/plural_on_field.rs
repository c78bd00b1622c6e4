use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(plural = "specs")]
    pub name: String,
}

fn main() {}
