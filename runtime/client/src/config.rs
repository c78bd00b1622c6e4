//! How to reach a cluster: its URL, TLS material, credentials and client behaviour.
//! Built explicitly ([`Config::new`]), from a kubeconfig ([`Config::from_kubeconfig`]), from
//! a pod's service account ([`Config::incluster`]), or by client-go's search order
//! ([`Config::infer`]).

pub use super::secret::Secret;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// TLS settings of the connection to the cluster.
#[derive(Clone, Default)]
pub struct TlsConfig {
    /// PEM certificates the server's chain must lead to. `None`: the system's trust roots
    /// (as client-go uses them when a kubeconfig names no CA; `SSL_CERT_FILE` and
    /// `SSL_CERT_DIR` are honoured).
    pub root_ca_pem: Option<Vec<u8>>,
    /// Accept any server certificate (kubeconfig's `insecure-skip-tls-verify`).
    pub insecure_skip_tls_verify: bool,
    /// The client certificate chain, PEM.
    pub client_cert_pem: Option<Vec<u8>>,
    /// The client certificate's private key, PEM (PKCS#8, PKCS#1 or SEC1).
    pub client_key_pem: Option<Secret>,
    /// The client certificate and key as files (a kubeconfig's `client-certificate` and
    /// `client-key`), read again for each new connection when either changed, so a
    /// certificate rotated on disk is used without restarting (client-go's rotating
    /// certificate callback). Used when the PEM fields are `None`.
    pub client_cert_files: Option<(PathBuf, PathBuf)>,
    /// The name to verify the server's certificate for, instead of the URL's host.
    pub tls_server_name: Option<String>,
}

impl fmt::Debug for TlsConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TlsConfig")
            .field(
                "root_ca_pem",
                &self
                    .root_ca_pem
                    .as_ref()
                    .map(|b| format!("{} bytes", b.len())),
            )
            .field("insecure_skip_tls_verify", &self.insecure_skip_tls_verify)
            .field(
                "client_cert_pem",
                &self
                    .client_cert_pem
                    .as_ref()
                    .map(|b| format!("{} bytes", b.len())),
            )
            .field("client_key_pem", &self.client_key_pem)
            .field("client_cert_files", &self.client_cert_files)
            .field("tls_server_name", &self.tls_server_name)
            .finish()
    }
}

/// How requests authenticate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Auth {
    #[default]
    None,
    /// `Authorization: Bearer <token>`.
    Bearer(Secret),
    /// A bearer token read from a file, read again when the file changes (a projected
    /// service-account token is rotated in place), like client-go's cached token file.
    TokenFile(PathBuf),
    /// HTTP basic authentication.
    Basic { user: String, password: Secret },
    /// A credential plugin's token or client certificate (a kubeconfig user's `exec`).
    Exec(Box<super::credentials::ExecConfig>),
    /// An OpenID Connect id-token, refreshed at the issuer when it expires (a kubeconfig
    /// user's `auth-provider: oidc`).
    Oidc(Box<super::credentials::OidcConfig>),
}

/// How connections reach the cluster.
#[derive(Clone, Default, PartialEq, Eq)]
pub enum Proxy {
    /// `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` (and their lower-case forms) as Go reads
    /// them; never for localhost or a loopback address.
    #[default]
    Environment,
    /// Directly, whatever the environment says.
    Direct,
    /// Through this proxy (a kubeconfig cluster's `proxy-url`): `http://` and `https://`
    /// proxies tunnel with `CONNECT`, `socks5://` ones with SOCKS5 (the proxy resolves the
    /// host); credentials in the URL's user info.
    Url(http::Uri),
}

impl fmt::Debug for Proxy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Proxy::Environment => f.write_str("Environment"),
            Proxy::Direct => f.write_str("Direct"),
            Proxy::Url(url) => f.debug_tuple("Url").field(&RedactedUrl(url)).finish(),
        }
    }
}

/// The wire format of request and response bodies.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Encoding {
    #[default]
    Json,
    /// Kubernetes' protobuf for kinds that have a protobuf form (every field numbered), JSON
    /// for the others (and always for patches).
    Protobuf,
}

