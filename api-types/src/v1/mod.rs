//! frob.example.com/v1: the stable version.

mod conversion;
mod types;

pub use conversion::PARAMS_ANNOTATION;

// Laid out by codegen's printer; rustfmt would fight verify-only.
#[rustfmt::skip]
#[path = "../../generated/v1/mod.rs"]
pub mod generated;

pub use defaults::DEFAULT_CLASS_NAME;
pub use types::*;

kapi::group_version! {
    group_name = "frob.example.com",
    version = "v1",
    group_go_name = "Frob",
    protobuf_package = "com.example.frob.v1",
}

mod defaults;
