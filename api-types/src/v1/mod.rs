//! frob.example.com/v1: the stable version.

mod types;

pub use defaults::DEFAULT_CLASS_NAME;
pub use types::*;

kapi::group_version! {
    group_name = "frob.example.com",
    version = "v1",
    group_go_name = "Frob",
    protobuf_package = "com.example.frob.v1",
}

mod defaults;
