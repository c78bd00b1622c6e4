use kapi::ApiType;

#[derive(ApiType)]
#[k8s(enum)]
pub enum Phase {
    Pending,
    Failed { code: i32 },
    Other(String),
}

fn main() {}
