//! Which failures are retried and how long to wait, by client-go's rules: the server did
//! not process a 429, so any verb retries it; a 5xx (500, 502, 503, 504) or a connection
//! error only for idempotent verbs (GET, HEAD, PUT, DELETE, OPTIONS), never a POST or PATCH.

use super::config::RetryPolicy;
use http::Method;
use std::time::Duration;

pub(crate) fn is_idempotent(method: &Method) -> bool {
    matches!(
        *method,
        Method::GET | Method::HEAD | Method::PUT | Method::DELETE | Method::OPTIONS
    )
}

/// Whether a response with `code` to `method` is tried again.
pub(crate) fn retry_status(method: &Method, code: u16) -> bool {
    match code {
        429 => true,
        500 | 502 | 503 | 504 => is_idempotent(method),
        _ => false,
    }
}

/// The wait before attempt `attempt + 1` (`attempt` counts from 1): the server's
/// Retry-After when it gave one (capped), else exponential backoff with jitter.
pub(crate) fn backoff(
    policy: &RetryPolicy,
    attempt: u32,
    retry_after: Option<Duration>,
) -> Duration {
    if let Some(after) = retry_after {
        return after.min(policy.max_retry_after);
    }
    let exp = policy
        .base_backoff
        .saturating_mul(1u32 << attempt.saturating_sub(1).min(20));
    let capped = exp.min(policy.max_backoff);
    let jitter = capped.mul_f64(fastrand::f64() * 0.5);
    (capped + jitter).min(policy.max_backoff)
}

/// A `Retry-After` header in seconds (client-go reads only the integer form).
pub(crate) fn parse_retry_after(value: Option<&http::HeaderValue>) -> Option<Duration> {
    let s = value?.to_str().ok()?.trim();
    let secs: u64 = s.parse().ok()?;
    Some(Duration::from_secs(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules() {
        assert!(retry_status(&Method::POST, 429));
        assert!(!retry_status(&Method::POST, 503));
        assert!(!retry_status(&Method::PATCH, 500));
        assert!(retry_status(&Method::GET, 503));
        assert!(retry_status(&Method::PUT, 504));
        assert!(!retry_status(&Method::GET, 501));
        assert!(!retry_status(&Method::GET, 404));
        let p = RetryPolicy::default();
        assert_eq!(
            backoff(&p, 1, Some(Duration::from_secs(100))),
            p.max_retry_after
        );
        let b = backoff(&p, 1, None);
        assert!(b >= p.base_backoff && b <= p.base_backoff.mul_f64(1.5));
        assert!(backoff(&p, 30, None) <= p.max_backoff);
    }
}
