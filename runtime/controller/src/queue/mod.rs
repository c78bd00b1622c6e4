//! The work queue of a controller, with client-go's guarantees (`util/workqueue`) and
//! controller-runtime's priorities (`pkg/controller/priorityqueue`):
//!
//! - a key waits at most once: adding a waiting key again only raises its priority or
//!   brings its time forward;
//! - a key is handed to one worker at a time: added while a worker has it, it waits until
//!   that worker is [`done`](WorkQueue::done), then is handed out again;
//! - keys are handed out highest priority first, first added first within a priority
//!   (controller-runtime's initial-list events come at [`LOW_PRIORITY`]);
//! - [`add_after`](WorkQueue::add_after) delays a key; [`add_rate_limited`](WorkQueue::add_rate_limited)
//!   delays it by its [`RateLimiter`] backoff until [`forget`](WorkQueue::forget);
//! - memory is bounded by the keys, not by the events: a million events on one key are
//!   one entry.
//!
//! Shutting down refuses new keys; [`shut_down`](WorkQueue::shut_down) still hands out
//! what is ready (client-go's `ShutDown`), [`shut_down_with_drain`](WorkQueue::shut_down_with_drain)
//! also waits until every key is done, and [`abandon`](WorkQueue::abandon) drops what
//! waits.

mod rate_limit;

pub use rate_limit::RateLimiter;

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

/// controller-runtime's `handler.LowPriority`: what an informer's initial list adds, so
/// live changes go first after a restart.
pub const LOW_PRIORITY: i32 = -100;

/// How a key is added.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AddOptions {
    /// Higher first; 0 by default.
    pub priority: i32,
    /// Not before this long from now.
    pub after: Duration,
    /// Also not before the key's rate-limiter backoff (which counts a failure).
    pub rate_limited: bool,
}

/// What the queue reports as it works, for metrics.
pub trait QueueObserver: Send + Sync {
    /// A key was added (each call to an add method, as client-go's `adds` counts).
    fn added(&self);
    /// The keys ready at `priority` went up or down by one.
    fn depth(&self, priority: i32, up: bool);
    /// A key was handed out after waiting this long since it was added.
    fn waited(&self, waited: Duration);
    /// A worker was done with a key it had this long.
    fn worked(&self, worked: Duration);
    /// A key was added with a delay (a backoff, a requeue after, an `add_after`), as
    /// controller-runtime's `retries_total` counts.
    fn retried(&self);
}

/// Where a waiting key is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Ready,
    Delayed(Instant),
    /// Ready, but a worker has it: handed out again once that worker is done.
    Parked,
}

#[derive(Debug)]
struct Waiting {
    priority: i32,
    /// Order of first addition: first added, first handed out within a priority.
    seq: u64,
    added: Instant,
    slot: Slot,
}

struct State<K> {
    waiting: HashMap<K, Waiting>,
    ready: BTreeMap<(Reverse<i32>, u64), K>,
    delayed: BTreeMap<(Instant, u64), K>,
    processing: HashMap<K, Instant>,
    limiter: RateLimiter<K>,
    next_seq: u64,
    shutting_down: bool,
    observer: Option<Arc<dyn QueueObserver>>,
}

impl<K: Eq + Hash + Clone> State<K> {
    fn observe(&self, f: impl FnOnce(&dyn QueueObserver)) {
        if let Some(observer) = &self.observer {
            f(observer.as_ref());
        }
    }

    fn unindex(&mut self, waiting: &Waiting) {
        match waiting.slot {
            Slot::Ready => {
                self.ready.remove(&(Reverse(waiting.priority), waiting.seq));
                self.observe(|o| o.depth(waiting.priority, false));
            }
            Slot::Delayed(at) => {
                self.delayed.remove(&(at, waiting.seq));
            }
            Slot::Parked => {}
        }
    }

    /// The slot of a key due at `at` (`None`: now).
    fn slot_for(&self, key: &K, at: Option<Instant>, now: Instant) -> Slot {
        match at {
            Some(at) if at > now => Slot::Delayed(at),
            _ if self.processing.contains_key(key) => Slot::Parked,
            _ => Slot::Ready,
        }
    }

    fn index(&mut self, key: K, waiting: Waiting) {
        match waiting.slot {
            Slot::Ready => {
                self.ready
                    .insert((Reverse(waiting.priority), waiting.seq), key.clone());
                self.observe(|o| o.depth(waiting.priority, true));
            }
            Slot::Delayed(at) => {
                self.delayed.insert((at, waiting.seq), key.clone());
            }
            Slot::Parked => {}
        }
        self.waiting.insert(key, waiting);
    }

