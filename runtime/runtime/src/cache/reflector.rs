//! The reflector: lists, then watches from the list's resourceVersion, and says what
//! changed. A small explicit state machine (kube-runtime's watcher), one transition per
//! [`Reflector::step`]:
//!
//! ```text
//!            ┌────────────── 410 Gone / watch error / list error (after Backoff) ───────────┐
//!            v                                                                               │
//!  Empty ──> Listing (pages, limit/continue) ──> Listed{rv} ──> Watching{rv} ──(events)──────┤
//!    │                                              ^               │ clean close            │
//!    └──> InitialEvents (streaming list) ───────────┼───────────────┘ (re-watch from rv)     │
//!         (ADDED… then the initial-events-end bookmark: Watching on the same stream)         │
//!                                                   └──── Backoff{then: Listed} <────────────┘
//! ```
//!
//! A complete list comes out as one [`ReflectorEvent::Replace`]; watch events come out
//! one by one. Every wait on the server is bounded: a list page or an opening watch that
//! takes longer than [`ReflectorOptions::request_timeout`], and a watch still open that
//! long past its `timeoutSeconds`, count as failed, because a connection can hang without
//! an error and the cache must not stop with it. The reflector holds no objects between steps except the pages of a list in
//! progress. Dropping a `step` future midway loses the state it was in: the next step
//! relists (always safe).

use futures_util::StreamExt;
use kapi_client::{Api, Bookmark, Error, TypedWatchEvent, WatchStream};
use kapi_core::meta::ListOptions;
use kapi_core::scheme::Kind;
use kapi_core::Resource;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// The annotation of the bookmark that ends a streaming list's initial events.
pub const INITIAL_EVENTS_END: &str = "k8s.io/initial-events-end";

/// Whether to list with a streaming list (a watch with `sendInitialEvents=true`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StreamingList {
    /// Try a streaming list; when the server rejects it, fall back to list + watch for the
    /// reflector's lifetime (client-go's `WatchListClient` behaviour).
    #[default]
    Auto,
    /// Only streaming lists (a rejection is an error, retried with backoff).
    Always,
    /// Only paged lists.
    Never,
}

/// Exponential backoff with jitter: `initial`, doubling up to `max`, each delay multiplied
/// by a random factor in `[1 - jitter, 1 + jitter)`; back to `initial` after a success.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BackoffConfig {
    pub initial: Duration,
    pub max: Duration,
    pub jitter: f64,
}

impl Default for BackoffConfig {
    /// client-go's reflector: 800 ms up to 30 s.
    fn default() -> Self {
        BackoffConfig {
            initial: Duration::from_millis(800),
            max: Duration::from_secs(30),
            jitter: 0.5,
        }
    }
}

impl BackoffConfig {
    /// Quick retries for tests: 5 ms up to 100 ms.
    pub fn fast() -> Self {
        BackoffConfig {
            initial: Duration::from_millis(5),
            max: Duration::from_millis(100),
            jitter: 0.5,
        }
    }
}

#[derive(Debug, Clone)]
struct Backoff {
    config: BackoffConfig,
    next: Duration,
}

impl Backoff {
    fn new(config: BackoffConfig) -> Self {
        Backoff {
            config,
            next: config.initial,
        }
    }

    fn delay(&mut self) -> Duration {
        let base = self.next;
        self.next = (self.next * 2).min(self.config.max);
        let j = self.config.jitter.clamp(0.0, 1.0);
        let factor = 1.0 - j + 2.0 * j * fastrand::f64();
        base.mul_f64(factor).min(self.config.max)
    }

    fn reset(&mut self) {
        self.next = self.config.initial;
    }
}

/// How a reflector lists and watches.
#[derive(Clone, Default)]
pub struct ReflectorOptions {
    /// Label and field selectors (and anything else) for every list and watch; the
    /// reflector sets the resourceVersion, paging and watch fields itself.
    pub list_options: ListOptions,
    /// Page size of paged lists (`None`: one response).
    pub page_size: Option<i64>,
    pub streaming_list: StreamingList,
    pub backoff: BackoffConfig,
    /// `timeoutSeconds` of each watch (`None`: a random 5 to 10 minutes, as client-go).
    pub watch_timeout: Option<Duration>,
    /// The longest wait for a list page or for a watch to open, and how long a watch may
    /// outlive its `timeoutSeconds` (`None`: [`DEFAULT_REQUEST_TIMEOUT`]). Past it the
    /// request or watch counts as lost and is made again: a connection that hangs without
    /// an error must not stop the cache for good.
    pub request_timeout: Option<Duration>,
}

