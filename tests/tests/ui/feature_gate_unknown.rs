use kapi::ApiType;

kapi::feature_gates! {
    Frobber2D: Alpha = false,
}

#[derive(ApiType)]
pub struct Spec {
    #[k8s(feature_gate = "Frobber2d")]
    pub width: Option<i32>,
}

fn main() {}
