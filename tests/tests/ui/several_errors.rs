use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(optinal)]
    pub name: String,
    #[k8s(list_type = "mpa")]
    pub names: Vec<String>,
    #[k8s(min_length = "3")]
    pub image: String,
}

fn main() {}