/// kube-apiserver's own `--request-timeout`: no list answers later than this.
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

impl std::fmt::Debug for ReflectorOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReflectorOptions")
            .field("page_size", &self.page_size)
            .field("streaming_list", &self.streaming_list)
            .field("backoff", &self.backoff)
            .field("watch_timeout", &self.watch_timeout)
            .field("request_timeout", &self.request_timeout)
            .finish_non_exhaustive()
    }
}

/// What one step observed.
#[derive(Debug)]
pub enum ReflectorEvent<K> {
    /// A complete list (the first one or a relist): the collection is exactly `items` at
    /// `resource_version`. Each object is put behind its `Arc` as it is decoded: a list
    /// held by value until its end would need a second copy of the whole collection (its
    /// `Vec` of structs at twice the room) beside the cache it goes into.
    Replace {
        items: Vec<Arc<K>>,
        resource_version: String,
    },
    Added(K),
    Modified(K),
    Deleted(K),
    /// The collection is at least at this resourceVersion.
    Bookmark {
        resource_version: String,
    },
    /// Only the reflector's state changed (a page listed, a watch opened or closed, the
    /// streaming list turned off).
    Progress,
    /// A failure; the next step relists or re-watches, after a backoff unless it was 410.
    Error(Error),
}

/// Where the reflector is, for tests and diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Nothing to watch from: the next step lists (or starts a streaming list).
    Empty,
    /// A paged list in progress.
    Listing,
    /// A streaming list's initial events in progress.
    InitialEvents,
    /// Listed: the next step opens a watch.
    Listed,
    Watching,
    /// Waiting before relisting or re-watching.
    Backoff,
}

enum State<K> {
    Empty,
    Listing {
        continue_token: String,
        items: Vec<Arc<K>>,
    },
    InitialEvents {
        stream: WatchStream<K>,
        items: Vec<Arc<K>>,
        deadline: Instant,
    },
    Listed {
        resource_version: String,
    },
    Watching {
        resource_version: String,
        stream: WatchStream<K>,
        events: u64,
        /// The server ends the watch by its timeoutSeconds; one still open past this
        /// is lost.
        deadline: Instant,
    },
    Backoff {
        delay: Duration,
        then: Box<State<K>>,
    },
}

impl<K> State<K> {
    fn phase(&self) -> Phase {
        match self {
            State::Empty => Phase::Empty,
            State::Listing { .. } => Phase::Listing,
            State::InitialEvents { .. } => Phase::InitialEvents,
            State::Listed { .. } => Phase::Listed,
            State::Watching { .. } => Phase::Watching,
            State::Backoff { .. } => Phase::Backoff,
        }
    }
}

/// Counters of what a reflector went through.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReflectorStats {
    /// Complete lists (paged or streaming), the first included.
    pub lists: u64,
    pub watches_opened: u64,
    pub errors: u64,
    /// 410 Gone / Expired answers (each forces a relist).
    pub gone: u64,
}

/// Lists and watches one collection of `K` (see the module docs for the states).
pub struct Reflector<K> {
    api: Api<K>,
    options: ReflectorOptions,
    state: State<K>,
    backoff: Backoff,
    streaming: bool,
    resource_version: String,
    stats: ReflectorStats,
}

impl<K> std::fmt::Debug for Reflector<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reflector")
            .field("phase", &self.state.phase())
            .field("resource_version", &self.resource_version)
            .field("streaming", &self.streaming)
            .finish_non_exhaustive()
    }
}

impl<K: Resource + Kind> Reflector<K> {
    pub fn new(api: Api<K>, options: ReflectorOptions) -> Self {
        Reflector {
            api,
            backoff: Backoff::new(options.backoff),
            streaming: options.streaming_list != StreamingList::Never,
            options,
            state: State::Empty,
            resource_version: String::new(),
            stats: ReflectorStats::default(),
        }
    }

    pub fn phase(&self) -> Phase {
        self.state.phase()
    }

