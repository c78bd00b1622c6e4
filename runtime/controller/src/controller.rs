//! A controller: the objects of one kind, the events that concern them (their own, their
//! children's through controller owner references, any kind's through a mapping), one work
//! queue of their keys, and N workers calling `reconcile` with the cached object, as
//! controller-runtime's `Builder` (`For`, `Owns`, `Watches`) and kube-rs' `Controller`
//! wire them.
//!
//! Informers come from a [`SharedInformerFactory`]: controllers of one process built on one
//! factory share one watch per kind.

use super::metrics::{ControllerMetrics, Metrics, Outcome};
use super::owner::controller_key;
use super::predicate::Predicate;
use super::queue::{AddOptions, RateLimiter, WorkQueue, LOW_PRIORITY};
use super::reconcile_error::is_terminal;
use futures_util::FutureExt;
use kapi_core::scheme::Kind;
use kapi_core::Resource;
use kapi_runtime::cache::{
    key_of, DeletedObject, EventHandlerFns, SharedInformer, SharedInformerFactory,
};
use std::fmt::Display;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tracing::Instrument;

/// What to do with an object after a successful reconcile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Action {
    requeue_after: Option<Duration>,
}

impl Action {
    /// Nothing until the object or one of its children changes.
    pub fn await_change() -> Self {
        Action {
            requeue_after: None,
        }
    }

    /// Reconcile again after `after` (and sooner if something changes).
    pub fn requeue(after: Duration) -> Self {
        Action {
            requeue_after: Some(after),
        }
    }

    pub fn requeue_after(&self) -> Option<Duration> {
        self.requeue_after
    }
}

type SyncFuture = Pin<Box<dyn Future<Output = ()> + Send>>;
/// A source of keys, wired to the queue when the controller runs: it returns what waits
/// for its informer's sync and what removes its handler.
type Source = Box<dyn FnOnce(&WorkQueue<String>) -> (SyncFuture, Box<dyn FnOnce() + Send>) + Send>;

/// A controller of kind `K`, built then [`run`](Controller::run).
pub struct Controller<K: Resource + Kind> {
    name: String,
    factory: SharedInformerFactory,
    informer: SharedInformer<K>,
    sources: Vec<Source>,
    predicates: Vec<Predicate<K>>,
    workers: usize,
    metrics: Option<Arc<Metrics>>,
    limiter: Option<RateLimiter<String>>,
}

impl<K: Resource + Kind> Controller<K> {
    /// A controller of `K` on `factory`'s informers, named after its kind in lowercase (as
    /// controller-runtime names one), with one worker.
    pub fn new(factory: &SharedInformerFactory) -> Self {
        Controller {
            name: K::KIND.to_ascii_lowercase(),
            factory: factory.clone(),
            informer: factory.informer_for::<K>(),
            sources: Vec::new(),
            predicates: Vec::new(),
            workers: 1,
            metrics: None,
            limiter: None,
        }
    }

    /// The controller's name in metrics and logs.
    pub fn named(mut self, name: &str) -> Self {
        self.name = name.to_string();
        self
    }

    /// `n` reconciles at once (never two of one object).
    pub fn concurrency(mut self, n: usize) -> Self {
        self.workers = n.max(1);
        self
    }

    /// Only updates of `K` that pass `predicate` are reconciled (creates and deletes
    /// always are); with several, all must pass.
    pub fn with_predicate(mut self, predicate: Predicate<K>) -> Self {
        self.predicates.push(predicate);
        self
    }

    /// Reports controller-runtime's metrics to `metrics`.
    pub fn metrics(mut self, metrics: &Arc<Metrics>) -> Self {
        self.metrics = Some(metrics.clone());
        self
    }

    /// Retries failed reconciles with `limiter` instead of client-go's default.
    pub fn rate_limiter(mut self, limiter: RateLimiter<String>) -> Self {
        self.limiter = Some(limiter);
        self
    }

    /// Reconciles the `K` that controls a changed `C` (its controller owner reference).
    pub fn owns<C: Resource + Kind>(self) -> Self {
        self.watches::<C>(|child| controller_key::<K, C>(child).into_iter().collect())
    }

