//! The internal version: the hub every served version converts to and from. Never served;
//! no defaults (defaulting belongs to the versions).

mod types;

// Laid out by codegen's printer; rustfmt would fight verify-only.
#[rustfmt::skip]
#[path = "../../generated/internal/mod.rs"]
pub mod generated;

pub use types::*;

kapi::group_version! {
    group_name = "frob.example.com",
    internal,
    group_go_name = "Frob",
}
