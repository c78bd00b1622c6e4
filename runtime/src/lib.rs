//! kapi: the thin runtime of Kubernetes-style APIs in Rust.
//!
//! Users write API types as annotated structs with `#[derive(kapi::ApiType)]`; the derive
//! and `cargo xtask codegen` generate everything else. This crate is the one that code and
//! its users name. It re-exports the runtime crates under their module names:
//!
//! - the crate root is [`kapi-core`](kapi_core): the Kubernetes meta types ([`meta`]), the
//!   traits of kinds ([`TypeInfo`], [`Resource`], [`ListResource`], [`ApplyDefaults`]), the
//!   [`Scheme`], validation, conversion, deep copy helpers and the codecs;
//! - `kapi::client` (feature `client`) is `kapi-client`, the REST client;
//! - `kapi::cache` (feature `cache`) is `kapi-runtime`'s informers and listers;
//! - `kapi::apiserver` (feature `apiserver`) is `kapi-apiserver`, the embedded API server.
//!   Tests in a workspace that also builds the API crate depend on `kapi-apiserver`
//!   directly: through this feature the API crate would be rebuilt on every change of the
//!   server.
//! - `kapi::webhook` (feature `webhook`) is `kapi-webhook`, the conversion and admission
//!   webhook server.

pub use kapi_core::*;

#[cfg(feature = "apiserver")]
pub use kapi_apiserver as apiserver;
#[cfg(feature = "client")]
pub use kapi_client as client;
#[cfg(feature = "cache")]
pub use kapi_runtime::cache;
#[cfg(feature = "webhook")]
pub use kapi_webhook as webhook;

/// Used by generated code; not a stable API.
#[doc(hidden)]
pub mod __private {
    pub use kapi_core::__private::*;

    #[cfg(feature = "client")]
    pub use kapi_client::__private as client;
}
