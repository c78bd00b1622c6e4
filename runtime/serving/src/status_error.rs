//! Failures as kube-apiserver reports them: a `Status` with the code, reason and message
//! wording of apimachinery's `errors` package, so clients branch on them as on a real server.

use kapi_core::meta::{Status, StatusDetails};
use kapi_core::validation::ErrorList;

/// An error response: the `Status` body and the headers that go with it.
#[derive(Debug, Clone)]
pub struct StatusError {
    // Boxed: errors travel through every handler's `Result`.
    pub status: Box<Status>,
    pub retry_after: Option<u32>,
}

/// The resource an error is about, as Kubernetes qualifies it (`frobbers.frob.example.com`).
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub group: &'a str,
    pub resource: &'a str,
    pub kind: &'a str,
    pub name: &'a str,
}

impl Target<'_> {
    fn qualified(&self) -> String {
        if self.group.is_empty() {
            self.resource.to_string()
        } else {
            format!("{}.{}", self.resource, self.group)
        }
    }

    fn details(&self) -> StatusDetails {
        StatusDetails {
            name: self.name.to_string(),
            group: self.group.to_string(),
            kind: self.resource.to_string(),
            ..Default::default()
        }
    }
}

impl StatusError {
    pub fn new(code: u16, reason: &str, message: impl Into<String>) -> Self {
        StatusError {
            status: Box::new(Status {
                status: "Failure".into(),
                message: message.into(),
                reason: reason.into(),
                code: i32::from(code),
                ..Default::default()
            }),
            retry_after: None,
        }
    }

    fn with_details(mut self, details: StatusDetails) -> Self {
        self.status.details = Some(details);
        self
    }

    pub fn from_status(status: Status) -> Self {
        StatusError {
            status: Box::new(status),
            retry_after: None,
        }
    }

    pub fn code(&self) -> u16 {
        u16::try_from(self.status.code).unwrap_or(500)
    }

    pub fn not_found(t: Target<'_>) -> Self {
        Self::new(
            404,
            "NotFound",
            format!("{} {:?} not found", t.qualified(), t.name),
        )
        .with_details(t.details())
    }

    pub fn already_exists(t: Target<'_>) -> Self {
        Self::new(
            409,
            "AlreadyExists",
            format!("{} {:?} already exists", t.qualified(), t.name),
        )
        .with_details(t.details())
    }

    /// apimachinery's `NewForbidden` for a named object: `<resource>.<group> "name" is
    /// forbidden: why` (without the name when there is none).
    pub fn forbidden(t: Target<'_>, why: &str) -> Self {
        let message = if t.name.is_empty() {
            format!("{} is forbidden: {why}", t.qualified())
        } else {
            format!("{} {:?} is forbidden: {why}", t.qualified(), t.name)
        };
        Self::new(403, "Forbidden", message).with_details(t.details())
    }

    /// A stale resourceVersion (optimistic concurrency).
    pub fn conflict(t: Target<'_>, why: &str) -> Self {
        Self::new(
            409,
            "Conflict",
            format!(
                "Operation cannot be fulfilled on {} {:?}: {why}",
                t.qualified(),
                t.name
            ),
        )
        .with_details(t.details())
    }

    pub fn modified(t: Target<'_>) -> Self {
        Self::conflict(
            t,
            "the object has been modified; please apply your changes to the latest version and try again",
        )
    }

    pub fn invalid(t: Target<'_>, errors: &ErrorList) -> Self {
        Self::from_status(errors.to_status(t.group, t.kind, t.name))
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(400, "BadRequest", message)
    }

    /// 410: a resourceVersion or continue token older than the kept history.
    pub fn expired(message: impl Into<String>) -> Self {
        Self::new(410, "Expired", message)
    }

    pub fn method_not_allowed() -> Self {
        Self::new(
            405,
            "MethodNotAllowed",
            "the server does not allow this method on the requested resource",
        )
    }