    /// The last resourceVersion the reflector is synced to ("" before the first list).
    pub fn resource_version(&self) -> &str {
        &self.resource_version
    }

    /// Whether the next list is a streaming list.
    pub fn uses_streaming_list(&self) -> bool {
        self.streaming
    }

    pub fn stats(&self) -> ReflectorStats {
        self.stats
    }

    /// Forces a relist at the next step (a resync from the server).
    pub fn relist(&mut self) {
        self.state = State::Empty;
    }

    /// One transition; what it observed.
    pub async fn step(&mut self) -> ReflectorEvent<K> {
        let state = std::mem::replace(&mut self.state, State::Empty);
        let (event, next) = match state {
            State::Empty if self.streaming => self.start_streaming().await,
            State::Empty => self.list_page(String::new(), Vec::new()).await,
            State::Listing {
                continue_token,
                items,
            } => self.list_page(continue_token, items).await,
            State::InitialEvents {
                stream,
                items,
                deadline,
            } => self.initial_event(stream, items, deadline).await,
            State::Listed { resource_version } => self.open_watch(resource_version).await,
            State::Watching {
                resource_version,
                stream,
                events,
                deadline,
            } => {
                self.watch_event(resource_version, stream, events, deadline)
                    .await
            }
            State::Backoff { delay, then } => {
                tokio::time::sleep(delay).await;
                (ReflectorEvent::Progress, *then)
            }
        };
        self.state = next;
        event
    }

    fn base_options(&self) -> ListOptions {
        let mut opts = self.options.list_options.clone();
        opts.watch = false;
        opts.resource_version.clear();
        opts.resource_version_match.clear();
        opts.continue_.clear();
        opts.limit = 0;
        opts.send_initial_events = None;
        opts.allow_watch_bookmarks = false;
        opts
    }

    fn watch_timeout(&self) -> i64 {
        match self.options.watch_timeout {
            Some(t) => t.as_secs().max(1) as i64,
            None => 300 + fastrand::i64(0..300),
        }
    }

    fn request_timeout(&self) -> Duration {
        self.options
            .request_timeout
            .unwrap_or(DEFAULT_REQUEST_TIMEOUT)
    }

    /// When a watch opened now with `timeout_seconds` is lost if still open.
    fn watch_deadline(&self, timeout_seconds: i64) -> Instant {
        let secs = u64::try_from(timeout_seconds).unwrap_or(0);
        Instant::now() + Duration::from_secs(secs) + self.request_timeout()
    }

    fn backoff_to(&mut self, then: State<K>) -> State<K> {
        State::Backoff {
            delay: self.backoff.delay(),
            then: Box::new(then),
        }
    }

    fn fail(&mut self, e: Error, then: State<K>) -> (ReflectorEvent<K>, State<K>) {
        self.stats.errors += 1;
        if e.is_gone() || e.is_expired() {
            self.stats.gone += 1;
        }
        (ReflectorEvent::Error(e), self.backoff_to(then))
    }

    /// A server that does not do streaming lists says so with a 4xx on the request.
    fn rejects_streaming(&self, e: &Error) -> bool {
        self.options.streaming_list == StreamingList::Auto
            && e.code()
                .is_some_and(|c| (400..500).contains(&c) && c != 410 && c != 429)
    }

    async fn list_page(
        &mut self,
        continue_token: String,
        mut items: Vec<Arc<K>>,
    ) -> (ReflectorEvent<K>, State<K>) {
        let mut opts = self.base_options();
        if let Some(limit) = self.options.page_size.filter(|l| *l > 0) {
            opts.limit = limit;
        }
        opts.continue_ = continue_token;
        match within(self.request_timeout(), self.api.list(&opts)).await {
            Ok(page) => {
                items.extend(page.items.into_iter().map(Arc::new));
                if page.metadata.continue_.is_empty() {
                    self.backoff.reset();
                    self.stats.lists += 1;
                    let rv = page.metadata.resource_version;
                    self.resource_version = rv.clone();
                    let next = State::Listed {
                        resource_version: rv.clone(),
                    };
                    let event = ReflectorEvent::Replace {
                        items,
                        resource_version: rv,
                    };
                    (event, next)
                } else {
                    let next = State::Listing {
                        continue_token: page.metadata.continue_,
                        items,
                    };
                    (ReflectorEvent::Progress, next)
                }
            }
            // An expired continue token, or any failure: list again from the start.
            Err(e) => self.fail(e, State::Empty),
        }
    }

