//! One HTTPS server for every review a cluster sends: conversion, validating and mutating
//! admission, and endpoints of your own, each at its path, with `/healthz` and `/readyz`
//! for the kubelet's probes.
//!
//! Its bounds are kube-apiserver's, from [`ServingLimits`]: the header and idle deadlines
//! per connection, a TLS handshake within the header deadline, a body of at most 3 MiB
//! (kube-apiserver's largest object, which is what it sends inside a review's envelope;
//! the envelope's few hundred bytes more are allowed for), requests in flight. A review
//! runs within the `?timeout=` kube-apiserver puts on the call (the webhook's
//! `timeoutSeconds`), and never past the request deadline. The serving certificate is read
//! from files for each handshake once they change, so cert-manager's rotations need no
//! restart and drop no request. On stop, the port closes, the probes say not ready, and the
//! reviews being answered get the drain (30 s, controller-runtime's graceful shutdown
//! default) to finish.

use crate::{admission, conversion, Endpoint, ReviewError};
use axum::body::Body;
use axum::extract::Request;
use axum::response::Response;
use http::{header, HeaderValue, Method, StatusCode};
use kapi_core::Scheme;
use kapi_serving::{InFlight, ServingLimits, StatusError, Transport};
use kapi_tls::CertificateFiles;
use std::collections::BTreeMap;
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, ToSocketAddrs};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tracing::field::Empty;
use tracing::Instrument;

/// The envelope around the largest object a review carries (uid, kinds, resource, user
/// info, options, and the old object's copy for updates is a second object): the body
/// limit is the object limit twice plus this.
const ENVELOPE_BYTES: usize = 64 * 1024;

