use kapi::ApiType;

#[derive(ApiType)]
pub struct Spec {
    /// The name.
    /// +optional
    pub name: String,
}

fn main() {}