    async fn start_streaming(&mut self) -> (ReflectorEvent<K>, State<K>) {
        let mut opts = self.base_options();
        opts.send_initial_events = Some(true);
        opts.resource_version_match = "NotOlderThan".into();
        opts.allow_watch_bookmarks = true;
        let timeout_seconds = self.watch_timeout();
        opts.timeout_seconds = Some(timeout_seconds);
        match within(self.request_timeout(), self.api.watch(&opts)).await {
            Ok(stream) => {
                self.stats.watches_opened += 1;
                let next = State::InitialEvents {
                    stream,
                    items: Vec::new(),
                    deadline: self.watch_deadline(timeout_seconds),
                };
                (ReflectorEvent::Progress, next)
            }
            Err(e) if self.rejects_streaming(&e) => {
                self.streaming = false;
                (ReflectorEvent::Progress, State::Empty)
            }
            Err(e) => self.fail(e, State::Empty),
        }
    }

    async fn initial_event(
        &mut self,
        mut stream: WatchStream<K>,
        mut items: Vec<Arc<K>>,
        deadline: Instant,
    ) -> (ReflectorEvent<K>, State<K>) {
        let Ok(item) = tokio::time::timeout_at(deadline, stream.next()).await else {
            return self.fail(Error::Timeout, State::Empty);
        };
        match item {
            // Initial events are ADDED, one per object.
            Some(Ok(TypedWatchEvent::Added(obj))) => {
                items.push(Arc::new(obj));
                (
                    ReflectorEvent::Progress,
                    State::InitialEvents {
                        stream,
                        items,
                        deadline,
                    },
                )
            }
            Some(Ok(TypedWatchEvent::Modified(obj))) => {
                upsert(&mut items, obj);
                (
                    ReflectorEvent::Progress,
                    State::InitialEvents {
                        stream,
                        items,
                        deadline,
                    },
                )
            }
            Some(Ok(TypedWatchEvent::Deleted(obj))) => {
                let m = obj.metadata();
                items.retain(|o| {
                    let n = o.metadata();
                    n.name != m.name || n.namespace != m.namespace
                });
                (
                    ReflectorEvent::Progress,
                    State::InitialEvents {
                        stream,
                        items,
                        deadline,
                    },
                )
            }
            Some(Ok(TypedWatchEvent::Bookmark(Bookmark {
                resource_version,
                annotations,
            }))) => {
                let end = annotations
                    .get(INITIAL_EVENTS_END)
                    .is_some_and(|v| v == "true");
                if !end {
                    return (
                        ReflectorEvent::Progress,
                        State::InitialEvents {
                            stream,
                            items,
                            deadline,
                        },
                    );
                }
                self.backoff.reset();
                self.stats.lists += 1;
                self.resource_version = resource_version.clone();
                let next = State::Watching {
                    resource_version: resource_version.clone(),
                    stream,
                    events: 1,
                    deadline,
                };
                let event = ReflectorEvent::Replace {
                    items,
                    resource_version,
                };
                (event, next)
            }
            Some(Err(e)) if self.rejects_streaming(&e) => {
                self.streaming = false;
                (ReflectorEvent::Error(e), State::Empty)
            }
            Some(Err(e)) => self.fail(e, State::Empty),
            // Closed before the initial events ended: start over.
            None => (ReflectorEvent::Progress, self.backoff_to(State::Empty)),
        }
    }

    async fn open_watch(&mut self, resource_version: String) -> (ReflectorEvent<K>, State<K>) {
        let mut opts = self.base_options();
        opts.resource_version = resource_version.clone();
        opts.allow_watch_bookmarks = true;
        let timeout_seconds = self.watch_timeout();
        opts.timeout_seconds = Some(timeout_seconds);
        match within(self.request_timeout(), self.api.watch(&opts)).await {
            Ok(stream) => {
                self.stats.watches_opened += 1;
                let next = State::Watching {
                    resource_version,
                    stream,
                    events: 0,
                    deadline: self.watch_deadline(timeout_seconds),
                };
                (ReflectorEvent::Progress, next)
            }
            Err(e) if e.is_gone() || e.is_expired() => self.fail(e, State::Empty),
            // Retry the watch from the same resourceVersion; a 410 then relists.
            Err(e) => self.fail(e, State::Listed { resource_version }),
        }
    }