/// How long a stopping server lets the reviews being answered finish.
pub const DEFAULT_DRAIN: Duration = Duration::from_secs(30);

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("the serving certificate: {0}")]
    Certificate(#[from] kapi_tls::TlsError),
    #[error("listening: {0}")]
    Listen(#[from] std::io::Error),
    #[error("{0}")]
    Route(String),
}

/// The webhook server, built up path by path, then started with [`bind`](Self::bind) or
/// [`listen`](Self::listen).
pub struct WebhookServer {
    cert: PathBuf,
    key: PathBuf,
    routes: BTreeMap<String, Arc<dyn Endpoint>>,
    errors: Vec<String>,
    limits: ServingLimits,
    drain: Duration,
}

impl WebhookServer {
    /// A server presenting the certificate chain in `cert` and its key in `key` (PEM; the
    /// `tls.crt` and `tls.key` of a cert-manager Secret mounted in the pod).
    pub fn new(cert: impl Into<PathBuf>, key: impl Into<PathBuf>) -> Self {
        let object = kapi_serving::MAX_REQUEST_BODY_BYTES;
        WebhookServer {
            cert: cert.into(),
            key: key.into(),
            routes: BTreeMap::new(),
            errors: Vec::new(),
            limits: ServingLimits {
                max_request_body_bytes: 2 * object + ENVELOPE_BYTES,
                ..ServingLimits::default()
            },
            drain: DEFAULT_DRAIN,
        }
    }

    /// `ConversionReview`s at `path`, answered through `scheme`'s hub conversions.
    pub fn conversion(self, path: &str, scheme: Arc<Scheme>) -> Self {
        self.endpoint(path, conversion::endpoint(scheme))
    }

    /// Validating `AdmissionReview`s at `path`: each object through `scheme`'s write path
    /// (its generated validation, update rules and feature gates), denied with
    /// kube-apiserver's 422 when it fails.
    pub fn validating(self, path: &str, scheme: Arc<Scheme>) -> Self {
        self.endpoint(path, admission::Validating(scheme))
    }

    /// Mutating `AdmissionReview`s at `path`: each object's generated defaults, as a
    /// minimal JSON Patch.
    pub fn mutating(self, path: &str, scheme: Arc<Scheme>) -> Self {
        self.endpoint(path, admission::Mutating(scheme))
    }

    /// Any [`Endpoint`] at `path`: a typed handler of your own
    /// ([`admission::handler`]), or a review kapi does not answer.
    pub fn endpoint(mut self, path: &str, endpoint: impl Endpoint) -> Self {
        if !path.starts_with('/') || matches!(path, "/healthz" | "/readyz") {
            self.errors.push(format!(
                "{path:?} cannot be a review's path: it must start with `/` and not be a probe's"
            ));
        } else if self
            .routes
            .insert(path.to_string(), Arc::new(endpoint))
            .is_some()
        {
            self.errors
                .push(format!("two endpoints at {path:?}: each path answers one"));
        }
        self
    }

    /// The bounds requests are held to, instead of kube-apiserver's.
    pub fn limits(mut self, limits: ServingLimits) -> Self {
        self.limits = limits;
        self
    }

    /// How long a stopping server lets the reviews being answered finish.
    pub fn drain(mut self, drain: Duration) -> Self {
        self.drain = drain;
        self
    }

    /// Listens on `addr` (`0.0.0.0:9443` in a pod; port 0 picks a free one) and serves.
    pub async fn bind(self, addr: impl ToSocketAddrs) -> Result<Running, ServerError> {
        let listener = TcpListener::bind(addr).await?;
        self.listen(listener)
    }

    /// Serves on `listener`, on the current tokio runtime.
    pub fn listen(self, listener: TcpListener) -> Result<Running, ServerError> {
        if !self.errors.is_empty() {
            return Err(ServerError::Route(self.errors.join("; ")));
        }
        let files = Arc::new(CertificateFiles::new(self.cert, self.key, "serving")?);
        let tls = kapi_tls::server_config(files)?;
        let addr = listener.local_addr()?;
        let limits = Arc::new(self.limits);
        let state = Arc::new(State {
            routes: self.routes,
            in_flight: InFlight::new(&limits),
            limits: limits.clone(),
            stopping: AtomicBool::new(false),
        });
        let app_state = state.clone();
        let app = axum::Router::new().fallback(move |request: Request| {
            let state = app_state.clone();
            async move { state.answer(request).await }
        });
        let (stop, stopped) = watch::channel(false);
        let transport = Transport {
            tls: Some(tokio_rustls::TlsAcceptor::from(Arc::new(tls))),
            drain: self.drain,
        };
        let task = tokio::spawn(kapi_serving::serve_with(
            listener, app, limits, stopped, transport,
        ));
        Ok(Running {
            addr,
            stop,
            task,
            state,
        })
    }
}

/// A server serving; stop it with [`shutdown`](Self::shutdown) or [`until`](Self::until).
/// Dropped, it stops at once.
pub struct Running {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
    state: Arc<State>,
}

impl Running {
    /// The address it listens on (the port, when 0 was asked).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops: the port closes, `/readyz` fails, and the reviews being answered finish
    /// within the drain.
    pub async fn shutdown(mut self) {
        self.state.stopping.store(true, Ordering::SeqCst);
        let _ = self.stop.send(true);
        let _ = (&mut self.task).await;
    }

    /// Serves until `signal` resolves (e.g. [`terminated`]), then shuts down.
    pub async fn until(self, signal: impl Future<Output = ()>) {
        signal.await;
        self.shutdown().await;
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
    }
}

/// Resolves when the process is asked to stop: SIGTERM (the kubelet's) or SIGINT.
pub use kapi_serving::terminated;

struct State {
    routes: BTreeMap<String, Arc<dyn Endpoint>>,
    in_flight: InFlight,
    limits: Arc<ServingLimits>,
    stopping: AtomicBool,
}

impl State {
    async fn answer(self: Arc<Self>, request: Request) -> Response {
        let path = request.uri().path().to_string();
        let described = format!("{} {path}", request.method());
        let this = self.clone();
        kapi_serving::answer_panics(
            async move {
                match this.route(request).await {
                    Ok(response) => response,
                    Err(error) => kapi_serving::error_response(&error, None),
                }
            },
            move || format!("the webhook server answering {described}"),
            None,
        )
        .await
    }

    async fn route(&self, request: Request) -> Result<Response, StatusError> {
        let path = request.uri().path();
        match path {
            "/healthz" => return Ok(text(StatusCode::OK, "ok")),
            "/readyz" if self.stopping.load(Ordering::SeqCst) => {
                return Ok(text(StatusCode::INTERNAL_SERVER_ERROR, "shutting down"))
            }
            "/readyz" => return Ok(text(StatusCode::OK, "ok")),
            _ => {}
        }
        let Some(endpoint) = self.routes.get(path).cloned() else {
            return Err(StatusError::no_route());
        };
        if request.method() != Method::POST {
            return Err(StatusError::method_not_allowed());
        }
        // kube-apiserver sends reviews as JSON only.
        let content_type = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let media = content_type.split(';').next().unwrap_or("").trim();
        if !media.eq_ignore_ascii_case("application/json") {
            return Err(StatusError::unsupported_media_type(
                content_type,
                &["application/json"],
            ));
        }
        let _slot = self
            .in_flight
            .admit(&Method::POST, false)
            .map_err(|_| StatusError::new(429, "TooManyRequests", "too many reviews at once"))?;
        let deadline = review_deadline(request.uri().query(), self.limits.request_timeout);
        let span = tracing::info_span!(
            "review",
            path = %path,
            uid = Empty,
            kind = Empty,
            operation = Empty,
            allowed = Empty,
        );
        let (parts, body) = request.into_parts();
        let body = kapi_serving::read_body(&self.limits, &parts.headers, body).await?;
        // Made inside the span too: an endpoint may answer while making its future.
        let answer = span.in_scope(|| endpoint.answer(&body));
        let answered = tokio::time::timeout(deadline, answer.instrument(span));
        match answered.await {
            Err(_) => Err(StatusError::timeout()),
            Ok(Err(ReviewError::Malformed(message))) => Err(StatusError::bad_request(message)),
            Ok(Ok(answer)) => {
                let mut response = Response::new(Body::from(answer));
                response.headers_mut().insert(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                );
                Ok(response)
            }
        }
    }
}

/// The time a review may take: the `timeout` kube-apiserver puts on the call (Go's
/// duration syntax, `10s`), within the server's request deadline.
fn review_deadline(query: Option<&str>, request_timeout: Duration) -> Duration {
    let asked = query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|pair| pair.strip_prefix("timeout="))
        .and_then(|v| kapi_core::meta::Duration::parse(v).ok())
        .and_then(|d| u64::try_from(d.as_nanos()).ok())
        .filter(|nanos| *nanos > 0)
        .map(Duration::from_nanos);
    asked.map_or(request_timeout, |asked| asked.min(request_timeout))
}

fn text(status: StatusCode, body: &'static str) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::review_deadline;
    use std::time::Duration;

    #[test]
    fn the_review_deadline_is_the_callers_within_the_servers() {
        let limit = Duration::from_secs(60);
        assert_eq!(
            review_deadline(Some("timeout=10s"), limit),
            Duration::from_secs(10)
        );
        assert_eq!(review_deadline(Some("a=b&timeout=1m30s"), limit), limit);
        assert_eq!(
            review_deadline(Some("timeout=500ms"), limit),
            Duration::from_millis(500)
        );
        for unusable in [
            None,
            Some(""),
            Some("timeout=ten"),
            Some("timeout=-1s"),
            Some("timeout=0s"),
        ] {
            assert_eq!(review_deadline(unusable, limit), limit, "{unusable:?}");
        }
    }
}
