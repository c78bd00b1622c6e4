//! The example API: group `frob.example.com`, modelled on the Frobber of Kubernetes'
//! "changing the API" guide. `internal` is the hub every version converts through; `v1` is
//! stable and `v2beta1` is the next version (with the singular/plural `param(s)` change).
//!
//! The files under `generated/` are written by `cargo xtask codegen`; do not edit them.

pub mod examples;
pub mod internal;
pub mod params;
pub mod v1;
pub mod v2beta1;

#[rustfmt::skip]
#[path = "../generated/mod.rs"]
pub mod generated;

pub use generated::register::install;

kapi::feature_gates! {
    /// Allows `spec.width` (two-dimensional frobbers).
    Frobber2D: Alpha = false,
    /// Allows the `OnTuesday` restart policy.
    FrobberRestartPolicyOnTuesday: Alpha = false,
}

// The README's examples are compiled and run as doctests here, where both kapi and the
// example API are in reach.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;