    /// Reconciles the `K`s `map` names (`namespace/name` keys) for each change of a `W`.
    pub fn watches<W: Resource + Kind>(
        mut self,
        map: impl Fn(&W) -> Vec<String> + Send + Sync + 'static,
    ) -> Self {
        let informer = self.factory.informer_for::<W>();
        self.sources
            .push(Box::new(move |queue: &WorkQueue<String>| {
                let map = Arc::new(map);
                let (on_add, on_update, on_delete) = (queue.clone(), queue.clone(), queue.clone());
                let (map_add, map_update, map_delete) = (map.clone(), map.clone(), map);
                let registration = informer.add_event_handler(
                    EventHandlerFns::new()
                        .on_add(move |obj: &Arc<W>, initial: bool| {
                            for key in map_add(obj) {
                                on_add.add_with(key, initial_priority(initial));
                            }
                        })
                        .on_update(move |old: &Arc<W>, new: &Arc<W>| {
                            // The old object's owners too: a child moved to another owner
                            // concerns both.
                            let mut keys = map_update(old);
                            keys.extend(map_update(new));
                            keys.sort();
                            keys.dedup();
                            for key in keys {
                                on_update.add(key);
                            }
                        })
                        .on_delete(move |obj: DeletedObject<W>| {
                            for key in map_delete(obj.object()) {
                                on_delete.add(key);
                            }
                        }),
                );
                let synced = informer.clone();
                let sync: SyncFuture = Box::pin(async move { synced.wait_for_sync().await });
                let remove = Box::new(move || informer.remove_event_handler(&registration));
                (sync, remove as Box<dyn FnOnce() + Send>)
            }));
        self
    }

    /// The controller's own kind: every add and delete, the updates its predicates pass.
    fn own_source(&self, queue: &WorkQueue<String>) -> (SyncFuture, Box<dyn FnOnce() + Send>) {
        let predicates = self.predicates.clone();
        let (on_add, on_update, on_delete) = (queue.clone(), queue.clone(), queue.clone());
        let registration = self.informer.add_event_handler(
            EventHandlerFns::new()
                .on_add(move |obj: &Arc<K>, initial: bool| {
                    on_add.add_with(key_of(obj.as_ref()), initial_priority(initial));
                })
                .on_update(move |old: &Arc<K>, new: &Arc<K>| {
                    if predicates.iter().all(|p| p.passes_update(old, new)) {
                        on_update.add(key_of(new.as_ref()));
                    }
                })
                .on_delete(move |obj: DeletedObject<K>| {
                    on_delete.add(key_of(obj.object().as_ref()));
                }),
        );
        let synced = self.informer.clone();
        let sync: SyncFuture = Box::pin(async move { synced.wait_for_sync().await });
        let informer = self.informer.clone();
        let remove = Box::new(move || informer.remove_event_handler(&registration));
        (sync, remove)
    }

