use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    #[k8s(default = 99999999999)]
    pub replicas: Option<i32>,
    #[k8s(default = -5, minimum = 0)]
    pub count: Option<i32>,
    #[k8s(default = "1.5.5")]
    pub memory: Option<kapi::meta::Quantity>,
    #[k8s(default = "toolong", max_length = 3, format = "dns1123-label")]
    pub name: Option<String>,
}

fn main() {}
