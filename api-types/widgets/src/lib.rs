//! Widgets: an API crate with its controller, written as a team outside kapi writes one.
//! `internal` is the hub, `v1` the served version; `generated/` is written by `kapi-codegen`.

pub mod controller;
pub mod internal;
pub mod v1;

#[rustfmt::skip]
#[path = "../generated/mod.rs"]
pub mod generated;

pub use generated::register::install;
