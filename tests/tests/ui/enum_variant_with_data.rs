use kapi::ApiType;

#[derive(ApiType)]
#[k8s(enum)]
pub enum Phase {
    Pending,
    Failed(String),
}

fn main() {}
