//! Starting, restarting and stopping the server: an accept loop on 127.0.0.1 that owns
//! its connections, so a restart closes them all (open watches included) and keeps the
//! stored state.

use super::authentication::Authentication;
use super::builtin::authorizer::{AllowAll, Authorizer, UserInfo};
use super::builtin::services::{Cidr, ServiceNetwork};
use super::builtin::Builtin;
use super::faults::{FaultState, Faults};
use super::openapi::OpenApiDocuments;
use super::serving_certificate::ServingCertificate;
use super::state::{Config, Served, ServerState};
use super::store::MvccStore;
use bytes::Bytes;
use kapi_core::scheme::{KindHandler, KindMeta, SchemeError};
use kapi_core::Scheme;
use kapi_serving::{ServingLimits, Transport};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::watch;

/// How to build a server: the scheme it serves and its documents and timings.
pub struct ApiServerBuilder {
    scheme: Scheme,
    openapi: OpenApiDocuments,
    config: Config,
    history_limit: usize,
    port: u16,
    authorizer: Arc<dyn Authorizer>,
    service_cidrs: Vec<String>,
    node_ports: std::ops::RangeInclusive<u16>,
    limits: ServingLimits,
    tls: Option<ServingCertificate>,
    authentication: Authentication,
}

impl ApiServerBuilder {
    /// The OpenAPI documents to serve, as `cargo xtask codegen` wrote them.
    pub fn openapi(mut self, documents: OpenApiDocuments) -> Self {
        self.openapi = documents;
        self
    }

    /// How often a watch that asked for bookmarks gets one (kube-apiserver: about a
    /// minute; tests want less).
    pub fn bookmark_interval(mut self, interval: Duration) -> Self {
        self.config.bookmark_interval = interval;
        self
    }

    /// How long a watch without `timeoutSeconds` stays open.
    pub fn watch_timeout(mut self, timeout: Duration) -> Self {
        self.config.default_watch_timeout = timeout;
        self
    }

    /// Events kept for watches and consistent lists before older ones are compacted.
    pub fn history_limit(mut self, events: usize) -> Self {
        self.history_limit = events;
        self
    }

    /// Who may do what, as the review kinds (SubjectAccessReview, SelfSubjectAccessReview,
    /// LocalSubjectAccessReview, SelfSubjectRulesReview) answer it; [`AllowAll`] unless set.
    pub fn authorizer(mut self, authorizer: impl Authorizer) -> Self {
        self.authorizer = Arc::new(authorizer);
        self
    }

    /// The ranges Services get cluster IPs from, one per IP family, the primary first
    /// (kube-apiserver's `--service-cluster-ip-range`; `10.0.0.0/24` unless set). Two give
    /// dual-stack Services.
    pub fn service_cidrs<S: AsRef<str>>(mut self, cidrs: &[S]) -> Self {
        self.service_cidrs = cidrs.iter().map(|c| c.as_ref().to_string()).collect();
        self
    }

    /// The ports NodePort and LoadBalancer Services get node ports from
    /// (`--service-node-port-range`; 30000-32767 unless set).
    pub fn node_port_range(mut self, ports: std::ops::RangeInclusive<u16>) -> Self {
        self.node_ports = ports;
        self
    }

