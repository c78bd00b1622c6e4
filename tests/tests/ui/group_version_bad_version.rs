kapi::group_version! { group_name = "example.com", version = "1.0" }

fn main() {}