    /// Delayed keys whose time has come become ready (or parked).
    fn promote(&mut self, now: Instant) {
        while let Some(entry) = self.delayed.first_entry() {
            if entry.key().0 > now {
                break;
            }
            let key = entry.remove();
            let Some(mut waiting) = self.waiting.remove(&key) else {
                continue;
            };
            waiting.slot = self.slot_for(&key, None, now);
            self.index(key, waiting);
        }
    }
}

struct Inner<K> {
    state: Mutex<State<K>>,
    changed: Notify,
}

/// A controller's queue of keys (`namespace/name`, or any key type). Cloning shares it.
pub struct WorkQueue<K> {
    inner: Arc<Inner<K>>,
}

impl<K> Clone for WorkQueue<K> {
    fn clone(&self) -> Self {
        WorkQueue {
            inner: self.inner.clone(),
        }
    }
}

impl<K: Eq + Hash + Clone + Send + 'static> Default for WorkQueue<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Eq + Hash + Clone + Send + 'static> WorkQueue<K> {
    /// A queue with client-go's controller rate limiter.
    pub fn new() -> Self {
        Self::with_rate_limiter(RateLimiter::controller_default())
    }

    pub fn with_rate_limiter(limiter: RateLimiter<K>) -> Self {
        Self::build(limiter, None)
    }

    /// A queue reporting to `observer` (see [`crate::metrics`]).
    pub fn observed(limiter: RateLimiter<K>, observer: Arc<dyn QueueObserver>) -> Self {
        Self::build(limiter, Some(observer))
    }

