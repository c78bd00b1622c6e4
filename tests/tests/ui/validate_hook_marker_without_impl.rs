// The `validate_hook` marker says the type has a hand-written `ValidateHook`; without one,
// the derived validation cannot call it.
use kapi::ApiType;

kapi::group_version! { group_name = "example.com", version = "v1" }

#[derive(ApiType)]
#[k8s(validate_hook)]
pub struct WidgetSpec {
    #[k8s(optional)]
    pub replicas: Option<i32>,
}

fn main() {}
