//! The connection layer of every server kapi ships: an accept loop with a bound on open
//! connections, and per connection the deadlines of kube-apiserver's `http.Server`
//! (`ReadHeaderTimeout` 32 s, `IdleTimeout` 90 s, `MaxHeaderBytes` 1 MiB). What happens
//! inside a request (its body's deadline and size, requests in flight) is the
//! request layer's, and reads the same [`ServingLimits`].
//!
//! hyper's own header timeout runs whenever a connection waits for a request head, so an
//! idle keep-alive connection would be cut at the header deadline instead of the idle one,
//! and it cannot tell a fresh connection from an idle one. This layer keeps one clock per
//! connection instead: busy while a request or its response (a watch, for long) is open;
//! idle otherwise, until the first byte of the next request, which starts the header
//! deadline.

use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::{watch, Notify, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Instant;

/// kube-apiserver's default `MaxRequestBodyBytes`: 3 MiB.
pub const MAX_REQUEST_BODY_BYTES: usize = 3 * 1024 * 1024;

/// The deadlines and bounds a server holds its clients to. The defaults are
/// kube-apiserver's; tests shorten them.
#[derive(Clone, Debug)]
pub struct ServingLimits {
    /// From a connection's start, or a request's first byte, to the end of its head
    /// (kube-apiserver's `ReadHeaderTimeout`: 32 s).
    pub header_read_timeout: Duration,
    /// How long a connection may wait between requests (`IdleTimeout`: 90 s).
    pub idle_timeout: Duration,
    /// How long a request may take to send its body; past it the answer is a 504
    /// `Timeout` (`--request-timeout`: 60 s).
    pub request_timeout: Duration,
    /// The largest request head (`MaxHeaderBytes`: 1 MiB); larger ones get a 431.
    pub max_header_bytes: usize,
    /// The largest request body (`MaxRequestBodyBytes`: 3 MiB); larger ones get a 413.
    pub max_request_body_bytes: usize,
    /// Connections open at once; more wait in the listen backlog until one closes.
    pub max_connections: usize,
    /// Reading requests (not watches) served at once (`--max-requests-inflight`: 400);
    /// more get a 429.
    pub max_requests_inflight: usize,
    /// Writing requests served at once (`--max-mutating-requests-inflight`: 200).
    pub max_mutating_requests_inflight: usize,
}

impl Default for ServingLimits {
    fn default() -> Self {
        ServingLimits {
            header_read_timeout: Duration::from_secs(32),
            idle_timeout: Duration::from_secs(90),
            request_timeout: Duration::from_secs(60),
            max_header_bytes: 1 << 20,
            max_request_body_bytes: MAX_REQUEST_BODY_BYTES,
            max_connections: 4096,
            max_requests_inflight: 400,
            max_mutating_requests_inflight: 200,
        }
    }
}

/// Requests being served, bounded as kube-apiserver's max-in-flight filter bounds them:
/// reading and writing requests apart, long-running ones (watches) not at all. A clone
/// shares the slots.
#[derive(Clone)]
pub struct InFlight {
    reading: Arc<Semaphore>,
    mutating: Arc<Semaphore>,
}

impl InFlight {
    /// Slots for `limits.max_requests_inflight` reading and
    /// `limits.max_mutating_requests_inflight` writing requests.
    pub fn new(limits: &ServingLimits) -> Self {
        InFlight {
            reading: Arc::new(Semaphore::new(limits.max_requests_inflight.max(1))),
            mutating: Arc::new(Semaphore::new(limits.max_mutating_requests_inflight.max(1))),
        }
    }

    /// A slot for a request, held until it is answered; [`Saturated`] when every slot of
    /// its kind (reading or writing) is taken. Long-running requests need none.
    pub fn admit(&self, method: &http::Method, long_running: bool) -> Result<Admitted, Saturated> {
        if long_running {
            return Ok(Admitted { _slot: None });
        }
        let slots = match *method {
            http::Method::GET | http::Method::HEAD | http::Method::OPTIONS => &self.reading,
            _ => &self.mutating,
        };
        match slots.clone().try_acquire_owned() {
            Ok(permit) => Ok(Admitted {
                _slot: Some(permit),
            }),
            Err(_) => Err(Saturated),
        }
    }
}

/// A request's slot among those in flight, freed when dropped (none for a long-running
/// request).
#[derive(Debug)]
pub struct Admitted {
    _slot: Option<OwnedSemaphorePermit>,
}

/// Every in-flight slot of a request's kind is taken; the answer is
/// [`too_many_requests`](crate::too_many_requests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Saturated;

/// How a server takes its connections and lets them go; the default is plain TCP, every
/// connection closed at once on stop.
#[derive(Clone, Default)]
pub struct Transport {
    /// TLS for every connection, its handshake held to the header deadline as Go's
    /// `http.Server` holds it (`tls` feature).
    #[cfg(feature = "tls")]
    pub tls: Option<tokio_rustls::TlsAcceptor>,
    /// On stop, how long requests being served may take to finish (new ones are refused
    /// and idle connections closed at once); zero closes everything at once.
    pub drain: Duration,
}

/// Resolves when the process is asked to stop: SIGTERM (what the kubelet and test
/// harnesses send) or SIGINT.
pub async fn terminated() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Serves `app` on `listener` until `stopped` turns true; then every connection is closed.
/// Each connection is held to `limits`' header, idle and size bounds, and at most
/// `limits.max_connections` are open at once.
pub async fn serve(
    listener: TcpListener,
    app: axum::Router,
    limits: Arc<ServingLimits>,
    stopped: watch::Receiver<bool>,
) {
    serve_with(listener, app, limits, stopped, Transport::default()).await
}

/// [`serve`] over `transport`: TLS, and a drain on stop.
pub async fn serve_with(
    listener: TcpListener,
    app: axum::Router,
    limits: Arc<ServingLimits>,
    mut stopped: watch::Receiver<bool>,
    transport: Transport,
) {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let mut connections = JoinSet::new();
    loop {
        // A slot first, then the accept: connections past the bound wait in the kernel's
        // backlog, as behind Go's `netutil.LimitListener`, instead of costing a task each.
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot,
            _ = stopped.changed() => break,
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
        };
        let Ok(slot) = slot else { break };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => continue,
            },
            _ = stopped.changed() => break,
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let limits = limits.clone();
        let transport = transport.clone();
        // Only a draining server tells its connections it stops; otherwise they are
        // dropped with the set.
        let stop = (!transport.drain.is_zero()).then(|| stopped.clone());
        connections.spawn(async move {
            #[cfg(feature = "tls")]
            if let Some(acceptor) = &transport.tls {
                let handshake =
                    tokio::time::timeout(limits.header_read_timeout, acceptor.accept(stream));
                if let Ok(Ok(stream)) = handshake.await {
                    connection(stream, app, &limits, stop).await;
                }
                drop(slot);
                return;
            }
            connection(stream, app, &limits, stop).await;
            drop(slot);
        });
        // Finished connections are reaped here too, so the set does not grow with every
        // connection ever accepted while slots are free.
        while connections.try_join_next().is_some() {}
    }
    // The port closes now; requests being served get the drain to finish.
    drop(listener);
    if !transport.drain.is_zero() {
        let drained = async { while connections.join_next().await.is_some() {} };
        let _ = tokio::time::timeout(transport.drain, drained).await;
    }
    connections.abort_all();
}

