use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    pub host_name: String,
    #[k8s(rename = "hostName")]
    pub hostname: String,
}

fn main() {}
