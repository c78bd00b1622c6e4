kapi::group_version! {
    group_name = "example.com",
    version = "v1",
    validation = "crd",
}

fn main() {}
