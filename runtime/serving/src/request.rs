//! The request layer's bounds and answers: a body read within the size limit and the
//! request deadline, kube-apiserver's max-in-flight refusal, a `Status` error in the
//! client's encoding, and a panicking handler answered instead of dropping the connection.

use crate::negotiate::{self, Encoding};
use crate::{ServingLimits, StatusError};
use axum::body::Body;
use axum::response::Response;
use futures_util::FutureExt;
use http::{HeaderValue, StatusCode};
use std::future::Future;
use std::panic::AssertUnwindSafe;

/// The request body, within the body size limit and the request deadline (a client that
/// announces a body and stalls is answered when the deadline passes, as kube-apiserver's
/// timeout filter answers it): a 413 `RequestEntityTooLarge` or a 504 `Timeout` otherwise.
pub async fn read_body(
    limits: &ServingLimits,
    headers: &http::HeaderMap,
    body: Body,
) -> Result<bytes::Bytes, StatusError> {
    let limit = limits.max_request_body_bytes;
    let too_large = || {
        StatusError::new(
            413,
            "RequestEntityTooLarge",
            format!("Request entity too large: limit is {limit}"),
        )
    };
    // A body announced larger than the limit would be refused once read; refuse it
    // before reading.
    let announced = headers
        .get(http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    match tokio::time::timeout(limits.request_timeout, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(_)) => Err(too_large()),
        Err(_) => Err(StatusError::timeout()),
    }
}

/// kube-apiserver's max-in-flight answer: plain text, not a `Status`, and a retry in a
/// second.
pub fn too_many_requests() -> Response {
    let mut response = Response::new(Body::from("Too many requests, please try again later.\n"));
    *response.status_mut() = StatusCode::TOO_MANY_REQUESTS;
    let headers = response.headers_mut();
    headers.insert(
        http::header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(
        http::header::HeaderName::from_static("x-content-type-options"),
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(http::header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// A `Status` body in the format the client accepts (JSON unless it asked for protobuf
/// only), with `Retry-After` when set.
pub fn error_response(error: &StatusError, accept: Option<&str>) -> Response {
    let encoding = negotiate::output(accept, false)
        .map(|o| o.encoding)
        .unwrap_or(Encoding::Json);
    let (content_type, body) = match encoding {
        Encoding::Protobuf => (
            negotiate::PROTOBUF,
            kapi_core::codec::protobuf::encode(error.status.as_ref()),
        ),
        _ => (
            negotiate::JSON,
            serde_json::to_vec(&error.status).unwrap_or_default(),
        ),
    };
    let mut response = Response::new(Body::from(body));
    *response.status_mut() =
        StatusCode::from_u16(error.code()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    response.headers_mut().insert(
        http::header::CONTENT_TYPE,
        HeaderValue::from_static(content_type),
    );
    if let Some(seconds) = error.retry_after {
        if let Ok(v) = HeaderValue::from_str(&seconds.to_string()) {
            response.headers_mut().insert(http::header::RETRY_AFTER, v);
        }
    }
    response
}

/// `serve`'s answer, or, if it panics, a 500 `Status` as kube-apiserver's panic filter
/// answers; the panic's message goes to stderr after `what` (the server and the request).
pub async fn answer_panics(
    serve: impl Future<Output = Response>,
    what: impl FnOnce() -> String,
    accept: Option<&str>,
) -> Response {
    match AssertUnwindSafe(serve).catch_unwind().await {
        Ok(response) => response,
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_string());
            eprintln!("{} panicked: {message}", what());
            error_response(&StatusError::panicked(), accept)
        }
    }
}