    pub fn unsupported_media_type(content_type: &str, accepted: &[&str]) -> Self {
        Self::new(
            415,
            "UnsupportedMediaType",
            format!(
                "the body of the request was in an unknown format - accepted media types include: {}",
                accepted.join(", ")
            ),
        )
        .with_details(StatusDetails {
            causes: vec![kapi_core::meta::StatusCause {
                type_: "UnexpectedServerResponse".into(),
                message: content_type.to_string(),
                field: String::new(),
            }],
            ..Default::default()
        })
    }

    pub fn not_acceptable(accepted: &[&str]) -> Self {
        Self::new(
            406,
            "NotAcceptable",
            format!(
                "only the following media types are accepted: {}",
                accepted.join(", ")
            ),
        )
    }

    /// A path no route serves.
    pub fn no_route() -> Self {
        Self::new(
            404,
            "NotFound",
            "the server could not find the requested resource",
        )
        .with_details(StatusDetails::default())
    }

    pub fn internal(message: impl std::fmt::Display) -> Self {
        Self::new(
            500,
            "InternalError",
            format!("Internal error occurred: {message}"),
        )
    }

    /// A handler panicked: kube-apiserver's panic filter answers 500 with this text, which
    /// client-go wraps in its words for a 500 without a Status.
    /// A request that outlived its deadline (kube-apiserver's `NewTimeoutError` from the
    /// timeout filter).
    pub fn timeout() -> Self {
        StatusError::new(
            504,
            "Timeout",
            "Timeout: request did not complete within requested timeout - context deadline exceeded",
        )
        .with_details(StatusDetails::default())
    }

    pub fn panicked() -> Self {
        Self::new(
            500,
            "InternalError",
            "an error on the server (\"This request caused apiserver to panic. Look in the logs for details.\") has prevented the request from succeeding",
        )
    }

    pub fn too_large_resource_version(requested: u64, current: u64) -> Self {
        let mut e = Self::new(
            504,
            "Timeout",
            format!("Too large resource version: {requested}, current: {current}"),
        );
        e.status.details = Some(StatusDetails {
            causes: vec![kapi_core::meta::StatusCause {
                type_: "ResourceVersionTooLarge".into(),
                message: "Too large resource version".into(),
                field: String::new(),
            }],
            retry_after_seconds: 1,
            ..Default::default()
        });
        e.retry_after = Some(1);
        e
    }

    /// An injected failure with any code; the reason follows the code as apimachinery's
    /// `NewGenericServerResponse` picks it.
    pub fn injected(code: u16, message: impl Into<String>, retry_after: Option<u32>) -> Self {
        let reason = match code {
            400 => "BadRequest",
            401 => "Unauthorized",
            403 => "Forbidden",
            404 => "NotFound",
            405 => "MethodNotAllowed",
            409 => "Conflict",
            410 => "Expired",
            422 => "Invalid",
            429 => "TooManyRequests",
            500 => "InternalError",
            503 => "ServiceUnavailable",
            504 => "Timeout",
            _ => "",
        };
        let mut e = Self::new(code, reason, message);
        if let Some(seconds) = retry_after {
            e.retry_after = Some(seconds);
            e.status.details = Some(StatusDetails {
                retry_after_seconds: i32::try_from(seconds).unwrap_or(i32::MAX),
                ..Default::default()
            });
        }
        e
    }
}

impl From<kapi_core::scheme::SchemeError> for StatusError {
    fn from(e: kapi_core::scheme::SchemeError) -> Self {
        use kapi_core::scheme::SchemeError as E;
        match e {
            E::Decode(_)
            | E::DecodeAt { .. }
            | E::MissingKind
            | E::MissingApiVersion
            | E::NotAnObject
            | E::NotRegistered(_)
            | E::KindMismatch { .. } => StatusError::bad_request(e.to_string()),
            other => StatusError::internal(other),
        }
    }
}
