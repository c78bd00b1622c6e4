//! One HTTP exchange with the API server, with everything around it: the rate limit,
//! credentials, the per-request timeout, retries, warnings, and error responses turned into
//! [`ApiError`]s.

use super::auth::Authenticator;
use super::config::{Auth, Config, Proxy};
use super::error::{synthesize_status, ApiError, Error};
use super::rate_limit::RateLimiter;
use super::retry;
use super::warnings::parse_warning_header;
use bytes::Bytes;
use http::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, RETRY_AFTER, USER_AGENT};
use http::{HeaderMap, HeaderValue, Method, Request, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client as HyperClient;
use hyper_util::rt::{TokioExecutor, TokioTimer};
use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Duration;
use tracing::Instrument;

pub(crate) const JSON: &str = "application/json";
pub(crate) const PROTOBUF: &str = "application/vnd.kubernetes.protobuf";
/// client-go's Accept for protobuf clients: protobuf, else JSON.
pub(crate) const ACCEPT_PROTOBUF: &str = "application/vnd.kubernetes.protobuf, application/json";

/// A response read whole.
#[derive(Debug, Clone)]
pub struct RawResponse {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl RawResponse {
    /// The media type of the body, without parameters.
    pub fn content_type(&self) -> &str {
        content_type(&self.headers)
    }

    pub fn is_protobuf(&self) -> bool {
        self.content_type() == PROTOBUF
    }
}

pub(crate) fn content_type(headers: &HeaderMap) -> &str {
    headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(str::trim)
        .unwrap_or("")
}

/// A request to send (and maybe send again).
#[derive(Clone)]
pub(crate) struct Spec {
    pub method: Method,
    pub path_and_query: String,
    pub body: Option<(String, Bytes)>,
    pub accept: HeaderValue,
}

pub(crate) struct Transport {
    http: HyperClient<HttpsConnector<super::proxy::Route>, Full<Bytes>>,
    /// The cluster URL's scheme and authority, parsed once; every request's URI is these
    /// and `base_path` (the URL's path, without its trailing `/`) before the request's own.
    scheme: http::uri::Scheme,
    authority: http::uri::Authority,
    base_path: String,
    auth: Authenticator,
    limiter: RateLimiter,
    user_agent: HeaderValue,
    pub(crate) config: Config,
    warnings: Mutex<VecDeque<String>>,
}

impl Transport {
    pub(crate) fn new(config: Config) -> Result<Self, Error> {
        let url = &config.cluster_url;
        let scheme = url.scheme_str().unwrap_or("");
        if scheme != "https" && scheme != "http" {
            return Err(Error::Config(format!(
                "the cluster URL {url} must be http or https"
            )));
        }
        let authority = url
            .authority()
            .ok_or_else(|| Error::Config(format!("the cluster URL {url} has no host")))?
            .clone();
        if scheme == "http" && config.auth != Auth::None && !config.allow_credentials_over_http {
            return Err(Error::Config(format!(
                "refusing to send credentials to {url} over plain http, where anyone on the path reads them: use https, or set Config::allow_credentials_over_http"
            )));
        }
        let base_path = url.path().trim_end_matches('/').to_string();
        let scheme = if scheme == "https" {
            http::uri::Scheme::HTTPS
        } else {
            http::uri::Scheme::HTTP
        };
        if config.tls.insecure_skip_tls_verify {
            tracing::warn!(
                target: "kapi_client",
                server = %authority,
                "insecure-skip-tls-verify is set: the server's certificate is not verified, so \
                 anyone on the path to it can read and change every request and answer",
            );
        }
        let auth = Authenticator::new(&config.auth)?;
        let tls = super::tls::client_config(
            &config.tls,
            auth.plugin_certificate(),
            scheme == http::uri::Scheme::HTTPS,
        )?;
        let proxy = match &config.proxy {
            Proxy::Environment => {
                super::proxy::from_env(&config.cluster_url, |name| std::env::var(name).ok())?
            }
            Proxy::Direct => None,
            Proxy::Url(url) => Some(url.clone()),
        };
        let tls_for_proxy = tls.clone();
        let builder = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_or_http();
        let builder = match &config.tls.tls_server_name {
            Some(name) => {
                let name = rustls_pki_types::ServerName::try_from(name.clone()).map_err(|_| {
                    Error::Config(format!("tls-server-name {name:?} is not a valid name"))
                })?;
                builder.with_server_name_resolver(hyper_rustls::FixedServerNameResolver::new(name))
            }
            None => builder,
        };
        // Go's net package disables Nagle on every TCP connection; so do we, or small
        // requests wait for the peer's delayed ACK.
        let mut tcp = hyper_util::client::legacy::connect::HttpConnector::new();
        tcp.set_nodelay(true);
        tcp.set_keepalive(config.tcp_keepalive);
        tcp.enforce_http(false);
        // ALPN offers h2 first on TLS; a plain connection, or a server that picks
        // http/1.1, speaks HTTP/1.1.
        let route = super::proxy::Route::new(proxy.as_ref(), tcp, &tls_for_proxy)?;
        let connector = if config.disable_http2 {
            builder.enable_http1().wrap_connector(route)
        } else {
            builder.enable_all_versions().wrap_connector(route)
        };
        let http = HyperClient::builder(TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(90))
            .timer(TokioTimer::new())
            .http2_keep_alive_interval(super::config::HTTP2_PING_INTERVAL)
            .http2_keep_alive_timeout(super::config::HTTP2_PING_TIMEOUT)
            .http2_keep_alive_while_idle(true)
            .build(connector);
        let user_agent = HeaderValue::try_from(config.user_agent.as_str())
            .map_err(|_| Error::Config("the user agent is not a valid header value".into()))?;
        Ok(Transport {
            http,
            scheme,
            authority,
            base_path,
            auth,
            limiter: RateLimiter::new(config.qps, config.burst),
            user_agent,
            config,
            warnings: Mutex::new(VecDeque::new()),
        })
    }

    pub(crate) fn warnings(&self) -> Vec<String> {
        self.warnings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect()
    }

    fn record_warnings(&self, headers: &HeaderMap) {
        for value in headers.get_all("warning") {
            let Ok(value) = value.to_str() else { continue };
            for text in parse_warning_header(value) {
                if let Some(handler) = &self.config.warning_handler {
                    handler(&text);
                }
                let mut w = self.warnings.lock().unwrap_or_else(|e| e.into_inner());
                if self.config.max_warnings == 0 {
                    continue;
                }
                while w.len() >= self.config.max_warnings {
                    w.pop_front();
                }
                w.push_back(text);
            }
        }
    }

    fn build(
        &self,
        spec: &Spec,
        authorization: Option<HeaderValue>,
    ) -> Result<Request<Full<Bytes>>, Error> {
        if !spec.path_and_query.starts_with('/') {
            return Err(Error::Request(format!(
                "the path {:?} must start with '/'",
                spec.path_and_query
            )));
        }
        let invalid = |e: http::Error| Error::Request(format!("{:?}: {e}", spec.path_and_query));
        let path_and_query = if self.base_path.is_empty() {
            http::uri::PathAndQuery::try_from(spec.path_and_query.as_str())
        } else {
            http::uri::PathAndQuery::try_from(format!("{}{}", self.base_path, spec.path_and_query))
        }
        .map_err(|e| invalid(e.into()))?;
        let uri = http::Uri::builder()
            .scheme(self.scheme.clone())
            .authority(self.authority.clone())
            .path_and_query(path_and_query)
            .build()
            .map_err(invalid)?;
        let mut req = Request::builder()
            .method(spec.method.clone())
            .uri(uri)
            .header(USER_AGENT, self.user_agent.clone())
            .header(ACCEPT, spec.accept.clone());
        if let Some(auth) = authorization {
            req = req.header(AUTHORIZATION, auth);
        }
        let body = match &spec.body {
            Some((ct, bytes)) => {
                req = req.header(
                    CONTENT_TYPE,
                    HeaderValue::try_from(ct.as_str())
                        .map_err(|_| Error::Request("invalid Content-Type".into()))?,
                );
                bytes.clone()
            }
            None => Bytes::new(),
        };
        req.body(Full::new(body))
            .map_err(|e| Error::Request(e.to_string()))
    }

    /// Sends once; the response's head, its body still to read.
    async fn send_once(&self, spec: &Spec) -> Result<http::Response<Incoming>, SendError> {
        self.limiter.acquire().await;
        let sent = self.auth.authorize().await.map_err(SendError::Fatal)?;
        let req = self
            .build(spec, sent.header.clone())
            .map_err(SendError::Fatal)?;
        match self.http.request(req).await {
            Ok(resp) => {
                self.record_warnings(resp.headers());
                if resp.status() == http::StatusCode::UNAUTHORIZED {
                    self.auth.unauthorized(&sent).await;
                }
                Ok(resp)
            }
            Err(e) => {
                let connect = e.is_connect();
                Err(SendError::Transport {
                    connect,
                    error: Error::Transport(transport_message(&e)),
                })
            }
        }
    }

    /// Sends with retries; a response read whole, error statuses turned into errors. The
    /// timeout covers everything, rate-limit waits and retries included (client-go's
    /// request context).
    pub(crate) async fn request(&self, spec: Spec) -> Result<RawResponse, Error> {
        let span = super::trace::request(&spec.method, &spec.path_and_query);
        let attempts = async {
            match self.config.timeout {
                Some(t) => tokio::time::timeout(t, self.request_with_retries(spec, &span))
                    .await
                    .unwrap_or(Err(Error::Timeout)),
                None => self.request_with_retries(spec, &span).await,
            }
        };
        attempts.instrument(span.clone()).await
    }

    async fn request_with_retries(
        &self,
        spec: Spec,
        span: &tracing::Span,
    ) -> Result<RawResponse, Error> {
        let mut attempt = 1u32;
        loop {
            span.record("retries", attempt - 1);
            let once = async {
                let resp = self.send_once(&spec).await?;
                let (parts, body) = resp.into_parts();
                let body = read_body(body, self.config.max_response_body).await?;
                Ok::<_, SendError>(RawResponse {
                    status: parts.status.as_u16(),
                    headers: parts.headers,
                    body,
                })
            };
            let failure = match once.await {
                Ok(resp) => {
                    span.record("status", resp.status);
                    span.record("bytes", resp.body.len());
                    if is_success(resp.status) {
                        return Ok(resp);
                    }
                    SendError::Status(Box::new(api_error(resp.status, &resp.headers, &resp.body)))
                }
                Err(e) => e,
            };
            let wait = self.retry_wait(&spec, attempt, failure)?;
            tokio::time::sleep(wait).await;
            attempt += 1;
        }
    }

    /// Sends a streaming request (a watch): retried like any GET until the server answers
    /// with a success, then the open body. The timeout covers this opening (an error
    /// answer's body included), not the events after it.
    /// The watch's span stays open with its stream.
    pub(crate) async fn stream(
        &self,
        spec: Spec,
    ) -> Result<(http::Response<Incoming>, tracing::Span), Error> {
        let span = super::trace::watch(&spec.path_and_query);
        let open = async {
            match self.config.timeout {
                Some(t) => tokio::time::timeout(t, self.open_stream(spec, &span))
                    .await
                    .unwrap_or(Err(Error::Timeout)),
                None => self.open_stream(spec, &span).await,
            }
        };
        let response = open.instrument(span.clone()).await?;
        Ok((response, span))
    }

    async fn open_stream(
        &self,
        spec: Spec,
        span: &tracing::Span,
    ) -> Result<http::Response<Incoming>, Error> {
        let mut attempt = 1u32;
        loop {
            span.record("retries", attempt - 1);
            let sent = self.send_once(&spec).await;
            if let Ok(resp) = &sent {
                span.record("status", resp.status().as_u16());
            }
            let failure = match sent {
                Ok(resp) if is_success(resp.status().as_u16()) => return Ok(resp),
                Ok(resp) => {
                    let code = resp.status().as_u16();
                    let (parts, body) = resp.into_parts();
                    let body = match read_body(body, self.config.max_response_body).await {
                        Ok(body) => body,
                        Err(SendError::Fatal(e)) => return Err(e),
                        Err(_) => Vec::new(),
                    };
                    SendError::Status(Box::new(api_error(code, &parts.headers, &body)))
                }
                Err(e) => e,
            };
            let wait = self.retry_wait(&spec, attempt, failure)?;
            tokio::time::sleep(wait).await;
            attempt += 1;
        }
    }

    /// How long to wait before attempt `attempt + 1` after this failure, or the error to
    /// give up with: client-go's rules (429 for any verb, 5xx only for idempotent verbs; a
    /// connection that failed to open sent nothing, so any verb may go again).
    fn retry_wait(&self, spec: &Spec, attempt: u32, failure: SendError) -> Result<Duration, Error> {
        let policy = &self.config.retry;
        let retryable = attempt < policy.max_attempts.max(1);
        match failure {
            SendError::Status(error) => {
                if retryable && retry::retry_status(&spec.method, error.code) {
                    Ok(retry::backoff(policy, attempt, error.retry_after))
                } else {
                    Err(Error::Api(error))
                }
            }
            SendError::Fatal(e) => Err(e),
            SendError::Transport { connect, error } => {
                if retryable && (connect || retry::is_idempotent(&spec.method)) {
                    Ok(retry::backoff(policy, attempt, None))
                } else {
                    Err(error)
                }
            }
        }
    }
}

enum SendError {
    Fatal(Error),
    Transport {
        connect: bool,
        error: Error,
    },
    /// The server answered with an error status.
    Status(Box<ApiError>),
}

/// A response body read whole, up to `limit` bytes: a longer one fails as soon as it
/// passes the limit, so an endless body costs at most one frame over it.
async fn read_body(mut body: Incoming, limit: usize) -> Result<Vec<u8>, SendError> {
    let mut out = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| SendError::Transport {
            connect: false,
            error: Error::Transport(format!("reading the response: {e}")),
        })?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        if out.len() + data.len() > limit {
            return Err(SendError::Fatal(Error::TooLarge {
                what: "the response body",
                limit,
            }));
        }
        out.extend_from_slice(&data);
        // A body that arrives as fast as it is read would otherwise never give the
        // runtime back: a caller's `tokio::time::timeout` could not fire.
        tokio::task::consume_budget().await;
    }
    Ok(out)
}

