//! kapi-codegen: Rust API source → one model → generated files.
//!
//! [`model`] is the only code that reads `syn`. The proc-macro (`kapi-derive`) uses it to
//! check markers and emit per-type code; with the `generate` feature the model also resolves
//! every type path against the API's and kapi's types (`model::resolve`), the generators
//! under [`generate`] take the resolved model and produce the checked-in files that
//! `cargo xtask codegen` writes and verifies, and [`lint`] checks the model against the
//! Kubernetes API conventions on the same run; [`compat`] checks it against a released
//! baseline; [`fixtures`] keeps the per-release fixtures' `HEAD` in sync. [`cli`] is the command line of both the
//! `kapi-codegen` binary and the xtask; [`assign_protobuf_tags`] edits the user's source
//! for `--assign-protobuf-tags`. With the `import` feature, [`import`] turns Go API packages
//! into annotated source.

pub use kapi_model::{diagnostics, markers, span};
pub mod model;

#[cfg(feature = "generate")]
pub mod assign_protobuf_tags;
#[cfg(feature = "generate")]
pub mod cli;
#[cfg(feature = "generate")]
pub mod compat;
#[cfg(feature = "generate")]
pub mod fixtures;
#[cfg(feature = "generate")]
pub mod generate;
#[cfg(feature = "import")]
pub mod import;
#[cfg(feature = "generate")]
pub mod lint;
#[cfg(feature = "generate")]
pub mod yaml;
