//! kapi-serving: what every server kapi ships shares, the embedded API server
//! (`kapi-apiserver`) and the admission and conversion webhook server alike.
//!
//! - [`StatusError`]: a failure as kube-apiserver reports it, a `Status` with apimachinery's
//!   codes, reasons and messages, written in the encoding the client accepts
//!   ([`error_response`]).
//! - [`negotiate`]: which codec reads a body and which writes the answer, from
//!   `Content-Type` and `Accept`, with kube-apiserver's media types.
//! - [`serve`]: the connection layer, an accept loop bounded in open connections, each
//!   connection held to kube-apiserver's header and idle deadlines; [`ServingLimits`]
//!   carries those and the request layer's bounds, which [`read_body`] (size and deadline of
//!   a body), [`InFlight`] (requests served at once) and [`answer_panics`] (a 500 `Status`
//!   instead of a dropped connection) apply.
//!
//! Everything here is semver surface of this crate; what a server does with a request
//! (routing, handlers, storage) is the server's own.

mod connection;
pub mod negotiate;
mod request;
mod status_error;

pub use connection::{
    serve, serve_with, terminated, Admitted, InFlight, Saturated, ServingLimits, Transport,
    MAX_REQUEST_BODY_BYTES,
};
pub use request::{answer_panics, error_response, read_body, too_many_requests};
pub use status_error::{StatusError, Target};