    /// The deadlines and bounds clients are held to (kube-apiserver's unless set).
    pub fn serving_limits(mut self, limits: ServingLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Serve HTTPS with this certificate (kube-apiserver's `--tls-cert-file` and
    /// `--tls-private-key-file`) instead of plain HTTP.
    pub fn tls(mut self, certificate: ServingCertificate) -> Self {
        self.tls = Some(certificate);
        self
    }

    /// Accept `token` as `user`'s bearer token, as a line of kube-apiserver's
    /// `--token-auth-file` does (`system:authenticated` is added to its groups). With one
    /// token set the server authenticates every request: an unknown token is a 401,
    /// a request without one is `system:anonymous`, which may only read `/healthz`,
    /// `/livez`, `/readyz` and `/version` (default RBAC); a user in `system:masters` may
    /// do anything, any other what the [`authorizer`](Self::authorizer) allows. The first
    /// token set is the one [`ApiServer::kubeconfig`] carries.
    pub fn static_token(mut self, token: impl Into<String>, user: UserInfo) -> Self {
        self.authentication.add(token.into(), user);
        self
    }

    /// Listen on this port instead of a free one.
    pub fn port(mut self, port: u16) -> Self {
        self.port = port;
        self
    }

    /// Binds 127.0.0.1 and starts serving on the current tokio runtime.
    pub async fn start(mut self) -> std::io::Result<ApiServer> {
        // What every server speaks besides the served kinds: Status, the options, tables,
        // Scale.
        kapi_core::meta::add_to_scheme(&mut self.scheme)
            .and_then(|()| kapi_core::apis::autoscaling::v1::add_to_scheme(&mut self.scheme))
            .map_err(std::io::Error::other)?;
        let mut services = ServiceNetwork::default();
        if !self.service_cidrs.is_empty() {
            services.cidrs = self
                .service_cidrs
                .iter()
                .map(|c| Cidr::parse(c))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
            let families: std::collections::BTreeSet<&str> =
                services.cidrs.iter().map(Cidr::family).collect();
            if services.cidrs.len() > 2 || families.len() != services.cidrs.len() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    "service CIDRs: one per IP family, at most two",
                ));
            }
        }
        services.node_ports = self.node_ports;
        let store = Arc::new(MvccStore::with_history_limit(self.history_limit));
        let faults = Arc::new(FaultState::new());
        let mut state = ServerState::new(
            self.scheme,
            store,
            self.openapi,
            faults,
            self.config,
            Builtin::new(self.authorizer, services),
            self.limits,
        );
        state.authentication = Arc::new(self.authentication);
        let served = Arc::new(Served::new(state));
        let transport = Transport {
            tls: match &self.tls {
                Some(certificate) => Some(
                    certificate
                        .acceptor()
                        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?,
                ),
                None => None,
            },
            drain: Duration::ZERO,
        };
        let listener = TcpListener::bind(("127.0.0.1", self.port)).await?;
        let addr = listener.local_addr()?;
        let running = Running::spawn(listener, served.clone(), transport.clone());
        Ok(ApiServer {
            addr,
            served,
            running: Some(running),
            tls: self.tls,
            transport,
        })
    }
}

/// An in-process Kubernetes API server on 127.0.0.1, serving every kind of a scheme.
///
/// ```no_run
/// # async fn demo(scheme: kapi::Scheme) -> std::io::Result<()> {
/// let server = kapi_apiserver::ApiServer::builder(scheme).start().await?;
/// println!("serving at {}", server.url());
/// # Ok(()) }
/// ```
pub struct ApiServer {
    addr: SocketAddr,
    served: Arc<Served>,
    running: Option<Running>,
    tls: Option<ServingCertificate>,
    transport: Transport,
}