    /// Runs until `shutdown` completes: starts the factory's informers, waits for this
    /// controller's caches, then reconciles each queued key whose object is cached (a key
    /// whose object is gone is dropped: deletions that need work are finalizers' job).
    /// A reconcile that fails or panics is retried after the queue's backoff; one that
    /// succeeds resets it. An error that is a [`ReconcileError::terminal`] is logged and
    /// counted but not retried (nor its backoff reset), as controller-runtime treats a
    /// `TerminalError`: the object is reconciled again when it or what maps to it changes.
    /// The worker tells it by the error's type (`E` is [`ReconcileError`]), so an error of
    /// any other type is never terminal. On shutdown the waiting keys are dropped and the
    /// running reconciles finish.
    ///
    /// [`ReconcileError::terminal`]: crate::ReconcileError::terminal
    /// [`ReconcileError`]: crate::ReconcileError
    pub async fn run<Ctx, E, F, Fut>(
        mut self,
        reconcile: F,
        context: Arc<Ctx>,
        shutdown: impl Future<Output = ()> + Send,
    ) where
        Ctx: Send + Sync + 'static,
        E: Display + Send + 'static,
        F: Fn(Arc<K>, Arc<Ctx>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Action, E>> + Send + 'static,
    {
        let metrics = self.metrics.as_ref().map(|m| m.controller(&self.name));
        let limiter = self
            .limiter
            .take()
            .unwrap_or_else(RateLimiter::controller_default);
        let queue = match &metrics {
            Some(m) => WorkQueue::observed(limiter, Arc::new(m.clone())),
            None => WorkQueue::with_rate_limiter(limiter),
        };
        let mut syncs = Vec::new();
        let mut removals = Vec::new();
        let (sync, remove) = self.own_source(&queue);
        syncs.push(sync);
        removals.push(remove);
        for source in self.sources {
            let (sync, remove) = source(&queue);
            syncs.push(sync);
            removals.push(remove);
        }
        self.factory.start();
        let worker = Worker {
            name: Arc::from(self.name.as_str()),
            queue: queue.clone(),
            informer: self.informer.clone(),
            reconcile: Arc::new(reconcile),
            context,
            metrics: metrics.clone(),
        };
        let run = async {
            futures_util::future::join_all(syncs).await;
            if let Some(m) = &metrics {
                m.workers(self.workers);
            }
            let workers: Vec<_> = (0..self.workers)
                .map(|_| tokio::spawn(worker.clone().run()))
                .collect();
            futures_util::future::join_all(workers).await;
        };
        let gauges = in_progress_gauges(queue.clone(), metrics.clone());
        tokio::select! {
            _ = shutdown => {}
            _ = run => {}
            _ = gauges => {}
        }
        queue.abandon();
        // The workers see the abandoned queue once their reconcile ends.
        while queue.size().1 > 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        for remove in removals {
            remove();
        }
    }
}

/// Initial-list events wait behind live ones (controller-runtime's priority queue).
fn initial_priority(initial: bool) -> AddOptions {
    AddOptions {
        priority: if initial { LOW_PRIORITY } else { 0 },
        ..AddOptions::default()
    }
}

/// controller-runtime refreshes the queue's in-progress gauges every 500 ms.
async fn in_progress_gauges(queue: WorkQueue<String>, metrics: Option<ControllerMetrics>) {
    let Some(metrics) = metrics else {
        return std::future::pending().await;
    };
    let mut tick = tokio::time::interval(Duration::from_millis(500));
    loop {
        tick.tick().await;
        let (longest, unfinished) = queue.in_progress();
        metrics.in_progress(longest, unfinished);
    }
}

type Reconcile<K, Ctx, Fut> = Arc<dyn Fn(Arc<K>, Arc<Ctx>) -> Fut + Send + Sync>;

struct Worker<K, Ctx, Fut> {
    name: Arc<str>,
    queue: WorkQueue<String>,
    informer: SharedInformer<K>,
    reconcile: Reconcile<K, Ctx, Fut>,
    context: Arc<Ctx>,
    metrics: Option<ControllerMetrics>,
}

impl<K, Ctx, Fut> Clone for Worker<K, Ctx, Fut> {
    fn clone(&self) -> Self {
        Worker {
            name: self.name.clone(),
            queue: self.queue.clone(),
            informer: self.informer.clone(),
            reconcile: self.reconcile.clone(),
            context: self.context.clone(),
            metrics: self.metrics.clone(),
        }
    }
}

impl<K, Ctx, E, Fut> Worker<K, Ctx, Fut>
where
    K: Resource + Kind,
    Ctx: Send + Sync + 'static,
    E: Display + Send + 'static,
    Fut: Future<Output = Result<Action, E>> + Send + 'static,
{
    async fn run(self) {
        let store = self.informer.store();
        while let Some(key) = self.queue.get().await {
            let Some(object) = store.get_by_key(&key) else {
                self.queue.forget(&key);
                self.queue.done(&key);
                continue;
            };
            self.reconcile_one(&key, object).await;
            self.queue.done(&key);
        }
    }

    async fn reconcile_one(&self, key: &str, object: Arc<K>) {
        if let Some(m) = &self.metrics {
            m.active(true);
        }
        let started = Instant::now();
        let span = tracing::info_span!("reconcile", controller = %self.name, object = %key);
        let reconcile = &self.reconcile;
        let context = self.context.clone();
        // A panic in the reconcile (or in making its future) is the object's failure, not
        // the worker's end.
        let outcome =
            match std::panic::catch_unwind(AssertUnwindSafe(|| reconcile(object, context))) {
                Ok(future) => {
                    AssertUnwindSafe(future.instrument(span.clone()))
                        .catch_unwind()
                        .await
                }
                Err(panic) => Err(panic),
            };
        let key = key.to_string();
        let result = match outcome {
            Ok(Ok(action)) => {
                self.queue.forget(&key);
                match action.requeue_after {
                    Some(after) => {
                        self.queue.add_after(key, after);
                        Outcome::RequeueAfter
                    }
                    None => Outcome::Success,
                }
            }
            // controller-runtime neither adds a terminal error's key back nor forgets its
            // backoff: a later failure after a change still backs off from where it was.
            Ok(Err(error)) if is_terminal(&error) => {
                tracing::warn!(parent: &span, %error, "reconcile failed; not retried until a change");
                Outcome::TerminalError
            }
            Ok(Err(error)) => {
                tracing::warn!(parent: &span, %error, "reconcile failed; retrying after backoff");
                self.queue.add_rate_limited(key);
                Outcome::Error
            }
            Err(panic) => {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                tracing::error!(parent: &span, panic = %message, "reconcile panicked; retrying after backoff");
                self.queue.add_rate_limited(key);
                Outcome::Panic
            }
        };
        if let Some(m) = &self.metrics {
            m.reconciled(result, started.elapsed());
            m.active(false);
        }
    }
}
