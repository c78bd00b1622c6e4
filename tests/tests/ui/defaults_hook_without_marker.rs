// A hand-written defaults hook on a type without the `defaults_hook` marker would never run:
// it is a compile error that names the marker.
use kapi::ApiType;

kapi::group_version! { group_name = "example.com", version = "v1" }

#[derive(ApiType)]
pub struct WidgetSpec {
    #[k8s(optional)]
    pub replicas: Option<i32>,
}

impl kapi::DefaultsHook for WidgetSpec {
    fn default_hook(&mut self) {
        self.replicas.get_or_insert(1);
    }
}

fn main() {}
