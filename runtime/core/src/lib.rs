//! kapi-core: the core of kapi's runtime, re-exported at the root of the `kapi` facade.
//!
//! Users write API types as annotated structs with `#[derive(kapi::ApiType)]`; the derive
//! and `cargo xtask codegen` generate everything else. This crate carries what that code
//! calls: the Kubernetes meta types ([`meta`]), the traits of kinds ([`TypeInfo`],
//! [`Resource`], [`ListResource`], [`ApplyDefaults`]), the [`Scheme`], validation,
//! conversion, deep copy helpers and the codecs. Name it as `kapi`: every item here is
//! `kapi::<path>` through the facade, which adds the client, the cache and the embedded API
//! server behind features.

// The derive emits `::kapi::...` paths; this makes them resolve inside kapi itself, so the
// meta types are written with kapi's own markers.
extern crate self as kapi;

pub mod apis;
pub mod codec;
pub mod conversion;
pub mod feature_gates;
#[cfg(feature = "fuzz")]
pub mod fixtures;
#[cfg(feature = "fuzz")]
pub mod fuzz;
mod leaf_scalars;
pub mod meta;
pub mod patch_shape;
#[cfg(feature = "fuzz")]
pub mod round_trip;
pub mod scheme;
mod traits;
pub mod validation;

/// Keeps items only when kapi's `fuzz` feature is on: wrap hand-written
/// `impl kapi::fuzz::FuzzHook` blocks in it, so the API crate builds with and without the
/// feature, as the derived `Fuzz` impls and the generated round-trip checks do.
pub use __private::if_fuzz;
pub use conversion::Versioned;
pub use kapi_derive::{group_version, ApiType};
pub use scheme::{Object, Scheme};
pub use traits::*;

/// Used by generated code; not a stable API.
#[doc(hidden)]
pub mod __private;
