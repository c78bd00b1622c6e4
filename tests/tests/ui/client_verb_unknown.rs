use kapi::ApiType;

kapi::group_version! { group_name = "example.com", version = "v1" }

#[derive(ApiType)]
#[k8s(kind, gen_client(only_verbs = ["get", "lst"]))]
pub struct Widget {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

fn main() {}