impl ApiServer {
    pub fn builder(scheme: Scheme) -> ApiServerBuilder {
        ApiServerBuilder {
            scheme,
            openapi: OpenApiDocuments::default(),
            config: Config::default(),
            history_limit: 10_000,
            port: 0,
            authorizer: Arc::new(AllowAll),
            service_cidrs: Vec::new(),
            node_ports: 30000..=32767,
            limits: ServingLimits::default(),
            tls: None,
            authentication: Authentication::default(),
        }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:<port>`, or `https://` when serving TLS.
    pub fn url(&self) -> String {
        let scheme = if self.tls.is_some() { "https" } else { "http" };
        format!("{scheme}://{}", self.addr)
    }

    /// The scheme served now, with the kinds registered at run time.
    pub fn scheme(&self) -> Scheme {
        self.served.current().scheme.clone()
    }

    /// Serves a kind described at run time, as kube-apiserver serves a
    /// CustomResourceDefinition's version: `handler` decodes, defaults, validates and
    /// converts its objects ([`SchemaKind`](crate::SchemaKind) does so from an OpenAPI
    /// schema), and `meta` names its resource. Requests that arrive after this returns see
    /// the kind in discovery and can use every verb its metadata names; requests already
    /// being served, and open watches, keep the kinds they started with. Registering a kind
    /// again replaces it; a kind of the scheme the server started with cannot be replaced.
    pub fn register_kind(
        &self,
        group: &str,
        version: &str,
        meta: KindMeta,
        handler: Arc<dyn KindHandler>,
    ) -> Result<(), SchemeError> {
        self.served.register_kind(group, version, meta, handler)
    }

    pub fn faults(&self) -> Faults {
        let state = self.served.current();
        Faults {
            state: state.faults.clone(),
            store: state.store.clone(),
        }
    }

    /// A kubeconfig that points kubectl (or any client) at this server, in namespace
    /// `namespace`: with the certificate authority to trust when serving TLS, and the
    /// first [static token](ApiServerBuilder::static_token) when requests are
    /// authenticated.
    pub fn kubeconfig(&self, namespace: &str) -> String {
        use base64::Engine as _;
        let ca = match &self.tls {
            Some(tls) => format!(
                "\n    certificate-authority-data: {}",
                base64::engine::general_purpose::STANDARD.encode(&tls.ca_pem)
            ),
            None => String::new(),
        };
        let user = match self.served.current().authentication.kubeconfig_token() {
            // JSON's quoting is YAML's: any token reads back as itself.
            Some(token) => format!(
                "\n    token: {}",
                serde_json::Value::String(token.to_string())
            ),
            None => " {}".to_string(),
        };
        format!(
            "apiVersion: v1\nkind: Config\nclusters:\n- name: kapi\n  cluster:\n    server: {url}{ca}\nusers:\n- name: kapi\n  user:{user}\ncontexts:\n- name: kapi\n  context:\n    cluster: kapi\n    user: kapi\n    namespace: {namespace}\ncurrent-context: kapi\n",
            url = self.url()
        )
    }

    /// Serves `request` in this process, as kube-apiserver serves the requests of its own
    /// loopback client: as `system:apiserver` (group `system:masters`), past the
    /// connection layer, TLS and authentication. The answer's status and body; not for
    /// watches, whose body never ends.
    pub async fn loopback(&self, request: http::Request<Vec<u8>>) -> (http::StatusCode, Bytes) {
        let user = UserInfo {
            username: "system:apiserver".into(),
            uid: format!("{:032x}", fastrand::u128(..)),
            groups: vec![
                "system:authenticated".into(),
                super::requester::PRIVILEGED.into(),
            ],
            ..UserInfo::default()
        };
        let request = request.map(axum::body::Body::from);
        let response = super::dispatch::answer(self.served.clone(), request, Some(user)).await;
        let status = response.status();
        match axum::body::to_bytes(response.into_body(), usize::MAX).await {
            Ok(body) => (status, body),
            Err(e) => (
                http::StatusCode::INTERNAL_SERVER_ERROR,
                Bytes::from(format!("reading the answer: {e}")),
            ),
        }
    }

    /// Stops serving (every connection is closed, open watches end without a final
    /// event) and serves again on the same port with the same stored objects.
    pub async fn restart(&mut self) -> std::io::Result<()> {
        if let Some(running) = self.running.take() {
            running.stop().await;
        }
        self.served.current().store.drop_watches();
        let listener = bind_again(self.addr).await?;
        self.running = Some(Running::spawn(
            listener,
            self.served.clone(),
            self.transport.clone(),
        ));
        Ok(())
    }

    /// Stops serving and closes every connection.
    pub async fn shutdown(mut self) {
        if let Some(running) = self.running.take() {
            running.stop().await;
        }
        self.served.current().store.drop_watches();
    }
}

impl Drop for ApiServer {
    fn drop(&mut self) {
        if let Some(running) = self.running.take() {
            running.abort();
        }
        self.served.current().store.drop_watches();
    }
}

/// The port was just ours; a client's TIME_WAIT can hold it for a moment.
async fn bind_again(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let mut last = None;
    for _ in 0..50 {
        match TcpListener::bind(addr).await {
            Ok(l) => return Ok(l),
            Err(e) => {
                last = Some(e);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("bind failed")))
}

/// One serving generation: the accept loop and the connections it spawned.
struct Running {
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    fn spawn(listener: TcpListener, served: Arc<Served>, transport: Transport) -> Self {
        let (stop, stopped) = watch::channel(false);
        let limits = served.current().limits.clone();
        let app = super::dispatch::router(served);
        let task = tokio::spawn(kapi_serving::serve_with(
            listener, app, limits, stopped, transport,
        ));
        Running { stop, task }
    }

    async fn stop(self) {
        self.stop.send_replace(true);
        let _ = self.task.await;
    }

    fn abort(self) {
        self.stop.send_replace(true);
        self.task.abort();
    }
}
