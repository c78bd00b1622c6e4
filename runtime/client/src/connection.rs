//! [`Client`]: a connection pool to one cluster, its settings and the scheme its objects
//! decode with.

use super::config::Config;
use super::error::Error;
use super::transport::{RawResponse, Spec, Transport};
use bytes::Bytes;
use http::Method;
use kapi_core::Scheme;
use std::sync::Arc;

/// A connection pool to one cluster with its settings. Cloning is cheap and shares the
/// pool, the rate limit and the warnings.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

struct Inner {
    transport: Transport,
    scheme: Arc<Scheme>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("config", &self.inner.transport.config)
            .finish_non_exhaustive()
    }
}

impl Client {
    /// A client for `config`. Typed calls read and write objects through their own types
    /// (JSON or protobuf); `scheme` is there for code that decodes kinds it does not name
    /// ([`Client::scheme`]).
    pub fn new(config: Config, scheme: Arc<Scheme>) -> Result<Self, Error> {
        Ok(Client {
            inner: Arc::new(Inner {
                transport: Transport::new(config)?,
                scheme,
            }),
        })
    }

    pub fn config(&self) -> &Config {
        &self.inner.transport.config
    }

    pub fn default_namespace(&self) -> &str {
        &self.inner.transport.config.default_namespace
    }

    pub fn scheme(&self) -> &Scheme {
        &self.inner.scheme
    }

    /// The most recent `Warning` header texts (up to `Config::max_warnings`), oldest first.
    pub fn warnings(&self) -> Vec<String> {
        self.inner.transport.warnings()
    }

    /// Any request: `path_and_query` starts with `/` and is appended to the cluster URL.
    /// Retries, rate limit, timeout and credentials apply; a non-2xx answer is an
    /// [`Error::Api`].
    pub async fn request_raw(
        &self,
        method: Method,
        path_and_query: &str,
        body: Option<(&str, Vec<u8>)>,
        accept: &str,
    ) -> Result<RawResponse, Error> {
        self.inner
            .transport
            .request(Spec {
                method,
                path_and_query: path_and_query.to_string(),
                body: body.map(|(ct, b)| (ct.to_string(), Bytes::from(b))),
                accept: http::HeaderValue::try_from(accept)
                    .map_err(|_| Error::Request("invalid Accept".into()))?,
            })
            .await
    }

    pub(crate) async fn send(&self, spec: Spec) -> Result<RawResponse, Error> {
        self.inner.transport.request(spec).await
    }

    pub(crate) async fn open_stream(
        &self,
        spec: Spec,
    ) -> Result<(http::Response<hyper::body::Incoming>, tracing::Span), Error> {
        self.inner.transport.stream(spec).await
    }
}
