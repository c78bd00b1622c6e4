use kapi::ApiType;

#[derive(ApiType)]
#[k8s(kind)]
pub enum Phase {
    Pending,
}

fn main() {}