async fn connection<S>(
    stream: S,
    app: axum::Router,
    limits: &ServingLimits,
    mut stop: Option<watch::Receiver<bool>>,
) where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let clock = Arc::new(Clock::new());
    let io = TokioIo::new(Watched {
        inner: stream,
        clock: clock.clone(),
    });
    let inner = TowerToHyperService::new(app);
    let service_clock = clock.clone();
    let service = hyper::service::service_fn(move |request: http::Request<Incoming>| {
        let open = Open::new(service_clock.clone());
        let response = hyper::service::Service::call(&inner, request);
        async move {
            let response = response.await?;
            Ok::<_, Infallible>(response.map(|body| axum::body::Body::new(Guarded { body, open })))
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.max_header_size(limits.max_header_bytes);
    let served = builder.serve_connection(io, service);
    tokio::pin!(served);
    loop {
        // Registered before the deadline is read, so a change in between wakes the loop.
        let changed = clock.changed.notified();
        let deadline = clock.deadline(limits);
        tokio::select! {
            _ = served.as_mut() => return,
            _ = changed => {}
            _ = sleep_until(deadline) => {
                if clock.deadline(limits).is_some_and(|d| d <= Instant::now()) {
                    // Dropping the connection closes the socket: no request is open on it.
                    return;
                }
            }
            Some(_) = stopping(&mut stop) => {
                // The open request finishes and the connection closes after it; an idle
                // one closes now.
                served.as_mut().graceful_shutdown();
                stop = None;
            }
        }
    }
}

/// Resolves once the server stops, if this connection is told; never otherwise.
async fn stopping(stop: &mut Option<watch::Receiver<bool>>) -> Option<()> {
    match stop {
        Some(stop) => {
            let _ = stop.wait_for(|stopped| *stopped).await;
            Some(())
        }
        None => std::future::pending().await,
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}

/// Where a connection is in its life, for its deadline.
struct Clock {
    phase: Mutex<Phase>,
    changed: Notify,
}

#[derive(Clone, Copy)]
enum Phase {
    /// Waiting for a request head. `fresh`: no request yet, so the header deadline runs
    /// from the connection's start, as Go's does.
    Waiting {
        since: Instant,
        first_byte: Option<Instant>,
        fresh: bool,
    },
    /// Requests (or their responses) open.
    Busy(usize),
}

impl Clock {
    fn new() -> Self {
        Clock {
            phase: Mutex::new(Phase::Waiting {
                since: Instant::now(),
                first_byte: None,
                fresh: true,
            }),
            changed: Notify::new(),
        }
    }

    fn with<R>(&self, f: impl FnOnce(&mut Phase) -> R) -> R {
        f(&mut self.phase.lock().unwrap_or_else(PoisonError::into_inner))
    }

    fn deadline(&self, limits: &ServingLimits) -> Option<Instant> {
        match self.with(|p| *p) {
            Phase::Busy(_) => None,
            Phase::Waiting {
                since,
                first_byte,
                fresh,
            } => Some(match first_byte {
                _ if fresh => since + limits.header_read_timeout,
                Some(at) => at + limits.header_read_timeout,
                None => since + limits.idle_timeout,
            }),
        }
    }

    fn read_bytes(&self) {
        let started = self.with(|p| match p {
            Phase::Waiting {
                first_byte: first @ None,
                ..
            } => {
                *first = Some(Instant::now());
                true
            }
            _ => false,
        });
        if started {
            self.changed.notify_one();
        }
    }

    fn request_opened(&self) {
        self.with(|p| {
            *p = match *p {
                Phase::Busy(n) => Phase::Busy(n + 1),
                Phase::Waiting { .. } => Phase::Busy(1),
            }
        });
        self.changed.notify_one();
    }

    fn request_closed(&self) {
        self.with(|p| {
            *p = match *p {
                Phase::Busy(n) if n > 1 => Phase::Busy(n - 1),
                _ => Phase::Waiting {
                    since: Instant::now(),
                    first_byte: None,
                    fresh: false,
                },
            }
        });
        self.changed.notify_one();
    }
}

/// A request counted open from its head until its response body is dropped (written out,
/// or the connection gone).
struct Open(Arc<Clock>);

impl Open {
    fn new(clock: Arc<Clock>) -> Self {
        clock.request_opened();
        Open(clock)
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.0.request_closed();
    }
}

/// A response body that keeps its request open.
struct Guarded {
    body: axum::body::Body,
    #[allow(dead_code)] // held for its `Drop`
    open: Open,
}

impl axum::body::HttpBody for Guarded {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

/// The socket, telling the clock when a waiting connection receives its first byte.
struct Watched<S> {
    inner: S,
    clock: Arc<Clock>,
}

impl<S: AsyncRead + Unpin> AsyncRead for Watched<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.clock.read_bytes();
        }
        polled
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Watched<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
