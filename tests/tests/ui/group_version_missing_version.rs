kapi::group_version! { group_name = "example.com" }

fn main() {}
