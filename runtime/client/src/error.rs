//! The client's errors: API errors from `Status` responses, with client-go's predicates.

use kapi_core::meta::{Status, StatusCause};
use std::time::Duration;

/// An error response of the API server: its `Status` (read from the body, or synthesized
/// from the HTTP code when the body is not a `Status`, as client-go does).
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: Status,
    /// The HTTP status code of the response.
    pub code: u16,
    /// The response's `Retry-After` (or the Status' `retryAfterSeconds`).
    pub retry_after: Option<Duration>,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let reason = if self.status.reason.is_empty() {
            "Unknown"
        } else {
            self.status.reason.as_str()
        };
        write!(f, "{} ({reason}): {}", self.code, self.status.message)
    }
}

/// Everything a client call can fail with. Never a panic on server input.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The server answered with an error status (or a watch delivered an `ERROR` event).
    #[error("API error: {0}")]
    Api(Box<ApiError>),
    /// Connecting, TLS, or reading/writing the HTTP exchange failed.
    #[error("transport error: {0}")]
    Transport(String),
    /// The per-request timeout elapsed.
    #[error("request timed out")]
    Timeout,
    /// A watch received nothing for [`Config::watch_idle_timeout`](super::Config): the
    /// server or the path to it went silent. Watch again from the last resourceVersion.
    #[error("the watch received nothing for {0:?}")]
    WatchIdle(Duration),
    /// A response body or a single watch event was longer than the client's limit
    /// ([`Config::max_response_body`](super::Config), [`Config::max_watch_event`](super::Config)).
    #[error("{what} exceeds the limit of {limit} bytes")]
    TooLarge { what: &'static str, limit: usize },
    /// A response body could not be decoded.
    #[error("decode error: {0}")]
    Decode(String),
    /// A request body could not be encoded.
    #[error("encode error: {0}")]
    Encode(String),
    /// The configuration (kubeconfig, in-cluster files, TLS material) is unusable.
    #[error("configuration error: {0}")]
    Config(String),
    /// The request could not be built (bad path, name or header value).
    #[error("invalid request: {0}")]
    Request(String),
    /// A credential plugin failed (a missing binary, a non-zero exit, output that is no
    /// credential, a run past its time limit); the message names the kubeconfig user and
    /// the command, never the credential.
    #[error("{0}")]
    Credentials(String),
}

/// The reasons Kubernetes defines; a code is only consulted when the reason is not one of
/// them (client-go's `reasonAndCodeForError`).
const KNOWN_REASONS: &[&str] = &[
    "Unauthorized",
    "Forbidden",
    "NotFound",
    "AlreadyExists",
    "Conflict",
    "Gone",
    "Invalid",
    "ServerTimeout",
    "StoreReadError",
    "Timeout",
    "TooManyRequests",
    "BadRequest",
    "MethodNotAllowed",
    "NotAcceptable",
    "RequestEntityTooLarge",
    "UnsupportedMediaType",
    "InternalError",
    "Expired",
    "ServiceUnavailable",
];

impl Error {
    fn api(&self) -> Option<&ApiError> {
        match self {
            Error::Api(e) => Some(e),
            _ => None,
        }
    }

    /// The `Status` of an API error.
    pub fn status(&self) -> Option<&Status> {
        self.api().map(|e| &e.status)
    }

    /// The causes in the Status' details (field errors of a 422), empty for anything else.
    pub fn causes(&self) -> &[StatusCause] {
        self.status()
            .and_then(|s| s.details.as_ref())
            .map(|d| d.causes.as_slice())
            .unwrap_or(&[])
    }

    /// The HTTP code of an API error.
    pub fn code(&self) -> Option<u16> {
        self.api().map(|e| e.code)
    }

    /// The Status' reason, `""` when none.
    pub fn reason(&self) -> &str {
        self.status().map(|s| s.reason.as_str()).unwrap_or("")
    }

    /// How long the server asked to wait before retrying.
    pub fn retry_after(&self) -> Option<Duration> {
        self.api().and_then(|e| e.retry_after)
    }

    fn is(&self, reason: &str, code: u16) -> bool {
        let Some(api) = self.api() else { return false };
        let r = api.status.reason.as_str();
        if r == reason {
            return true;
        }
        let status_code = if api.status.code > 0 {
            api.status.code as u16
        } else {
            api.code
        };
        !KNOWN_REASONS.contains(&r) && status_code == code
    }