fn is_success(code: u16) -> bool {
    StatusCode::from_u16(code).is_ok_and(|c| c.is_success())
}

/// The error's chain, without the request (no URL credentials or headers are in it).
fn transport_message(e: &hyper_util::client::legacy::Error) -> String {
    let mut msg = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        msg.push_str(": ");
        msg.push_str(&s.to_string());
        source = s.source();
    }
    msg
}

/// The [`ApiError`] of an error response: its `Status` body (JSON or protobuf), or one
/// made from the code, as client-go does.
pub(crate) fn api_error(code: u16, headers: &HeaderMap, body: &[u8]) -> ApiError {
    let header_retry = retry::parse_retry_after(headers.get(RETRY_AFTER));
    let status = decode_status(content_type(headers), body);
    let mut status = match status {
        Some(s) => s,
        None => synthesize_status(code, body, header_retry),
    };
    if status.code == 0 {
        status.code = code.into();
    }
    let retry_after = header_retry.or_else(|| {
        status
            .details
            .as_ref()
            .filter(|d| d.retry_after_seconds > 0)
            .map(|d| Duration::from_secs(d.retry_after_seconds as u64))
    });
    ApiError {
        status,
        code,
        retry_after,
    }
}

/// A `Status` body, JSON or protobuf; `None` when the body is something else.
pub(crate) fn decode_status(content_type: &str, body: &[u8]) -> Option<kapi_core::meta::Status> {
    if body.starts_with(kapi_core::codec::protobuf::MAGIC) || content_type == PROTOBUF {
        return kapi_core::codec::protobuf::decode::<kapi_core::meta::Status>(body).ok();
    }
    #[derive(serde::Deserialize)]
    struct Peek {
        #[serde(default)]
        kind: String,
    }
    let peek: Peek = serde_json::from_slice(body).ok()?;
    if peek.kind != "Status" {
        return None;
    }
    serde_json::from_slice(body).ok()
}
