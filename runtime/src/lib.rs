//! kapi: the thin runtime of Kubernetes-style APIs in Rust.
//!
//! Users write API types as annotated structs with `#[derive(kapi::ApiType)]`; the derive
//! and `cargo xtask codegen` generate everything else. This crate carries what that code
//! calls: the Kubernetes meta types ([`meta`]), the traits of kinds ([`TypeInfo`],
//! [`Resource`], [`ListResource`], [`ApplyDefaults`]), deep copy helpers and the codecs.

// The derive emits `::kapi::...` paths; this makes them resolve inside kapi itself, so the
// meta types are written with kapi's own markers.
extern crate self as kapi;

pub mod apis;
#[cfg(feature = "apiserver")]
pub mod apiserver;
#[cfg(feature = "cache")]
pub mod cache;
#[cfg(feature = "client")]
pub mod client;
pub mod codec;
pub mod conversion;
pub mod feature_gates;
#[cfg(feature = "fuzz")]
pub mod fuzz;
mod leaf_scalars;
pub mod meta;
#[cfg(feature = "fuzz")]
pub mod round_trip;
pub mod scheme;
mod traits;
pub mod validation;

/// The deep-copy helpers' old home, still named by derived `Clone` impls.
#[doc(hidden)]
pub use __private::deep_copy;
/// The old home of autoscaling/v1 `Scale`, still named by generated clientsets.
#[doc(hidden)]
pub use apis::autoscaling;
pub use conversion::Versioned;
pub use kapi_derive::{group_version, ApiType};
pub use scheme::{Object, Scheme};
pub use traits::*;

/// Used by generated code; not a stable API.
#[doc(hidden)]
pub mod __private;
