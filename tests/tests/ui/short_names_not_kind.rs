use kapi::ApiType;

#[derive(ApiType)]
#[k8s(short_names = ["sp"])]
pub struct Spec {
    pub name: String,
}

fn main() {}