/// When and how often a failed request is tried again (client-go's rules: a 429 for any
/// verb, a 5xx or connection error only for GET, HEAD, PUT and DELETE).
#[derive(Debug, Clone, PartialEq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included; 1 never retries. Default 10 (client-go retries
    /// up to 10 times).
    pub max_attempts: u32,
    /// The first backoff; doubled each attempt, with up to 50% jitter added.
    pub base_backoff: Duration,
    /// The longest backoff.
    pub max_backoff: Duration,
    /// The longest `Retry-After` honoured; longer ones are cut to this.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 10,
            base_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_secs(10),
            max_retry_after: Duration::from_secs(30),
        }
    }
}

impl RetryPolicy {
    /// Never retry.
    pub fn none() -> Self {
        RetryPolicy {
            max_attempts: 1,
            ..Default::default()
        }
    }
}

/// Called with the text of each `Warning` header the server sends.
pub type WarningHandler = Arc<dyn Fn(&str) + Send + Sync>;

/// Everything a [`Client`](super::Client) needs. `Debug` redacts every credential.
#[derive(Clone)]
pub struct Config {
    pub cluster_url: http::Uri,
    /// `"default"` unless the kubeconfig's context (or the pod) says otherwise.
    pub default_namespace: String,
    pub tls: TlsConfig,
    pub auth: Auth,
    /// Limit on each request, retries and the response body included; for a watch, on
    /// opening it (until the response head: the events then flow for as long as they
    /// come). Default [`DEFAULT_TIMEOUT`]; `None`: no limit.
    pub timeout: Option<Duration>,
    /// TCP keepalive on every connection, so a peer that vanished (host down, network cut)
    /// is noticed on an idle or watching connection. Default [`DEFAULT_TCP_KEEPALIVE`];
    /// `None`: off.
    pub tcp_keepalive: Option<Duration>,
    /// A watch that receives nothing at all (not even a bookmark) for this long ends with
    /// [`Error::WatchIdle`](super::Error::WatchIdle), and the reflector watches again from
    /// where it was. Applies to watches that asked for bookmarks (the server promises
    /// regular traffic), and to watches with `timeoutSeconds`, past that time. Default
    /// [`DEFAULT_WATCH_IDLE_TIMEOUT`]; `None`: a watch may stay silent forever.
    pub watch_idle_timeout: Option<Duration>,
    /// The largest response body read, in bytes; a longer one is an
    /// [`Error::TooLarge`](super::Error::TooLarge) as soon as it is exceeded, while reading.
    /// Default [`DEFAULT_MAX_RESPONSE_BODY`].
    pub max_response_body: usize,
    /// The largest single watch event (a JSON line or a protobuf frame), in bytes.
    /// Default [`DEFAULT_MAX_WATCH_EVENT`].
    pub max_watch_event: usize,
    /// Send credentials (a bearer token, a token file's token, basic auth) to an `http://`
    /// cluster, where anyone on the path reads them. Off: such a config is refused by
    /// [`Client::new`](super::Client::new).
    pub allow_credentials_over_http: bool,
    /// Speak HTTP/1.1 only (client-go's `DISABLE_HTTP2`). Otherwise an `https` cluster that
    /// offers HTTP/2 in the TLS handshake (kube-apiserver does) gets it, and every request
    /// and watch shares one connection; a server that does not, and every `http` cluster,
    /// gets HTTP/1.1.
    pub disable_http2: bool,
    /// How connections reach the cluster; the environment's proxy settings unless set.
    pub proxy: Proxy,
    /// Client-side rate limit: requests per second (0 or less: unlimited) ...
    pub qps: f32,
    /// ... and how many may go at once before the limit applies.
    pub burst: u32,
    pub user_agent: String,
    pub encoding: Encoding,
    pub retry: RetryPolicy,
    pub warning_handler: Option<WarningHandler>,
    /// How many of the most recent warnings [`Client::warnings`](super::Client::warnings)
    /// keeps.
    pub max_warnings: usize,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("cluster_url", &RedactedUrl(&self.cluster_url))
            .field("default_namespace", &self.default_namespace)
            .field("tls", &self.tls)
            .field("auth", &self.auth)
            .field("timeout", &self.timeout)
            .field("tcp_keepalive", &self.tcp_keepalive)
            .field("watch_idle_timeout", &self.watch_idle_timeout)
            .field("max_response_body", &self.max_response_body)
            .field("max_watch_event", &self.max_watch_event)
            .field(
                "allow_credentials_over_http",
                &self.allow_credentials_over_http,
            )
            .field("disable_http2", &self.disable_http2)
            .field("proxy", &self.proxy)
            .field("qps", &self.qps)
            .field("burst", &self.burst)
            .field("user_agent", &self.user_agent)
            .field("encoding", &self.encoding)
            .field("retry", &self.retry)
            .field(
                "warning_handler",
                &self.warning_handler.as_ref().map(|_| "Fn(&str)"),
            )
            .field("max_warnings", &self.max_warnings)
            .finish()
    }
}

