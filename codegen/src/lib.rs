//! kapi-codegen: Rust API source → one model → generated files.
//!
//! [`model`] is the only code that reads `syn`. The proc-macro (`kapi-derive`) uses it to
//! check markers and emit per-type code; the generators under [`generate`] take the whole
//! model and produce the checked-in files that `cargo xtask codegen` writes and verifies;
//! [`lint`] checks the model against the Kubernetes API conventions on the same run.

pub mod diagnostics;
pub mod markers;
pub mod model;

#[cfg(feature = "generate")]
pub mod assign_protobuf_tags;
#[cfg(feature = "generate")]
pub mod cli;
#[cfg(feature = "generate")]
pub mod generate;
#[cfg(feature = "generate")]
pub mod lint;
