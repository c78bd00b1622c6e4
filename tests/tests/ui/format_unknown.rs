use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(optional, format = "dns1123-lable")]
    pub name: String,
}

fn main() {}
