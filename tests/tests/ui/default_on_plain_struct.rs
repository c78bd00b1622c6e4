use kapi::ApiType;

// A plain struct field is never unset (Go's zero struct is a value): its default could never
// apply. A string enum's empty value is unset, so a default there is fine.
#[derive(ApiType)]
pub struct Spec {
    #[k8s(optional, default = json!({"replicas": 1}))]
    pub nested: Nested,
    #[k8s(optional, default = "Fast")]
    pub mode: Mode,
}

#[derive(ApiType)]
pub struct Nested {
    pub replicas: Option<i32>,
}

#[derive(ApiType)]
#[k8s(enum)]
pub enum Mode {
    Fast,
    Slow,
    Other(String),
}

impl Default for Mode {
    fn default() -> Self {
        Mode::Other(String::new())
    }
}

fn main() {}
