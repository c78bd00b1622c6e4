//! A Kubernetes REST client (client-go's `rest` and typed clients; kube-rs' `Client` and
//! `Api`): configuration from kubeconfig or a pod's service account, rustls, keep-alive
//! connections, JSON or protobuf with content negotiation, client-go's retry rules, a
//! client-side rate limit, per-request timeouts, `Warning` headers, typed verbs, watch
//! streams and paginated lists.
//!
//! ```no_run
//! use kapi::client::{Api, Client, Config};
//! use kapi::meta::ListOptions;
//!
//! async fn names<K>(scheme: std::sync::Arc<kapi::Scheme>) -> Result<Vec<String>, kapi::client::Error>
//! where
//!     K: kapi::Resource + kapi::scheme::Kind,
//! {
//!     let client = Client::new(Config::infer()?, scheme)?;
//!     let api: Api<K> = Api::default_namespaced(client);
//!     let list = api.list(&ListOptions::default()).await?;
//!     Ok(list.items.iter().map(|k| k.metadata().name.clone()).collect())
//! }
//! ```

/// Used by generated clientsets (`kapi::__private::client`); not a stable API.
#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
mod api;
mod auth;
mod config;
mod connection;
mod credentials;
mod decode;
mod error;
mod exec;
mod kubeconfig;
mod list;
mod oidc;
pub mod params;
mod proxy;
mod rate_limit;
mod retry;
mod secret;
mod tls;
mod trace;
mod transport;
mod typed;
mod warnings;
mod watch;

pub use api::{Api, Deleted, Patch};
pub use config::{
    Auth, Config, Encoding, Proxy, RetryPolicy, Secret, TlsConfig, WarningHandler, DEFAULT_BURST,
    DEFAULT_MAX_RESPONSE_BODY, DEFAULT_MAX_WATCH_EVENT, DEFAULT_QPS, DEFAULT_TCP_KEEPALIVE,
    DEFAULT_TIMEOUT, DEFAULT_WATCH_IDLE_TIMEOUT,
};
pub use connection::Client;
pub use credentials::{ExecCluster, ExecConfig, InteractiveMode, OidcConfig, DEFAULT_EXEC_TIMEOUT};
pub use error::{ApiError, Error};
pub use http::{HeaderMap, Method, Uri};
pub use list::ObjectList;
pub use transport::RawResponse;
pub use typed::{verbs, KindClient};
pub use warnings::parse_warning_header;
pub use watch::{Bookmark, TypedWatchEvent, WatchStream};
