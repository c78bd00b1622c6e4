//! frob.example.com/v2beta1: the next version, in beta.

mod conversion;
mod types;

// Laid out by codegen's printer; rustfmt would fight verify-only.
#[rustfmt::skip]
#[path = "../../generated/v2beta1/mod.rs"]
pub mod generated;

pub use types::*;

kapi::group_version! {
    group_name = "frob.example.com",
    version = "v2beta1",
    group_go_name = "Frob",
    protobuf_package = "com.example.frob.v2beta1",
}
