use kapi::ApiType;

#[derive(ApiType)]
#[k8s(kind)]
pub enum Phase {
    Pending,
    /// A value this version does not know, kept as sent.
    Other(String),
}

fn main() {}
