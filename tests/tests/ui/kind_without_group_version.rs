use kapi::ApiType;

#[derive(ApiType)]
#[k8s(kind)]
pub struct Widget {
    pub metadata: kapi::meta::ObjectMeta,
}

fn main() {}
