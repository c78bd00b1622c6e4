use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(list_type = "atomic")]
    pub name: String,
}

fn main() {}
