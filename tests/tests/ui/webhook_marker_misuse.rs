use kapi::ApiType;

kapi::group_version! { group_name = "example.com", version = "v1" }

#[derive(ApiType)]
#[k8s(
    kind,
    validating_webhook(failure_policy = "Fial", timeout_seconds = 60),
    mutating_webhook(operations = ["CREATE", "DELETE"])
)]
pub struct Widget {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

fn main() {}