/// A URL with the password of its user info (`https://user:password@host`) redacted.
struct RedactedUrl<'a>(&'a http::Uri);

impl fmt::Debug for RedactedUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let url = self.0.to_string();
        let Some(authority) = self.0.authority().map(|a| a.as_str()) else {
            return write!(f, "{url:?}");
        };
        let user_info = authority
            .rsplit_once('@')
            .map(|(info, host)| (info.split_once(':'), host));
        match user_info {
            Some((Some((user, _password)), host)) => {
                let redacted = format!("{user}:[redacted]@{host}");
                write!(f, "{:?}", url.replacen(authority, &redacted, 1))
            }
            _ => write!(f, "{url:?}"),
        }
    }
}

/// The default [`Config::timeout`]: kube-apiserver's own `--request-timeout`, past which
/// it gives up on any request but a watch, so no answer can come later.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);
/// How often an idle HTTP/2 connection is pinged, and how long the answer may take before
/// the connection is dropped: client-go's HTTP/2 health check (`ReadIdleTimeout` 30 s,
/// `PingTimeout` 15 s), so a watch on a dead connection ends instead of waiting forever.
pub const HTTP2_PING_INTERVAL: Duration = Duration::from_secs(30);
pub const HTTP2_PING_TIMEOUT: Duration = Duration::from_secs(15);
/// The default [`Config::tcp_keepalive`]: client-go's dialer's.
pub const DEFAULT_TCP_KEEPALIVE: Duration = Duration::from_secs(30);
/// The default [`Config::watch_idle_timeout`]: three of kube-apiserver's one-minute
/// bookmark intervals.
pub const DEFAULT_WATCH_IDLE_TIMEOUT: Duration = Duration::from_secs(180);
/// The default [`Config::max_response_body`], 256 MiB: an unpaginated list of a large
/// collection fits; larger ones are read in pages (`limit`/`continue`), as the reflector
/// and [`Api::list_all`](super::Api::list_all) do.
pub const DEFAULT_MAX_RESPONSE_BODY: usize = 256 << 20;
/// The default [`Config::max_watch_event`], 16 MiB: kube-apiserver refuses objects over
/// 3 MiB (and etcd stores at most 1.5 MiB), so an event is rarely over a few; this leaves
/// room for the JSON form of a large object with its managed fields.
pub const DEFAULT_MAX_WATCH_EVENT: usize = 16 << 20;

/// client-go's default QPS.
pub const DEFAULT_QPS: f32 = 5.0;
/// client-go's default burst.
pub const DEFAULT_BURST: u32 = 10;

impl Config {
    /// Defaults for everything but the URL: no TLS material, no credentials, JSON,
    /// client-go's QPS 5 / burst 10, and the limits above ([`DEFAULT_TIMEOUT`],
    /// [`DEFAULT_TCP_KEEPALIVE`], [`DEFAULT_WATCH_IDLE_TIMEOUT`],
    /// [`DEFAULT_MAX_RESPONSE_BODY`], [`DEFAULT_MAX_WATCH_EVENT`]); credentials only over
    /// https.
    pub fn new(cluster_url: http::Uri) -> Self {
        Config {
            cluster_url,
            default_namespace: "default".to_string(),
            tls: TlsConfig::default(),
            auth: Auth::None,
            timeout: Some(DEFAULT_TIMEOUT),
            tcp_keepalive: Some(DEFAULT_TCP_KEEPALIVE),
            watch_idle_timeout: Some(DEFAULT_WATCH_IDLE_TIMEOUT),
            max_response_body: DEFAULT_MAX_RESPONSE_BODY,
            max_watch_event: DEFAULT_MAX_WATCH_EVENT,
            allow_credentials_over_http: false,
            disable_http2: false,
            proxy: Proxy::Environment,
            qps: DEFAULT_QPS,
            burst: DEFAULT_BURST,
            user_agent: format!("kapi/{}", env!("CARGO_PKG_VERSION")),
            encoding: Encoding::Json,
            retry: RetryPolicy::default(),
            warning_handler: None,
            max_warnings: 100,
        }
    }
}