    pub fn is_not_found(&self) -> bool {
        self.is("NotFound", 404)
    }
    pub fn is_already_exists(&self) -> bool {
        self.reason() == "AlreadyExists"
    }
    /// A 409 that is not AlreadyExists (an update with a stale resourceVersion).
    pub fn is_conflict(&self) -> bool {
        self.is("Conflict", 409)
    }
    pub fn is_invalid(&self) -> bool {
        self.is("Invalid", 422)
    }
    pub fn is_gone(&self) -> bool {
        self.is("Gone", 410)
    }
    /// A resourceVersion or continue token that is too old (410, reason Expired).
    pub fn is_expired(&self) -> bool {
        self.reason() == "Expired"
    }
    pub fn is_too_many_requests(&self) -> bool {
        self.is("TooManyRequests", 429)
    }
    pub fn is_server_timeout(&self) -> bool {
        self.reason() == "ServerTimeout"
    }
    /// A 504 (reason Timeout) from the server.
    pub fn is_timeout(&self) -> bool {
        self.is("Timeout", 504)
    }
    pub fn is_service_unavailable(&self) -> bool {
        self.is("ServiceUnavailable", 503)
    }
    pub fn is_internal_error(&self) -> bool {
        self.is("InternalError", 500)
    }
    pub fn is_forbidden(&self) -> bool {
        self.is("Forbidden", 403)
    }
    pub fn is_unauthorized(&self) -> bool {
        self.is("Unauthorized", 401)
    }
    pub fn is_bad_request(&self) -> bool {
        self.is("BadRequest", 400)
    }
    pub fn is_method_not_supported(&self) -> bool {
        self.is("MethodNotAllowed", 405)
    }
    pub fn is_unsupported_media_type(&self) -> bool {
        self.is("UnsupportedMediaType", 415)
    }
    /// The per-request timeout of the client elapsed, or a watch went silent past its
    /// idle timeout.
    pub fn is_client_timeout(&self) -> bool {
        matches!(self, Error::Timeout | Error::WatchIdle(_))
    }
}

/// The Status client-go synthesizes for an error response whose body is not a `Status`
/// (`newUnstructuredResponseError`): a reason and message from the code, the body (cut
/// short) as detail.
pub(crate) fn synthesize_status(code: u16, body: &[u8], retry_after: Option<Duration>) -> Status {
    let (reason, message) = match code {
        400 => ("BadRequest", "the server rejected our request for an unknown reason"),
        401 => ("Unauthorized", "the server has asked for the client to provide credentials"),
        403 => ("Forbidden", "the server does not allow access to the requested resource"),
        404 => ("NotFound", "the server could not find the requested resource"),
        405 => ("MethodNotAllowed", "the server does not allow this method on the requested resource"),
        406 => ("NotAcceptable", "the server was unable to respond with a content type that the client supports"),
        409 => ("Conflict", "the server reported a conflict"),
        410 => ("Gone", "the server no longer has the requested resource"),
        413 => ("RequestEntityTooLarge", "the server has rejected the request because the request body is too large"),
        415 => ("UnsupportedMediaType", "the server was unable to handle the content type of the request"),
        422 => ("Invalid", "the server rejected our request due to an error in our request"),
        429 => ("TooManyRequests", "the server has received too many requests and has asked us to try again later"),
        500 => ("InternalError", "an error on the server has prevented the request from succeeding"),
        503 => ("ServiceUnavailable", "the server is currently unable to handle the request"),
        504 => ("Timeout", "the server was unable to return a response in the time allotted, but may still be processing the request"),
        _ => ("", "an error on the server has prevented the request from succeeding"),
    };
    let text = String::from_utf8_lossy(body);
    let text = text.trim();
    let mut message = message.to_string();
    if !text.is_empty() {
        let cut: String = text.chars().take(1024).collect();
        message = format!("{message} ({cut})");
    }
    let details = retry_after.map(|d| kapi_core::meta::StatusDetails {
        retry_after_seconds: d.as_secs().min(i32::MAX as u64) as i32,
        ..Default::default()
    });
    Status {
        status: "Failure".to_string(),
        message,
        reason: reason.to_string(),
        code: code.into(),
        details,
        ..Default::default()
    }
}

/// A body the codec could not read.
impl From<kapi_core::codec::CodecError> for Error {
    fn from(e: kapi_core::codec::CodecError) -> Self {
        Error::Decode(e.to_string())
    }
}

impl From<ApiError> for Error {
    fn from(e: ApiError) -> Self {
        Error::Api(Box::new(e))
    }
}
