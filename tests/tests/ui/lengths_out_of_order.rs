use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(min_length = 5, max_length = 2)]
    pub name: String,
    #[k8s(min_items = -1)]
    pub items: Vec<String>,
}

fn main() {}