    async fn watch_event(
        &mut self,
        resource_version: String,
        mut stream: WatchStream<K>,
        events: u64,
        deadline: Instant,
    ) -> (ReflectorEvent<K>, State<K>) {
        // A watch the server did not end by its timeout is lost: watch again from where
        // we are.
        let Ok(item) = tokio::time::timeout_at(deadline, stream.next()).await else {
            return self.fail(Error::Timeout, State::Listed { resource_version });
        };
        let (event, rv) = match item {
            Some(Ok(TypedWatchEvent::Added(obj))) => {
                let rv = obj.metadata().resource_version.clone();
                (ReflectorEvent::Added(obj), rv)
            }
            Some(Ok(TypedWatchEvent::Modified(obj))) => {
                let rv = obj.metadata().resource_version.clone();
                (ReflectorEvent::Modified(obj), rv)
            }
            Some(Ok(TypedWatchEvent::Deleted(obj))) => {
                let rv = obj.metadata().resource_version.clone();
                (ReflectorEvent::Deleted(obj), rv)
            }
            Some(Ok(TypedWatchEvent::Bookmark(b))) => {
                let rv = b.resource_version;
                let event = ReflectorEvent::Bookmark {
                    resource_version: rv.clone(),
                };
                (event, rv)
            }
            // 410: the resourceVersion is compacted away; relist at once.
            Some(Err(e)) if e.is_gone() || e.is_expired() => {
                self.stats.errors += 1;
                self.stats.gone += 1;
                return (ReflectorEvent::Error(e), State::Empty);
            }
            // A watch gone silent, or cut inside an event: what came before was whole, so
            // watch again from there (a 410 then relists).
            Some(Err(e)) if e.is_client_timeout() || matches!(e, Error::Transport(_)) => {
                return self.fail(e, State::Listed { resource_version })
            }
            Some(Err(e)) => return self.fail(e, State::Empty),
            // A clean close (timeout, dropped connection): watch again from where we are,
            // after a backoff when the watch delivered nothing (a server closing at once).
            None if events == 0 => {
                let next = self.backoff_to(State::Listed { resource_version });
                return (ReflectorEvent::Progress, next);
            }
            None => return (ReflectorEvent::Progress, State::Listed { resource_version }),
        };
        self.backoff.reset();
        let rv = if rv.is_empty() { resource_version } else { rv };
        self.resource_version = rv.clone();
        let next = State::Watching {
            resource_version: rv,
            stream,
            events: events + 1,
            deadline,
        };
        (event, next)
    }
}

/// A list page or the opening of a watch, given up after `limit`.
async fn within<T>(
    limit: Duration,
    request: impl std::future::Future<Output = Result<T, Error>>,
) -> Result<T, Error> {
    tokio::time::timeout(limit, request)
        .await
        .unwrap_or(Err(Error::Timeout))
}

fn upsert<K: Resource>(items: &mut Vec<Arc<K>>, obj: K) {
    let m = obj.metadata();
    if let Some(slot) = items.iter_mut().rev().find(|o| {
        let n = o.metadata();
        n.name == m.name && n.namespace == m.namespace
    }) {
        *slot = Arc::new(obj);
    } else {
        items.push(Arc::new(obj));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_with_jitter_up_to_the_bound_and_resets() {
        let config = BackoffConfig {
            initial: Duration::from_millis(100),
            max: Duration::from_secs(1),
            jitter: 0.5,
        };
        let mut b = Backoff::new(config);
        let mut base = config.initial;
        for _ in 0..20 {
            let d = b.delay();
            assert!(
                d >= base.mul_f64(0.5) && d <= config.max,
                "{d:?} for {base:?}"
            );
            assert!(d <= base.mul_f64(1.5));
            base = (base * 2).min(config.max);
        }
        b.reset();
        assert!(b.delay() <= Duration::from_millis(150));
        // No jitter: exact doubling.
        let mut exact = Backoff::new(BackoffConfig {
            jitter: 0.0,
            ..config
        });
        let delays: Vec<u128> = (0..6).map(|_| exact.delay().as_millis()).collect();
        assert_eq!(delays, [100, 200, 400, 800, 1000, 1000]);
    }
}