    fn build(limiter: RateLimiter<K>, observer: Option<Arc<dyn QueueObserver>>) -> Self {
        WorkQueue {
            inner: Arc::new(Inner {
                state: Mutex::new(State {
                    waiting: HashMap::new(),
                    ready: BTreeMap::new(),
                    delayed: BTreeMap::new(),
                    processing: HashMap::new(),
                    limiter,
                    next_seq: 0,
                    shutting_down: false,
                    observer,
                }),
                changed: Notify::new(),
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<K>> {
        // A poisoned lock means a panic between two consistent states of the maps: every
        // method leaves them consistent before anything can panic.
        self.inner.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds `key` now, at priority 0.
    pub fn add(&self, key: K) {
        self.add_with(key, AddOptions::default());
    }

    /// Adds `key` once `after` has passed.
    pub fn add_after(&self, key: K, after: Duration) {
        self.add_with(
            key,
            AddOptions {
                after,
                ..AddOptions::default()
            },
        );
    }

    /// Adds `key` after its backoff: a failure counted until [`forget`](Self::forget).
    pub fn add_rate_limited(&self, key: K) {
        self.add_with(
            key,
            AddOptions {
                rate_limited: true,
                ..AddOptions::default()
            },
        );
    }

    /// Adds `key` as `options` say. A key already waiting keeps one entry, with the higher
    /// priority and the earlier time of the two.
    pub fn add_with(&self, key: K, options: AddOptions) {
        let mut state = self.lock();
        if state.shutting_down {
            return;
        }
        let mut delay = options.after;
        if options.rate_limited {
            delay = delay.max(state.limiter.when(&key));
        }
        state.observe(|o| {
            o.added();
            if !delay.is_zero() {
                o.retried();
            }
        });
        let now = Instant::now();
        let at = (!delay.is_zero()).then(|| now + delay);
        match state.waiting.remove(&key) {
            Some(mut waiting) => {
                state.unindex(&waiting);
                waiting.priority = waiting.priority.max(options.priority);
                let earlier = match (waiting.slot, at) {
                    (Slot::Delayed(old), Some(new)) => Some(old.min(new)),
                    _ => None,
                };
                waiting.slot = state.slot_for(&key, earlier, now);
                state.index(key, waiting);
            }
            None => {
                let seq = state.next_seq;
                state.next_seq += 1;
                let slot = state.slot_for(&key, at, now);
                let waiting = Waiting {
                    priority: options.priority,
                    seq,
                    added: now,
                    slot,
                };
                state.index(key, waiting);
            }
        }
        drop(state);
        self.inner.changed.notify_waiters();
    }

    /// The next key to work on, waiting for one; `None` once the queue is shut down and
    /// nothing ready is left. The caller must call [`done`](Self::done) with it.
    pub async fn get(&self) -> Option<K> {
        self.get_with_priority().await.map(|(key, _)| key)
    }

    /// [`get`](Self::get), with the priority the key was handed out at.
    pub async fn get_with_priority(&self) -> Option<(K, i32)> {
        loop {
            let changed = self.inner.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            let next_due = {
                let mut state = self.lock();
                let now = Instant::now();
                state.promote(now);
                if let Some(((Reverse(priority), _), key)) = state.ready.pop_first() {
                    let waited = state
                        .waiting
                        .remove(&key)
                        .map_or(Duration::ZERO, |w| now.saturating_duration_since(w.added));
                    state.processing.insert(key.clone(), now);
                    state.observe(|o| {
                        o.waited(waited);
                        o.depth(priority, false);
                    });
                    return Some((key, priority));
                }
                if state.shutting_down && state.waiting.values().all(|w| w.slot != Slot::Parked) {
                    return None;
                }
                state.delayed.first_key_value().map(|((at, _), _)| *at)
            };
            match next_due {
                Some(at) => {
                    tokio::select! {
                        _ = changed => {}
                        _ = tokio::time::sleep_until(at) => {}
                    }
                }
                None => changed.await,
            }
        }
    }

    /// A worker is finished with `key`: if it was added meanwhile, it is handed out again.
    pub fn done(&self, key: &K) {
        let mut state = self.lock();
        let Some(started) = state.processing.remove(key) else {
            return;
        };
        let worked = Instant::now().saturating_duration_since(started);
        if let Some(mut waiting) = state.waiting.remove(key) {
            if waiting.slot == Slot::Parked {
                waiting.slot = Slot::Ready;
            }
            state.index(key.clone(), waiting);
        }
        state.observe(|o| o.worked(worked));
        drop(state);
        self.inner.changed.notify_waiters();
    }

    /// `key` succeeded: its backoff starts over.
    pub fn forget(&self, key: &K) {
        self.lock().limiter.forget(key);
    }

    /// How many times `key` was added rate-limited since it was last forgotten.
    pub fn num_requeues(&self, key: &K) -> u32 {
        self.lock().limiter.num_requeues(key)
    }

    /// Keys ready to be handed out (client-go's `Len`).
    pub fn len(&self) -> usize {
        let mut state = self.lock();
        state.promote(Instant::now());
        state.ready.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keys waiting (ready, delayed or behind a worker) and being worked on.
    pub fn size(&self) -> (usize, usize) {
        let state = self.lock();
        (state.waiting.len(), state.processing.len())
    }

    /// How long the longest-running worker has had its key, and the sum over all workers
    /// (controller-runtime's `longest_running_processor` and `unfinished_work` seconds).
    pub fn in_progress(&self) -> (Duration, Duration) {
        let state = self.lock();
        let now = Instant::now();
        state
            .processing
            .values()
            .map(|started| now.saturating_duration_since(*started))
            .fold((Duration::ZERO, Duration::ZERO), |(longest, sum), d| {
                (longest.max(d), sum + d)
            })
    }

    /// Refuses new keys; what is ready is still handed out, delayed keys are dropped
    /// (client-go's `ShutDown`).
    pub fn shut_down(&self) {
        let mut state = self.lock();
        state.shutting_down = true;
        let delayed = std::mem::take(&mut state.delayed);
        for key in delayed.into_values() {
            state.waiting.remove(&key);
        }
        drop(state);
        self.inner.changed.notify_waiters();
    }

    /// Shuts down and drops every waiting key: workers finish the keys they have, and
    /// [`get`](Self::get) returns `None`.
    pub fn abandon(&self) {
        let mut state = self.lock();
        state.shutting_down = true;
        for (_, waiting) in std::mem::take(&mut state.waiting) {
            state.unindex(&waiting);
        }
        drop(state);
        self.inner.changed.notify_waiters();
    }

    /// Shuts down, then waits until every ready key has been handed out and every worker
    /// is done (client-go's `ShutDownWithDrain`).
    pub async fn shut_down_with_drain(&self) {
        self.shut_down();
        loop {
            let changed = self.inner.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            {
                let state = self.lock();
                if state.waiting.is_empty() && state.processing.is_empty() {
                    return;
                }
            }
            changed.await;
        }
    }

    pub fn is_shutting_down(&self) -> bool {
        self.lock().shutting_down
    }
}

#[cfg(test)]
mod tests;
