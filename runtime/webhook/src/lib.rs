//! The webhooks kube-apiserver calls for the kinds kapi generates, served from generated
//! code: a CRD's conversion ([`conversion`]), and admission ([`admission`]: the generated
//! validation and defaults, or a typed handler of your own), behind one HTTPS server
//! ([`server`]).
//!
//! Every review is a body in and a body out. A body that is no review of the endpoint's
//! kind is a [`ReviewError`], which the server answers with a 400; a review whose objects
//! fail (a conversion error, a denial) is answered with a review saying so, as
//! kube-apiserver expects.

pub mod admission;
pub mod conversion;
pub mod server;

pub use server::{terminated, Running, WebhookServer};

use std::future::Future;
use std::pin::Pin;

/// A body that is no review of the kind its endpoint answers: the server answers it with
/// 400 and the message, never with a review.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    #[error("{0}")]
    Malformed(String),
}

/// An endpoint's answer to one review: the response body (JSON), or why the body was no
/// review.
pub type ReviewFuture<'a> = Pin<Box<dyn Future<Output = Result<Vec<u8>, ReviewError>> + Send + 'a>>;

/// What the server calls for the reviews posted to one path.
///
/// The server runs each call inside a `review` tracing span with the empty fields `uid`,
/// `kind`, `operation` and `allowed`; an endpoint records them with
/// `tracing::Span::current().record(..)` once it has read the review.
pub trait Endpoint: Send + Sync + 'static {
    fn answer<'a>(&'a self, body: &'a [u8]) -> ReviewFuture<'a>;
}
