use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(presence = "always")]
    pub limit: Option<i32>,
    #[k8s(presence = "null")]
    pub name: String,
}

fn main() {}
