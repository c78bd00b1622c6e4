use kapi::ApiType;

#[derive(ApiType)]
#[k8s(enum)]
pub enum Phase {
    Pending,
    Failed,
}

fn main() {}
